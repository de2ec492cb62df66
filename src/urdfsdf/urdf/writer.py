"""URDF writer: a URDF-shaped IR model -> XML text.

URDF-shaped means: each joint's pose is its origin in the parent link frame,
link poses are not used (a URDF link frame is its parent joint's frame), and
axes are in the joint frame.  :mod:`urdfsdf.translate.to_sdf` and
:mod:`urdfsdf.translate.to_urdf_transform` produce that shape; this module only writes it,
copying number tokens as the IR holds them.
"""

from __future__ import annotations

from lxml import etree

from urdfsdf.core.ir import (
    INERTIA_KEYS,
    ZERO3,
    Collision,
    Dynamics,
    Extra,
    FrameLink,
    Geometry,
    Inertial,
    Joint,
    Limit,
    Link,
    Material,
    Model,
    Pose,
    Visual,
)
from urdfsdf.core.numbers import fmt_all
from urdfsdf.urdf.as_written import written_carrier
from urdfsdf.urdf.elements import DYNAMICS, NO_URDF_PARTS, WRITTEN_AFTER_AXIS, urdf_parts
from urdfsdf.xml.build import XmlBuilder, attr, attrs, plain
from urdfsdf.xml.declared import written
from urdfsdf.xml.namespaces import SDF_FRAME, SDF_NS, SDF_POSE, SDF_SUBMESH
from urdfsdf.xml.parse import from_string, to_string


def write_urdf_model(model: Model) -> str:
    """Serialise a URDF-shaped model as a URDF document."""
    out = XmlBuilder()
    more = next((_start_attributes(x.xml) for x in model.extras if x.tag == "robot"), "")
    out.open("robot", attrs((("name", model.name), ("version", model.version))) + more)
    out.mark = len(out.parts)
    for material in model.materials:
        write_material(out, material)
    for link in model.links:
        _link(out, link)
        out.compact()
    for joint in model.joints:
        _joint(out, joint)
        out.compact()
    for x in model.extras:
        if x.tag != "robot":  # (its attributes: above)
            out.raw(x.xml)
    out.close("robot")
    return out.getvalue()


def _start_attributes(xml: str) -> str:
    """The attributes of the empty element ``xml`` (``<robot a="1"/>``: the attributes of
    ``<robot>`` URDF does not define, carried), with their namespace declarations, as
    written in a start tag."""
    start = xml.split(None, 1)
    return f" {start[1].rstrip().removesuffix('/>').rstrip()}" if len(start) > 1 else ""


def joint_element(joint: Joint) -> etree._Element:
    """A joint as an lxml element (for URDF joints carried verbatim inside SDF)."""
    out = XmlBuilder()
    _joint(out, joint)
    return from_string("".join(out.parts[1:]))


def link_element(link: Link) -> etree._Element:
    """A link as an lxml element (the URDF ``world`` link carried verbatim inside SDF)."""
    out = XmlBuilder()
    _link(out, link)
    return from_string("".join(out.parts[1:]))


def material_element(material: Material) -> etree._Element:
    """A top-level material as an lxml element."""
    out = XmlBuilder()
    write_material(out, material)
    return from_string("".join(out.parts[1:]))


def _origin_line(pad: str, pose: Pose) -> str:
    """The ``<origin>`` line of ``pose`` ("" for an absent identity)."""
    t = pose.text
    if t is None:
        v = pose.values
        if v[:3] == ZERO3 and v[3:] == ZERO3:  # pose.xyz and pose.rpy, one property call
            return ""
        t = fmt_all(v)  # pose.tokens(): computed: digits, sign, point, exponent; nothing to escape
        return f'{pad}<origin xyz="{t[0]} {t[1]} {t[2]}" rpy="{t[3]} {t[4]} {t[5]}"/>\n'
    if len(t) == 6:
        joined = "".join(t)
        if plain(joined):  # nothing to escape: one check for six
            return f'{pad}<origin xyz="{t[0]} {t[1]} {t[2]}" rpy="{t[3]} {t[4]} {t[5]}"/>\n'
    return f'{pad}<origin xyz="{attr(" ".join(t[:3]))}" ' \
        f'rpy="{attr(" ".join(t[3:]))}"/>\n'


def _link(out: XmlBuilder, link: Link) -> None:
    """``<link>``: inertial, visuals, collisions, kept children, ``<sdf:frame>``.

    Each part is written as one text, its attribute values checked for escaping
    in one search (see :func:`urdfsdf.xml.build.plain`).
    """
    extras = link.extras
    if extras:
        carrier = written_carrier(extras)
        if carrier is not None:  # the link as written (urdfsdf.urdf.as_written)
            out.raw(carrier.element)
            return
    p = out.pad
    parts = out.parts
    name = link.name
    head = f'{p}<link name="{name if plain(name) else attr(name)}"'
    inertial = link.inertial
    if inertial is None and not link.visuals and not link.collisions and \
            not extras and link.sdf_frame is None:
        parts.append(f"{head}/>\n")
        return
    q = p + "  "
    if inertial is not None:
        parts.append(f"{head}>\n{_inertial_text(q, inertial)}")
    else:
        parts.append(f"{head}>\n")
    out.pad = q
    for visual in link.visuals:
        _visual(out, visual)
    for collision in link.collisions:
        _collision(out, collision)
    for x in extras:
        out.raw(x.xml)
    if link.sdf_frame is not None:
        out.raw(sdf_frame_xml(link.sdf_frame))
    out.pad = p
    parts.append(f"{p}</link>\n")


def sdf_frame_xml(mark: FrameLink) -> str:
    """``<sdf:frame>``: the SDF //frame a URDF link stands for (urdfdom ignores it).

    It keeps the frame's ``attached_to`` and ``//pose`` as written, so that URDF ->
    SDF restores the element exactly; a frame of a flattened nested model has
    ``flattened="true"`` instead, and comes back attached to the link's parent.
    """
    el = etree.Element(SDF_FRAME, nsmap={"sdf": SDF_NS})
    if mark.flattened:
        el.set("flattened", "true")
    else:
        if mark.attached_to:
            el.set("attached_to", mark.attached_to)
        if mark.pose is not None:
            pose = etree.SubElement(el, SDF_POSE)
            if mark.pose.relative_to is not None:
                pose.set("relative_to", mark.pose.relative_to)
            pose.text = " ".join(mark.pose.tokens())
    return to_string(el)


def sdf_submesh_xml(submesh: Extra) -> str:
    """``<sdf:submesh>``: an SDF //mesh/submesh (``submesh``) carried in a URDF ``<mesh>``
    (urdfdom, Drake and PyBullet ignore it and read the whole mesh), its content as
    written."""
    written = from_string(submesh.xml)
    el = etree.Element(SDF_SUBMESH, nsmap={"sdf": SDF_NS})
    el.attrib.update(written.attrib)
    el.text = written.text
    el.extend(written)
    return to_string(el)


def _inertial_text(p: str, inertial: Inertial) -> str:
    """``<inertial>``: origin, mass and the six moments (one escape check for all)."""
    q = p + "  "
    m = inertial.inertia
    mass = inertial.mass
    if len(m) == 6 and plain(mass + "".join(m)):  # nothing to escape: one check
        body = f'{q}<mass value="{mass}"/>\n' \
            f'{q}<inertia ixx="{m[0]}" ixy="{m[1]}" ixz="{m[2]}" iyy="{m[3]}" ' \
            f'iyz="{m[4]}" izz="{m[5]}"/>\n'
    else:
        body = f'{q}<mass value="{attr(mass)}"/>\n' \
            f'{q}<inertia{attrs(zip(INERTIA_KEYS, m, strict=True))}/>\n'
    return f"{p}<inertial>\n{_origin_line(q, inertial.pose)}{body}{p}</inertial>\n"


def _geometry_text(p: str, geometry: Geometry | None) -> str:
    """``<geometry>`` and its shape (``<geometry/>`` for none)."""
    if geometry is None:
        return f"{p}<geometry/>\n"
    q = p + "  "
    kind = geometry.kind
    if kind == "box":
        size = " ".join(geometry.size or ("0", "0", "0"))
        body = f'{q}<box size="{size if plain(size) else attr(size)}"/>\n'
    elif kind == "cylinder" or kind == "capsule":
        radius, length = geometry.radius or "0", geometry.length or "0"
        if not plain(radius + length):
            radius, length = attr(radius), attr(length)
        body = f'{q}<{kind} radius="{radius}" length="{length}"/>\n'
    elif kind == "sphere":
        radius = geometry.radius or "0"
        body = f'{q}<sphere radius="{radius if plain(radius) else attr(radius)}"/>\n'
    elif kind == "mesh":
        uri = geometry.uri or ""
        if geometry.scale is None:
            body = f'{q}<mesh filename="{attr(uri)}"/>\n'
        else:
            scale = " ".join(geometry.scale)
            if not plain(uri + scale):
                uri, scale = attr(uri), attr(scale)
            body = f'{q}<mesh filename="{uri}" scale="{scale}"/>\n'
        if geometry.submesh is not None:
            body = f"{body[:-3]}>\n{q}  {sdf_submesh_xml(geometry.submesh)}\n{q}</mesh>\n"
    else:
        body = ""
    return f"{p}<geometry>\n{body}{p}</geometry>\n"


def write_material(out: XmlBuilder, material: Material, tag: str = "material",
                   with_extras: bool = True) -> None:
    """``<material name>`` with ``<color rgba>``, ``<texture filename>`` and kept children.

    The SDF writer uses it for ``<urdf:material>`` (``tag``) as well.
    """
    carrier = written_carrier(material.extras) if tag == "material" else None
    if carrier is not None:  # the top-level material as written (urdfsdf.urdf.as_written)
        out.raw(carrier.element)
        return
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


def _shape_head(p: str, tag: str, name: str | None, pose: Pose,
                geometry: Geometry | None) -> str:
    """A visual's or collision's start tag, origin and geometry, as one text."""
    q = p + "  "
    if name is None:
        head = f"{p}<{tag}>\n"
    else:
        head = f'{p}<{tag} name="{name if plain(name) else attr(name)}">\n'
    return f"{head}{_origin_line(q, pose)}{_geometry_text(q, geometry)}"


def _visual(out: XmlBuilder, visual: Visual) -> None:
    p = out.pad
    parts = out.parts
    parts.append(_shape_head(p, "visual", visual.name, visual.pose, visual.geometry))
    if visual.material is None and not visual.extras:
        parts.append(f"{p}</visual>\n")
        return
    out.pad = p + "  "
    if visual.material is not None:
        write_material(out, visual.material)
    for x in visual.extras:
        out.raw(x.xml)
    out.pad = p
    parts.append(f"{p}</visual>\n")


def _collision(out: XmlBuilder, collision: Collision) -> None:
    p = out.pad
    parts = out.parts
    parts.append(_shape_head(p, "collision", collision.name, collision.pose,
                             collision.geometry))
    if collision.extras:
        out.pad = p + "  "
        for x in collision.extras:
            out.raw(x.xml)
        out.pad = p
    parts.append(f"{p}</collision>\n")


def _joint(out: XmlBuilder, joint: Joint) -> None:
    """``<joint>`` with origin, parent, child, axis, limits and URDF-only children.

    The common joint (nothing but origin, parent, child, axis and limit) is one
    text; attribute values are checked for escaping a few at a time.
    """
    extras = joint.extras
    if extras:
        carrier = written_carrier(extras)
        if carrier is not None:  # the joint as written (urdfsdf.urdf.as_written)
            out.raw(carrier.element)
            return
    p = out.pad
    q = p + "  "
    head = _joint_head(p, q, joint)
    axis = joint.axis
    limit, dynamics = (axis.limit, axis.dynamics) if axis is not None else (None, None)
    if dynamics is None and not extras and urdf_parts(joint) == NO_URDF_PARTS:
        # the common joint: one text
        if limit is not None:
            head += _limit_line(q, limit)
        out.parts.append(f"{head}{p}</joint>\n")
        return
    out.parts.append(head)
    out.pad = q
    _joint_children(out, joint, limit, dynamics)
    out.pad = p
    out.parts.append(f"{p}</joint>\n")


def _joint_head(p: str, q: str, joint: Joint) -> str:
    """A joint's start tag, origin, parent, child and axis, as one text."""
    jtype = joint.type
    name, parent, child = joint.name, joint.parent, joint.child
    if jtype is not None and plain(f"{name}{jtype}{parent}{child}"):  # one check
        head = f'{p}<joint name="{name}" type="{jtype}">\n{_origin_line(q, joint.pose)}' \
            f'{q}<parent link="{parent}"/>\n{q}<child link="{child}"/>\n'
    else:
        head = f"{p}<joint{attrs((('name', name), ('type', jtype)))}>\n" \
            f"{_origin_line(q, joint.pose)}" \
            f'{q}<parent link="{attr(parent)}"/>\n' \
            f'{q}<child link="{attr(child)}"/>\n'
    return head + _axis_line(q, joint)


def _axis_line(q: str, joint: Joint) -> str:
    """A joint's ``<axis>`` line: "" when it has none, or it is the default one unwritten."""
    axis = joint.axis
    if axis is not None and (axis.text is not None or (
            joint.type not in ("fixed", "floating") and axis.xyz != (1.0, 0.0, 0.0))):
        xyz = " ".join(axis.tokens())
        return f'{q}<axis xyz="{xyz if plain(xyz) else attr(xyz)}"/>\n'
    return ""


def axis_elements(joint: Joint) -> list[tuple[str, str]]:
    """The ``<axis>``, ``<dynamics>`` and ``<limit>`` ``joint`` writes, each as (tag, text),
    in urdfdom's order: what a fixed joint carries in SDF, which has no axis of its own."""
    axis = joint.axis
    if axis is None:
        return []
    lines = (("axis", _axis_line("", joint)),
             ("dynamics", "" if axis.dynamics is None else _dynamics_line("", axis.dynamics)),
             ("limit", "" if axis.limit is None else _limit_line("", axis.limit)))
    return [(tag, line.rstrip("\n")) for tag, line in lines if line]


def _dynamics_line(q: str, d: Dynamics) -> str:
    """``<dynamics>``: the values it has."""
    return f"{q}<dynamics{written(d, DYNAMICS.order)}/>\n"


def _joint_children(out: XmlBuilder, joint: Joint, limit: Limit | None,
                    dynamics: Dynamics | None) -> None:
    """The children a joint writes after its axis, in urdfdom's order
    (:data:`~urdfsdf.urdf.elements.WRITTEN_AFTER_AXIS`), each from its declaration, then
    its kept children."""
    q = out.pad
    for decl in WRITTEN_AFTER_AXIS:
        tag = decl.tag
        node = dynamics if tag == "dynamics" else limit if tag == "limit" else \
            getattr(joint, tag)
        if node is not None:
            out.parts.append(f"{q}<{tag}{written(node, decl.order)}/>\n")
    for x in joint.extras:
        out.raw(x.xml)


def _limit_line(q: str, lim: Limit) -> str:
    """``<limit>``: the bounds it has (all four with nothing to escape: one check)."""
    lower, upper, effort, velocity = lim.lower, lim.upper, lim.effort, lim.velocity
    if lower is not None and upper is not None and effort is not None and \
            velocity is not None and plain(lower + upper + effort + velocity):
        return f'{q}<limit lower="{lower}" upper="{upper}" effort="{effort}" ' \
            f'velocity="{velocity}"/>\n'
    bounds = attrs((("lower", lower), ("upper", upper), ("effort", effort),
                    ("velocity", velocity)))
    return f"{q}<limit{bounds}/>\n"
