"""Flattened world models of SDFormat 1.7 and older, unflattened as libsdformat's 1.7 -> 1.8 step.

libsdformat up to 10 wrote an included model into its parent *flattened*: a link
``L`` of nested model ``A`` became the link ``A::L``, and ``A``'s own frame the frame
``A::__model__``.  The 1.7 -> 1.8 conversion (``1.8/1_7.convert``: ``unflatten``,
``Converter::Unflatten``) turns them back into nested models, for models of a world
only: the children named ``A::x`` (links, joints, frames, models) become children
``x`` of a new nested model ``A`` appended to the model; the references between them
lose the ``A::`` prefix; the frame ``A::__model__`` becomes the nested model's pose
(and its ``attached_to`` the canonical link).  Done again inside each new model.

urdfsdf applies it to the IR of a world model read from a document of version 1.7 or
older.  One difference: a child belongs to ``A`` when its name starts with ``A::``
(libsdformat compares the name without the separator, so ``Ab::x`` would join ``A``).
"""

from __future__ import annotations

from urdfsdf.core.ir import Axis, Frame, Joint, Link, Model, Pose, evolve
from urdfsdf.sdf.names import MODEL_FRAME, SCOPE_SEP


def unflatten(model: Model) -> Model:
    """``model`` with its flattened children (``A::x``) in nested models ``A``."""
    while True:
        prefix = _first_prefix(model)
        if prefix is None:
            return evolve(model, models=tuple(unflatten(m) for m in model.models)) \
                if any(_first_prefix(m) is not None for m in model.models) else model
        model = _split(model, prefix)


def _first_prefix(model: Model) -> str | None:
    for name in [*(x.name for x in model.links), *(x.name for x in model.joints),
                 *(x.name for x in model.frames), *(x.name for x in model.models)]:
        at = name.find(SCOPE_SEP)
        if at > 0:
            return name[:at]
    return None


def _split(model: Model, prefix: str) -> Model:
    """``model`` with its children named ``prefix::x`` moved into nested model ``prefix``."""
    head = prefix + SCOPE_SEP
    return evolve(model,
                  links=tuple(x for x in model.links if not _inner(x.name, head)),
                  joints=tuple(x for x in model.joints if not _inner(x.name, head)),
                  frames=tuple(x for x in model.frames if not _inner(x.name, head)),
                  models=(*(m for m in model.models if not _inner(m.name, head)),
                          _nested(model, prefix, head)))


def _nested(model: Model, prefix: str, head: str) -> Model:
    """The nested model ``prefix``: the children named ``head + x`` as ``x``, posed by
    the frame ``head + __model__`` (attached to its canonical link)."""
    own_frame = next((f for f in model.frames if f.name == head + MODEL_FRAME), None)
    nested = Model(
        name=prefix,
        links=tuple(_link(x, head) for x in model.links if _inner(x.name, head)),
        joints=tuple(_joint(x, head) for x in model.joints if _inner(x.name, head)),
        frames=tuple(_frame(x, head) for x in model.frames
                     if _inner(x.name, head) and x is not own_frame),
        models=tuple(evolve(m, name=_strip(m.name, head), pose=_pose(m.pose, head))
                     for m in model.models if _inner(m.name, head)),
        line=model.line)
    if own_frame is None:
        return nested
    return evolve(nested, pose=own_frame.pose, line=own_frame.line,
                  canonical_link=_strip(own_frame.attached_to, head))


def _inner(name: str | None, head: str) -> bool:
    """Whether ``name`` is in the nested model (starts with ``head``, ``A::``)."""
    return name is not None and name.startswith(head)


def _strip(name: str | None, head: str) -> str | None:
    """``name`` inside the nested model: without ``head``."""
    return name[len(head):] if name is not None and name.startswith(head) else name


def _pose(p: Pose, head: str) -> Pose:
    return p.with_frame(_strip(p.relative_to, head)) if _inner(p.relative_to, head) else p


def _axis(a: Axis | None, head: str) -> Axis | None:
    if a is None or not _inner(a.expressed_in, head):
        return a
    return evolve(a, expressed_in=_strip(a.expressed_in, head))


def _link(x: Link, head: str) -> Link:
    return evolve(x, name=_strip(x.name, head), pose=_pose(x.pose, head),
                  visuals=tuple(evolve(v, pose=_pose(v.pose, head)) for v in x.visuals),
                  collisions=tuple(evolve(c, pose=_pose(c.pose, head)) for c in x.collisions))


def _joint(x: Joint, head: str) -> Joint:
    return evolve(x, name=_strip(x.name, head), pose=_pose(x.pose, head),
                  parent=_strip(x.parent, head), child=_strip(x.child, head),
                  axis=_axis(x.axis, head), axis2=_axis(x.axis2, head))


def _frame(x: Frame, head: str) -> Frame:
    return evolve(x, name=_strip(x.name, head), attached_to=_strip(x.attached_to, head),
                  pose=_pose(x.pose, head))
