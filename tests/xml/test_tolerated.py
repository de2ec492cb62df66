"""Lenient as the reference readers (issue 25, item 5): what TinyXML reads, urdfsdf reads.

libsdformat reads SDF with TinyXML2; urdfdom reads URDF with TinyXML2 from
urdfdom 4 on (with TinyXML before; the installed check_urdf may be either).
Each construct below is refused by libxml2 and read by TinyXML2; urdfsdf mends
the bytes before lxml parses them (xml.parse._repair), keeps line numbers, and
warns ``XML_TOLERATED`` once per kind at its first line.  The SDF files of
tests/data that carry such a warning, and samples/worlds/gz_cli_comments.sdf,
must resolve to libsdformat's poses.
"""

from __future__ import annotations

import io
import json
import shutil
import subprocess
from pathlib import Path

import pytest
from lxml import etree

from urdfsdf.api import urdf_to_sdf_result
from urdfsdf.commands.check import check_source
from urdfsdf.commands.cli import main
from urdfsdf.xml.parse import STREAM_FROM

from conftest import SAMPLES, oracle_path, requires_oracle
from expectations import WARNING_MARK, expected
from oracle import compare, run

DATA = Path(__file__).resolve().parents[1] / "data"
TOLERATED_SDF = [p for p in sorted((DATA / "sdf").glob("*.sdf"))
                 if any(code == "XML_TOLERATED" for code, _ in expected(p, WARNING_MARK))]
WORLD = SAMPLES / "worlds" / "gz_cli_comments.sdf"
TOLERATED_URDF = [p for p in sorted((DATA / "urdf").glob("*.urdf"))
                  if any(code == "XML_TOLERATED" for code, _ in expected(p, WARNING_MARK))]
#: what urdfdom reads with TinyXML2 (urdfdom 4) and not with TinyXML (urdfdom 3)
URDFDOM_4_ONLY = {"text_before_root.urdf"}

URDF = b"""<robot name="r">
  <link name="a"/>
  <link name="b"/>
  <joint name="j" type="fixed"><parent link="a"/><child link="b"/><origin xyz="1 2 3"/></joint>
</robot>
"""


def _diagnostics(data: bytes) -> list[tuple[str, str, int | None]]:
    """What ``check`` reports (infos left out)."""
    report = check_source(data)
    return [(d.code, d.severity, d.line) for d in report.diagnostics if d.severity != "info"]


def _tolerated(data: bytes) -> list[int | None]:
    """The lines of the XML_TOLERATED warnings, when check reports nothing else."""
    found = _diagnostics(data)
    assert all(code == "XML_TOLERATED" and severity == "warning"
               for code, severity, _ in found), found
    return [line for _, _, line in found]


CASES: dict[str, tuple[bytes, list[int]]] = {
    "double_hyphen": (URDF.replace(b"\n", b"\n<!-- see --help -->\n", 1), [2]),
    "comment_ending_in_three_hyphens": (URDF.replace(b"\n", b"\n\n<!-- x --->\n", 1), [3]),
    "double_hyphen_on_a_later_line": (b"<!-- one\n two\n three -- four -->\n" + URDF, [3]),
    "declaration_missing_its_lt": (b'?xml version="1.0"?>\n' + URDF, [1]),
    "text_after_a_comment_before_the_root": (b"<!-- c -->\n\n  junk\n" + URDF, [3]),
    "bare_ampersand_in_a_value": (URDF.replace(b'name="r"', b'name="R&D"'), [1]),
    "undefined_entity": (URDF.replace(b'name="r"', b'name="r&nbsp;"'), [1]),
    "ampersand_in_text": (URDF.replace(b"</robot>", b"<x>a & b</x>\n</robot>"), [5]),
    "lt_in_a_value": (URDF.replace(b'<link name="b"', b'<link name="b"\n x="a<b"'), [4]),
    "no_blank_between_attributes": (URDF.replace(b'name="b"/>', b'name="b"x="1"/>'), [3]),
    "cdata_end_in_text": (URDF.replace(b"</robot>", b"<x>a]]>b</x>\n</robot>"), [5]),
    "control_character": (URDF.replace(b"</robot>", b"<x>\x0c</x>\n</robot>"), [5]),
    "latin1_byte": (URDF.replace(b"</robot>", b"<!-- caf\xe9 -->\n</robot>"), [5]),
    "every_kind_once": (b"x\n" + URDF.replace(b"</robot>", b"<x a='<'b='&'>\x01&nbsp;]]></x>"
                                              b"<!-- -- -->\xff\n</robot>"), [1, 6, 6, 6, 6,
                                                                          6, 6, 6]),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_each_tolerance_warns_at_its_line(name: str) -> None:
    data, lines = CASES[name]
    assert _tolerated(data) == lines


def test_a_kind_warns_once_however_often_it_occurs() -> None:
    data = URDF.replace(b"\n", b"\n<!-- a -- b -->\n<!-- c -- d -->\n<!-- e -- f -->\n", 1)
    assert _tolerated(data) == [2]


def test_values_are_read_as_tinyxml2_reads_them() -> None:
    data = URDF.replace(b'name="r"', b'name="R&D &nbsp;&amp; a<b"')
    result = urdf_to_sdf_result(data)
    assert result.text is not None
    assert 'name="R&amp;D &amp;nbsp;&amp; a&lt;b"' in result.text


def test_line_numbers_stay_after_a_repair() -> None:
    """An error after mended text is reported at its own line."""
    data = (b'?xml version="1.0"?>\n<!-- a -- b -->\n<robot name="R&D">\n<link name="a"/>\n'
            b'<link name="a"/>\n</robot>\n')
    found = _diagnostics(data)
    assert [line for code, _, line in found if code == "XML_TOLERATED"] == [1, 2, 3]
    assert ("DUPLICATE_NAME", "error", 5) in found
    assert {line for _, severity, line in found if severity == "error"} == {5}


def test_a_syntax_error_left_is_reported_at_its_line() -> None:
    data = b"<!-- a -- b -->\n<robot name='r'>\n<link name=a/>\n</robot>\n"
    found = _diagnostics(data)
    assert found[0] == ("XML_TOLERATED", "warning", 1)
    assert found[1:] == [("PARSING_ERROR", "error", 3)]


def test_not_xml_is_still_refused_at_line_1() -> None:
    assert _diagnostics(b"this is not XML\n") == [("PARSING_ERROR", "error", 1)]


@pytest.mark.parametrize("data", [
    # entities stay refused, before any repair
    b'<!DOCTYPE r [<!ENTITY e "x">]>\n<!-- a -- b -->\n<robot name="&e;"/>',
    b'<!DOCTYPE r SYSTEM "file:///etc/passwd">\n<!-- a -- b -->\n<robot name="r"/>',
    # a document with a DOCTYPE is read as libxml2 reads it: nothing is mended
    b'<!DOCTYPE r>\n<!-- a -- b -->\n<robot name="r"><link name="a"/></robot>',
    b'<!DOCTYPE r [<!ELEMENT r ANY>]>\n<robot name="&nbsp;"><link name="a"/></robot>',
])
def test_documents_with_a_doctype_are_not_mended(data: bytes) -> None:
    found = _diagnostics(data)
    assert [(code, severity) for code, severity, _ in found] == [("PARSING_ERROR", "error")]


def test_a_nul_character_stays_an_error() -> None:
    """TinyXML2 stops at a NUL byte (a C string): refused by both."""
    data = URDF.replace(b"</robot>", b"<x>\x00</x>\n</robot>")
    assert [c for c, s, _ in _diagnostics(data) if s == "error"] == ["PARSING_ERROR"]


def test_declared_encoding_is_kept() -> None:
    """A Latin-1 document that says so is not 'mended'; a double hyphen in it is."""
    data = (b'<?xml version="1.0" encoding="ISO-8859-1"?>\n<!-- caf\xe9 -- ok -->\n'
            + URDF.replace(b'name="a"', b'name="\xe9"').replace(b'link="a"', b'link="\xe9"'))
    result = urdf_to_sdf_result(data)
    assert [(d.code, d.line) for d in result.diagnostics] == [("XML_TOLERATED", 2)]
    assert result.text is not None and 'name="\u00e9"' in result.text


def test_stream_reader_falls_back_to_the_repairs() -> None:
    """Documents past the streaming size are read the same way (parse() after Reparse)."""
    padding = b"<!-- padding -->\n" * (STREAM_FROM // 16)
    data = b"<!-- big -- robot -->\n<robot name='r'>\n" + padding + b"<link name='a'/></robot>\n"
    assert len(data) > STREAM_FROM
    assert _tolerated(data) == [1]


def _poses(path: Path) -> dict[str, object]:
    out, err = io.StringIO(), io.StringIO()
    assert main(["poses", str(path), "--json"], stdout=out, stderr=err) == 0, err.getvalue()
    ours = json.loads(out.getvalue())
    assert ours["errors"] == []
    return ours  # type: ignore[no-any-return]


@requires_oracle
@pytest.mark.parametrize("path", [*TOLERATED_SDF, WORLD], ids=lambda p: p.name)
def test_poses_agree_with_libsdformat(path: Path) -> None:
    oracle = oracle_path()
    assert oracle is not None
    result = run(oracle, str(path))
    assert result["errors"] == []  # libsdformat reads the file
    ours = _poses(path)
    assert compare(result, ours) == []
    models = result.get("models", {})
    assert sum(len(m.get("links", {})) for m in models.values()) > 0


def test_the_sample_world_reads_with_one_warning() -> None:
    with pytest.raises(etree.XMLSyntaxError):  # libxml2 alone refuses it
        etree.fromstring(WORLD.read_bytes())
    assert _tolerated(WORLD.read_bytes()) == [11]


@pytest.mark.skipif(shutil.which("check_urdf") is None, reason="check_urdf is not installed")
@pytest.mark.parametrize("path", TOLERATED_URDF, ids=lambda p: p.name)
def test_urdfdom_reads_the_urdf_files(path: Path) -> None:
    if path.name in URDFDOM_4_ONLY:
        pytest.skip("urdfdom 4 (TinyXML2) reads it; check_urdf may be urdfdom 3 (TinyXML)")
    done = subprocess.run(["check_urdf", str(path)], capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize("path", TOLERATED_URDF, ids=lambda p: p.name)
def test_urdf2sdf_of_tolerated_urdf(path: Path) -> None:
    result = urdf_to_sdf_result(str(path))
    assert result.text is not None
    assert sorted((d.code, d.line) for d in result.diagnostics
                  if d.severity != "info") == sorted(expected(path, WARNING_MARK))
    # what urdfsdf writes is well-formed for libxml2 itself
    etree.fromstring(result.text.encode())
