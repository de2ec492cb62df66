"""URDF reader: XML -> :class:`urdfsdf.ir.Model`.

Reads every element of the URDF format as urdfdom does, with urdfdom's
defaults (absent origin: identity; absent axis: ``1 0 0``; limits required on
revolute and prismatic joints).  Elements the IR does not model
(``<transmission>``, ``<gazebo>``, ``<ros2_control>``, unknown tags) are kept
verbatim in ``Model.extras``.  Checks the joints form a tree with one root.
"""

from __future__ import annotations

from lxml import etree

from urdfsdf.diagnostics import Diagnostics
from urdfsdf.ir import (
    Axis,
    Calibration,
    Collision,
    Dynamics,
    Extra,
    Geometry,
    Inertial,
    Joint,
    Limit,
    Link,
    Material,
    Mimic,
    Model,
    Pose,
    SafetyController,
    Visual,
)
from urdfsdf.readctx import ReadContext, line_of
from urdfsdf.xmlio import children, extra, parse

JOINT_TYPES = ("revolute", "continuous", "prismatic", "fixed", "floating", "planar")
#: joint types whose <axis> is meaningful
AXIS_TYPES = ("revolute", "continuous", "prismatic", "planar")


def read_urdf_bytes(data: bytes, diags: Diagnostics) -> Model | None:
    """Parse URDF ``data``; diagnostics go to ``diags``.  None when unusable."""
    root = parse(data, diags)
    if root is None:
        return None
    return read_robot(root, ReadContext(diags))


def read_robot(root: etree._Element, ctx: ReadContext) -> Model | None:
    """Read a ``<robot>`` element."""
    if not isinstance(root.tag, str) or root.tag != "robot":
        ctx.error("ELEMENT_INVALID", f"the root element is <{root.tag}>, not <robot>", root)
        return None
    name = ctx.name(root, "<robot>")
    links: list[Link] = []
    joints: list[Joint] = []
    materials: list[Material] = []
    extras: list[Extra] = []
    for el in children(root):
        tag = el.tag
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
    _check_names(root, links, joints, ctx)
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
    check_tree(model, ctx.diags)
    return model


def _check_names(root: etree._Element, links: list[Link], joints: list[Joint],
                 ctx: ReadContext) -> None:
    seen: dict[str, int | None] = {}
    for link in links:
        if link.name in seen:
            ctx.diags.error("DUPLICATE_NAME", f"link {link.name!r} is defined twice "
                            f"(first at line {seen[link.name]})", link.line)
        seen[link.name] = link.line
    seen = {}
    for joint in joints:
        if joint.name in seen:
            ctx.diags.error("DUPLICATE_NAME", f"joint {joint.name!r} is defined twice "
                            f"(first at line {seen[joint.name]})", joint.line)
        seen[joint.name] = joint.line


def check_tree(model: Model, diags: Diagnostics) -> str | None:
    """Check the joints form a tree over the links; return the root link name."""
    names = {link.name for link in model.links}
    parent_of: dict[str, str] = {}
    ok = True
    for joint in model.joints:
        if joint.parent not in names:
            diags.error("JOINT_PARENT_LINK_INVALID", f"joint {joint.name!r}: parent link "
                        f"{joint.parent!r} is not defined", joint.line)
            ok = False
        if joint.child not in names:
            diags.error("JOINT_CHILD_LINK_INVALID", f"joint {joint.name!r}: child link "
                        f"{joint.child!r} is not defined", joint.line)
            ok = False
        if joint.parent == joint.child:
            diags.error("JOINT_PARENT_SAME_AS_CHILD", f"joint {joint.name!r}: parent and "
                        f"child are both {joint.child!r}", joint.line)
            ok = False
        else:
            if joint.child in parent_of:
                # urdfdom keeps the last joint as the link's parent and accepts the file
                diags.warning("URDF_TREE_INVALID", f"link {joint.child!r} is the child of "
                              "several joints; the last one defines its frame (as urdfdom)",
                              joint.line)
            parent_of[joint.child] = joint.parent
    if not ok:
        return None
    if not model.links:
        diags.error("MODEL_WITHOUT_LINK", "the robot has no link", model.line)
        return None
    roots = [link for link in model.links if link.name not in parent_of]
    if len(roots) != 1:
        if not roots:
            diags.error("URDF_TREE_INVALID", "the joints form a loop: no root link",
                        model.line)
        else:
            names_s = ", ".join(repr(r.name) for r in roots)
            diags.error("URDF_TREE_INVALID", f"several root links: {names_s}", roots[1].line)
        return None
    # loops not reachable from the root (every link has one parent, so walk up)
    root = roots[0].name
    state: dict[str, int] = {root: 1}
    for link in model.links:
        path = []
        node = link.name
        while node not in state:
            state[node] = 2
            path.append(node)
            node = parent_of[node]
        if state[node] == 2:  # 2 marks the walk in progress: back on our own path
            line = model.link(node).line if model.link(node) else None  # type: ignore[union-attr]
            diags.error("URDF_TREE_INVALID", f"links form a loop through {node!r}", line)
            return None
        for n in path:
            state[n] = 1
    return root


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


_ALLOWED = {tag: frozenset(names) for tag, names in ATTRIBUTES.items()}


def _check_attributes(el: etree._Element, ctx: ReadContext) -> None:
    """Warn about attributes URDF does not define: they have no meaning and are dropped."""
    allowed = _ALLOWED.get(el.tag)
    keys = el.keys()
    if allowed is None or allowed.issuperset(keys):
        return
    for key in keys:
        if key not in allowed:
            ctx.warning("ELEMENT_DROPPED", f"<{el.tag}> attribute {key!r} is not part of "
                        "URDF (urdfdom ignores it); dropped", el)


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
            ctx.warning("ELEMENT_DROPPED", f"second <{tag}> in <{el.tag}> ignored (urdfdom "
                        "reads the first)", c)
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
    for c in children(el):
        if c.tag == "inertial":
            if inertial is not None:
                ctx.warning("ELEMENT_DROPPED", f"link {name!r}: second <inertial> ignored "
                            "(urdfdom reads the first)", c)
                continue
            inertial = read_inertial(c, ctx, name)
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
    return Link(name, Pose(), inertial, tuple(visuals), tuple(collisions), tuple(extras),
                line_of(el))


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
        ctx.error("ELEMENT_MISSING", f"{what} has no <inertia>", el)
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
        ctx.warning("ELEMENT_DROPPED", f"{what}: <geometry> holds {len(shapes)} shapes; only "
                    f"the first, <{s.tag}>, is read (as urdfdom)", shapes[1])
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
    extras = tuple(extra(c) for c in children(el) if c.tag not in ("color", "texture"))
    return Material(name=name, rgba=rgba, texture=texture, extras=extras, line=line_of(el))


def read_visual(el: etree._Element, ctx: ReadContext, link: str) -> Visual:
    """Read ``<visual>``."""
    what = f"link {link!r} visual"
    _check_attributes(el, ctx)
    kids = _kids(el, ctx)
    pose = read_origin(kids.get("origin"), ctx, what)
    geometry = read_geometry(kids.get("geometry"), ctx, what, el)
    mat_el = kids.get("material")
    material = read_material(mat_el, ctx) if mat_el is not None else None
    extras = () if all(k in ("origin", "geometry", "material") for k in kids) else tuple(
        extra(c) for c in children(el) if c.tag not in ("origin", "geometry", "material"))
    return Visual(el.get("name"), geometry, pose, material, extras, line_of(el))


def read_collision(el: etree._Element, ctx: ReadContext, link: str) -> Collision:
    """Read ``<collision>``."""
    what = f"link {link!r} collision"
    _check_attributes(el, ctx)
    kids = _kids(el, ctx)
    pose = read_origin(kids.get("origin"), ctx, what)
    geometry = read_geometry(kids.get("geometry"), ctx, what, el)
    extras = () if all(k in ("origin", "geometry") for k in kids) else tuple(
        extra(c) for c in children(el) if c.tag not in ("origin", "geometry"))
    return Collision(el.get("name"), geometry, pose, extras, line_of(el))


def read_joint(el: etree._Element, ctx: ReadContext) -> Joint | None:
    """Read ``<joint>`` of any URDF type."""
    name = ctx.name(el, "<joint>")
    if name is None:
        return None
    what = f"joint {name!r}"
    jtype = el.get("type")
    if jtype is None:
        ctx.error("ATTRIBUTE_MISSING", f"{what} has no 'type' attribute", el)
        return None
    if jtype not in JOINT_TYPES:
        ctx.error("ATTRIBUTE_INVALID", f"{what} has unknown type {jtype!r}", el)
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
    known = ("origin", "parent", "child", "axis", "limit", "dynamics", "mimic",
             "safety_controller", "calibration")
    extras = () if all(k in known for k in kids) else tuple(
        extra(x) for x in children(el) if x.tag not in known)
    return Joint(name, jtype, parent, child, pose, axis, None, mimic, safety, calibration,
                 extras, line_of(el))


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
