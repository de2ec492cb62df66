"""URDF reader: XML -> :class:`urdfsdf.core.ir.Model`.

Reads every element of the URDF format as urdfdom does, with urdfdom's
defaults (absent origin: identity; absent axis: ``1 0 0``; limits required on
revolute and prismatic joints).  Elements the IR does not model
(``<transmission>``, ``<gazebo>``, ``<ros2_control>``, unknown tags) are kept
verbatim in ``Model.extras``.  Checks the joints form a tree with one root.

Each element is read against its declaration (:mod:`urdfsdf.urdf.elements`) by
the generic reader (:class:`urdfsdf.xml.declared.Reading`): its attributes through
the number rule, its children collected in one scan, what urdfdom ignores reported.
The functions below keep what each element means.  A link, joint or top-level
material is one reading: when any of it was not taken exactly (the reading's
``exact``), it carries itself as written (:mod:`urdfsdf.urdf.as_written`).  No
writer is run to find out.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable
from typing import Any, TypeVar, cast

from lxml import etree

from urdfsdf.core.diagnostics import Diagnostics
from urdfsdf.core.ir import (
    IDENTITY,
    INERTIA_KEYS,
    LIMITED_JOINT_TYPES,
    URDF_JOINT_TYPES,
    Axis,
    Collision,
    Extra,
    FrameLink,
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
    Vec3,
    Visual,
    evolve,
    joint_type,
)
from urdfsdf.core.numbers import fmt_all, split_numbers
from urdfsdf.core.tree import check_urdf_names, check_urdf_tree

# the tables other modules take from here
from urdfsdf.urdf import lenient
from urdfsdf.urdf.as_written import as_written
from urdfsdf.urdf.elements import ATTRIBUTES as ATTRIBUTES
from urdfsdf.urdf.elements import (
    AXIS,
    BOX,
    CAPSULE,
    CHILD,
    COLLISION,
    COLOR,
    DRAKE_CAPSULE,
    DRAKE_JOINT,
    DRAKE_JOINT_TYPES,
    DRAKE_SHAPES,
    DYNAMICS,
    FRAME,
    FRAME_POSE,
    GEOMETRY,
    INERTIA,
    INERTIAL,
    JOINT,
    JOINT_TYPE,
    LIMIT,
    LIMITED,
    LINK,
    MASS,
    MATERIAL,
    MESH,
    MIMIC,
    MOVING_AXIS,
    ORIGIN,
    PARENT,
    ROBOT,
    SHAPES,
    SPHERE,
    TEXTURE,
    URDF,
    URDF_ONLY,
    VISUAL,
)
from urdfsdf.urdf.elements import AXIS_TYPES as AXIS_TYPES
from urdfsdf.xml.build import attrs
from urdfsdf.xml.declared import Element, Reading
from urdfsdf.xml.namespaces import ROBOT_ATTRIBUTES, SDF_POSE, URDF_NS, D
from urdfsdf.xml.parse import (
    Stream,
    attributes,
    children,
    extra,
    from_string,
    line_of,
    read_document,
    to_string,
)
from urdfsdf.xml.readctx import ReadContext

_T = TypeVar("_T")

#: the tags of the URDF elements read as they stream in (see :class:`urdfsdf.xml.parse.Stream`)
STREAM_TAGS = ("robot",)
#: who reads a negative shape size as written, and who refuses it (docs/lenient.md)
NEGATIVE_SIZES = ("read and written as written, as urdfdom, libsdformat 12, PyBullet and "
                  "Pinocchio read it; Drake and MuJoCo refuse the robot")
#: an origin's xyz or rpy when it is absent (URDF's default)
_ZERO3 = "0 0 0"
#: the moments of an inertial without <inertia> (urdfdom reads it as zero)
_ZERO6 = ("0", "0", "0", "0", "0", "0")


def read_urdf_bytes(data: bytes, diags: Diagnostics) -> Model | None:
    """Parse URDF ``data``; diagnostics go to ``diags``.  None when unusable."""
    return read_document(data, diags, STREAM_TAGS,
                         lambda root, stream: read_urdf_root(root, diags, stream))


def read_urdf_root(root: etree._Element, diags: Diagnostics, stream: Stream | None = None
                   ) -> Model | None:
    """Read a URDF document's root element (``stream``: it is being parsed incrementally)."""
    ctx = ReadContext(diags, tolerate=lenient.tolerated, reader=lenient.READERS)
    return read_robot(root, ctx,
                      stream.children(root) if stream is not None else None)


def read_robot(root: etree._Element, ctx: ReadContext,
               kids: Iterable[etree._Element] | None = None) -> Model | None:
    """Read a ``<robot>`` element (``kids``: its children, when parsed incrementally)."""
    if root.tag != "robot":
        _wrong_root(root, ctx)
        return None
    reading = Reading(ctx, URDF)
    name = reading.name(root, ROBOT, "<robot>")
    links: list[Link] = []
    joints: list[Joint] = []
    materials: list[Material] = []
    extras: list[Extra] = []
    if len(root.attrib) > 1 and not ROBOT.names.issuperset(root.keys()):
        extras.append(_robot_attributes(root, reading))
    for tag, el in reading.each(root if kids is None else kids, ROBOT, "<robot>", extras):
        if tag == "link":
            link = read_link(el, ctx)
            if link is not None:
                links.append(link)
        elif tag == "joint":
            joint = read_joint(el, ctx)
            if joint is not None:
                joints.append(joint)
        else:
            material = read_material(el, ctx, top_level=True)
            if material is not None:
                materials.append(material)
    if any(x.tag == DRAKE_JOINT for x in extras):
        extras = [x for x in extras if not _drake_joint(x, ctx, joints)]
    model = Model(name=name or "", links=tuple(links), joints=tuple(joints),
                  materials=tuple(materials), extras=tuple(extras),
                  version=root.get("version"), line=line_of(root), convention="urdf")
    check_urdf_names(model, ctx.diags)
    # several root links: free bodies, as Drake reads them (docs/lenient.md, row 5)
    check_urdf_tree(model, ctx.diags, several_roots="warning")
    return model


def _robot_attributes(root: etree._Element, reading: Reading) -> Extra:
    """The attributes of ``<robot>`` URDF does not define (reported: urdfdom ignores
    them), carried as ``<urdf:robot>``'s (the URDF writer puts them back on ``<robot>``)."""
    reading.report_unknown(root)
    prefixes = {k: v for k, v in root.nsmap.items() if k and k != "urdf"}
    prefix_of = {uri: prefix for prefix, uri in root.nsmap.items() if prefix}
    prefix_of[_XML_NS] = "xml"
    # written as text and parsed: lxml sets attributes one by one in quadratic time
    # (an element of 100k attributes), and lists them so too (xml.parse.attributes)
    kept = attrs((_prefixed(key, prefix_of), value) for key, value in attributes(root)
                 if key not in ROBOT.names)
    declared = attrs((f"xmlns:{p}", uri) for p, uri in prefixes.items())
    el = from_string(f'<urdf:robot xmlns:urdf="{URDF_NS}"{declared}{kept}/>')
    return Extra(ROBOT_ATTRIBUTES, to_string(el), line_of(root))


#: the namespace of ``xml:lang`` and ``xml:space``, declared by XML itself
_XML_NS = "http://www.w3.org/XML/1998/namespace"


def _prefixed(key: str, prefix_of: dict[str, str]) -> str:
    """An attribute's name (Clark notation) with the prefix its namespace has."""
    if not key.startswith("{"):
        return key
    uri, _, local = key[1:].partition("}")
    return f"{prefix_of[uri]}:{local}"


def _wrong_root(root: etree._Element, ctx: ReadContext) -> None:
    """Report a root element other than ``<robot>``."""
    if root.tag in ("sdf", "gazebo"):  # <gazebo>: the root of SDFormat 1.0 and 1.2
        ctx.error("WRONG_FORMAT", f"the root element is <{root.tag}>, not <robot>: the "
                  "input is SDFormat, not URDF (convert it with sdf2urdf)", root)
    else:
        ctx.error("ELEMENT_INVALID", f"the root element is <{root.tag}>, not <robot>", root)


def _carried(reading: Reading, el: etree._Element, extras: tuple[Extra, ...]
             ) -> tuple[Extra, ...]:
    """``extras``, and the element as written when ``reading`` did not take it exactly."""
    if reading.exact:
        return extras
    return (*extras, as_written(to_string(el), line_of(el)))


def _tokens(text: str | None) -> Tokens | None:
    """The tokens of a numbers value (None: absent or not read)."""
    return None if text is None else tuple(text.split())


# -- link ------------------------------------------------------------------------------


def read_link(el: etree._Element, ctx: ReadContext) -> Link | None:
    """Read a ``<link>`` (none without a name); one not taken exactly carries itself as
    written.  Its children are read in document order."""
    r = Reading(ctx, URDF)
    name = r.name(el, LINK, "<link>")
    if name is None:
        return None
    r.read(el, LINK, "<link>")
    inertial = sdf_frame = None
    visuals: list[Visual] = []
    collisions: list[Collision] = []
    kept: list[Extra] = []
    for tag, c in r.each(el, LINK, f"link {name!r}", kept):
        if tag == "visual":
            visual = _readable(_visual, c, r, name, kept)
            if visual is not None:
                visuals.append(visual)
        elif tag == "collision":
            collision = _readable(_collision, c, r, name, kept)
            if collision is not None:
                collisions.append(collision)
        elif tag == "inertial":
            inertial = _inertial(c, r, name)
        else:
            sdf_frame = _sdf_frame(c, r)
    return Link(name=name, inertial=inertial, visuals=tuple(visuals),
                collisions=tuple(collisions), extras=_carried(r, el, tuple(kept)),
                line=line_of(el), sdf_frame=sdf_frame)


def _readable(read: Callable[[etree._Element, Reading, str], _T], el: etree._Element,
              r: Reading, link: str, kept: list[Extra]) -> _T | None:
    """``read(el)`` of a ``<visual>`` or ``<collision>``, or None when its reading found an
    error: urdfdom logs it and skips the element; urdfsdf keeps it verbatim (it travels as
    ``<urdf:visual>``), and its diagnostics become warnings that say so."""
    diags = r.ctx.diags
    items = diags.items
    before = len(items)
    part = r.part()
    item = read(el, part, link)
    if len(items) == before or all(d.severity != "error" for d in items[before:]):
        r.take(part)
        return item
    found = items[before:]
    del items[before:]
    for d in found:
        diags.warning(d.code, f"{d.message}; the <{el.tag}> is skipped as urdfdom does and "
                      "kept verbatim", d.line, d.xpath)
    kept.append(extra(el))  # what it holds is kept as written
    return None


def _visual(el: etree._Element, r: Reading, link: str) -> Visual:
    """Read ``<visual>``: origin, geometry, material; other children kept."""
    what = f"link {link!r} visual"
    values, kids, kept = r.record(el, VISUAL, what)
    pose = _origin(kids.get("origin"), r, what)
    geometry = _geometry(kids.get("geometry"), r, what, el)
    found = kids.get("material")
    material = None if found is None else _material(found, r)
    return Visual(name=values["name"], geometry=geometry, pose=pose, material=material,
                  extras=kept, line=line_of(el))


def _collision(el: etree._Element, r: Reading, link: str) -> Collision:
    """Read ``<collision>``: origin, geometry; other children kept."""
    what = f"link {link!r} collision"
    values, kids, kept = r.record(el, COLLISION, what)
    pose = _origin(kids.get("origin"), r, what)
    geometry = _geometry(kids.get("geometry"), r, what, el)
    return Collision(name=values["name"], geometry=geometry, pose=pose, extras=kept,
                     line=line_of(el))


def _origin(el: etree._Element | None, r: Reading, what: str) -> Pose:
    """A URDF ``<origin xyz rpy>`` as a Pose (absent: identity; an absent or unreadable
    attribute: zero)."""
    if el is None:
        return IDENTITY
    values = r.read(el, ORIGIN, what)
    return Pose.parsed(f"{values['xyz'] or _ZERO3} {values['rpy'] or _ZERO3}", None,
                       line_of(el))


def _inertial(el: etree._Element, r: Reading, link: str) -> Inertial:
    """Read ``<inertial>``: origin, mass value, inertia moments."""
    what = f"link {link!r} inertial"
    kids = r.record(el, INERTIAL, what)[1]
    pose = _origin(kids.get("origin"), r, what)
    mass = _mass(kids.get("mass"), r, el, what)
    moments = _moments(kids.get("inertia"), r, el, what)
    return Inertial(mass=mass, inertia=moments, pose=pose, line=line_of(el))


def _mass(el: etree._Element | None, r: Reading, inertial: etree._Element, what: str
          ) -> str:
    """The mass value (required; not negative)."""
    if el is None:
        r.absent(MASS, inertial, what)
        return "0"
    mass = r.read(el, MASS, what)["value"]
    assert mass is not None  # (a default)
    if float(mass) < 0:
        r.ctx.error("ELEMENT_INVALID", f"{what} has negative mass {mass}", el)
    return mass


def _moments(el: etree._Element | None, r: Reading, inertial: etree._Element, what: str
             ) -> Tokens:
    """The inertia moments, checked (a physical inertia) when every one reads."""
    if el is None:
        r.absent(INERTIA, inertial, what)  # (a warning: read as zero)
        return _ZERO6
    reported = r.ctx.diags.items
    before = len(reported)
    values = r.read(el, INERTIA, what)
    moments = cast(Tokens, tuple(map(values.__getitem__, INERTIA_KEYS)))  # (defaults: "0")
    if len(reported) == before:  # (a moment that does not read is reported)
        r.ctx.inertia(el, moments, what)
    return moments


def _sdf_frame(el: etree._Element, r: Reading) -> FrameLink:
    """Read ``<sdf:frame>`` (urdfsdf's marker of a link standing for an SDF //frame).

    A pose that does not read makes it a flattened frame's: the link comes back as
    a frame attached to its parent at the joint's pose, which means the same.
    """
    values, kids, _ = r.record(el, FRAME, "<sdf:frame>")
    attached_to = values["attached_to"]
    line = line_of(el)
    if values["flattened"] == "true":
        if attached_to is not None or kids:  # a flattened frame has neither
            r.rewritten()
        return FrameLink(flattened=True, line=line)
    if values["flattened"] is not None or attached_to == "":  # (not written back)
        r.rewritten()
    found = kids.get(SDF_POSE)
    pose = None if found is None else _frame_pose(found, r, line)
    if found is not None and pose is None:  # read as a flattened frame's
        r.rewritten()
        return FrameLink(flattened=True, line=line)
    return FrameLink(attached_to=attached_to, pose=pose, line=line)


def _frame_pose(el: etree._Element, r: Reading, line: int | None) -> Pose | None:
    """The ``<sdf:pose>`` of an ``<sdf:frame>`` (its text: six numbers), or None."""
    written = el.text
    parsed = split_numbers(written, 6)
    if isinstance(parsed, str):
        return None
    tokens, v = parsed
    relative_to = r.read(el, FRAME_POSE, "<sdf:pose>")["relative_to"]
    if " ".join(tokens) != (written or "").strip():  # (written back one blank apart)
        r.rewritten()
    return Pose((v[0], v[1], v[2]), (v[3], v[4], v[5]), relative_to, tokens, line)


# -- geometry and material --------------------------------------------------------------


def _geometry(el: etree._Element | None, r: Reading, what: str, parent: etree._Element
              ) -> Geometry | None:
    """Read ``<geometry>``: its first child element is the shape (urdfdom)."""
    if el is None:
        r.error("ELEMENT_MISSING", f"{what} has no <geometry>", parent)
        return None
    shapes = children(el)
    if not shapes:
        r.error("ELEMENT_MISSING", f"{what}: <geometry> holds no shape", el)
        return None
    r.read(el, GEOMETRY, what)
    if len(shapes) > 1:
        r.ignored(f"{what}: <geometry> holds {len(shapes)} shapes; only the first, "
                  f"<{shapes[0].tag}>, is read (as urdfdom); kept as written", shapes[1])
    return _shape(shapes[0], r, what)


def _shape(el: etree._Element, r: Reading, what: str) -> Geometry | None:
    """Read a shape: box, cylinder, capsule, sphere or mesh."""
    decl = SHAPES.get(el.tag)
    if decl is None and el.tag in DRAKE_SHAPES:
        return _drake_shape(el, DRAKE_SHAPES[el.tag], r, what)
    if decl is None:
        r.report_unknown(el)
        r.error("ELEMENT_INVALID", f"{what}: unknown geometry <{el.tag}>", el)
        return None
    values = r.read(el, decl, what)
    line = line_of(el)
    if decl is MESH:
        submesh = None
        if len(el):  # (its one child: an SDF //mesh/submesh, carried)
            for _, c in r.each(el, MESH, what, []):
                submesh = _sdf_submesh(c)
        return Geometry(kind="mesh", uri=values["filename"], scale=_tokens(values["scale"]),
                        line=line, submesh=submesh)
    if decl is BOX:
        shape = Geometry(kind="box", size=_tokens(values["size"]), line=line)
    elif decl is SPHERE:
        shape = Geometry(kind="sphere", radius=values["radius"], line=line)
    else:
        shape = Geometry(kind="capsule" if decl is CAPSULE else "cylinder",
                         radius=values["radius"], length=values["length"], line=line)
    r.ctx.sizes(el, shape, what, NEGATIVE_SIZES)
    return shape


def _drake_shape(el: etree._Element, decl: Element, r: Reading, what: str) -> Geometry:
    """Drake's ``<drake:capsule radius length>`` or ``<drake:ellipsoid a b c>``, read as
    Drake reads it; urdfdom skips the visual or collision (reported).  The link carries
    itself as written: the URDF writer has no form for it."""
    values = r.read(el, decl, what)
    line = line_of(el)
    r.ctx.warning("ELEMENT_INVALID", f"{what}: <drake:{decl.tag[len(D):]}> is read as Drake "
                  "reads it (urdfdom skips the element that holds it)", el)
    r.rewritten()
    if decl is DRAKE_CAPSULE:
        shape = Geometry(kind="capsule", radius=values["radius"], length=values["length"],
                         line=line)
    else:
        shape = Geometry(kind="ellipsoid", size=(values["a"] or "0", values["b"] or "0",
                                                 values["c"] or "0"), line=line)
    r.ctx.sizes(el, shape, what, NEGATIVE_SIZES)
    return shape


def _sdf_submesh(el: etree._Element) -> Extra:
    """The SDF ``<submesh>`` an ``<sdf:submesh>`` carries (sdf2urdf ``--lossy``), as written."""
    submesh = etree.Element("submesh")
    submesh.attrib.update(el.attrib)
    submesh.text = el.text
    submesh.extend(copy.deepcopy(c) for c in el)
    return Extra("submesh", to_string(submesh), line_of(el))


def read_material(el: etree._Element, ctx: ReadContext, top_level: bool = False
                  ) -> Material | None:
    """Read ``<material name>`` with optional ``<color rgba>`` and ``<texture filename>``.

    A top-level one has a name (none without: urdfdom refuses it) and, not taken
    exactly, carries itself as written.
    """
    if top_level and el.get("name") is None:
        ctx.error("ATTRIBUTE_MISSING", "top-level <material> has no 'name' attribute", el)
        return None
    r = Reading(ctx, URDF)
    material = _material(el, r)
    if not top_level:
        return material
    return evolve(material, extras=_carried(r, el, material.extras))


def _material(el: etree._Element, r: Reading) -> Material:
    """Read ``<material>`` (children URDF does not define, such as pybullet's
    ``<specular>``, kept)."""
    values, kids, kept = r.record(el, MATERIAL, "<material>")
    name = values["name"]
    color = kids.get("color")
    rgba = None if color is None else r.read(color, COLOR, f"material {name!r}")["rgba"]
    texture = kids.get("texture")
    filename = None if texture is None else r.read(texture, TEXTURE, "<texture>")["filename"]
    return Material(name=name, rgba=_tokens(rgba), texture=filename, extras=kept,
                    line=line_of(el))


# -- joint -------------------------------------------------------------------------------


def read_joint(el: etree._Element, ctx: ReadContext) -> Joint | None:
    """Read ``<joint>`` of any URDF type (none without a name, a type, a parent and a
    child link); one not taken exactly carries itself as written."""
    r = Reading(ctx, URDF)
    name = r.name(el, JOINT, "<joint>")
    if name is None:
        return None
    what = f"joint {name!r}"
    jtype = _joint_type(el, r, what)
    if jtype is None:
        return None
    kids, kept = r.record(el, JOINT, what)[1:]
    parent = _end(kids.get("parent"), PARENT, r, el, what)
    child = _end(kids.get("child"), CHILD, r, el, what)
    if parent is None or child is None:
        return None
    pose = _origin(kids.get("origin"), r, what)
    axis = _axis(kids, r, el, what, jtype)
    parts = _urdf_parts(kids, r, what)
    return Joint(name=name, type=jtype, parent=parent, child=child, pose=pose, axis=axis,
                 extras=_carried(r, el, kept), line=line_of(el), **parts)


def _urdf_parts(kids: dict[str, etree._Element], r: Reading, what: str) -> dict[str, Any]:
    """The joint's children only URDF has (:data:`~urdfsdf.urdf.elements.URDF_ONLY`),
    each filled from its declaration, by field; a ``<mimic>`` without a joint (reported
    first) is not read."""
    parts = {}
    for decl in URDF_ONLY:
        el = kids.get(decl.tag)
        if el is not None and (decl is not MIMIC or _mimic_joint(el, r, what)):
            parts[decl.tag] = r.fill(el, decl, what)
    return parts


def _mimic_joint(el: etree._Element, r: Reading, what: str) -> bool:
    """Whether a ``<mimic>`` names its joint (reported, not taken, when it does not)."""
    return r.name(el, MIMIC, f"{what} <mimic>") is not None


def _drake_joint(kept: Extra, ctx: ReadContext, joints: list[Joint]) -> bool:
    """Read a kept ``<drake:joint type="ball|universal">`` into ``joints`` as Drake reads
    it: about its ``<origin>``, damped by ``<dynamics damping>``, its ``<axis>`` and
    ``<limit>`` unused (a universal joint turns about x, then y, of its frame); carried
    as written (URDF has no such joint).  Whether it was read."""
    el = from_string(kept.xml)
    jtype = joint_type(el.get("type"), DRAKE_JOINT_TYPES)
    parent, child = el.find("parent"), el.find("child")
    if jtype is None or not el.get("name") or parent is None or child is None or \
            not parent.get("link") or not child.get("link"):
        return False  # (Drake refuses it: kept as it is)
    r = Reading(ctx, URDF)
    name, what = str(el.get("name")), f"<drake:joint> {el.get('name')!r}"
    damping = r.fill(el.find("dynamics"), DYNAMICS, what)
    axes = [Axis(xyz=xyz, text=tuple(fmt_all(xyz)), dynamics=damping, line=kept.line)
            for xyz in ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0))] if jtype == "universal" else [
        None if damping is None else Axis(dynamics=damping, line=kept.line), None]
    joints.append(Joint(name=name, type=jtype, parent=str(parent.get("link")),
                        child=str(child.get("link")), pose=_origin(el.find("origin"), r, what),
                        axis=axes[0], axis2=axes[1], line=kept.line,
                        extras=(as_written(kept.xml, kept.line),)))
    ctx.diags.warning("URDF_TREE_INVALID", f"{what} ({jtype}) is read as Drake reads it; "
                      "urdfdom and PyBullet ignore it (its child link is another root to "
                      "them: urdfdom refuses the robot)", kept.line)
    return True


def _joint_type(el: etree._Element, r: Reading, what: str) -> JointType | None:
    """The joint's type, one of URDF's, or one a reference reader reads (the type's
    tolerance, reported); None, reported, when absent or another."""
    written = el.get("type")
    if written is None:
        r.ctx.error("ATTRIBUTE_MISSING", f"{what} has no 'type' attribute", el)
        return None
    jtype = joint_type(written, URDF_JOINT_TYPES)
    if jtype is None:
        tolerance = JOINT_TYPE.tolerated
        read = None if tolerance is None else r.tolerated(el, tolerance, written,
                                                          f"{what} type")
        jtype = joint_type(read)
        if jtype is None:
            r.ctx.error("ATTRIBUTE_INVALID", f"{what} has unknown type {written!r}", el)
    return jtype


def _end(el: etree._Element | None, decl: Element, r: Reading, joint: etree._Element,
         what: str) -> str | None:
    """The link named by a joint's ``<parent>`` or ``<child>`` (None, reported, if none)."""
    if el is None:
        r.ctx.error("ELEMENT_MISSING", f"{what} has no <{decl.tag}>", joint)
        return None
    return r.read(el, decl, what)["link"]


def _axis(kids: dict[str, etree._Element], r: Reading, joint: etree._Element, what: str,
          jtype: JointType) -> Axis | None:
    """The joint's axis with its limit and dynamics (a joint type without an axis has one
    when it has an ``<axis>``, ``<limit>`` or ``<dynamics>``)."""
    axis_el = kids.get("axis")
    if axis_el is None and jtype not in AXIS_TYPES and "limit" not in kids and \
            "dynamics" not in kids:
        return None
    direction = None if axis_el is None else _direction(axis_el, r, what, jtype)
    limit = _limit(kids.get("limit"), r, joint, what, jtype)
    dynamics = r.fill(kids.get("dynamics"), DYNAMICS, what)
    line = line_of(axis_el)
    if direction is None:  # the default axis, 1 0 0
        return Axis(limit=limit, dynamics=dynamics, line=line)
    return Axis(xyz=direction[0], text=direction[1], limit=limit, dynamics=dynamics,
                line=line)


def _direction(el: etree._Element, r: Reading, what: str, jtype: JointType
               ) -> tuple[Vec3, Tokens] | None:
    """An ``<axis xyz>``'s vector and tokens (None: absent or not read).  The zero vector
    is an error on a joint type that moves along its axis (Drake refuses it, and no
    motion is defined); ``<axis/>`` on one is read as Drake reads it (MOVING_AXIS)."""
    tokens = _tokens(r.read(el, MOVING_AXIS if jtype in AXIS_TYPES else AXIS, what)["xyz"])
    if tokens is None:  # (<axis/>: read as the default axis, written without xyz)
        r.rewritten()
        return None
    xyz = (float(tokens[0]), float(tokens[1]), float(tokens[2]))
    if xyz == (0.0, 0.0, 0.0) and jtype in AXIS_TYPES:
        r.ctx.error("ELEMENT_INVALID", f"{what} axis is the zero vector", el)
    return xyz, tokens


def _limit(el: etree._Element | None, r: Reading, joint: etree._Element, what: str,
           jtype: JointType) -> Limit | None:
    """``<limit>``: required, with its effort and velocity, of revolute and prismatic joints."""
    limited = jtype in LIMITED_JOINT_TYPES
    if el is None:
        if limited:
            r.absent(LIMITED, joint, f"{what} is {jtype} but")
        return None
    limit: Limit = r.fill(el, LIMITED if limited else LIMIT, what)
    return limit
