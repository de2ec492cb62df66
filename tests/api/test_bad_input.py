"""Bad input: a diagnostic with its code and line, exit 1, no traceback, no output file."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from urdfsdf.commands.cli import main

CASES = {
    # name: (format, text, code, line)
    "not_xml": ("urdf", "this is not XML\n", "PARSING_ERROR", 1),
    "truncated": ("urdf", '<robot name="r">\n  <link name="a">\n', "PARSING_ERROR", 3),
    "empty": ("urdf", "", "PARSING_ERROR", 1),
    "wrong_root_urdf": ("urdf", '<?xml version="1.0"?>\n<sdf version="1.7"/>\n',
                        "WRONG_FORMAT", 2),
    "wrong_root_sdf": ("sdf", '<?xml version="1.0"?>\n<robot name="r"/>\n',
                       "WRONG_FORMAT", 2),
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


# -- the Python API: every bad argument is a TranslationError with a code ---------

_API_CALLS = ("urdf_to_sdf", "sdf_to_urdf", "read_urdf", "read_sdf", "read_sdf_document")

_GOOD_URDF = '<robot name="r"><link name="a"/></robot>'


def _bad_arguments(tmp_path: Path) -> dict[str, tuple[object, str]]:
    return {
        # lone surrogates: what errors="surrogateescape" makes of undecodable bytes
        "surrogates": (b'<robot name="r\xff"><link name="a"/></robot>'.decode(
            "utf-8", "surrogateescape"), "STRING_READ"),
        "int": (42, "ARGUMENT_INVALID"),
        "none": (None, "ARGUMENT_INVALID"),
        "list": ([_GOOD_URDF], "ARGUMENT_INVALID"),
        "folder": (str(tmp_path), "FILE_READ"),
        "folder_path": (tmp_path, "FILE_READ"),
        "missing_file": (tmp_path / "gone.urdf", "FILE_READ"),
        "nul_in_path": ("robot\x00.urdf", "FILE_READ"),
        "unknown_encoding": (b'<?xml version="1.0" encoding="x-no-such"?>' + _GOOD_URDF.encode(),
                             "PARSING_ERROR"),
        "undeclared_encoding_bytes": (b"\xff\xfe\x00<\x00r", "PARSING_ERROR"),
    }


@pytest.mark.parametrize("call", _API_CALLS)
def test_api_bad_arguments_raise_translation_error(call: str, tmp_path: Path) -> None:
    import urdfsdf

    fn = getattr(urdfsdf, call)
    for name, (argument, code) in _bad_arguments(tmp_path).items():
        with pytest.raises(urdfsdf.TranslationError) as info:
            fn(argument)
        assert info.value.codes[:1] == [code], (name, info.value.codes)


def test_api_file_that_vanishes_while_read(tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    import urdfsdf

    path = tmp_path / "r.urdf"
    path.write_text(_GOOD_URDF)

    def vanish(self: Path) -> bytes:
        path.unlink()
        raise FileNotFoundError(2, "No such file or directory")

    monkeypatch.setattr(Path, "read_bytes", vanish)
    with pytest.raises(urdfsdf.TranslationError) as info:
        urdfsdf.urdf_to_sdf(path)
    assert info.value.codes == ["FILE_READ"]


def test_api_other_entry_points_report_bad_arguments(tmp_path: Path) -> None:
    import urdfsdf
    from urdfsdf.commands.check import check_source
    from urdfsdf.commands.graph import graph_source
    from urdfsdf.commands.poses import poses_source
    from urdfsdf.ros import robot_description

    for argument, code in _bad_arguments(tmp_path).values():
        assert [d.code for d in check_source(argument).diagnostics][:1] == [code]  # type: ignore[arg-type]
        assert [d.code for d in poses_source(argument)[1]][:1] == [code]  # type: ignore[arg-type]
        assert [d.code for d in graph_source(argument)[1]][:1] == [code]  # type: ignore[arg-type]
        with pytest.raises(urdfsdf.TranslationError):
            robot_description(argument)  # type: ignore[arg-type]
    for writer in (urdfsdf.write_sdf, urdfsdf.write_urdf):
        with pytest.raises(urdfsdf.TranslationError) as info:
            writer(_GOOD_URDF)  # type: ignore[arg-type]
        assert info.value.codes == ["ARGUMENT_INVALID"]


# -- folder conversion: --timeout per file ----------------------------------------

def _chain(n: int) -> str:
    links = "".join(f'<link name="l{i}"/>' for i in range(n))
    joints = "".join(f'<joint name="j{i}" type="fixed"><parent link="l{i}"/>'
                     f'<child link="l{i + 1}"/><origin xyz="0 0 1"/></joint>'
                     for i in range(n - 1))
    return f'<robot name="c{n}">{links}{joints}</robot>'


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_batch_timeout_reports_the_file_and_goes_on(tmp_path: Path, jobs: str) -> None:
    """A file over --timeout is stopped and reported; the others are converted."""
    src = tmp_path / "in"
    src.mkdir()
    # 60k links take seconds to convert; the small files take milliseconds
    (src / "big.urdf").write_text(_chain(60_000))
    for i in range(3):
        (src / f"small{i}.urdf").write_text(_chain(3))
    out = tmp_path / "out"
    err = io.StringIO()
    status = main(["urdf2sdf", str(src), "-o", str(out), "--timeout", "1", "-j", jobs],
                  stdout=io.StringIO(), stderr=err)
    text = err.getvalue()
    assert status == 1
    assert "error[CONVERSION_TIMEOUT]" in text and "big.urdf" in text
    assert "converted 3 of 4 files" in text
    assert "Traceback" not in text
    assert sorted(p.parent.name for p in out.rglob("model.sdf")) == ["small0", "small1",
                                                                     "small2"]
    # nothing of the stopped file, not even a temporary file
    assert not (out / "big").exists()
    assert not [p for p in out.rglob("*") if p.name.startswith(".")]


def test_batch_timeout_must_be_a_number(tmp_path: Path) -> None:
    err = io.StringIO()
    assert main(["urdf2sdf", str(tmp_path), "-o", str(tmp_path / "o"), "--timeout", "-1"],
                stdout=io.StringIO(), stderr=err) == 2
    assert main(["urdf2sdf", str(tmp_path), "-o", str(tmp_path / "o"), "--timeout", "x"],
                stdout=io.StringIO(), stderr=err) == 2


def test_batch_worker_crash_is_reported(tmp_path: Path,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """A worker process that dies (not an exception: the process) fails its file only."""
    import os

    from urdfsdf.commands import batch

    src = tmp_path / "in"
    src.mkdir()
    (src / "die.urdf").write_text(_chain(2).replace('name="c2"', 'name="die"'))
    (src / "ok.urdf").write_text(_chain(2))
    real = batch.convert_job

    def convert_or_die(command: str, job: batch.Job,
                       options: batch.ConvertOptions) -> batch.Converted:
        if job.source.name == "die.urdf":
            os._exit(3)
        return real(command, job, options)

    monkeypatch.setattr(batch, "convert_job", convert_or_die)  # inherited by forked workers
    if batch.multiprocessing.get_start_method() != "fork":
        pytest.skip("workers are not forked: the patch does not reach them")
    outcomes = batch.run_batch("urdf2sdf", src, tmp_path / "out", batch.ConvertOptions(),
                               io.StringIO(), 2, timeout=30)
    by_name = {o.job.source.name: o for o in outcomes}
    assert by_name["ok.urdf"].ok
    assert not by_name["die.urdf"].ok and "died" in (by_name["die.urdf"].error or "")
