"""SDF -> URDF: which model, and which of the two paths.

A model that is already URDF-shaped (:mod:`urdfsdf.translate.urdf_shape`) takes
the copy path (:mod:`urdfsdf.translate.to_urdf_copy`: xyz/rpy copied as
text); any other valid model the transform path
(:mod:`urdfsdf.translate.to_urdf_transform`: the frame engine resolves every
pose).  :func:`sdf_model_to_urdf` makes the choice and says which it made.
"""

from __future__ import annotations

from typing import Literal

from urdfsdf.core.diagnostics import Diagnostics, option
from urdfsdf.core.ir import IDENTITY, Joint, Model, SdfDocument, World, evolve
from urdfsdf.core.transforms import Transform
from urdfsdf.sdf.frames import Scope, analyze_model
from urdfsdf.translate.drake import STATIC_WELD
from urdfsdf.translate.gazebo_to_sdf import model_static_by_block
from urdfsdf.translate.gazebo_to_urdf import made_by_blocks, pose_made_by_block
from urdfsdf.translate.to_urdf_copy import linkless, sdf_to_urdf_copy
from urdfsdf.translate.to_urdf_transform import (
    Options,
    sdf_to_urdf_transform,
    world_pose_of_model,
)
from urdfsdf.translate.urdf_shape import shape_reasons

#: sdf2urdf repeats at most this many reasons for the transform path as info
#: diagnostics, then says how many more there are (``check`` lists every one)
#: the two SDF -> URDF paths
UrdfPath = Literal["copy", "transform"]

MAX_REASONS = 20


def missing_model_xpath(name: str) -> str:
    """The xpath of the diagnostic saying that no model is called ``name`` (a folder
    converted with ``--model`` skips the files it marks)."""
    return f"//model[@name={name!r}]"


def select_model(doc: SdfDocument, name: str | None, diags: Diagnostics) -> Model | None:
    """The model to convert: ``name`` if given, else the only one in the document."""
    candidates = doc.every_model()
    if name is not None:
        for m in candidates:
            if m.name == name:
                return m
        names = ", ".join(repr(m.name) for m in candidates) or "none"
        diags.error("ELEMENT_MISSING", f"no model named {name!r} (models: {names})",
                    xpath=missing_model_xpath(name))
        return None
    if len(candidates) == 1:
        return candidates[0]
    if not candidates:
        diags.error("ELEMENT_MISSING", "the document holds no model")
        return None
    names = ", ".join(repr(m.name) for m in candidates)
    diags.error("ELEMENT_INVALID", f"the document holds several models ({names}); "
                f"choose one with {option('model')}")
    return None


def report_world(world: World, chosen: Model, diags: Diagnostics) -> None:
    """Report what of ``world`` the URDF of its model ``chosen`` does not hold: the world
    itself, its other models and content (an info each, at its line: a URDF holds one
    robot, not a world), and its joints (a warning for one naming ``chosen``, whose
    robot it fixes or moves)."""
    what = f"world {world.name!r}"
    diags.add("ELEMENT_DROPPED", f"{what}: only its model {chosen.name!r} is written (a URDF "
              "holds one robot, not a world)", world.line, severity="info")
    for m in world.models:
        if m is not chosen:
            diags.add("ELEMENT_DROPPED", f"{what}: model {m.name!r} is not written (a URDF "
                      "holds one robot)", m.line, severity="info", file=m.file)
    items: list[tuple[str, int | None]] = [("frame", f.line) for f in world.frames]
    items += [(x.tag, x.line) for x in world.extras]
    for tag, line in items:
        diags.add("ELEMENT_DROPPED", f"{what}: <{tag}> is not written (a URDF holds one "
                  "robot, not a world)", line, severity="info")
    scope = f"{chosen.name}::"
    for j in world.joints:
        ours = any(x == chosen.name or x.startswith(scope) for x in (j.parent, j.child))
        diags.add("ELEMENT_DROPPED", f"{what}: joint {j.name!r} is not written (a joint of "
                  f"the world, which the URDF does not hold)", j.line,
                  severity="warning" if ours else "info")


def static_welds(model: Model) -> Model:
    """A static model with each of its links that no joint moves welded to ``world``, as
    Drake's SDF parser welds them (``sdformat_model_static_world_welds_to_LINK``, in the
    link's frame): URDF says "static" with a fixed joint to the ``world`` link (Gazebo
    reads the model's ``<static>`` in its ``<gazebo>`` block too).  Any other model as
    it is; so is a URDF's (urdf2sdf's SDF of it), static by a ``<gazebo>`` block that
    travels verbatim: the block gives it back, and Drake's URDF parser ignores it."""
    if not model.static or not model.links or model_static_by_block(model):
        return model
    children = {j.child for j in model.joints}
    names = {link.name for link in model.links} | {j.name for j in model.joints} | {
        f.name for f in model.frames}
    welds = tuple(Joint(STATIC_WELD.format(link.name), "fixed", "world", link.name,
                        line=link.line) for link in model.links
                  if link.name not in children and STATIC_WELD.format(link.name) not in names)
    return evolve(model, joints=(*welds, *model.joints)) if welds else model


def sdf_model_to_urdf(model: Model, diags: Diagnostics, options: Options | None = None,
                      scope: Scope | None = None, x_wm: Transform | None = None
                      ) -> tuple[Model | None, UrdfPath | None]:
    """An SDF-convention model in URDF form, and which path produced it.

    The copy path applies when the model is URDF-shaped (:mod:`urdfsdf.translate.urdf_shape`):
    xyz/rpy are copied as text.  Otherwise the frame engine resolves every pose
    (``scope``: the model's, when the caller already analysed the document).
    """
    if model.convention == "urdf":
        return model, "copy"
    robot = linkless(model)
    if robot is not None:  # a URDF robot with no link
        return robot, "copy"
    if scope is None:
        scope = analyze_model(model, diags)
        if diags.has_errors():
            return None, None
    welded = static_welds(model)
    if welded is not model:  # the joints to world change the frame graph
        model, scope = welded, analyze_model(welded, diags)
        if diags.has_errors():
            return None, None
    # links and joints a <gazebo> block made come back in the block, as written; so does
    # a model pose (of a model alone: a world's pose of it is the world's)
    made = made_by_blocks(model)
    if x_wm is None and pose_made_by_block(model):
        model = evolve(model, pose=IDENTITY)
    if made:
        model = evolve(model, links=tuple(x for x in model.links if x.name not in made),
                       joints=tuple(x for x in model.joints if x.name not in made))
    # the reasons past the ones reported are only counted (OMITTED)
    reasons = shape_reasons(model, model.urdf_joints, keep=MAX_REASONS + 1)
    if not reasons and (options is None or options.frames):
        lossy = options.lossy if options is not None else False
        return sdf_to_urdf_copy(model, diags, lossy), "copy"
    for r in reasons[:MAX_REASONS]:
        diags.add(r.code, f"transform path: {r.message}", r.line, severity="info",
                  file=r.file)
    if len(reasons) > MAX_REASONS:
        # one info per element of a big model is no help (and 60 MB at 100k links)
        diags.add(reasons[MAX_REASONS].code, f"transform path: {len(reasons) - MAX_REASONS} "
                  "more reasons (`urdfsdf check` lists them all)", reasons[MAX_REASONS].line,
                  severity="info")
    if x_wm is None:
        x_wm = world_pose_of_model(model)
    return sdf_to_urdf_transform(model, scope, diags, options, x_wm, made), "transform"
