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
from urdfsdf.urdf.writer import write_material
from urdfsdf.xmlio import URDF_NS, URDF_PREFIX
from urdfsdf.xmlout import XmlBuilder, attr, attrs

URDF_XMLNS = f' xmlns:{URDF_PREFIX}="{URDF_NS}"'
INERTIA_KEYS = ("ixx", "ixy", "ixz", "iyy", "iyz", "izz")


def write_sdf_document(doc: SdfDocument) -> str:
    """Serialise a whole SDF document."""
    out = XmlBuilder(drop_xmlns=(URDF_XMLNS,))
    out.open("sdf")  # placeholder line, replaced below once namespaces are known
    for world in doc.worlds:
        _world(out, world)
    for model in doc.models:
        _model(out, model)
    out.close("sdf")
    body = "".join(out.parts[2:])
    ns = [(k, v) for k, v in doc.namespaces if k != URDF_PREFIX]
    if "<urdf:" in body or " urdf:" in body:
        ns.insert(0, (URDF_PREFIX, URDF_NS))
    decls = "".join(f' xmlns:{k}="{attr(v)}"' for k, v in ns)
    out.parts[1] = f'<sdf{decls} version="{attr(doc.version)}">\n'
    return out.getvalue()


def write_sdf_model(model: Model) -> str:
    """Serialise one model as an SDFormat 1.7 document."""
    return write_sdf_document(SdfDocument("1.7", (model,)))


def _pose(out: XmlBuilder, pose: Pose) -> None:
    """Write ``<pose>``; an absent identity pose (no relative_to, no text) is omitted."""
    if pose.text is None and pose.is_identity:
        if pose.relative_to is not None:
            out.empty("pose", f' relative_to="{attr(pose.relative_to)}"')
        return
    rel = f' relative_to="{attr(pose.relative_to)}"' if pose.relative_to is not None else ""
    out.leaf("pose", " ".join(pose.tokens()), rel)


def _extras(out: XmlBuilder, extras: Extras) -> None:
    for x in extras:
        out.raw(x.xml)


def _world(out: XmlBuilder, world: World) -> None:
    out.open("world", f' name="{attr(world.name)}"')
    for frame in world.frames:
        _frame(out, frame)
    for model in world.models:
        _model(out, model)
    _extras(out, world.extras)
    out.close("world")


def _model(out: XmlBuilder, model: Model) -> None:
    out.open("model", attrs((("name", model.name), ("canonical_link", model.canonical_link),
                             ("urdf:version", model.version))))
    if model.static:
        out.leaf("static", "true")
    _pose(out, model.pose)
    for material in model.materials:
        _urdf_material(out, material, with_extras=True)
    # each joint right before its child link, as in the spec's parity example
    by_child: dict[str, list[Joint]] = {}
    for joint in model.joints:
        by_child.setdefault(joint.child, []).append(joint)
    for link in model.links:
        for joint in by_child.pop(link.name, ()):
            _joint(out, joint)
        _link(out, link)
    for joints in by_child.values():
        for joint in joints:
            _joint(out, joint)
    for frame in model.frames:
        _frame(out, frame)
    for nested in model.models:
        _model(out, nested)
    _extras(out, model.extras)
    out.close("model")


def _frame(out: XmlBuilder, frame: Frame) -> None:
    a = attrs((("name", frame.name), ("attached_to", frame.attached_to)))
    if frame.pose.text is None and frame.pose.is_identity and frame.pose.relative_to is None:
        out.empty("frame", a)
        return
    out.open("frame", a)
    _pose(out, frame.pose)
    out.close("frame")


def _link(out: XmlBuilder, link: Link) -> None:
    a = attrs((("name", link.name), ("urdf:name", link.original_name)))
    if link.pose.text is None and link.pose.is_identity and link.pose.relative_to is None \
            and link.inertial is None and not link.visuals and not link.collisions \
            and not link.extras:
        out.empty("link", a)
        return
    out.open("link", a)
    _pose(out, link.pose)
    if link.inertial is not None:
        _inertial(out, link.inertial)
    for visual in link.visuals:
        _visual(out, visual)
    for collision in link.collisions:
        _collision(out, collision)
    _extras(out, link.extras)
    out.close("link")


def _inertial(out: XmlBuilder, inertial: Inertial) -> None:
    out.open("inertial")
    # //inertial/pose has no relative_to in 1.7: it is in the link frame
    p = inertial.pose
    if p.text is not None or not p.is_identity:
        out.leaf("pose", " ".join(p.tokens()))
    out.leaf("mass", inertial.mass)
    out.open("inertia")
    for key, value in zip(INERTIA_KEYS, inertial.inertia, strict=True):
        out.leaf(key, value)
    out.close("inertia")
    out.close("inertial")


def _geometry(out: XmlBuilder, geometry: Geometry | None) -> None:
    out.open("geometry")
    if geometry is None:
        out.empty("empty")
    elif geometry.raw is not None:
        out.raw(geometry.raw)
    else:
        kind = geometry.kind
        if kind == "empty":
            out.empty("empty")
        else:
            out.open(kind)
            if kind == "box":
                out.leaf("size", " ".join(geometry.size or ("0", "0", "0")))
            elif kind in ("cylinder", "capsule"):
                out.leaf("radius", geometry.radius or "0")
                out.leaf("length", geometry.length or "0")
            elif kind == "sphere":
                out.leaf("radius", geometry.radius or "0")
            elif kind == "mesh":
                out.leaf("uri", geometry.uri or "")
                if geometry.scale is not None:
                    out.leaf("scale", " ".join(geometry.scale))
            out.close(kind)
    out.close("geometry")


def _visual(out: XmlBuilder, visual: Visual) -> None:
    out.open("visual", attrs((("name", visual.name or ""),
                              ("urdf:name", visual.original_name))))
    _pose(out, visual.pose)
    _geometry(out, visual.geometry)
    if visual.material is not None:
        _material(out, visual.material)
    _extras(out, visual.extras)
    out.close("visual")


def _collision(out: XmlBuilder, collision: Collision) -> None:
    out.open("collision", attrs((("name", collision.name or ""),
                                 ("urdf:name", collision.original_name))))
    _pose(out, collision.pose)
    _geometry(out, collision.geometry)
    _extras(out, collision.extras)
    out.close("collision")


def _material(out: XmlBuilder, material: Material) -> None:
    """SDF //visual/material; URDF name/texture ride along as <urdf:material>."""
    ambient = material.ambient
    diffuse = material.diffuse
    if ambient is None and diffuse is None and material.rgba is not None:
        # one reversible mapping: URDF rgba -> SDF ambient and diffuse
        ambient = diffuse = material.rgba
    channels = (("ambient", ambient), ("diffuse", diffuse), ("specular", material.specular),
                ("emissive", material.emissive))
    if any(c is not None for _, c in channels) or material.extras:
        out.open("material")
        for tag, value in channels:
            if value is not None:
                out.leaf(tag, " ".join(value))
        _extras(out, material.extras)
        out.close("material")
    if material.name is not None or material.texture is not None or (
            material.rgba is not None and (material.ambient or material.diffuse)):
        _urdf_material(out, material)


def _urdf_material(out: XmlBuilder, material: Material, with_extras: bool = False) -> None:
    """A URDF material as ``<urdf:material>``; a top-level one with its other children."""
    write_material(out, material, "urdf:material", with_extras)


def _joint(out: XmlBuilder, joint: Joint) -> None:
    out.open("joint", attrs((("name", joint.name), ("type", joint.type),
                             ("urdf:name", joint.original_name))))
    _pose(out, joint.pose)
    out.leaf("parent", joint.parent)
    out.leaf("child", joint.child)
    if joint.axis is not None:
        _axis(out, "axis", joint.axis)
    if joint.axis2 is not None:
        _axis(out, "axis2", joint.axis2)
    if joint.mimic is not None:
        m = joint.mimic
        out.empty("urdf:mimic", attrs((("joint", m.joint), ("multiplier", m.multiplier),
                                       ("offset", m.offset))))
    if joint.safety_controller is not None:
        s = joint.safety_controller
        out.empty("urdf:safety_controller", attrs((
            ("k_velocity", s.k_velocity), ("k_position", s.k_position),
            ("soft_lower_limit", s.soft_lower_limit), ("soft_upper_limit", s.soft_upper_limit))))
    if joint.calibration is not None:
        c = joint.calibration
        out.empty("urdf:calibration", attrs((
            ("rising", c.rising), ("falling", c.falling),
            ("reference_position", c.reference_position))))
    _extras(out, joint.extras)
    out.close("joint")


def _axis(out: XmlBuilder, tag: str, axis: Axis) -> None:
    out.open(tag)
    rel = f' expressed_in="{attr(axis.expressed_in)}"' if axis.expressed_in is not None else ""
    out.leaf("xyz", " ".join(axis.tokens()), rel)
    if axis.dynamics is not None:
        d = axis.dynamics
        out.open("dynamics")
        for key, value in (("damping", d.damping), ("friction", d.friction),
                           ("spring_reference", d.spring_reference),
                           ("spring_stiffness", d.spring_stiffness)):
            if value is not None:
                out.leaf(key, value)
        out.close("dynamics")
    if axis.limit is not None:
        lim = axis.limit
        out.open("limit")
        for key, value in (("lower", lim.lower), ("upper", lim.upper),
                           ("effort", lim.effort), ("velocity", lim.velocity)):
            if value is not None:
                out.leaf(key, value)
        _extras(out, lim.extras)
        out.close("limit")
    _extras(out, axis.extras)
    out.close(tag)
