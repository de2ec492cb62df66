"""sdf2urdf on every ../shared/corpus SDF: it converts (and check_urdf accepts it) or fails
with the documented diagnostic listed in EXPECTED_FAILURES; and, against libsdformat 12,
the URDF puts every frame where the SDF does.

Differential mapping (``test_urdf_poses_agree_with_libsdformat``).  Everything is
compared relative to the URDF root link at zero joint values, rotations as matrices,
within 1e-9:

- the URDF root link is the SDF root link of the joint tree: its frame is that link's
  SDF frame (``world`` instead when a joint has parent ``world``: then the reference is
  the world frame, ``X_W_e = X_WM X_M_e``, with the model pose the oracle reports);
- a URDF link frame is the frame of its parent joint, which is not the SDF link frame
  in general: URDF link C (child of SDF joint J) is compared with the oracle's pose of
  the *joint* frame J.  The massless link ``J_axis2_link`` of a universal/revolute2
  joint, and C below it, are at J's frame too; a link attached with
  ``--disconnected floating`` is at its own SDF link frame (joint ``L_floating``);
- the SDF link frame is where a link's contents are: each URDF visual and collision
  (by name) composed with its link's URDF frame must land at the oracle's link pose
  times the oracle's visual pose, and the inertial origin likewise;
- an explicit frame F is a URDF link F (fixed joint ``F_joint``) at the oracle's F.

Worlds whose only oracle errors are unresolvable ``<include>``s are compared with
the oracle's answer for the document without them.  Nested models are flattened
with ``::`` (oracle scope ``top::inner`` -> URDF names ``inner::X``); their poses
are composed from the oracle's nested model poses.  The differential converts with
``--lossy --disconnected floating`` when the default conversion fails
(zero-configuration poses do not change: lossy joints become fixed, shapes without
URDF form are dropped and skipped here).
"""

from __future__ import annotations

import functools
import re
import subprocess
import tempfile
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from lxml import etree

from urdfsdf.api import Result, load_sdf, sdf_to_urdf_result
from urdfsdf.core.diagnostics import CODES
from urdfsdf.translate.drake import STATIC_WELD
from urdfsdf.translate.to_urdf_transform import Options

from conftest import (
    CORPUS,
    SAMPLES,
    corpus_rows,
    oracle_path,
    requires_check_urdf,
    requires_corpus,
    requires_oracle,
)
from expectations import expected as expected_spec_errors
from kinematics import assert_same_pose, inv, origin_matrix, parse_urdf, pose_matrix
from oracle import oracle_matrix, run
from tiers import sample

SDF_ROWS = {r["path"]: r for r in corpus_rows() if r["format"] == "sdf"}

#: corpus SDFs (``path``, or ``path#model`` for one model of a document holding
#: several) that do not convert: the one diagnostic code they fail with, and why
EXPECTED_FAILURES: dict[str, tuple[str, str]] = {
    "dart_doc/sdf/benchmark.world#ground_plane":
        ("NO_URDF_EQUIVALENT", "<plane> visual and collision"),
    "dart_doc/sdf/double_pendulum.world#ground_plane":
        ("NO_URDF_EQUIVALENT", "<plane> visual and collision"),
    "dart_doc/sdf/double_pendulum_with_base.world#ground_plane":
        ("NO_URDF_EQUIVALENT", "<plane> visual and collision"),
    "dart_doc/sdf/ground.world": ("NO_URDF_EQUIVALENT", "<plane> visual and collision"),
    "dart_doc/sdf/test/issue1624_cubes.sdf#ground_plane":
        ("NO_URDF_EQUIVALENT", "<plane> visual and collision"),
    "dart_doc/sdf/test/test_skeleton_joint.world": ("NO_URDF_EQUIVALENT", "screw joint"),
    "pybullet_data/plane_stadium.sdf": ("NO_URDF_EQUIVALENT", "<plane> collision"),
    "pybullet_data/stadium.sdf#roboschool/models_outdoor/stadium/part1.obj":
        ("NO_URDF_EQUIVALENT", "<plane> collision"),
    "pybullet_data/stadium_no_collision.sdf#floor_obj":
        ("NO_URDF_EQUIVALENT", "<plane> collision"),
    "dart_doc/sdf/empty.world":
        ("NO_URDF_EQUIVALENT", "its one model, the included model://ground_plane: <plane> "
                               "visual and collision"),
    "dart_doc/sdf/test/force_torque_test.world#ground_plane":
        ("NO_URDF_EQUIVALENT", "included model://ground_plane: <plane> visual and collision"),
    "dart_doc/sdf/test/force_torque_test2.world#ground_plane":
        ("NO_URDF_EQUIVALENT", "included model://ground_plane: <plane> visual and collision"),
    "pybullet_data/gripper/wsg50_one_motor_gripper.sdf":
        ("RESERVED_NAME", "a link named world (libsdformat: RESERVED_NAME too)"),
    "pybullet_data/gripper/wsg50_one_motor_gripper_free_base.sdf":
        ("RESERVED_NAME", "a link named world (libsdformat: RESERVED_NAME too)"),
    "pybullet_data/gripper/wsg50_one_motor_gripper_new.sdf":
        ("RESERVED_NAME", "a link named world (libsdformat: RESERVED_NAME too)"),
    "pybullet_data/gripper/wsg50_one_motor_gripper_new_free_base.sdf":
        ("RESERVED_NAME", "a link named world (libsdformat: RESERVED_NAME too)"),
    "pybullet_data/gripper/wsg50_one_motor_gripper_no_finger.sdf":
        ("RESERVED_NAME", "a link named world (libsdformat: RESERVED_NAME too)"),
    "pybullet_data/gripper/wsg50_with_r2d2_gripper.sdf":
        ("RESERVED_NAME", "a link named world (libsdformat: RESERVED_NAME too)"),
    "pybullet_data/kiva_shelf/model.sdf":
        ("DUPLICATE_NAME", "three collisions share a name (libsdformat: DUPLICATE_NAME too)"),
    "pybullet_data/kuka_iiwa/model2.sdf#lbr_iiwa":
        ("DUPLICATE_NAME", "two models of the world share a name (libsdformat too)"),
}


def _model_names(path: Path) -> list[str]:
    doc, _diags = load_sdf(str(path))
    if doc is None:
        return []
    names = [m.name for m in doc.models] + [m.name for w in doc.worlds for m in w.models]
    return names


def _cases(paths: list[tuple[str, Path]], empty: bool = True
           ) -> list[tuple[str, Path, str | None]]:
    """(key, file, model to pass): every model of a document holding several.

    ``empty``: keep documents without any model (nothing to convert).
    """
    out = []
    for key, path in paths:
        names = _model_names(path)
        if not names and not empty:
            continue
        if len(names) <= 1:
            out.append((key, path, None))
        else:
            out.extend((f"{key}#{n}", path, n) for n in dict.fromkeys(names))
    return out


CORPUS_CASES = _cases([(p, CORPUS / p) for p in SDF_ROWS])


@functools.cache
def convert(path: Path, model: str | None, lossy: bool = False,
            floating: bool = False) -> Result:
    options = Options(lossy=lossy, disconnected="floating" if floating else "error")
    return sdf_to_urdf_result(str(path), model, options=options)


def errors(result: Result) -> list[str]:
    return [d.code for d in result.diagnostics if d.severity == "error"]


def check_urdf(text: str, tmp_path: Path) -> None:
    out = tmp_path / "out.urdf"
    out.write_text(text)
    done = subprocess.run(["check_urdf", str(out)], capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Successfully Parsed XML" in done.stdout


@requires_corpus
def test_expected_failures_are_corpus_cases() -> None:
    keys = {key for key, _p, _m in CORPUS_CASES}
    assert set(EXPECTED_FAILURES) <= keys
    for code, _reason in EXPECTED_FAILURES.values():
        assert code in CODES


@requires_corpus
def test_corpus_has_sdf_models() -> None:
    assert len(SDF_ROWS) >= 30
    assert len(CORPUS_CASES) - len(EXPECTED_FAILURES) >= 150


@requires_corpus
@requires_check_urdf
@pytest.mark.parametrize(("key", "path", "model"), sample(CORPUS_CASES, 30),
                         ids=[c[0] for c in sample(CORPUS_CASES, 30)])
def test_corpus_sdf_converts_or_fails_as_documented(key: str, path: Path, model: str | None,
                                                    tmp_path: Path) -> None:
    result = convert(path, model)
    if key not in EXPECTED_FAILURES:
        assert result.ok, [d.format() for d in result.diagnostics if d.severity == "error"]
        assert result.text is not None
        check_urdf(result.text, tmp_path)
        return
    code, reason = EXPECTED_FAILURES[key]
    assert not result.ok and result.text is None, f"now converts ({reason})"
    # one cause, one code: no cascade of other errors
    assert set(errors(result)) == {code}, [d.format() for d in result.diagnostics]
    libsdformat = SDF_ROWS[key.split("#")[0]]["libsdformat12_check"]
    if libsdformat != "ok":
        # a document libsdformat rejects: it names the same problem
        assert code in re.split(r"[:,]", libsdformat)


LOSSY_CASES = [c for c in CORPUS_CASES
               if EXPECTED_FAILURES.get(c[0], ("",))[0] == "NO_URDF_EQUIVALENT"]


@requires_corpus
@requires_check_urdf
@pytest.mark.parametrize(("key", "path", "model"), sample(LOSSY_CASES, 30),
                         ids=[c[0] for c in sample(LOSSY_CASES, 30)])
def test_corpus_sdf_converts_with_lossy(key: str, path: Path, model: str | None,
                                        tmp_path: Path) -> None:
    result = convert(path, model, lossy=True)
    assert result.ok, [d.format() for d in result.diagnostics if d.severity == "error"]
    assert result.text is not None
    warned = {d.code for d in result.diagnostics if d.severity == "warning"}
    assert warned & {"ELEMENT_DROPPED", "VALUE_APPROXIMATED"}
    check_urdf(result.text, tmp_path)


# -- differential: the URDF's poses against libsdformat's ----------------------

URDF_SHAPES = ("box", "cylinder", "sphere", "mesh")


def _has_joints_or_frames(path: Path) -> bool:
    text = path.read_text()
    return "<joint" in text or "<frame" in text


DIFF_FILES = ([(p, CORPUS / p) for p in SDF_ROWS]
              + [(f"samples/{p.name}", p) for p in sorted(SAMPLES.glob("*.sdf"))]
              + [(f"samples/spec/{p.name}", p) for p in sorted((SAMPLES / "spec").glob("*.sdf"))
                 if not expected_spec_errors(p) and _has_joints_or_frames(p)])
DIFF_CASES = _cases(DIFF_FILES, empty=False)


@functools.cache
def oracle_json(path: Path) -> dict[str, Any]:
    """The oracle's answer; for a world whose only errors are unresolvable <include>s
    (``model://sun``...), its answer for the document without them (urdfsdf does not
    resolve includes either: it drops them with a warning)."""
    oracle = oracle_path()
    assert oracle is not None
    data = run(oracle, str(path))
    codes = {e["code"] for e in data.get("errors", [])}
    if codes != {"URI_LOOKUP"}:
        return data
    root = etree.parse(str(path)).getroot()
    for include in list(root.iter("include")):
        include.getparent().remove(include)
    with tempfile.TemporaryDirectory() as tmp:
        stripped = Path(tmp) / path.name
        stripped.write_bytes(etree.tostring(root))
        return run(oracle, str(stripped))


def _m(pose: list[float]) -> np.ndarray:
    return oracle_matrix(pose)


def _rpy_matrix(pose_rpy: list[float]) -> np.ndarray:
    return pose_matrix(tuple(pose_rpy[:3]), tuple(pose_rpy[3:]))


def _oracle_scopes(data: dict[str, Any], top: str
                   ) -> list[tuple[str, dict[str, Any], np.ndarray]]:
    """(URDF name prefix, oracle model entry, X_top_scope) of the model and its nested ones."""
    out = []
    stack: list[tuple[str, str, np.ndarray]] = [(top, "", np.eye(4))]
    while stack:
        scoped, prefix, x = stack.pop()
        entry = data["models"][scoped]
        out.append((prefix, entry, x))
        for name, nested in entry.get("models", {}).items():
            assert nested.get("pose") is not None, f"{scoped}::{name} unresolved"
            stack.append((f"{scoped}::{name}", f"{prefix}{name}::", x @ _m(nested["pose"])))
    return out


def _world_pose(data: dict[str, Any], model: str) -> np.ndarray:
    """X_WM: the model's pose in its world, or its own pose at the document root."""
    entry = data["models"][model]
    world = entry.get("world")
    if world:
        return _m(data["worlds"][world]["models"][model]["pose"])
    assert not entry.get("raw_relative_to")
    return _rpy_matrix(entry["raw_pose_rpy"])


@requires_oracle
@pytest.mark.parametrize(("key", "path", "model"), sample(DIFF_CASES, 30),
                         ids=[c[0] for c in sample(DIFF_CASES, 30)])
def test_urdf_poses_agree_with_libsdformat(key: str, path: Path, model: str | None) -> None:
    data = oracle_json(path)
    if data.get("errors"):
        pytest.skip(f"the oracle reports errors: {[e['code'] for e in data['errors']]}")
    result = convert(path, model)
    if not result.ok:
        result = convert(path, model, lossy=True, floating=True)
    assert result.ok and result.text is not None, errors(result)
    top = model if model is not None else _model_names(path)[0]
    robot = parse_urdf(result.text)
    fk = robot.fk({})
    scopes = _oracle_scopes(data, top)

    # every SDF frame in the top model frame, under its flattened URDF name
    links: dict[str, tuple[np.ndarray, dict[str, Any]]] = {}
    joints: dict[str, np.ndarray] = {}
    frames: dict[str, np.ndarray] = {}
    for prefix, entry, x_ts in scopes:
        for name, link in entry["links"].items():
            links[prefix + name] = (x_ts @ _m(link["pose"]), link)
        for name, joint in entry["joints"].items():
            joints[prefix + name] = x_ts @ _m(joint["pose"])
        for name, frame in entry["frames"].items():
            frames[prefix + name] = x_ts @ _m(frame["pose"])
    if robot.root == "world":
        x_top_root = inv(_world_pose(data, top))
    else:
        assert robot.root in links
        x_top_root = links[robot.root][0]
    x_root_top = inv(x_top_root)

    checked = 0
    for name, (x_tl, link) in links.items():
        assert name in robot.links, f"link {name} missing from the URDF"
        # the URDF link frame: its parent joint's frame (or its own, at the root)
        if name == robot.root:
            expected = x_tl
        else:
            jname = robot.up[name][0]
            if jname in joints:
                expected = joints[jname]
            elif jname.endswith("_axis2") and jname[:-6] in joints:
                expected = joints[jname[:-6]]
                mid = robot.up[name][2]
                assert_same_pose(f"{key}: link {mid}", fk[mid], x_root_top @ expected)
            else:  # attached with a floating joint, or welded to world (a static model)
                assert jname in (f"{name}_floating", STATIC_WELD.format(name)), jname
                expected = x_tl
        assert_same_pose(f"{key}: link {name} (URDF frame)", fk[name], x_root_top @ expected)
        checked += 1
        for kind, tag in (("visuals", "visual"), ("collisions", "collision")):
            for vname, v in link.get(kind, {}).items():
                if v.get("geometry", {}).get("type") not in URDF_SHAPES:
                    continue  # dropped with --lossy, which a default conversion refuses
                el = robot.element(name, tag, vname)
                assert_same_pose(f"{key}: {tag} {name}/{vname}",
                                 fk[name] @ origin_matrix(el.find("origin")),
                                 x_root_top @ x_tl @ _m(v["pose"]))
                checked += 1
        inertial = link.get("inertial")
        if inertial is not None and robot.links[name].find("inertial") is not None:
            el = robot.element(name, "inertial", None)
            assert_same_pose(f"{key}: inertial of {name}",
                             fk[name] @ origin_matrix(el.find("origin")),
                             x_root_top @ x_tl @ _m(inertial["pose"]))
    for name, x_tf in frames.items():
        assert name in robot.links, f"frame {name} missing from the URDF"
        assert_same_pose(f"{key}: frame {name}", fk[name], x_root_top @ x_tf)
        checked += 1
    assert checked > 0


def test_differential_covers_samples() -> None:
    keys = {k for k, _p, _m in DIFF_CASES}
    assert "samples/pendulum_with_base.sdf" in keys
    assert "samples/spec/proposal_7_expressed_in.sdf" in keys
