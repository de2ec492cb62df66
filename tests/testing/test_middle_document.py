"""``urdfsdf roundtrip`` checks the document in the middle (issue 49, item 1).

What comes back of a round trip can be whole while the document in the middle, the one
users load, is not: a carrier gives back what it lost.  The middle document is read
with urdfsdf's reader of its format and compared with the input
(:func:`urdfsdf.compare.middle.middle_differences`): here on middle documents doctored
as a broken converter would write them, through the API and through ``urdfsdf
roundtrip`` with the converter it calls replaced.
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

import urdfsdf
from urdfsdf.commands import roundtrip as roundtrip_module
from urdfsdf.commands.cli import main
from urdfsdf.compare.middle import middle_differences

from conftest import SAMPLES

EVERY = SAMPLES / "every_element.urdf"
PENDULUM = SAMPLES / "pendulum_with_base.sdf"

#: an SDF link with one shape of each kind SDF and URDF share
SHAPES_SDF = """<?xml version="1.0"?>
<sdf version="1.7"><model name="shapes"><link name="base">
  <inertial><mass>1</mass></inertial>
  <visual name="box"><geometry><box><size>0.1 0.2 0.3</size></box></geometry></visual>
  <visual name="ball"><geometry><sphere><radius>0.05</radius></sphere></geometry></visual>
  <collision name="can"><geometry><cylinder><radius>0.04</radius><length>0.2</length>
    </cylinder></geometry></collision>
  <collision name="shell"><geometry><mesh><uri>package://shapes/meshes/shell.stl</uri>
    <scale>0.001 0.001 0.001</scale></mesh></geometry></collision>
</link></model></sdf>
"""


def _paths(found: list[urdfsdf.compare.Difference]) -> list[tuple[str, str]]:
    return [(d.check, d.path) for d in found]


def test_an_undoctored_middle_document_has_no_difference() -> None:
    sdf = urdfsdf.urdf_to_sdf(EVERY)
    assert middle_differences(EVERY, sdf) == []
    urdf = urdfsdf.sdf_to_urdf(SHAPES_SDF)
    assert middle_differences(SHAPES_SDF, urdf) == []
    assert middle_differences(urdfsdf.read_sdf_document(SHAPES_SDF),
                              urdfsdf.read_urdf(urdf)) == []


MESH = '<mesh filename="package://shapes/meshes/shell.stl" scale="0.001 0.001 0.001"/>'
BASE = "link[@name='base']"


@pytest.mark.parametrize(("old", "new", "path"), [
    # what its readers do not read as written
    (MESH, '<mesh filename="" scale="0.001 0.001 0.001"/>',
     f"{BASE}/collision[@name='shell']/geometry/mesh/@filename"),
    ('<box size="0.1 0.2 0.3"/>', '<box size=""/>', f"{BASE}/visual[@name='box']"),
    ('<sphere radius="0.05"/>', '<sphere radius="-"/>', f"{BASE}/visual[@name='ball']"),
    # what differs from the input
    ('<box size="0.1 0.2 0.3"/>', '<box size="0.1 0.2 0.4"/>',
     f"{BASE}/visual[@name='box']/geometry/box/@size"),
    ('<sphere radius="0.05"/>', '<sphere radius="0.5"/>',
     f"{BASE}/visual[@name='ball']/geometry/sphere/@radius"),
    ('<cylinder radius="0.04" length="0.2"/>', '<cylinder radius="0.04" length="0.3"/>',
     f"{BASE}/collision[@name='can']/geometry/cylinder/@length"),
    (MESH, MESH.replace("shell.stl", "other.stl"),
     f"{BASE}/collision[@name='shell']/geometry/mesh/@filename"),
    (MESH, MESH.replace("0.001 0.001 0.001", "1 1 1"),
     f"{BASE}/collision[@name='shell']/geometry/mesh/@scale"),
    (MESH, '<mesh filename="package://shapes/meshes/shell.stl"/>',
     f"{BASE}/collision[@name='shell']/geometry/mesh/@scale"),
    ('<sphere radius="0.05"/>', '<box size="0.1 0.1 0.1"/>',
     f"{BASE}/visual[@name='ball']/geometry"),
])
def test_a_doctored_urdf_in_the_middle_is_named(old: str, new: str, path: str) -> None:
    urdf = urdfsdf.sdf_to_urdf(SHAPES_SDF)
    assert old in urdf
    found = middle_differences(SHAPES_SDF, urdf.replace(old, new))
    assert _paths(found) == [("middle", path)], found


@pytest.mark.parametrize(("old", "new"), [
    ("<radius>0.05</radius>", "<radius></radius>"),
    ("<size>0.1 0.2 0.3</size>", "<size></size>"),
    ("<length>0.2</length>", "<length></length>"),
    ("<uri>package://shapes/meshes/shell.stl</uri>", "<uri></uri>"),
])
def test_a_doctored_sdf_in_the_middle_is_named(old: str, new: str) -> None:
    """An SDF middle document read from a URDF with an empty required value, which
    libsdformat (and urdfsdf's reader) refuses: its error is the difference, at its line."""
    urdf = urdfsdf.sdf_to_urdf(SHAPES_SDF)
    sdf = urdfsdf.urdf_to_sdf(urdf)
    assert old in sdf
    doctored = sdf.replace(old, new)
    line = doctored[:doctored.index(new)].count("\n") + 1
    found = middle_differences(urdf, doctored)
    assert [d.check for d in found] == ["middle"]
    assert f":{line}: error[" in found[0].message, found


def test_a_negative_size_in_the_middle_is_no_difference() -> None:
    """A negative size is read as written by the readers of both documents
    (NEGATIVE_SIZE, docs/lenient.md): the middle check does not call it a difference."""
    urdf = urdfsdf.sdf_to_urdf(SHAPES_SDF)
    sdf = urdfsdf.urdf_to_sdf(urdf)
    doctored = sdf.replace("<radius>0.05</radius>", "<radius>-0.05</radius>")
    assert doctored != sdf
    found = middle_differences(urdf, doctored)
    assert [d.path.rpartition("/geometry/")[2] for d in found] == ["sphere/radius"], found
    assert "-0.05" in found[0].message and "0.05" in found[0].message


def _roundtrip(path: Path | str) -> tuple[int, list[dict[str, str]]]:
    out, err = io.StringIO(), io.StringIO()
    status = main(["roundtrip", str(path), "--format", "json"], stdout=out, stderr=err)
    return status, json.loads(out.getvalue())


def test_roundtrip_names_an_empty_filename_the_sdf_comes_back_without(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """sdf2urdf broken as it was for a <submesh>: the URDF in the middle has an empty
    mesh filename and the SDF comes back from what it carries, so only the middle
    check sees it."""
    src = tmp_path / "shapes.sdf"
    src.write_text(SHAPES_SDF)
    assert _roundtrip(src) == (0, [])
    real = roundtrip_module.sdf_document_to_urdf

    def broken(*args: object, **kwargs: object) -> object:
        result = real(*args, **kwargs)  # type: ignore[arg-type]
        assert result.text is not None and "shell.stl" in result.text
        result.text = re.sub(r'filename="[^"]*shell.stl"', 'filename=""', result.text)
        return result

    monkeypatch.setattr(roundtrip_module, "sdf_document_to_urdf", broken)
    status, found = _roundtrip(src)
    assert status == 1
    assert ("middle", "link[@name='base']/collision[@name='shell']/geometry/mesh/@filename") \
        in [(d["check"], d["path"]) for d in found], found


def test_roundtrip_names_an_sdf_in_the_middle_that_does_not_read(
        monkeypatch: pytest.MonkeyPatch) -> None:
    real = roundtrip_module.urdf_to_sdf_result

    def broken(*args: object, **kwargs: object) -> object:
        result = real(*args, **kwargs)  # type: ignore[arg-type]
        assert result.text is not None and "<radius>0.075</radius>" in result.text
        result.text = result.text.replace("<radius>0.075</radius>", "<radius></radius>", 1)
        return result

    monkeypatch.setattr(roundtrip_module, "urdf_to_sdf_result", broken)
    status, found = _roundtrip(EVERY)
    assert status == 1
    assert found and {d["check"] for d in found} <= {"middle", "conversion"}, found


def test_roundtrip_never_says_no_difference_over_an_empty_mesh_filename(tmp_path: Path
                                                                        ) -> None:
    """The issue's <submesh> (ArduPilot's zephyr): whatever sdf2urdf writes for it, an
    empty filename in the middle is never a round trip without difference."""
    src = tmp_path / "submesh.sdf"
    src.write_text('<sdf version="1.9"><model name="m"><link name="a"><visual name="v">'
                   '<geometry><mesh><uri>w.dae</uri><submesh><name>W</name></submesh>'
                   '</mesh></geometry></visual></link></model></sdf>')
    middle = urdfsdf.api.sdf_to_urdf_result(str(src)).text
    status, found = _roundtrip(src)
    if middle is not None and 'filename=""' in middle:
        assert status == 1 and ("middle", "link[@name='a']/visual[@name='v']/geometry/mesh/"
                                          "@filename") in [(d["check"], d["path"])
                                                           for d in found]
