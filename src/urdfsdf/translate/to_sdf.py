"""Shape conversion between URDF-shaped and SDF-shaped IR models.

``urdf_to_sdf`` is always the textual copy ("Parity with URDF" in the spec):
each joint gets ``<pose relative_to="PARENT">`` with the URDF origin tokens,
each child link ``<pose relative_to="JOINT"/>``, the root link no pose; the
root link comes first so it is the canonical link.

``sdf_to_urdf`` goes the other way for URDF-shaped SDF models (see
:mod:`urdfsdf.translate.urdf_shape`): xyz/rpy/axis tokens are copied, nothing computed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from lxml import etree

from urdfsdf.core.diagnostics import Diagnostics
from urdfsdf.core.ir import (
    IDENTITY,
    Collision,
    Extra,
    Frame,
    Inertial,
    Joint,
    Link,
    Material,
    Model,
    Pose,
    Visual,
    evolve,
)
from urdfsdf.core.numbers import split_numbers
from urdfsdf.core.transforms import Transform, compose, pose_transform
from urdfsdf.sdf.frames import analyze_model, is_reserved
from urdfsdf.translate.carriers import (
    DEFAULT_INERTIAL,
    MASSLESS,
    NO_LIMIT,
    SDF_LIMIT,
    N,
    default_inertial_marker,
    is_urdf_extra,
    mark_renamed,
    massless_marker,
    sdf_limit_marker,
    seal,
    unsealed,
    unwrap_urdf_extra,
    urdf_extra,
)
from urdfsdf.translate.gazebo import applied_outputs, apply_gazebo, gazebo_blocks
from urdfsdf.urdf.as_written import AS_WRITTEN, as_written, without_carrier, written_carrier
from urdfsdf.urdf.reader import check_tree
from urdfsdf.xml.namespaces import SDF_NS, URDF_XMLNS, S, U
from urdfsdf.xml.parse import canonical, from_string, local, to_string

UNNAMED = Extra(U + "unnamed", f'<urdf:unnamed{URDF_XMLNS}/>')
#: SDF content carried inside URDF elements (urdfdom ignores namespaced children)
SDF_FRAME = S + "frame"
SDF_POSE = S + "pose"


def frame_marker(frame: Frame | None, line: int | None) -> Extra:
    """``<sdf:frame>``: marks the massless URDF link standing for an SDF //frame.

    With ``frame``, the marker keeps its ``attached_to`` and ``//pose`` as
    written, so that URDF -> SDF restores the element exactly; without (a
    frame of a flattened nested model: ``flattened="true"``), the frame comes
    back attached to the link's parent, posed by the fixed joint.
    """
    el = etree.Element(SDF_FRAME, nsmap={"sdf": SDF_NS})
    if frame is None:
        el.set("flattened", "true")
    else:
        if frame.attached_to:
            el.set("attached_to", frame.attached_to)
        if frame.pose.text is not None or frame.pose.relative_to is not None:
            pose = etree.SubElement(el, SDF_POSE)
            if frame.pose.relative_to is not None:
                pose.set("relative_to", frame.pose.relative_to)
            pose.text = " ".join(frame.pose.tokens())
    return Extra(SDF_FRAME, to_string(el), line)


def _fallback_frame(name: str, joint: Joint, parent_frame: str) -> Frame:
    """A marked link's frame attached to its parent link, posed by its fixed joint."""
    return Frame(name, attached_to=parent_frame, pose=evolve(joint.pose, relative_to=None),
                 line=joint.line)


def _verbatim_frame(marker: Extra, name: str) -> Frame | None:
    """The //frame as written in SDF, kept by the marker (None: not kept)."""
    el = from_string(marker.xml)
    if el.get("flattened") == "true":
        return None
    pose = Pose()
    pose_el = el.find(SDF_POSE)
    if pose_el is not None:
        parsed = split_numbers(pose_el.text, 6)
        if isinstance(parsed, str):
            return None
        tokens, values = parsed
        pose = Pose(xyz=(values[0], values[1], values[2]), rpy=(values[3], values[4], values[5]),
                    relative_to=pose_el.get("relative_to"), text=tokens, line=marker.line)
    return Frame(name, attached_to=el.get("attached_to"), pose=pose, line=marker.line)


def _restore_frames(sdf: Model, pending: list[tuple[Extra, str, Joint, str]],
                    diags: Diagnostics) -> Model:
    """The model with the //frame of each marked link (see :func:`frame_marker`).

    A frame comes back as written in SDF when, in this model, it still
    resolves to the pose the URDF gives it (its fixed joint's origin in its
    parent link) and is attached to that link; otherwise (the URDF moved the
    frames it names, or they are gone) it is attached to the parent link,
    posed by the joint, which means the same.
    """
    fallback = [_fallback_frame(name, joint, parent) for _, name, joint, parent in pending]
    verbatim = [_verbatim_frame(marker, name) for marker, name, _, _ in pending]
    if not any(verbatim):
        return evolve(sdf, frames=tuple(fallback))
    trial = evolve(sdf, frames=tuple(v or f for v, f in zip(verbatim, fallback, strict=True)))
    check = Diagnostics()
    scope = analyze_model(trial, check)
    frames = []
    for v, f in zip(verbatim, fallback, strict=True):
        if v is None:
            frames.append(f)
            continue
        ok = not check.has_errors() and scope.body(v.name) == f.attached_to
        if ok:
            x_mf, x_mp = scope.pose(v.name), scope.pose(f.attached_to or "")
            ok = x_mf is not None and x_mp is not None and _close(
                x_mf, compose(x_mp, pose_transform(f.pose)))
        if not ok:
            diags.add("VALUE_APPROXIMATED", f"frame {v.name!r}: the links and joints its SDF "
                      "form names are not where they were; restored attached to its parent "
                      "link, at the same pose", v.line, severity="info")
        frames.append(v if ok else f)
    return evolve(sdf, frames=tuple(frames))


def _close(a: Transform, b: Transform, tol: float = 1e-9) -> bool:
    return all(abs(x - y) <= tol for x, y in zip((*a[0], *a[1]), (*b[0], *b[1]), strict=True))


def _unique(base: str, used: set[str]) -> str:
    name, i = base, 1
    while name in used:
        name = f"{base}_{i}"
        i += 1
    used.add(name)
    return name


def _sdf_name(name: str, kind: str, used: set[str]) -> str:
    """A name SDFormat accepts for a URDF name it forbids (see :func:`sdf_names`)."""
    if name == "world":
        base = f"world_{kind}"
    elif is_reserved(name):
        base = f"{name.strip('_') or 'unnamed'}_{kind}"
    else:
        base = f"{name}_{kind}"  # a joint named like a link, as libsdformat renames it
    return _unique(base, used)


def sdf_names(model: Model, root: str, world_root: bool, diags: Diagnostics
              ) -> tuple[dict[str, str], dict[str, str]]:
    """Renames URDF names that SDFormat 1.7 forbids: ``(links, joints)`` old -> new.

    A link called ``world`` (other than an empty root, which becomes the world),
    names reserved by SDFormat (``__x__``), and a joint with the name of a link
    (sibling names must be unique).  Each rename is reported and the original
    travels as ``urdf:name`` so sdf2urdf restores it.
    """
    used = {link.name for link in model.links} | {j.name for j in model.joints}
    links: dict[str, str] = {}
    for link in model.links:
        if (link.name == "world" and not (world_root and link.name == root)) or \
                (link.name != "world" and is_reserved(link.name)):
            links[link.name] = _sdf_name(link.name, "link", used)
    link_names = {links.get(n.name, n.name) for n in model.links}
    joints: dict[str, str] = {}
    for joint in model.joints:
        if joint.type in ("floating", "planar"):
            continue  # not an SDF joint: carried verbatim, under its URDF name
        if is_reserved(joint.name) or joint.name in link_names:
            joints[joint.name] = _sdf_name(joint.name, "joint", used)
    for kind, mapping in (("link", links), ("joint", joints)):
        for old, new in mapping.items():
            diags.warning("NAME_CHANGED", f"{kind} {old!r} is not a valid SDFormat 1.7 name "
                          f"here; written as {new!r} with urdf:name={old!r}")
    return links, joints


def restore_names(model: Model) -> Model:
    """Undo :func:`sdf_names` on a URDF-shaped model read back from SDF."""
    links = {x.name: x.original_name for x in model.links if x.original_name}
    joints = {x.name: x.original_name for x in model.joints if x.original_name}
    renamed_shapes = any(v.original_name for x in model.links for v in x.visuals) or any(
        c.original_name for x in model.links for c in x.collisions)
    if not links and not joints and not renamed_shapes:
        return model

    def shapes(link: Link) -> Link:
        return replace(link, name=links.get(link.name, link.name), original_name=None,
                       visuals=tuple(replace(v, name=v.original_name or v.name,
                                             original_name=None) for v in link.visuals),
                       collisions=tuple(replace(c, name=c.original_name or c.name,
                                                original_name=None) for c in link.collisions))

    out_joints = []
    for j in model.joints:
        mimic = j.mimic
        if mimic is not None and mimic.joint in joints:
            mimic = replace(mimic, joint=joints[mimic.joint])
        out_joints.append(replace(j, name=joints.get(j.name, j.name), original_name=None,
                                  parent=links.get(j.parent, j.parent),
                                  child=links.get(j.child, j.child), mimic=mimic))
    return replace(model, links=tuple(shapes(x) for x in model.links), joints=tuple(out_joints))


def _name_shapes(link: Link) -> tuple[tuple[Visual, ...], tuple[Collision, ...]]:
    """SDF needs unique visual/collision names: name the unnamed ones.

    Generated names follow libsdformat's ``LINK_visual``/``LINK_collision``
    (``_1``, ``_2``... for more) and carry ``<urdf:unnamed/>`` so sdf2urdf
    restores the absent name.
    """
    vis, col = link.visuals, link.collisions
    if len(vis) <= 1 and len(col) <= 1 and (not vis or _plain_name(vis[0].name)) and (
            not col or _plain_name(col[0].name)):
        return vis, col  # the common case: at most one of each, named as SDF allows
    used_v = {v.name for v in link.visuals if v.name}
    seen: set[str] = set()
    visuals = []
    for v in link.visuals:
        if not v.name:
            v = evolve(v, name=_unique(f"{link.name}_visual", used_v),
                        extras=(UNNAMED, *v.extras))
        elif v.name in seen or is_reserved(v.name):  # URDF allows it, SDF does not
            v = evolve(v, name=_unique(f"{v.name.strip('_') or 'v'}_visual", used_v),
                        original_name=v.name)
        seen.add(v.name or "")
        visuals.append(v)
    used_c = {c.name for c in link.collisions if c.name}
    seen = set()
    collisions = []
    for c in link.collisions:
        if not c.name:
            c = evolve(c, name=_unique(f"{link.name}_collision", used_c),
                        extras=(UNNAMED, *c.extras))
        elif c.name in seen or is_reserved(c.name):
            c = evolve(c, name=_unique(f"{c.name.strip('_') or 'c'}_collision", used_c),
                        original_name=c.name)
        seen.add(c.name or "")
        collisions.append(c)
    return tuple(visuals), tuple(collisions)


def _plain_name(name: str | None) -> bool:
    """A name SDF takes as it is: not absent, not empty, not reserved."""
    return name is not None and name != "" and not is_reserved(name)


def _resolve_material(material: Material | None, named: dict[str, Material]
                      ) -> Material | None:
    """Fill a by-name URDF material reference with the colour it names."""
    if material is None or material.rgba is not None or material.name is None:
        return material
    ref = named.get(material.name)
    if ref is None or ref.rgba is None:
        return material
    # the SDF colour comes from the named material; the reference stays a name
    return evolve(material, ambient=ref.rgba, diffuse=ref.rgba)


def _frame_link(link: Link, joint: Joint | None, children: dict[str, list[Joint]]) -> bool:
    """True for a URDF link that can stand for an SDF //frame: massless, empty leaf."""
    return (joint is not None and joint.type == "fixed" and link.inertial is None
            and not link.visuals and not link.collisions and not children.get(link.name)
            and all(x.tag == SDF_FRAME for x in link.extras))


def urdf_to_sdf(model: Model, diags: Diagnostics) -> Model | None:
    """A URDF model in the SDFormat 1.7 parity form (textual copy)."""
    root = check_tree(model, Diagnostics()) if not diags.has_errors() else None
    if root is None:
        return None
    named: dict[str, Material] = {}
    for m in model.materials:
        if m.name is not None:
            named[m.name] = m
    for link in model.links:
        for v in link.visuals:
            if v.material is not None and v.material.name and v.material.rgba is not None:
                named.setdefault(v.material.name, v.material)

    # urdfdom: when several joints name the same child, the last one is its parent
    tree_joint = {joint.child: joint for joint in model.joints}
    children: dict[str, list[Joint]] = {}
    for joint in model.joints:
        children.setdefault(joint.parent, []).append(joint)
    links_by_name = {link.name: link for link in model.links}

    # a root link named world is the world (urdfdom, libsdformat and Drake agree)
    world_root = root == "world"
    link_map, joint_map = sdf_names(model, root, world_root, diags)
    out_links: list[Link] = []
    out_joints: list[Joint] = []
    # massless leaf links on a fixed joint marked <sdf:frame>: SDF //frame elements
    markers = {link.name: x for link in model.links for x in link.extras if x.tag == SDF_FRAME
               and _frame_link(link, tree_joint.get(link.name), children)}
    pending_frames: list[tuple[Extra, str, Joint, str]] = []
    extras: list[Extra] = [urdf_extra(x) for x in model.extras]
    if world_root and not _is_empty(links_by_name["world"]):
        world = links_by_name["world"]
        diags.warning("ELEMENT_DROPPED", "link 'world' is the world frame (as in urdfdom, "
                      "libsdformat and Drake): its inertial, visuals and collisions are not "
                      "part of the SDF model; carried as <urdf:link>", world.line)
        extras.append(urdf_extra(Extra("link", _link_xml(world), world.line)))

    def emit_link(link: Link, pose: Pose) -> None:
        link = _without_non_sdf_shapes(link, diags)
        link = _sdf_inertial(link)
        if any(v.material is not None and v.material.name is None for v in link.visuals):
            link = _with_carrier(link)  # SDF keeps the colour, not the absent name
        visuals, collisions = _name_shapes(link)
        # URDF elements inside shapes and materials travel as urdf: custom elements
        visuals = tuple([_sdf_visual(v, named) for v in visuals])
        collisions = tuple([c if not c.extras else evolve(c, extras=_wrapped(c.extras))
                            for c in collisions])
        new = link_map.get(link.name) if link_map else None
        out_links.append(evolve(link, name=new or link.name, pose=pose, visuals=visuals,
                                 collisions=collisions, original_name=link.name if new else None,
                                 extras=_wrapped(link.extras)))

    def sdf_joint(joint: Joint, pose: Pose) -> Joint:
        joint = _sdf_limits(joint)
        if _sdf_loses(joint):
            joint = _with_carrier(joint)
        j = _sdf_joint(joint, pose)
        if not joint_map and not link_map and j.original_name is None:  # nothing renamed
            return j
        mimic = j.mimic
        if mimic is not None and mimic.joint in joint_map:
            mimic = evolve(mimic, joint=joint_map[mimic.joint])
        new = joint_map.get(j.name)
        return evolve(j, name=new or j.name, original_name=j.name if new else None,
                       parent=link_map.get(j.parent, j.parent),
                       child=link_map.get(j.child, j.child), mimic=mimic)

    if not world_root:
        emit_link(links_by_name[root], Pose())
    # iterative DFS in document order of joints: joint, then its child link
    stack = list(reversed(children.get(root, [])))
    while stack:
        joint = stack.pop()
        child = links_by_name[joint.child]
        parent_frame = link_map.get(joint.parent, joint.parent)
        if world_root and joint.parent == "world":
            # `world` may be a joint parent but not a relative_to frame inside a
            # model (//pose/@relative_to scope rule); the model frame is the
            # world frame of a URDF, so measure from __model__.
            parent_frame = "__model__"
        jpose = evolve(joint.pose, relative_to=parent_frame)
        if joint.type in ("floating", "planar"):
            diags.warning(
                "VALUE_APPROXIMATED",
                f"joint {joint.name!r}: SDFormat 1.7 has no {joint.type} joint; the child "
                f"link is left free in SDF and the joint travels as <urdf:joint>",
                joint.line)
            # carried with the SDF names of its links (restored with theirs)
            carried = evolve(joint, parent=link_map.get(joint.parent, joint.parent),
                             child=link_map.get(joint.child, joint.child))
            extras.append(urdf_extra(Extra("joint", _joint_xml(carried), joint.line)))
            emit_link(child, jpose)
        elif tree_joint[joint.child] is not joint:
            out_joints.append(sdf_joint(joint, jpose))  # closes a loop; link comes once
            continue
        elif joint.child in markers:
            pending_frames.append((markers[joint.child], link_map.get(child.name, child.name),
                                   joint, parent_frame))
            continue
        else:
            out_joints.append(sdf_joint(joint, jpose))
            emit_link(child, Pose(relative_to=joint_map.get(joint.name, joint.name)))
        stack.extend(reversed(children.get(joint.child, [])))

    sdf = Model(name=model.name, links=tuple(out_links), joints=tuple(out_joints),
                materials=model.materials, extras=tuple(extras), version=model.version,
                line=model.line)
    if pending_frames:
        order = {link.name: i for i, link in enumerate(model.links)}  # as in the document
        pending_frames.sort(key=lambda p: order.get(p[2].child, 0))
        sdf = _restore_frames(sdf, pending_frames, diags)
    blocks = [x for x in model.extras if x.tag == "gazebo"]
    if blocks:
        sdf = apply_gazebo(sdf, blocks, link_map, joint_map, diags)
    return _sealed(_unique_children(sdf, diags))


def _unique_children(sdf: Model, diags: Diagnostics) -> Model:
    """``sdf`` with the names of its carried children unique among the model's children.

    SDFormat wants the named children of a model unique (libsdformat 12 warns, Drake's
    newer libsdformat refuses): a ``drake:collision_filter_group`` or a transmission
    named like a link or joint is renamed ``NAME_2`` with ``urdf:name`` (restored by
    sdf2urdf), and a warning.
    """
    used = {link.name for link in sdf.links} | {joint.name for joint in sdf.joints} | {
        frame.name for frame in sdf.frames} | {nested.name for nested in sdf.models}
    extras = []
    changed = False
    for x in sdf.extras:
        head = x.xml[: x.xml.find(">") + 1]
        if " name=" not in head or not is_urdf_extra(x):
            extras.append(x)  # the SDF's own elements (an applied plugin) keep their names
            continue
        el = from_string(x.xml)
        name = el.get("name")
        if name is None or name not in used:
            if name is not None:
                used.add(name)
            extras.append(x)
            continue
        n = 2
        while f"{name}_{n}" in used:
            n += 1
        new = f"{name}_{n}"
        used.add(new)
        mark_renamed(el, new)
        diags.warning("DUPLICATE_NAME", f"<{local(el)}> {name!r} is named like another child "
                      f"of the model; written as {new!r} with urdf:name={name!r}", x.line)
        extras.append(Extra(x.tag, to_string(el), x.line))
        changed = True
    return evolve(sdf, extras=tuple(extras)) if changed else sdf


def _sdf_limits(joint: Joint) -> Joint:
    """A URDF joint's effort and velocity limits as the SDF wrote them (``<sdf:limit>``)."""
    marker = next((x for x in joint.extras if x.tag == SDF_LIMIT), None)
    if marker is None:
        return joint
    extras = tuple(x for x in joint.extras if x is not marker)
    axis = joint.axis
    lim = axis.limit if axis is not None else None
    if axis is None or lim is None:
        return evolve(joint, extras=extras)
    written = from_string(marker.xml)
    effort = written.get("effort") if lim.effort == NO_LIMIT else lim.effort
    velocity = written.get("velocity") if lim.velocity == NO_LIMIT else lim.velocity
    return evolve(joint, extras=extras, axis=evolve(axis, limit=evolve(
        lim, effort=effort, velocity=velocity)))


#: SDFormat's default inertial: mass 1, unit inertia, at the link origin
SDF_DEFAULT_MASS = "1"
SDF_DEFAULT_INERTIA = ("1", "0", "0", "1", "0", "1")


def _sdf_inertial(link: Link) -> Link:
    """The SDF form of a URDF link's mass properties (carriers.py, default inertials).

    No ``<inertial>``: an explicit zero one, marked ``<urdf:massless/>`` (SDF's default
    is 1 kg).  SDF's default, marked ``<sdf:default_inertial/>`` by sdf2urdf and
    unchanged: left out again.
    """
    marked = any(x.tag == DEFAULT_INERTIAL for x in link.extras)
    if link.inertial is None:
        return evolve(link, inertial=Inertial(line=link.line),
                      extras=(*link.extras, massless_marker()))
    if not marked:
        return link
    extras = tuple(x for x in link.extras if x.tag != DEFAULT_INERTIAL)
    i = link.inertial
    default = i.pose.is_identity and [float(v) for v in (i.mass, *i.inertia)] == [
        float(v) for v in (SDF_DEFAULT_MASS, *SDF_DEFAULT_INERTIA)]
    return evolve(link, inertial=None if default else i, extras=extras)


#: URDF shapes SDFormat 1.7 has (a URDF <capsule>, which Drake reads, it has not)
SDF_SHAPES = ("box", "cylinder", "sphere", "mesh")


def _with_carrier(node: N) -> N:
    """``node`` carrying its URDF text (as the URDF writer gives it back) unless it does."""
    from urdfsdf.urdf.writer import joint_element, link_element

    if written_carrier(node.extras) is not None:
        return node
    el = link_element(node) if isinstance(node, Link) else joint_element(node)
    return evolve(node, extras=(*node.extras, as_written(to_string(el), node.line)))


def _sdf_loses(joint: Joint) -> bool:
    """Whether the SDF form of a URDF joint loses what it says (SDF states defaults)."""
    jtype = joint.type
    if jtype not in ("revolute", "continuous", "prismatic"):
        return False
    axis = joint.axis
    if axis is None or axis.text is None:
        return True  # no <axis>: SDF states 1 0 0
    lim = axis.limit
    if lim is None:
        return False
    if jtype == "continuous":
        return lim.effort is None or lim.velocity is None
    if lim.lower is None or lim.upper is None:
        return True  # urdfdom's 0: SDF states it
    # limits SDF reads as "none": they would come back as a continuous joint
    return jtype == "revolute" and (float(lim.lower) <= -CONTINUOUS_LIMIT
                                    or float(lim.upper) >= CONTINUOUS_LIMIT)


def _without_non_sdf_shapes(link: Link, diags: Diagnostics) -> Link:
    """``link`` less the shapes SDFormat 1.7 has no geometry for, carried as written."""
    shapes: list[Visual | Collision] = [*link.visuals, *link.collisions]
    lost = [s for s in shapes if s.geometry is not None and s.geometry.kind not in SDF_SHAPES]
    if not lost:
        return link
    for s in lost:
        kind = "visual" if isinstance(s, Visual) else "collision"
        shape = s.geometry.kind if s.geometry is not None else "?"
        diags.warning("ELEMENT_DROPPED", f"link {link.name!r} {kind}: <{shape}> has no "
                      "SDFormat 1.7 form; left out of the SDF link, which carries the URDF "
                      "link as written", s.line)
    carried = _with_carrier(link)
    return evolve(carried, visuals=tuple(v for v in link.visuals if v not in lost),
                  collisions=tuple(c for c in link.collisions if c not in lost))


def _sealed(sdf: Model) -> Model:
    """Carriers of URDF elements as written sealed with their SDF element (carriers.py)."""
    if not any(written_carrier(link.extras) for link in sdf.links) and not any(
            written_carrier(joint.extras) for joint in sdf.joints):
        return sdf
    return evolve(sdf, links=tuple(seal(link) for link in sdf.links),
                  joints=tuple(seal(joint) for joint in sdf.joints))


def _sdf_visual(visual: Visual, named: dict[str, Material]) -> Visual:
    """A URDF visual with its material resolved and URDF elements as ``urdf:`` ones.

    The visual itself when nothing changes (the common case: no extras, and a
    material that already holds its colour), so no copy is made.
    """
    material = _wrap_material(_resolve_material(visual.material, named))
    if material is visual.material and not visual.extras:
        return visual
    return evolve(visual, material=material, extras=_wrapped(visual.extras))


def _wrapped(extras: tuple[Extra, ...]) -> tuple[Extra, ...]:
    """URDF elements as ``urdf:`` custom elements (the unnamed marker stays as it is)."""
    if not extras:
        return ()
    return tuple([x if x is UNNAMED else urdf_extra(x) for x in extras])


def _wrap_material(material: Material | None) -> Material | None:
    if material is None or not material.extras:
        return material
    return evolve(material, extras=_wrapped(material.extras))


def _is_empty(link: Link) -> bool:
    return link.inertial is None and not link.visuals and not link.collisions \
        and not link.extras


def _sdf_joint(joint: Joint, pose: Pose) -> Joint:
    axis = joint.axis
    extras = _wrapped(joint.extras)
    if joint.type == "fixed" and axis is not None:
        # unused by a fixed joint but not ours to drop; a zero axis (valid URDF)
        # would be invalid SDF, so the URDF elements travel verbatim
        from urdfsdf.urdf.writer import joint_element

        el = joint_element(evolve(joint, mimic=None, safety_controller=None,
                                   calibration=None, extras=()))
        kept = tuple(urdf_extra(Extra(str(c.tag), to_string(c), axis.line)) for c in el
                     if c.tag in ("axis", "dynamics", "limit"))
        return evolve(joint, pose=pose, axis=None, extras=kept + extras)
    if axis is not None and axis.limit is not None and joint.type in ("revolute",
                                                                        "prismatic"):
        lim = axis.limit
        # urdfdom's defaults: absent lower/upper are 0, not SDF's -1e16/1e16
        if lim.lower is None or lim.upper is None:
            axis = evolve(axis, limit=evolve(lim, lower=lim.lower or "0",
                                               upper=lim.upper or "0"))
    return evolve(joint, pose=pose, axis=axis, extras=extras)


def _link_xml(link: Link) -> str:
    """URDF XML of a link (the ``world`` link carried verbatim in SDF)."""
    from urdfsdf.urdf.writer import link_element

    return to_string(link_element(link))


def world_link(model: Model, diags: Diagnostics) -> Link:
    """The URDF ``world`` link: the one carried as ``<urdf:link>``, else an empty one."""
    from urdfsdf.urdf.reader import read_link
    from urdfsdf.xml.readctx import ReadContext

    for x in model.extras:
        if x.tag == U + "link":
            link = read_link(from_string(unwrap_urdf_extra(x).xml), ReadContext(diags))
            if link is not None and link.name == "world":
                return replace(link, line=x.line)
    return Link("world")


def _joint_xml(joint: Joint) -> str:
    """URDF XML of a joint (floating/planar ones carried verbatim in SDF).

    Written from the IR (it names the links by their SDF names); a carrier of the
    joint as written stays inside it, for the URDF writer on the way back.
    """
    from urdfsdf.urdf.writer import joint_element

    carrier = written_carrier(joint.extras)
    el = joint_element(evolve(joint, extras=without_carrier(joint.extras)))
    if carrier is not None:
        el.append(from_string(carrier.xml))
    return to_string(el)


# -- SDF -> URDF (copy path) ------------------------------------------------

CONTINUOUS_LIMIT = 1e16


def carried_urdf_joints(model: Model, diags: Diagnostics) -> list[Joint]:
    """URDF joints that travel in SDF as ``<urdf:joint>`` (floating, planar)."""
    from urdfsdf.urdf.reader import read_joint
    from urdfsdf.xml.readctx import ReadContext

    joints = []
    for x in model.extras:
        if x.tag == U + "joint":
            joint = read_joint(from_string(unwrap_urdf_extra(x).xml), ReadContext(diags))
            if joint is not None:
                joints.append(replace(joint, line=x.line))
    return joints


def _urdf_extras(extras: tuple[Extra, ...], skip: tuple[str, ...] = ()) -> tuple[Extra, ...]:
    """Unwrap the ``urdf:`` extras.

    SDF-only ones travel in :mod:`urdfsdf.translate.gazebo` blocks.
    """
    if not extras:
        return ()
    return tuple(unwrap_urdf_extra(x) for x in extras
                 if x.tag not in skip and x.tag != AS_WRITTEN and is_urdf_extra(x))


def _urdf_material(visual: Visual,
                   applied: set[str] | frozenset[str] = frozenset()) -> Material | None:
    # specular, emissive and material scripts travel in a <gazebo> block
    m = visual.material
    if m is None:
        return None
    kept = tuple(unwrap_urdf_extra(x) for x in m.extras if is_urdf_extra(x))
    if m.name is not None:
        return Material(name=m.name, rgba=m.rgba, texture=m.texture, extras=kept, line=m.line)
    color = m.diffuse or m.ambient
    if color is not None and m.diffuse is None and canonical(
            f"<ambient>{' '.join(color)}</ambient>") in applied:
        color = None  # the colour a URDF <gazebo> block gave: it travels in the block
    if color is None:
        return None
    rgba = color if len(color) == 4 else (*color, "1")
    return Material(name=f"{visual.name}_material", rgba=rgba, extras=kept, line=m.line)


URDF_SHAPES = ("box", "cylinder", "sphere", "mesh")


def keep_shape(shape: Visual | Collision, owner: str, diags: Diagnostics | None,
               lossy: bool) -> bool:
    """Whether a visual/collision has a URDF form; reports it when not (if ``diags``).

    Shapes with no URDF geometry are an error, or dropped with a warning when
    ``lossy``; an SDF ``<empty>`` geometry is always dropped with a warning.
    """
    g = shape.geometry
    if g is None or g.kind in URDF_SHAPES:
        return True
    if diags is not None:
        kind = "visual" if isinstance(shape, Visual) else "collision"
        where = f"{owner} {kind} {shape.name!r}"
        if g.kind == "empty":
            diags.warning("ELEMENT_DROPPED", f"{where}: empty geometry; dropped", shape.line)
        elif lossy:
            diags.warning("ELEMENT_DROPPED", f"{where}: <{g.kind}> geometry has no URDF form; "
                          "dropped (--lossy)", g.line or shape.line)
        else:
            diags.error("NO_URDF_EQUIVALENT", f"{where}: <{g.kind}> geometry has no URDF form "
                        "(--lossy drops it)", g.line or shape.line)
    return False


def urdf_link(link: Link, diags: Diagnostics, lossy: bool = False,
              applied: set[str] | frozenset[str] = frozenset(),
              pose_of: Callable[[Pose], Pose] | None = None, name: str | None = None,
              as_written: bool = False) -> Link:
    """A link's URDF form: shapes with URDF names and materials, extras unwrapped.

    ``pose_of`` maps each visual, collision and inertial pose into the URDF
    link frame (default: as written, in the link frame); ``name`` renames the
    link.  ``as_written``: keep the link's ``urdf:as_written`` carrier (the copy
    path, once :func:`urdfsdf.translate.carriers.unsealed` checked it); else it is dropped.
    """
    owner = f"link {link.name!r}"
    carrier = _carrier(link.extras, owner, as_written, diags)
    if pose_of is None:
        pose_of = _shape_pose
    visuals = []
    for v in link.visuals:
        if not keep_shape(v, owner, diags, lossy):
            continue
        extras = v.extras
        unnamed = bool(extras) and any(x.tag == UNNAMED.tag for x in extras)
        visuals.append(Visual(None if unnamed else v.name, v.geometry, pose_of(v.pose),
                              _urdf_material(v, applied),
                              _urdf_extras(extras, (UNNAMED.tag,)), v.line, v.original_name))
    collisions = []
    for c in link.collisions:
        if not keep_shape(c, owner, diags, lossy):
            continue
        extras = c.extras
        unnamed = bool(extras) and any(x.tag == UNNAMED.tag for x in extras)
        collisions.append(Collision(None if unnamed else c.name, c.geometry, pose_of(c.pose),
                                    _urdf_extras(extras, (UNNAMED.tag,)), c.line,
                                    c.original_name))
    inertial = link.inertial
    marks: tuple[Extra, ...] = ()
    if any(x.tag == MASSLESS for x in link.extras):
        if inertial is not None and all(float(v) == 0.0 for v in (inertial.mass,
                                                                   *inertial.inertia)):
            inertial = None  # the URDF link had none (carriers.py, default inertials)
    elif inertial is None:
        # SDFormat's default (mass 1, unit inertia), which a URDF reader would not assume
        inertial = Inertial(SDF_DEFAULT_MASS, SDF_DEFAULT_INERTIA, IDENTITY, link.line)
        marks = (default_inertial_marker(),)
    if inertial is not None:
        # //inertial/pose is read in the link frame: its relative_to is not followed
        inertial = Inertial(inertial.mass, inertial.inertia,
                            pose_of(inertial.pose.with_frame(None)), inertial.line)
    return Link(link.name if name is None else name, IDENTITY, inertial, tuple(visuals),
                tuple(collisions), _urdf_extras(link.extras, (MASSLESS,)) + marks + carrier,
                link.line, link.original_name)


def _carrier(extras: tuple[Extra, ...], owner: str, keep: bool, diags: Diagnostics
             ) -> tuple[Extra, ...]:
    """The ``urdf:as_written`` carrier among ``extras`` to keep: ``()`` or one."""
    carrier = written_carrier(extras)
    if carrier is None:
        return ()
    if keep:
        return (carrier,)
    diags.warning("ELEMENT_DROPPED", f"{owner}: the URDF as written that urdf2sdf carried in "
                  "<urdf:as_written> is not used on the transform path (the URDF frames "
                  "differ); written from the SDF", carrier.line)
    return ()


def _shape_pose(pose: Pose) -> Pose:
    return pose.with_frame(None)


def urdf_joint(joint: Joint, pose: Pose, diags: Diagnostics, as_written: bool = False
               ) -> Joint | None:
    """A joint's URDF form with ``pose`` as its origin; None if it has no URDF type.

    ``as_written``: as for :func:`urdf_link`.
    """
    owner = f"joint {joint.name!r}"
    carrier = _carrier(joint.extras, owner, as_written, diags)
    marks: tuple[Extra, ...] = ()
    jtype = joint.type
    axis = joint.axis
    if jtype not in ("revolute", "continuous", "prismatic", "fixed"):
        diags.error("NO_URDF_EQUIVALENT", f"{owner}: SDF joint type {jtype!r} has no URDF "
                    "equivalent", joint.line)
        return None
    # spring values and axis/limit extras travel in a <gazebo> block
    if jtype in ("revolute", "prismatic", "continuous"):
        from urdfsdf.core.ir import Axis, Limit

        axis = axis or Axis((0.0, 0.0, 1.0))
        lim = axis.limit or Limit()
        lower = float(lim.lower) if lim.lower is not None else -CONTINUOUS_LIMIT
        upper = float(lim.upper) if lim.upper is not None else CONTINUOUS_LIMIT
        # urdfdom needs effort and velocity in any <limit>; SDF's "no limit" (-1, its
        # default) is written as NO_LIMIT, the SDF values kept in <sdf:limit>
        effort, velocity = _urdf_limit(lim.effort), _urdf_limit(lim.velocity)
        if (effort, velocity) != (lim.effort, lim.velocity):
            marks = (sdf_limit_marker(lim.effort, lim.velocity),)
        if jtype == "continuous":
            # lower/upper are kept as written (urdfdom ignores them)
            if all(v is None for v in (lim.lower, lim.upper, lim.effort, lim.velocity)):
                axis, marks = evolve(axis, limit=None), ()
            else:
                axis = evolve(axis, limit=evolve(lim, effort=effort, velocity=velocity,
                                                 extras=()))
        elif jtype == "revolute" and (lower <= -CONTINUOUS_LIMIT or upper >= CONTINUOUS_LIMIT):
            # an unbounded revolute joint is URDF's continuous joint
            jtype = "continuous"
            if lim.effort is None and lim.velocity is None:
                axis, marks = evolve(axis, limit=None), ()
            else:
                axis = evolve(axis, limit=Limit(None, None, effort, velocity))
        else:
            # URDF requires every limit attribute; SDF's defaults made explicit
            axis = evolve(axis, limit=Limit(lim.lower or "-1e16", lim.upper or "1e16",
                                             effort, velocity, (), lim.line))
    if jtype == "fixed":
        # a fixed joint's URDF <axis> travels as <urdf:axis>; SDF's is not URDF's
        if axis is not None and axis.text is not None:
            diags.warning("ELEMENT_DROPPED", f"{owner}: the <axis> direction of a fixed joint "
                          "has no URDF place; dropped", axis.line or joint.line)
        axis = None
    if axis is not None:
        d = axis.dynamics
        if d is not None and d.damping is None and d.friction is None:
            # urdfdom refuses <dynamics/>; spring values go in a <gazebo> block
            axis = evolve(axis, dynamics=None)
        axis = evolve(axis, expressed_in=None, extras=())
    if joint.axis2 is not None:
        diags.warning("ELEMENT_DROPPED", f"{owner}: <axis2> has no URDF equivalent", joint.line)
    return Joint(joint.name, jtype, joint.parent, joint.child,
                 pose.with_frame(None), axis, None,
                 joint.mimic, joint.safety_controller, joint.calibration,
                 _urdf_extras(joint.extras) + marks + carrier, joint.line, joint.original_name)


def _urdf_limit(value: str | None) -> str:
    """A URDF effort or velocity limit for an SDF one: NO_LIMIT for none (absent, < 0)."""
    return NO_LIMIT if value is None or float(value) < 0 else value


def sdf_to_urdf_copy(model: Model, carried: list[Joint], diags: Diagnostics,
                     lossy: bool = False) -> Model:
    """URDF form of a URDF-shaped SDF model (see :mod:`urdfsdf.translate.urdf_shape`): a copy."""
    applied = applied_outputs(model)
    links = [urdf_link(unsealed(link, diags, f"link {link.name!r}"), diags, lossy, applied,
                       as_written=True) for link in model.links]
    if any(j.parent == "world" for j in (*model.joints, *carried)) and \
            model.link("world") is None:
        links.insert(0, world_link(model, diags))
    joints = []
    for joint in model.joints:
        uj = urdf_joint(unsealed(joint, diags, f"joint {joint.name!r}"), joint.pose, diags,
                        as_written=True)
        if uj is not None:
            joints.append(uj)
    joints.extend(carried)
    extras = _urdf_extras(model.extras, (U + "joint", U + "link"))
    # blocks name links and joints by their URDF names (restore_names below)
    extras += tuple(gazebo_blocks(model, [(x.original_name or x.name, x) for x in model.links],
                                  [(j.original_name or j.name, j) for j in model.joints],
                                  applied))
    return restore_names(Model(model.name, tuple(links), tuple(joints),
                               materials=model.materials, extras=extras, version=model.version,
                               line=model.line, convention="urdf"))
