"""``urdfsdf poses``: every frame of every model and world, resolved.

An SDF file goes through the frame engine.  A URDF gives its robot as one model
of the same shape: every link and joint frame posed in the root link's frame
(the model frame of its SDF form), axes in that frame, visuals and collisions
named as urdf2sdf names them; ``canonical_link`` is the root link.

JSON shape (poses in the frame of the model that holds the entity; world
entries in ``world``; unresolvable poses are ``null``)::

    {"models": {"outer::inner": {"canonical_link": str, "links": {name: P},
       "joints": {name: P + {"axis_xyz": [x, y, z], "axis2_xyz": ...}},
       "frames": {name: P + {"attached_to_body": str}}, "models": {name: P},
       "visuals": {"link/visual": P}, "collisions": {"link/collision": P}}},
     "worlds": {name: {"models": {name: P}, "frames": {name: P}}},
     "errors": [diagnostic, ...]}

with ``P = {"xyz": [..], "rpy": [..], "quat_wxyz": [..]}`` and axes
expressed in the model frame.  A frame attached to no link (in a static or link-less
model) has ``"attached_to_body": "__model__"``, as libsdformat reports it.  In Python
the ``[..]`` of ``P`` are tuples of floats (JSON arrays once dumped).
"""

from __future__ import annotations

from typing import Any

from urdfsdf.api import gc_paused
from urdfsdf.core import transforms as tf
from urdfsdf.core.diagnostics import Diagnostic, Diagnostics, in_order
from urdfsdf.core.ir import Model, SdfDocument
from urdfsdf.core.transforms import Transform
from urdfsdf.document import load_document
from urdfsdf.sdf.frames import Scope, Semantics, analyze
from urdfsdf.sdf.includes import IncludeConfig
from urdfsdf.sdf.names import MODEL_FRAME
from urdfsdf.xml.parse import Source

Json = dict[str, Any]


def pose_json(x: Transform | None) -> Json | None:
    """``{"xyz", "rpy", "quat_wxyz"}`` of a transform (None stays None)."""
    if x is None:
        return None
    xyz, rpy = tf.to_xyz_rpy(x)
    # tuples (JSON arrays too): 48 bytes less per entry than lists
    return {"xyz": xyz, "rpy": rpy, "quat_wxyz": tf.quat_wxyz(x[0])}


def model_json(scope: Scope) -> Json:
    """Everything of one model scope, posed in its model frame."""
    out: Json = {"canonical_link": scope.canonical_link, "links": {}, "joints": {},
                 "frames": {}, "models": {}, "visuals": {}, "collisions": {}}
    for name, link in scope.links.items():
        out["links"][name] = pose_json(scope.pose(name))
        for v in link.visuals:
            out["visuals"][f"{name}/{v.name}"] = pose_json(scope.element_pose(name, v.pose))
        for c in link.collisions:
            out["collisions"][f"{name}/{c.name}"] = pose_json(scope.element_pose(name, c.pose))
    for name, joint in scope.joints.items():
        entry = pose_json(scope.pose(name))
        if entry is not None:
            for key, axis in (("axis_xyz", joint.axis), ("axis2_xyz", joint.axis2)):
                if axis is not None:
                    direction = scope.axis_in(joint, axis, MODEL_FRAME)
                    entry[key] = list(direction) if direction is not None else None
        out["joints"][name] = entry
    for name in scope.frames:
        entry = pose_json(scope.pose(name))
        if entry is not None:
            body = scope.body(name)
            # attached to no link (the model frame of a static or link-less model):
            # libsdformat's FrameSemantics names the model frame, __model__
            entry["attached_to_body"] = MODEL_FRAME if body == "" else body
        out["frames"][name] = entry
    for name in scope.children:
        out["models"][name] = pose_json(scope.pose(name))
    return out


def report(sem: Semantics, diagnostics: list[Diagnostic]) -> Json:
    """The JSON report of a whole document."""
    out: Json = {"models": {}, "worlds": {}, "errors": []}
    for scoped, scope in sem.models.items():
        out["models"][scoped] = model_json(scope)
    for name, world in sem.worlds.items():
        out["worlds"][name] = {
            "models": {m: pose_json(world.pose(m)) for m in world.children},
            "frames": {f: pose_json(world.pose(f)) for f in world.frames},
        }
    out["errors"] = [d.to_dict() for d in in_order(diagnostics) if d.severity == "error"]
    return out


def poses_document(doc: SdfDocument, diags: Diagnostics) -> Json:
    """Resolve every pose of ``doc``."""
    sem = analyze(doc, diags)
    return report(sem, diags.items)


def urdf_model_json(model: Model) -> Json:
    """Every frame of a URDF robot (read without error), posed in its root link's frame.

    A link's frame is its parent joint's (the last joint naming it as child, as
    in urdfdom); a joint's frame is its parent link's frame moved by its origin.
    """
    from urdfsdf.core.tree import check_urdf_tree
    from urdfsdf.translate.to_sdf import name_shapes
    from urdfsdf.urdf.reader import AXIS_TYPES

    root = check_urdf_tree(model, Diagnostics(), several_roots="warning") or (
        model.links[0].name if model.links else "")
    above = {joint.child: joint for joint in model.joints}  # the last one, as urdfdom
    below: dict[str, list[str]] = {}
    for child, joint in above.items():
        below.setdefault(joint.parent, []).append(child)
    # every root link is at the root's frame (Drake's free bodies, at their default pose)
    x_ml: dict[str, Transform] = {root: tf.IDENTITY}
    x_ml.update((link.name, tf.IDENTITY) for link in model.links if link.name not in above)
    todo = list(x_ml)
    while todo:  # iterative: a 100k-link chain is fine
        parent = todo.pop()
        for child in below.get(parent, ()):
            if child not in x_ml:
                x_ml[child] = tf.compose(x_ml[parent], tf.pose_transform(above[child].pose))
                todo.append(child)
    out: Json = {"canonical_link": root, "links": {}, "joints": {}, "frames": {},
                 "models": {}, "visuals": {}, "collisions": {}}
    for link in model.links:
        x = x_ml.get(link.name)
        out["links"][link.name] = pose_json(x)
        visuals, collisions = name_shapes(link)
        for v in visuals:
            out["visuals"][f"{link.name}/{v.name}"] = pose_json(
                None if x is None else tf.compose(x, tf.pose_transform(v.pose)))
        for c in collisions:
            out["collisions"][f"{link.name}/{c.name}"] = pose_json(
                None if x is None else tf.compose(x, tf.pose_transform(c.pose)))
    for joint in model.joints:
        x_p = x_ml.get(joint.parent)
        x_j = None if x_p is None else tf.compose(x_p, tf.pose_transform(joint.pose))
        entry = pose_json(x_j)
        if entry is not None and x_j is not None and joint.axis is not None and \
                joint.type in AXIS_TYPES:
            entry["axis_xyz"] = list(tf.rot_apply(x_j[0], joint.axis.xyz))
        out["joints"][joint.name] = entry
    return out


@gc_paused
def poses_source(source: Source, file: str | None = None,
                 includes: IncludeConfig | None = None) -> tuple[Json, list[Diagnostic]]:
    """Read a URDF or SDF document and resolve every pose."""
    diags = Diagnostics()
    doc = load_document(source, diags, file, includes=includes)
    empty: Json = {"models": {}, "worlds": {}, "errors": []}
    if doc is not None and doc.urdf is not None and not diags.has_errors():
        report = {**empty, "models": {doc.urdf.name: urdf_model_json(doc.urdf)}}
    elif doc is not None and doc.sdf is not None:
        return poses_document(doc.sdf, diags), diags.items
    else:
        report = empty
    report["errors"] = [d.to_dict() for d in in_order(diags) if d.severity == "error"]
    return report, diags.items


def format_text(rep: Json) -> str:
    """A plain listing: one line per entity with xyz and rpy."""
    lines: list[str] = []

    def fmt(p: Json | None) -> str:
        if p is None:
            return "(unresolvable)"
        xyz = " ".join(f"{v:.6g}" for v in p["xyz"])
        rpy = " ".join(f"{v:.6g}" for v in p["rpy"])
        return f"xyz {xyz}  rpy {rpy}"

    for scoped, m in rep["models"].items():
        lines.append(f"model {scoped} (canonical link {m['canonical_link']})")
        for kind in ("links", "joints", "frames", "models", "visuals", "collisions"):
            for name, p in m[kind].items():
                lines.append(f"  {kind[:-1]:9} {name}: {fmt(p)}")
    for wname, w in rep["worlds"].items():
        lines.append(f"world {wname}")
        for kind in ("models", "frames"):
            for name, p in w[kind].items():
                lines.append(f"  {kind[:-1]:9} {name}: {fmt(p)}")
    return "\n".join(lines) + "\n"
