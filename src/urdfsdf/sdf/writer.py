"""SDFormat 1.7 writer: IR -> XML text.

Writes the IR as it stands: every pose with the ``relative_to`` it holds and
the number tokens it holds (original text when unchanged).  Shaping a URDF
model into the spec's "Parity with URDF" form is :mod:`urdfsdf.convert`'s job.

URDF content with no SDFormat element travels as custom elements in the
``urdf`` namespace (``xmlns:urdf="http://wiki.ros.org/urdf"``), which
libsdformat and Gazebo ignore: ``<urdf:mimic>``, ``<urdf:material>``,
``<urdf:transmission>``, ... (see README, "Lossless round trips").
"""

from __future__ import annotations

from lxml import etree

from urdfsdf.ir import (
    Axis,
    Collision,
    Extras,
    Frame,
    Geometry,
    Inertial,
    Joint,
    Link,
    Material,
    Model,
    Pose,
    SdfDocument,
    Visual,
    World,
)
from urdfsdf.xmlio import URDF_NS, URDF_PREFIX, from_string, serialize

SubElement = etree.SubElement
U = "{" + URDF_NS + "}"


def write_sdf_document(doc: SdfDocument) -> str:
    """Serialise a whole SDF document."""
    nsmap: dict[str, str] = dict(doc.namespaces)
    nsmap.setdefault(URDF_PREFIX, URDF_NS)
    root = etree.Element("sdf", nsmap=nsmap)
    root.set("version", doc.version)
    for world in doc.worlds:
        _world(root, world)
    for model in doc.models:
        _model(root, model)
    _drop_unused_ns(root)
    return serialize(root)


def write_sdf_model(model: Model) -> str:
    """Serialise one model as an SDFormat 1.7 document."""
    return write_sdf_document(SdfDocument("1.7", (model,)))


def _drop_unused_ns(root: etree._Element) -> None:
    etree.cleanup_namespaces(root)


def _text(parent: etree._Element, tag: str, text: str) -> etree._Element:
    el = SubElement(parent, tag)
    el.text = text
    return el


def _pose(parent: etree._Element, pose: Pose, always: bool = False) -> None:
    """Write ``<pose>``; an absent identity pose is omitted unless ``always``."""
    if pose.relative_to is None and pose.text is None and pose.is_identity and not always:
        return
    el = SubElement(parent, "pose")
    if pose.relative_to is not None:
        el.set("relative_to", pose.relative_to)
    if pose.text is not None or not pose.is_identity:
        el.text = " ".join(pose.tokens())


def _extras(parent: etree._Element, extras: Extras) -> None:
    for x in extras:
        parent.append(from_string(x.xml))


def _world(parent: etree._Element, world: World) -> None:
    el = SubElement(parent, "world", name=world.name)
    for frame in world.frames:
        _frame(el, frame)
    for model in world.models:
        _model(el, model)
    _extras(el, world.extras)


def _model(parent: etree._Element, model: Model) -> None:
    el = SubElement(parent, "model", name=model.name)
    if model.canonical_link is not None:
        el.set("canonical_link", model.canonical_link)
    if model.version is not None:
        el.set(U + "version", model.version)
    if model.static:
        _text(el, "static", "true")
    _pose(el, model.pose)
    for material in model.materials:
        _urdf_material(el, material)
    # each joint right before its child link, as in the spec's parity example
    by_child: dict[str, list[Joint]] = {}
    for joint in model.joints:
        by_child.setdefault(joint.child, []).append(joint)
    for link in model.links:
        for joint in by_child.pop(link.name, ()):
            _joint(el, joint)
        _link(el, link)
    for joints in by_child.values():
        for joint in joints:
            _joint(el, joint)
    for frame in model.frames:
        _frame(el, frame)
    for nested in model.models:
        _model(el, nested)
    _extras(el, model.extras)


def _frame(parent: etree._Element, frame: Frame) -> None:
    el = SubElement(parent, "frame", name=frame.name)
    if frame.attached_to is not None:
        el.set("attached_to", frame.attached_to)
    _pose(el, frame.pose)


def _link(parent: etree._Element, link: Link) -> None:
    el = SubElement(parent, "link", name=link.name)
    if link.original_name is not None:
        el.set(U + "name", link.original_name)
    _pose(el, link.pose)
    if link.inertial is not None:
        _inertial(el, link.inertial)
    for visual in link.visuals:
        _visual(el, visual)
    for collision in link.collisions:
        _collision(el, collision)
    _extras(el, link.extras)


def _inertial(parent: etree._Element, inertial: Inertial) -> None:
    el = SubElement(parent, "inertial")
    # //inertial/pose has no relative_to in 1.7: it is in the link frame
    _pose(el, Pose(inertial.pose.xyz, inertial.pose.rpy, None, inertial.pose.text))
    _text(el, "mass", inertial.mass)
    inertia = SubElement(el, "inertia")
    for key, value in zip(("ixx", "ixy", "ixz", "iyy", "iyz", "izz"), inertial.inertia,
                          strict=True):
        _text(inertia, key, value)


def _geometry(parent: etree._Element, geometry: Geometry | None) -> None:
    el = SubElement(parent, "geometry")
    if geometry is None:
        SubElement(el, "empty")
        return
    if geometry.raw is not None:
        el.append(from_string(geometry.raw))
        return
    kind = geometry.kind
    shape = SubElement(el, kind)
    if kind == "box":
        _text(shape, "size", " ".join(geometry.size or ("0", "0", "0")))
    elif kind in ("cylinder", "capsule"):
        _text(shape, "radius", geometry.radius or "0")
        _text(shape, "length", geometry.length or "0")
    elif kind == "sphere":
        _text(shape, "radius", geometry.radius or "0")
    elif kind == "mesh":
        _text(shape, "uri", geometry.uri or "")
        if geometry.scale is not None:
            _text(shape, "scale", " ".join(geometry.scale))


def _visual(parent: etree._Element, visual: Visual) -> None:
    el = SubElement(parent, "visual", name=visual.name or "")
    if visual.original_name is not None:
        el.set(U + "name", visual.original_name)
    _pose(el, visual.pose)
    _geometry(el, visual.geometry)
    if visual.material is not None:
        _material(el, visual.material)
    _extras(el, visual.extras)


def _collision(parent: etree._Element, collision: Collision) -> None:
    el = SubElement(parent, "collision", name=collision.name or "")
    if collision.original_name is not None:
        el.set(U + "name", collision.original_name)
    _pose(el, collision.pose)
    _geometry(el, collision.geometry)
    _extras(el, collision.extras)


def _material(parent: etree._Element, material: Material) -> None:
    """SDF //visual/material; URDF name/texture ride along as <urdf:material>."""
    ambient = material.ambient
    diffuse = material.diffuse
    if ambient is None and diffuse is None and material.rgba is not None:
        # one reversible mapping: URDF rgba -> SDF ambient and diffuse
        ambient = diffuse = material.rgba
    if any(c is not None for c in (ambient, diffuse, material.specular, material.emissive)) \
            or material.extras:
        el = SubElement(parent, "material")
        for tag, value in (("ambient", ambient), ("diffuse", diffuse),
                           ("specular", material.specular), ("emissive", material.emissive)):
            if value is not None:
                _text(el, tag, " ".join(value))
        _extras(el, material.extras)
    if material.name is not None or material.texture is not None or (
            material.rgba is not None and (material.ambient or material.diffuse)):
        _urdf_material(parent, material)


def _urdf_material(parent: etree._Element, material: Material) -> None:
    el = SubElement(parent, U + "material")
    if material.name is not None:
        el.set("name", material.name)
    if material.rgba is not None:
        SubElement(el, "color", rgba=" ".join(material.rgba))
    if material.texture is not None:
        SubElement(el, "texture", filename=material.texture)


def _joint(parent: etree._Element, joint: Joint) -> None:
    el = SubElement(parent, "joint", name=joint.name, type=joint.type)
    if joint.original_name is not None:
        el.set(U + "name", joint.original_name)
    _pose(el, joint.pose)
    _text(el, "parent", joint.parent)
    _text(el, "child", joint.child)
    if joint.axis is not None:
        _axis(el, "axis", joint.axis)
    if joint.axis2 is not None:
        _axis(el, "axis2", joint.axis2)
    if joint.mimic is not None:
        m = joint.mimic
        attrs = {"joint": m.joint}
        if m.multiplier is not None:
            attrs["multiplier"] = m.multiplier
        if m.offset is not None:
            attrs["offset"] = m.offset
        SubElement(el, U + "mimic", attrs)
    if joint.safety_controller is not None:
        s = joint.safety_controller
        SubElement(el, U + "safety_controller", _attrs(
            k_velocity=s.k_velocity, k_position=s.k_position,
            soft_lower_limit=s.soft_lower_limit, soft_upper_limit=s.soft_upper_limit))
    if joint.calibration is not None:
        c = joint.calibration
        SubElement(el, U + "calibration", _attrs(
            rising=c.rising, falling=c.falling, reference_position=c.reference_position))
    _extras(el, joint.extras)


def _attrs(**values: str | None) -> dict[str, str]:
    return {k: v for k, v in values.items() if v is not None}


def _axis(parent: etree._Element, tag: str, axis: Axis) -> None:
    el = SubElement(parent, tag)
    xyz = _text(el, "xyz", " ".join(axis.tokens()))
    if axis.expressed_in is not None:
        xyz.set("expressed_in", axis.expressed_in)
    if axis.dynamics is not None:
        d = axis.dynamics
        dyn = SubElement(el, "dynamics")
        for key, value in (("damping", d.damping), ("friction", d.friction),
                           ("spring_reference", d.spring_reference),
                           ("spring_stiffness", d.spring_stiffness)):
            if value is not None:
                _text(dyn, key, value)
    if axis.limit is not None:
        lim = axis.limit
        le = SubElement(el, "limit")
        for key, value in (("lower", lim.lower), ("upper", lim.upper),
                           ("effort", lim.effort), ("velocity", lim.velocity)):
            if value is not None:
                _text(le, key, value)
        _extras(le, lim.extras)
    _extras(el, axis.extras)
