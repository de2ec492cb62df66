"""Issue 49, item 5: round trips of real robots, through ``urdfsdf roundtrip`` and
``urdfsdf diff`` as users run them.

- the PR2: a URDF joint with a ``<safety_controller>`` that a ``<gazebo>`` block's SDF
  joint names again (``r_gripper_joint``) made sdf2urdf of urdf2sdf's own output crash
  (``tests/data/urdf/gazebo_joint_named_like_a_safety_joint.urdf``);
- the Unitree H1-2: ``logo_link`` (no ``<inertial>``, a colour material without a name)
  came back with an ``<inertial>`` and a ``<urdf:massless>``.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from lxml import etree
from test_scripts import codes, run

from urdfsdf.commands.cli import main

DATA = Path(__file__).resolve().parent.parent / "data"
PR2_GRIPPER = DATA / "urdf" / "gazebo_joint_named_like_a_safety_joint.urdf"


def _main(*argv: str | Path) -> tuple[int, str, str]:
    """``urdfsdf ARGV`` (or ``urdf2sdf``/``sdf2urdf`` when ARGV starts with one) in
    process, as the console scripts run it: exit status, stdout, stderr."""
    out, err = io.StringIO(), io.StringIO()
    args = [str(a) for a in argv]
    if args[0] in ("urdf2sdf", "sdf2urdf"):
        status = main(args[1:], stdout=out, stderr=err, prog=args[0])
    else:
        status = main(args, stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


def test_pr2_gazebo_joint_named_like_a_joint_with_a_safety_controller(tmp_path: Path
                                                                      ) -> None:
    done = run("urdfsdf", "roundtrip", PR2_GRIPPER)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "INTERNAL_ERROR" not in done.stderr and done.stdout == ""
    # and by hand: urdf2sdf, then sdf2urdf of its output, which gives the joint back
    sdf = tmp_path / "pr2.sdf"
    there = run("urdf2sdf", PR2_GRIPPER, "-o", sdf)
    assert there.returncode == 0, there.stderr
    urdf = tmp_path / "back.urdf"
    back = run("sdf2urdf", sdf, "-o", urdf)
    assert back.returncode == 0 and ("INTERNAL_ERROR", None) not in codes(back.stderr), \
        back.stderr
    joint = etree.parse(str(urdf)).getroot().find("joint[@name='r_gripper_joint']")
    assert joint is not None
    safety = joint.find("safety_controller")
    assert safety is not None and dict(safety.attrib) == {
        "k_position": "20.0", "k_velocity": "5000.0", "soft_lower_limit": "-0.01",
        "soft_upper_limit": "0.088"}


#: the H1-2's logo link (unitree_ros, h1_2_description): no <inertial>, a colour material
#: without a name, on a fixed joint with an axis (MATERIAL: the material's start tag)
H1_2 = """<?xml version="1.0"?>
<robot name="h1_2">
  <link name="torso_link">
    <inertial>
      <mass value="17.789"/>
      <inertia ixx="0.4873" ixy="0" ixz="0" iyy="0.40963" iyz="0" izz="0.12785"/>
    </inertial>
  </link>
  <link name="logo_link">
    <visual>
      <origin xyz="0 0 0" rpy="0 0 0"/>
      <geometry>
        <mesh filename="meshes/logo_link.STL"/>
      </geometry>
      MATERIAL
        <color rgba="1 1 1 1"/>
      </material>
    </visual>
  </link>
  <joint name="logo_joint" type="JOINT_TYPE">
    <origin xyz="0 0 0" rpy="0 0 0"/>
    <parent link="torso_link"/>
    <child link="logo_link"/>
    <axis xyz="0 0 1"/>
  </joint>
  <link name="imu_link"></link>
  <joint name="imu_joint" type="fixed">
    <origin xyz="-0.04452 -0.01891 0.27756" rpy="0 0 0"/>
    <parent link="torso_link"/>
    <child link="imu_link"/>
  </joint>
</robot>
"""


@pytest.mark.parametrize("material", ["<material>", '<material name="">',
                                      '<material name="white">'])
@pytest.mark.parametrize("options", [(), ("--massless-as-frames",),
                                     ("--min-inertia", "0.01")])
@pytest.mark.parametrize("joint", ["fixed", "continuous"])
def test_h1_2_logo_link_comes_back_as_written(tmp_path: Path, material: str,
                                              options: tuple[str, ...], joint: str) -> None:
    src = tmp_path / "h1_2.urdf"
    src.write_text(H1_2.replace("MATERIAL", material).replace("JOINT_TYPE", joint))
    status, out, err = _main("roundtrip", src, *options)
    assert (status, out) == (0, ""), out + err
    sdf, urdf = tmp_path / "h1_2.sdf", tmp_path / "back.urdf"
    assert _main("urdf2sdf", src, "-o", sdf, *options)[0] == 0
    assert _main("sdf2urdf", sdf, "-o", urdf)[0] == 0
    logo = etree.parse(str(urdf)).getroot().find("link[@name='logo_link']")
    assert logo is not None
    assert [etree.QName(c).localname for c in logo if isinstance(c.tag, str)] == ["visual"]
