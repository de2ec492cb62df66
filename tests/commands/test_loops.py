"""Closed kinematic loops, as Gazebo models them (issue 38, item 1), through the console
scripts.

URDF cannot hold a loop: Gazebo users close one with an SDF ``<joint>`` in a URDF
``<gazebo>`` block (four-bar linkages, the PR2's parallel gripper), which libsdformat
copies into the model.  urdf2sdf applies it the same way (``--open-loops``: not, for
Drake); sdf2urdf keeps a spanning tree and writes each joint it cuts in such a block.
Each file below is written by its test; the oracle (libsdformat 12) checks what
libsdformat makes of them, Drake that it loads the ``--open-loops`` output.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from lxml import etree
from test_scripts import codes, run

from readers import drake_inertias, isolated

from conftest import oracle_path, requires_oracle
from oracle import oracle_matrix
from oracle import run as oracle_run

INERTIAL = ('<inertial><mass value="1"/><inertia ixx="0.1" ixy="0" ixz="0" iyy="0.1" '
            'iyz="0" izz="0.1"/></inertial>')

#: a four-bar as a URDF: the tree ground-crank-coupler and ground-rocker, closed by an
#: SDF joint in a <gazebo> block (line 19)
FOURBAR_URDF = f"""<?xml version="1.0"?>
<robot name="fourbar">
  <link name="ground">{INERTIAL}</link>
  <joint name="j1" type="continuous">
    <parent link="ground"/><child link="crank"/><axis xyz="0 0 1"/>
  </joint>
  <link name="crank">{INERTIAL}</link>
  <joint name="j2" type="continuous">
    <origin xyz="1 0 0" rpy="0 0 0"/>
    <parent link="crank"/><child link="coupler"/><axis xyz="0 0 1"/>
  </joint>
  <link name="coupler">{INERTIAL}</link>
  <joint name="j3" type="continuous">
    <origin xyz="2 0 0" rpy="0 0 0.3"/>
    <parent link="ground"/><child link="rocker"/><axis xyz="0 0 1"/>
  </joint>
  <link name="rocker">{INERTIAL}</link>
  <gazebo>
    <joint name="j4" type="revolute">
      <pose>0 1 0 0 0 0</pose>
      <parent>coupler</parent>
      <child>rocker</child>
      <axis><xyz>0 0 1</xyz></axis>
    </joint>
  </gazebo>
</robot>
"""
FOURBAR_URDF_LOOP_LINE = 19

SDF_LINK = "<inertial><mass>1</mass></inertial>"

#: a four-bar as SDF: links posed in the model frame, joints at their child link
FOURBAR_SDF = f"""<?xml version="1.0"?>
<sdf version="1.7">
  <model name="fourbar">
    <link name="ground">{SDF_LINK}</link>
    <link name="crank"><pose>0.5 0 0 0 0 0</pose>{SDF_LINK}</link>
    <link name="coupler"><pose>1 0.5 0 0 0 0</pose>{SDF_LINK}</link>
    <link name="rocker"><pose>2 0.5 0 0 0 0.3</pose>{SDF_LINK}</link>
    <joint name="j1" type="continuous">
      <pose>-0.5 0 0 0 0 0</pose>
      <parent>ground</parent><child>crank</child>
      <axis><xyz>0 0 1</xyz></axis>
    </joint>
    <joint name="j2" type="continuous">
      <pose>0 -0.5 0 0 0 0</pose>
      <parent>crank</parent><child>coupler</child>
      <axis><xyz>0 0 1</xyz></axis>
    </joint>
    <joint name="j3" type="revolute">
      <pose>0 -0.5 0 0 0 0</pose>
      <parent>ground</parent><child>rocker</child>
      <axis><xyz>0 0 1</xyz></axis>
    </joint>
    <joint name="j4" type="continuous">
      <pose>0 0.5 0 0 0 0</pose>
      <parent>coupler</parent><child>rocker</child>
      <axis><xyz>0.6 0 0.8</xyz></axis>
    </joint>
  </model>
</sdf>
"""

#: a parallel gripper closed as the PR2's was (libsdformat's test model pr2.sdf holds
#: it): a <gazebo> block defines the parallel link and the joints closing the loop
#: through it (the second at line 31)
GRIPPER_URDF = f"""<?xml version="1.0"?>
<robot name="parallel_gripper">
  <link name="palm">{INERTIAL}<visual><geometry><box size="0.1 0.05 0.04"/></geometry></visual>
  </link>
  <joint name="l_finger_joint" type="revolute">
    <origin xyz="0.07691 0.01 0" rpy="0 0 0"/>
    <axis xyz="0 0 1"/>
    <limit lower="0" upper="0.548" effort="100" velocity="0.5"/>
    <parent link="palm"/>
    <child link="l_finger"/>
  </joint>
  <link name="l_finger">{INERTIAL}</link>
  <joint name="l_finger_tip_joint" type="revolute">
    <origin xyz="0.09137 0.00495 0" rpy="0 0 0"/>
    <axis xyz="0 0 -1"/>
    <limit lower="0" upper="0.548" effort="100" velocity="0.5"/>
    <parent link="l_finger"/>
    <child link="l_finger_tip"/>
  </joint>
  <link name="l_finger_tip">{INERTIAL}</link>
  <gazebo>
    <link name="l_parallel_link">
      <pose>0.05891 0.031 0 0 0 0</pose>
      <inertial><mass>0.17</mass></inertial>
    </link>
    <joint name="l_parallel_root_joint" type="revolute">
      <parent>palm</parent>
      <child>l_parallel_link</child>
      <axis><xyz>0 0 1</xyz></axis>
    </joint>
    <joint name="l_parallel_tip_joint" type="revolute">
      <pose>-0.018 0.021 0 0 0 0</pose>
      <parent>l_parallel_link</parent>
      <child>l_finger_tip</child>
      <axis><xyz>0 0 1</xyz></axis>
    </joint>
  </gazebo>
</robot>
"""
GRIPPER_LOOP_LINE = 31

#: an SDF ball joint (line 5), between two links posed in the model frame
BALL_SDF = f"""<?xml version="1.0"?>
<sdf version="1.7"><model name="arm">
  <link name="base">{SDF_LINK}</link>
  <link name="upper"><pose>0 0 1 0.1 0.2 0.3</pose>{SDF_LINK}</link>
  <joint name="shoulder" type="ball">
    <pose>0 0 -0.5 0 0 0</pose>
    <parent>base</parent><child>upper</child>
  </joint>
</model></sdf>
"""

#: an iCub-style robot: fixed to the world, placed in Gazebo by a <gazebo><pose>
POSED_URDF = f"""<?xml version="1.0"?>
<robot name="posed">
  <link name="world"/>
  <joint name="fixed_base" type="fixed">
    <origin xyz="0 0 0.2" rpy="0 0 0"/>
    <parent link="world"/><child link="root_link"/>
  </joint>
  <link name="root_link">{INERTIAL}</link>
  <joint name="torso_joint" type="revolute">
    <origin xyz="0 0 0.1" rpy="0 0 1.5707963"/>
    <axis xyz="0 0 1"/>
    <limit lower="-1" upper="1" effort="10" velocity="1"/>
    <parent link="root_link"/><child link="torso"/>
  </joint>
  <link name="torso">{INERTIAL}</link>
  <gazebo>
    <pose>0.0 0.0 0.63 0.0 0.0 3.14</pose>
  </gazebo>
</robot>
"""


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def _convert(tmp_path: Path, script: str, src: Path, out: str, *flags: str
             ) -> tuple[Path, list[tuple[str, int | None]]]:
    """``script SRC -o OUT FLAGS``: the output and the (code, line) of its diagnostics."""
    path = tmp_path / out
    result = run(script, src, "-o", path, *flags)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    return path, codes(result.stderr)


def _joints(sdf: Path) -> dict[str, tuple[str, str, str]]:
    """Each SDF joint of the model: (type, parent, child)."""
    root = etree.parse(str(sdf)).getroot()
    return {j.get("name"): (j.get("type"), j.findtext("parent").strip(),
                            j.findtext("child").strip()) for j in root.iterfind("model/joint")}


def _joint_frames(path: Path) -> dict[str, Any]:
    """``urdfsdf poses``: each joint's frame and axis in the model frame."""
    result = run("urdfsdf", "poses", path, "--format", "json")
    assert result.returncode == 0, result.stderr
    (model,) = json.loads(result.stdout)["models"].values()
    return model["joints"]


def _same_joint_frames(a: dict[str, Any], b: dict[str, Any]) -> None:
    assert set(a) == set(b)
    for name, pa in a.items():
        pb = b[name]
        assert np.allclose(pa["xyz"], pb["xyz"], atol=1e-9), name
        assert np.allclose(pa["quat_wxyz"], pb["quat_wxyz"], atol=1e-9) or \
            np.allclose(pa["quat_wxyz"], [-q for q in pb["quat_wxyz"]], atol=1e-9), name
        assert np.allclose(pa["axis_xyz"], pb["axis_xyz"], atol=1e-9), name


# -- URDF -> SDF -----------------------------------------------------------------------

def test_urdf_fourbar_loop_applied_with_a_warning_and_left_out_with_open_loops(
        tmp_path: Path) -> None:
    src = _write(tmp_path, "fourbar.urdf", FOURBAR_URDF)
    sdf, found = _convert(tmp_path, "urdf2sdf", src, "fourbar.sdf")
    assert ("KINEMATIC_LOOP", FOURBAR_URDF_LOOP_LINE) in found
    assert _joints(sdf)["j4"] == ("revolute", "coupler", "rocker")
    opened, found = _convert(tmp_path, "urdf2sdf", src, "open.sdf", "--open-loops")
    assert ("ELEMENT_DROPPED", FOURBAR_URDF_LOOP_LINE) in found
    assert ("KINEMATIC_LOOP", FOURBAR_URDF_LOOP_LINE) not in found
    assert sorted(_joints(opened)) == ["j1", "j2", "j3"]
    # both come back as the URDF was written, the <gazebo> block with its joint
    for out in (sdf, opened):
        back = run("sdf2urdf", out)
        assert back.returncode == 0, back.stderr
        diff = run("urdfsdf", "diff", src, "-", "--document", stdin=back.stdout)
        assert diff.returncode == 0, diff.stdout + diff.stderr


def test_urdf_roundtrip_of_loops_gives_the_urdf_back(tmp_path: Path) -> None:
    for name, text in (("fourbar.urdf", FOURBAR_URDF), ("gripper.urdf", GRIPPER_URDF),
                       ("posed.urdf", POSED_URDF)):
        result = run("urdfsdf", "roundtrip", _write(tmp_path, name, text))
        assert result.returncode == 0, result.stdout + result.stderr
        assert result.stdout == "" and "no difference" in result.stderr


def test_parallel_gripper_links_and_joints_applied(tmp_path: Path) -> None:
    src = _write(tmp_path, "gripper.urdf", GRIPPER_URDF)
    sdf, found = _convert(tmp_path, "urdf2sdf", src, "gripper.sdf")
    assert [c for c in found if c[0] == "KINEMATIC_LOOP"] == \
        [("KINEMATIC_LOOP", GRIPPER_LOOP_LINE)]
    joints = _joints(sdf)
    assert joints["l_parallel_root_joint"] == ("revolute", "palm", "l_parallel_link")
    assert joints["l_parallel_tip_joint"] == ("revolute", "l_parallel_link", "l_finger_tip")
    root = etree.parse(str(sdf)).getroot()
    assert root.find("model/link[@name='l_parallel_link']") is not None


def _oracle_joints(path: Path) -> dict[str, Any]:
    oracle = oracle_path()
    assert oracle is not None
    result = oracle_run(oracle, str(path))
    assert result["errors"] == [], result["errors"]
    (model,) = result["models"].values()
    return model["joints"]


@requires_oracle
@pytest.mark.parametrize("text", [FOURBAR_URDF, GRIPPER_URDF], ids=["fourbar", "gripper"])
def test_libsdformat_loads_the_loop_as_it_reads_the_urdf(tmp_path: Path, text: str) -> None:
    """libsdformat's reading of the URDF (its own <gazebo> handling) and of urdf2sdf's SDF
    have the same joints, at the same frames."""
    src = _write(tmp_path, "robot.urdf", text)
    sdf, _found = _convert(tmp_path, "urdf2sdf", src, "robot.sdf")
    theirs, ours = _oracle_joints(src), _oracle_joints(sdf)
    assert set(theirs) == set(ours)
    for name, joint in theirs.items():
        assert (joint["parent"], joint["child"]) == (ours[name]["parent"], ours[name]["child"])
        assert np.allclose(oracle_matrix(joint["pose"]), oracle_matrix(ours[name]["pose"]),
                           atol=1e-9), name
        assert np.allclose(joint["axis"]["xyz"], ours[name]["axis"]["xyz"], atol=1e-9), name


def test_drake_loads_the_open_loops_output(tmp_path: Path) -> None:
    pytest.importorskip("pydrake")
    src = _write(tmp_path, "gripper.urdf", GRIPPER_URDF)
    opened, _found = _convert(tmp_path, "urdf2sdf", src, "open.sdf", "--open-loops")
    status, inertias = isolated(drake_inertias, opened.read_text(), "sdf")
    assert status == "ok", inertias
    assert {"palm", "l_finger", "l_finger_tip", "l_parallel_link"} <= set(inertias)
    closed, _found = _convert(tmp_path, "urdf2sdf", src, "closed.sdf")
    status, message = isolated(drake_inertias, closed.read_text(), "sdf")
    assert status == "error" and "loop" in message


# -- SDF -> URDF -----------------------------------------------------------------------

def test_sdf_fourbar_cut_into_a_gazebo_block_and_closed_again(tmp_path: Path) -> None:
    src = _write(tmp_path, "fourbar.sdf", FOURBAR_SDF)
    urdf, found = _convert(tmp_path, "sdf2urdf", src, "fourbar.urdf")
    # depth first from the root link, joints in document order: j1, j2, j4 are the
    # tree; j3 (line 18) closes the loop
    assert ("KINEMATIC_LOOP", 18) in found
    robot = etree.parse(str(urdf)).getroot()
    assert [j.get("name") for j in robot.iterfind("joint")] == ["j1", "j2", "j4"]
    (cut,) = robot.iterfind("gazebo/joint")
    assert cut.get("name") == "j3" and cut.findtext("child") == "rocker"
    sdf, found = _convert(tmp_path, "urdf2sdf", urdf, "back.sdf")
    assert [c for c in found if c[0] == "KINEMATIC_LOOP"] == \
        [("KINEMATIC_LOOP", cut.sourceline)]
    # SDF -> URDF -> SDF: the same joints, at the same frames, about the same axes
    assert _joints(sdf) == _joints(src)
    _same_joint_frames(_joint_frames(src), _joint_frames(sdf))


@requires_oracle
def test_libsdformat_closes_the_loop_of_the_sdf2urdf_output(tmp_path: Path) -> None:
    src = _write(tmp_path, "fourbar.sdf", FOURBAR_SDF)
    urdf, _found = _convert(tmp_path, "sdf2urdf", src, "fourbar.urdf")
    theirs, ours = _oracle_joints(src), _oracle_joints(urdf)
    assert set(theirs) == set(ours)
    for name, joint in theirs.items():
        assert np.allclose(oracle_matrix(joint["pose"]), oracle_matrix(ours[name]["pose"]),
                           atol=1e-9), name
        assert np.allclose(joint["axis"]["xyz"], ours[name]["axis"]["xyz"], atol=1e-9), name


def test_ball_joint_lossy_three_revolute_joints(tmp_path: Path) -> None:
    src = _write(tmp_path, "ball.sdf", BALL_SDF)
    refused = run("sdf2urdf", src)
    assert refused.returncode == 1 and ("NO_URDF_EQUIVALENT", 5) in codes(refused.stderr)
    urdf, found = _convert(tmp_path, "sdf2urdf", src, "ball.urdf", "--lossy")
    assert ("VALUE_APPROXIMATED", 5) in found
    robot = etree.parse(str(urdf)).getroot()
    joints = {j.get("name"): j for j in robot.iterfind("joint")}
    assert [(n, j.get("type"), j.find("parent").get("link"), j.find("child").get("link"))
            for n, j in joints.items()] == [
        ("shoulder", "continuous", "base", "shoulder_axis2_link"),
        ("shoulder_axis2", "continuous", "shoulder_axis2_link", "shoulder_axis3_link"),
        ("shoulder_axis3", "continuous", "shoulder_axis3_link", "upper")]
    axes = [joints[n].find("axis") for n in joints]
    assert [a.get("xyz") if a is not None else "1 0 0" for a in axes] == \
        ["1 0 0", "0 1 0", "0 0 1"]
    for mid in ("shoulder_axis2_link", "shoulder_axis3_link"):
        assert robot.find(f"link[@name='{mid}']/inertial") is None  # massless
    # at zero, the three joints' frames are the ball's
    frames = _joint_frames(urdf)
    ball = _joint_frames(src)["shoulder"]
    for n in joints:
        assert np.allclose(frames[n]["xyz"], ball["xyz"], atol=1e-9)
