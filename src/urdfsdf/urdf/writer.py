"""URDF writer: a URDF-shaped IR model -> XML text.

URDF-shaped means: each joint's pose is its origin in the parent link frame,
link poses are not used (a URDF link frame is its parent joint's frame), and
axes are in the joint frame.  :mod:`urdfsdf.convert` and
:mod:`urdfsdf.to_urdf` produce that shape; this module only writes it,
copying number tokens as the IR holds them.
"""

from __future__ import annotations

from lxml import etree

from urdfsdf.ir import Collision, Geometry, Inertial, Joint, Link, Material, Model, Pose, Visual
from urdfsdf.xmlio import from_string
from urdfsdf.xmlout import XmlBuilder, attr, attrs

INERTIA_KEYS = ("ixx", "ixy", "ixz", "iyy", "iyz", "izz")


def write_urdf_model(model: Model) -> str:
    """Serialise a URDF-shaped model as a URDF document."""
    out = XmlBuilder()
    out.open("robot", attrs((("name", model.name), ("version", model.version))))
    for material in model.materials:
        _material(out, material)
    for link in model.links:
        _link(out, link)
    for joint in model.joints:
        _joint(out, joint)
    for x in model.extras:
        out.raw(x.xml)
    out.close("robot")
    return out.getvalue()


def joint_element(joint: Joint) -> etree._Element:
    """A joint as an lxml element (for URDF joints carried verbatim inside SDF)."""
    out = XmlBuilder()
    _joint(out, joint)
    return from_string("".join(out.parts[1:]))


def _origin(out: XmlBuilder, pose: Pose) -> None:
    if pose.text is None and pose.is_identity:
        return
    t = pose.tokens()
    out.empty("origin", f' xyz="{attr(" ".join(t[:3]))}" rpy="{attr(" ".join(t[3:]))}"')


def _link(out: XmlBuilder, link: Link) -> None:
    a = f' name="{attr(link.name)}"'
    if link.inertial is None and not link.visuals and not link.collisions and not link.extras:
        out.empty("link", a)
        return
    out.open("link", a)
    if link.inertial is not None:
        _inertial(out, link.inertial)
    for visual in link.visuals:
        _visual(out, visual)
    for collision in link.collisions:
        _collision(out, collision)
    for x in link.extras:
        out.raw(x.xml)
    out.close("link")


def _inertial(out: XmlBuilder, inertial: Inertial) -> None:
    out.open("inertial")
    _origin(out, inertial.pose)
    out.empty("mass", f' value="{attr(inertial.mass)}"')
    out.empty("inertia", attrs(zip(INERTIA_KEYS, inertial.inertia, strict=True)))
    out.close("inertial")


def _geometry(out: XmlBuilder, geometry: Geometry | None) -> None:
    if geometry is None:
        out.empty("geometry")
        return
    out.open("geometry")
    kind = geometry.kind
    if kind == "box":
        out.empty("box", f' size="{attr(" ".join(geometry.size or ("0", "0", "0")))}"')
    elif kind in ("cylinder", "capsule"):
        out.empty(kind, attrs((("radius", geometry.radius or "0"),
                               ("length", geometry.length or "0"))))
    elif kind == "sphere":
        out.empty("sphere", f' radius="{attr(geometry.radius or "0")}"')
    elif kind == "mesh":
        scale = " ".join(geometry.scale) if geometry.scale is not None else None
        out.empty("mesh", attrs((("filename", geometry.uri or ""), ("scale", scale))))
    out.close("geometry")


def _material(out: XmlBuilder, material: Material) -> None:
    write_material(out, material)


def write_material(out: XmlBuilder, material: Material, tag: str = "material",
                   with_extras: bool = True) -> None:
    """``<material name>`` with ``<color rgba>``, ``<texture filename>`` and kept children.

    The SDF writer uses it for ``<urdf:material>`` (``tag``) as well.
    """
    a = attrs((("name", material.name),))
    extras = material.extras if with_extras else ()
    if material.rgba is None and material.texture is None and not extras:
        out.empty(tag, a)
        return
    out.open(tag, a)
    if material.rgba is not None:
        out.empty("color", f' rgba="{attr(" ".join(material.rgba))}"')
    if material.texture is not None:
        out.empty("texture", f' filename="{attr(material.texture)}"')
    for x in extras:
        out.raw(x.xml)
    out.close(tag)


def _visual(out: XmlBuilder, visual: Visual) -> None:
    out.open("visual", attrs((("name", visual.name),)))
    _origin(out, visual.pose)
    _geometry(out, visual.geometry)
    if visual.material is not None:
        _material(out, visual.material)
    for x in visual.extras:
        out.raw(x.xml)
    out.close("visual")


def _collision(out: XmlBuilder, collision: Collision) -> None:
    out.open("collision", attrs((("name", collision.name),)))
    _origin(out, collision.pose)
    _geometry(out, collision.geometry)
    for x in collision.extras:
        out.raw(x.xml)
    out.close("collision")


def _joint(out: XmlBuilder, joint: Joint) -> None:
    """``<joint>`` with origin, parent, child, axis, limits and URDF-only children."""
    out.open("joint", attrs((("name", joint.name), ("type", joint.type))))
    _origin(out, joint.pose)
    out.empty("parent", f' link="{attr(joint.parent)}"')
    out.empty("child", f' link="{attr(joint.child)}"')
    axis = joint.axis
    if axis is not None and (axis.text is not None or (
            joint.type not in ("fixed", "floating") and axis.xyz != (1.0, 0.0, 0.0))):
        out.empty("axis", f' xyz="{attr(" ".join(axis.tokens()))}"')
    if joint.calibration is not None:
        c = joint.calibration
        out.empty("calibration", attrs((("rising", c.rising), ("falling", c.falling),
                                        ("reference_position", c.reference_position))))
    if axis is not None and axis.dynamics is not None:
        d = axis.dynamics
        out.empty("dynamics", attrs((("damping", d.damping), ("friction", d.friction))))
    if axis is not None and axis.limit is not None:
        lim = axis.limit
        out.empty("limit", attrs((("lower", lim.lower), ("upper", lim.upper),
                                  ("effort", lim.effort), ("velocity", lim.velocity))))
    if joint.safety_controller is not None:
        s = joint.safety_controller
        out.empty("safety_controller", attrs((
            ("soft_lower_limit", s.soft_lower_limit), ("soft_upper_limit", s.soft_upper_limit),
            ("k_position", s.k_position), ("k_velocity", s.k_velocity))))
    if joint.mimic is not None:
        m = joint.mimic
        out.empty("mimic", attrs((("joint", m.joint), ("multiplier", m.multiplier),
                                  ("offset", m.offset))))
    for x in joint.extras:
        out.raw(x.xml)
    out.close("joint")
