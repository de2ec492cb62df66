"""A joint whose parent and child frames are on one link (issue 25, item 6).

libsdformat refuses it only for the joints of a root model, of a world's models and of a
world: ``checkJointParentChildNames`` (src/parser.cc), which ``Root::Load`` calls, walks
those and no nested model (sdf/frames.py, ``joint_bodies``).  gz-sim's
test/worlds/models/nested_models/model.sdf has such a joint in a nested model and loads;
tests/data/sdf/nested_joint_same_link.sdf reconstructs it.  Equal parent and child names
are refused at every depth (``Joint::Load``).

The data files' (code, line) marks are checked by tests/test_data.py; here: the oracle's
verdict on each file is urdfsdf's, the poses of the loadable file are libsdformat's, and
sdf2urdf explains (or, with ``--lossy``, drops) a joint URDF cannot hold.
"""

from __future__ import annotations

import io
import json
import subprocess
from pathlib import Path

import numpy as np
import pytest

from urdfsdf.commands.cli import main
from urdfsdf.compare import kinematic_model

from conftest import ROOT, oracle_path, requires_check_urdf, requires_oracle
from expectations import expected
from oracle import compare, run

DATA = ROOT / "tests" / "data" / "sdf"
GZ_SIM = DATA / "nested_joint_same_link.sdf"
JOINT_LINE = 38  # <joint name="joint_01"> in GZ_SIM
CASES = ["nested_joint_same_link", "joint_frames_same_link", "world_joint_frames_same_link",
         "nested_joint_parent_is_child"]


def _cli(args: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(args, stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


@requires_oracle
@pytest.mark.parametrize("name", CASES)
def test_libsdformat_gives_the_same_verdict(name: str) -> None:
    path = DATA / f"{name}.sdf"
    oracle = oracle_path()
    assert oracle is not None
    theirs = {e["code"] for e in run(oracle, str(path))["errors"]}
    assert theirs == {code for code, _ in expected(path)}


@requires_oracle
def test_gz_sim_file_poses_are_libsdformat_s() -> None:
    oracle = oracle_path()
    assert oracle is not None
    result = run(oracle, str(GZ_SIM))
    assert result["errors"] == []
    joint = result["models"]["nested_models::model_00"]["joints"]["joint_01"]
    assert joint["parent_link"] == joint["child_link"] == "model_01::link_01"
    status, out, err = _cli(["poses", str(GZ_SIM), "--json"])
    assert status == 0, err
    ours = json.loads(out)
    assert ours["errors"] == []
    assert compare(result, ours) == []


def test_sdf2urdf_names_the_joint_it_cannot_write() -> None:
    status, out, err = _cli(["sdf2urdf", str(GZ_SIM)])
    assert status == 1 and out == ""
    assert "Traceback" not in err
    # diagnostics print in line order: the joint's error is the one at its line
    first = next(line for line in err.splitlines() if f":{JOINT_LINE}: " in line)
    assert f":{JOINT_LINE}: error[NO_URDF_EQUIVALENT]: joint 'model_00::joint_01'" in first
    assert "'model_00::model_01::link_01'" in first and "--lossy" in first
    assert "loop" not in err  # the cause, not the loop the joint would make


def test_sdf2urdf_lossy_drops_it() -> None:
    status, out, err = _cli(["sdf2urdf", "--lossy", str(GZ_SIM)])
    assert status == 1 and out == ""  # link_01 has no other joint: disconnected
    assert f":{JOINT_LINE}: warning[ELEMENT_DROPPED]: joint 'model_00::joint_01'" in err
    assert "error[URDF_TREE_INVALID]" in err and "--disconnected floating" in err


@requires_check_urdf
def test_sdf2urdf_lossy_floating_is_a_urdf(tmp_path: Path) -> None:
    status, out, err = _cli(["sdf2urdf", "--lossy", "--disconnected", "floating",
                             str(GZ_SIM)])
    assert status == 0, err
    assert "joint_01" not in out
    urdf = tmp_path / "nested_models.urdf"
    urdf.write_text(out)
    done = subprocess.run(["check_urdf", str(urdf)], capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 0, done.stdout + done.stderr


def test_kinematic_model_leaves_the_joint_out() -> None:
    # it moves no link relative to another; before, poses() climbed from link_01 to its
    # own parent forever
    k = kinematic_model(str(GZ_SIM))
    assert k.joints == {}
    poses = k.poses()
    assert set(poses) == {"model_00::link_00", "model_00::model_01::link_01"}
    assert np.allclose(poses["model_00::model_01::link_01"], np.eye(4))  # both at 20 21 22
