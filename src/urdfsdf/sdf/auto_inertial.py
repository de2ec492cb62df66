"""``<inertial auto="true">`` (SDFormat 1.11): a link's mass properties from its collisions.

As libsdformat's ``Link::ResolveAutoInertials``: each collision's shape weighs its
volume times its density; the sum (:func:`urdfsdf.core.inertia.auto_inertial`) is the
link's inertial.  Shapes with no closed form (meshes...) give SDFormat's default
inertial, with a warning, as libsdformat does without a mesh calculator.
"""

from __future__ import annotations

from lxml import etree

from urdfsdf.core.inertia import MassProperties, auto_inertial, shape_mass_properties, to_inertial
from urdfsdf.core.ir import Collision, Geometry, Inertial, Pose
from urdfsdf.core.transforms import Transform, pose_transform
from urdfsdf.sdf.defaults import DEFAULT_INERTIA, DEFAULT_MASS
from urdfsdf.sdf.values import number_of
from urdfsdf.xml.parse import from_string, line_of
from urdfsdf.xml.readctx import ReadContext


def auto_inertial_of(ctx: ReadContext, el: etree._Element,
                     shapes: list[tuple[etree._Element, Collision]], link: str,
                     what: str) -> Inertial | None:
    """``<inertial auto="true">`` (SDFormat 1.11): mass properties of the collisions.

    Each collision weighs its volume times its ``<density>`` (else the inertial's,
    else 1000 kg/m^3, with a warning), as libsdformat's Link::ResolveAutoInertials;
    a ``<mass>`` given too rescales the result to it (libsdformat 14.7).  Shapes
    whose mass properties have no closed form (meshes...) are an error.
    """
    if not shapes:
        ctx.error("ELEMENT_MISSING", f"{what}: <inertial auto=\"true\"> but the link "
                       "has no <collision>", el)
        return None
    link_density = number_of(ctx, el, "density", f"{what} inertial")
    parts: list[tuple[MassProperties | None, Transform]] = []
    for c_el, col in shapes:
        where = f"{what} collision {col.name!r}"
        density = number_of(ctx, c_el, "density", where) or link_density
        if density is None:
            ctx.warning("ELEMENT_MISSING", f"{where} has no <density>: 1000 kg/m^3 "
                             "(water), as libsdformat", c_el)
            density = "1000"
        props = shape_props(col.geometry, float(density))
        problem = None
        if props is None:
            kind = col.geometry.kind if col.geometry is not None else "no geometry"
            problem = (f"{where}: no automatic inertia for a <{kind}> (box, cylinder, "
                       "sphere, capsule, ellipsoid and cone have one)")
        elif col.pose.frame not in ("", link):
            problem = (f"{where}: urdfsdf computes an automatic inertia only for "
                       "collisions posed in the link frame (no relative_to)")
        if problem is not None:
            # libsdformat reads the default inertial then (mass 1, unit inertia)
            ctx.warning("LINK_INERTIA_INVALID", f"{problem}; read as SDFormat's "
                             "default inertial, as libsdformat does without a mesh "
                             "calculator (sdf2urdf refuses it)", c_el)
            return Inertial(DEFAULT_MASS, DEFAULT_INERTIA, Pose(), line_of(el), problem)
        parts.append((props, pose_transform(col.pose)))
    mass = number_of(ctx, el, "mass", f"{what} inertial")
    total = auto_inertial(parts, float(mass) if mass is not None else None)
    return to_inertial(total, line_of(el)) if total is not None else None


def shape_props(geometry: Geometry | None, density: float) -> MassProperties | None:
    """Mass properties of a collision shape of ``density`` (None: no closed form)."""
    if geometry is None:
        return None
    kind = geometry.kind

    def num(text: str | None) -> float | None:
        return float(text) if text is not None else None

    if geometry.raw is not None and kind in ("ellipsoid", "cone"):
        shape = from_string(geometry.raw)
        radii = shape.findtext("radii")
        size = [float(v) for v in radii.split()] if radii else None
        return shape_mass_properties(kind, density, size=size,
                                     radius=num(shape.findtext("radius")),
                                     length=num(shape.findtext("length")))
    size = [float(v) for v in geometry.size] if geometry.size is not None else None
    return shape_mass_properties(kind, density, size=size, radius=num(geometry.radius),
                                 length=num(geometry.length))
