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
    ZERO3,
    Collision,
    FrameLink,
    Geometry,
    Inertial,
    Joint,
    Link,
    Material,
    Model,
    Pose,
    Visual,
)
from urdfsdf.core.numbers import fmt_all
from urdfsdf.urdf.as_written import original_xml, written_carrier
from urdfsdf.xml.build import XmlBuilder, attr, attrs, plain
from urdfsdf.xml.namespaces import SDF_NS, S
from urdfsdf.xml.parse import from_string, to_string

#: ``<sdf:frame>`` and its ``<sdf:pose>`` (:class:`~urdfsdf.core.ir.FrameLink`)
SDF_FRAME = S + "frame"
SDF_POSE = S + "pose"

INERTIA_KEYS = ("ixx", "ixy", "ixz", "iyy", "iyz", "izz")


def write_urdf_model(model: Model) -> str:
    """Serialise a URDF-shaped model as a URDF document."""
    out = XmlBuilder()
    out.open("robot", attrs((("name", model.name), ("version", model.version))))
    out.mark = len(out.parts)
    for material in model.materials:
        _material(out, material)
    for link in model.links:
        _link(out, link)
        out.compact()
    for joint in model.joints:
        _joint(out, joint)
        out.compact()
    for x in model.extras:
        out.raw(x.xml)
    out.close("robot")
    return out.getvalue()


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


def _origin(out: XmlBuilder, pose: Pose) -> None:
    line = _origin_line(out.pad, pose)
    if line:
        out.parts.append(line)


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
    extras = link.extras
    if not extras and link.sdf_frame is None:
        # the common link: its text in one piece (see _plain_link)
        text = _plain_link(out.pad, link)
        if text is not None:
            out.parts.append(text)
            return
    carrier = written_carrier(extras) if extras else None
    if carrier is not None:  # the link as written (urdfsdf.urdf.as_written)
        out.raw(original_xml(carrier))
        return
    a = f' name="{attr(link.name)}"'
    p = out.pad
    if link.inertial is None and not link.visuals and not link.collisions and \
            not link.extras and link.sdf_frame is None:
        out.parts.append(f"{p}<link{a}/>\n")
        return
    out.parts.append(f"{p}<link{a}>\n")
    out.pad = p + "  "
    if link.inertial is not None:
        _inertial(out, link.inertial)
    for visual in link.visuals:
        _visual(out, visual)
    for collision in link.collisions:
        _collision(out, collision)
    for x in link.extras:
        out.raw(x.xml)
    if link.sdf_frame is not None:
        out.raw(sdf_frame_xml(link.sdf_frame))
    out.pad = p
    out.parts.append(f"{p}</link>\n")


def _plain_link(p: str, link: Link) -> str | None:
    """A link without extras whose shapes have no material and no extras, as one text.

    What :func:`_link` writes for it, element by element, written unescaped with one
    escape check for all its attribute values at the end (None: not such a link,
    or something to escape: :func:`_link`'s general path writes it).
    """
    q = p + "  "
    r = q + "  "
    name = link.name
    check = [name]  # every attribute value written below
    out = [f'{p}<link name="{name}">\n']
    inertial = link.inertial
    if inertial is not None:
        m = inertial.inertia
        if len(m) != 6:
            return None
        check.append(inertial.mass)
        check += m
        out.append(f'{q}<inertial>\n{_origin_raw(r, inertial.pose, check)}'
                   f'{r}<mass value="{inertial.mass}"/>\n'
                   f'{r}<inertia ixx="{m[0]}" ixy="{m[1]}" ixz="{m[2]}" iyy="{m[3]}" '
                   f'iyz="{m[4]}" izz="{m[5]}"/>\n'
                   f'{q}</inertial>\n')
    s = r + "  "
    shapes: tuple[Visual | Collision, ...] = (*link.visuals, *link.collisions)
    for shape in shapes:
        if shape.extras or (isinstance(shape, Visual) and shape.material is not None):
            return None
        tag = "visual" if isinstance(shape, Visual) else "collision"
        if shape.name is None:
            a = ""
        else:
            a = f' name="{shape.name}"'
            check.append(shape.name)
        origin = _origin_raw(r, shape.pose, check)
        geometry = (f"{r}<geometry>\n{_geometry_raw(s, shape.geometry, check)}{r}</geometry>\n"
                    if shape.geometry is not None else f"{r}<geometry/>\n")
        out.append(f"{q}<{tag}{a}>\n{origin}{geometry}{q}</{tag}>\n")
    joined = "".join(check)
    if not plain(joined):  # something to escape: the general path
        return None
    if len(out) == 1:
        return f'{p}<link name="{name}"/>\n'
    out.append(f"{p}</link>\n")
    return "".join(out)


def _origin_raw(pad: str, pose: Pose, check: list[str]) -> str:
    """:func:`_origin_line` unescaped, its tokens added to ``check`` (see _plain_link)."""
    t = pose.text
    if t is None:  # computed: digits, sign, point, exponent; nothing to escape
        v = pose.values  # as _origin_line (pose.text asked for once)
        if v[:3] == ZERO3 and v[3:] == ZERO3:
            return ""
        t = fmt_all(v)
        return f'{pad}<origin xyz="{t[0]} {t[1]} {t[2]}" rpy="{t[3]} {t[4]} {t[5]}"/>\n'
    check += t
    if len(t) == 6:
        return f'{pad}<origin xyz="{t[0]} {t[1]} {t[2]}" rpy="{t[3]} {t[4]} {t[5]}"/>\n'
    return f'{pad}<origin xyz="{" ".join(t[:3])}" rpy="{" ".join(t[3:])}"/>\n'


def _geometry_raw(q: str, geometry: Geometry, check: list[str]) -> str:
    """The shape line of :func:`_geometry_text` unescaped, its values added to ``check``."""
    kind = geometry.kind
    if kind == "box":
        size = " ".join(geometry.size or ("0", "0", "0"))
        check.append(size)
        return f'{q}<box size="{size}"/>\n'
    if kind in ("cylinder", "capsule"):
        radius, length = geometry.radius or "0", geometry.length or "0"
        check.append(radius)
        check.append(length)
        return f'{q}<{kind} radius="{radius}" length="{length}"/>\n'
    if kind == "sphere":
        radius = geometry.radius or "0"
        check.append(radius)
        return f'{q}<sphere radius="{radius}"/>\n'
    if kind == "mesh":
        uri = geometry.uri or ""
        check.append(uri)
        if geometry.scale is None:
            return f'{q}<mesh filename="{uri}"/>\n'
        scale = " ".join(geometry.scale)
        check.append(scale)
        return f'{q}<mesh filename="{uri}" scale="{scale}"/>\n'
    return ""


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


def _inertial(out: XmlBuilder, inertial: Inertial) -> None:
    out.parts.append(_inertial_text(out.pad, inertial))


def _inertial_text(p: str, inertial: Inertial) -> str:
    q = p + "  "
    m = inertial.inertia
    joined = "".join(m)
    if len(m) == 6 and plain(joined):  # nothing to escape: one check for six
        moments = f' ixx="{m[0]}" ixy="{m[1]}" ixz="{m[2]}" iyy="{m[3]}" iyz="{m[4]}" ' \
            f'izz="{m[5]}"'
    else:
        moments = attrs(zip(INERTIA_KEYS, m, strict=True))
    return (f'{p}<inertial>\n{_origin_line(q, inertial.pose)}'
            f'{q}<mass value="{attr(inertial.mass)}"/>\n'
            f'{q}<inertia{moments}/>\n'
            f'{p}</inertial>\n')


def _geometry(out: XmlBuilder, geometry: Geometry | None) -> None:
    out.parts.append(_geometry_text(out.pad, geometry))


def _geometry_text(p: str, geometry: Geometry | None) -> str:
    if geometry is None:
        return f"{p}<geometry/>\n"
    q = p + "  "
    kind = geometry.kind
    if kind == "box":
        body = f'{q}<box size="{attr(" ".join(geometry.size or ("0", "0", "0")))}"/>\n'
    elif kind in ("cylinder", "capsule"):
        body = (f'{q}<{kind} radius="{attr(geometry.radius or "0")}" '
                f'length="{attr(geometry.length or "0")}"/>\n')
    elif kind == "sphere":
        body = f'{q}<sphere radius="{attr(geometry.radius or "0")}"/>\n'
    elif kind == "mesh":
        scale = " ".join(geometry.scale) if geometry.scale is not None else None
        body = f"{q}<mesh{attrs((('filename', geometry.uri or ''), ('scale', scale)))}/>\n"
    else:
        body = ""
    return f"{p}<geometry>\n{body}{p}</geometry>\n"


def _material(out: XmlBuilder, material: Material) -> None:
    write_material(out, material)


def write_material(out: XmlBuilder, material: Material, tag: str = "material",
                   with_extras: bool = True) -> None:
    """``<material name>`` with ``<color rgba>``, ``<texture filename>`` and kept children.

    The SDF writer uses it for ``<urdf:material>`` (``tag``) as well.
    """
    carrier = written_carrier(material.extras) if tag == "material" else None
    if carrier is not None:  # the top-level material as written (urdfsdf.urdf.as_written)
        out.raw(original_xml(carrier))
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


def _shape_open(out: XmlBuilder, tag: str, name: str | None, pose: Pose) -> str:
    p = out.pad
    a = f' name="{attr(name)}"' if name is not None else ""
    out.parts.append(f"{p}<{tag}{a}>\n{_origin_line(p + '  ', pose)}")
    out.pad = p + "  "
    return p


def _visual(out: XmlBuilder, visual: Visual) -> None:
    p = _shape_open(out, "visual", visual.name, visual.pose)
    _geometry(out, visual.geometry)
    if visual.material is not None:
        _material(out, visual.material)
    for x in visual.extras:
        out.raw(x.xml)
    out.pad = p
    out.parts.append(f"{p}</visual>\n")


def _collision(out: XmlBuilder, collision: Collision) -> None:
    p = _shape_open(out, "collision", collision.name, collision.pose)
    _geometry(out, collision.geometry)
    for x in collision.extras:
        out.raw(x.xml)
    out.pad = p
    out.parts.append(f"{p}</collision>\n")


def _joint(out: XmlBuilder, joint: Joint) -> None:
    """``<joint>`` with origin, parent, child, axis, limits and URDF-only children."""
    if not joint.extras:
        text = _plain_joint(out.pad, joint)
        if text is not None:  # the common joint: its text in one piece
            out.parts.append(text)
            return
    carrier = written_carrier(joint.extras) if joint.extras else None
    if carrier is not None:  # the joint as written (urdfsdf.urdf.as_written)
        out.raw(original_xml(carrier))
        return
    p = out.pad
    q = p + "  "
    names = f"{joint.name}{joint.type}{joint.parent}{joint.child}"
    if joint.type is not None and plain(names):  # nothing to escape: one check
        head = f'{p}<joint name="{joint.name}" type="{joint.type}">\n' \
            f"{_origin_line(q, joint.pose)}" \
            f'{q}<parent link="{joint.parent}"/>\n{q}<child link="{joint.child}"/>\n'
    else:
        head = f"{p}<joint{attrs((('name', joint.name), ('type', joint.type)))}>\n" \
            f"{_origin_line(q, joint.pose)}" \
            f'{q}<parent link="{attr(joint.parent)}"/>\n' \
            f'{q}<child link="{attr(joint.child)}"/>\n'
    axis = joint.axis
    if axis is not None and (axis.text is not None or (
            joint.type not in ("fixed", "floating") and axis.xyz != (1.0, 0.0, 0.0))):
        head += f'{q}<axis xyz="{attr(" ".join(axis.tokens()))}"/>\n'
    out.parts.append(head)
    out.pad = q
    if joint.calibration is not None:
        c = joint.calibration
        out.empty("calibration", attrs((("rising", c.rising), ("falling", c.falling),
                                        ("reference_position", c.reference_position))))
    if axis is not None and axis.dynamics is not None:
        d = axis.dynamics
        out.empty("dynamics", attrs((("damping", d.damping), ("friction", d.friction))))
    if axis is not None and axis.limit is not None:
        lim = axis.limit
        values = (lim.lower, lim.upper, lim.effort, lim.velocity)
        joined = "" if None in values else "".join(values)  # type: ignore[arg-type]
        if joined and plain(joined):  # all four, nothing to escape: one check
            out.parts.append(f'{out.pad}<limit lower="{values[0]}" upper="{values[1]}" '
                             f'effort="{values[2]}" velocity="{values[3]}"/>\n')
        else:
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
    out.pad = p
    out.parts.append(f"{p}</joint>\n")


def _plain_joint(p: str, joint: Joint) -> str | None:
    """A joint with no extras, calibration, safety controller, mimic or dynamics, as one text.

    What :func:`_joint` writes for it, unescaped, with one escape check for all its
    attribute values (None: not such a joint, or something to escape).
    """
    if joint.calibration is not None or joint.safety_controller is not None or \
            joint.mimic is not None or joint.type is None:
        return None
    q = p + "  "
    check = [joint.name, joint.type, joint.parent, joint.child]
    text = f'{p}<joint name="{joint.name}" type="{joint.type}">\n' \
        f"{_origin_raw(q, joint.pose, check)}" \
        f'{q}<parent link="{joint.parent}"/>\n{q}<child link="{joint.child}"/>\n'
    axis = joint.axis
    if axis is not None:
        if axis.dynamics is not None:
            return None
        if axis.text is not None or (
                joint.type not in ("fixed", "floating") and axis.xyz != (1.0, 0.0, 0.0)):
            xyz = " ".join(axis.tokens())
            check.append(xyz)
            text += f'{q}<axis xyz="{xyz}"/>\n'
        lim = axis.limit
        if lim is not None:
            lower, upper, effort, velocity = lim.lower, lim.upper, lim.effort, lim.velocity
            if lower is None or upper is None or effort is None or velocity is None:
                return None
            check += (lower, upper, effort, velocity)
            text += f'{q}<limit lower="{lower}" upper="{upper}" effort="{effort}" ' \
                f'velocity="{velocity}"/>\n'
    joined = "".join(check)
    if not plain(joined):
        return None
    return f"{text}{p}</joint>\n"
