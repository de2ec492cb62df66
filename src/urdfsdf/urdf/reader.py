"""URDF reader: XML -> :class:`urdfsdf.core.ir.Model`.

Reads every element of the URDF format as urdfdom does, with urdfdom's
defaults (absent origin: identity; absent axis: ``1 0 0``; limits required on
revolute and prismatic joints).  Elements the IR does not model
(``<transmission>``, ``<gazebo>``, ``<ros2_control>``, unknown tags) are kept
verbatim in ``Model.extras``.  Checks the joints form a tree with one root.

One reader per element kind, one pass over its children.  Each says whether it
took its element exactly (see "what is taken, and how" below); a link, joint or
top-level material that was not carries itself as written
(:mod:`urdfsdf.urdf.as_written`).  No writer is run to find out.
"""

from __future__ import annotations

from collections.abc import Iterable

from lxml import etree

from urdfsdf.core.diagnostics import Diagnostics
from urdfsdf.core.ir import (
    Axis,
    Calibration,
    Collision,
    Dynamics,
    Extra,
    Extras,
    FrameLink,
    Geometry,
    Inertial,
    Joint,
    JointType,
    Limit,
    Link,
    Material,
    Mimic,
    Model,
    Pose,
    SafetyController,
    ShapeElement,
    Visual,
    evolve,
    joint_type,
)
from urdfsdf.core.numbers import (
    plain_number,
    plain_vector3,
    plain_vector4,
    plain_vector6,
    split_numbers,
)
from urdfsdf.core.tree import check_urdf_names, check_urdf_tree
from urdfsdf.urdf.as_written import as_written
from urdfsdf.xml.namespaces import SDF_FRAME, SDF_POSE
from urdfsdf.xml.parse import Stream, extra, read_document, to_string
from urdfsdf.xml.readctx import ReadContext, line_of

JOINT_TYPES: tuple[JointType, ...] = ("revolute", "continuous", "prismatic", "fixed", "floating",
                                     "planar")
#: joint types whose <axis> is meaningful
AXIS_TYPES = ("revolute", "continuous", "prismatic", "planar")


#: the tags of the URDF elements read as they stream in (see :class:`urdfsdf.xml.parse.Stream`)
STREAM_TAGS = ("robot",)


def read_urdf_bytes(data: bytes, diags: Diagnostics) -> Model | None:
    """Parse URDF ``data``; diagnostics go to ``diags``.  None when unusable."""
    return read_document(data, diags, STREAM_TAGS,
                         lambda root, stream: read_urdf_root(root, diags, stream))


def read_urdf_root(root: etree._Element, diags: Diagnostics, stream: Stream | None = None
                   ) -> Model | None:
    """Read a URDF document's root element (``stream``: it is being parsed incrementally)."""
    return read_robot(root, ReadContext(diags),
                      stream.children(root) if stream is not None else None)


def read_robot(root: etree._Element, ctx: ReadContext,
               kids: Iterable[etree._Element] | None = None) -> Model | None:
    """Read a ``<robot>`` element (``kids``: its children, when parsed incrementally)."""
    if not isinstance(root.tag, str) or root.tag != "robot":
        if root.tag in ("sdf", "gazebo"):  # <gazebo>: the root of SDFormat 1.0 and 1.2
            ctx.error("WRONG_FORMAT", f"the root element is <{root.tag}>, not <robot>: the "
                      "input is SDFormat, not URDF (convert it with sdf2urdf)", root)
        else:
            ctx.error("ELEMENT_INVALID", f"the root element is <{root.tag}>, not <robot>",
                      root)
        return None
    name = ctx.name(root, "<robot>")
    links: list[Link] = []
    joints: list[Joint] = []
    materials: list[Material] = []
    extras: list[Extra] = []
    for el in root if kids is None else kids:
        tag = el.tag
        if tag.__class__ is not str:  # comment or processing instruction
            continue
        if tag == "link":
            link = read_link(el, ctx)
            if link is not None:
                links.append(link)
        elif tag == "joint":
            joint = read_joint(el, ctx)
            if joint is not None:
                joints.append(joint)
        elif tag == "material":
            material = read_material(el, ctx, top_level=True)
            if material is not None:
                materials.append(material)
        else:
            extras.append(extra(el))
    model = Model(
        name=name or "",
        links=tuple(links),
        joints=tuple(joints),
        materials=tuple(materials),
        extras=tuple(extras),
        version=root.get("version"),
        line=line_of(root),
        convention="urdf",
    )
    check_urdf_names(model, ctx.diags)
    check_urdf_tree(model, ctx.diags)
    return model






#: the attributes URDF defines, per element (urdfdom ignores any other)
ATTRIBUTES = {
    "robot": ("name", "version"), "link": ("name",), "joint": ("name", "type"),
    "origin": ("xyz", "rpy"), "mass": ("value",),
    "inertia": ("ixx", "ixy", "ixz", "iyy", "iyz", "izz"),
    "visual": ("name",), "collision": ("name",), "box": ("size",),
    "cylinder": ("radius", "length"), "capsule": ("radius", "length"), "sphere": ("radius",),
    "mesh": ("filename", "scale"), "material": ("name",), "color": ("rgba",),
    "texture": ("filename",), "parent": ("link",), "child": ("link",), "axis": ("xyz",),
    "limit": ("lower", "upper", "effort", "velocity"), "dynamics": ("damping", "friction"),
    "mimic": ("joint", "multiplier", "offset"),
    "safety_controller": ("soft_lower_limit", "soft_upper_limit", "k_position", "k_velocity"),
    "calibration": ("rising", "falling", "reference_position"),
}


#: the children URDF defines, per element the IR reads (urdfdom reads the first of each;
#: any other child is kept as written)
CHILDREN = {
    "link": ("inertial", "visual", "collision"),
    "inertial": ("origin", "mass", "inertia"),
    "visual": ("origin", "geometry", "material"),
    "collision": ("origin", "geometry"),
    "material": ("color", "texture"),
    "joint": ("origin", "parent", "child", "axis", "limit", "dynamics", "mimic",
              "safety_controller", "calibration"),
}

#: the tables above as sets
_ALLOWED = {tag: frozenset(names) for tag, names in ATTRIBUTES.items()}
_KNOWN = {tag: frozenset(names) for tag, names in CHILDREN.items()}
#: the pose of an absent origin (IR nodes are immutable: one serves all)
_IDENTITY = Pose()
_ZERO3_TEXT = "0 0 0"
_ZERO6 = ("0", "0", "0", "0", "0", "0")
INERTIA_KEYS = ("ixx", "ixy", "ixz", "iyy", "iyz", "izz")
_LIMITED = ("revolute", "prismatic")


# -- what is taken, and how ----------------------------------------------------
#
# Each reader below takes the attributes and children URDF defines for its element
# and builds the IR node from them; what it does not take stays in the node's
# ``extras`` (unknown children, kept as written).  It also says whether it took the
# element *exactly*: every attribute defined by URDF and no other, every number as
# written (the text kept beside the value is the attribute's text: no blanks to
# normalise), no text, no repeated child URDF defines, nothing missing that the IR
# fills in.  A link, joint or top-level material that was not taken exactly carries
# itself as written (:mod:`urdfsdf.urdf.as_written`), so the URDF writer, which
# writes what the IR holds, gives it back.


def _line(el: etree._Element) -> int | None:
    """``el.sourceline`` as the IR types it (lxml-stubs type it loosely)."""
    line: int | None = el.sourceline  # type: ignore[assignment]
    return line


def _blank(text: str | None) -> bool:
    """An element text the writer gives back: none, or blanks."""
    return not text or text.isspace()


def _bare(el: etree._Element) -> bool:
    """No text but blanks and no child element (comments do not count: none is kept)."""
    t = el.text
    if t and not t.isspace():
        return False
    if len(el):  # counts comments too
        for c in el:
            if c.tag.__class__ is str:
                return False
    return True


def _attribute_infos(ctx: ReadContext, at: int, kids: Iterable[etree._Element],
                     skip: str | None = None) -> None:
    """Report the attributes URDF does not define of ``kids`` (but a ``skip`` one) at
    position ``at`` of the diagnostics: where a reader checking them before anything
    else of their parent would have put them.  Called only for an element not taken
    exactly, so the common case checks each attribute once, as it is read."""
    local = ReadContext(Diagnostics(ctx.diags.file))
    for c in kids:
        if c.tag != skip:
            _check_attributes(c, local)
    if local.diags.items:
        ctx.diags.items[at:at] = local.diags.items


def _check_attributes(el: etree._Element, ctx: ReadContext) -> bool:
    """Whether ``el`` has only attributes URDF defines (True for elements URDF does not
    define); report the others (urdfdom ignores them; they are kept as written)."""
    allowed = _ALLOWED.get(el.tag)
    keys = el.keys()
    if allowed is None or allowed.issuperset(keys):
        return True
    for key in keys:
        if key not in allowed:
            ctx.info("URDF_IGNORED", f"<{el.tag}> attribute {key!r} is not part of URDF "
                     "(urdfdom ignores it); kept as written", el)
    return False


def _kids(el: etree._Element, ctx: ReadContext, known: frozenset[str]
          ) -> tuple[dict[object, etree._Element], bool]:
    """The first child of each tag, in one pass, and whether a child of a ``known`` tag
    is repeated (urdfdom reads the first: the others are reported and not taken)."""
    kids: dict[object, etree._Element] = {}
    repeated = False
    for c in el:
        tag = c.tag
        if tag not in kids:
            kids[tag] = c
        else:
            if tag in ATTRIBUTES:
                ctx.info("URDF_IGNORED", f"second <{tag}> in <{el.tag}> ignored (urdfdom "
                         "reads the first); kept as written", c)
            if tag in known:
                repeated = True
    return kids, repeated


def _extras(el: etree._Element, kids: dict[object, etree._Element],
            known: frozenset[str]) -> tuple[Extra, ...]:
    """The children of ``el`` of no ``known`` tag, as written."""
    for tag in kids:
        if tag not in known:
            break
    else:
        return ()
    return tuple(extra(c) for c in el if c.tag.__class__ is str and c.tag not in known)


def _numbers_in(el: etree._Element, ctx: ReadContext, what: str,
                keys: tuple[tuple[str, str, bool], ...], taken: int = 0
                ) -> tuple[list[str | None], bool]:
    """The number attributes ``(key, label, required)`` of a leaf element, and whether
    they were taken exactly (``taken``: how many other attributes were read)."""
    a = el.attrib
    values: list[str | None] = []
    exact = True
    for key, label, required in keys:
        text = a.get(key)
        if text is not None:
            taken += 1
            if plain_number(text) is not None:  # the common case: as written
                values.append(text)
                continue
        value = ctx.number(el, text, f"{what} {label}", required)
        values.append(value)
        if value != text:
            exact = False
    if len(a) != taken:
        return values, False
    t = el.text
    if len(el) or (t and not t.isspace()):
        return values, exact and _bare(el)
    return values, exact


def read_origin(el: etree._Element | None, ctx: ReadContext, what: str) -> Pose:
    """A URDF ``<origin xyz rpy>`` as a Pose (absent: identity)."""
    return _IDENTITY if el is None else _origin(el, ctx, what)[0]


def _origin(el: etree._Element, ctx: ReadContext, what: str) -> tuple[Pose, bool]:
    a = el.attrib
    xyz = a.get("xyz")
    rpy = a.get("rpy")
    exact = len(a) == (xyz is not None) + (rpy is not None)
    if not exact:
        _check_attributes(el, ctx)
    if xyz is None:
        xyz = _ZERO3_TEXT
    elif plain_vector3(xyz) is None:
        r = ctx.numbers(el, xyz, 3, f"{what} origin xyz")
        written = xyz
        xyz = " ".join(r[0]) if r else _ZERO3_TEXT
        exact = exact and r is not None and xyz == written
    if rpy is None:
        rpy = _ZERO3_TEXT
    elif plain_vector3(rpy) is None:
        r = ctx.numbers(el, rpy, 3, f"{what} origin rpy")
        written = rpy
        rpy = " ".join(r[0]) if r else _ZERO3_TEXT
        exact = exact and r is not None and rpy == written
    t = el.text
    if len(el) or (t and not t.isspace()):
        exact = exact and _bare(el)
    return Pose.parsed(f"{xyz} {rpy}", None, el.sourceline), exact  # type: ignore[arg-type]


def read_link(el: etree._Element, ctx: ReadContext) -> Link | None:
    """Read a ``<link>``; one not taken exactly carries itself as written."""
    a = el.attrib
    name = a.get("name")
    if name is None or not name.strip():
        ctx.name(el, "<link>")  # reports it
        return None
    exact = len(a) == 1 or _check_attributes(el, ctx)
    t = el.text
    if t and not t.isspace():
        exact = False
    inertial = None
    visuals: list[Visual] = []
    collisions: list[Collision] = []
    extras: list[Extra] = []
    sdf_frame = None
    items = ctx.diags.items
    for c in el:
        tag = c.tag
        if tag == "visual" or tag == "collision":
            before = len(items)
            if tag == "visual":
                item: Visual | Collision
                item, ok = _visual(c, ctx, name)
            else:
                item, ok = _collision(c, ctx, name)
            if len(items) > before and any(d.severity == "error" for d in items[before:]):
                # urdfdom logs an error and skips a visual/collision it cannot read;
                # we keep it verbatim (it travels as <urdf:visual>) and warn
                found = items[before:]
                del items[before:]
                for d in found:
                    ctx.diags.warning(d.code, f"{d.message}; the <{tag}> is skipped as "
                                      "urdfdom does and kept verbatim", d.line, d.xpath)
                extras.append(extra(c))
                continue
            if isinstance(item, Visual):
                visuals.append(item)
            else:
                collisions.append(item)
            exact = exact and ok
        elif tag == "inertial":
            if inertial is not None:
                ctx.info("URDF_IGNORED", f"link {name!r}: second <inertial> ignored "
                         "(urdfdom reads the first); kept as written", c)
                exact = False
                continue
            inertial, ok = _inertial(c, ctx, name)
            exact = exact and ok
        elif tag == SDF_FRAME and sdf_frame is None:
            sdf_frame, ok = _sdf_frame(c)
            exact = exact and ok
        elif tag.__class__ is str:
            extras.append(extra(c))
    line = _line(el)
    if not exact:
        extras.append(as_written(to_string(el), line))
    return Link(name, _IDENTITY, inertial, tuple(visuals), tuple(collisions),
                tuple(extras), line, sdf_frame=sdf_frame)


def _sdf_frame(el: etree._Element) -> tuple[FrameLink, bool]:
    """Read ``<sdf:frame>`` (urdfsdf's marker of a link standing for an SDF //frame).

    A pose that does not read makes it a flattened frame's: the link comes back as
    a frame attached to its parent at the joint's pose, which means the same.
    """
    line = _line(el)
    a = el.attrib
    exact = _blank(el.text)
    if a.get("flattened") == "true":
        return FrameLink(flattened=True, line=line), \
            exact and len(a) == 1 and _bare(el)
    pose_el = None
    for c in el:
        if c.tag.__class__ is str:
            if c.tag == SDF_POSE and pose_el is None:
                pose_el = c
            else:
                exact = False
    pose = None
    if pose_el is not None:
        text = pose_el.text
        parsed = split_numbers(text, 6)
        if isinstance(parsed, str):
            return FrameLink(flattened=True, line=line), False
        tokens, v = parsed
        relative_to = pose_el.get("relative_to")
        exact = exact and len(pose_el.attrib) == (relative_to is not None) and \
            " ".join(tokens) == (text or "").strip() and _bare_of_elements(pose_el)
        pose = Pose((v[0], v[1], v[2]), (v[3], v[4], v[5]), relative_to, tokens, line)
    attached_to = a.get("attached_to")
    exact = exact and len(a) == (attached_to is not None) and attached_to != ""
    return FrameLink(attached_to, pose, False, line), exact


def _bare_of_elements(el: etree._Element) -> bool:
    """No child element (an element whose text is its value)."""
    return not len(el) or all(c.tag.__class__ is not str for c in el)


def read_inertial(el: etree._Element, ctx: ReadContext, link: str) -> Inertial:
    """Read ``<inertial>``: origin, mass value, inertia moments."""
    return _inertial(el, ctx, link)[0]


def _inertial(el: etree._Element, ctx: ReadContext, link: str) -> tuple[Inertial, bool]:
    origin = mass_el = inertia_el = None
    odd = False  # a repeated or unknown child: not taken
    for c in el:
        tag = c.tag
        if tag == "origin" and origin is None:
            origin = c
        elif tag == "mass" and mass_el is None:
            mass_el = c
        elif tag == "inertia" and inertia_el is None:
            inertia_el = c
        elif tag.__class__ is str:
            odd = True
    kids = _kids(el, ctx, _KNOWN["inertial"])[0] if odd else None  # reports repeats
    mark = len(ctx.diags)
    t = el.text
    exact = not odd and not len(el.attrib) and not (t and not t.isspace())
    what = f"link {link!r} inertial"
    pose = _IDENTITY
    if origin is not None:
        pose, ok = _origin(origin, ctx, what)
        exact = exact and ok
    mass = "0"
    if mass_el is None:
        ctx.error("ELEMENT_MISSING", f"{what} has no <mass>", el)
        exact = False
    else:
        a = mass_el.attrib
        written = a.get("value")
        if written is not None and plain_number(written) is not None:
            mass = written
        else:
            mass = ctx.number(mass_el, written, f"{what} mass value",
                              required=True, default="0") or "0"
            exact = exact and mass == written
        if float(mass) < 0:
            ctx.error("ELEMENT_INVALID", f"{what} has negative mass {mass}", mass_el)
        t = mass_el.text
        exact = exact and len(a) == 1 and (
            not (len(mass_el) or (t and not t.isspace())) or _bare(mass_el))
    moments: tuple[str, ...] = _ZERO6
    if inertia_el is None:
        ctx.warning("ELEMENT_MISSING", f"{what} has no <inertia>: read as zero, as urdfdom "
                    "reads it (urdfdom also skips the link's visuals and collisions; urdfsdf "
                    "keeps them)", el)
        exact = False
    else:
        a = inertia_el.attrib
        written6 = tuple(map(a.get, INERTIA_KEYS))
        if None not in written6 and \
                plain_vector6(" ".join(written6)) is not None:  # type: ignore[arg-type]
            moments = written6  # type: ignore[assignment]
            ctx.inertia(inertia_el, moments, what)
        else:
            before = len(ctx.diags)
            moments = tuple(ctx.number(inertia_el, w, f"{what} inertia {key}",
                                       required=True, default="0") or "0"
                            for key, w in zip(INERTIA_KEYS, written6, strict=True))
            if len(ctx.diags) == before:
                ctx.inertia(inertia_el, moments, what)
            exact = exact and moments == written6
        t = inertia_el.text
        exact = exact and len(a) == 6 and (
            not (len(inertia_el) or (t and not t.isspace())) or _bare(inertia_el))
    if not exact:  # the attributes of its children, reported first (as urdfdom reads)
        _attribute_infos(ctx, mark, el if kids is None else kids.values())
    return Inertial(mass, moments, pose, el.sourceline), exact  # type: ignore[arg-type]


def read_geometry(el: etree._Element | None, ctx: ReadContext, what: str,
                  parent: etree._Element) -> Geometry | None:
    """Read ``<geometry>`` holding one shape."""
    return _geometry(el, ctx, what, parent)[0]


def _geometry(el: etree._Element | None, ctx: ReadContext, what: str,
              parent: etree._Element) -> tuple[Geometry | None, bool]:
    if el is None:
        ctx.error("ELEMENT_MISSING", f"{what} has no <geometry>", parent)
        return None, False
    s = None
    second = None
    for c in el:
        if c.tag.__class__ is str:
            if s is None:
                s = c
            elif second is None:
                second = c
    if s is None:
        ctx.error("ELEMENT_MISSING", f"{what}: <geometry> holds no shape", el)
        return None, False
    t = el.text
    exact = second is None and not len(el.attrib) and not (t and not t.isspace())
    if second is not None:
        count = sum(1 for c in el if c.tag.__class__ is str)
        ctx.info("URDF_IGNORED", f"{what}: <geometry> holds {count} shapes; only "
                 f"the first, <{s.tag}>, is read (as urdfdom); kept as written", second)
    t = s.text
    if len(s) or (t and not t.isspace()):
        exact = exact and _bare(s)  # a child of <mesh> (<drake:declare_convex/>), text
    kind = s.tag
    line: int | None = s.sourceline  # type: ignore[assignment]
    a = s.attrib
    if kind == "box":
        size = a.get("size")
        if len(a) != (size is not None):
            exact = _check_attributes(s, ctx) and exact
        if size is not None and plain_vector3(size) is not None:
            return Geometry("box", size=tuple(size.split()), line=line), exact
        r = ctx.numbers(s, size, 3, f"{what} box size")
        tokens = r[0] if r else ("0", "0", "0")
        return Geometry("box", size=tokens, line=line), \
            exact and r is not None and " ".join(tokens) == size
    if kind == "cylinder" or kind == "capsule" or kind == "sphere":
        keys = _SHAPE_NUMBERS[kind]
        if len(a) != sum(1 for key, _, _ in keys if key in a):
            exact = _check_attributes(s, ctx) and exact
        values, ok = _numbers_in(s, ctx, what, keys)
        exact = exact and ok and None not in values  # a missing one: read as 0
        if kind == "sphere":
            return Geometry("sphere", radius=values[0] or "0", line=line), exact
        return Geometry("capsule" if kind == "capsule" else "cylinder",
                        radius=values[0] or "0", length=values[1] or "0", line=line), exact
    if kind == "mesh":
        uri = a.get("filename")
        written = a.get("scale")
        if len(a) != (uri is not None) + (written is not None):
            exact = _check_attributes(s, ctx) and exact
        if uri is None:
            ctx.error("ATTRIBUTE_MISSING", f"{what} mesh has no filename", s)
            exact = False
        scale = None
        if written is not None:
            if plain_vector3(written) is not None:
                scale = tuple(written.split())
            else:
                r = ctx.numbers(s, written, 3, f"{what} mesh scale")
                scale = r[0] if r else None
                exact = exact and scale is not None and " ".join(scale) == written
        return Geometry("mesh", uri=uri or "", scale=scale, line=line), exact
    _check_attributes(s, ctx)
    ctx.error("ELEMENT_INVALID", f"{what}: unknown geometry <{kind}>", s)
    return None, False


#: the number attributes of each round shape: (key, label, required)
_SHAPE_NUMBERS = {
    kind: tuple((key, f"{kind} {key}", True) for key in keys)
    for kind, keys in (("cylinder", ("radius", "length")), ("capsule", ("radius", "length")),
                       ("sphere", ("radius",)))}


def read_material(el: etree._Element, ctx: ReadContext, top_level: bool = False
                  ) -> Material | None:
    """Read ``<material name>`` with optional ``<color rgba>`` and ``<texture filename>``.

    A top-level one not taken exactly carries itself as written.
    """
    material, exact = _material(el, ctx, top_level)
    if material is None or exact or not top_level:
        return material
    return evolve(material, extras=(*material.extras,
                                    as_written(to_string(el), _line(el))))


def _material(el: etree._Element, ctx: ReadContext, top_level: bool
              ) -> tuple[Material | None, bool]:
    a = el.attrib
    name = a.get("name")
    if name is None and top_level:
        ctx.error("ATTRIBUTE_MISSING", "top-level <material> has no 'name' attribute", el)
        return None, False
    exact = len(a) == (name is not None) and _blank(el.text)
    color = tex = None
    extras: list[Extra] = []
    for c in el:
        tag = c.tag
        if tag == "color":
            if color is None:
                color = c
            else:
                exact = False
        elif tag == "texture":
            if tex is None:
                tex = c
            else:
                exact = False
        elif tag.__class__ is str:
            # children URDF does not define (e.g. pybullet's <specular rgb>): kept verbatim
            extras.append(extra(c))
    rgba = None
    if color is not None:
        written = color.get("rgba")
        if written is not None and plain_vector4(written) is not None:
            rgba = tuple(written.split())
        else:
            r = ctx.numbers(color, written, 4, f"material {name!r} color rgba")
            rgba = r[0] if r else None
            exact = exact and rgba is not None and " ".join(rgba) == written
        exact = exact and len(color.attrib) == 1 and _bare(color)
    texture = None
    if tex is not None:
        texture = tex.get("filename")
        exact = exact and texture is not None and len(tex.attrib) == 1 and _bare(tex)
        if texture is None:
            texture = ""
    return Material(name=name, rgba=rgba, texture=texture, extras=tuple(extras),
                    line=_line(el)), exact


def read_visual(el: etree._Element, ctx: ReadContext, link: str) -> Visual:
    """Read ``<visual>``."""
    return _visual(el, ctx, link)[0]


def _visual(el: etree._Element, ctx: ReadContext, link: str) -> tuple[Visual, bool]:
    name, shape, pose, material, extras, exact = _shaped(el, ctx, link, "visual")
    return Visual(name, shape, pose, material, extras, _line(el)), exact


def read_collision(el: etree._Element, ctx: ReadContext, link: str) -> Collision:
    """Read ``<collision>``."""
    return _collision(el, ctx, link)[0]


def _collision(el: etree._Element, ctx: ReadContext, link: str) -> tuple[Collision, bool]:
    name, shape, pose, _, extras, exact = _shaped(el, ctx, link, "collision")
    return Collision(name, shape, pose, extras, _line(el)), exact


def _shaped(el: etree._Element, ctx: ReadContext, link: str,
            kind: ShapeElement
            ) -> tuple[str | None, Geometry | None, Pose, Material | None, Extras, bool]:
    """What ``<visual>`` and ``<collision>`` share: name, origin, geometry, the rest kept
    (a visual's ``<material>`` too; a collision has none in URDF), and whether the element
    was taken exactly."""
    a = el.attrib
    name = a.get("name")
    exact = len(a) == (name is not None) or _check_attributes(el, ctx)
    t = el.text
    if t and not t.isspace():
        exact = False
    visual = kind == "visual"
    origin = geometry = mat_el = None
    odd = False  # a repeated or unknown child
    for c in el:
        tag = c.tag
        if tag == "origin" and origin is None:
            origin = c
        elif tag == "geometry" and geometry is None:
            geometry = c
        elif tag == "material" and visual and mat_el is None:
            mat_el = c
        elif tag.__class__ is str:
            odd = True
    extras: Extras = ()
    if odd:
        known = _KNOWN[kind]
        kids, repeated = _kids(el, ctx, known)  # reports repeats
        exact = exact and not repeated
        extras = _extras(el, kids, known)
    what = f"link {link!r} {kind}"
    pose = _IDENTITY
    if origin is not None:
        pose, ok = _origin(origin, ctx, what)
        exact = exact and ok
    shape, ok = _geometry(geometry, ctx, what, el)
    exact = exact and ok
    material = None
    if mat_el is not None:
        material, ok = _material(mat_el, ctx, False)
        exact = exact and ok
    return name, shape, pose, material, extras, exact


def read_joint(el: etree._Element, ctx: ReadContext) -> Joint | None:
    """Read ``<joint>`` of any URDF type; one not taken exactly carries itself as written."""
    a = el.attrib
    name = a.get("name")
    if name is None or not name.strip():
        ctx.name(el, "<joint>")  # reports it
        return None
    what = f"joint {name!r}"
    written = a.get("type")
    if written is None:
        ctx.error("ATTRIBUTE_MISSING", f"{what} has no 'type' attribute", el)
        return None
    jtype = joint_type(written, JOINT_TYPES)
    if jtype is None:
        ctx.error("ATTRIBUTE_INVALID", f"{what} has unknown type {written!r}", el)
        return None
    exact = len(a) == 2 or _check_attributes(el, ctx)
    t = el.text
    if t and not t.isspace():
        exact = False
    origin = parent_el = child_el = axis_el = lim = dyn = m = s = cal = None
    odd = False  # a repeated or unknown child
    for c in el:
        tag = c.tag
        if tag == "origin" and origin is None:
            origin = c
        elif tag == "parent" and parent_el is None:
            parent_el = c
        elif tag == "child" and child_el is None:
            child_el = c
        elif tag == "axis" and axis_el is None:
            axis_el = c
        elif tag == "limit" and lim is None:
            lim = c
        elif tag == "dynamics" and dyn is None:
            dyn = c
        elif tag == "mimic" and m is None:
            m = c
        elif tag == "safety_controller" and s is None:
            s = c
        elif tag == "calibration" and cal is None:
            cal = c
        elif tag.__class__ is str:
            odd = True
    known = _KNOWN["joint"]
    kids = None
    if odd:
        kids, repeated = _kids(el, ctx, known)  # reports repeats
        if repeated:
            exact = False
    # the attributes of its children but <origin> are reported here (see _attribute_infos)
    mark = len(ctx.diags)
    parent = child = None
    if parent_el is None:
        ctx.error("ELEMENT_MISSING", f"{what} has no <parent>", el)
    else:
        parent = parent_el.get("link")
        if parent is None or not parent.strip():
            parent = ctx.name(parent_el, f"{what} <parent>", "link")  # reports it
    if child_el is None:
        ctx.error("ELEMENT_MISSING", f"{what} has no <child>", el)
    else:
        child = child_el.get("link")
        if child is None or not child.strip():
            child = ctx.name(child_el, f"{what} <child>", "link")  # reports it
    if parent is None or child is None:
        _attribute_infos(ctx, mark, el if kids is None else kids.values(), "origin")
        return None
    assert parent_el is not None and child_el is not None  # (both named)
    exact = exact and len(parent_el.attrib) == 1 and len(child_el.attrib) == 1 and (
        not len(parent_el) and _blank(parent_el.text) or _bare(parent_el)) and (
        not len(child_el) and _blank(child_el.text) or _bare(child_el))
    pose = _IDENTITY
    if origin is not None:
        pose, ok = _origin(origin, ctx, what)
        exact = exact and ok

    axis = None
    if jtype in AXIS_TYPES or axis_el is not None:
        xyz, text = (1.0, 0.0, 0.0), None
        line = None
        if axis_el is not None:
            line = _line(axis_el)
            xyz_t = axis_el.get("xyz")
            if xyz_t is not None:
                if plain_vector3(xyz_t) is not None:
                    text = tuple(xyz_t.split())
                    xyz = (float(text[0]), float(text[1]), float(text[2]))
                else:
                    r = ctx.numbers(axis_el, xyz_t, 3, f"{what} axis xyz")
                    if r:
                        text, v = r
                        xyz = (v[0], v[1], v[2])
                if xyz == (0.0, 0.0, 0.0) and jtype in AXIS_TYPES:
                    ctx.error("ELEMENT_INVALID", f"{what} axis is the zero vector", axis_el)
            # <axis/>: the writer gives no axis back
            exact = exact and text is not None and len(axis_el.attrib) == 1 and (
                " ".join(text) == xyz_t) and (
                not len(axis_el) and _blank(axis_el.text) or _bare(axis_el))
        limit, ok = _limit(lim, el, ctx, what, jtype)
        dynamics, ok2 = _dynamics(dyn, ctx, what)
        axis = Axis(xyz, text, None, limit, dynamics, (), line)
        exact = exact and ok and ok2
    elif lim is not None or dyn is not None:
        limit, ok = _limit(lim, el, ctx, what, jtype)
        dynamics, ok2 = _dynamics(dyn, ctx, what)
        axis = Axis((1.0, 0.0, 0.0), None, None, limit, dynamics)
        exact = exact and ok and ok2

    mimic = None
    if m is not None:
        mj = ctx.name(m, f"{what} <mimic>", "joint")
        if mj is None:
            exact = False
        else:
            (multiplier, offset), ok = _numbers_in(m, ctx, what, _MIMIC, 1)
            mimic = Mimic(mj, multiplier, offset, _line(m))
            exact = exact and ok
    safety = None
    if s is not None:
        values, ok = _numbers_in(s, ctx, what, _SAFETY)
        safety = SafetyController(values[0], values[1], values[2], values[3], _line(s))
        exact = exact and ok
    calibration = None
    if cal is not None:
        values, ok = _numbers_in(cal, ctx, what, _CALIBRATION)
        calibration = Calibration(values[0], values[1], values[2], _line(cal))
        exact = exact and ok
    extras: tuple[Extra, ...] = () if kids is None else _extras(el, kids, known)
    line = _line(el)
    if not exact or odd:
        _attribute_infos(ctx, mark, el if kids is None else kids.values(), "origin")
    if not exact:
        extras = (*extras, as_written(to_string(el), line))
    return Joint(name, jtype, parent, child, pose, axis, None, mimic, safety, calibration,
                 extras, line)


_MIMIC = (("multiplier", "mimic multiplier", False), ("offset", "mimic offset", False))
_SAFETY = (("k_velocity", "safety k_velocity", True), ("k_position", "safety k_position", False),
           ("soft_lower_limit", "soft_lower_limit", False),
           ("soft_upper_limit", "soft_upper_limit", False))
_CALIBRATION = (("rising", "calibration rising", False), ("falling", "calibration falling", False),
                ("reference_position", "reference_position", False))
_DYNAMICS = (("damping", "dynamics damping", False), ("friction", "dynamics friction", False))
_LIMIT = {limited: (("lower", "limit lower", False), ("upper", "limit upper", False),
                    ("effort", "limit effort", limited), ("velocity", "limit velocity", limited))
          for limited in (False, True)}


def _limit(lim: etree._Element | None, el: etree._Element, ctx: ReadContext, what: str,
           jtype: str) -> tuple[Limit | None, bool]:
    limited = jtype in _LIMITED
    if lim is None:
        if limited:
            ctx.error("ELEMENT_MISSING", f"{what} is {jtype} but has no <limit>", el)
        return None, True
    values, ok = _numbers_in(lim, ctx, what, _LIMIT[limited])
    return Limit(values[0], values[1], values[2], values[3], (), _line(lim)), ok


def _dynamics(d: etree._Element | None, ctx: ReadContext, what: str
              ) -> tuple[Dynamics | None, bool]:
    if d is None:
        return None, True
    (damping, friction), ok = _numbers_in(d, ctx, what, _DYNAMICS)
    return Dynamics(damping, friction, None, None, _line(d)), ok
