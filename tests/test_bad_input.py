"""Bad input: a diagnostic with its code and line, exit 1, no traceback, no output file."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from urdfsdf.cli import main

CASES = {
    # name: (format, text, code, line)
    "not_xml": ("urdf", "this is not XML\n", "PARSING_ERROR", 1),
    "truncated": ("urdf", '<robot name="r">\n  <link name="a">\n', "PARSING_ERROR", 3),
    "empty": ("urdf", "", "PARSING_ERROR", 1),
    "wrong_root_urdf": ("urdf", '<?xml version="1.0"?>\n<sdf version="1.7"/>\n',
                        "ELEMENT_INVALID", 2),
    "wrong_root_sdf": ("sdf", '<?xml version="1.0"?>\n<robot name="r"/>\n',
                       "ELEMENT_INVALID", 2),
    "link_without_name": ("urdf", '<robot name="r">\n  <link name="a"/>\n  <link/>\n</robot>\n',
                          "ATTRIBUTE_MISSING", 3),
    "joint_parent_missing": ("urdf", '<robot name="r">\n  <link name="a"/>\n'
                             '  <joint name="j" type="fixed">\n    <parent link="nope"/>\n'
                             '    <child link="a"/>\n  </joint>\n</robot>\n',
                             "JOINT_PARENT_LINK_INVALID", 3),
    "bad_number": ("urdf", '<robot name="r">\n  <link name="a"/>\n  <link name="b"/>\n'
                   '  <joint name="j" type="fixed">\n    <origin xyz="1 2"/>\n'
                   '    <parent link="a"/>\n    <child link="b"/>\n  </joint>\n</robot>\n',
                   "ATTRIBUTE_INVALID", 5),
    "sdf_no_version": ("sdf", '<sdf>\n  <model name="m"><link name="l"/></model>\n</sdf>\n',
                       "ATTRIBUTE_MISSING", 1),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_bad_input(name: str, tmp_path: Path) -> None:
    fmt, text, code, line = CASES[name]
    src = tmp_path / f"in.{fmt}"
    src.write_text(text)
    before = src.read_bytes()
    out_path = tmp_path / "out.xml"
    command = "urdf2sdf" if fmt == "urdf" else "sdf2urdf"
    err = io.StringIO()
    status = main([command, str(src), "-o", str(out_path)], stdout=io.StringIO(), stderr=err)
    assert status == 1
    assert not out_path.exists()
    assert src.read_bytes() == before
    printed = err.getvalue()
    assert "Traceback" not in printed
    assert f"{src}:{line}: error[{code}]" in printed, printed


def test_bad_input_api_carries_code_and_line() -> None:
    import urdfsdf

    with pytest.raises(urdfsdf.TranslationError) as info:
        urdfsdf.urdf_to_sdf(CASES["joint_parent_missing"][1])
    assert ("JOINT_PARENT_LINK_INVALID", 3) in [(d.code, d.line) for d in info.value.diagnostics]


def test_missing_file() -> None:
    err = io.StringIO()
    assert main(["urdf2sdf", "/nonexistent/robot.urdf"], stdout=io.StringIO(), stderr=err) == 1
    assert "error[FILE_READ]" in err.getvalue()


def test_usage_error_exit_2() -> None:
    err = io.StringIO()
    assert main(["urdf2sdf", "--no-such-flag"], stdout=io.StringIO(), stderr=err) == 2
    assert main(["frobnicate"], stdout=io.StringIO(), stderr=io.StringIO()) == 2
