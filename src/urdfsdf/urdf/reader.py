"""URDF reader: XML -> :class:`urdfsdf.core.ir.Model`.

Reads every element of the URDF format as urdfdom does, with urdfdom's
defaults (absent origin: identity; absent axis: ``1 0 0``; limits required on
revolute and prismatic joints).  Elements the IR does not model
(``<transmission>``, ``<gazebo>``, ``<ros2_control>``, unknown tags) are kept
verbatim in ``Model.extras``.  Checks the joints form a tree with one root.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

from lxml import etree

from urdfsdf.core.diagnostics import Diagnostics, did_you_mean
from urdfsdf.core.ir import (
    Axis,
    Calibration,
    Collision,
    Dynamics,
    Extra,
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
from urdfsdf.core.tree import tree_of
from urdfsdf.urdf.as_written import as_written, urdf_form
from urdfsdf.urdf.writer import (
    SDF_FRAME,
    SDF_POSE,
    joint_element,
    link_element,
    material_element,
)
from urdfsdf.xml.parse import Stream, children, extra, read_document, to_string
from urdfsdf.xml.readctx import ReadContext, inertia_problem, line_of

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


def read_urdf_root(root: etree._Element, diags: Diagnostics, stream: Stream | None = None,
                   fast: bool = True) -> Model | None:
    """Read a URDF document's root element (``stream``: it is being parsed incrementally)."""
    return read_robot(root, ReadContext(diags),
                      stream.children(root) if stream is not None else None, fast)


def read_robot(root: etree._Element, ctx: ReadContext,
               kids: Iterable[etree._Element] | None = None, fast: bool = True) -> Model | None:
    """Read a ``<robot>`` element (``kids``: its children, when parsed incrementally).

    ``fast``: links and joints in the common case are read by the fast path (below);
    False reads every element with the general one (tests compare the two).
    """
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
            try:
                if not fast:
                    raise _Slow
                links.append(_fast_link(el))
            except _SLOW:
                link = read_link(el, ctx)
                if link is not None:
                    links.append(link)
        elif tag == "joint":
            try:
                if not fast:
                    raise _Slow
                joints.append(_fast_joint(el))
            except _SLOW:
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
    check_names(model, ctx.diags)
    check_tree(model, ctx.diags)
    return model


def check_names(model: Model, diags: Diagnostics) -> None:
    """Links, joints and top-level materials each defined once (urdfdom refuses repeats)."""
    for kind, items in (("link", model.links), ("joint", model.joints),
                        ("material", model.materials)):
        seen: dict[str | None, int | None] = {}
        for item in items:
            if item.name in seen:
                diags.error("DUPLICATE_NAME", f"{kind} {item.name!r} is defined twice "
                            f"(first at line {seen[item.name]})", item.line)
            seen[item.name] = item.line


def check_tree(model: Model, diags: Diagnostics) -> str | None:
    """Check the joints form a tree over the links; return the root link name."""
    names = {link.name for link in model.links}
    ok = True
    edges: list[Joint] = []
    children: set[str] = set()
    for joint in model.joints:
        if joint.parent not in names:
            diags.error("JOINT_PARENT_LINK_INVALID", f"joint {joint.name!r}: parent link "
                        f"{joint.parent!r} is not defined{did_you_mean(joint.parent, names)}",
                        joint.line)
            ok = False
        if joint.child not in names:
            diags.error("JOINT_CHILD_LINK_INVALID", f"joint {joint.name!r}: child link "
                        f"{joint.child!r} is not defined{did_you_mean(joint.child, names)}",
                        joint.line)
            ok = False
        if joint.parent == joint.child:
            diags.error("JOINT_PARENT_SAME_AS_CHILD", f"joint {joint.name!r}: parent and "
                        f"child are both {joint.child!r}", joint.line)
            ok = False
        else:
            if joint.child in children:
                # urdfdom keeps the last joint as the link's parent and accepts the file
                diags.warning("URDF_TREE_INVALID", f"link {joint.child!r} is the child of "
                              "several joints; the last one defines its frame (as urdfdom)",
                              joint.line)
            children.add(joint.child)
            edges.append(joint)
    tree = tree_of((link.name for link in model.links), edges, _last)
    if not ok:
        return None
    if not model.links:
        diags.error("MODEL_WITHOUT_LINK", "the robot has no link", model.line)
        return None
    if len(tree.roots) != 1:
        if not tree.roots:
            diags.error("URDF_TREE_INVALID", "the joints form a loop: no root link",
                        model.line)
        else:
            roots = [link for link in model.links if link.name not in tree.above]
            names_s = ", ".join(repr(r.name) for r in roots)
            diags.error("URDF_TREE_INVALID", f"several root links: {names_s}", roots[1].line)
        return None
    if tree.loop is not None:  # loops not reachable from the root
        looped = model.link(tree.loop)
        diags.error("URDF_TREE_INVALID", f"links form a loop through {tree.loop!r}",
                    looped.line if looped else None)
        return None
    return tree.roots[0]


def _last(kept: Joint, new: Joint) -> Joint:
    return new




def read_origin(el: etree._Element | None, ctx: ReadContext, what: str) -> Pose:
    """A URDF ``<origin xyz rpy>`` as a Pose (absent: identity)."""
    if el is None:
        return Pose()
    _check_attributes(el, ctx)
    xyz_t = el.get("xyz")
    rpy_t = el.get("rpy")
    xyz_r = ctx.numbers(el, xyz_t, 3, f"{what} origin xyz") if xyz_t is not None else None
    rpy_r = ctx.numbers(el, rpy_t, 3, f"{what} origin rpy") if rpy_t is not None else None
    xyz_tok, xyz = xyz_r if xyz_r else (("0", "0", "0"), [0.0, 0.0, 0.0])
    rpy_tok, rpy = rpy_r if rpy_r else (("0", "0", "0"), [0.0, 0.0, 0.0])
    return Pose((xyz[0], xyz[1], xyz[2]), (rpy[0], rpy[1], rpy[2]), None,
                (*xyz_tok, *rpy_tok), line_of(el))


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

#: the tables above as sets, for both paths of the reader
_ALLOWED = {tag: frozenset(names) for tag, names in ATTRIBUTES.items()}


def _check_attributes(el: etree._Element, ctx: ReadContext) -> None:
    """Warn about attributes URDF does not define: they have no meaning and are dropped."""
    allowed = _ALLOWED.get(el.tag)
    keys = el.keys()
    if allowed is None or allowed.issuperset(keys):
        return
    for key in keys:
        if key not in allowed:
            ctx.info("URDF_IGNORED", f"<{el.tag}> attribute {key!r} is not part of URDF "
                     "(urdfdom ignores it); kept as written", el)


def _kids(el: etree._Element, ctx: ReadContext | None = None
          ) -> dict[object, etree._Element]:
    """The first child of each tag, in one pass (``find`` per tag costs more).

    urdfdom reads the first of each; a repeated one is reported when ``ctx``.
    """
    kids: dict[object, etree._Element] = {}
    for c in el:
        tag = c.tag
        if tag not in kids:
            kids[tag] = c
        elif ctx is not None and tag in ATTRIBUTES:
            ctx.info("URDF_IGNORED", f"second <{tag}> in <{el.tag}> ignored (urdfdom "
                     "reads the first); kept as written", c)
    return kids


def _child(el: etree._Element, tag: str) -> etree._Element | None:
    for c in el:
        if c.tag == tag:
            return c
    return None


def read_link(el: etree._Element, ctx: ReadContext) -> Link | None:
    """Read a ``<link>``."""
    name = ctx.name(el, "<link>")
    if name is None:
        return None
    _check_attributes(el, ctx)
    inertial = None
    visuals: list[Visual] = []
    collisions: list[Collision] = []
    extras: list[Extra] = []
    sdf_frame = None
    for c in children(el):
        if c.tag == "inertial":
            if inertial is not None:
                ctx.info("URDF_IGNORED", f"link {name!r}: second <inertial> ignored "
                         "(urdfdom reads the first); kept as written", c)
                continue
            inertial = read_inertial(c, ctx, name)
        elif c.tag == SDF_FRAME and sdf_frame is None:
            sdf_frame = read_sdf_frame(c)
        elif c.tag in ("visual", "collision"):
            # urdfdom logs an error and skips a visual/collision it cannot read;
            # we keep it verbatim (it travels as <urdf:visual>) and warn
            local = Diagnostics(ctx.diags.file)
            sub = ReadContext(local)
            item = read_visual(c, sub, name) if c.tag == "visual" else \
                read_collision(c, sub, name)
            if local.has_errors():
                for d in local.items:
                    ctx.diags.warning(d.code, f"{d.message}; the <{c.tag}> is skipped as "
                                      "urdfdom does and kept verbatim", d.line, d.xpath)
                extras.append(extra(c))
                continue
            ctx.diags.extend(local.items)  # warnings only
            if isinstance(item, Visual):
                visuals.append(item)
            else:
                collisions.append(item)
        else:
            extras.append(extra(c))
    link = Link(name, Pose(), inertial, tuple(visuals), tuple(collisions), tuple(extras),
                line_of(el), sdf_frame=sdf_frame)
    return _keep_as_written(link, el)


def read_sdf_frame(el: etree._Element) -> FrameLink:
    """Read ``<sdf:frame>`` (urdfsdf's marker of a link standing for an SDF //frame).

    A pose that does not read makes it a flattened frame's: the link comes back as
    a frame attached to its parent at the joint's pose, which means the same.
    """
    line = line_of(el)
    if el.get("flattened") == "true":
        return FrameLink(flattened=True, line=line)
    pose = None
    pose_el = el.find(SDF_POSE)
    if pose_el is not None:
        parsed = split_numbers(pose_el.text, 6)
        if isinstance(parsed, str):
            return FrameLink(flattened=True, line=line)
        tokens, v = parsed
        pose = Pose((v[0], v[1], v[2]), (v[3], v[4], v[5]), pose_el.get("relative_to"), tokens,
                    line)
    return FrameLink(el.get("attached_to"), pose, False, line)


N = TypeVar("N", Link, Joint, Material)


def _keep_as_written(node: N, el: etree._Element) -> N:
    """``node``, with ``el`` as written when the URDF writer would not give it back.

    What the IR cannot hold (an attribute URDF does not define, the blanks in a
    number list, a second shape, text...) then travels with the node
    (:mod:`urdfsdf.urdf.as_written`).  Only the general reader gets here:
    the fast readers take only what the writer gives back.
    """
    written = (link_element(node) if isinstance(node, Link) else joint_element(node)
               if isinstance(node, Joint) else material_element(node))
    if urdf_form(written) == urdf_form(el):
        return node
    return evolve(node, extras=(*node.extras, as_written(to_string(el), line_of(el))))


def read_inertial(el: etree._Element, ctx: ReadContext, link: str) -> Inertial:
    """Read ``<inertial>``: origin, mass value, inertia moments."""
    what = f"link {link!r} inertial"
    kids = _kids(el, ctx)
    for c in kids.values():
        _check_attributes(c, ctx)
    pose = read_origin(kids.get("origin"), ctx, what)
    mass_el = kids.get("mass")
    mass = "0"
    if mass_el is None:
        ctx.error("ELEMENT_MISSING", f"{what} has no <mass>", el)
    else:
        mass = ctx.number(mass_el, mass_el.get("value"), f"{what} mass value",
                          required=True, default="0") or "0"
        if mass and float(mass) < 0:
            ctx.error("ELEMENT_INVALID", f"{what} has negative mass {mass}", mass_el)
    inertia_el = kids.get("inertia")
    moments = ["0"] * 6
    if inertia_el is None:
        ctx.warning("ELEMENT_MISSING", f"{what} has no <inertia>: read as zero, as urdfdom "
                    "reads it (urdfdom also skips the link's visuals and collisions; urdfsdf "
                    "keeps them)", el)
    else:
        before = len(ctx.diags)
        for i, key in enumerate(("ixx", "ixy", "ixz", "iyy", "iyz", "izz")):
            moments[i] = ctx.number(inertia_el, inertia_el.get(key), f"{what} inertia {key}",
                                    required=True, default="0") or "0"
        if len(ctx.diags) == before:
            ctx.inertia(inertia_el, moments, what)
    return Inertial(mass, tuple(moments), pose, line_of(el))


def read_geometry(el: etree._Element | None, ctx: ReadContext, what: str,
                  parent: etree._Element) -> Geometry | None:
    """Read ``<geometry>`` holding one shape."""
    if el is None:
        ctx.error("ELEMENT_MISSING", f"{what} has no <geometry>", parent)
        return None
    shapes = children(el)
    if not shapes:
        ctx.error("ELEMENT_MISSING", f"{what}: <geometry> holds no shape", el)
        return None
    s = shapes[0]
    if len(shapes) > 1:
        ctx.info("URDF_IGNORED", f"{what}: <geometry> holds {len(shapes)} shapes; only "
                 f"the first, <{s.tag}>, is read (as urdfdom); kept as written", shapes[1])
    _check_attributes(s, ctx)
    kind = s.tag
    line = line_of(s)
    if kind == "box":
        r = ctx.numbers(s, s.get("size"), 3, f"{what} box size")
        return Geometry("box", size=r[0] if r else ("0", "0", "0"), line=line)
    if kind == "cylinder":
        return Geometry("cylinder",
                        radius=ctx.number(s, s.get("radius"), f"{what} cylinder radius",
                                          required=True, default="0"),
                        length=ctx.number(s, s.get("length"), f"{what} cylinder length",
                                          required=True, default="0"), line=line)
    if kind == "sphere":
        return Geometry("sphere", radius=ctx.number(s, s.get("radius"),
                                                    f"{what} sphere radius",
                                                    required=True, default="0"), line=line)
    if kind == "capsule":
        return Geometry("capsule",
                        radius=ctx.number(s, s.get("radius"), f"{what} capsule radius",
                                          required=True, default="0"),
                        length=ctx.number(s, s.get("length"), f"{what} capsule length",
                                          required=True, default="0"), line=line)
    if kind == "mesh":
        uri = s.get("filename")
        if uri is None:
            ctx.error("ATTRIBUTE_MISSING", f"{what} mesh has no filename", s)
        scale = None
        if s.get("scale") is not None:
            r = ctx.numbers(s, s.get("scale"), 3, f"{what} mesh scale")
            scale = r[0] if r else None
        return Geometry("mesh", uri=uri or "", scale=scale, line=line)
    ctx.error("ELEMENT_INVALID", f"{what}: unknown geometry <{kind}>", s)
    return None


def read_material(el: etree._Element, ctx: ReadContext, top_level: bool = False
                  ) -> Material | None:
    """Read ``<material name>`` with optional ``<color rgba>`` and ``<texture filename>``."""
    name = el.get("name")
    if name is None and top_level:
        ctx.error("ATTRIBUTE_MISSING", "top-level <material> has no 'name' attribute", el)
        return None
    rgba = None
    color = _child(el, "color")
    if color is not None:
        r = ctx.numbers(color, color.get("rgba"), 4, f"material {name!r} color rgba")
        rgba = r[0] if r else None
    texture = None
    tex = _child(el, "texture")
    if tex is not None:
        texture = tex.get("filename", "")
    # children URDF does not define (e.g. pybullet's <specular rgb>) are kept verbatim
    extras = tuple(extra(c) for c in children(el) if c.tag not in CHILDREN["material"])
    material = Material(name=name, rgba=rgba, texture=texture, extras=extras, line=line_of(el))
    return _keep_as_written(material, el) if top_level else material


def read_visual(el: etree._Element, ctx: ReadContext, link: str) -> Visual:
    """Read ``<visual>``."""
    what = f"link {link!r} visual"
    _check_attributes(el, ctx)
    kids = _kids(el, ctx)
    pose = read_origin(kids.get("origin"), ctx, what)
    geometry = read_geometry(kids.get("geometry"), ctx, what, el)
    mat_el = kids.get("material")
    material = read_material(mat_el, ctx) if mat_el is not None else None
    known = CHILDREN["visual"]
    extras = () if all(k in known for k in kids) else tuple(
        extra(c) for c in children(el) if c.tag not in known)
    return Visual(el.get("name"), geometry, pose, material, extras, line_of(el))


def read_collision(el: etree._Element, ctx: ReadContext, link: str) -> Collision:
    """Read ``<collision>``."""
    what = f"link {link!r} collision"
    _check_attributes(el, ctx)
    kids = _kids(el, ctx)
    pose = read_origin(kids.get("origin"), ctx, what)
    geometry = read_geometry(kids.get("geometry"), ctx, what, el)
    known = CHILDREN["collision"]
    extras = () if all(k in known for k in kids) else tuple(
        extra(c) for c in children(el) if c.tag not in known)
    return Collision(el.get("name"), geometry, pose, extras, line_of(el))


def read_joint(el: etree._Element, ctx: ReadContext) -> Joint | None:
    """Read ``<joint>`` of any URDF type."""
    name = ctx.name(el, "<joint>")
    if name is None:
        return None
    what = f"joint {name!r}"
    written = el.get("type")
    if written is None:
        ctx.error("ATTRIBUTE_MISSING", f"{what} has no 'type' attribute", el)
        return None
    jtype = joint_type(written, JOINT_TYPES)
    if jtype is None:
        ctx.error("ATTRIBUTE_INVALID", f"{what} has unknown type {written!r}", el)
        return None
    _check_attributes(el, ctx)
    kids = _kids(el, ctx)
    for c in kids.values():
        if c.tag != "origin":
            _check_attributes(c, ctx)
    parent_el = kids.get("parent")
    child_el = kids.get("child")
    parent = child = None
    if parent_el is None:
        ctx.error("ELEMENT_MISSING", f"{what} has no <parent>", el)
    else:
        parent = ctx.name(parent_el, f"{what} <parent>", "link")
    if child_el is None:
        ctx.error("ELEMENT_MISSING", f"{what} has no <child>", el)
    else:
        child = ctx.name(child_el, f"{what} <child>", "link")
    if parent is None or child is None:
        return None
    pose = read_origin(kids.get("origin"), ctx, what)

    axis = None
    axis_el = kids.get("axis")
    if jtype in AXIS_TYPES or axis_el is not None:
        xyz, text = (1.0, 0.0, 0.0), None
        if axis_el is not None and axis_el.get("xyz") is not None:
            r = ctx.numbers(axis_el, axis_el.get("xyz"), 3, f"{what} axis xyz")
            if r:
                text, v = r
                xyz = (v[0], v[1], v[2])
                if xyz == (0.0, 0.0, 0.0) and jtype in AXIS_TYPES:
                    ctx.error("ELEMENT_INVALID", f"{what} axis is the zero vector", axis_el)
        axis = Axis(xyz, text, None, _read_limit(kids, el, ctx, what, jtype),
                    _read_dynamics(kids, ctx, what), (),
                    line_of(axis_el) if axis_el is not None else None)
    elif "limit" in kids or "dynamics" in kids:
        axis = Axis((1.0, 0.0, 0.0), None, None, _read_limit(kids, el, ctx, what, jtype),
                    _read_dynamics(kids, ctx, what))

    mimic = None
    m = kids.get("mimic")
    if m is not None:
        mj = ctx.name(m, f"{what} <mimic>", "joint")
        if mj is not None:
            mimic = Mimic(mj, ctx.number(m, m.get("multiplier"), f"{what} mimic multiplier"),
                          ctx.number(m, m.get("offset"), f"{what} mimic offset"), line_of(m))
    safety = None
    s = kids.get("safety_controller")
    if s is not None:
        safety = SafetyController(
            ctx.number(s, s.get("k_velocity"), f"{what} safety k_velocity", required=True),
            ctx.number(s, s.get("k_position"), f"{what} safety k_position"),
            ctx.number(s, s.get("soft_lower_limit"), f"{what} soft_lower_limit"),
            ctx.number(s, s.get("soft_upper_limit"), f"{what} soft_upper_limit"),
            line_of(s))
    calibration = None
    cal = kids.get("calibration")
    if cal is not None:
        c = cal
        calibration = Calibration(
            ctx.number(c, c.get("rising"), f"{what} calibration rising"),
            ctx.number(c, c.get("falling"), f"{what} calibration falling"),
            ctx.number(c, c.get("reference_position"), f"{what} reference_position"),
            line_of(c))
    known = CHILDREN["joint"]
    extras = () if all(k in known for k in kids) else tuple(
        extra(x) for x in children(el) if x.tag not in known)
    joint = Joint(name, jtype, parent, child, pose, axis, None, mimic, safety, calibration,
                  extras, line_of(el))
    return _keep_as_written(joint, el)


def _read_limit(kids: dict[object, etree._Element], el: etree._Element, ctx: ReadContext,
                what: str, jtype: str) -> Limit | None:
    lim = kids.get("limit")
    if lim is None:
        if jtype in ("revolute", "prismatic"):
            ctx.error("ELEMENT_MISSING", f"{what} is {jtype} but has no <limit>", el)
        return None
    return Limit(
        ctx.number(lim, lim.get("lower"), f"{what} limit lower"),
        ctx.number(lim, lim.get("upper"), f"{what} limit upper"),
        ctx.number(lim, lim.get("effort"), f"{what} limit effort",
                   required=jtype in ("revolute", "prismatic")),
        ctx.number(lim, lim.get("velocity"), f"{what} limit velocity",
                   required=jtype in ("revolute", "prismatic")),
        (), line_of(lim))


def _read_dynamics(kids: dict[object, etree._Element], ctx: ReadContext, what: str
                   ) -> Dynamics | None:
    d = kids.get("dynamics")
    if d is None:
        return None
    return Dynamics(ctx.number(d, d.get("damping"), f"{what} dynamics damping"),
                    ctx.number(d, d.get("friction"), f"{what} dynamics friction"),
                    None, None, line_of(d))


# -- fast path ----------------------------------------------------------------
#
# The common case (every attribute defined by URDF, every number clean, no
# repeated or unknown child, nothing to report) is read by the functions below
# in one pass with no diagnostics.  Anything else raises one of ``_SLOW`` and
# the element is read again by the general functions above, which report it;
# the fast path only ever accepts what the general path reads silently, into
# the same IR.


class _Slow(Exception):
    """The element is not the common case: read it with the general path."""


#: what makes the fast path give up (a bad number raises ValueError in float())
_SLOW = (_Slow, ValueError)
#: the pose of an absent origin (IR nodes are immutable: one serves all)
_IDENTITY = Pose()
_ZERO_POSE = "0 0 0 0 0 0"
_LIMITED = ("revolute", "prismatic")
_JOINT_TYPES = frozenset(JOINT_TYPES)
_AXIS_TYPES = frozenset(AXIS_TYPES)
# Each fast function reads its element in one go: a blank-only text and no child
# element it does not know (``len(el)`` counts comments too: those go the general way,
# which keeps them), attributes only of ``_ALLOWED`` (lxml's ``items()`` is quadratic
# in the number of attributes, so their count is checked first), numbers matching
# core.numbers' plain forms.  Checks are inline: the fast path is a hot path.


def _num(text: str | None) -> str | None:
    """A plain number's text (None stays None); raises for anything else."""
    if text is not None and plain_number(text) is None:
        raise _Slow
    return text


def _req(text: str | None) -> str:
    if text is None or plain_number(text) is None:
        raise _Slow
    return text


def _empty(el: etree._Element, allowed: frozenset[str]) -> None:
    """Raises unless ``el`` has no child, no text (blanks aside) and only ``allowed``
    attributes (a hot path: one call per leaf element)."""
    t = el.text
    if len(el) or (t is not None and not t.isspace()) or not allowed.issuperset(el.keys()):
        raise _Slow


def _fast_origin(el: etree._Element) -> Pose:
    t = el.text
    if len(el) or (t is not None and not t.isspace()) or len(el.attrib) > 2:
        raise _Slow
    xyz = rpy = None
    for key, value in el.items():
        if key == "xyz":
            xyz = value
        elif key == "rpy":
            rpy = value
        else:
            raise _Slow
    if xyz is None:
        xyz = "0 0 0"
    elif plain_vector3(xyz) is None:  # type: ignore[arg-type]
        raise _Slow
    if rpy is None:
        rpy = "0 0 0"
    elif plain_vector3(rpy) is None:  # type: ignore[arg-type]
        raise _Slow
    return Pose.parsed(f"{xyz!s} {rpy!s}", None, el.sourceline)  # type: ignore[arg-type]


def _fast_inertial(el: etree._Element) -> Inertial:
    t = el.text
    if (t is not None and not t.isspace()) or len(el.attrib):
        raise _Slow
    origin = mass_el = inertia_el = None
    for c in el:
        tag = c.tag
        if tag == "origin" and origin is None:
            origin = c
        elif tag == "mass" and mass_el is None:
            mass_el = c
        elif tag == "inertia" and inertia_el is None:
            inertia_el = c
        elif tag.__class__ is str:
            raise _Slow
    if mass_el is None or inertia_el is None:
        raise _Slow
    pose = _fast_origin(origin) if origin is not None else _IDENTITY
    t = mass_el.text
    if len(mass_el) or (t is not None and not t.isspace()) or len(mass_el.attrib) != 1:
        raise _Slow
    mass = mass_el.get("value")
    if mass is None or plain_number(mass) is None or float(mass) < 0:
        raise _Slow
    t = inertia_el.text
    if len(inertia_el) or (t is not None and not t.isspace()) or len(
            inertia_el.attrib) != 6:
        raise _Slow
    found = dict(inertia_el.items())
    try:
        moments = (found["ixx"], found["ixy"], found["ixz"], found["iyy"], found["iyz"],
                   found["izz"])
    except KeyError:
        raise _Slow from None
    if plain_vector6(" ".join(moments)) is None:  # type: ignore[arg-type]
        raise _Slow
    if inertia_problem([float(m) for m in moments]) is not None:
        raise _Slow
    return Inertial(mass, moments, pose, el.sourceline)  # type: ignore[arg-type]


def _fast_geometry(el: etree._Element) -> Geometry:
    t = el.text
    if (t is not None and not t.isspace()) or len(el.attrib):
        raise _Slow
    s = None
    for c in el:
        if c.tag.__class__ is str:
            if s is not None:
                raise _Slow
            s = c
    if s is None or len(s) or (s.text is not None and not s.text.isspace()):
        raise _Slow  # children or text in a shape (<mesh><drake:declare_convex/>)
    kind = s.tag
    line = s.sourceline
    n = len(s.attrib)
    if kind == "box":
        size = s.get("size")
        if n != 1 or size is None or plain_vector3(size) is None:
            raise _Slow
        return Geometry("box", size=tuple(size.split()), line=line)  # type: ignore[arg-type]
    if kind == "cylinder" or kind == "capsule":
        if n != 2:
            raise _Slow
        return Geometry(kind, radius=_req(s.get("radius")),  # type: ignore[arg-type]
                        length=_req(s.get("length")), line=line)  # type: ignore[arg-type]
    if kind == "sphere":
        if n != 1:
            raise _Slow
        return Geometry("sphere", radius=_req(s.get("radius")),
                        line=line)  # type: ignore[arg-type]
    if kind == "mesh":
        uri = s.get("filename")
        scale = s.get("scale")
        if uri is None or n != 1 + (scale is not None):
            raise _Slow
        if scale is None:
            return Geometry("mesh", uri=uri, line=line)  # type: ignore[arg-type]
        if plain_vector3(scale) is None:
            raise _Slow
        return Geometry("mesh", uri=uri, scale=tuple(scale.split()),
                        line=line)  # type: ignore[arg-type]
    raise _Slow


def _fast_material(el: etree._Element) -> Material:
    t = el.text
    if (t is not None and not t.isspace()) or not _ALLOWED["material"].issuperset(el.keys()):
        raise _Slow
    color = tex = None
    for c in el:
        tag = c.tag
        if tag == "color" and color is None:
            color = c
        elif tag == "texture" and tex is None:
            tex = c
        elif tag.__class__ is str:
            raise _Slow
    rgba = texture = None
    if color is not None:
        _empty(color, _ALLOWED["color"])
        text = color.get("rgba")
        if text is None or plain_vector4(text) is None:
            raise _Slow
        rgba = tuple(text.split())
    if tex is not None:
        _empty(tex, _ALLOWED["texture"])
        texture = tex.get("filename")
        if texture is None:
            raise _Slow  # <texture/>: the IR holds "", the general path keeps it as written
    return Material(name=el.get("name"), rgba=rgba, texture=texture,
                    line=el.sourceline)  # type: ignore[arg-type]


def _fast_shape(el: etree._Element, visual: bool) -> Visual | Collision:
    t = el.text
    if (t is not None and not t.isspace()) or len(el.attrib) > 1:
        raise _Slow
    name = el.get("name")
    if name is None and len(el.attrib):
        raise _Slow  # an attribute URDF does not define
    origin = geometry = material = None
    for c in el:
        tag = c.tag
        if tag == "origin" and origin is None:
            origin = c
        elif tag == "geometry" and geometry is None:
            geometry = c
        elif visual and tag == "material" and material is None:
            material = c
        elif tag.__class__ is str:
            raise _Slow
    if geometry is None:
        raise _Slow
    pose = _fast_origin(origin) if origin is not None else _IDENTITY
    geom = _fast_geometry(geometry)
    if visual:
        mat = _fast_material(material) if material is not None else None
        return Visual(name, geom, pose, mat, (), el.sourceline)  # type: ignore[arg-type]
    return Collision(name, geom, pose, (), el.sourceline)  # type: ignore[arg-type]


def _fast_link(el: etree._Element) -> Link:
    t = el.text
    if (t is not None and not t.isspace()) or len(el.attrib) != 1:
        raise _Slow
    name = el.get("name")
    if name is None or not name.strip():
        raise _Slow
    inertial = None
    visuals = []
    collisions = []
    for c in el:
        tag = c.tag
        if tag == "visual":
            visuals.append(_fast_shape(c, True))
        elif tag == "collision":
            collisions.append(_fast_shape(c, False))
        elif tag == "inertial" and inertial is None:
            inertial = _fast_inertial(c)
        elif tag.__class__ is str:
            raise _Slow
    return Link(name, _IDENTITY, inertial, tuple(visuals),  # type: ignore[arg-type]
                tuple(collisions), (), el.sourceline)  # type: ignore[arg-type]


def _link_attr(el: etree._Element) -> str:
    t = el.text
    if len(el) or (t is not None and not t.isspace()) or len(el.attrib) != 1:
        raise _Slow
    value = el.get("link")
    if value is None or not value.strip():
        raise _Slow
    return value


def _fast_joint(el: etree._Element) -> Joint:
    t = el.text
    if (t is not None and not t.isspace()) or not _ALLOWED["joint"].issuperset(el.keys()):
        raise _Slow
    name = el.get("name")
    jtype: JointType | None = el.get("type")  # type: ignore[assignment]
    if name is None or not name.strip() or jtype not in _JOINT_TYPES:
        raise _Slow
    origin = parent_el = child_el = axis_el = lim = dyn = mimic_el = None
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
        elif tag == "mimic" and mimic_el is None:
            mimic_el = c
        elif tag.__class__ is str:
            raise _Slow
    if parent_el is None or child_el is None:
        raise _Slow
    parent = _link_attr(parent_el)
    child = _link_attr(child_el)
    pose = _fast_origin(origin) if origin is not None else _IDENTITY
    limit = None
    limited = jtype in _LIMITED
    if lim is not None:
        _empty(lim, _ALLOWED["limit"])
        get = lim.get
        if limited:
            limit = Limit(_num(get("lower")), _num(get("upper")), _req(get("effort")),
                          _req(get("velocity")), (), lim.sourceline)  # type: ignore[arg-type]
        else:
            limit = Limit(_num(get("lower")), _num(get("upper")), _num(get("effort")),
                          _num(get("velocity")), (), lim.sourceline)  # type: ignore[arg-type]
    elif limited:
        raise _Slow
    dynamics = None
    if dyn is not None:
        _empty(dyn, _ALLOWED["dynamics"])
        dynamics = Dynamics(_num(dyn.get("damping")), _num(dyn.get("friction")), None, None,
                            dyn.sourceline)  # type: ignore[arg-type]
    axis = None
    if jtype in _AXIS_TYPES or axis_el is not None:
        xyz, text = (1.0, 0.0, 0.0), None
        if axis_el is not None:
            _empty(axis_el, _ALLOWED["axis"])
            xyz_t = axis_el.get("xyz")
            if xyz_t is None or plain_vector3(xyz_t) is None:
                raise _Slow  # <axis/>: the writer gives 1 0 0 back; kept as written
            tokens = xyz_t.split()
            text = tuple(tokens)
            xyz = (float(tokens[0]), float(tokens[1]), float(tokens[2]))
            if xyz == (0.0, 0.0, 0.0) and jtype in _AXIS_TYPES:
                raise _Slow
        axis = Axis(xyz, text, None, limit, dynamics, (),
                    axis_el.sourceline if axis_el is not None else None)  # type: ignore[arg-type]
    elif limit is not None or dynamics is not None:
        axis = Axis((1.0, 0.0, 0.0), None, None, limit, dynamics)
    mimic = None
    if mimic_el is not None:
        _empty(mimic_el, _ALLOWED["mimic"])
        mj = mimic_el.get("joint")
        if mj is None or not mj.strip():
            raise _Slow
        mimic = Mimic(mj, _num(mimic_el.get("multiplier")), _num(mimic_el.get("offset")),
                      mimic_el.sourceline)  # type: ignore[arg-type]
    return Joint(name, jtype, parent, child, pose, axis, None, mimic, None, None, (),
                 el.sourceline)  # type: ignore[arg-type]
