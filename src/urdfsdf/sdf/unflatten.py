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
    head = prefix + SCOPE_SEP

    def inner(name: str | None) -> bool:
        return name is not None and name.startswith(head)

    def strip(name: str | None) -> str | None:
        return name[len(head):] if name is not None and name.startswith(head) else name

    def pose(p: Pose) -> Pose:
        return p.with_frame(strip(p.relative_to)) if inner(p.relative_to) else p

    def axis(a: Axis | None) -> Axis | None:
        if a is None or not inner(a.expressed_in):
            return a
        return evolve(a, expressed_in=strip(a.expressed_in))

    def link(x: Link) -> Link:
        return evolve(x, name=strip(x.name), pose=pose(x.pose),
                      visuals=tuple(evolve(v, pose=pose(v.pose)) for v in x.visuals),
                      collisions=tuple(evolve(c, pose=pose(c.pose)) for c in x.collisions))

    def joint(x: Joint) -> Joint:
        return evolve(x, name=strip(x.name), pose=pose(x.pose), parent=strip(x.parent),
                      child=strip(x.child), axis=axis(x.axis), axis2=axis(x.axis2))

    def frame(x: Frame) -> Frame:
        return evolve(x, name=strip(x.name), attached_to=strip(x.attached_to),
                      pose=pose(x.pose))

    own_frame = next((f for f in model.frames if f.name == head + MODEL_FRAME), None)
    nested = Model(
        name=prefix,
        links=tuple(link(x) for x in model.links if inner(x.name)),
        joints=tuple(joint(x) for x in model.joints if inner(x.name)),
        frames=tuple(frame(x) for x in model.frames if inner(x.name) and x is not own_frame),
        models=tuple(evolve(m, name=strip(m.name), pose=pose(m.pose))
                     for m in model.models if inner(m.name)),
        pose=own_frame.pose if own_frame is not None else Pose(),
        canonical_link=strip(own_frame.attached_to) if own_frame is not None else None,
        line=own_frame.line if own_frame is not None else model.line)
    return evolve(model,
                  links=tuple(x for x in model.links if not inner(x.name)),
                  joints=tuple(x for x in model.joints if not inner(x.name)),
                  frames=tuple(x for x in model.frames if not inner(x.name)),
                  models=(*(m for m in model.models if not inner(m.name)), nested))
