"""Issue 50: Drake's URDF extensions ``<drake:capsule>``, ``<drake:ellipsoid>`` and
``<drake:joint type="ball|universal">`` translated into the SDF forms Drake reads: its
plant of the output is the one it builds from the input (shapes, joints, and the poses
at joint values other than zero), the round trip gives the URDF back as written, and
libsdformat's console stays quiet."""

from __future__ import annotations

import math
import subprocess
from pathlib import Path
from typing import Any

import pytest
from lxml import etree

from drake_plants import differences, snapshot
from readers import isolated
from urdfsdf.api import sdf_to_urdf_result, urdf_to_sdf_result
from urdfsdf.commands.roundtrip import roundtrip_source
from urdfsdf.compare.document import document_differences
from urdfsdf.translate.fates import URDF_TO_SDF, fate_of

from conftest import oracle_path

DRAKE = "{http://drake.mit.edu}"
_INERTIAL = ('<inertial><mass value="1"/><inertia ixx="0.1" ixy="0" ixz="0" iyy="0.2" '
             'iyz="0" izz="0.3"/></inertial>')
SHAPES = f"""<robot name="r" xmlns:drake="http://drake.mit.edu">
  <link name="a">{_INERTIAL}
    <visual><geometry><drake:capsule radius="0.1" length="0.5"/></geometry></visual>
    <collision><origin xyz="0 0 0.2" rpy="0.3 0 0"/>
      <geometry><drake:ellipsoid a="0.1" b="0.2" c="0.3"/></geometry></collision>
  </link>
</robot>"""
JOINTS = f"""<robot name="r" xmlns:drake="http://drake.mit.edu">
  <link name="a">{_INERTIAL}<collision><geometry><box size="1 1 1"/></geometry></collision>
  </link>
  <link name="b">{_INERTIAL}<collision><geometry><sphere radius="0.2"/></geometry></collision>
  </link>
  <link name="c">{_INERTIAL}<visual><origin xyz="0.3 0 0"/><geometry><box size="0.1 0.2 0.3"/>
    </geometry></visual></link>
  <drake:joint name="ball" type="ball">
    <origin xyz="0 0 1" rpy="0.2 0 0"/><parent link="a"/><child link="b"/>
    <dynamics damping="0.5"/>
  </drake:joint>
  <drake:joint name="cardan" type="universal">
    <origin xyz="0 0.5 0.25" rpy="0.1 0.2 0.3"/><parent link="b"/><child link="c"/>
    <axis xyz="0 0 1"/><dynamics damping="0.25"/>
  </drake:joint>
</robot>"""


def _sdf(urdf: str, version: str = "1.7") -> tuple[str, list[tuple[str, int | None]]]:
    result = urdf_to_sdf_result(urdf, sdf_version=version)
    assert result.ok and result.text is not None
    return result.text, [(d.code, d.line) for d in result.diagnostics]


@pytest.mark.parametrize(("version", "capsule", "ellipsoid"), [
    ("1.7", f"{DRAKE}capsule", f"{DRAKE}ellipsoid"), ("1.8", "capsule", "ellipsoid"),
    ("1.11", "capsule", "ellipsoid")])
def test_drake_shapes_are_written_in_every_sdf_version(version: str, capsule: str,
                                                       ellipsoid: str) -> None:
    sdf, diags = _sdf(SHAPES, version)
    link = etree.fromstring(sdf.encode()).find("model/link")
    assert link is not None
    found = link.find(f"visual/geometry/{capsule}")
    assert found is not None and [found.findtext("radius"), found.findtext("length")] == [
        "0.1", "0.5"]
    found = link.find(f"collision/geometry/{ellipsoid}")
    assert found is not None
    radii = ([found.findtext(k) for k in "abc"] if ellipsoid.startswith(DRAKE)
             else (found.findtext("radii") or "").split())
    assert radii == ["0.1", "0.2", "0.3"]
    # urdfdom skips the element that holds each (a warning); SDFormat 1.7 has neither
    dropped = [("ELEMENT_DROPPED", 3), ("ELEMENT_DROPPED", 5)] if version == "1.7" else []
    assert sorted(diags) == sorted([("ELEMENT_INVALID", 3), ("ELEMENT_INVALID", 5), *dropped])
    back = sdf_to_urdf_result(sdf)
    assert back.text is not None and document_differences(SHAPES, back.text) == []


def test_drake_ball_and_universal_joints_are_sdf_joints() -> None:
    sdf, diags = _sdf(JOINTS)
    # urdfdom and PyBullet ignore a <drake:joint> (its child is another root to them)
    assert diags == [("URDF_TREE_INVALID", 8), ("URDF_TREE_INVALID", 12)]
    model = etree.fromstring(sdf.encode()).find("model")
    assert model is not None and model.find(f"link/inertial//{DRAKE}joint") is None
    joints = {j.get("name"): j for j in model.iter("joint")}
    assert {n: j.get("type") for n, j in joints.items()} == {"ball": "ball",
                                                           "cardan": "universal"}
    cardan = joints["cardan"]
    # Drake's URDF universal joint turns about x, then y, of its frame (its <axis> unused)
    assert [cardan.findtext(f"{a}/xyz") for a in ("axis", "axis2")] == ["1 0 0", "0 1 0"]
    assert [cardan.findtext(f"{a}/dynamics/damping") for a in ("axis", "axis2")] == [
        "0.25", "0.25"]
    # effort 0: Drake actuates neither joint (nor warns of an actuation it ignores)
    assert [e.text for e in model.iter("effort")] == ["0", "0", "0"]
    assert joints["ball"].findtext("axis/dynamics/damping") == "0.5"


def test_round_trip_gives_the_drake_extensions_back_as_written(tmp_path: Path) -> None:
    for name, urdf in (("shapes", SHAPES), ("joints", JOINTS)):
        path = tmp_path / f"{name}.urdf"
        path.write_text(urdf)
        assert roundtrip_source(str(path)).differences == []
        back = sdf_to_urdf_result(_sdf(urdf)[0])
        assert back.text is not None and document_differences(urdf, back.text) == []
        root = etree.fromstring(back.text.encode())
        assert [j.get("name") for j in root.iter(f"{DRAKE}joint")] == (
            ["ball", "cardan"] if name == "joints" else [])
        assert root.find("joint") is None


def test_a_planar_drake_joint_stays_carried() -> None:
    """SDFormat has no planar joint: Drake's stays as written in ``<urdf:model>``."""
    urdf = JOINTS.replace('type="ball"', 'type="planar"')
    sdf, _ = _sdf(urdf)
    model = etree.fromstring(sdf.encode()).find("model")
    assert model is not None
    assert [j.get("type") for j in model.iter("joint")] == ["universal"]
    carried = model.find(f"link/inertial/{{http://wiki.ros.org/urdf}}model/{DRAKE}joint")
    assert carried is not None and carried.get("type") == "planar"
    back = sdf_to_urdf_result(sdf)
    assert back.text is not None and document_differences(urdf, back.text) == []


# -- Drake's plants -------------------------------------------------------------------

#: joint values other than zero (a ball joint's roll, pitch, yaw; a universal's two angles)
VALUES = {"ball": (0.3, -0.4, 0.5), "cardan": (0.7, -0.2)}


def _poses_at(text: str, kind: str) -> dict[str, tuple[float, ...]]:
    """Every body's pose in Drake's plant of ``text`` at :data:`VALUES`."""
    from pydrake.multibody.parsing import Parser
    from pydrake.multibody.plant import MultibodyPlant

    plant = MultibodyPlant(0.0)
    Parser(plant).AddModelsFromString(text, kind)
    plant.Finalize()
    context = plant.CreateDefaultContext()
    q = plant.GetPositions(context)
    for name, values in VALUES.items():
        joint = plant.GetJointByName(name)
        q[joint.position_start():joint.position_start() + joint.num_positions()] = values
    plant.SetPositions(context, q)
    return {plant.get_body(i).name(): tuple(
        float(x) for x in plant.EvalBodyPoseInWorld(context, plant.get_body(i))
        .GetAsMatrix34().ravel()) for i in plant.GetBodyIndices(plant.GetModelInstanceByName("r"))}


@pytest.mark.parametrize("version", ["1.7", "1.8"])
def test_drake_builds_the_same_plant_from_input_and_output(version: str) -> None:
    pytest.importorskip("pydrake")
    for urdf in (SHAPES, JOINTS):
        sdf = _sdf(urdf, version)[0]
        before, after = snapshot(urdf, "urdf"), snapshot(sdf, "sdf")
        assert before is not None and after is not None
        assert differences(before, after) == {}
    assert before["joints"]["cardan"][0] == "universal"
    assert before["joints"]["ball"][-1] == (0.5, 0.5, 0.5)  # (the damping read)
    status, moved = isolated(_poses_at, JOINTS, "urdf")
    assert status == "ok", moved
    status, moved_sdf = isolated(_poses_at, sdf, "sdf")
    assert status == "ok", moved_sdf
    assert moved.keys() == moved_sdf.keys() == {"a", "b", "c"}
    for body, pose in moved.items():
        assert all(math.isclose(x, y, abs_tol=1e-12) for x, y in zip(pose, moved_sdf[body],
                                                                      strict=True)), body


def _console(path: Path) -> list[str]:
    oracle = oracle_path()
    assert oracle is not None
    run = subprocess.run([oracle, str(path)], capture_output=True, text=True, timeout=60,
                         check=False)
    return [line for line in run.stderr.splitlines() if line.startswith(("Error", "Warning"))]


@pytest.mark.parametrize("version", ["1.7", "1.8"])
def test_libsdformat_prints_nothing_for_the_outputs(tmp_path: Path, version: str) -> None:
    if oracle_path() is None:
        pytest.skip("no libsdformat oracle ($SDF_ORACLE)")
    for name, urdf in (("shapes", SHAPES), ("joints", JOINTS)):
        path = tmp_path / f"{name}.sdf"
        path.write_text(_sdf(urdf, version)[0])
        assert _console(path) == []


def _warnings(text: str, kind: str) -> list[Any]:
    """What Drake logs (warnings and up) while it parses ``text`` with a SceneGraph."""
    import logging

    from pydrake.multibody.parsing import Parser
    from pydrake.multibody.plant import AddMultibodyPlantSceneGraph
    from pydrake.systems.framework import DiagramBuilder

    found: list[str] = []

    class Collect(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            if record.levelno >= logging.WARNING:
                found.append(record.getMessage().split(": warning: ")[-1])

    logger = logging.getLogger("drake")
    handler = Collect()
    logger.addHandler(handler)
    builder = DiagramBuilder()
    plant, _ = AddMultibodyPlantSceneGraph(builder, 0.0)
    try:
        Parser(plant).AddModelsFromString(text, kind)
    finally:
        logger.removeHandler(handler)
    return found


def test_drake_warns_only_of_the_ball_joints_axis() -> None:
    """The one warning the output draws that the input does not: a ball joint's
    ``<axis>``, which holds its carriers (and its damping: Drake reads it there)."""
    pytest.importorskip("pydrake")
    assert isolated(_warnings, SHAPES, "urdf") == ("ok", [])
    assert isolated(_warnings, _sdf(SHAPES)[0], "sdf") == ("ok", [])
    assert isolated(_warnings, JOINTS, "urdf") == ("ok", [])
    status, found = isolated(_warnings, _sdf(JOINTS)[0], "sdf")
    assert status == "ok" and len(found) == 1 and "ball joint axis" in found[0]


@pytest.mark.parametrize(("path", "line", "into"), [
    ("robot/link/visual/geometry/drake:capsule", 3, f"{DRAKE}capsule"),
    ("robot/link/collision/geometry/drake:ellipsoid", 5, f"{DRAKE}ellipsoid"),
    ("robot/drake:joint", 8, "joint")])
def test_the_fates_table_says_what_happens(path: str, line: int, into: str) -> None:
    """translate/fates.py's entries: translated, reported at the element's line."""
    fate, _ = fate_of(path, URDF_TO_SDF)
    assert fate.kind == "translated"
    urdf = SHAPES if "geometry" in path else JOINTS
    sdf, diags = _sdf(urdf)
    assert (fate.code, line) in diags
    assert next(etree.fromstring(sdf.encode()).iter(into), None) is not None
