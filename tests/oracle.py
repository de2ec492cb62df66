"""Run ../shared/tools/sdf_oracle (libsdformat 12) and compare its poses with urdfsdf's."""

from __future__ import annotations

import json
import subprocess
from typing import Any

import numpy as np

from urdfsdf.core import transforms as tf

TOL = 1e-9


def run(oracle: str, path: str, env: dict[str, str] | None = None,
        cwd: str | None = None) -> dict[str, Any]:
    """The oracle's JSON for ``path`` (``env``/``cwd``: for SDF_PATH and relative includes)."""
    result = subprocess.run([oracle, path], capture_output=True, text=True, timeout=120,
                            check=False, env=env, cwd=cwd)
    return json.loads(result.stdout)


def oracle_matrix(pose: list[float]) -> np.ndarray:
    """4x4 matrix of an oracle pose ``[x, y, z, qw, qx, qy, qz]``."""
    x, y, z, w, qx, qy, qz = pose
    n = (w * w + qx * qx + qy * qy + qz * qz) ** 0.5
    w, qx, qy, qz = w / n, qx / n, qy / n, qz / n
    m = np.eye(4)
    m[:3, :3] = [
        [1 - 2 * (qy * qy + qz * qz), 2 * (qx * qy - qz * w), 2 * (qx * qz + qy * w)],
        [2 * (qx * qy + qz * w), 1 - 2 * (qx * qx + qz * qz), 2 * (qy * qz - qx * w)],
        [2 * (qx * qz - qy * w), 2 * (qy * qz + qx * w), 1 - 2 * (qx * qx + qy * qy)],
    ]
    m[:3, 3] = [x, y, z]
    return m


def ours_matrix(p: dict[str, Any]) -> np.ndarray:
    """4x4 matrix of a ``urdfsdf poses`` entry (from xyz + rpy)."""
    return tf.as_matrix(tf.from_xyz_rpy(p["xyz"], p["rpy"]))


def close(a: np.ndarray, b: np.ndarray, tol: float = TOL) -> bool:
    return bool(np.max(np.abs(a - b)) <= tol)


def compare(oracle_json: dict[str, Any], ours: dict[str, Any]) -> list[str]:
    """Every disagreement between the oracle and urdfsdf, as readable lines."""
    problems: list[str] = []

    def check(where: str, o: list[float] | None, p: dict[str, Any] | None,
              base: np.ndarray | None = None) -> None:
        if o is None:
            return
        if p is None:
            problems.append(f"{where}: unresolved by urdfsdf")
            return
        om = oracle_matrix(o) if base is None else base @ oracle_matrix(o)
        if not close(om, ours_matrix(p)):
            problems.append(f"{where}: oracle {np.round(om, 6).tolist()} != ours "
                            f"{np.round(ours_matrix(p), 6).tolist()}")

    for scoped, om in oracle_json.get("models", {}).items():
        mine = ours["models"].get(scoped)
        if mine is None:
            problems.append(f"model {scoped}: missing from urdfsdf")
            continue
        for name, link in om.get("links", {}).items():
            where = f"{scoped} link {name}"
            if name not in mine["links"]:
                problems.append(f"{where}: missing")
                continue
            check(where, link.get("pose"), mine["links"][name])
            if link.get("pose") is None:
                continue
            base = oracle_matrix(link["pose"])
            for kind in ("visuals", "collisions"):
                for vname, v in link.get(kind, {}).items():
                    check(f"{where} {kind[:-1]} {vname}", v.get("pose"),
                          mine[kind].get(f"{name}/{vname}"), base)
        for name, joint in om.get("joints", {}).items():
            where = f"{scoped} joint {name}"
            if name not in mine["joints"]:
                problems.append(f"{where}: missing")
                continue
            check(where, joint.get("pose"), mine["joints"][name])
            for key, okey in (("axis", "axis_xyz"), ("axis2", "axis2_xyz")):
                axis = joint.get(key)
                got = (mine["joints"][name] or {}).get(okey)
                if axis and axis.get("xyz") is not None and got is not None:
                    if not close(np.array(axis["xyz"]), np.array(got)):
                        problems.append(f"{where} {key}: oracle {axis['xyz']} != ours {got}")
        for name, frame in om.get("frames", {}).items():
            where = f"{scoped} frame {name}"
            if name not in mine["frames"]:
                problems.append(f"{where}: missing")
                continue
            check(where, frame.get("pose"), mine["frames"][name])
            body = frame.get("attached_to_body")
            got = (mine["frames"][name] or {}).get("attached_to_body")
            if body and got is not None and body != got:
                problems.append(f"{where}: attached_to_body oracle {body!r} != ours {got!r}")
        for name, nested in om.get("models", {}).items():
            check(f"{scoped} model {name}", nested.get("pose"), mine["models"].get(name))
    for wname, world in oracle_json.get("worlds", {}).items():
        mine = ours["worlds"].get(wname)
        if mine is None:
            problems.append(f"world {wname}: missing")
            continue
        for kind in ("models", "frames"):
            for name, entry in world.get(kind, {}).items():
                check(f"world {wname} {kind[:-1]} {name}", entry.get("pose"),
                      mine[kind].get(name))
    return problems
