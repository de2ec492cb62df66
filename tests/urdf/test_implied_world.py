"""A URDF joint whose parent is ``world`` with no ``world`` link (issue 49; Drake's
``pr2_simplified``): read as Drake reads it, the world body.

urdfdom (``check_urdf``: "parent link [world] of joint [x] not found") and PyBullet refuse
such a robot, and so does libsdformat's URDF reader (urdfdom); Drake reads the parent as its
world. urdfsdf reads it as Drake does, with a ``JOINT_PARENT_LINK_INVALID`` warning at each
such joint: the SDF joint's parent is ``world`` (a model joint to the world is valid SDF),
and ``<urdf:implied_world/>`` brings the URDF back without a ``world`` link.
File: tests/data/urdf/joint_from_undefined_world.urdf (its marks: tests/test_data.py).
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

import urdfsdf
from console_script import urdfsdf as run_urdfsdf
from readers import isolated
from urdfsdf.commands.roundtrip import roundtrip_source

from conftest import ROOT, oracle_path
from expectations import WARNING_MARK, expected
from oracle import run as run_oracle

URDF = ROOT / "tests" / "data" / "urdf" / "joint_from_undefined_world.urdf"


def _warnings(result: urdfsdf.Result) -> set[tuple[str, int | None]]:
    return {(d.code, d.line) for d in result.diagnostics if d.severity == "warning"}


def test_urdf2sdf_reads_the_world_with_a_warning_per_joint(tmp_path: Path) -> None:
    out = tmp_path / "rails.sdf"
    done = run_urdfsdf("urdf2sdf", str(URDF), "-o", str(out))
    assert done.returncode == 0, done.stderr
    assert done.stderr.count("warning[JOINT_PARENT_LINK_INVALID]") == 2
    assert _warnings(urdfsdf.urdf_to_sdf_result(URDF)) == expected(URDF, WARNING_MARK)
    model = urdfsdf.read_sdf(out)
    assert sorted(j.name for j in model.joints if j.parent == "world") == ["beacon_mount", "x"]
    assert "world" not in [link.name for link in model.links]
    assert run_urdfsdf("urdf2sdf", "--strict", str(URDF), "-o",
                       str(tmp_path / "no.sdf")).returncode == 1
    # the same kinematics and inertia: the URDF's `world` parent is the SDF's world
    diff = run_urdfsdf("diff", str(URDF), str(out))
    assert diff.returncode == 0 and "no difference" in diff.stdout, diff.stdout


def test_the_round_trip_gives_no_world_link_back() -> None:
    assert roundtrip_source(URDF).ok
    back = urdfsdf.sdf_to_urdf_result(urdfsdf.urdf_to_sdf(URDF))
    assert back.ok and back.text is not None
    robot, before = urdfsdf.read_urdf(back.text), urdfsdf.read_urdf(URDF)
    assert [link.name for link in robot.links] == [link.name for link in before.links]
    assert [(j.name, j.parent, j.child) for j in robot.joints] == [
        (j.name, j.parent, j.child) for j in before.joints]
    # sdf2urdf says what it writes back, which urdfdom refuses
    assert [d.code for d in back.diagnostics if d.severity == "warning"] == [
        "JOINT_PARENT_LINK_INVALID"]


def test_without_the_mark_the_world_link_is_written() -> None:
    """An SDF model joint to the world, written by hand: sdf2urdf adds a `world` link (the
    valid URDF), as before."""
    sdf = urdfsdf.urdf_to_sdf(URDF).replace("<urdf:implied_world/>", "")
    back = urdfsdf.read_urdf(urdfsdf.sdf_to_urdf(sdf))
    assert back.links[0].name == "world"


def test_urdfdom_refuses_the_input_and_reads_the_output_with_a_world_link(
        tmp_path: Path) -> None:
    if shutil.which("check_urdf") is None:
        pytest.skip("check_urdf absent")
    refused = subprocess.run(["check_urdf", str(URDF)], capture_output=True, text=True,
                             check=False)
    assert refused.returncode != 0
    valid = tmp_path / "valid.urdf"
    valid.write_text(urdfsdf.sdf_to_urdf(
        urdfsdf.urdf_to_sdf(URDF).replace("<urdf:implied_world/>", "")))
    assert subprocess.run(["check_urdf", str(valid)], capture_output=True,
                          check=False).returncode == 0


def _drake_joints(text: str, kind: str) -> list[tuple[str, str, str, str, list[float]]]:
    """Each joint Drake makes of ``text``: name, type, parent and child body, and the
    child body's position in the world at the default configuration."""
    from pydrake.multibody.parsing import Parser
    from pydrake.multibody.plant import MultibodyPlant

    plant = MultibodyPlant(0.0)
    Parser(plant).AddModelsFromString(text, kind)
    plant.Finalize()
    context = plant.CreateDefaultContext()
    out = []
    for index in plant.GetJointIndices():
        joint = plant.get_joint(index)
        child = joint.child_body()
        position = child.EvalPoseInWorld(context).translation()
        out.append((joint.name(), joint.type_name(), joint.parent_body().name(), child.name(),
                    [round(float(v), 9) for v in position]))
    return sorted(out)


def test_drake_reads_the_same_joints_from_the_output() -> None:
    pytest.importorskip("pydrake")
    status, before = isolated(_drake_joints, URDF.read_text(), "urdf")
    assert status == "ok", before
    assert ("x", "prismatic", "world", "x_carriage", [0.0, 0.0, 0.0]) in before
    status, after = isolated(_drake_joints, urdfsdf.urdf_to_sdf(URDF), "sdf")
    assert (status, after) == ("ok", before)


def test_libsdformat_reads_the_output(tmp_path: Path) -> None:
    oracle = oracle_path()
    if oracle is None:
        pytest.skip("SDF_ORACLE not set")
    assert run_oracle(oracle, str(URDF))["errors"] != []  # its URDF reader is urdfdom
    out = tmp_path / "rails.sdf"
    out.write_text(urdfsdf.urdf_to_sdf(URDF))
    report = run_oracle(oracle, str(out))
    assert report["errors"] == []
    joints = report["models"]["base_on_rails"]["joints"]
    assert (joints["x"]["parent"], joints["beacon_mount"]["parent"]) == ("world", "world")
