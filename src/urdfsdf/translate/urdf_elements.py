"""The URDF form of SDF links and joints, shared by both SDF -> URDF paths.

:func:`urdf_link` and :func:`urdf_joint` turn an SDF-convention link or joint
into its URDF form: shapes with URDF names and materials, ``urdf:`` carriers
unwrapped, SDF's default inertial and "no limit" values made explicit (marked
so that URDF -> SDF leaves them out again), joint types URDF lacks refused.
The copy path (:mod:`urdfsdf.translate.to_urdf_copy`) gives them the poses as
written; the transform path (:mod:`urdfsdf.translate.to_urdf_transform`)
gives them resolved ones.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TypeVar, overload

from urdfsdf.core.diagnostics import Diagnostics, option
from urdfsdf.core.ir import (
    COMMON_JOINT_TYPES,
    Axis,
    Collision,
    Extra,
    Geometry,
    Inertial,
    Joint,
    JointType,
    Limit,
    Link,
    Material,
    Model,
    Pose,
    Tokens,
    Visual,
    evolve,
)
from urdfsdf.core.tree import IMPLIED_WORLD
from urdfsdf.sdf.defaults import DEFAULT_INERTIA, DEFAULT_MASS, UNBOUNDED_LIMIT
from urdfsdf.translate.carriers import (
    NO_LIMIT,
    default_inertial_marker,
    implied_world_mark,
    sdf_limit_marker,
)
from urdfsdf.translate.gazebo_keys import CarriedSet
from urdfsdf.translate.massless import is_sphere_inertial
from urdfsdf.urdf.as_written import written_carrier
from urdfsdf.urdf.elements import urdf_fields
from urdfsdf.xml.carried import MASSLESS, UNNAMED
from urdfsdf.xml.custom import drake_urdf_extra, is_urdf_extra, unwrap_urdf_extra
from urdfsdf.xml.drake_forms import URDF_PLACED
from urdfsdf.xml.namespaces import AS_WRITTEN, DRAKE_DIFFUSE_MAP, URDF_ROOT, U
from urdfsdf.xml.namespaces import IMPLIED_WORLD as IMPLIED_WORLD_TAG
from urdfsdf.xml.parse import canonical, from_string


def world_link(model: Model, diags: Diagnostics) -> Link | None:
    """The URDF ``world`` link: the one carried as ``<urdf:link>``, else an empty one;
    none where ``<urdf:implied_world/>`` says the URDF urdf2sdf read had none (a warning:
    core/tree.IMPLIED_WORLD)."""
    from urdfsdf.urdf.reader import read_link
    from urdfsdf.xml.readctx import ReadContext

    mark = implied_world_mark(model.extras)
    if mark is not None:
        diags.warning("JOINT_PARENT_LINK_INVALID", "the joints from 'world' are written "
                      "without a 'world' link, as urdf2sdf read them (<urdf:implied_world>): "
                      f"{IMPLIED_WORLD}", mark.line)
        return None

    for x in model.extras:
        if x.tag == U + "link":
            link = read_link(from_string(unwrap_urdf_extra(x).xml), ReadContext(diags))
            if link is not None and link.name == "world":
                return evolve(link, line=x.line)
    return Link("world")


#: the carriers :func:`urdf_extras` does not unwrap (read elsewhere)
_MARKS = (AS_WRITTEN, URDF_ROOT, IMPLIED_WORLD_TAG)


def report_placement_frame(model: Model, diags: Diagnostics) -> None:
    """//model/@placement_frame places the model (with its //pose) in its parent frame,
    which a URDF without a joint to ``world`` cannot say: dropped, with a warning."""
    if model.placement_frame:
        diags.warning("ELEMENT_DROPPED", f"model {model.name!r}: placement_frame "
                      f"{model.placement_frame!r} has no URDF place (a URDF has no model "
                      "placement) without a joint to world; dropped", model.line)


def urdf_extras(extras: tuple[Extra, ...], skip: tuple[str, ...] = ()) -> tuple[Extra, ...]:
    """Unwrap the ``urdf:`` extras (not the carriers: ``<urdf:as_written>``,
    ``<urdf:root>``), with the Drake extensions Drake reads in URDF in the same place
    (:data:`~urdfsdf.xml.drake_forms.URDF_PLACED`, in URDF's form).

    SDF-only ones travel in :mod:`urdfsdf.translate.gazebo_to_urdf` blocks.
    """
    if not extras:
        return ()
    out = []
    for x in extras:
        if x.tag in skip or x.tag in _MARKS:
            continue
        if is_urdf_extra(x):
            out.append(unwrap_urdf_extra(x))
        elif x.tag in URDF_PLACED:  # a Drake extension Drake reads in URDF there too
            out.append(drake_urdf_extra(x))
    return tuple(out)


def _urdf_material(visual: Visual,
                   applied: CarriedSet = frozenset()) -> Material | None:
    """A visual's URDF material: its name, or a colour named after the visual.

    Specular, emissive and material scripts travel in a ``<gazebo>`` block.
    """
    m = visual.material
    if m is None:
        return None
    kept = tuple([unwrap_urdf_extra(x) for x in m.extras if is_urdf_extra(x)])
    if m.name is not None:
        return Material(name=m.name, rgba=m.rgba, texture=m.texture, extras=kept, line=m.line)
    color = _urdf_colour(m, applied)
    texture = m.texture if m.texture is not None else diffuse_map_of(m)
    if color is None and texture is None:
        return None
    rgba = None if color is None else color if len(color) == 4 else (*color, "1")
    return Material(name=f"{visual.name}_material", rgba=rgba, texture=texture, extras=kept,
                    line=m.line)


def diffuse_map_of(m: Material) -> str | None:
    """The texture of an SDF material's ``<drake:diffuse_map>`` (Drake's form of a URDF
    ``<texture>``), if it has one."""
    for x in m.extras:
        if x.tag == DRAKE_DIFFUSE_MAP:
            return (from_string(x.xml).text or "").strip()
    return None


def _urdf_colour(m: Material, applied: CarriedSet) -> Tokens | None:
    """The colour of an unnamed SDF material: diffuse, else ambient (but not the ambient
    colour a URDF ``<gazebo>`` block gave: it travels in the block)."""
    color = m.diffuse or m.ambient
    if color is not None and m.diffuse is None and canonical(
            f"<ambient>{' '.join(color)}</ambient>") in applied:
        return None
    return color


URDF_SHAPES = ("box", "cylinder", "sphere", "mesh")

#: maps a pose into the URDF link frame
PoseMap = Callable[[Pose], Pose]
_Shape = TypeVar("_Shape", Visual, Collision)


def urdf_link(link: Link, diags: Diagnostics, lossy: bool = False,
              applied: CarriedSet = frozenset(),
              pose_of: PoseMap | None = None, name: str | None = None,
              as_written: bool = False) -> Link:
    """A link's URDF form: shapes with URDF names and materials, extras unwrapped.

    ``pose_of`` maps each visual, collision and inertial pose into the URDF
    link frame (default: as written, in the link frame); ``name`` renames the
    link.  ``as_written``: keep the link's ``urdf:as_written`` carrier (the copy
    path, once :func:`urdfsdf.translate.carriers.unsealed` checked it); else it is dropped.
    """
    if pose_of is None:
        pose_of = _frameless
    extras = link.extras
    carrier = _carrier(extras, "link", link.name, as_written, diags) if extras else ()
    # a link kept as written is written from its carrier: a shape with no URDF form (a
    # URDF capsule's SDF form) is the carrier's, not dropped
    shape_diags = diags if not carrier else None
    visuals = _urdf_shapes(link.visuals, link.name, shape_diags, lossy, pose_of, applied)
    collisions = _urdf_shapes(link.collisions, link.name, shape_diags, lossy, pose_of,
                              applied)
    inertial, marks = _urdf_inertial(link, pose_of, diags)
    return Link(name=link.name if name is None else name, inertial=inertial,
                visuals=visuals, collisions=collisions,
                extras=urdf_extras(extras, (MASSLESS,)) + marks + carrier,
                line=link.line, original_name=link.original_name)


def _urdf_shapes(shapes: tuple[_Shape, ...], link: str, diags: Diagnostics | None,
                 lossy: bool,
                 pose_of: PoseMap, applied: CarriedSet) -> tuple[_Shape, ...]:
    """The URDF form of a link's visuals or collisions: those with a URDF geometry
    (or none); the others are reported (:func:`_report_dropped`, :func:`_urdf_mesh`)."""
    out = []
    for s in shapes:
        g = s.geometry
        if g is None or g.kind in URDF_SHAPES and (g.kind != "mesh" or
                                                   _urdf_mesh(s, g, link, diags, lossy)):
            out.append(_urdf_shape(s, pose_of, applied))
        elif g.kind not in URDF_SHAPES:
            _report_dropped(s, link, diags, lossy)
    return tuple(out)


def _where(shape: Visual | Collision, link: str) -> str:
    """How a diagnostic names a visual or collision of ``link``."""
    kind = "visual" if isinstance(shape, Visual) else "collision"
    return f"link {link!r} {kind} {shape.name!r}"


def _urdf_mesh(shape: Visual | Collision, g: Geometry, link: str, diags: Diagnostics | None,
               lossy: bool) -> bool:
    """Whether a mesh has a URDF form (reported when it has not, or only approximately).

    A URDF mesh is a whole file, named (urdfdom and Drake read an empty filename,
    PyBullet refuses it): a mesh without ``<uri>`` has none (:func:`_report_dropped`).
    A ``<submesh>`` (one part of the file) has none either: an error, or with ``lossy``
    the whole file with a warning, the ``<submesh>`` carried in the URDF mesh as
    ``<sdf:submesh>`` (urdfdom, Drake and PyBullet ignore it; urdf2sdf gives it back).
    Nothing is reported without ``diags`` (a link written from its carrier).
    """
    if not (g.uri or "").strip():
        _report_dropped(shape, link, diags, lossy, "a <mesh> without <uri>")
        return False
    submesh = g.submesh
    if submesh is None or diags is None:  # (None: a link written from its carrier)
        return submesh is None or lossy
    where = _where(shape, link)
    if lossy:
        diags.warning("VALUE_APPROXIMATED", f"{where}: URDF has no <submesh> (a URDF mesh is "
                      f"a whole file): the whole mesh {g.uri!r} is written, its <submesh> "
                      f"carried as <sdf:submesh> ({option('lossy')})", submesh.line or g.line)
        return True
    diags.error("NO_URDF_EQUIVALENT", f"{where}: URDF has no <submesh> (a URDF mesh is a "
                f"whole file; {option('lossy')} writes the whole file)", submesh.line or g.line)
    return False


def _report_dropped(shape: Visual | Collision, link: str, diags: Diagnostics | None,
                    lossy: bool, what: str = "") -> None:
    """Report a visual/collision without URDF geometry, which is left out (if ``diags``;
    ``what``: the geometry, if not its kind).

    An error, or a warning when ``lossy``; an SDF ``<empty>`` geometry is always
    dropped with a warning.
    """
    g = shape.geometry
    if diags is None or g is None:
        return
    where = _where(shape, link)
    what = what or f"<{g.kind}> geometry"
    if g.kind == "empty":
        diags.warning("ELEMENT_DROPPED", f"{where}: empty geometry; dropped",
                      g.line or shape.line)
    elif lossy:
        diags.warning("ELEMENT_DROPPED", f"{where}: {what} has no URDF form; "
                      f"dropped ({option('lossy')})", g.line or shape.line)
    else:
        diags.error("NO_URDF_EQUIVALENT", f"{where}: {what} has no URDF form "
                    f"({option('lossy')} drops it)", g.line or shape.line)


@overload
def _urdf_shape(shape: Visual, pose_of: PoseMap, applied: CarriedSet
                ) -> Visual: ...
@overload
def _urdf_shape(shape: Collision, pose_of: PoseMap, applied: CarriedSet
                ) -> Collision: ...
def _urdf_shape(shape: Visual | Collision, pose_of: PoseMap,
                applied: CarriedSet) -> Visual | Collision:
    """A visual or collision in URDF: its pose in the link frame, ``urdf:`` extras
    unwrapped, no name when SDF's was made up (``<urdf:unnamed/>``), a visual's URDF
    material.  Each kind of change is made only where there is something to change."""
    pose = pose_of(shape.pose)
    extras = shape.extras
    if isinstance(shape, Visual) and shape.material is not None:
        return evolve(shape, name=_urdf_name(shape), pose=pose,
                      material=_urdf_material(shape, applied),
                      extras=urdf_extras(extras, (UNNAMED,)))
    if extras:
        return evolve(shape, name=_urdf_name(shape), pose=pose,
                      extras=urdf_extras(extras, (UNNAMED,)))
    return shape if pose is shape.pose else evolve(shape, pose=pose)


def _urdf_name(shape: Visual | Collision) -> str | None:
    """A shape's URDF name: none when SDF's was made up (``<urdf:unnamed/>``)."""
    return None if any(x.tag == UNNAMED for x in shape.extras) else shape.name


def _urdf_inertial(link: Link, pose_of: PoseMap, diags: Diagnostics
                   ) -> tuple[Inertial | None, tuple[Extra, ...]]:
    """A link's URDF ``<inertial>`` (its pose in the link frame) and the marker it needs.

    carriers.py, default inertials: a link marked ``<urdf:massless/>`` had none in
    the URDF (while its inertial is still zero, or what ``--min-inertia`` gave it:
    :func:`~urdfsdf.translate.massless.is_sphere_inertial`); a link without one has SDFormat's
    default (mass 1, unit inertia), which a URDF reader would not assume: written,
    and marked.
    """
    inertial = link.inertial
    if inertial is not None and inertial.unresolved is not None:
        diags.error("NO_URDF_EQUIVALENT", f"link {link.name!r}: the automatic inertial has "
                    f"no value ({inertial.unresolved}); write the link's <inertial>",
                    inertial.line)
    marks: tuple[Extra, ...] = ()
    if link.extras and any(x.tag == MASSLESS for x in link.extras):
        if inertial is not None and (_is_zero(inertial) or is_sphere_inertial(inertial)):
            return None, ()
    elif inertial is None:
        inertial = Inertial(mass=DEFAULT_MASS, inertia=DEFAULT_INERTIA, line=link.line)
        marks = (default_inertial_marker(),)
    if inertial is None:
        return None, ()
    # //inertial/pose is read in the link frame: its relative_to is not followed
    pose = pose_of(_frameless(inertial.pose))
    if pose is not inertial.pose or inertial.unresolved is not None:
        inertial = evolve(inertial, pose=pose, unresolved=None)
    return inertial, marks


def _is_zero(inertial: Inertial) -> bool:
    """A mass and inertia of zero (the inertial a massless URDF link got in SDF)."""
    return all(float(v) == 0.0 for v in (inertial.mass, *inertial.inertia))


def _carrier(extras: tuple[Extra, ...], kind: str, name: str, keep: bool,
             diags: Diagnostics) -> tuple[Extra, ...]:
    """The ``urdf:as_written`` carrier among ``extras`` to keep: ``()`` or one."""
    carrier = written_carrier(extras)
    if carrier is None:
        return ()
    if keep:
        return (carrier,)
    diags.warning("ELEMENT_DROPPED", f"{kind} {name!r}: the URDF as written that urdf2sdf "
                  "carried in <urdf:as_written> is not used on the transform path (the URDF "
                  "frames differ); written from the SDF", carrier.line)
    return ()


def _frameless(pose: Pose) -> Pose:
    """``pose`` without its ``relative_to``: already in the URDF frame it belongs in."""
    return pose if pose.relative_to is None else pose.with_frame(None)


def urdf_joint(joint: Joint, pose: Pose, diags: Diagnostics, as_written: bool = False,
               name: str | None = None, parent: str | None = None, child: str | None = None
               ) -> Joint | None:
    """A joint's URDF form with ``pose`` as its origin; None if it has no URDF type.

    ``as_written``: as for :func:`urdf_link`.  ``name``, ``parent``, ``child``: the
    URDF names when they differ from the joint's (the transform path's flattened
    names; one new joint instead of an evolved copy first).
    """
    if name is None:
        name = joint.name
    extras = joint.extras
    carrier = _carrier(extras, "joint", name, as_written, diags) if extras else ()
    if joint.type not in COMMON_JOINT_TYPES:
        if carrier:  # a joint URDF readers other than urdfdom read (PyBullet's spherical)
            return Joint(name=name, type=joint.type, parent=joint.parent, child=joint.child,
                         pose=_frameless(pose), extras=carrier, line=joint.line,
                         original_name=joint.original_name)
        diags.error("NO_URDF_EQUIVALENT", f"joint {name!r}: SDF joint type {joint.type!r} has "
                    "no URDF equivalent", joint.line)
        return None
    jtype: JointType = joint.type
    axis: Axis | None = None
    marks: tuple[Extra, ...] = ()
    if jtype == "fixed":
        _drop_fixed_axis(joint, name, diags)
    else:
        jtype, axis, marks = _one_axis(jtype, joint.axis or Axis(xyz=(0.0, 0.0, 1.0)))
    if joint.axis2 is not None:
        diags.warning("ELEMENT_DROPPED", f"joint {name!r}: <axis2> has no URDF equivalent",
                      joint.line)
    return Joint(name=name, type=jtype,
                 parent=joint.parent if parent is None else parent,
                 child=joint.child if child is None else child,
                 pose=_frameless(pose), axis=axis,
                 extras=urdf_extras(extras) + marks + carrier,
                 line=joint.line, original_name=joint.original_name,
                 **urdf_fields(joint))


def _drop_fixed_axis(joint: Joint, name: str, diags: Diagnostics) -> None:
    """A fixed joint has no URDF axis (its URDF ``<axis>`` travels as ``<urdf:axis>``;
    SDF's is not URDF's): warn when it drops one with a direction."""
    axis = joint.axis
    if axis is not None and axis.text is not None:
        diags.warning("ELEMENT_DROPPED", f"joint {name!r}: the <axis> direction of a "
                      "fixed joint has no URDF place; dropped", axis.line or joint.line)


def _one_axis(jtype: JointType, axis: Axis) -> tuple[JointType, Axis, tuple[Extra, ...]]:
    """A revolute, continuous or prismatic joint's URDF type, axis and marks.

    The type and limit as :data:`URDF_LIMITS` make them, marked ``<sdf:limit>``
    when its effort or velocity is not SDF's (see :func:`_urdf_limit`); dynamics
    only with damping or friction (urdfdom refuses ``<dynamics/>``; spring values
    travel in a ``<gazebo>`` block, as SDF-only axis children do).
    """
    lim = axis.limit or Limit()
    jtype, limit = URDF_LIMITS[jtype](lim)
    marks: tuple[Extra, ...] = ()
    if limit is not None and (limit.effort != lim.effort or limit.velocity != lim.velocity):
        marks = (sdf_limit_marker(lim.effort, lim.velocity),)
    d = axis.dynamics
    if d is not None and d.damping is None and d.friction is None:
        d = None
    if limit is axis.limit and d is axis.dynamics and axis.expressed_in is None and \
            not axis.extras:
        return jtype, axis, marks  # nothing to change
    return jtype, Axis(xyz=axis.xyz, text=axis.text, limit=limit, dynamics=d,
                       line=axis.line), marks


def _continuous_limit(lim: Limit) -> tuple[JointType, Limit | None]:
    """A continuous joint: lower/upper kept as written (urdfdom ignores them); no
    ``<limit>`` when SDF has none."""
    if lim.lower is None and lim.upper is None and lim.effort is None and \
            lim.velocity is None:
        return "continuous", None
    return "continuous", Limit(lower=lim.lower, upper=lim.upper,
                               effort=_urdf_limit(lim.effort),
                               velocity=_urdf_limit(lim.velocity), line=lim.line)


def _revolute_limit(lim: Limit) -> tuple[JointType, Limit | None]:
    """A revolute joint: bounded, else URDF's continuous joint (limited in effort or
    velocity if SDF's is)."""
    lower = float(lim.lower) if lim.lower is not None else -UNBOUNDED_LIMIT
    upper = float(lim.upper) if lim.upper is not None else UNBOUNDED_LIMIT
    if not (lower <= -UNBOUNDED_LIMIT or upper >= UNBOUNDED_LIMIT):
        return "revolute", _bounded_limit(lim)
    if lim.effort is None and lim.velocity is None:
        return "continuous", None
    return "continuous", Limit(effort=_urdf_limit(lim.effort),
                               velocity=_urdf_limit(lim.velocity))


def _prismatic_limit(lim: Limit) -> tuple[JointType, Limit | None]:
    return "prismatic", _bounded_limit(lim)


def _bounded_limit(lim: Limit) -> Limit:
    """URDF requires every limit attribute: SDF's defaults made explicit (-1e16 and
    1e16 for an absent or infinite bound)."""
    values = (_urdf_bound(lim.lower, "-1e16"), _urdf_bound(lim.upper, "1e16"),
              _urdf_limit(lim.effort), _urdf_limit(lim.velocity))
    if values == (lim.lower, lim.upper, lim.effort, lim.velocity) and not lim.extras:
        return lim  # a URDF limit already
    lower, upper, effort, velocity = values
    return Limit(lower=lower, upper=upper, effort=effort, velocity=velocity, line=lim.line)


#: per one-axis joint type, its URDF type and ``<limit>`` from its SDF limit
URDF_LIMITS: dict[JointType, Callable[[Limit], tuple[JointType, Limit | None]]] = {
    "continuous": _continuous_limit, "revolute": _revolute_limit,
    "prismatic": _prismatic_limit}


def _urdf_bound(value: str | None, unbounded: str) -> str:
    """A URDF lower or upper limit: ``unbounded`` for none, an infinite or NaN one."""
    return value if value is not None and math.isfinite(float(value)) else unbounded


def _urdf_limit(value: str | None) -> str:
    """A URDF effort or velocity limit for an SDF one: NO_LIMIT for none (absent, < 0, inf).

    urdfdom needs effort and velocity in any ``<limit>``; SDF's "no limit" (-1, its
    default) is written as ``NO_LIMIT``, the SDF values kept in ``<sdf:limit>``.
    """
    return NO_LIMIT if value is None or not 0 <= float(value) < math.inf else value
