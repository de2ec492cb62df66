"""Is an SDF model already URDF-shaped?  (spec: "Parity with URDF")

A model is URDF-shaped when its xyz/rpy can be copied into a URDF without any
arithmetic:

- its joints form a tree over its links (``world`` allowed as a parent);
- each joint's ``//pose/@relative_to`` is its parent link (``__model__`` for
  a joint whose parent is ``world``: the model frame is a URDF's world);
- each child link's pose is the identity ``relative_to`` its parent joint;
- the root link has no pose (or the identity relative to ``__model__``), nor has each
  link a ``<urdf:root>`` mark names (a root of the URDF too, with no joint above it);
- each axis is expressed in the joint frame (no ``expressed_in``, or the
  joint's own name);
- visual and collision poses are in their link frame;
- no explicit frames, nested models or model pose (they need the frame engine),
  but for the frames that stand for a URDF link (``urdf:joint``, written by
  ``urdf2sdf --massless-as-frames``) attached to a link and posed relative to it:
  the copy path writes each as that link on its fixed joint.

:func:`shape_reasons` lists every reason a model is not, each with a code and
line, so ``urdfsdf check`` can say why the transform path is needed.
"""

from __future__ import annotations

from collections.abc import Container, Iterable

from urdfsdf.core.ir import Frame, Joint, Link, Model, evolve
from urdfsdf.core.record import record
from urdfsdf.core.tree import tree_of
from urdfsdf.translate.carriers import marked_roots

#: reason codes (all severity "info": not being URDF-shaped is not an error)
SHAPE_CODES = {
    "SHAPE_NOT_A_TREE": "the joints do not form a tree with one root link",
    "SHAPE_JOINT_FRAME": "a joint names a frame, not a link, as its parent or child (1.8+)",
    "SHAPE_JOINT_POSE": "a joint pose is not relative_to its parent link",
    "SHAPE_LINK_POSE": "a child link pose is not the identity relative_to its joint",
    "SHAPE_ROOT_POSE": "the root link has a pose",
    "SHAPE_AXIS_FRAME": "an axis is not expressed in its joint frame",
    "SHAPE_ELEMENT_POSE": "a visual or collision pose is not in its link frame",
    "SHAPE_FRAMES": "the model has explicit frames",
    "SHAPE_NESTED_MODELS": "the model has nested models",
    "SHAPE_MODEL_POSE": "the model has a pose",
}


@record
class Reason:
    """Why a model is not URDF-shaped: a SHAPE_* code, a message and a line."""

    code: str
    message: str
    line: int | None
    #: the file ``line`` is in when not the model's (an <include>'s <pose>)
    file: str | None = None


def tree_root(model: Model) -> tuple[list[str], dict[str, Joint], list[Reason]]:
    """Root links (the root first, then those a ``<urdf:root>`` mark names: roots of
    the URDF too; none: not a tree), the joint above each child link, and tree problems.

    ``world`` counts as a link when a joint names it as parent.  A link that
    is the child of several joints (urdfdom accepts it: a closed loop) is
    fine when its pose names one of them: that one is its tree joint.
    """
    reasons: list[Reason] = []
    pose_frame = {link.name: link.pose.frame for link in model.links}

    def named_by_pose(kept: Joint, new: Joint) -> Joint:
        frame = pose_frame.get(new.child)
        if frame == new.name:
            return new
        if frame != kept.name:
            reasons.append(Reason("SHAPE_NOT_A_TREE", f"link {new.child!r} is the child of "
                                  f"joints {kept.name!r} and {new.name!r}", new.line))
        return kept

    # document order: a loop is reported at the same link every run
    tree = tree_of((link.name for link in model.links), model.joints, named_by_pose)
    parent_joint = tree.above
    marked = marked_roots(model.extras)
    candidates = [r for r in tree.roots if r not in marked]
    if any(j.parent == "world" for j in model.joints):
        candidates = ["world", *candidates]
    if len(candidates) != 1:
        if candidates or tree.roots:
            roots = ", ".join(repr(n) for n in sorted(candidates or tree.roots))
            reasons.append(Reason("SHAPE_NOT_A_TREE", f"several root links: {roots}",
                                  model.line))
        else:
            reasons.append(Reason("SHAPE_NOT_A_TREE", "the joints form a loop", model.line))
        return [], parent_joint, reasons
    if tree.loop is not None:
        reasons.append(Reason("SHAPE_NOT_A_TREE", f"links form a loop through {tree.loop!r}",
                              parent_joint[tree.loop].line))
        return [], parent_joint, reasons
    return [candidates[0], *(r for r in tree.roots if r in marked)], parent_joint, reasons




#: what :func:`shape_reasons` lists past ``keep`` reasons of the most numerous kinds
#: (a joint's or a link's pose): counted, not written out
OMITTED = Reason("", "", None)


def shape_reasons(model: Model, carried: Iterable[Joint] = (),
                  keep: int | None = None) -> list[Reason]:
    """Every reason ``model`` is not URDF-shaped (empty list: copy path applies).

    ``carried`` are URDF joints travelling as ``<urdf:joint>`` (floating,
    planar): their child link's pose is the joint origin relative_to the parent.
    ``keep``: past that many reasons, a joint pose or link pose reason is
    :data:`OMITTED` (one per reason still: the length is the count) instead of a
    message made for each element of a big model that no one reads.
    """
    reasons = _model_reasons(model)
    full = keep if keep is not None else -1  # -1: never full
    carried_by_child = {j.child: j for j in carried}
    merged = evolve(model, joints=model.joints + tuple(carried_by_child.values())) \
        if carried_by_child else model
    roots, parent_joint, tree = tree_root(merged)
    reasons.extend(tree)
    link_names = {link.name for link in model.links}
    for joint in model.joints:
        _joint_reasons(joint, link_names, reasons, full)
    for link in model.links:
        _link_reasons(link, set(roots), parent_joint, carried_by_child, reasons, full)
    return reasons


def urdf_link_frame(frame: Frame, model: Model) -> bool:
    """Whether ``frame`` stands for a URDF link the copy path writes back: marked with
    its joint (``urdf:joint``), attached to a link of ``model``, posed relative to it."""
    return (frame.urdf_joint is not None and model.link(frame.attached_to or "") is not None
            and frame.pose.relative_to in (None, "", frame.attached_to))


def _model_reasons(model: Model) -> list[Reason]:
    """Explicit frames (but URDF links'), nested models, a model pose."""
    reasons: list[Reason] = []
    frame = next((f for f in model.frames if not urdf_link_frame(f, model)), None)
    if frame is not None:
        reasons.append(Reason("SHAPE_FRAMES", f"explicit frame {frame.name!r} "
                              "(and any others) must become links", frame.line))
    if model.models:
        reasons.append(Reason("SHAPE_NESTED_MODELS", f"nested model {model.models[0].name!r}"
                              " must be flattened", model.models[0].line))
    if not model.pose.is_identity:
        reasons.append(Reason("SHAPE_MODEL_POSE", "the model pose has no URDF place",
                              model.pose.line or model.line, model.pose_file))
    return reasons


def _joint_reasons(joint: Joint, link_names: set[str], reasons: list[Reason],
                   full: int = -1) -> None:
    """Append the reasons of one joint (its ends, its pose, its axes)."""
    for end, name in (("parent", joint.parent), ("child", joint.child)):
        if name not in link_names and not (end == "parent" and name == "world"):
            reasons.append(Reason("SHAPE_JOINT_FRAME", f"joint {joint.name!r}: its {end} "
                                  f"{name!r} is not a link of the model", joint.line))
    expected = "__model__" if joint.parent == "world" else joint.parent
    if joint.pose.frame != expected:
        where = joint.pose.relative_to
        reasons.append(OMITTED if len(reasons) >= full >= 0 else Reason(
            "SHAPE_JOINT_POSE",
            f"joint {joint.name!r}: pose is relative_to "
            f"{where if where else 'its child link (default)'!r}, not {expected!r}",
            joint.pose.line or joint.line))
    for axis in (joint.axis, joint.axis2):
        if axis is not None and axis.expressed_in not in (None, "", joint.name):
            reasons.append(Reason("SHAPE_AXIS_FRAME", f"joint {joint.name!r}: axis is "
                                  f"expressed_in {axis.expressed_in!r}",
                                  axis.line or joint.line))


def _link_reasons(link: Link, roots: Container[str], parent_joint: dict[str, Joint],
                  carried: dict[str, Joint], reasons: list[Reason], full: int = -1) -> None:
    """Append the reasons of one link (its pose, its visuals' and collisions')."""
    name = link.name
    _link_pose_reasons(link, roots, parent_joint, carried, reasons, full)
    for kind, items in (("visual", link.visuals), ("collision", link.collisions)):
        for item in items:
            if item.pose.frame not in ("", name):
                reasons.append(Reason("SHAPE_ELEMENT_POSE", f"link {name!r} {kind} "
                                      f"{item.name!r}: pose is relative_to "
                                      f"{item.pose.relative_to!r}", item.pose.line))


def _link_pose_reasons(link: Link, roots: Container[str], parent_joint: dict[str, Joint],
                       carried: dict[str, Joint], reasons: list[Reason], full: int) -> None:
    """Append the reason of a link's pose: a carried joint's child is at its origin, a
    root link has none, any other link is at its joint."""
    name = link.name
    if carried and name in carried:
        _carried_child_reasons(link, carried[name], reasons)
    elif name in roots:
        pose = link.pose
        if pose.frame not in ("", "__model__") or not pose.is_identity:
            reasons.append(Reason("SHAPE_ROOT_POSE", f"root link {name!r} has a pose",
                                  pose.line or link.line))
    else:
        joint = parent_joint.get(name)
        pose = link.pose
        if joint is not None and (pose.frame != joint.name or not pose.is_identity):
            reasons.append(OMITTED if len(reasons) >= full >= 0 else Reason(
                "SHAPE_LINK_POSE", f"link {name!r}: pose must be the identity "
                f"relative_to joint {joint.name!r}", pose.line or link.line))


def _carried_child_reasons(link: Link, j: Joint, reasons: list[Reason]) -> None:
    """The child link of a carried ``<urdf:joint>`` must be at the joint's origin."""
    pose = link.pose
    # a joint from `world` is measured from __model__ (urdf_to_sdf)
    expected = "__model__" if j.parent == "world" else j.parent
    if pose.frame != expected or pose.xyz != j.pose.xyz or pose.rpy != j.pose.rpy:
        reasons.append(Reason("SHAPE_LINK_POSE", f"link {link.name!r}: pose does not "
                              f"match its <urdf:joint> {j.name!r}", pose.line or link.line))
