#!/usr/bin/env python3
"""Write EXPECTED.json for the version samples: hand values, checked with libsdformat and Drake.

Every sample ``sdf_1_X.sdf`` describes the same robot (links base, link1, link2, tool;
j1 revolute about the model's x axis, j2 prismatic along the model's y axis, j3 fixed) in
the idiom of its version, so the expected poses at zero joint positions are one table,
written here by hand (:data:`POSES`), with the names each version's nesting gives.
The script checks that table:

* with the oracle (``sdf_oracle``, libsdformat 12, which reads up to 1.9) for 1.3-1.9;
  1.0 and 1.2 have a ``<gazebo>`` root, which libsdformat refuses: their content is the
  1.3 sample's, value for value, so their numbers stand on the 1.3 check;
* with Drake (pydrake, whose libsdformat reads the newest versions) for 1.10-1.12,
  including the inertials that ``<inertial auto="true">`` computes (1.11, 1.12);

and writes, per sample, who checked it. Usage (from the repository root)::

    .venv/bin/python samples/versions/make_expected.py [--oracle PATH]

``--oracle`` defaults to ``$SDF_ORACLE``; without an oracle or pydrake, the checks that
need them are left out (and the file says so).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import subprocess
import sys
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
TOL = 1e-9
Q = math.pi / 2


def rpy(r: float, p: float, y: float) -> np.ndarray:
    cr, sr, cp, sp, cy, sy = (math.cos(r), math.sin(r), math.cos(p), math.sin(p),
                              math.cos(y), math.sin(y))
    return (np.array([[cy, -sy, 0], [sy, cy, 0], [0, 0, 1]])
            @ np.array([[cp, 0, sp], [0, 1, 0], [-sp, 0, cp]])
            @ np.array([[1, 0, 0], [0, cr, -sr], [0, sr, cr]]))


def pose(xyz: tuple[float, float, float], r: np.ndarray) -> np.ndarray:
    m = np.eye(4)
    m[:3, :3] = r
    m[:3, 3] = xyz
    return m


#: X_M_B at zero joint positions, M the robot model's frame
POSES = {
    "base": pose((0, 0, 0), np.eye(3)),
    "link1": pose((0, 0, 0.3), rpy(0, 0, Q)),
    "link2": pose((0, 0.5, 0.3), rpy(Q, 0, Q)),
    "tool": pose((0.2, 0.5, 0.3), rpy(Q, 0, Q)),
    # explicit frames (massless links on fixed joints in the URDF)
    "mount": pose((0, 0, 0.3), np.eye(3)),
    "tcp": pose((0.25, 0.5, 0.3), rpy(Q, 0, Q)),
    "tool_flange": pose((0.2, 0.5, 0.3), rpy(Q, 0, Q)),
}
#: joint axes in the model frame
AXES = {"j1": [1.0, 0.0, 0.0], "j2": [0.0, 1.0, 0.0]}

#: per sample: SDF names of its links and frames -> the URDF name (nested: "arm::x"),
#: the joints' URDF names, the checker, and the world file's model
SAMPLES: dict[str, dict[str, object]] = {
    "sdf_1_0": {"links": ["base", "link1", "link2", "tool"], "check": "same as sdf_1_3"},
    "sdf_1_2": {"links": ["base", "link1", "link2", "tool"], "check": "same as sdf_1_3"},
    "sdf_1_3": {"links": ["base", "link1", "link2", "tool"], "check": "oracle"},
    "sdf_1_4": {"links": ["base", "link1", "link2", "tool"], "check": "oracle"},
    "sdf_1_5": {"links": ["base", "link1", "arm::link2", "arm::tool"], "check": "oracle",
                "joints": {"j1": "j1", "j2": "j2", "j3": "arm::j3"}},
    "sdf_1_6": {"links": ["base", "arm::link1", "arm::link2", "tool"], "check": "oracle",
                "joints": {"j1": "j1", "j2": "arm::j2", "j3": "j3"}},
    "sdf_1_7": {"links": ["base", "link1", "link2", "tool"], "frames": ["mount", "tcp"],
                "check": "oracle"},
    "sdf_1_8": {"links": ["base", "arm::link1", "arm::link2", "tool"],
                "frames": ["tool_flange"], "check": "oracle",
                "joints": {"j1": "j1", "j2": "arm::j2", "j3": "j3"}},
    "sdf_1_9": {"links": ["base", "link1", "link2", "tool"], "frames": ["mount"],
                "check": "oracle"},
    "sdf_1_10": {"links": ["base", "link1", "link2", "tool"], "frames": ["mount", "tcp"],
                 "check": "drake", "world_pose": [1.0, 2.0, 0.0]},
    "sdf_1_11": {"links": ["base", "link1", "link2", "tool"], "frames": ["mount"],
                 "check": "drake", "auto_inertial": True, "mimic": True},
    "sdf_1_12": {"links": ["base", "link1", "link2", "tool"], "frames": ["mount"],
                 "check": "drake", "auto_inertial": True, "mimic": True},
}


def auto_inertials() -> dict[str, dict[str, object]]:
    """Mass, centre of mass (link frame) and inertia about it, from the collisions."""
    m1 = 1000 * math.pi * 0.05 ** 2 * 0.4  # cylinder r 0.05, length 0.4, at z 0.2
    m2 = 2000 * 0.3 * 0.05 * 0.05  # box 0.3 x 0.05 x 0.05, at x 0.15
    m3 = 7850 * 4 / 3 * math.pi * 0.025 ** 3  # sphere r 0.025
    return {
        "link1": {"mass": m1, "com": [0.0, 0.0, 0.2],
                  "inertia": [m1 * (3 * 0.05 ** 2 + 0.4 ** 2) / 12] * 2 + [m1 * 0.05 ** 2 / 2]},
        "link2": {"mass": m2, "com": [0.15, 0.0, 0.0],
                  "inertia": [m2 * (0.05 ** 2 + 0.05 ** 2) / 12,
                              m2 * (0.05 ** 2 + 0.3 ** 2) / 12,
                              m2 * (0.3 ** 2 + 0.05 ** 2) / 12]},
        "tool": {"mass": m3, "com": [0.0, 0.0, 0.0], "inertia": [0.4 * m3 * 0.025 ** 2] * 3},
    }


def urdf_name(sample: dict[str, object], sdf_name: str) -> str:
    for name in [*sample["links"], *sample.get("frames", [])]:  # type: ignore[misc]
        if name.split("::")[-1] == sdf_name:
            return str(name)
    raise KeyError(sdf_name)


def oracle_poses(oracle: str, path: Path) -> dict[str, np.ndarray]:
    """X_M_B of every link and frame of model robot (nested: arm::name), from the oracle."""
    out = subprocess.run([oracle, str(path)], capture_output=True, text=True, check=False)
    data = json.loads(out.stdout)
    assert not data["errors"], data["errors"]

    def q2m(p: list[float]) -> np.ndarray:
        x, y, z, w, a, b, c = p
        n = math.sqrt(w * w + a * a + b * b + c * c)
        w, a, b, c = w / n, a / n, b / n, c / n
        r = np.array([[1 - 2 * (b * b + c * c), 2 * (a * b - c * w), 2 * (a * c + b * w)],
                      [2 * (a * b + c * w), 1 - 2 * (a * a + c * c), 2 * (b * c - a * w)],
                      [2 * (a * c - b * w), 2 * (b * c + a * w), 1 - 2 * (a * a + b * b)]])
        return pose((x, y, z), r)

    found: dict[str, np.ndarray] = {}

    def walk(scoped: str, x: np.ndarray, prefix: str) -> None:
        m = data["models"][scoped]
        for kind in ("links", "frames"):
            for name, entry in m.get(kind, {}).items():
                found[prefix + name] = x @ q2m(entry["pose"])
        for name, sub in m.get("models", {}).items():
            walk(f"{scoped}::{name}", x @ q2m(sub["pose"]), f"{prefix}{name}::")

    walk("robot", np.eye(4), "")
    return found


def drake_poses(path: Path) -> tuple[dict[str, np.ndarray], dict[str, dict[str, object]]]:
    """X_M_B of robot's bodies and frames, and their spatial inertias, from Drake."""
    from pydrake.multibody.parsing import Parser
    from pydrake.multibody.plant import MultibodyPlant
    from pydrake.multibody.tree import BodyIndex, FrameIndex

    plant = MultibodyPlant(0.0)
    Parser(plant).AddModels(str(path))
    plant.Finalize()
    ctx = plant.CreateDefaultContext()
    robot = plant.GetModelInstanceByName("robot")
    x_wm = plant.GetFrameByName("__model__", robot).CalcPoseInWorld(ctx).GetAsMatrix4()
    x_mw = np.linalg.inv(x_wm)
    poses: dict[str, np.ndarray] = {}
    inertias: dict[str, dict[str, object]] = {}
    for i in range(plant.num_bodies()):
        b = plant.get_body(BodyIndex(i))
        if b.model_instance() != robot:
            continue
        poses[b.name()] = x_mw @ plant.EvalBodyPoseInWorld(ctx, b).GetAsMatrix4()
        m = b.default_spatial_inertia()
        com = m.get_com()
        i_com = m.Shift(com).CalcRotationalInertia().CopyToFullMatrix3()
        inertias[b.name()] = {"mass": m.get_mass(), "com": com.tolist(),
                              "inertia": [i_com[0, 0], i_com[1, 1], i_com[2, 2]],
                              "products": [i_com[0, 1], i_com[0, 2], i_com[1, 2]]}
    for i in range(plant.num_frames()):
        f = plant.get_frame(FrameIndex(i))
        if f.model_instance() == robot and not f.is_body_frame() and f.name() != "__model__":
            poses.setdefault(f.name(), x_mw @ f.CalcPoseInWorld(ctx).GetAsMatrix4())
    return poses, inertias


def close(a: np.ndarray, b: np.ndarray) -> bool:
    return bool(np.max(np.abs(np.asarray(a) - np.asarray(b))) <= TOL)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--oracle", default=os.environ.get("SDF_ORACLE"))
    args = ap.parse_args()
    out: dict[str, object] = {
        "about": "X_M_B (M: frame of model 'robot') of every link, and of every explicit "
                 "frame (a massless link in the URDF), at zero joint positions; axes in M; "
                 "see EXPECTED.md",
        "samples": {}}
    failures = []
    for stem, sample in SAMPLES.items():
        path = HERE / f"{stem}.sdf"
        names = [*sample["links"], *sample.get("frames", [])]  # type: ignore[misc]
        expected = {n: POSES[n.split("::")[-1]] for n in names}
        checked = []
        how = sample["check"]
        if how == "oracle" and args.oracle:
            got = oracle_poses(args.oracle, path)
            for n, x in expected.items():
                if not close(got[n], x):
                    failures.append(f"{stem} {n}: oracle {got[n].round(9).tolist()}")
            checked.append("libsdformat 12.3 (sdf_oracle)")
        elif how == "drake":
            try:
                got, inertias = drake_poses(path)
            except ImportError:
                got, inertias = {}, {}
            if got:
                from importlib.metadata import version

                for n, x in expected.items():
                    if not close(got[n.split("::")[-1]], x):
                        failures.append(f"{stem} {n}: drake {got[n].round(9).tolist()}")
                if sample.get("auto_inertial"):
                    for link, want in auto_inertials().items():
                        have = inertias[link]
                        if not (close(have["mass"], want["mass"])
                                and close(have["com"], want["com"])
                                and close(have["inertia"], want["inertia"])
                                and close(have["products"], [0, 0, 0])):
                            failures.append(f"{stem} {link} inertial: drake {have}")
                checked.append(f"Drake {version('drake')}")
        elif how == "same as sdf_1_3":
            checked.append("hand (the content of sdf_1_3.sdf, which the oracle checks; "
                           "libsdformat refuses a <gazebo> root)")
        entry: dict[str, object] = {
            "model": "robot",
            "links": {n: {"xyz": x[:3, 3].round(15).tolist(),
                          "rotation": x[:3, :3].round(15).tolist()}
                      for n, x in expected.items()},
            "root": "base",
            "axes": {sample.get("joints", {}).get(j, j): a  # type: ignore[attr-defined]
                     for j, a in AXES.items()},
            "checked_with": checked or ["hand only (no oracle/Drake at generation)"],
        }
        if "world_pose" in sample:
            entry["world_model_pose_xyz"] = sample["world_pose"]
        if sample.get("auto_inertial"):
            entry["inertials"] = auto_inertials()
        if sample.get("mimic"):
            entry["mimic"] = {"j2": {"joint": "j1", "multiplier": 0.1, "offset": 0.05}}
        out["samples"][f"{stem}.sdf"] = entry  # type: ignore[index]
    if failures:
        print("\n".join(failures), file=sys.stderr)
        return 1
    (HERE / "EXPECTED.json").write_text(json.dumps(out, indent=1) + "\n")
    print(f"wrote {HERE / 'EXPECTED.json'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
