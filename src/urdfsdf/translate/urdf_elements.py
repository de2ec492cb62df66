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

from urdfsdf.core.diagnostics import Diagnostics, option
from urdfsdf.core.ir import (
    COMMON_JOINT_TYPES,
    IDENTITY,
    ONE_AXIS_JOINT_TYPES,
    Axis,
    Collision,
    Extra,
    Inertial,
    Joint,
    Limit,
    Link,
    Material,
    Model,
    Pose,
    Visual,
    evolve,
)
from urdfsdf.sdf.defaults import DEFAULT_INERTIA, DEFAULT_MASS, UNBOUNDED_LIMIT
from urdfsdf.translate.carriers import (
    MASSLESS,
    NO_LIMIT,
    UNNAMED,
    default_inertial_marker,
    sdf_limit_marker,
)
from urdfsdf.urdf.as_written import written_carrier
from urdfsdf.xml.custom import is_urdf_extra, unwrap_urdf_extra
from urdfsdf.xml.namespaces import AS_WRITTEN, U
from urdfsdf.xml.parse import canonical, from_string


def world_link(model: Model, diags: Diagnostics) -> Link:
    """The URDF ``world`` link: the one carried as ``<urdf:link>``, else an empty one."""
    from urdfsdf.urdf.reader import read_link
    from urdfsdf.xml.readctx import ReadContext

    for x in model.extras:
        if x.tag == U + "link":
            link = read_link(from_string(unwrap_urdf_extra(x).xml), ReadContext(diags))
            if link is not None and link.name == "world":
                return evolve(link, line=x.line)
    return Link("world")




def urdf_extras(extras: tuple[Extra, ...], skip: tuple[str, ...] = ()) -> tuple[Extra, ...]:
    """Unwrap the ``urdf:`` extras.

    SDF-only ones travel in :mod:`urdfsdf.translate.gazebo` blocks.
    """
    if not extras:
        return ()
    return tuple(unwrap_urdf_extra(x) for x in extras
                 if x.tag not in skip and x.tag != AS_WRITTEN and is_urdf_extra(x))


def _urdf_material(visual: Visual,
                   applied: set[str] | frozenset[str] = frozenset()) -> Material | None:
    # specular, emissive and material scripts travel in a <gazebo> block
    m = visual.material
    if m is None:
        return None
    kept = tuple([unwrap_urdf_extra(x) for x in m.extras if is_urdf_extra(x)]) if m.extras else ()
    if m.name is not None:
        return Material(name=m.name, rgba=m.rgba, texture=m.texture, extras=kept, line=m.line)
    color = m.diffuse or m.ambient
    if color is not None and m.diffuse is None and canonical(
            f"<ambient>{' '.join(color)}</ambient>") in applied:
        color = None  # the colour a URDF <gazebo> block gave: it travels in the block
    if color is None:
        return None
    rgba = color if len(color) == 4 else (*color, "1")
    return Material(name=f"{visual.name}_material", rgba=rgba, extras=kept, line=m.line)


URDF_SHAPES = ("box", "cylinder", "sphere", "mesh")


def keep_shape(shape: Visual | Collision, owner: str, diags: Diagnostics | None,
               lossy: bool) -> bool:
    """Whether a visual/collision has a URDF form; reports it when not (if ``diags``).

    Shapes with no URDF geometry are an error, or dropped with a warning when
    ``lossy``; an SDF ``<empty>`` geometry is always dropped with a warning.
    """
    g = shape.geometry
    if g is None or g.kind in URDF_SHAPES:
        return True
    if diags is not None:
        kind = "visual" if isinstance(shape, Visual) else "collision"
        where = f"{owner} {kind} {shape.name!r}"
        if g.kind == "empty":
            diags.warning("ELEMENT_DROPPED", f"{where}: empty geometry; dropped", shape.line)
        elif lossy:
            diags.warning("ELEMENT_DROPPED", f"{where}: <{g.kind}> geometry has no URDF form; "
                          f"dropped ({option('lossy')})", g.line or shape.line)
        else:
            diags.error("NO_URDF_EQUIVALENT", f"{where}: <{g.kind}> geometry has no URDF form "
                        f"({option('lossy')} drops it)", g.line or shape.line)
    return False


def urdf_link(link: Link, diags: Diagnostics, lossy: bool = False,
              applied: set[str] | frozenset[str] = frozenset(),
              pose_of: Callable[[Pose], Pose] | None = None, name: str | None = None,
              as_written: bool = False) -> Link:
    """A link's URDF form: shapes with URDF names and materials, extras unwrapped.

    ``pose_of`` maps each visual, collision and inertial pose into the URDF
    link frame (default: as written, in the link frame); ``name`` renames the
    link.  ``as_written``: keep the link's ``urdf:as_written`` carrier (the copy
    path, once :func:`urdfsdf.translate.carriers.unsealed` checked it); else it is dropped.
    """
    owner = link.name  # f"link {owner!r}" where a diagnostic names it (rare: not made up front)
    carrier = _carrier(link.extras, f"link {owner!r}", as_written, diags) \
        if link.extras else ()
    if pose_of is None:
        pose_of = _shape_pose
    # the common shape (a URDF geometry, no extras, no material) is checked inline:
    # keep_shape, urdf_extras and _urdf_material have nothing to do for it
    visuals = []
    for v in link.visuals:
        g = v.geometry
        if g is not None and g.kind not in URDF_SHAPES and \
                not keep_shape(v, f"link {owner!r}", diags, lossy):
            continue
        extras = v.extras
        if extras:
            unnamed = any(x.tag == UNNAMED.tag for x in extras)
            visuals.append(Visual(None if unnamed else v.name, g, pose_of(v.pose),
                                  _urdf_material(v, applied),
                                  urdf_extras(extras, (UNNAMED.tag,)), v.line,
                                  v.original_name))
        else:
            pose = pose_of(v.pose)
            if pose is v.pose and v.material is None:
                visuals.append(v)  # what Visual(...) below would be, field for field
            else:
                visuals.append(Visual(v.name, g, pose, None if v.material is None
                                      else _urdf_material(v, applied), (), v.line,
                                      v.original_name))
    collisions = []
    for c in link.collisions:
        g = c.geometry
        if g is not None and g.kind not in URDF_SHAPES and \
                not keep_shape(c, f"link {owner!r}", diags, lossy):
            continue
        extras = c.extras
        if extras:
            unnamed = any(x.tag == UNNAMED.tag for x in extras)
            collisions.append(Collision(None if unnamed else c.name, g, pose_of(c.pose),
                                        urdf_extras(extras, (UNNAMED.tag,)), c.line,
                                        c.original_name))
        else:
            pose = pose_of(c.pose)
            collisions.append(c if pose is c.pose else  # unchanged: the same, as is
                              Collision(c.name, g, pose, (), c.line, c.original_name))
    inertial = link.inertial
    if inertial is not None and inertial.unresolved is not None:
        diags.error("NO_URDF_EQUIVALENT", f"link {owner!r}: the automatic inertial has no value "
                    f"({inertial.unresolved}); write the link's <inertial>", inertial.line)
    marks: tuple[Extra, ...] = ()
    if link.extras and any(x.tag == MASSLESS for x in link.extras):
        if inertial is not None and all(float(v) == 0.0 for v in (inertial.mass,
                                                                   *inertial.inertia)):
            inertial = None  # the URDF link had none (carriers.py, default inertials)
    elif inertial is None:
        # SDFormat's default (mass 1, unit inertia), which a URDF reader would not assume
        inertial = Inertial(DEFAULT_MASS, DEFAULT_INERTIA, IDENTITY, link.line)
        marks = (default_inertial_marker(),)
    if inertial is not None:
        # //inertial/pose is read in the link frame: its relative_to is not followed
        ipose = inertial.pose
        if ipose.relative_to is not None:
            ipose = ipose.with_frame(None)
        pose = pose_of(ipose)
        if pose is not inertial.pose or inertial.unresolved is not None:
            inertial = Inertial(inertial.mass, inertial.inertia, pose, inertial.line)
    return Link(link.name if name is None else name, IDENTITY, inertial, tuple(visuals),
                tuple(collisions),
                (urdf_extras(link.extras, (MASSLESS,)) + marks + carrier) if link.extras
                else marks, link.line, link.original_name)


def _carrier(extras: tuple[Extra, ...], owner: str, keep: bool, diags: Diagnostics
             ) -> tuple[Extra, ...]:
    """The ``urdf:as_written`` carrier among ``extras`` to keep: ``()`` or one."""
    carrier = written_carrier(extras)
    if carrier is None:
        return ()
    if keep:
        return (carrier,)
    diags.warning("ELEMENT_DROPPED", f"{owner}: the URDF as written that urdf2sdf carried in "
                  "<urdf:as_written> is not used on the transform path (the URDF frames "
                  "differ); written from the SDF", carrier.line)
    return ()


def _shape_pose(pose: Pose) -> Pose:
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
    # f"joint {name!r}" where a diagnostic names it (rare: not made up front)
    carrier = _carrier(joint.extras, f"joint {name!r}", as_written, diags) \
        if joint.extras else ()
    marks: tuple[Extra, ...] = ()
    jtype = joint.type
    axis = joint.axis
    if jtype not in COMMON_JOINT_TYPES:
        diags.error("NO_URDF_EQUIVALENT", f"joint {name!r}: SDF joint type {jtype!r} has no URDF "
                    "equivalent", joint.line)
        return None
    # spring values and axis/limit extras travel in a <gazebo> block
    limit = axis.limit if axis is not None else None
    if jtype in ONE_AXIS_JOINT_TYPES:
        axis = axis or Axis((0.0, 0.0, 1.0))
        lim = axis.limit or Limit()
        lower = float(lim.lower) if lim.lower is not None else -UNBOUNDED_LIMIT
        upper = float(lim.upper) if lim.upper is not None else UNBOUNDED_LIMIT
        # urdfdom needs effort and velocity in any <limit>; SDF's "no limit" (-1, its
        # default) is written as NO_LIMIT, the SDF values kept in <sdf:limit>
        effort, velocity = _urdf_limit(lim.effort), _urdf_limit(lim.velocity)
        if effort != lim.effort or velocity != lim.velocity:
            marks = (sdf_limit_marker(lim.effort, lim.velocity),)
        if jtype == "continuous":
            # lower/upper are kept as written (urdfdom ignores them)
            if lim.lower is None and lim.upper is None and lim.effort is None and \
                    lim.velocity is None:
                limit, marks = None, ()
            else:
                limit = Limit(lim.lower, lim.upper, effort, velocity, (), lim.line)
        elif jtype == "revolute" and (lower <= -UNBOUNDED_LIMIT or upper >= UNBOUNDED_LIMIT):
            # an unbounded revolute joint is URDF's continuous joint
            jtype = "continuous"
            if lim.effort is None and lim.velocity is None:
                limit, marks = None, ()
            else:
                limit = Limit(None, None, effort, velocity)
        else:
            # URDF requires every limit attribute; SDF's defaults made explicit
            # the URDF lower/upper: -1e16/1e16 for an absent or infinite SDF one (the
            # values parsed above)
            lo = "-1e16" if lim.lower is None or not -math.inf < lower < math.inf \
                else lim.lower
            up = "1e16" if lim.upper is None or not -math.inf < upper < math.inf \
                else lim.upper
            if lo is lim.lower and up is lim.upper and effort is lim.effort and \
                    velocity is lim.velocity and not lim.extras:
                limit = lim  # what Limit(...) below would be, field for field
            else:
                limit = Limit(lo, up, effort, velocity, (), lim.line)
    elif jtype == "fixed":
        # a fixed joint's URDF <axis> travels as <urdf:axis>; SDF's is not URDF's
        if axis is not None and axis.text is not None:
            diags.warning("ELEMENT_DROPPED", f"joint {name!r}: the <axis> direction of a "
                          "fixed joint has no URDF place; dropped", axis.line or joint.line)
        axis = None
    if axis is not None:
        d = axis.dynamics
        if d is not None and d.damping is None and d.friction is None:
            # urdfdom refuses <dynamics/>; spring values go in a <gazebo> block
            d = None
        # the limit as resolved above, SDF-only children left out (a new Axis only
        # when that changes anything)
        if axis.expressed_in is not None or axis.limit is not limit or \
                axis.dynamics is not d or axis.extras:
            axis = Axis(axis.xyz, axis.text, None, limit, d, (), axis.line)
    if joint.axis2 is not None:
        diags.warning("ELEMENT_DROPPED", f"joint {name!r}: <axis2> has no URDF equivalent",
                      joint.line)
    extras = joint.extras
    return Joint(name, jtype,
                 joint.parent if parent is None else parent,
                 joint.child if child is None else child,
                 pose if pose.relative_to is None else pose.with_frame(None), axis, None,
                 joint.mimic, joint.safety_controller, joint.calibration,
                 (urdf_extras(extras) + marks + carrier) if extras else marks,
                 joint.line, joint.original_name)


def _urdf_limit(value: str | None) -> str:
    """A URDF effort or velocity limit for an SDF one: NO_LIMIT for none (absent, < 0, inf)."""
    return NO_LIMIT if value is None or not 0 <= float(value) < math.inf else value
