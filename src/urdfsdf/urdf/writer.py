"""URDF writer: a URDF-shaped IR model -> XML text.

URDF-shaped means: each joint's pose is its origin in the parent link frame,
link poses are not used (a URDF link frame is its parent joint's frame), and
axes are in the joint frame.  :mod:`urdfsdf.convert` and
:mod:`urdfsdf.transform` produce that shape; this module only writes it,
copying number tokens as the IR holds them.
"""

from __future__ import annotations

from lxml import etree

from urdfsdf.ir import Collision, Geometry, Inertial, Joint, Link, Material, Model, Pose, Visual
from urdfsdf.xmlio import from_string, serialize

SubElement = etree.SubElement


def write_urdf_model(model: Model) -> str:
    """Serialise a URDF-shaped model as a URDF document."""
    return serialize(robot_element(model))


def robot_element(model: Model) -> etree._Element:
    """The ``<robot>`` element of a URDF-shaped model."""
    root = etree.Element("robot", name=model.name)
    if model.version is not None:
        root.set("version", model.version)
    for material in model.materials:
        root.append(material_element(material))
    for link in model.links:
        root.append(link_element(link))
    for joint in model.joints:
        root.append(joint_element(joint))
    for x in model.extras:
        root.append(from_string(x.xml))
    return root


def _origin(parent: etree._Element, pose: Pose) -> None:
    if pose.text is None and pose.is_identity:
        return
    t = pose.tokens()
    SubElement(parent, "origin", xyz=" ".join(t[:3]), rpy=" ".join(t[3:]))


def link_element(link: Link) -> etree._Element:
    """``<link>`` with inertial, visuals, collisions and kept extras."""
    el = etree.Element("link", name=link.name)
    if link.inertial is not None:
        _inertial(el, link.inertial)
    for visual in link.visuals:
        _visual(el, visual)
    for collision in link.collisions:
        _collision(el, collision)
    for x in link.extras:
        el.append(from_string(x.xml))
    return el


def _inertial(parent: etree._Element, inertial: Inertial) -> None:
    el = SubElement(parent, "inertial")
    _origin(el, inertial.pose)
    SubElement(el, "mass", value=inertial.mass)
    SubElement(el, "inertia", dict(zip(("ixx", "ixy", "ixz", "iyy", "iyz", "izz"),
                                       inertial.inertia, strict=True)))


def _geometry(parent: etree._Element, geometry: Geometry | None) -> None:
    el = SubElement(parent, "geometry")
    if geometry is None:
        return
    kind = geometry.kind
    if kind == "box":
        SubElement(el, "box", size=" ".join(geometry.size or ("0", "0", "0")))
    elif kind in ("cylinder", "capsule"):
        SubElement(el, kind, radius=geometry.radius or "0", length=geometry.length or "0")
    elif kind == "sphere":
        SubElement(el, "sphere", radius=geometry.radius or "0")
    elif kind == "mesh":
        mesh = SubElement(el, "mesh", filename=geometry.uri or "")
        if geometry.scale is not None:
            mesh.set("scale", " ".join(geometry.scale))


def material_element(material: Material) -> etree._Element:
    """``<material name>`` with ``<color rgba>`` and ``<texture filename>``."""
    el = etree.Element("material")
    if material.name is not None:
        el.set("name", material.name)
    if material.rgba is not None:
        SubElement(el, "color", rgba=" ".join(material.rgba))
    if material.texture is not None:
        SubElement(el, "texture", filename=material.texture)
    return el


def _visual(parent: etree._Element, visual: Visual) -> None:
    el = SubElement(parent, "visual")
    if visual.name is not None:
        el.set("name", visual.name)
    _origin(el, visual.pose)
    _geometry(el, visual.geometry)
    if visual.material is not None:
        el.append(material_element(visual.material))
    for x in visual.extras:
        el.append(from_string(x.xml))


def _collision(parent: etree._Element, collision: Collision) -> None:
    el = SubElement(parent, "collision")
    if collision.name is not None:
        el.set("name", collision.name)
    _origin(el, collision.pose)
    _geometry(el, collision.geometry)
    for x in collision.extras:
        el.append(from_string(x.xml))


def _attrs(**values: str | None) -> dict[str, str]:
    return {k: v for k, v in values.items() if v is not None}


def joint_element(joint: Joint) -> etree._Element:
    """``<joint>`` with origin, parent, child, axis, limits and URDF-only children."""
    el = etree.Element("joint", name=joint.name, type=joint.type)
    _origin(el, joint.pose)
    SubElement(el, "parent", link=joint.parent)
    SubElement(el, "child", link=joint.child)
    axis = joint.axis
    if axis is not None and (axis.text is not None or (
            joint.type not in ("fixed", "floating") and axis.xyz != (1.0, 0.0, 0.0))):
        SubElement(el, "axis", xyz=" ".join(axis.tokens()))
    if joint.calibration is not None:
        c = joint.calibration
        SubElement(el, "calibration", _attrs(rising=c.rising, falling=c.falling,
                                             reference_position=c.reference_position))
    if axis is not None and axis.dynamics is not None:
        d = axis.dynamics
        SubElement(el, "dynamics", _attrs(damping=d.damping, friction=d.friction))
    if axis is not None and axis.limit is not None:
        lim = axis.limit
        SubElement(el, "limit", _attrs(lower=lim.lower, upper=lim.upper, effort=lim.effort,
                                       velocity=lim.velocity))
    if joint.safety_controller is not None:
        s = joint.safety_controller
        SubElement(el, "safety_controller", _attrs(
            soft_lower_limit=s.soft_lower_limit, soft_upper_limit=s.soft_upper_limit,
            k_position=s.k_position, k_velocity=s.k_velocity))
    if joint.mimic is not None:
        m = joint.mimic
        SubElement(el, "mimic", _attrs(joint=m.joint, multiplier=m.multiplier,
                                       offset=m.offset))
    for x in joint.extras:
        el.append(from_string(x.xml))
    return el
