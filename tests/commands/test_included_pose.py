"""A diagnostic about the pose an ``<include>`` gives names the file that ``<pose>`` is in
(issue 38, item 5: the warning named the included URDF with the world file's line).
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from urdfsdf.commands.cli import main

ROBOT = """<?xml version="1.0"?>
<robot name="arm">
  <link name="base"/>
  <link name="tip"/>
  <joint name="j" type="revolute">
    <origin xyz="0 0 1" rpy="0 0 0"/>
    <parent link="base"/><child link="tip"/>
    <axis xyz="0 0 1"/>
    <limit lower="-1" upper="1" effort="1" velocity="1"/>
  </joint>
</robot>
"""

#: the include's <pose> is on line 10; the URDF has no line 10
WORLD = """<?xml version="1.0"?>
<sdf version="1.7">
  <world name="w">
    <model name="ground">
      <static>true</static>
      <link name="l"/>
    </model>
    <include>
      <uri>{uri}</uri>
      <pose>1 2 3 0 0 0</pose>
      <name>placed</name>
    </include>
  </world>
</sdf>
"""
POSE_LINE = 10


def _world(tmp_path: Path, robot: str = ROBOT) -> Path:
    (tmp_path / "robot.urdf").write_text(robot)
    world = tmp_path / "world.sdf"
    world.write_text(WORLD.format(uri="robot.urdf"))
    assert WORLD.splitlines()[POSE_LINE - 1].strip().startswith("<pose>")
    return world


def _diagnostics(*argv: str) -> list[dict[str, object]]:
    """The diagnostics of ``urdfsdf ARGV --format json`` (``check``'s: its stdout)."""
    out, err = io.StringIO(), io.StringIO()
    assert main([*argv, "--format", "json"], stdout=out, stderr=err) == 0
    text = out.getvalue() if argv[0] == "check" else err.getvalue()
    found: list[dict[str, object]] = json.loads(text)
    return found


@pytest.mark.parametrize(("code", "verbose"), [("ELEMENT_DROPPED", False),
                                                ("SHAPE_MODEL_POSE", True)])
def test_the_include_pose_is_reported_in_the_world_file(tmp_path: Path, code: str,
                                                         verbose: bool) -> None:
    world = _world(tmp_path)
    argv = ["sdf2urdf", str(world), "--model", "placed", "-o", str(tmp_path / "o.urdf")]
    found = [(d["file"], d["line"]) for d in _diagnostics(*argv, *(["-v"] if verbose else []))
             if d["code"] == code]
    assert found == [(str(world), POSE_LINE)]


def test_check_reports_the_include_pose_in_the_world_file(tmp_path: Path) -> None:
    world = _world(tmp_path)
    found = [(d["file"], d["line"]) for d in _diagnostics("check", str(world), "-v")
             if d["code"] == "SHAPE_MODEL_POSE"]
    assert found == [(str(world), POSE_LINE)]


#: an SDF model with an explicit frame (line 5), which URDF has no element for
ARM_SDF = """<?xml version="1.0"?>
<sdf version="1.7">
  <model name="arm">
    <link name="base"/>
    <frame name="tool" attached_to="base"/>
  </model>
</sdf>
"""
FRAME_LINE = 5


def test_a_reason_inside_the_included_file_names_it(tmp_path: Path) -> None:
    """The other side of the same rule: what is inside the included file is reported there."""
    (tmp_path / "arm.sdf").write_text(ARM_SDF)
    world = tmp_path / "world.sdf"
    world.write_text(WORLD.format(uri="arm.sdf"))
    by_code = {d["code"]: (d["file"], d["line"]) for d in _diagnostics("check", str(world), "-v")
               if str(d["code"]).startswith("SHAPE_")}
    assert by_code == {"SHAPE_MODEL_POSE": (str(world), POSE_LINE),
                       "SHAPE_FRAMES": (str(tmp_path / "arm.sdf"), FRAME_LINE)}
    argv = ["sdf2urdf", str(world), "--model", "placed", "-v", "-o", str(tmp_path / "o.urdf")]
    by_code = {d["code"]: (d["file"], d["line"]) for d in _diagnostics(*argv)
               if str(d["code"]).startswith("SHAPE_")}
    assert by_code == {"SHAPE_MODEL_POSE": (str(world), POSE_LINE),
                       "SHAPE_FRAMES": (str(tmp_path / "arm.sdf"), FRAME_LINE)}
