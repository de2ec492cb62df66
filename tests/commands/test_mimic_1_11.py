"""URDF ``<mimic>`` in SDFormat 1.11 and later: ``//joint/axis/mimic`` as libsdformat 14
writes it (issue 38, item 4), and back to the same ``<mimic>``.

Through the converters' command line (``main``), as a user runs them.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from lxml import etree

from urdfsdf.commands.cli import main
from urdfsdf.sdf.names import version_of
from urdfsdf.sdf.writer import WRITTEN_VERSIONS

#: a gripper: the right finger follows the left one (multiplier and offset as written,
#: in forms a float would not keep); the third finger's mimic says neither
GRIPPER = """<?xml version="1.0"?>
<robot name="gripper">
  <link name="base"/>
  <link name="left"/>
  <link name="right"/>
  <link name="third"/>
  <joint name="left_joint" type="prismatic">
    <parent link="base"/><child link="left"/>
    <axis xyz="0 1 0"/>
    <limit lower="0" upper="0.04" effort="10" velocity="0.1"/>
  </joint>
  <joint name="right_joint" type="prismatic">
    <parent link="base"/><child link="right"/>
    <axis xyz="0 -1 0"/>
    <limit lower="0" upper="0.04" effort="10" velocity="0.1"/>
    <mimic joint="left_joint" multiplier="-1.0" offset="0.000"/>
  </joint>
  <joint name="third_joint" type="revolute">
    <parent link="base"/><child link="third"/>
    <limit lower="-1" upper="1" effort="10" velocity="0.1"/>
    <mimic joint="left_joint"/>
  </joint>
</robot>
"""

#: the versions urdf2sdf writes with //axis/mimic (1.11 and later)
AXIS_MIMIC = [v for v in WRITTEN_VERSIONS if version_of(v) >= (1, 11)]
#: the versions before it: the <urdf:mimic> carrier
CARRIED = [v for v in WRITTEN_VERSIONS if version_of(v) < (1, 11)]


def _run(*argv: str) -> str:
    err = io.StringIO()
    assert main(list(argv), stdout=io.StringIO(), stderr=err) == 0, err.getvalue()
    return err.getvalue()


def _convert(tmp_path: Path, version: str) -> Path:
    src = tmp_path / "gripper.urdf"
    src.write_text(GRIPPER)
    out = tmp_path / "gripper.sdf"
    _run("urdf2sdf", str(src), "--sdf-version", version, "-o", str(out))
    return out


def _mimics(urdf: str | bytes) -> dict[str, dict[str, str]]:
    root = etree.fromstring(urdf.encode() if isinstance(urdf, str) else urdf)
    return {j.get("name"): dict(m.attrib) for j in root.iter("joint")
            for m in j.findall("mimic")}


def test_the_gripper_has_two_mimics() -> None:
    assert _mimics(GRIPPER) == {
        "right_joint": {"joint": "left_joint", "multiplier": "-1.0", "offset": "0.000"},
        "third_joint": {"joint": "left_joint"}}


@pytest.mark.parametrize("version", AXIS_MIMIC)
def test_urdf2sdf_writes_axis_mimic(tmp_path: Path, version: str) -> None:
    out = _convert(tmp_path, version)
    text = out.read_text()
    assert "urdf:mimic" not in text
    root = etree.fromstring(text.encode())
    assert root.get("version") == version
    right = root.find("model/joint[@name='right_joint']")
    assert right is not None
    mimic = right.find("axis/mimic")
    assert mimic is not None and mimic.get("joint") == "left_joint"
    # libsdformat 14's form: the leader's first axis, no reference (both the defaults)
    assert mimic.get("axis") is None and mimic.find("reference") is None
    assert mimic.findtext("multiplier") == "-1.0"
    assert mimic.findtext("offset") == "0.000"
    third = root.find("model/joint[@name='third_joint']/axis/mimic")
    assert third is not None and third.get("joint") == "left_joint"
    # what the URDF left to its defaults (1 and 0, SDFormat's too) is left to them
    assert third.find("multiplier") is None and third.find("offset") is None
    assert root.find("model/joint[@name='left_joint']/axis/mimic") is None


@pytest.mark.parametrize("version", AXIS_MIMIC)
def test_axis_mimic_comes_back_as_written(tmp_path: Path, version: str) -> None:
    out = _convert(tmp_path, version)
    back = tmp_path / "back.urdf"
    _run("sdf2urdf", str(out), "-o", str(back))
    assert _mimics(back.read_bytes()) == _mimics(GRIPPER)


@pytest.mark.parametrize("version", CARRIED)
def test_before_1_11_the_mimic_is_carried(tmp_path: Path, version: str) -> None:
    text = _convert(tmp_path, version).read_text()
    root = etree.fromstring(text.encode())
    assert not root.findall(".//axis/mimic")
    assert text.count("<urdf:mimic ") == 2
    back = tmp_path / "back.urdf"
    _run("sdf2urdf", str(tmp_path / "gripper.sdf"), "-o", str(back))
    assert _mimics(back.read_bytes()) == _mimics(GRIPPER)


def test_a_mimic_of_a_joint_sdf_has_not_stays_carried(tmp_path: Path) -> None:
    """A leader that is no SDF joint with an axis (here a planar joint, carried as
    <urdf:joint>): libsdformat 14 would refuse //axis/mimic naming it."""
    urdf = GRIPPER.replace('name="left_joint" type="prismatic"',
                           'name="left_joint" type="planar"')
    src = tmp_path / "planar.urdf"
    src.write_text(urdf)
    out = tmp_path / "planar.sdf"
    _run("urdf2sdf", str(src), "--sdf-version", AXIS_MIMIC[0], "-o", str(out))
    root = etree.fromstring(out.read_bytes())
    assert not root.findall(".//axis/mimic")
    back = tmp_path / "back.urdf"
    _run("sdf2urdf", str(out), "-o", str(back), "--disconnected", "floating")
    assert _mimics(back.read_bytes()) == _mimics(urdf)
