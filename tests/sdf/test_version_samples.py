"""The version samples (samples/versions/sdf_1_X.sdf, one per SDFormat version 1.0-1.12).

Each sample is the same small robot written in its version's idiom; its expected link
(and explicit frame) poses at zero joint positions, joint axes, and for 1.11/1.12 the
auto-computed inertials and the mimic joint are in samples/versions/EXPECTED.json
(hand values checked with libsdformat 12 and Drake: samples/versions/make_expected.py).
For 1.10+, which the oracle (libsdformat 12) does not read, Drake (where installed) loads
each sample and its ``sdf2urdf`` output and must find the same body poses and inertias.
For each sample:

* ``urdfsdf check`` accepts it;
* ``sdf2urdf`` converts it (``--model robot`` for the 1.10 world), and the URDF's forward
  kinematics at zero gives the expected poses (relative to the root link) and axes, within
  1e-9, and the expected inertials and mimic;
* ``urdf2sdf`` converts that URDF back, and ``urdfsdf check`` accepts the result.

Most need issue 17's readers: they are xfail through the central list of known gaps
(``tests/sdformat_suite.py``, case ids ``sample:NAME:STEP``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from lxml import etree

import sdformat_suite as suite
from conftest import SAMPLES
from kinematics import TOL, assert_same_pose, inv, origin_matrix, parse_urdf, unit

VERSIONS = SAMPLES / "versions"
EXPECTED: dict[str, Any] = json.loads((VERSIONS / "EXPECTED.json").read_text())["samples"]
NAMES = sorted(EXPECTED, key=lambda n: tuple(int(p) for p in n[4:-4].split("_")))


def _cases(step: str) -> list[Any]:
    return [suite.param(f"sample:{name[:-4]}:{step}", name, test_id=name[:-4])
            for name in NAMES]


def _matrix(entry: dict[str, Any]) -> np.ndarray:
    m = np.eye(4)
    m[:3, :3] = entry["rotation"]
    m[:3, 3] = entry["xyz"]
    return m


def _model_args(name: str) -> list[str]:
    exp = EXPECTED[name]
    return ["--model", exp["model"]] if "world_model_pose_xyz" in exp else []


def _sdf2urdf(name: str) -> str:
    run = suite.run_cli(["sdf2urdf", str(VERSIONS / name), *_model_args(name)])
    assert run.traceback is None, run.traceback
    assert run.status == 0, run.stderr
    return run.stdout


def test_every_version_has_a_sample() -> None:
    assert [n[4:-4].replace("_", ".") for n in NAMES] == [
        "1.0", "1.2", "1.3", "1.4", "1.5", "1.6", "1.7", "1.8", "1.9", "1.10", "1.11", "1.12"]
    assert sorted(p.name for p in VERSIONS.glob("sdf_*.sdf")) == sorted(NAMES)


@pytest.mark.parametrize("name", _cases("check"))
def test_check_accepts(name: str) -> None:
    run = suite.run_cli(["check", str(VERSIONS / name)])
    assert run.traceback is None, run.traceback
    assert run.status == 0, run.stderr


@pytest.mark.parametrize("name", _cases("sdf2urdf"))
def test_sdf2urdf_kinematics(name: str) -> None:
    exp = EXPECTED[name]
    text = _sdf2urdf(name)
    robot = parse_urdf(text)
    assert robot.root == exp["root"]
    missing = set(exp["links"]) - set(robot.links)
    assert not missing, f"URDF links {sorted(robot.links)} lack {sorted(missing)}"
    fk = robot.fk({})
    x_mr = _matrix(exp["links"][exp["root"]])
    for link, entry in exp["links"].items():
        assert_same_pose(f"link {link}", fk[link], inv(x_mr) @ _matrix(entry))
    child_of = {joint: child for child, (joint, *_rest) in robot.up.items()}
    for joint, axis_m in exp["axes"].items():
        child = child_of[joint]
        axis_j = robot.up[child][4]
        got = (x_mr @ fk[child])[:3, :3] @ unit(axis_j)  # the joint frame is the child's
        assert np.max(np.abs(got - np.asarray(axis_m))) <= TOL, \
            f"axis of {joint}: {got} in the model frame, expected {axis_m}"
    for link, want in exp.get("inertials", {}).items():
        inertial = robot.element(link, "inertial", None)
        com = origin_matrix(inertial.find("origin"))
        assert np.max(np.abs(com[:3, 3] - want["com"])) <= TOL, f"{link} com"
        assert np.allclose(com[:3, :3], np.eye(3), atol=TOL), f"{link} com frame"
        assert abs(float(inertial.find("mass").get("value")) - want["mass"]) <= TOL
        moments = inertial.find("inertia")
        got_i = [float(moments.get(k)) for k in ("ixx", "iyy", "izz", "ixy", "ixz", "iyz")]
        assert np.max(np.abs(np.array(got_i) - [*want["inertia"], 0, 0, 0])) <= TOL, \
            f"{link} inertia {got_i}, expected {want['inertia']}"
    for joint, want in exp.get("mimic", {}).items():
        element = next(j for j in etree.fromstring(text.encode()).iterfind("joint")
                       if j.get("name") == joint)
        mimic = element.find("mimic")
        assert mimic is not None, f"joint {joint} has no <mimic>"
        assert mimic.get("joint") == want["joint"]
        assert float(mimic.get("multiplier", "1")) == pytest.approx(want["multiplier"], abs=1e-12)
        assert float(mimic.get("offset", "0")) == pytest.approx(want["offset"], abs=1e-12)


@pytest.mark.parametrize("name", _cases("roundtrip"))
def test_urdf_back_to_sdf(name: str, tmp_path: Path) -> None:
    urdf = tmp_path / "robot.urdf"
    urdf.write_text(_sdf2urdf(name))
    back = suite.run_cli(["urdf2sdf", str(urdf)])
    assert back.traceback is None, back.traceback
    assert back.status == 0, back.stderr
    sdf = tmp_path / "robot.sdf"
    sdf.write_text(back.stdout)
    check = suite.run_cli(["check", str(sdf)])
    assert check.status == 0, check.stderr


def _drake_bodies(text: str, kind: str,
                 frames: set[str]) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """Drake's X_RB (R: body ``base``) of each body and explicit frame of model ``robot``,
    and its spatial inertia about R's origin, expressed in R, as one 4x4 array (mass,
    first moment, rotational inertia; zero for a frame): what Drake computes from the
    file, poses and inertias alike."""
    from pydrake.multibody.parsing import Parser
    from pydrake.multibody.plant import MultibodyPlant
    from pydrake.multibody.tree import FrameIndex

    plant = MultibodyPlant(0.0)
    Parser(plant).AddModelsFromString(text, kind)
    plant.Finalize()
    context = plant.CreateDefaultContext()
    robot = plant.GetModelInstanceByName("robot")
    x_wr = plant.EvalBodyPoseInWorld(context, plant.GetBodyByName("base", robot))
    out = {}
    for index in plant.GetBodyIndices(robot):
        body = plant.get_body(index)
        x_rb = x_wr.inverse() @ plant.EvalBodyPoseInWorld(context, body)
        m = body.default_spatial_inertia().ReExpress(x_rb.rotation()).Shift(
            -x_rb.translation())
        spatial = np.zeros((4, 4))
        spatial[0, 0] = m.get_mass()
        spatial[0, 1:] = m.get_mass() * np.asarray(m.get_com())
        spatial[1:, 1:] = m.CalcRotationalInertia().CopyToFullMatrix3()
        out[body.name()] = (x_rb.GetAsMatrix4(), spatial)
    for i in range(plant.num_frames()):  # ``frames``: explicit, a massless link in the URDF
        frame = plant.get_frame(FrameIndex(i))
        if frame.model_instance() == robot and frame.name() in frames - set(out):
            x_rf = x_wr.inverse() @ frame.CalcPoseInWorld(context)
            out[frame.name()] = (x_rf.GetAsMatrix4(), np.zeros((4, 4)))
    return out


NEW_VERSIONS = [n for n in NAMES if tuple(int(p) for p in n[4:-4].split("_")) >= (1, 10)]


@pytest.mark.parametrize("name", [suite.param(f"sample:{n[:-4]}:drake", n, test_id=n[:-4])
                                  for n in NEW_VERSIONS])
def test_drake_reads_the_urdf_as_it_reads_the_sample(name: str) -> None:
    """SDFormat 1.10+ (beyond the oracle's libsdformat 12): Drake, whose libsdformat reads
    them, gives every body of the sample and of its ``sdf2urdf`` output the same pose
    relative to the root link and the same spatial inertia (1.11/1.12: computed by
    ``<inertial auto="true">`` in the sample, written out by urdfsdf in the URDF)."""
    pytest.importorskip("pydrake")
    frames = set(EXPECTED[name]["links"])
    before = _drake_bodies((VERSIONS / name).read_text(), "sdf", frames)
    after = _drake_bodies(_sdf2urdf(name), "urdf", frames)
    assert set(before) == set(after), f"Drake bodies and frames: {sorted(before)} from the " \
        f"sample, {sorted(after)} from the URDF"
    for body, (x_rb, spatial) in before.items():
        got_x, got_spatial = after[body]
        assert_same_pose(f"Drake pose of body {body}", got_x, x_rb)
        assert np.max(np.abs(got_spatial - spatial)) <= 1e-9 * max(1.0, np.abs(spatial).max()), \
            f"Drake spatial inertia of body {body}: {got_spatial} from the URDF, {spatial} " \
            "from the sample"
