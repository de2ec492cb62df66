"""Forward kinematics and spatial inertia of a URDF or SDF model, with numpy.

:func:`kinematic_model` reads URDF or SDF (text, a path, or the IR) into a
:class:`KinematicModel`: the joint tree, each link's *kinematic frame* at zero
joint values, each joint's axis and limits, each explicit frame, and each link's
mass properties.  :meth:`KinematicModel.poses` gives every link and frame pose
relative to the root link at given joint values.

One convention serves both formats, so that a URDF and the SDF made from it (or
back) compare directly:

- a link's kinematic frame is the frame of its parent joint, the root link's its
  own.  That is the URDF link frame by definition (URDF spec: "the link frame is
  the joint frame"); in SDF it is the joint frame (``//joint/pose``, SDFormat 1.7
  "Pose frame semantics"), which sdf2urdf keeps while it may move the link frame
  (README, "How it translates"), so link frames that only moved do not count;
- SDF poses come from urdfsdf's frame engine (:mod:`urdfsdf.sdf.frames`), URDF
  poses from the joint origins (``Rz(yaw) Ry(pitch) Rx(roll)``);
- a universal or revolute2 SDF joint ``J`` is the two revolute joints ``J`` and
  ``J_axis2`` around a massless link ``J_axis2_link``, as sdf2urdf writes it; a
  URDF link marked ``<sdf:frame>`` is the explicit frame it stands for;
- revolute and continuous joints move alike (their limits are the document's
  business); floating, planar, ball, screw and gearbox joints are evaluated at
  their zero only;
- a mimic relation (leader, multiplier, offset) is part of a joint, from URDF's
  ``<mimic>``, SDF's ``<urdf:mimic>`` carrier or SDFormat 1.11's ``//axis/mimic``
  alike (all read in URDF's form, ``q = multiplier * q_leader + offset``);
- the joint tree is a spanning tree chosen independently of document order
  (:func:`spanning_tree`: breadth first from the root, joints in name order): a
  joint it leaves out closes a loop, and moves nothing; each joint's own frame at
  zero is kept (:attr:`KinematicModel.joint_frames`), so such a joint compares by its
  frame and axis;
- an SDF frame that stands for a massless leaf URDF link (``urdf:joint``,
  ``urdf2sdf --massless-as-frames``) is that link on its fixed joint;
- a link without ``<inertial>`` is massless in URDF and SDFormat's default (1 kg,
  unit moments at the link origin) in SDF; spatial inertias are expressed about
  and in the kinematic frame, so they do not change when a link frame moves.

Nothing here imports hypothesis (``urdfsdf roundtrip`` uses it).
"""

from __future__ import annotations

import math
import os
from collections import deque
from collections.abc import Collection, Iterable, Mapping
from dataclasses import field, replace
from typing import TYPE_CHECKING, Union

import numpy as np

from urdfsdf.core.diagnostics import Diagnostics, TranslationError
from urdfsdf.core.ir import LIMITED_JOINT_TYPES, Axis, Inertial, Joint, Model, SdfDocument
from urdfsdf.core.record import mutable_record, record
from urdfsdf.core.tree import implied_world, urdf_roots
from urdfsdf.sdf.defaults import DEFAULT_INERTIAL

if TYPE_CHECKING:
    from urdfsdf.sdf.frames import Scope

#: what the comparisons accept: URDF or SDF text (or bytes), a path, or the IR
ModelSource = Union[str, bytes, "os.PathLike[str]", Model, SdfDocument, "KinematicModel"]

Matrix = np.ndarray
#: joint values by joint name (a universal joint's second axis: ``NAME_axis2``)
Configuration = Mapping[str, float]

#: joints whose motion is evaluated at any value
MOVING = LIMITED_JOINT_TYPES


# -- pose math ----------------------------------------------------------------------


def rpy_matrix(r: float, p: float, y: float) -> Matrix:
    """``Rz(y) @ Ry(p) @ Rx(r)``: URDF/SDFormat fixed-axis roll, pitch, yaw."""
    cr, sr, cp, sp, cy, sy = (math.cos(r), math.sin(r), math.cos(p), math.sin(p),
                              math.cos(y), math.sin(y))
    rx = np.array([[1, 0, 0], [0, cr, -sr], [0, sr, cr]])
    ry = np.array([[cp, 0, sp], [0, 1, 0], [-sp, 0, cp]])
    rz = np.array([[cy, -sy, 0], [sy, cy, 0], [0, 0, 1]])
    out: Matrix = rz @ ry @ rx
    return out


def pose_matrix(xyz: Iterable[float], rpy: Iterable[float]) -> Matrix:
    """4x4 matrix of a pose ``xyz rpy``."""
    r, p, y = rpy
    m = np.eye(4)
    m[:3, :3] = rpy_matrix(r, p, y)
    m[:3, 3] = tuple(xyz)
    return m


def inv(m: Matrix) -> Matrix:
    """Inverse of a rigid transform."""
    out = np.eye(4)
    out[:3, :3] = m[:3, :3].T
    out[:3, 3] = -m[:3, :3].T @ m[:3, 3]
    return out


def unit(v: Iterable[float]) -> Matrix:
    """``v`` scaled to length 1 (a zero vector stays zero)."""
    a = np.asarray(tuple(v), dtype=float)
    n = float(np.linalg.norm(a))
    return a / n if n > 0.0 else a


def rotation(axis: Iterable[float], q: float) -> Matrix:
    """4x4 rotation by ``q`` about ``axis`` (Rodrigues)."""
    x, y, z = unit(axis)
    k = np.array([[0, -z, y], [z, 0, -x], [-y, x, 0]])
    m = np.eye(4)
    m[:3, :3] = np.eye(3) + math.sin(q) * k + (1 - math.cos(q)) * (k @ k)
    return m


def translation(axis: Iterable[float], q: float) -> Matrix:
    """4x4 translation by ``q`` along ``axis``."""
    m = np.eye(4)
    m[:3, 3] = unit(axis) * q
    return m


def motion(kind: str, axis: Iterable[float] | None, q: float) -> Matrix:
    """The joint's motion at ``q`` in its own frame (URDF and SDF agree)."""
    if kind == "revolute" and axis is not None:
        return rotation(axis, q)
    if kind == "prismatic" and axis is not None:
        return translation(axis, q)
    return np.eye(4)


def _transform_matrix(x: tuple[object, object]) -> Matrix:
    r, p = x
    m = np.eye(4)
    m[:3, :3] = np.asarray(r, dtype=float).reshape(3, 3)
    m[:3, 3] = np.asarray(p, dtype=float)
    return m


# -- the model ------------------------------------------------------------------------


@record
class JointInfo:
    """A joint of the tree: ``kind`` is how it moves (revolute, prismatic, fixed...)."""

    name: str
    type: str
    kind: str
    parent: str
    child: str
    #: unit axis in the joint frame (None: no motion axis)
    axis: tuple[float, float, float] | None
    lower: float | None = None
    upper: float | None = None
    #: the joint it mimics, multiplier, offset (``q = multiplier * q_leader + offset``)
    mimic: tuple[str, float, float] | None = None


@record
class MassProperties:
    """A link's mass, centre of mass and moments about it, in its kinematic frame."""

    mass: float
    com: tuple[float, float, float]
    #: 3x3 rotational inertia about the centre of mass, in the kinematic frame (row major)
    moments: tuple[float, ...]

    def spatial(self) -> Matrix:
        """The 6x6 spatial inertia about and in the kinematic frame (angular first)."""
        m = self.mass
        c = np.asarray(self.com)
        cx = np.array([[0, -c[2], c[1]], [c[2], 0, -c[0]], [-c[1], c[0], 0]])
        i_c = np.asarray(self.moments).reshape(3, 3)
        out = np.zeros((6, 6))
        out[:3, :3] = i_c + m * (cx @ cx.T)
        out[:3, 3:] = m * cx
        out[3:, :3] = m * cx.T
        out[3:, 3:] = m * np.eye(3)
        return out


@mutable_record
class KinematicModel:
    """What the comparisons need of a model (see the module doc)."""

    name: str
    format: str
    root: str
    #: every link's kinematic frame at zero, in one common frame (order: the tree's)
    zero: dict[str, Matrix]
    #: joints by name, parents before children
    joints: dict[str, JointInfo]
    #: explicit frames: (link they are attached to, pose in its kinematic frame)
    frames: dict[str, tuple[str, Matrix]]
    inertia: dict[str, MassProperties]
    #: every joint's own frame at zero, in the frame of ``zero`` (a joint of the tree:
    #: its child's kinematic frame; one that closes a loop: its own)
    joint_frames: dict[str, Matrix] = field(default_factory=dict)

    #: joints the spanning tree takes first (:meth:`with_tree`; None: none)
    preferred: frozenset[str] | None = None

    def tree(self) -> dict[str, JointInfo]:
        """The joint of the spanning tree (:func:`spanning_tree`) above each link."""
        return spanning_tree(self.root, self.zero, self.joints, self.preferred)

    def with_tree(self, preferred: Collection[str]) -> KinematicModel:
        """This model on the spanning tree that takes the joints ``preferred`` first:
        each link's kinematic frame the frame of its joint in that tree, its mass
        properties and the explicit frames on it expressed there."""
        new = replace(self, preferred=frozenset(preferred))
        old_tree, new_tree = self.tree(), new.tree()
        moved = {link: j.name for link, j in new_tree.items()
                 if getattr(old_tree.get(link), "name", None) != j.name
                 and j.name in self.joint_frames}
        if not moved:
            return new
        zero = {n: self.joint_frames[moved[n]] if n in moved else x
                for n, x in self.zero.items()}
        change = {n: inv(zero[n]) @ self.zero[n] for n in moved}  # X_new_old
        new.zero = zero
        new.inertia = {n: _moved_mass(m, change[n]) if n in change else m
                       for n, m in self.inertia.items()}
        new.frames = {n: (b, change[b] @ x if b in change else x)
                      for n, (b, x) in self.frames.items()}
        return new

    def loop_joints(self) -> list[JointInfo]:
        """The joints the spanning tree leaves out: each closes a loop (between two
        links of the model)."""
        tree = {j.name for j in self.tree().values()}
        return [j for j in self.joints.values() if j.name not in tree
                and j.parent in self.zero and j.child in self.zero and j.parent != j.child]

    def moving_joints(self) -> list[JointInfo]:
        """Joints of the tree with one degree of freedom, evaluated at any value."""
        tree = {j.name for j in self.tree().values()}
        return [j for j in self.joints.values() if j.kind in MOVING and j.axis is not None
                and j.name in tree]

    def poses(self, q: Configuration | None = None) -> dict[str, Matrix]:
        """``X_root_link`` of every link at joint values ``q`` (absent: 0), along the
        spanning tree (a link it does not reach from the root: where it is at zero)."""
        q = q or {}
        if not self.zero:
            return {}  # a robot with no link
        x_root = inv(self.zero[self.root])
        out: dict[str, Matrix] = {self.root: np.eye(4)}
        up = self.tree()
        for link in self.zero:
            stack = []
            cur = link
            while cur not in out:
                j = up.get(cur)
                if j is None:  # the start of a part the root does not reach
                    out[cur] = x_root @ self.zero[cur]
                    break
                stack.append(cur)
                cur = j.parent
            for name in reversed(stack):
                j = up[name]
                value = float(q.get(j.name, 0.0)) if j.kind in MOVING else 0.0
                out[name] = (out[j.parent] @ inv(self.zero[j.parent]) @ self.zero[name]
                             @ motion(j.kind, j.axis, value))
        return out

    def frame_poses(self, link_poses: Mapping[str, Matrix]) -> dict[str, Matrix]:
        """``X_root_frame`` of every explicit frame, given :meth:`poses`."""
        return {name: link_poses[body] @ x for name, (body, x) in self.frames.items()
                if body in link_poses}


def kinematic_model(source: ModelSource, model: str | None = None) -> KinematicModel:
    """Read ``source`` (URDF or SDF text, a path, or the IR) into a :class:`KinematicModel`.

    ``model`` picks a model of an SDF document holding several (a world).  Raises
    :class:`~urdfsdf.TranslationError` when the input cannot be read, ValueError when
    it holds no model (or none called ``model``) or a pose does not resolve.
    """
    if isinstance(source, KinematicModel):
        return source
    if isinstance(source, Model):
        if source.convention == "urdf":
            return _from_urdf(source)
        return _from_sdf(SdfDocument("1.7", (source,)), source.name)
    if isinstance(source, SdfDocument):
        return _from_sdf(source, model)
    from urdfsdf.document import load_document

    diags = Diagnostics()
    doc = load_document(source, diags)
    if doc is None or diags.has_errors():
        raise TranslationError(diags.items)
    if doc.urdf is not None:
        return _from_urdf(doc.urdf)
    assert doc.sdf is not None
    return _from_sdf(doc.sdf, model)


def _float(text: str | None, default: float = 0.0) -> float:
    try:
        return float(text) if text is not None else default
    except ValueError:
        return default


def _limits(axis: Axis | None) -> tuple[float | None, float | None]:
    limit = axis.limit if axis is not None else None
    if limit is None:
        return None, None
    lower = _float(limit.lower, -math.inf) if limit.lower is not None else None
    upper = _float(limit.upper, math.inf) if limit.upper is not None else None
    return lower, upper


def _kind(jtype: str) -> str:
    return "revolute" if jtype in ("revolute", "continuous") else jtype


def _mass_properties(inertial: Inertial | None, x_ki: Matrix) -> MassProperties:
    """Mass properties of an inertial posed at ``x_ki`` in the kinematic frame."""
    if inertial is None:
        return MassProperties(0.0, (0.0, 0.0, 0.0), (0.0,) * 9)
    ixx, ixy, ixz, iyy, iyz, izz = (_float(t) for t in inertial.inertia)
    i_i = np.array([[ixx, ixy, ixz], [ixy, iyy, iyz], [ixz, iyz, izz]])
    r = x_ki[:3, :3]
    i_k = r @ i_i @ r.T
    com = x_ki[:3, 3]
    return MassProperties(_float(inertial.mass), (float(com[0]), float(com[1]), float(com[2])),
                          tuple(float(v) for v in i_k.reshape(9)))


def _pose(p: object) -> Matrix:
    from urdfsdf.core import transforms as tf

    return _transform_matrix(tf.pose_transform(p))  # type: ignore[arg-type]


def spanning_tree(root: str, links: Iterable[str], joints: Mapping[str, JointInfo],
                  preferred: Collection[str] | None = None) -> dict[str, JointInfo]:
    """The joint above each link in a spanning tree of ``joints`` chosen independently
    of document order: breadth first from ``root``, then from each link it does not
    reach (those no joint has as child first, each set by name), a link's joints taken
    in name order; the first joint to reach a link is its own.  A joint left out
    closes a loop (or joins a link to itself, or names a link not in ``links``).

    ``preferred``: the joints tried first (all the way), the others only for the links
    they leave unreached; so two models, one lacking a joint of the other's loop, take
    the same tree (:meth:`KinematicModel.with_tree`).
    """
    names = set(links)
    kids: dict[str, list[JointInfo]] = {}
    for key in sorted(joints):
        j = joints[key]
        if j.parent in names and j.child in names and j.parent != j.child:
            kids.setdefault(j.parent, []).append(j)
    has_parent = {j.child for js in kids.values() for j in js}
    out: dict[str, JointInfo] = {}
    reached: set[str] = set()

    def grow(starts: Iterable[str], allowed: Collection[str] | None) -> None:
        for start in starts:
            if start not in reached and start in names:
                reached.add(start)
            queue = deque([start] if start in names else [])
            while queue:
                for j in kids.get(queue.popleft(), ()):
                    if j.child not in reached and (allowed is None or j.name in allowed):
                        reached.add(j.child)
                        out[j.child] = j
                        queue.append(j.child)

    firsts = [root, *sorted(names - has_parent)]
    if preferred is not None:
        grow(firsts, preferred)
        firsts = sorted(reached)
    grow([*firsts, *sorted(names)], None)
    return out


def _moved_mass(m: MassProperties, x_new_old: Matrix) -> MassProperties:
    """Mass properties expressed in another frame of their link (``x_new_old``)."""
    r, p = x_new_old[:3, :3], x_new_old[:3, 3]
    com = r @ np.asarray(m.com) + p
    moments = r @ np.asarray(m.moments).reshape(3, 3) @ r.T
    return MassProperties(m.mass, _vec3(com), tuple(float(v) for v in moments.reshape(9)))


def _in_document_order(tree: Mapping[str, JointInfo], joints: Mapping[str, JointInfo]
                       ) -> list[JointInfo]:
    """The joints of ``tree`` in the order of ``joints``."""
    return [j for j in joints.values() if tree.get(j.child) is j]


def _tree_order(links: Iterable[str], joints: Iterable[JointInfo]) -> list[str]:
    """Links parents first, given the joints of a tree (a link no joint reaches stays
    where it is); document order otherwise, so that differences list in it."""
    links = list(links)
    kids: dict[str, list[str]] = {}
    up = set()
    for j in joints:
        kids.setdefault(j.parent, []).append(j.child)
        up.add(j.child)
    out: list[str] = []
    seen: set[str] = set()
    for start in [n for n in links if n not in up] + links:
        stack = [start]
        while stack:
            n = stack.pop()
            if n in seen:
                continue
            seen.add(n)
            out.append(n)
            stack.extend(reversed(kids.get(n, [])))
    return out


def _from_urdf(model: Model) -> KinematicModel:
    joints = {j.name: _urdf_joint_info(j) for j in model.joints}
    origin = {j.name: _pose(j.pose) for j in model.joints}  # X_P_J: the joint origins
    marked = {link.name for link in model.links if link.sdf_frame is not None}
    frames_of = {j.child: j.name for j in model.joints  # frame link -> its fixed joint
                 if j.child in marked and j.type == "fixed"}
    link_names = [link.name for link in model.links]
    middle = _urdf_two_axes(model, joints, origin, link_names)
    world = implied_world(model)  # a `world` parent without its link: the world (Drake)
    if world:
        link_names.insert(0, "world")
    up = {j.child for j in joints.values()}
    # the robot's root, as urdfsdf reads it (several: the first, or `world`)
    roots = urdf_roots([n for n in link_names if n not in up],
                       any(j.parent == "world" for j in joints.values()))
    root = roots[0] if roots else (link_names[0] if link_names else "")
    zero = _urdf_zero(root, link_names, joints, origin)
    inertia = {link.name: _urdf_mass_properties(link.inertial) for link in model.links
               if link.name not in frames_of}
    for name in [*middle, *(["world"] if world else [])]:  # massless, as the SDF has them
        inertia[name] = _mass_properties(None, np.eye(4))
    frames = _urdf_frames(frames_of, joints, origin, zero)
    joint_frames = {j.name: zero[j.parent] @ origin[j.name] for j in joints.values()
                    if j.parent in zero}
    return KinematicModel(name=model.name, format="urdf", root=root, zero=zero,
                          joints=joints, frames=frames, inertia=inertia,
                          joint_frames=joint_frames)


def _urdf_two_axes(model: Model, joints: dict[str, JointInfo], origin: dict[str, Matrix],
                   links: list[str]) -> list[str]:
    """Each universal joint ``J`` of a URDF (Drake's ``<drake:joint>``: about x, then y,
    of its frame) as an SDF one is read: the revolute joints ``J`` and ``J_axis2`` around
    a massless link ``J_axis2_link``, added to ``joints``, ``origin`` and ``links``; the
    middle links."""
    middle = []
    for j in model.joints:
        if j.type != "universal":
            continue
        mid = f"{j.name}_axis2_link"
        joints[j.name] = JointInfo(j.name, j.type, "revolute", j.parent, mid,
                                   (1.0, 0.0, 0.0))
        joints[f"{j.name}_axis2"] = JointInfo(f"{j.name}_axis2", j.type, "revolute", mid,
                                              j.child, (0.0, 1.0, 0.0))
        origin[f"{j.name}_axis2"] = np.eye(4)
        links.append(mid)
        middle.append(mid)
    return middle


def _urdf_mass_properties(inertial: Inertial | None) -> MassProperties:
    """A URDF link's mass properties (its inertial's pose is in the link frame)."""
    return _mass_properties(inertial, _pose(inertial.pose) if inertial is not None
                            else np.eye(4))


def _urdf_zero(root: str, links: list[str], joints: dict[str, JointInfo],
               origin: dict[str, Matrix]) -> dict[str, Matrix]:
    """Every link's frame at zero, the origins of the joints of the spanning tree
    composed from the root (a link no joint reaches: at the identity)."""
    tree = spanning_tree(root, links, joints)
    zero: dict[str, Matrix] = {}
    for name in _tree_order(links, _in_document_order(tree, joints)):
        j = tree.get(name)
        zero[name] = np.eye(4) if j is None else zero[j.parent] @ origin[j.name]
    return zero


def _urdf_joint_info(j: Joint) -> JointInfo:
    """A URDF joint as it moves: its unit axis, its limits."""
    kind = _kind(j.type)
    axis: tuple[float, float, float] | None = None
    if kind in ("revolute", "prismatic", "planar"):
        axis = _vec3(unit(j.axis.xyz if j.axis is not None else (1.0, 0.0, 0.0)))
    lower, upper = _limits(j.axis) if j.type in ("revolute", "prismatic") else (None, None)
    return JointInfo(j.name, j.type, kind, j.parent, j.child, axis, lower, upper,
                     _mimic(j))


def _mimic(j: Joint, prefix: str = "") -> tuple[str, float, float] | None:
    """A joint's mimic relation (leader under ``prefix``, multiplier, offset; URDF's
    defaults 1 and 0)."""
    m = j.mimic
    if m is None:
        return None
    return (prefix + m.joint, _float(m.multiplier, 1.0), _float(m.offset, 0.0))


def _urdf_frames(frames_of: dict[str, str], joints: dict[str, JointInfo],
                 origin: dict[str, Matrix], zero: dict[str, Matrix]
                 ) -> dict[str, tuple[str, Matrix]]:
    """The explicit frames of marked URDF links (``<sdf:frame>``), each on the link its
    chain of fixed joints ends at; their joints and links leave ``joints`` and ``zero``."""
    frames: dict[str, tuple[str, Matrix]] = {}
    for name, jname in frames_of.items():
        fixed = joints.pop(jname)
        frames[name] = (fixed.parent, origin[jname])
        zero.pop(name, None)
    # frames on frames: resolve to the link they end at
    for name, (body, x) in list(frames.items()):
        while body in frames_of and body in frames:
            body, x = frames[body][0], frames[body][1] @ x
        frames[name] = (body, x)
    return frames


def _select(doc: SdfDocument, model: str | None) -> tuple[Model, bool]:
    """The model called ``model`` (or the only/first one) and whether it is in a world."""
    candidates = [(m, False) for m in doc.models] + [(m, True) for w in doc.worlds
                                                   for m in w.models]
    if not candidates:
        raise ValueError(f"no model in the SDF document{_named(model)}")
    if model is None:
        return candidates[0]
    for m, in_world in candidates:
        if m.name == model:
            return m, in_world
    raise ValueError(f"no model{_named(model)} in the SDF document")


def _named(model: str | None) -> str:
    return f" {model!r}" if model is not None else ""


def sdf_model_names(doc: SdfDocument) -> list[str]:
    """Names of the models of a document, its own then its worlds' (repeats too)."""
    return [m.name for m in doc.every_model()]


def _from_sdf(doc: SdfDocument, model_name: str | None) -> KinematicModel:
    from urdfsdf.sdf.frames import analyze

    diags = Diagnostics()
    sem = analyze(doc, diags)
    if diags.has_errors():
        raise TranslationError(diags.items)
    model, in_world = _select(doc, model_name)
    top = sem.models[model.name]
    x_mw = np.eye(4)  # the world's pose in the model frame (a joint to `world`)
    for world in sem.worlds.values():
        if model.name in world.children:
            x_wm = world.pose(model.name)
            if x_wm is not None:
                x_mw = inv(_transform_matrix(x_wm))
    if not in_world and model.pose.relative_to in (None, "", "world"):
        x_mw = inv(_pose(model.pose))
    return _scope_model(model, top, x_mw)


def _prefix(top: Scope, s: Scope) -> str:
    return "" if s is top else s.scoped_name[len(top.scoped_name) + 2:] + "::"


def _must(x: object, what: str) -> Matrix:
    if x is None:
        raise ValueError(f"{what} does not resolve")
    return _transform_matrix(x)  # type: ignore[arg-type]


def _axis(s: Scope, j: Joint, axis: Axis | None) -> tuple[float, float, float]:
    if axis is None:
        return (1.0, 0.0, 0.0)
    v = s.axis_in(j, axis, j.name)
    return v if v is not None else _vec3(unit(axis.xyz))


def _vec3(a: Matrix) -> tuple[float, float, float]:
    return (float(a[0]), float(a[1]), float(a[2]))


@mutable_record
class _ScopeBodies:
    """What :func:`_scope_model` gathers from the scopes of an SDF model."""

    #: X_M_L: SDF link frames
    link_pose: dict[str, Matrix] = field(default_factory=dict)
    #: link -> (inertial, X_M_I)
    inertials: dict[str, tuple[Inertial, Matrix]] = field(default_factory=dict)
    joints: dict[str, JointInfo] = field(default_factory=dict)
    #: joint -> X_M_J (its frame; its child's kinematic frame when it is of the tree)
    joint_pose: dict[str, Matrix] = field(default_factory=dict)
    #: joint -> X_P_J, its frame in its parent's kinematic frame (URDF floating and
    #: planar joints, carried as <urdf:joint>)
    joint_origin: dict[str, Matrix] = field(default_factory=dict)
    #: the massless links: the middle links of two-axis joints, and frames that stand
    #: for URDF links
    massless: set[str] = field(default_factory=set)
    #: explicit frames: X_M_F
    frames: dict[str, Matrix] = field(default_factory=dict)


def _scope_model(model: Model, top: Scope, x_mw: Matrix) -> KinematicModel:
    b = _ScopeBodies()
    for s in top.walk():
        prefix = _prefix(top, s)
        _scope_links(top, s, prefix, b)
        for fname in s.frames:
            b.frames[prefix + fname] = _must(top.pose_of(prefix + fname), f"frame {fname!r}")
        for j in s.joints.values():
            _scope_joint(top, s, j, prefix, b)
    # URDF floating/planar joints carried by urdf2sdf (<urdf:joint>): origin in the parent
    for j in model.urdf_joints:
        if (j.parent in b.link_pose or j.parent == "world") and j.child in b.link_pose:
            b.joints[j.name] = JointInfo(j.name, j.type, j.type, j.parent, j.child, None,
                                         mimic=_mimic(j))
            b.joint_origin[j.name] = _pose(j.pose)
    _frames_for_links(model, top, b)
    root, zero, joint_frames = _scope_zero(top, b, x_mw)
    inertia = {name: _mass_properties(i, inv(zero[name]) @ x_mi)
               for name, (i, x_mi) in b.inertials.items()}
    for mid in [*b.massless, *(["world"] if "world" in zero else [])]:
        inertia[mid] = _mass_properties(None, np.eye(4))
    frames: dict[str, tuple[str, Matrix]] = {}
    for fname, x_mf in b.frames.items():
        body = top.body(fname)
        if body and body in zero:
            frames[fname] = (body, inv(zero[body]) @ x_mf)
    return _urdf_names(model, KinematicModel(name=model.name, format="sdf", root=root,
                                             zero=zero, joints=b.joints, frames=frames,
                                             inertia=inertia, joint_frames=joint_frames))


def _frames_for_links(model: Model, top: Scope, b: _ScopeBodies) -> None:
    """The frames of ``model`` that stand for massless leaf URDF links (``urdf:joint``,
    ``urdf2sdf --massless-as-frames``) as those links, each on its fixed joint from
    the link (or such a frame) it is attached to."""
    for f in model.frames:
        if f.urdf_joint is None or f.name not in b.frames or f.name in b.link_pose:
            continue
        parent = f.attached_to if f.attached_to in b.link_pose else top.body(f.name)
        if not parent or parent not in b.link_pose:
            continue
        x_mf = b.frames.pop(f.name)
        b.link_pose[f.name] = x_mf
        b.massless.add(f.name)
        b.joints[f.urdf_joint] = JointInfo(f.urdf_joint, "fixed", "fixed", parent, f.name,
                                           None)
        b.joint_pose[f.urdf_joint] = x_mf


def _scope_links(top: Scope, s: Scope, prefix: str, b: _ScopeBodies) -> None:
    """The links of scope ``s`` (names with ``prefix``): their frames and inertials."""
    x_ms = _must(top.pose_of(f"{prefix}__model__") if prefix else top.pose("__model__"),
                 f"model {s.scoped_name!r}")
    for link in s.links.values():
        name = prefix + link.name
        b.link_pose[name] = _must(top.pose_of(name), f"link {name!r}")
        inertial = link.inertial or DEFAULT_INERTIAL
        x_si = s.element_pose(link.name, inertial.pose)
        b.inertials[name] = (inertial, x_ms @ _must(x_si, f"inertial of {name!r}"))


def _scope_joint(top: Scope, s: Scope, j: Joint, prefix: str, b: _ScopeBodies) -> None:
    """A joint of scope ``s``: its :class:`JointInfo` (two for a two-axis joint, around a
    massless link) and its child's kinematic frame."""
    name = prefix + j.name
    parent, child = s.joint_bodies(j.name)
    if parent is None or child is None:
        raise ValueError(f"joint {name!r} connects no link")
    if parent == child:
        # two frames of one link (libsdformat loads it in a nested model; see
        # joint_bodies in sdf/frames.py): it moves no link relative to another
        return
    parent = parent if parent == "world" else prefix + parent
    child = prefix + child
    x_mj = _must(top.pose_of(name), f"joint {name!r}")
    lower, upper = _limits(j.axis) if j.type in ("revolute", "prismatic") else (None, None)
    mimic = _mimic(j, prefix)
    if j.type in ("universal", "revolute2"):
        mid = f"{name}_axis2_link"
        b.massless.add(mid)
        b.link_pose[mid] = x_mj
        b.joints[name] = JointInfo(name, j.type, "revolute", parent, mid,
                                   _axis(s, j, j.axis), lower, upper, mimic)
        l2, u2 = _limits(j.axis2)
        b.joints[f"{name}_axis2"] = JointInfo(f"{name}_axis2", j.type, "revolute", mid,
                                              child, _axis(s, j, j.axis2), l2, u2)
        b.joint_pose[f"{name}_axis2"] = x_mj
    else:
        kind = _kind(j.type)
        axis = _axis(s, j, j.axis) if kind in ("revolute", "prismatic", "screw",
                                               "gearbox") else None
        b.joints[name] = JointInfo(name, j.type, kind, parent, child, axis, lower, upper,
                                   mimic)
    b.joint_pose[name] = x_mj


def _scope_zero(top: Scope, b: _ScopeBodies, x_mw: Matrix
                ) -> tuple[str, dict[str, Matrix], dict[str, Matrix]]:
    """The root link, every link's kinematic frame at zero (``world`` when a joint
    names it, at ``x_mw``) and every joint's frame, along the spanning tree."""
    names = [n for n in b.link_pose if n not in b.massless] + sorted(b.massless)
    if any(j.parent == "world" for j in b.joints.values()):
        names.insert(0, "world")
        b.link_pose["world"] = x_mw
    if not names:
        return "", {}, {}  # a model of frames only
    up = {j.child for j in b.joints.values()}
    roots = [n for n in names if n not in up]
    canonical = top.canonical_link
    root = canonical if canonical in roots else (
        roots[0] if roots else canonical if canonical in names else names[0])
    if "world" in roots:
        root = "world"
    tree = spanning_tree(root, names, b.joints)
    zero: dict[str, Matrix] = {}
    for name in _tree_order([root, *names], _in_document_order(tree, b.joints)):
        j = tree.get(name)
        zero[name] = b.link_pose[name] if j is None else _joint_frame(b, j, zero)
    frames = {j.name: _joint_frame(b, j, zero) for j in b.joints.values()
              if j.name in b.joint_pose or j.parent in zero}
    return root, zero, frames


def _joint_frame(b: _ScopeBodies, j: JointInfo, zero: Mapping[str, Matrix]) -> Matrix:
    """X_M_J of a joint: as resolved, or its origin in its parent's kinematic frame."""
    if j.name in b.joint_pose:
        return b.joint_pose[j.name]
    out: Matrix = zero[j.parent] @ b.joint_origin[j.name]
    return out


def _urdf_names(model: Model, km: KinematicModel) -> KinematicModel:
    """``km`` under the URDF names of what urdf2sdf renamed (names SDFormat forbids;
    ``urdf:name``)."""
    links = {x.name: x.original_name for x in model.links if x.original_name}
    jnames = {x.name: x.original_name for x in model.joints if x.original_name}
    if not links and not jnames:
        return km

    def ln(n: str) -> str:
        return links.get(n) or n

    def jn(n: str) -> str:
        return jnames.get(n) or n

    joints = {jn(k): replace(j, name=jn(k), parent=ln(j.parent), child=ln(j.child),
                             mimic=j.mimic and (jn(j.mimic[0]), *j.mimic[1:]))
              for k, j in km.joints.items()}
    return KinematicModel(name=km.name, format=km.format, root=ln(km.root),
                          zero={ln(k): v for k, v in km.zero.items()}, joints=joints,
                          frames={k: (ln(b), x) for k, (b, x) in km.frames.items()},
                          inertia={ln(k): v for k, v in km.inertia.items()},
                          joint_frames={jn(k): v for k, v in km.joint_frames.items()})


def default_configurations(model: KinematicModel, count: int = 3,
                           seed: int = 0) -> list[dict[str, float]]:
    """Zero, then ``count`` configurations drawn within each joint's limits (seeded).

    A joint without finite bounds moves within [-pi, pi] (revolute) or [-1, 1] m
    (prismatic).
    """
    rng = np.random.default_rng(seed)
    out: list[dict[str, float]] = [{}]
    for _ in range(count):
        q = {}
        for j in model.moving_joints():
            lo, hi = bounds(j)
            q[j.name] = float(rng.uniform(lo, hi)) if hi > lo else lo
        out.append(q)
    return out


def bounds(j: JointInfo) -> tuple[float, float]:
    """The range a joint's random values come from (its limits where finite)."""
    span = math.pi if j.kind == "revolute" else 1.0
    lo = j.lower if j.lower is not None and math.isfinite(j.lower) and j.lower > -1e15 \
        else -span
    hi = j.upper if j.upper is not None and math.isfinite(j.upper) and j.upper < 1e15 else span
    return (lo, hi) if lo <= hi else (lo, lo)
