"""``<include merge="true">`` (SDFormat 1.9 in models, 1.10 in worlds), as libsdformat does it.

The included model M does not become a nested model: its links, joints, frames,
nested models and plugins join the including model or world P.  What named M's
own frame (``__model__``, or nothing, which means it) names instead a *proxy
frame* ``_merged__M__model__`` of P, attached to M's canonical link and posed where
M was (``parser.cc insertIncludedElement``, ``Model::PrepareForMerge``):

- links and nested models: a pose relative to ``__model__`` (or to nothing) is
  relative to the proxy;
- frames: ``attached_to`` ``__model__`` (or nothing) is the proxy; a pose
  relative to ``__model__`` too;
- joints: a pose relative to ``__model__``, a parent or child ``__model__``, and
  an axis expressed in ``__model__`` name the proxy.

Only direct children are rewritten: deeper references are relative to their own
nested scope.  M's other children (``<static>``, ``<self_collide>``...) are dropped,
as in libsdformat.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import field

from urdfsdf.core.diagnostics import Diagnostics, did_you_mean
from urdfsdf.core.ir import Axis, Extra, Frame, Joint, Link, Model, Pose, evolve
from urdfsdf.core.record import mutable_record
from urdfsdf.core.transforms import computed_pose
from urdfsdf.sdf.frames import analyze_model, placed_model_pose
from urdfsdf.sdf.names import MODEL_FRAME


@mutable_record
class Merged:
    """What a merge-include adds to its parent: the proxy frame first, then M's children."""

    links: list[Link] = field(default_factory=list)
    joints: list[Joint] = field(default_factory=list)
    frames: list[Frame] = field(default_factory=list)
    models: list[Model] = field(default_factory=list)
    extras: list[Extra] = field(default_factory=list)


def proxy_name(model_name: str) -> str:
    """``_merged__NAME__model__`` (``computeMergedModelProxyFrameName``)."""
    return f"_merged__{model_name}__model__"


def canonical_link(model: Model) -> str | None:
    """M's canonical link, relative to M: explicit, else its first link, else a nested one's."""
    if model.canonical_link:
        return model.canonical_link
    if model.links:
        return model.links[0].name
    for nested in model.models:
        inner = canonical_link(nested)
        if inner is not None:
            return f"{nested.name}::{inner}"
    return None


def merged(model: Model, parent_frame: str, proxy_pose: Pose) -> Merged:
    """M's children, their references to M's frame renamed, and the proxy frame.

    ``parent_frame``: ``__model__`` when P is a model, ``world`` when it is a world;
    ``proxy_pose``: where M's frame lies in P (M's pose, placed by its placement
    frame when it has one), measured in its ``relative_to`` (empty: ``parent_frame``).
    """
    proxy = proxy_name(model.name)
    out = Merged()
    out.frames.append(Frame(proxy, canonical_link(model),
                            proxy_pose.with_frame(proxy_pose.relative_to or parent_frame),
                            model.line))

    def to_proxy(name: str | None) -> str | None:
        return proxy if name in (None, "", MODEL_FRAME) else name

    def pose(p: Pose, empty_too: bool) -> Pose:
        if p.relative_to == MODEL_FRAME or (empty_too and not p.relative_to):
            return p.with_frame(proxy)
        return p

    def axis(a: Axis | None) -> Axis | None:
        if a is None or a.expressed_in != MODEL_FRAME:
            return a
        return evolve(a, expressed_in=proxy)

    out.links = [evolve(x, pose=pose(x.pose, True)) for x in model.links]
    out.models = [evolve(m, pose=pose(m.pose, True)) for m in model.models]
    out.frames += [evolve(f, attached_to=to_proxy(f.attached_to), pose=pose(f.pose, False))
                   for f in model.frames]
    out.joints = [evolve(j, pose=pose(j.pose, False),
                         parent=proxy if j.parent == MODEL_FRAME else j.parent,
                         child=proxy if j.child == MODEL_FRAME else j.child,
                         axis=axis(j.axis), axis2=axis(j.axis2)) for j in model.joints]
    out.extras = list(_kept_extras(model.extras))
    return out


def _kept_extras(extras: Sequence[Extra]) -> list[Extra]:
    """M's plugins and namespaced custom elements: merged; the rest is dropped."""
    return [x for x in extras if x.tag == "plugin" or x.tag.startswith("{")]


def merge_include(model: Model, parent_frame: str, diags: Diagnostics) -> Merged:
    """A merge-include's children, M's frame replaced by a proxy frame posed where M's
    include (with its placement frame) puts M."""
    pose = model.pose
    if model.placement_frame:
        check = Diagnostics()
        scope = analyze_model(evolve(model, pose=Pose()), check)
        x_rm = placed_model_pose(scope, model)
        if x_rm is None:
            diags.error("POSE_RELATIVE_TO_INVALID", f"model {model.name!r}: "
                        f"placement_frame {model.placement_frame!r} names no frame of the "
                        f"model{did_you_mean(model.placement_frame, scope.names())}",
                        model.line, file=model.file)
        else:
            pose = computed_pose(x_rm, pose.relative_to, pose.line)
    return merged(model, parent_frame, pose)
