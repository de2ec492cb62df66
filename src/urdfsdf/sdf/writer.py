"""SDFormat 1.7 writer: IR -> XML text.

Writes the IR as it stands: every pose with the ``relative_to`` it holds and
the number tokens it holds (original text when unchanged).  Shaping a URDF
model into the spec's "Parity with URDF" form is :mod:`urdfsdf.translate.to_sdf`'s job.

URDF content with no SDFormat element travels as custom elements in the
``urdf`` namespace (``xmlns:urdf="http://wiki.ros.org/urdf"``), which
libsdformat and Gazebo ignore: ``<urdf:mimic>``, ``<urdf:material>``,
``<urdf:transmission>``, ..., and attributes (``urdf:unnamed``, a visual's
``urdf:material``), placed where Drake does not look (:mod:`urdfsdf.xml.carried`; README,
"Lossless round trips").  From SDFormat
1.11 on, a mimic is written as ``//axis/mimic`` (:mod:`urdfsdf.sdf.mimic`); in every
version ``<drake:mimic>`` as well, the form Drake reads.
"""

from __future__ import annotations

from collections.abc import Container, Iterable

from urdfsdf.core.ir import (
    Axis,
    Collision,
    Extra,
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
    evolve,
)
from urdfsdf.sdf.elements import DYNAMICS, LIMIT, URDF_PARTS
from urdfsdf.sdf.mimic import drake_mimic_xml, with_axis_mimics
from urdfsdf.urdf.as_written import without_carrier, written_carrier
from urdfsdf.urdf.elements import NO_URDF_PARTS, URDF_FIELDS, urdf_parts
from urdfsdf.urdf.writer import joint_element, write_material
from urdfsdf.xml.build import XmlBuilder, attr, attrs, plain, plain_text, text
from urdfsdf.xml.carried import LINKLESS, MASSLESS, UNNAMED, is_carried, is_linkless
from urdfsdf.xml.carried_shape import marks as shape_marks
from urdfsdf.xml.custom import is_urdf_extra, urdf_extra, without_empty_values
from urdfsdf.xml.declared import written
from urdfsdf.xml.namespaces import (
    DRAKE_NS,
    DRAKE_PREFIX,
    URDF_NS,
    URDF_PREFIX,
    URDF_XMLNS,
    U,
)
from urdfsdf.xml.parse import canonical, from_string, to_string


def write_sdf_document(doc: SdfDocument) -> str:
    """Serialise a whole SDF document (its mimics in the form of its version)."""
    doc = with_axis_mimics(doc)
    out = XmlBuilder(drop_xmlns=(URDF_XMLNS,))
    out.open("sdf")  # placeholder line, replaced below once namespaces are known
    out.mark = len(out.parts)
    for world in doc.worlds:
        _world(out, world)
    for model in doc.models:
        _model(out, model)
    out.close("sdf")
    ns = [(k, v) for k, v in doc.namespaces if k != URDF_PREFIX]
    # every part ends with a newline, so neither text spans two parts (and the
    # body of a big document is not copied once more to look)
    if any("<urdf:" in part or " urdf:" in part for part in out.parts[2:]):
        ns.insert(0, (URDF_PREFIX, URDF_NS))
    if all(k != DRAKE_PREFIX for k, _ in ns) and any(
            ":" in part and "<drake:" in part for part in out.parts[2:]):
        ns.append((DRAKE_PREFIX, DRAKE_NS))  # Drake's extensions (<drake:mimic>...)
    decls = "".join(f' xmlns:{k}="{attr(v)}"' for k, v in ns)
    out.parts[1] = f'<sdf{decls} version="{attr(doc.version)}">\n'
    return out.getvalue()


#: the SDFormat versions urdf2sdf writes (the parity form is the same in each)
WRITTEN_VERSIONS = ("1.7", "1.8", "1.9", "1.10", "1.11")


def write_sdf_model(model: Model, version: str = "1.7") -> str:
    """Serialise one model as an SDFormat document (1.7 unless asked for a newer one)."""
    return write_sdf_document(SdfDocument(version, (model,)))


def _pose(out: XmlBuilder, pose: Pose) -> None:
    """Write ``<pose>``; an absent identity pose (no relative_to, no text) is omitted."""
    line = _pose_line(out.pad, pose)
    if line:
        out.parts.append(line)


def _pose_line(pad: str, pose: Pose) -> str:
    """The ``<pose>`` line of :func:`_pose` ("" when omitted)."""
    body = _pose_text(pose)
    rel = pose.relative_to
    if body is None:
        if rel is not None:
            return f'{pad}<pose relative_to="{attr(rel)}"/>\n'
        return ""
    if rel is not None:
        return f'{pad}<pose relative_to="{attr(rel)}">{body}</pose>\n'
    return f"{pad}<pose>{body}</pose>\n"


def _pose_text(pose: Pose) -> str | None:
    """The escaped ``<pose>`` content, None for an identity pose without text."""
    written = pose.text
    if written is not None:
        body = " ".join(written)
    elif pose.is_identity:
        return None
    else:
        body = " ".join(pose.tokens())
    return text(body)


def _extras(out: XmlBuilder, extras: Extras) -> None:
    for x in extras:
        out.raw(without_empty_values(x.xml))


def _attrs(pairs: tuple[tuple[str, str | None], ...]) -> str:
    """:func:`attrs`, an empty namespaced one (``urdf:name=""``) listed in ``urdf:empty``.

    libsdformat refuses an empty namespaced attribute (:mod:`urdfsdf.xml.custom`).
    """
    empty = [k for k, v in pairs if v == "" and ":" in k]
    if not empty:
        return attrs(pairs)
    return attrs(tuple((k, None if k in empty else v) for k, v in pairs)) + \
        f' urdf:empty="{" ".join(empty)}"'


def _world(out: XmlBuilder, world: World) -> None:
    out.open("world", f' name="{attr(world.name)}"')
    for frame in world.frames:
        _frame(out, frame)
    for model in world.models:
        _model(out, model)
    _extras(out, world.extras)
    out.close("world")


def _model(out: XmlBuilder, model: Model) -> None:
    linkless = is_linkless(model.extras)  # a marker: an attribute
    held = None
    if linkless:
        model, held = _linkless(model)
    out.open("model", _attrs((("name", model.name), ("canonical_link", model.canonical_link),
                             ("urdf:version", model.version),
                             ("urdf:linkless", "true" if linkless else None),
                             ("urdf:carried", held))))
    if model.static:
        out.leaf("static", "true")
    _pose(out, model.pose)
    # what the model carries goes into the first link's <inertial> (xml/carried.py)
    holder = next((link for link in model.links if link.inertial is not None), None)
    extras = model.extras
    wrapper = None
    if holder is not None and (model.materials or model.urdf_joints or any(
            is_carried(x.tag) for x in extras)):
        wrapper = _model_carried(model, out.pad + "    ")
        extras = tuple(x for x in extras if not is_carried(x.tag))
    else:
        for material in model.materials:
            _urdf_material(out, material, with_extras=True)
    # each joint right before its child link, as in the spec's parity example
    # (and a carried <urdf:joint> too, unless in <urdf:model>: urdfdom reads it there)
    by_child: dict[str, list[Joint]] = {}
    for joint in (*model.joints, *(model.urdf_joints if wrapper is None else ())):
        by_child.setdefault(joint.child, []).append(joint)
    carried = set(map(id, model.urdf_joints)) if model.urdf_joints else ()
    for link in model.links:
        _joints(out, by_child.pop(link.name, ()), carried)
        _link(out, link, wrapper if link is holder else None)
        out.compact()
    for joints in by_child.values():
        _joints(out, joints, carried)
    for frame in model.frames:
        _frame(out, frame)
    for nested in model.models:
        _model(out, nested)
    _extras(out, extras)
    out.close("model")


def _linkless(model: Model) -> tuple[Model, str | None]:
    """A model marked ``urdf:linkless`` (a URDF robot with no link) less its marker and
    what it carries, and that as text, for its ``urdf:carried`` attribute: with no link,
    no ``<inertial>`` holds ``<urdf:model>`` (xml/carried.py)."""
    model = evolve(model, extras=tuple(x for x in model.extras if x.tag != LINKLESS))
    held = "".join(_model_carried(model, "")[1:-1]) or None
    return evolve(model, materials=(), urdf_joints=(), extras=tuple(
        x for x in model.extras if not is_carried(x.tag))), held


def _joints(out: XmlBuilder, joints: Iterable[Joint], carried: Container[int]) -> None:
    """SDF joints, and URDF ones (``carried``: their ids) as ``<urdf:joint>``."""
    for joint in joints:
        if carried and id(joint) in carried:
            out.raw(without_empty_values(_urdf_joint_xml(joint), custom=True))
        else:
            _joint(out, joint)


def _model_carried(model: Model, pad: str) -> list[str]:
    """``<urdf:model>``: what ``model`` carries, in the order the reader met it when it
    was written among the model's children (materials, joints by child link, the rest)."""
    one = XmlBuilder(drop_xmlns=(URDF_XMLNS,))
    one.pad = pad
    one.open("urdf:model")
    for material in model.materials:
        _urdf_material(one, material, with_extras=True)
    order = {link.name: i for i, link in enumerate(model.links)}
    joints = sorted(model.urdf_joints, key=lambda j: order.get(j.child, len(order)))
    for joint in joints:
        one.raw(without_empty_values(_urdf_joint_xml(joint), custom=True))
    _extras(one, tuple(x for x in model.extras if is_carried(x.tag)))
    one.close("urdf:model")
    return one.parts[1:]


def _urdf_joint_xml(joint: Joint) -> str:
    """``<urdf:joint>``: a URDF joint SDFormat has no type for, as the URDF writer gives it.

    It names the links by their SDF names; a carrier of the joint as written stays
    inside it, for the URDF writer on the way back; ``urdf:name`` keeps a name that
    had to change to be unique among the model's children.
    """
    carrier = written_carrier(joint.extras)
    el = joint_element(evolve(joint, extras=without_carrier(joint.extras),
                              original_name=None))
    if carrier is not None:
        el.append(from_string(carrier.xml))
    x = urdf_extra(Extra("joint", to_string(el), joint.line))
    if joint.original_name is None:
        return x.xml
    wrapped = from_string(x.xml)
    wrapped.set(U + "name", joint.original_name)
    return to_string(wrapped)


def element_text(node: Link | Joint) -> str:
    """The SDF text of one link or joint (``urdf:`` prefixes undeclared), its carriers
    among its direct children (the form urdf2sdf wrote before xml/carried.py, and the
    one the SDF reader reads): what carriers.py fingerprints the values of."""
    out = XmlBuilder(drop_xmlns=(URDF_XMLNS,))
    if isinstance(node, Link):
        _link(out, node, placed=False)
    else:
        _joint(out, node, placed=False)
    return "".join(out.parts[1:])  # after the XML declaration


def element_canonical(node: Link | Joint) -> str:
    """The canonical form (:func:`urdfsdf.xml.parse.canonical`) of :func:`element_text`,
    inside an ``<x>`` that declares the ``urdf`` prefix its carriers use: the one form
    in which that text is parsed (the first carrier format's fingerprints hash it,
    carriers_old.py; gazebo_to_urdf.py compares by it)."""
    return canonical(f'<x xmlns:urdf="{URDF_NS}">{element_text(node)}</x>')


def _frame(out: XmlBuilder, frame: Frame) -> None:
    a = attrs((("name", frame.name), ("attached_to", frame.attached_to),
               ("urdf:joint", frame.urdf_joint)))
    if frame.pose.text is None and frame.pose.is_identity and frame.pose.relative_to is None:
        out.empty("frame", a)
        return
    out.open("frame", a)
    _pose(out, frame.pose)
    out.close("frame")


def _link(out: XmlBuilder, link: Link, model_carried: list[str] | None = None,
          placed: bool = True) -> None:
    if link.original_name is None and link.name is not None:
        a = f' name="{attr(link.name)}"'
    else:
        a = _attrs((("name", link.name), ("urdf:name", link.original_name)))
    extras = link.extras
    carried: Extras = ()
    if placed and extras and link.inertial is not None:  # xml/carried.py
        marks, carried, extras = _link_carriers(extras)
        a += marks
    pad = out.pad
    pose_line = _pose_line(pad + "  ", link.pose)
    if not pose_line and link.inertial is None and not link.visuals and not link.collisions \
            and not extras:
        out.parts.append(f"{pad}<link{a}/>\n")
        return
    out.parts.append(f"{pad}<link{a}>\n{pose_line}")
    out.pad = pad + "  "
    held: list[str] | None = None
    if link.inertial is not None:
        _inertial(out, link.inertial)
        if carried or model_carried:
            last = out.parts.pop()  # </inertial>
            out.pad = pad + "    "
            _extras(out, carried)
            out.parts.extend(model_carried or ())
            out.parts.append(last)
            out.pad = pad + "  "
        held = [] if placed and _names_unique(link) else None
        at = len(out.parts) - 1  # </inertial>
    for visual in link.visuals:
        _visual(out, visual, placed, held)
    for collision in link.collisions:
        _collision(out, collision, placed, held)
    if held:
        out.parts[at:at] = [f"{pad}    {part}" for part in held]
    if extras:
        _extras(out, extras)
    out.pad = pad
    out.parts.append(f"{pad}</link>\n")


def _names_unique(link: Link) -> bool:
    """Whether a ``<urdf:shape>`` names one shape of ``link`` (xml/carried_shape.py)."""
    for shapes in (link.visuals, link.collisions):
        if len(shapes) > 1 and len({s.name for s in shapes}) < len(shapes):
            return False
    return True


def _link_carriers(extras: Extras) -> tuple[str, Extras, Extras]:
    """A link's marker attributes, the carriers its <inertial> holds, its other extras."""
    carried = tuple(x for x in extras if is_carried(x.tag))
    if not carried:
        return "", (), extras
    extras = tuple(x for x in extras if not is_carried(x.tag))
    if not any(x.tag == MASSLESS for x in carried):
        return "", carried, extras
    return ' urdf:massless="true"', tuple(x for x in carried if x.tag != MASSLESS), extras


def _inertial(out: XmlBuilder, inertial: Inertial) -> None:
    p = out.pad
    # //inertial/pose has no relative_to in 1.7: it is in the link frame
    pose = _pose_text(inertial.pose)
    pose_line = "" if pose is None else f"{p}  <pose>{pose}</pose>\n"
    ixx, ixy, ixz, iyy, iyz, izz = inertial.inertia
    mass = inertial.mass
    if not plain_text(f"{mass}{ixx}{ixy}{ixz}{iyy}{iyz}{izz}"):
        mass, ixx, ixy, ixz, iyy, iyz, izz = (text(v) for v in (mass, *inertial.inertia))
    q = p + "    "
    out.parts.append(
        f"{p}<inertial>\n{pose_line}{p}  <mass>{mass}</mass>\n{p}  <inertia>\n"
        f"{q}<ixx>{ixx}</ixx>\n{q}<ixy>{ixy}</ixy>\n{q}<ixz>{ixz}</ixz>\n"
        f"{q}<iyy>{iyy}</iyy>\n{q}<iyz>{iyz}</iyz>\n{q}<izz>{izz}</izz>\n"
        f"{p}  </inertia>\n")
    out.parts.append(f"{p}</inertial>\n")


def _geometry(out: XmlBuilder, geometry: Geometry | None) -> None:
    p = out.pad
    if geometry is None:
        out.parts.append(f"{p}<geometry>\n{p}  <empty/>\n{p}</geometry>\n")
        return
    if geometry.raw is not None:
        out.open("geometry")
        out.raw(geometry.raw)
        out.close("geometry")
        return
    kind = geometry.kind
    q = p + "    "
    if kind == "empty":
        body = f"{p}  <empty/>\n"
    elif kind == "box":
        body = f"{q}<size>{text(' '.join(geometry.size or ('0', '0', '0')))}</size>\n"
    elif kind in ("cylinder", "capsule"):
        body = (f"{q}<radius>{text(geometry.radius or '0')}</radius>\n"
                f"{q}<length>{text(geometry.length or '0')}</length>\n")
    elif kind == "sphere":
        body = f"{q}<radius>{text(geometry.radius or '0')}</radius>\n"
    elif kind == "mesh":
        body = f"{q}<uri>{text(geometry.uri or '')}</uri>\n"
        if geometry.submesh is not None:  # as written (SDFormat's order: uri, submesh)
            body += f"{q}{geometry.submesh.xml}\n"
        if geometry.scale is not None:
            body += f"{q}<scale>{text(' '.join(geometry.scale))}</scale>\n"
    else:
        body = ""
    if kind != "empty":
        body = f"{p}  <{kind}>\n{body}{p}  </{kind}>\n"
    out.parts.append(f"{p}<geometry>\n{body}{p}</geometry>\n")


def _shape_open(out: XmlBuilder, tag: str, name: str | None, original: str | None,
                pose: Pose, marks: str = "") -> None:
    """A visual's or collision's start tag, with ``marks`` (its ``urdf:`` attributes)."""
    p = out.pad
    if original is None:
        a = f' name="{attr(name or "")}"'
    else:
        a = _attrs((("name", name or ""), ("urdf:name", original)))
    a += marks
    out.parts.append(f"{p}<{tag}{a}>\n{_pose_line(p + '  ', pose)}")
    out.pad = p + "  "


def _unnamed(extras: Extras, placed: bool) -> tuple[bool, Extras]:
    """Whether a shape is marked unnamed (placed: as an attribute), and its other extras."""
    if not placed or not extras or not any(x.tag == UNNAMED for x in extras):
        return False, extras
    return True, tuple(x for x in extras if x.tag != UNNAMED)


def _visual(out: XmlBuilder, visual: Visual, placed: bool = True,
            held: list[str] | None = None) -> None:
    """SDF //visual; ``held``: where what it carries goes (:func:`_held`)."""
    pad = out.pad
    unnamed, extras = _unnamed(visual.extras, placed)
    material = visual.material
    urdf = material is not None and _has_urdf_material(material)
    marks = ' urdf:unnamed="true"' if unnamed else ""
    if urdf and placed:
        marks += _urdf_material_marks(material)  # type: ignore[arg-type]
    _shape_open(out, "visual", visual.name, visual.original_name, visual.pose, marks)
    _geometry(out, visual.geometry)
    if material is not None:
        _material(out, material, _held(held, "material", visual.name))
        if urdf and not placed:
            _urdf_material(out, material)
    _extras(out, _carriers_held(extras, "visual", _held(held, "visual", visual.name))[1])
    out.pad = pad
    out.parts.append(f"{pad}</visual>\n")


def _collision(out: XmlBuilder, collision: Collision, placed: bool = True,
               held: list[str] | None = None) -> None:
    """SDF //collision; ``held``: where what it carries goes (:func:`_held`)."""
    pad = out.pad
    unnamed, extras = _unnamed(collision.extras, placed)
    marks, extras = _carriers_held(extras, "collision",
                                   _held(held, "collision", collision.name))
    _shape_open(out, "collision", collision.name, collision.original_name, collision.pose,
                (' urdf:unnamed="true"' if unnamed else "") + marks)
    _geometry(out, collision.geometry)
    _extras(out, extras)
    out.pad = pad
    out.parts.append(f"{pad}</collision>\n")


def _held(held: list[str] | None, kind: str, name: str | None
          ) -> tuple[list[str], str] | None:
    """Where the carriers of a shape (``kind`` ``name``, or its material) go: the parts of
    its link's ``<inertial>`` (``held``, None when they stay in it: xml/carried_shape.py)
    and the wrapper's start tag."""
    if held is None or not name:
        return None
    return held, f'urdf:shape {kind}="{attr(name)}"'


def _carriers_held(extras: Extras, holder: str, held: tuple[list[str], str] | None
                   ) -> tuple[str, Extras]:
    """The marks of ``holder`` (its tag in carried_shape.FEW) standing for the first of its
    carriers, and the extras it still holds; the other carriers go to ``held``'s
    ``<urdf:shape>``."""
    if held is None or not extras or not any(is_carried(x.tag) for x in extras):
        return "", extras
    carried = tuple(x for x in extras if is_carried(x.tag))
    marks, n = shape_marks(holder, [x.xml for x in carried])
    if n < len(carried):
        parts, start = held
        one = XmlBuilder(drop_xmlns=(URDF_XMLNS,))
        one.open(start)
        _extras(one, carried[n:])
        one.close("urdf:shape")
        parts.extend(one.parts[1:])
    return marks, tuple(x for x in extras if not is_carried(x.tag))


def _material(out: XmlBuilder, material: Material,
              held: tuple[list[str], str] | None = None) -> None:
    """SDF //visual/material (the URDF name, colour and texture: :func:`_has_urdf_material`)."""
    ambient = material.ambient
    diffuse = material.diffuse
    if ambient is None and diffuse is None and material.rgba is not None:
        # one reversible mapping: URDF rgba -> SDF ambient and diffuse
        ambient = diffuse = material.rgba
    channels = (("ambient", ambient), ("diffuse", diffuse), ("specular", material.specular),
                ("emissive", material.emissive))
    if any(c is not None for _, c in channels) or material.extras:
        marks, extras = _carriers_held(material.extras, "material", held)
        out.open("material", marks)
        for tag, value in channels:
            if value is not None:
                out.leaf(tag, " ".join(value))
        _extras(out, extras)
        out.close("material")


def _has_urdf_material(material: Material) -> bool:
    """Whether a visual's material holds what its SDF ``<material>`` does not: a URDF
    name, a texture, or a URDF colour beside SDF ones."""
    return material.name is not None or material.texture is not None or (
        material.rgba is not None and bool(material.ambient or material.diffuse))


def _urdf_material_marks(material: Material) -> str:
    """The URDF name, colour and texture of a visual's material as attributes of the
    visual (xml/carried.py: Drake warns of a ``<urdf:material>`` in it); the empty ones
    listed in ``urdf:empty`` (xml/custom.py)."""
    rgba = None if material.rgba is None else " ".join(material.rgba)
    pairs = (("urdf:material", material.name), ("urdf:material_rgba", rgba),
             ("urdf:material_texture", material.texture))
    marks = attrs((k, v) for k, v in pairs if v != "")
    empty = [k for k, v in pairs if v == ""]
    return f'{marks} urdf:empty="{" ".join(empty)}"' if empty else marks


def _urdf_material(out: XmlBuilder, material: Material, with_extras: bool = False) -> None:
    """A URDF material as ``<urdf:material>``; a top-level one with its other children."""
    if material.name != "" and material.texture != "" and material.rgba != () and not (
            with_extras and any('=""' in x.xml for x in material.extras)):
        write_material(out, material, "urdf:material", with_extras)
        return
    # an empty attribute in it (<material name="">): listed in urdf:empty (custom.py)
    out.raw(without_empty_values(urdf_material_xml(material, with_extras, out.pad),
                                 custom=True))


def urdf_material_xml(material: Material, with_extras: bool = True, pad: str = "") -> str:
    """``<urdf:material>`` as text that declares the ``urdf`` prefix (an Extra's form)."""
    one = XmlBuilder()
    one.pad = pad
    write_material(one, material, "urdf:material", with_extras)
    return "".join(one.parts[1:]).strip().replace("<urdf:material",
                                                  f"<urdf:material{URDF_XMLNS}", 1)


def _joint(out: XmlBuilder, joint: Joint, placed: bool = True) -> None:
    p = out.pad
    name, jtype, parent, child = joint.name, joint.type, joint.parent, joint.child
    if joint.original_name is None and name is not None and jtype is not None and plain(
            f"{name}{jtype}{parent}{child}"):  # the common case: nothing to escape
        a = f' name="{name}" type="{jtype}"'
    else:
        a = _attrs((("name", name), ("type", jtype), ("urdf:name", joint.original_name)))
        parent, child = text(parent), text(child)
    q = p + "  "
    out.parts.append(f"{p}<joint{a}>\n{_pose_line(q, joint.pose)}"
                     f"{q}<parent>{parent}</parent>\n"
                     f"{q}<child>{child}</child>\n")
    out.pad = q
    if placed and (urdf_parts(joint) != NO_URDF_PARTS
                   or any(is_carried(x.tag) for x in joint.extras)):
        _placed_joint_carriers(out, joint)  # xml/carried.py
        out.pad = p
        out.parts.append(f"{p}</joint>\n")
        return
    if joint.axis is not None:
        _axis(out, "axis", joint.axis)
    if joint.axis2 is not None:
        _axis(out, "axis2", joint.axis2)
    _joint_carriers(out, joint, joint.extras)
    out.pad = p
    out.parts.append(f"{p}</joint>\n")


def _placed_joint_carriers(out: XmlBuilder, joint: Joint) -> None:
    """The joint's axes, its carriers at the end of its ``<axis>`` (one holding only them
    when it has none), then its other extras."""
    q = out.pad
    if joint.axis is not None:
        _axis(out, "axis", joint.axis)
        last = out.parts.pop()  # </axis>
    else:
        out.parts.append(f"{q}<axis>\n")
        last = f"{q}</axis>\n"
    out.pad = q + "  "
    _joint_carriers(out, joint, tuple(x for x in joint.extras if is_carried(x.tag)))
    out.pad = q
    out.parts.append(last)
    if joint.axis2 is not None:
        _axis(out, "axis2", joint.axis2)
    if joint.mimic is not None:  # Drake's form, a child of the joint (sdf/mimic.py)
        out.parts.append(f"{q}{drake_mimic_xml(joint.mimic)}\n")
    other = tuple(x for x in joint.extras if not is_carried(x.tag))
    if other:
        _extras(out, other)


def _joint_carriers(out: XmlBuilder, joint: Joint, extras: Extras) -> None:
    """The joint's URDF-only parts, each as ``<urdf:TAG>`` with the attributes its SDF
    form declares (:data:`~urdfsdf.sdf.elements.URDF_PARTS`), then ``extras``."""
    for form, node in zip(URDF_PARTS, urdf_parts(joint), strict=True):
        if node is not None:
            out.empty(f"urdf:{form.tag[len(U):]}", written(node, form.keys))
    if extras:
        _extras(out, extras)


def sdf_alone(joint: Joint) -> Joint:
    """``joint`` without what it carries of URDF (its URDF-only parts and ``urdf:``
    content): what an SDF reader of its SDF text alone reads."""
    return evolve(joint, **dict.fromkeys(URDF_FIELDS),
                  extras=tuple(x for x in joint.extras if not is_urdf_extra(x)))


#: the value children of //axis/dynamics and //axis/limit, as declared (the IR record's
#: fields of the same names)
_DYNAMICS = tuple(value.tag for value in DYNAMICS.values)
_LIMIT = tuple(value.tag for value in LIMIT.values)


def _leaves(pad: str, node: object, tags: tuple[str, ...]) -> str:
    """``<TAG>value</TAG>`` of each of ``tags`` the IR record ``node`` holds (its field of
    that name), one a line."""
    return "".join(f"{pad}<{tag}>{text(value)}</{tag}>\n" for tag in tags
                   if (value := getattr(node, tag)) is not None)


def _axis(out: XmlBuilder, tag: str, axis: Axis) -> None:
    p = out.pad
    q = p + "  "
    r = q + "  "
    rel = f' expressed_in="{attr(axis.expressed_in)}"' if axis.expressed_in is not None else ""
    tokens = axis.text if axis.text is not None else axis.tokens()
    chunk = f"{p}<{tag}>\n{q}<xyz{rel}>{text(' '.join(tokens))}</xyz>\n"
    if axis.dynamics is not None:
        chunk += f"{q}<dynamics>\n{_leaves(r, axis.dynamics, _DYNAMICS)}{q}</dynamics>\n"
    if axis.limit is not None:
        lim = axis.limit
        chunk += f"{q}<limit>\n{_leaves(r, lim, _LIMIT)}"
        if lim.extras:
            out.parts.append(chunk)
            out.pad = r
            _extras(out, lim.extras)
            chunk = ""
        chunk += f"{q}</limit>\n"
    out.parts.append(chunk)
    if axis.extras:
        out.pad = q
        _extras(out, axis.extras)
    out.pad = p
    out.parts.append(f"{p}</{tag}>\n")
