"""SDF -> URDF for any valid SDFormat model: the transform path.

The frame engine (:mod:`urdfsdf.sdf.frames`) resolves every pose; this module
lays the model out the URDF way:

- nested models are flattened; scoped names are joined with
  :attr:`Options.separator` (default ``::``, as SDFormat writes them), clashes
  renamed deterministically and reported;
- the URDF root is the root of the joint tree (``world`` when a joint has
  ``world`` as parent); each URDF link frame is its parent joint's frame, so
  a child's inertial, visuals and collisions are re-expressed in it (the
  inertia tensor stays as written: the inertial origin's rpy carries any
  change of orientation);
- joint origin = pose of the joint frame in the parent's URDF link frame;
  axes are resolved from ``expressed_in`` into the joint frame;
- explicit frames become massless links on fixed joints to the body they are
  attached to (``--no-frames`` drops them, with a warning each);
- universal and revolute2 joints become two revolute joints around a
  massless link (exact kinematics); ball joints are errors, or three
  continuous joints (about x, y and z) around two massless links with
  ``--lossy`` (exact kinematics); the two ends of such a chain keep the collision
  filter Drake gives a joint's links (a ``<drake:collision_filter_group>``); screw and
  gearbox are errors, or fixed joints with ``--lossy``;
- joints that close kinematic loops, which URDF cannot hold, are cut: the tree
  is kept depth first from the root link (:func:`urdfsdf.core.tree.spanning_forest`)
  and each cut joint is written, as an SDF joint, in a ``<gazebo>`` block, which
  libsdformat and urdf2sdf apply (:func:`_loop_block`);
- links not connected to the tree are an error, or get floating joints with
  ``disconnected="floating"``.

Numbers are copied as written wherever a pose is unchanged (the joint pose is
already relative_to its parent link and that link's URDF frame is its SDF
frame, ...); computed ones are written with :func:`urdfsdf.core.numbers.fmt`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from urdfsdf.core import transforms as tf
from urdfsdf.core.diagnostics import Diagnostics, option
from urdfsdf.core.ir import Axis, Extra, Frame, FrameLink, Joint, Link, Model, Pose, evolve
from urdfsdf.core.record import mutable_record, record
from urdfsdf.core.transforms import Transform
from urdfsdf.core.tree import spanning_forest, tree_of
from urdfsdf.sdf.frames import Scope
from urdfsdf.sdf.names import WORLD
from urdfsdf.sdf.posed import with_pose
from urdfsdf.translate.carriers import massless_marker
from urdfsdf.translate.gazebo_keys import Carried, CarriedSet
from urdfsdf.translate.gazebo_to_sdf import applied_outputs
from urdfsdf.translate.gazebo_to_urdf import gazebo_blocks, joints_block
from urdfsdf.translate.names import restore_names
from urdfsdf.translate.urdf_elements import (
    report_placement_frame,
    urdf_extras,
    urdf_joint,
    urdf_link,
    world_link,
)
from urdfsdf.xml.build import attrs
from urdfsdf.xml.custom import is_urdf_extra
from urdfsdf.xml.namespaces import DRAKE_XMLNS, D, U

U_LINK = U + "link"


@record
class Options:
    """Choices for the transform path: sdf2urdf's ``--separator``, ``--no-frames``,
    ``--lossy`` and ``--disconnected`` (the keywords of :func:`urdfsdf.sdf_to_urdf`)."""

    separator: str = "::"
    frames: bool = True
    lossy: bool = False
    #: links outside the joint tree: an error, or attached with floating joints
    disconnected: Literal["error", "floating"] = "error"


@mutable_record
class _Body:
    """A flattened link: its scoped name, the IR link, and its SDF frame X_ML."""

    name: str
    link: Link
    x_ml: Transform
    scope: Scope
    local: str
    #: :func:`_urdf_frame_is_sdf_frame`, once known (asked for by the link and its joints)
    same_frame: bool | None = None


@mutable_record
class _Edge:
    """A flattened joint (or a frame's fixed joint) between two flattened links."""

    name: str
    joint: Joint
    parent: str
    child: str
    x_mj: Transform
    scope: Scope | None
    #: original joint pose tokens may be copied (relative_to parent link as written)
    copy_origin: bool = False


class _Flattener:
    def __init__(self, top: Scope, x_wm: Transform | None, diags: Diagnostics,
                 options: Options, made: frozenset[str] = frozenset()) -> None:
        self.top = top
        #: the top model's links and joints that a <gazebo> block made (left out)
        self.made = made
        self.x_wm = x_wm
        self.diags = diags
        self.opt = options
        self.bodies: dict[str, _Body] = {}
        self.edges: list[_Edge] = []
        self.frames: list[tuple[str, str, Transform, Frame | None, int | None]] = []
        self.used: set[str] = set()
        #: the flattened name of each link, by (id of its scope, its name there)
        self.link_names: dict[tuple[int, str], str] = {}
        self.ok = True
        #: a joint was split around a massless link (see MUJOCO_BOUND_MASS)
        self.split = False
        #: the (joint, parent link, child link) of each joint split into a chain
        self.split_ends: list[tuple[str, str, str]] = []
        #: the joints cut to keep a tree (:meth:`cut_loops`), in document order
        self.cut: list[_Edge] = []

    def unique(self, name: str, line: int | None, what: str) -> str:
        if name not in self.used:
            self.used.add(name)
            return name
        i = 1
        while f"{name}_{i}" in self.used:
            i += 1
        new = f"{name}_{i}"
        self.used.add(new)
        self.diags.warning("NAME_CHANGED", f"{what} {name!r} clashes with another name once "
                           f"nested models are flattened; renamed {new!r}", line)
        return new

    def same_link(self, name: str, joint: Joint, link: str) -> None:
        """A joint whose parent and child frames are on one link: no URDF joint can say it.

        libsdformat loads one in a nested model (see ``joint_bodies`` in
        sdf/frames.py); a URDF joint from a link to itself breaks the tree (urdfdom
        finds no root, or makes the link its own child).  The joint moves nothing, so
        ``--lossy`` drops it; otherwise an error naming it (not the loop it would make).
        """
        what = (f"joint {name!r}: parent {joint.parent!r} and child {joint.child!r} are both "
                f"on link {link!r}")
        if self.opt.lossy:
            self.diags.warning("ELEMENT_DROPPED", f"{what}: a URDF joint needs two links; "
                               f"dropped ({option('lossy')})", joint.line)
            return
        self.diags.error("NO_URDF_EQUIVALENT", f"{what}: a URDF joint needs two links "
                         f"({option('lossy')} drops it)", joint.line)
        self.ok = False

    def walk(self) -> None:
        """Collect links, joints and frames of every scope, posed in the top model frame."""
        order = self._scopes()
        for scope, prefix, x_top_s in order:
            self._add_links(scope, prefix, x_top_s)
        for scope, prefix, x_top_s in order:
            self._add_joints(scope, prefix, x_top_s)
            self._add_frames(scope, prefix, x_top_s)

    def _scopes(self) -> list[tuple[Scope, str, Transform]]:
        """Every posed scope, depth first: ``(scope, prefix of its names, X_top_scope)``."""
        sep = self.opt.separator
        stack: list[tuple[Scope, str, Transform]] = [(self.top, "", tf.IDENTITY)]
        order: list[tuple[Scope, str, Transform]] = []
        while stack:
            scope, prefix, x_top_s = stack.pop()
            order.append((scope, prefix, x_top_s))
            for name in reversed(list(scope.children)):
                x = scope.pose(name)
                if x is None:
                    continue
                stack.append((scope.children[name], f"{prefix}{name}{sep}",
                              tf.compose(x_top_s, x)))
        return order

    def _add_links(self, scope: Scope, prefix: str, x_top_s: Transform) -> None:
        for name, link in scope.links.items():
            x = scope.pose(name)
            if x is None or (scope is self.top and name in self.made):
                continue
            flat = self.unique(prefix + name, link.line, "link")
            self.link_names[(id(scope), name)] = flat
            self.bodies[flat] = _Body(name=flat, link=link, x_ml=tf.compose(x_top_s, x),
                                      scope=scope, local=name)

    def _flat_link(self, scope: Scope, body: str | None) -> str | None:
        """The flattened name of a link named from ``scope`` (``nested::link`` too)."""
        found = scope.find(body) if body else None
        return None if found is None else self.link_names.get((id(found[0]), found[1]))

    def _joint_links(self, scope: Scope, name: str, joint: Joint
                     ) -> tuple[str | None, str | None]:
        """The flattened parent and child links of a joint (None: not posed)."""
        if joint.parent in scope.links and joint.child in scope.links:
            return (self.link_names.get((id(scope), joint.parent)),
                    self.link_names.get((id(scope), joint.child)))
        # SDFormat 1.8: a joint may name frames; its links are their bodies
        parent_body, child_body = scope.joint_bodies(name)
        parent = WORLD if parent_body == WORLD else self._flat_link(scope, parent_body)
        return parent, self._flat_link(scope, child_body)

    def _add_joints(self, scope: Scope, prefix: str, x_top_s: Transform) -> None:
        for name, joint in scope.joints.items():
            x = scope.pose(name)
            if x is None or (scope is self.top and name in self.made):
                continue
            parent, child = self._joint_links(scope, name, joint)
            if parent is None or child is None:
                continue
            if parent == child:
                self.same_link(prefix + name, joint, child)
                continue
            copy = joint.pose.relative_to == joint.parent and joint.parent in scope.links
            self.edges.append(_Edge(name=self.unique(prefix + name, joint.line, "joint"),
                                    joint=joint, parent=parent, child=child,
                                    x_mj=tf.compose(x_top_s, x), scope=scope,
                                    copy_origin=copy))

    def _add_frames(self, scope: Scope, prefix: str, x_top_s: Transform) -> None:
        sep = self.opt.separator
        for name, frame in scope.frames.items():
            x = scope.pose(name)
            body = scope.body(name)
            if x is None or body is None:
                continue
            body_flat = "" if body == "" else prefix + body.replace("::", sep)
            # a top-level frame's attached_to/relative_to names stay valid
            self.frames.append((prefix + name, body_flat, tf.compose(x_top_s, x),
                                None if prefix else frame, frame.line))

    def add_urdf_joints(self, joints: tuple[Joint, ...]) -> None:
        """URDF joints that travel as <urdf:joint> (floating, planar): their frame is the
        child link's SDF frame."""
        bodies = self.bodies
        for joint in joints:
            if (joint.parent in bodies or joint.parent == WORLD) and joint.child in bodies:
                self.edges.append(_Edge(name=self.unique(joint.name, joint.line, "joint"),
                                        joint=joint, parent=joint.parent, child=joint.child,
                                        x_mj=bodies[joint.child].x_ml, scope=None,
                                        copy_origin=False))

    def cut_loops(self, first: str) -> None:
        """Keep a spanning tree from ``first`` (depth first, joints in document order);
        each joint left out closes a loop (or joins a link outside the tree) and is
        written in a ``<gazebo>`` block (:func:`_loop_block`), with a warning."""
        span = spanning_forest(self.bodies, self.edges, first)
        if not span.cut:
            return
        cut = {id(e) for e in span.cut}
        self.edges = [e for e in self.edges if id(e) not in cut]
        self.cut = span.cut
        for e in span.cut:
            self.diags.warning("KINEMATIC_LOOP", f"joint {e.name!r} closes a kinematic loop, "
                               "which URDF cannot hold: written as an SDF joint in a <gazebo> "
                               "block (libsdformat and urdf2sdf apply it; URDF readers and "
                               "Drake see the tree without it)", e.joint.line)

    def expand(self) -> None:
        """Expand the joints that URDF lacks (:func:`_expand`)."""
        expanded: list[_Edge] = []
        for e in self.edges:
            if e.joint.type in _EXPANDED:
                expanded.extend(_expand(e, self, self.diags, self.opt))
            else:  # what _expand returns for any other joint
                expanded.append(e)
        self.edges = expanded


def _urdf_frame_is_sdf_frame(body: _Body, tree_joint: _Edge | None) -> bool:
    """True when a link's URDF frame (its parent joint's) is its SDF frame, as written.

    ``tree_joint``: the link's joint in the final tree (every caller's), so the
    answer is kept on ``body``.
    """
    same = body.same_frame
    if same is None:
        same = body.same_frame = _joint_frame_is_link_frame(body, tree_joint)
    return same


def _joint_frame_is_link_frame(body: _Body, tree_joint: _Edge | None) -> bool:
    """:func:`_urdf_frame_is_sdf_frame`, computed: the link's tree joint frame is its
    SDF link frame exactly (no joint: the root link)."""
    if tree_joint is None:
        return True
    pose = body.link.pose
    if pose.relative_to == tree_joint.joint.name and pose.is_identity:
        return True  # //link/pose relative_to its joint (URDF parity)
    # //joint/pose at its default: the identity relative_to the child link
    # (//joint/pose/@relative_to defaults to the child), so the joint frame is
    # the link frame, exactly (the frame engine composes with the identity)
    joint = tree_joint.joint
    jpose = joint.pose
    return tree_joint.scope is not None and body.local == joint.child and \
        jpose.is_identity and jpose.frame in ("", joint.child)


#: MuJoCo refuses a moving body without mass (mjMINVAL), such as the middle link of
#: a split universal joint, unless told a lower bound: its URDF extension
#: ``<mujoco><compiler>`` (MuJoCo's URDF docs), which urdfdom, Drake and Pinocchio
#: ignore.  Only bodies lighter than the bounds change: 1e-9 kg, 1e-12 kg m^2.
MUJOCO_BOUND_MASS = Extra("mujoco", '<mujoco><compiler boundmass="1e-9" '
                          'boundinertia="1e-12"/></mujoco>')


def sdf_to_urdf_transform(model: Model, scope: Scope, diags: Diagnostics,
                          options: Options | None = None,
                          x_wm: Transform | None = None,
                          made: frozenset[str] = frozenset()) -> Model | None:
    """URDF form of any valid SDF model (``scope`` from the frame engine).

    ``x_wm`` is the model's pose in the world (for joints to ``world``); ``made``: the
    links and joints a ``<gazebo>`` block made, left out (the block brings them back).
    """
    opt = options or Options()
    flat = _Flattener(scope, x_wm, diags, opt, made)
    flat.walk()
    flat.add_urdf_joints(model.urdf_joints)
    flat.cut_loops(_first_root(model, flat))
    flat.expand()
    tree = _rooted_tree(model, flat)
    if tree is None or not flat.ok:
        return None
    if tree.root != WORLD:
        _report_placement(model, flat.bodies.get(tree.root), diags)
    applied = applied_outputs(model)
    links, joints = _links_and_joints(model, tree, applied)
    _frame_links(tree, links, joints)
    return restore_names(Model(model.name, tuple(links), tuple(joints),
                               materials=model.materials,
                               extras=_model_extras(model, scope, tree, applied),
                               version=model.version, line=model.line, convention="urdf"))


def _report_placement(model: Model, root: _Body | None, diags: Diagnostics) -> None:
    """What places the model, which a URDF without a joint to ``world`` cannot say, is
    dropped: the model pose, its placement frame, and the root link's pose in the model
    frame (the URDF robot's frame is its root link's)."""
    if model.pose.relative_to or not model.pose.is_identity:
        diags.warning("ELEMENT_DROPPED", f"model {model.name!r}: the model pose has no URDF "
                      "place without a joint to world; dropped", model.pose.line or model.line,
                      file=model.pose_file)
    report_placement_frame(model, diags)
    if root is not None and not _near_identity(root.x_ml):
        link = root.link
        diags.warning("ELEMENT_DROPPED", f"link {root.name!r}: the root link's pose in the "
                      "model frame has no URDF place (a URDF robot's frame is its root "
                      "link's) without a joint to world; dropped", link.pose.line or link.line)


def _near_identity(x: Transform) -> bool:
    """``x`` is the identity, to rounding (a pose composed with its inverse)."""
    r, p = x
    return max(abs(a - b) for a, b in zip((*r, *p), tf.IDENTITY[0] + tf.IDENTITY[1],
                                          strict=True)) < 1e-12


class _Tree:
    """The joint tree of a flattened model: each link's tree joint, and the root."""

    def __init__(self, flat: _Flattener, above: dict[str, _Edge], root: str) -> None:
        self.flat = flat
        #: each child link's joint in the tree
        self.above = above
        #: the URDF root link (``world`` when a joint has it as parent)
        self.root = root

    def frame(self, name: str) -> Transform:
        """``X_M_F``: the URDF frame of a link (its tree joint's; a root's: its own)."""
        if name == WORLD:
            x_wm = self.flat.x_wm
            return tf.inverse(x_wm) if x_wm is not None else tf.IDENTITY
        e = self.above.get(name)
        return e.x_mj if e is not None else self.flat.bodies[name].x_ml


def _first_root(model: Model, flat: _Flattener) -> str:
    """The root of the URDF tree: ``world`` when a joint has it as parent, else the
    first link (in document order) that no joint names as child, else (every link is
    on a loop) the canonical link."""
    edges = flat.edges
    if any(e.parent == WORLD for e in edges):
        return WORLD
    children = {e.child for e in edges}
    for name in flat.bodies:
        if name not in children:
            return name
    canonical = flat._flat_link(flat.top, model.canonical_link)
    return canonical or next(iter(flat.bodies), WORLD)


def _rooted_tree(model: Model, flat: _Flattener) -> _Tree | None:
    """The tree of the flattened joints (each child has one tree joint; roots are links
    with none), its other roots attached with floating joints when the options say so;
    None (reported) when they are not connected to it."""
    # no loop is left (Flattener.cut_loops): each link has one joint above at most
    tree = tree_of(flat.bodies, flat.edges)
    main_root = _first_root(model, flat)
    extra = [n for n in tree.roots if n != main_root]
    if extra and not _attach_disconnected(flat, tree.above, main_root, extra):
        return None
    return _Tree(flat, tree.above, main_root)


def _attach_disconnected(flat: _Flattener, above: dict[str, _Edge], main_root: str,
                         extra: list[str]) -> bool:
    """Links outside the tree of ``main_root``: attached with floating joints
    (``--disconnected floating``), or an error (False)."""
    bodies, diags = flat.bodies, flat.diags
    if flat.opt.disconnected != "floating":
        names = ", ".join(repr(n) for n in extra)
        diags.error("URDF_TREE_INVALID", f"links not connected to the joint tree of "
                    f"{main_root!r}: {names} ({option('disconnected')} attaches them)",
                    bodies[extra[0]].link.line)
        return False
    for name in extra:
        line = bodies[name].link.line
        j = Joint(name=flat.unique(f"{name}_floating", None, "joint"), type="floating",
                  parent=main_root, child=name, line=line)
        e = _Edge(name=j.name, joint=j, parent=main_root, child=name,
                  x_mj=bodies[name].x_ml, scope=None)
        above[name] = e
        flat.edges.append(e)
        diags.warning("VALUE_APPROXIMATED", f"link {name!r} is not connected to the "
                      f"tree; attached to {main_root!r} with floating joint {j.name!r}", line)
    return True


def _links_and_joints(model: Model, tree: _Tree, applied: set[Carried]
                      ) -> tuple[list[Link], list[Joint]]:
    """The URDF links (``world`` first when it is the root) and joints of the tree."""
    flat, above = tree.flat, tree.above
    diags = flat.diags
    links: list[Link] = []
    world = world_link(model, diags) if tree.root == WORLD else None
    if world is not None:
        links.append(world)
    for name, body in flat.bodies.items():
        links.append(_link(body, tree.frame(name), above.get(name), diags, flat.opt.lossy,
                           applied))
    joints: list[Joint] = []
    for e in flat.edges:
        out = _joint(e, tree.frame(e.parent), above.get(e.parent), flat.bodies, diags)
        if out is not None:
            joints.append(out)
    return links, joints


def _frame_links(tree: _Tree, links: list[Link], joints: list[Joint]) -> None:
    """Explicit frames -> massless links on fixed joints (dropped with ``--no-frames``).

    A frame standing for a URDF link (``urdf:joint``) becomes that link on its joint,
    unmarked; any other is marked ``<sdf:frame>``, its joint named ``FRAME_joint``.
    """
    flat = tree.flat
    for fname, attached, x_mf, frame, line in flat.frames:
        if not flat.opt.frames:
            flat.diags.warning("ELEMENT_DROPPED", f"frame {fname!r} dropped "
                               f"({option('no-frames')})", line)
            continue
        parent = attached or tree.root
        link_name = flat.unique(fname, line, "frame")
        urdf = frame.urdf_joint if frame is not None else None
        joint_name = flat.unique(urdf or f"{fname}_joint", line, "frame joint")
        origin = tf.relative(tree.frame(parent), x_mf)
        links.append(Link(name=link_name, line=line,
                          sdf_frame=None if urdf else _frame_mark(frame, line)))
        joints.append(Joint(name=joint_name, type="fixed", parent=parent, child=link_name,
                            pose=tf.computed_pose(origin, line=line), line=line))


def _report_nested(model: Model, name: str, diags: Diagnostics) -> None:
    """Warn of what a nested model holds besides links, joints, frames and models: it has
    no place once the model is flattened (its ``urdf:`` content travels)."""
    if model.static:  # (an included model's line is in its own file)
        diags.warning("ELEMENT_DROPPED", f"nested model {name!r}: <static> has no place "
                      "once flattened (URDF has no static part of a robot); dropped",
                      model.line, file=model.file)
    for kept in model.extras:
        if not is_urdf_extra(kept):
            diags.warning("ELEMENT_DROPPED", f"nested model {name!r}: <{kept.tag}> has no "
                          "place once flattened; dropped", kept.line)


def _model_extras(model: Model, scope: Scope, tree: _Tree, applied: set[Carried]
                  ) -> tuple[Extra, ...]:
    """The URDF model's extras: the model's and nested models' URDF ones (other content
    of nested models dropped), and SDF-only link content in <gazebo> blocks."""
    flat = tree.flat
    extras = urdf_extras(model.extras, (U_LINK,))
    for s in scope.walk():
        if s is not scope and s.model is not None:
            extras += urdf_extras(s.model.extras)
            _report_nested(s.model, s.scoped_name, flat.diags)
    # SDF-only link content in <gazebo> blocks, posed in the URDF link frames and
    # naming links and joints by their URDF names (restore_names below)
    posed = [(b.link.original_name or n,
              _posed_extras(b, tree.frame(n), tree.above.get(n)) if b.link.extras else b.link)
             for n, b in flat.bodies.items()]
    extras += tuple(gazebo_blocks(model, posed,
                                  [(e.joint.original_name or e.name, e.joint)
                                   for e in flat.edges if e.scope is not None], applied))
    if flat.split and not any(x.tag == "mujoco" for x in extras):
        extras += (MUJOCO_BOUND_MASS,)
    extras += tuple(_split_filter(joint, _urdf_name(flat, parent), _urdf_name(flat, child))
                    for joint, parent, child in flat.split_ends if WORLD not in (parent, child))
    if flat.cut:
        extras += (_loop_block(tree),)
    return extras


def _split_filter(joint: str, parent: str, child: str) -> Extra:
    """``<drake:collision_filter_group>`` of the two links of a joint split into a chain
    (:func:`_split`), ignoring itself: Drake filters the collisions of a joint's parent and
    child, which the split leaves two joints apart (the world is no member: a joint to it
    has no such group)."""
    name = attrs((("name", f"{joint}_split"),))
    xml = (f"<drake:collision_filter_group{DRAKE_XMLNS}{name}>"
           f"<drake:member{attrs((('link', parent),))}/>"
           f"<drake:member{attrs((('link', child),))}/>"
           f"<drake:ignored_collision_filter_group{name}/></drake:collision_filter_group>")
    return Extra(D + "collision_filter_group", xml)


def _loop_block(tree: _Tree) -> Extra:
    """``<gazebo>`` with the joints cut from the tree (:meth:`_Flattener.cut_loops`), in
    the SDF form libsdformat copies into the model it makes of the URDF.

    A joint there is posed in its child link's frame (SDFormat's default), which is
    the child's URDF link frame once read; its axes are expressed in the joint frame;
    it names links and joints by their URDF names.
    """
    flat = tree.flat
    joints = []
    for e in flat.cut:
        joint = e.joint
        body = flat.bodies.get(e.child)
        child = tree.above.get(e.child)
        if e.scope is not None and body is not None and body.local == joint.child and \
                joint.pose.frame in ("", joint.child) and _urdf_frame_is_sdf_frame(body, child):
            pose = joint.pose.with_frame(None)
        else:
            pose = tf.computed_pose(tf.relative(tree.frame(e.child), e.x_mj), None,
                                    joint.pose.line or joint.line)
        joints.append(evolve(joint, name=joint.original_name or e.name, original_name=None,
                             parent=_urdf_name(flat, e.parent), child=_urdf_name(flat, e.child),
                             pose=pose, axis=_axis_in_joint(e, joint.axis),
                             axis2=_axis_in_joint(e, joint.axis2)))
    return joints_block(joints, flat.cut[0].joint.line)


def _urdf_name(flat: _Flattener, name: str) -> str:
    """The URDF name of a flattened link (its original name, if SDFormat made it change)."""
    body = flat.bodies.get(name)
    return body.link.original_name or name if body is not None else name


#: the joint types :func:`_expand` rewrites
_EXPANDED = frozenset(("universal", "revolute2", "ball", "screw", "gearbox"))


def _expand(e: _Edge, flat: _Flattener, diags: Diagnostics, opt: Options) -> list[_Edge]:
    """Universal/revolute2 -> two revolute joints; ball -> error, or three (``--lossy``);
    screw/gearbox -> error or fixed."""
    jt = e.joint.type
    if jt in ("universal", "revolute2"):
        # both axes in this joint's frame first: the second joint has another name
        axes = [_axis_in_joint(e, e.joint.axis),
                _axis_in_joint(e, e.joint.axis2) or Axis((0.0, 1.0, 0.0))]
        return _split(e, flat, axes)
    if jt == "ball" and opt.lossy:
        return _split(e, flat, [Axis((1.0, 0.0, 0.0)), Axis((0.0, 1.0, 0.0)),
                                Axis((0.0, 0.0, 1.0))])
    if jt in ("ball", "screw", "gearbox"):
        if not opt.lossy:
            fix = "writes three revolute joints" if jt == "ball" else "writes a fixed joint"
            diags.error("NO_URDF_EQUIVALENT", f"joint {e.name!r}: SDF joint type {jt!r} has no "
                        f"URDF equivalent ({option('lossy')} {fix})", e.joint.line)
            flat.ok = False
            # kept (as fixed) until the tree checks: its child is not "disconnected"
            # (one diagnostic per cause); flat.ok stops the conversion after them
            return [evolve(e, joint=evolve(e.joint, type="fixed", axis=None, axis2=None))]
        diags.warning("VALUE_APPROXIMATED", f"joint {e.name!r}: {jt} joint written as a "
                      f"fixed joint ({option('lossy')})", e.joint.line)
        return [evolve(e, joint=evolve(e.joint, type="fixed", axis=None, axis2=None))]
    return [e]


def _split(e: _Edge, flat: _Flattener, axes: list[Axis | None]) -> list[_Edge]:
    """A joint of several rotations (universal, revolute2, ball) as a chain of revolute
    (or continuous) joints, one per axis, all at the joint frame, around massless
    links: the same kinematics.  The first keeps the joint's name and content; the
    others are ``NAME_axisN``, their links ``NAME_axisN_link``."""
    joint, line = e.joint, e.joint.line
    edges: list[_Edge] = []
    parent, name = e.parent, e.name
    for n, axis in enumerate(axes, start=1):
        kind = "revolute" if _bounded(axis) else "continuous"
        if n == 1:
            out = evolve(joint, type=kind, axis=axis, axis2=None)
        else:
            name = flat.unique(f"{e.name}_axis{n}", line, "joint")
            out = evolve(joint, name=name, type=kind, axis=axis, axis2=None, extras=())
        child = e.child
        if n < len(axes):
            child = flat.unique(f"{e.name}_axis{n + 1}_link", line, "link")
            # massless by design (not SDF's 1 kg default for a link without <inertial>)
            flat.bodies[child] = _Body(child, Link(child, extras=(massless_marker(),),
                                                   line=line), e.x_mj, flat.top, child)
        edges.append(_Edge(name, out, parent, child, e.x_mj, e.scope, e.copy_origin and n == 1))
        parent = child
    flat.split = True
    flat.split_ends.append((e.name, e.parent, e.child))
    names = " and ".join(repr(x.name) for x in edges)
    mids = " and ".join(repr(x.child) for x in edges[:-1])
    links, it = ("links", "each") if len(edges) > 2 else ("link", "it")
    flat.diags.warning("VALUE_APPROXIMATED", f"joint {e.name!r}: {joint.type} joint written as "
                       f"revolute joints {names} around massless {links} {mids} (exact "
                       f"kinematics; MuJoCo gives {it} 1e-9 kg)", line)
    return edges


def _axis_in_joint(e: _Edge, axis: Axis | None) -> Axis | None:
    """``axis`` with its direction resolved into the joint frame (text kept if already)."""
    joint = e.joint
    if axis is None or axis.expressed_in in (None, "", joint.name) or e.scope is None:
        return axis
    v = e.scope.axis_in(joint, axis, joint.name)
    if v is None:
        return axis
    return evolve(axis, xyz=tf.snapped(v), text=None, expressed_in=None)


def _bounded(axis: Axis | None) -> bool:
    if axis is None or axis.limit is None:
        return False
    lim = axis.limit
    try:
        return lim.lower is not None and lim.upper is not None and \
            -1e16 < float(lim.lower) and float(lim.upper) < 1e16
    except ValueError:
        return False


def _frame_change(x_mf: Transform, x_ml: Transform) -> Callable[[], Transform]:
    """``X_FL`` (SDF link frame L in URDF link frame F), computed once when first asked for."""
    found: Transform | None = None

    def x_fl() -> Transform:
        nonlocal found
        if found is None:
            found = tf.compose(tf.inverse(x_mf), x_ml)
        return found
    return x_fl


def _reexpress(pose: Pose, x_fl: Callable[[], Transform], scope: Scope, local: str,
               copy: bool) -> Pose:
    """A pose written in link L (or relative_to a frame of its scope), in URDF frame F.

    ``x_fl()``: the SDF link frame L in the URDF link frame F (asked for only
    when a pose is computed).
    """
    if pose.frame in ("", local):
        if copy:  # in the link frame, which the URDF keeps (a pose is immutable)
            return pose if pose.relative_to is None else pose.with_frame(None)
        return tf.computed_pose(tf.compose(x_fl(), tf.pose_transform(pose)), line=pose.line)
    x_sp = scope.element_pose(local, pose)  # in the scope's frame
    x_sl = scope.pose(local)
    if x_sp is None or x_sl is None:
        return pose
    # X_F_P = X_F_L * X_L_P with X_L_P = inv(X_S_L) * X_S_P
    return tf.computed_pose(tf.compose(x_fl(), tf.relative(x_sl, x_sp)), line=pose.line)


def _posed_extras(body: _Body, x_mf: Transform, tree_joint: _Edge | None) -> Link:
    """The SDF link with the ``//pose`` of its sensors, lights... in its URDF frame.

    They travel in ``<gazebo reference>`` blocks, where libsdformat (and
    urdf2sdf) read a pose as relative to the URDF link frame.
    """
    if not body.link.extras:
        return body.link
    copy = _urdf_frame_is_sdf_frame(body, tree_joint)
    x_fl = _frame_change(x_mf, body.x_ml)
    extras = []
    changed = False
    for x in body.link.extras:
        pose = x.pose  # the posed elements (sdf/posed.py), as the reader read them
        if pose is None or (copy and pose.frame in ("", body.local)):
            extras.append(x)  # in the link frame, which the URDF keeps
            continue
        extras.append(with_pose(x, _reexpress(pose, x_fl, body.scope, body.local, copy)))
        changed = True
    return evolve(body.link, extras=tuple(extras)) if changed or not copy else body.link


def _link(body: _Body, x_mf: Transform, tree_joint: _Edge | None, diags: Diagnostics,
          lossy: bool, applied: CarriedSet = frozenset()) -> Link:
    """The link's URDF form with its contents re-expressed in its URDF frame."""
    copy = _urdf_frame_is_sdf_frame(body, tree_joint)
    x_fl = _frame_change(x_mf, body.x_ml)

    def pose_of(pose: Pose) -> Pose:
        return _reexpress(pose, x_fl, body.scope, body.local, copy)

    return urdf_link(body.link, diags, lossy, applied, pose_of, body.name)


def _joint(e: _Edge, x_mp: Transform, parent_tree_joint: _Edge | None,
           bodies: dict[str, _Body], diags: Diagnostics) -> Joint | None:
    """The joint's URDF form: origin in the parent's URDF frame, axis in the joint frame."""
    joint = e.joint
    if e.scope is None:  # urdf:joint carried verbatim, or a generated floating joint
        if joint.type in ("floating", "planar") and joint.pose.text is not None and \
                _urdf_frame_is_sdf_frame(bodies[e.parent], parent_tree_joint):
            return evolve(joint, name=e.name, parent=e.parent, child=e.child)
        origin = tf.computed_pose(tf.relative(x_mp, e.x_mj), line=joint.line)
        return evolve(joint, name=e.name, parent=e.parent, child=e.child, pose=origin)
    parent_body = bodies.get(e.parent)
    copy = e.copy_origin and parent_body is not None and \
        _urdf_frame_is_sdf_frame(parent_body, parent_tree_joint)
    if copy:
        origin = joint.pose.with_frame(None)
    else:
        origin = tf.computed_pose(tf.relative(x_mp, e.x_mj), None,
                                  joint.pose.line or joint.line)
    axis, axis2 = joint.axis, joint.axis2
    if axis is not None and axis.expressed_in not in (None, "", joint.name) or \
            axis2 is not None and axis2.expressed_in not in (None, "", joint.name):
        joint = evolve(joint, axis=_axis_in_joint(e, axis), axis2=_axis_in_joint(e, axis2))
    return urdf_joint(joint, origin, diags, name=e.name, parent=e.parent, child=e.child)




def _frame_mark(frame: Frame | None, line: int | None) -> FrameLink:
    """``<sdf:frame>`` of the link standing for ``frame`` (None: a flattened model's)."""
    if frame is None:
        return FrameLink(flattened=True, line=line)
    pose = frame.pose if frame.pose.text is not None or frame.pose.relative_to is not None \
        else None
    return FrameLink(frame.attached_to or None, pose, False, line)


def world_pose_of_model(model: Model) -> Transform | None:
    """X_WM for a top-level model placed with a plain pose (None if relative_to is set)."""
    if model.pose.relative_to not in (None, "", WORLD):
        return None
    return tf.pose_transform(model.pose)


