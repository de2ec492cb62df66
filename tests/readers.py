"""Independent readers run from tests: Drake's spatial inertias of a file's bodies, each
load in a forked child (Drake aborts the process on some inputs)."""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable
from typing import Any

import numpy as np

TOL = 1e-6


def isolated(fn: Callable[..., Any], *args: Any) -> tuple[str, Any]:
    """``fn(*args)`` in a forked child: ("ok", value), ("error", message) or ("abort", code)."""
    ctx = multiprocessing.get_context("fork")
    queue = ctx.Queue()

    def run() -> None:
        try:
            queue.put(("ok", fn(*args)))
        except Exception as exc:  # the reader refused the file
            queue.put(("error", f"{type(exc).__name__}: {str(exc)[:200]}"))

    child = ctx.Process(target=run)
    child.start()
    out: tuple[str, Any] = ("abort", None)
    for _ in range(600):  # at most 300 s; an aborted child ends the wait at once
        try:
            out = queue.get(timeout=0.5)
            break
        except Exception:  # queue.Empty
            if not child.is_alive():
                child.join()
                out = ("abort", child.exitcode)
                break
    child.join(10)
    if child.is_alive():
        child.kill()
    return out


def drake_inertias(text: str, kind: str, ref: str | None = None,
                    instance: str | None = None) -> dict[str, tuple[float, Any, Any]]:
    """Each body's mass, first moment and rotational inertia about ``ref``'s origin."""
    from pydrake.math import RigidTransform
    from pydrake.multibody.parsing import Parser
    from pydrake.multibody.plant import MultibodyPlant
    from pydrake.multibody.tree import BodyIndex

    plant = MultibodyPlant(0.0)
    Parser(plant).AddModelsFromString(text, kind)
    plant.Finalize()
    context = plant.CreateDefaultContext()
    if instance is not None:
        indices = plant.GetBodyIndices(plant.GetModelInstanceByName(instance))
    else:
        indices = [BodyIndex(i) for i in range(plant.num_bodies())
                   if i != int(plant.world_body().index())]
    bodies = [plant.get_body(i) for i in indices]
    x_wr = (plant.EvalBodyPoseInWorld(context, plant.GetBodyByName(ref))
            if ref is not None else RigidTransform())
    out = {}
    for body in bodies:
        x_rb = x_wr.inverse() @ plant.EvalBodyPoseInWorld(context, body)
        m = body.default_spatial_inertia().ReExpress(x_rb.rotation()).Shift(
            -x_rb.translation())
        out[body.name()] = (m.get_mass(), m.get_mass() * np.array(m.get_com()),
                            m.CalcRotationalInertia().CopyToFullMatrix3())
    return out


def inertia_differences(a: dict[str, Any], b: dict[str, Any]) -> list[str]:
    """Bodies whose spatial inertias differ; a body only in ``b`` must be massless."""
    found = [f"{name}: only in the input" for name in a if name not in b]
    found += [f"{name}: only in the output, mass {b[name][0]}" for name in b
              if name not in a and b[name][0] != 0.0]
    for name in a.keys() & b.keys():
        (ma, ca, ia), (mb, cb, ib) = a[name], b[name]
        scale = max(abs(ma), float(np.abs(ia).max()), 1e-12)
        if abs(ma - mb) > TOL * max(abs(ma), 1e-12) or \
                float(np.abs(ca - cb).max()) > TOL * max(scale, float(np.abs(ca).max())) or \
                float(np.abs(ia - ib).max()) > TOL * scale:
            found.append(f"{name}: mass {ma} vs {mb}, first moment {ca} vs {cb}")
    return found
