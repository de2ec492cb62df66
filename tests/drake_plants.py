"""Drake's ``MultibodyPlant`` of a robot description, compared category by category
(issue 50; the ideas of ``../shared/tools/plant_equivalence.py``, in the tests' terms).

:func:`snapshot` loads a URDF or SDF text into a plant with a ``SceneGraph`` (meshes and
textures pointed at placeholder files: the corpus ships none) and keeps what Drake built,
as plain values: bodies and their spatial inertias, joints (type, links, limits, damping),
actuators (by the joint they drive), geometry (shape, size, pose, proximity properties;
illustration properties apart), coupler and other constraints, the collision filters
between bodies, and every body's pose at the default configuration.  :func:`differences`
compares two snapshots and says, per category, what differs.  Each load runs in a
forked child (:func:`readers.isolated`): Drake aborts the process on some inputs.
"""

from __future__ import annotations

import math
import os
import re
import tempfile
from typing import Any

from readers import isolated

#: the categories :func:`differences` reports
CATEGORIES = ("bodies", "joints", "actuators", "actuator_names", "geometry", "colours",
              "constraints", "collision_filters", "kinematics")
#: what every output keeps (issue 50: the default output's acceptance)
KEPT = ("bodies", "kinematics", "constraints", "collision_filters", "geometry")
TOL = 1e-6

_OBJ = "v 0 0 0\nv 0.01 0 0\nv 0 0.01 0\nv 0 0 0.01\nf 1 3 2\nf 1 2 4\nf 1 4 3\nf 2 3 4\n"
_PNG = bytes.fromhex("89504e470d0a1a0a0000000d4948445200000001000000010806000000"
                     "1f15c4890000000d4944415478da63fccf0c7c070005050200"
                     "5fc8f1d20000000049454e44ae426082")
_URDF_FILE = re.compile(r"""(<(mesh|texture)\b[^>]*?\bfilename\s*=\s*)("[^"]*"|'[^']*')""")
_SDF_MESH = re.compile(r"(<mesh>\s*<uri>)[^<]*(</uri>)")
_SDF_TEXTURE = re.compile(r"(<drake:diffuse_map\b[^>]*>)[^<]*(</drake:diffuse_map>)")


def _placeholders(text: str, kind: str) -> str:
    """``text`` with every mesh a 1 cm tetrahedron and every texture a 1x1 PNG."""
    folder = tempfile.mkdtemp()
    mesh, png = os.path.join(folder, "mesh.obj"), os.path.join(folder, "texture.png")
    with open(mesh, "w", encoding="ascii") as fh:
        fh.write(_OBJ)
    with open(png, "wb") as fb:
        fb.write(_PNG)
    mesh, png = f"file://{mesh}", f"file://{png}"
    files = {"mesh": mesh, "texture": png}
    if kind == "urdf":
        return _URDF_FILE.sub(lambda m: f'{m.group(1)}"{files[m.group(2)]}"', text)
    text = _SDF_TEXTURE.sub(lambda m: f"{m.group(1)}{png}{m.group(2)}", text)
    return _SDF_MESH.sub(lambda m: f"{m.group(1)}{mesh}{m.group(2)}", text)


def _values(v: Any) -> Any:
    """A property value as plain data."""
    kind = type(v).__name__
    if isinstance(v, (bool, int, float, str)):
        return v if not isinstance(v, str) or not os.path.isabs(v) else os.path.basename(v)
    if kind == "Rgba":
        return (v.r(), v.g(), v.b(), v.a())
    if kind == "CoulombFriction":
        return (v.static_friction(), v.dynamic_friction())
    try:
        return tuple(float(x) for x in v)
    except TypeError:
        return repr(v)


def _property(props: Any, group: str, name: str) -> Any:
    """A geometry property as plain data (a few have no Python binding: by their type)."""
    try:
        return _values(props.GetProperty(group, name))
    except RuntimeError as exc:
        found = re.search(r"drake::Value<([^>]*)>", str(exc))
        return f"<{found.group(1) if found else 'unreadable'}>"


def _shape(s: Any) -> tuple[str, tuple[float, ...]]:
    kind = type(s).__name__
    sizes = {"Box": lambda: (s.width(), s.depth(), s.height()), "Sphere": lambda: (s.radius(),),
             "Cylinder": lambda: (s.radius(), s.length()),
             "Capsule": lambda: (s.radius(), s.length()),
             "Ellipsoid": lambda: (s.a(), s.b(), s.c()),
             "Mesh": lambda: tuple(s.scale3()), "Convex": lambda: tuple(s.scale3())}
    return kind, tuple(float(x) for x in sizes.get(kind, tuple)())


def _pose(x: Any) -> tuple[float, ...]:
    return tuple(float(v) for v in x.GetAsMatrix34().ravel())


def _load(text: str, kind: str) -> dict[str, Any]:
    """Drake's plant of ``text`` as plain values (run in a child: :func:`snapshot`)."""
    import logging

    from pydrake.geometry import Role
    from pydrake.multibody.parsing import Parser
    from pydrake.multibody.plant import AddMultibodyPlantSceneGraph
    from pydrake.multibody.tree import BodyIndex
    from pydrake.systems.framework import DiagramBuilder

    logging.getLogger("drake").setLevel(logging.ERROR)  # its warnings: other tests' concern
    builder = DiagramBuilder()
    plant, scene_graph = AddMultibodyPlantSceneGraph(builder, 0.0)
    Parser(plant, scene_graph).AddModelsFromString(_placeholders(text, kind), kind)
    plant.Finalize()
    world = plant.world_body().index()
    bodies = [plant.get_body(BodyIndex(i)) for i in range(plant.num_bodies())]
    out: dict[str, Any] = {"bodies": {}, "joints": {}, "actuators": {}, "geometry": {},
                           "colours": {}, "kinematics": {}}
    context = plant.CreateDefaultContext()
    for b in bodies:
        if b.index() == world:
            continue
        m = b.default_spatial_inertia()
        out["bodies"][b.name()] = tuple(float(x) for x in m.CopyToFullMatrix6().ravel())
        out["kinematics"][b.name()] = _pose(plant.EvalBodyPoseInWorld(context, b))
    for i in plant.GetJointIndices():
        j = plant.get_joint(i)
        if j.is_ephemeral():
            continue
        out["joints"][j.name()] = (
            j.type_name(), j.parent_body().name(), j.child_body().name(),
            *(tuple(float(x) for x in f()) for f in (
                j.position_lower_limits, j.position_upper_limits, j.velocity_upper_limits,
                j.default_damping_vector)))
    for i in plant.GetJointActuatorIndices():
        a = plant.get_joint_actuator(i)
        out["actuators"][a.joint().name()] = (a.name(), float(a.effort_limit()))
    inspector = scene_graph.model_inspector()
    near = {}
    for b in bodies:
        frame = plant.GetBodyFrameIdIfExists(b.index())
        if frame is None:
            continue
        for role, key in ((Role.kProximity, "geometry"), (Role.kIllustration, "geometry")):
            for g in inspector.GetGeometries(frame, role):
                props = inspector.GetProperties(g, role)
                values = {f"{gr}/{n}": _property(props, gr, n)
                          for gr in props.GetGroupNames() for n in props.GetPropertiesInGroup(gr)}
                shape = (str(role), *_shape(inspector.GetShape(g)),
                         _pose(inspector.GetPoseInFrame(g)))
                if role == Role.kProximity:
                    near.setdefault(b.name(), g)
                    mesh = inspector.maybe_get_hydroelastic_mesh(g)
                    values["hydroelastic"] = type(mesh).__name__ if mesh is not None else ""
                    out[key].setdefault(b.name(), []).append((*shape, sorted(values.items())))
                else:
                    out[key].setdefault(b.name(), []).append(shape)
                    out["colours"].setdefault(b.name(), []).append(sorted(values.items()))
    names = sorted(near)
    out["collision_filters"] = sorted(
        (a, b) for n, a in enumerate(names) for b in names[n + 1:]
        if inspector.CollisionFiltered(near[a], near[b]))
    out["constraints"] = plant.num_constraints()
    return out


def snapshot(text: str, kind: str) -> dict[str, Any] | None:
    """Drake's plant of ``text`` (``kind``: "urdf" or "sdf") as plain values, or None when
    Drake refuses it."""
    import pydrake.multibody.parsing  # noqa: F401  (imported once: each child forks it)
    import pydrake.systems.framework  # noqa: F401

    status, value = isolated(_load, text, kind)
    return value if status == "ok" else None


def _close(a: Any, b: Any) -> bool:
    """Equal, numbers within :data:`TOL` (relative to the larger, infinities equal)."""
    if isinstance(a, float) and isinstance(b, float):
        if math.isinf(a) or math.isinf(b):
            return a == b
        return abs(a - b) <= TOL * max(1.0, abs(a), abs(b))
    if isinstance(a, (tuple, list)) and isinstance(b, (tuple, list)):
        return len(a) == len(b) and all(_close(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def _keyed(category: str, a: dict[str, Any], b: dict[str, Any]) -> list[str]:
    out = [f"{category} {k!r}: only in the input" for k in a if k not in b]
    out += [f"{category} {k!r}: only in the output" for k in b if k not in a]
    out += [f"{category} {k!r}: {a[k]} != {b[k]}" for k in a.keys() & b.keys()
            if not _close(_sorted(a[k]), _sorted(b[k]))]
    return out


def _rounded(v: Any) -> Any:
    """``v`` with its numbers rounded well inside :data:`TOL` (and -0.0 made 0.0)."""
    if isinstance(v, float):
        return round(v, 4) + 0.0
    if isinstance(v, (tuple, list)):
        return tuple(_rounded(x) for x in v)
    return v


def _sorted(v: Any) -> Any:
    """A list of shapes in a canonical order (Drake registers them in document order),
    which differences below :data:`TOL` do not change (a pose of ``1e-17`` or ``-0.0``)."""
    return sorted(v, key=lambda x: repr(_rounded(x))) if isinstance(v, list) else v


def differences(a: dict[str, Any], b: dict[str, Any]) -> dict[str, list[str]]:
    """What differs between two snapshots, by category (none: no key)."""
    found = {
        "bodies": _keyed("body", a["bodies"], b["bodies"]),
        "joints": _keyed("joint", a["joints"], b["joints"]),
        "actuators": _keyed("actuator of", {k: v[1] for k, v in a["actuators"].items()},
                            {k: v[1] for k, v in b["actuators"].items()}),
        "actuator_names": _keyed("actuator of", {k: v[0] for k, v in a["actuators"].items()},
                                 {k: v[0] for k, v in b["actuators"].items()}),
        "geometry": _keyed("geometry of", a["geometry"], b["geometry"]),
        "colours": _keyed("colours of", a["colours"], b["colours"]),
        "kinematics": _keyed("pose of", a["kinematics"], b["kinematics"]),
        "constraints": [] if a["constraints"] == b["constraints"] else [
            f"constraints: {a['constraints']} != {b['constraints']}"],
        "collision_filters": [] if a["collision_filters"] == b["collision_filters"] else [
            "filtered pairs: " + str(sorted(set(map(tuple, a["collision_filters"])) ^ set(
                map(tuple, b["collision_filters"]))))],
    }
    return {k: v for k, v in found.items() if v}
