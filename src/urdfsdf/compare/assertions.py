"""What differs between two models: kinematics, spatial inertia, the document.

Each ``*_differences`` function returns a list of :class:`Difference` (empty:
the same); each ``assert_same_*`` raises ``AssertionError`` listing them, one
per line, each with the path of the element it is about (``link[@name='arm']``,
``joint[@name='j1']/axis``, ``joint[@name='j1']/origin/@xyz``).  Every function
takes URDF or SDF text, a path, or the IR (:data:`~urdfsdf.compare.kinematics.ModelSource`),
so a URDF can be compared with the SDF made from it (see
:mod:`urdfsdf.compare.kinematics` for what is compared across formats).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping

import numpy as np

from urdfsdf.compare.document import DEFAULT_NORMALISE, DocumentSource, document_differences
from urdfsdf.compare.kinematics import (
    Configuration,
    JointInfo,
    KinematicModel,
    MassProperties,
    ModelSource,
    default_configurations,
    inv,
    kinematic_model,
)
from urdfsdf.core.ir import evolve
from urdfsdf.core.record import record

#: default tolerances: pose entries (rotation matrix and metres), relative inertia
KINEMATICS_TOL = 1e-9
INERTIA_RTOL = 1e-6

Configurations = Iterable[Configuration] | int | None
#: names of the first model's links, joints and frames in the second model
Rename = Mapping[str, str] | Callable[[str], str] | None


@record
class Difference:
    """One difference: which check found it, the element's path, what differs."""

    check: str  # "kinematics", "inertia", "document", "middle" (roundtrip: compare.middle)
    path: str
    message: str

    def __str__(self) -> str:
        return f"{self.path}: {self.message}"

    def to_dict(self) -> dict[str, str]:
        """``{check, path, message}`` (``urdfsdf roundtrip --format json``)."""
        return {"check": self.check, "path": self.path, "message": self.message}


def _renamed(model: KinematicModel, rename: Rename) -> KinematicModel:
    """``model`` with its link, joint and frame names as ``rename`` says."""
    if rename is None:
        return model

    def n(name: str) -> str:
        return _new_name(name, rename)

    return KinematicModel(
        model.name, model.format, n(model.root), {n(k): v for k, v in model.zero.items()},
        {n(k): evolve(j, name=n(j.name), parent=n(j.parent), child=n(j.child),
                      mimic=j.mimic and (n(j.mimic[0]), *j.mimic[1:]))
         for k, j in model.joints.items()},
        {n(k): (n(body), x) for k, (body, x) in model.frames.items()},
        {n(k): v for k, v in model.inertia.items()},
        {n(k): v for k, v in model.joint_frames.items()})


def _fail(what: str, found: list[Difference]) -> None:
    if found:
        lines = "\n".join(f"  {d}" for d in found)
        raise AssertionError(f"{what}: {len(found)} difference(s)\n{lines}")


def _q_text(q: Configuration) -> str:
    if not q:
        return "zero"
    return "{" + ", ".join(f"{k}: {v:.6g}" for k, v in q.items()) + "}"


def _vec(v: np.ndarray) -> str:
    return "[" + " ".join(f"{float(x):.9g}" for x in v) + "]"


def _configurations(model: KinematicModel, configurations: Configurations
                    ) -> list[Configuration]:
    if configurations is None:
        return list(default_configurations(model))
    if isinstance(configurations, int):
        return list(default_configurations(model, configurations))
    return list(configurations) or [{}]


def _names(check: str, kind: str, a: Iterable[str], b: Iterable[str]) -> list[Difference]:
    sa, sb = set(a), set(b)
    return ([Difference(check, f"{kind}[@name={n!r}]", "missing from the second model")
             for n in sorted(sa - sb)]
            + [Difference(check, f"{kind}[@name={n!r}]", "not in the first model")
               for n in sorted(sb - sa)])


def kinematics_differences(a: ModelSource, b: ModelSource, *,
                           configurations: Configurations = None,
                           tol: float = KINEMATICS_TOL,
                           model: str | None = None, rename: Rename = None) -> list[Difference]:
    """Where ``a`` and ``b`` do not move alike.

    The same links, joints (parent, child, how they move, the joint they mimic
    and how) and explicit frames;
    the pose of every link and frame relative to the root link at each
    configuration (joint values by name; default: zero and three random ones
    within ``a``'s limits, seeded; an int: that many random ones): the distance
    between positions (m) and the angle between orientations (rad) within
    ``tol``; every moving joint's axis direction.  Poses follow a spanning tree
    chosen independently of document order
    (:func:`~urdfsdf.compare.kinematics.spanning_tree`); a joint that closes a loop
    is compared by its own frame and axis at zero, where the loop is closed (random
    joint values of a loop are no configuration of it).  Each frame is reported once, at
    the first configuration where it is off, with the joints on its path from the
    root whose own transform changed (``moved by joint 'j1'``).
    ``model`` picks a model of an SDF document holding several; ``rename`` (a
    mapping or a function) gives the second model's name of each link, joint and
    frame of the first (for code that renames them).  Configurations name the
    first model's joints.
    """
    ka, kb = kinematic_model(a, model), kinematic_model(b, model)
    qs = _configurations(ka, configurations)
    if rename is not None:
        ka = _renamed(ka, rename)
        qs = [{_new_name(name, rename): v for name, v in q.items()} for q in qs]
    ka, kb = _one_tree(ka, kb)
    out = _tree_differences(ka, kb, tol)
    reported: set[tuple[str, str]] = set()  # (kind, name): each reported once
    for q in qs:
        out += _pose_differences(ka, kb, q, tol, reported)
    return out + _loop_differences(ka, kb, tol)


def _one_tree(ka: KinematicModel, kb: KinematicModel) -> tuple[KinematicModel, KinematicModel]:
    """``ka`` and ``kb`` on spanning trees that take the joints they share first, when
    one has a joint the other lacks: a joint of a loop one model lacks (the loop joint
    sdf2urdf cuts into a ``<gazebo>`` block) must not change the kinematic frame of a
    link that both reach otherwise."""
    if ka.joints.keys() == kb.joints.keys():
        return ka, kb
    shared = ka.joints.keys() & kb.joints.keys()
    return ka.with_tree(shared), kb.with_tree(shared)


def _tree_differences(ka: KinematicModel, kb: KinematicModel, tol: float
                      ) -> list[Difference]:
    """Links, joints and frames of one model only; the root; joints that join other
    links, move otherwise or mimic otherwise."""
    out = _names("kinematics", "link", ka.zero, kb.zero)
    out += _names("kinematics", "joint", ka.joints, kb.joints)
    out += _names("kinematics", "frame", ka.frames, kb.frames)
    if ka.root != kb.root:
        out.append(Difference("kinematics", f"link[@name={ka.root!r}]",
                              f"root link {ka.root!r} != {kb.root!r}"))
    for name, ja in ka.joints.items():
        jb = kb.joints.get(name)
        if jb is None:
            continue
        path = f"joint[@name={name!r}]"
        for key in ("parent", "child"):
            va, vb = getattr(ja, key), getattr(jb, key)
            if va != vb:
                out.append(Difference("kinematics", f"{path}/{key}", f"{va!r} != {vb!r}"))
        if ja.kind != jb.kind:
            out.append(Difference("kinematics", f"{path}/@type",
                                  f"{ja.type!r} != {jb.type!r} (moves as {ja.kind} != "
                                  f"{jb.kind})"))
        out += _mimic_differences(path, ja.mimic, jb.mimic, tol)
    return out


def _mimic_differences(path: str, a: tuple[str, float, float] | None,
                       b: tuple[str, float, float] | None, tol: float) -> list[Difference]:
    """How a joint's mimic relations differ: one missing, another leader, another
    multiplier or offset (beyond ``tol``, relative to their size)."""
    path = f"{path}/mimic"
    if a is None and b is None:
        return []
    if a is None or b is None:
        what = "missing from the second model" if b is None else "not in the first model"
        shown = a or b
        assert shown is not None
        return [Difference("kinematics", path, f"{what} (follows joint {shown[0]!r}, "
                                               f"multiplier {shown[1]:.9g}, offset "
                                               f"{shown[2]:.9g})")]
    out = []
    if a[0] != b[0]:
        out.append(Difference("kinematics", f"{path}/@joint", f"{a[0]!r} != {b[0]!r}"))
    for key, va, vb in (("multiplier", a[1], b[1]), ("offset", a[2], b[2])):
        if abs(va - vb) > tol * max(1.0, abs(va), abs(vb)):
            out.append(Difference("kinematics", f"{path}/@{key}", f"{va:.9g} != {vb:.9g}"))
    return out


def _loop_differences(ka: KinematicModel, kb: KinematicModel, tol: float
                      ) -> list[Difference]:
    """The joints that close a loop (in either model), compared as joints: the pose of
    their own frame and the direction of their axis at zero, in the root link frame."""
    loops = [j.name for j in ka.loop_joints()]
    loops += [j.name for j in kb.loop_joints() if j.name not in loops]
    out = []
    for name in loops:
        ja, jb = ka.joints.get(name), kb.joints.get(name)
        xa, xb = _joint_frame_at_zero(ka, name), _joint_frame_at_zero(kb, name)
        if ja is None or jb is None or xa is None or xb is None:
            continue  # one model only: listed already
        path = f"joint[@name={name!r}]"
        d = _pose_difference(xa, xb, tol)
        if d:
            out.append(Difference("kinematics", path, f"closes a loop; its frame at zero "
                                                      f"(in the root link frame): {d}"))
        if ja.axis is not None and jb.axis is not None:
            da, db = xa[:3, :3] @ np.asarray(ja.axis), xb[:3, :3] @ np.asarray(jb.axis)
            if float(np.max(np.abs(da - db))) > tol:
                out.append(Difference("kinematics", f"{path}/axis",
                                      f"closes a loop; direction at zero (in the root "
                                      f"link frame) {_vec(da)} != {_vec(db)}"))
    return out


def _joint_frame_at_zero(model: KinematicModel, joint: str) -> np.ndarray | None:
    """``X_root_J`` of a joint at zero (None: not known)."""
    x = model.joint_frames.get(joint)
    if x is None or model.root not in model.zero:
        return None
    out: np.ndarray = inv(model.zero[model.root]) @ x
    return out


def _pose_differences(ka: KinematicModel, kb: KinematicModel, q: Configuration, tol: float,
                      reported: set[tuple[str, str]]) -> list[Difference]:
    """Links, frames and joint axes off at configuration ``q`` (not ``reported`` yet)."""
    pa, pb = ka.poses(q), kb.poses(q)
    causes = _Causes(ka, kb, pa, pb, tol)
    up = causes.up
    out = []
    for kind, xa, xb in (("link", pa, pb), ("frame", ka.frame_poses(pa), kb.frame_poses(pb))):
        for name in xa:
            if name not in xb or (kind, name) in reported:
                continue
            d = _pose_difference(xa[name], xb[name], tol)
            if d:
                reported.add((kind, name))
                frame = f" (the frame of its joint {up[name].name!r})" if \
                    kind == "link" and name in up else ""
                why = causes.of_link(name) if kind == "link" else causes.of_frame(name)
                out.append(Difference("kinematics", f"{kind}[@name={name!r}]",
                                      f"at {_q_text(q)}{frame}: {d}{why}"))
    # of the tree in both (a joint that closes a loop: _loop_differences)
    trees = {j.name for j in up.values()} & {j.name for j in kb.tree().values()}
    for name, ja in ka.joints.items():
        if ("joint", name) not in reported and name in trees:
            axis = _axis_difference(ja, kb.joints.get(name), pa, pb, tol)
            if axis:
                reported.add(("joint", name))
                out.append(Difference("kinematics", f"joint[@name={name!r}]/axis",
                                      f"at {_q_text(q)}: {axis}{causes.of_link(ja.child)}"))
    return out


def _axis_difference(ja: JointInfo, jb: JointInfo | None, pa: Mapping[str, np.ndarray],
                     pb: Mapping[str, np.ndarray], tol: float) -> str:
    """How the directions of a joint's axis differ (in the root link frame); ``""``
    within ``tol`` or where there is nothing to compare."""
    if jb is None or ja.axis is None or jb.axis is None:
        return ""
    if ja.child not in pa or jb.child not in pb:
        return ""
    da = pa[ja.child][:3, :3] @ np.asarray(ja.axis)
    db = pb[jb.child][:3, :3] @ np.asarray(jb.axis)
    if float(np.max(np.abs(da - db))) <= tol:
        return ""
    return f"direction (in the root link frame) {_vec(da)} != {_vec(db)}"


def _new_name(name: str, rename: Rename) -> str:
    if isinstance(rename, Mapping):
        return rename.get(name, name)
    return rename(name) if rename is not None else name


def rotation_angle(a: np.ndarray, b: np.ndarray) -> float:
    """The angle (rad) of the rotation between the rotation parts of ``a`` and ``b``.

    From the Frobenius distance, ``|Ra - Rb| = 2 sqrt(2) sin(angle / 2)``: exact
    near zero, where ``arccos`` of the trace would round 1e-16 up to 1e-8 rad.
    """
    d = float(np.linalg.norm(a[:3, :3] - b[:3, :3])) / (2.0 * math.sqrt(2.0))
    return 2.0 * math.asin(min(1.0, d))


def _pose_difference(a: np.ndarray, b: np.ndarray, tol: float) -> str:
    """How far pose ``b`` is from ``a`` (metres, radians); ``""`` within ``tol``."""
    dp = float(np.linalg.norm(a[:3, 3] - b[:3, 3]))
    dr = rotation_angle(a, b)
    if dr <= tol and dp <= tol:
        return ""
    parts = []
    if dp > tol:
        parts.append(f"position off by {dp:.3g} m ({_vec(a[:3, 3])} != {_vec(b[:3, 3])})")
    if dr > tol:
        parts.append(f"rotation off by {dr:.3g} rad")
    return ", ".join(parts)


class _Causes:
    """Which joints (or explicit frame poses) moved a frame: those on its path from the
    root whose own transform differs (child relative to parent, at one configuration)."""

    def __init__(self, ka: KinematicModel, kb: KinematicModel, pa: Mapping[str, np.ndarray],
                 pb: Mapping[str, np.ndarray], tol: float) -> None:
        self.ka, self.kb, self.pa, self.pb, self.tol = ka, kb, pa, pb, tol
        self.up = ka.tree()
        self.memo: dict[str, tuple[str, ...]] = {}

    def _moved(self, parent: str, child: str) -> bool:
        pa, pb = self.pa, self.pb
        if parent not in pb or child not in pb:
            return False
        return bool(_pose_difference(inv(pa[parent]) @ pa[child],
                                     inv(pb[parent]) @ pb[child], self.tol))

    def _joints(self, link: str) -> tuple[str, ...]:
        """The joints above ``link`` (its own too) that moved, root first."""
        memo = self.memo
        chain: list[str] = []
        cur = link
        while cur not in memo:
            j = self.up.get(cur)
            if j is None or j.parent not in self.pa or cur in chain:
                memo[cur] = ()
                break
            chain.append(cur)
            cur = j.parent
        for name in reversed(chain):
            j = self.up[name]
            memo[name] = memo[j.parent] + ((j.name,) if self._moved(j.parent, name) else ())
        return memo[link]

    @staticmethod
    def _text(what: list[str]) -> str:
        if not what:
            return ""
        shown = ", ".join(what[:3]) + (f" and {len(what) - 3} more" if len(what) > 3 else "")
        return f"; moved by {shown}"

    def of_link(self, link: str) -> str:
        return self._text([f"joint {j!r}" for j in self._joints(link)])

    def of_frame(self, frame: str) -> str:
        body, x_a = self.ka.frames[frame]
        what = [f"joint {j!r}" for j in self._joints(body)]
        other = self.kb.frames.get(frame)
        if other is not None and (other[0] != body or _pose_difference(x_a, other[1], self.tol)):
            what.append(f"its own pose (relative to link {body!r})")
        return self._text(what)


def assert_same_kinematics(a: ModelSource, b: ModelSource, *,
                           configurations: Configurations = None,
                           tol: float = KINEMATICS_TOL, model: str | None = None,
                           rename: Rename = None) -> None:
    """Raise ``AssertionError`` naming each link, joint or frame where ``a`` and ``b``
    do not move alike (:func:`kinematics_differences`)."""
    _fail("kinematics differ", kinematics_differences(
        a, b, configurations=configurations, tol=tol, model=model, rename=rename))


def _close(a: float, b: float, rtol: float, atol: float) -> bool:
    return abs(a - b) <= rtol * max(abs(a), abs(b)) + atol


def inertia_differences(a: ModelSource, b: ModelSource, *, rtol: float = INERTIA_RTOL,
                        atol: float = 1e-12, model: str | None = None,
                        rename: Rename = None) -> list[Difference]:
    """Where the links of ``a`` and ``b`` do not have the same spatial inertia.

    Per link: the 6x6 spatial inertia about and in the link's kinematic frame
    (mass, centre of mass, moments), within ``rtol`` of its largest entry (plus
    ``atol``); the message says which part differs.  ``rename``: as for
    :func:`kinematics_differences`.
    """
    ka, kb = _one_tree(_renamed(kinematic_model(a, model), rename),
                       kinematic_model(b, model))
    out = _names("inertia", "link", ka.inertia, kb.inertia)
    for name, ia in ka.inertia.items():
        ib = kb.inertia.get(name)
        if ib is None:
            continue
        out += _mass_differences(f"link[@name={name!r}]/inertial", ia, ib, rtol, atol)
    return out


def _mass_differences(path: str, a: MassProperties, b: MassProperties, rtol: float,
                      atol: float) -> list[Difference]:
    """Mass, centre of mass and moments, each within ``rtol`` of its own size."""
    out = []
    if not _close(a.mass, b.mass, rtol, atol):
        out.append(Difference("inertia", f"{path}/mass", f"{a.mass:.9g} != {b.mass:.9g} kg"))
    dc = float(np.max(np.abs(np.subtract(a.com, b.com))))
    if a.mass and b.mass and dc > rtol * max(1.0, *map(abs, (*a.com, *b.com))) + atol:
        out.append(Difference("inertia", f"{path}/origin",
                              f"centre of mass {_vec(np.asarray(a.com))} != "
                              f"{_vec(np.asarray(b.com))}"))
    ma, mb = a.spatial()[:3, :3], b.spatial()[:3, :3]
    scale = max(float(np.max(np.abs(ma))), float(np.max(np.abs(mb))))
    if float(np.max(np.abs(ma - mb))) > rtol * scale + atol:
        out.append(Difference("inertia", f"{path}/inertia",
                              f"rotational inertia about the link frame origin "
                              f"{_vec(ma.reshape(9))} != {_vec(mb.reshape(9))}"))
    return out


def assert_same_inertia(a: ModelSource, b: ModelSource, *, rtol: float = INERTIA_RTOL,
                        atol: float = 1e-12, model: str | None = None,
                        rename: Rename = None) -> None:
    """Raise ``AssertionError`` naming each link whose spatial inertia differs
    (:func:`inertia_differences`)."""
    _fail("inertias differ", inertia_differences(a, b, rtol=rtol, atol=atol, model=model,
                                                 rename=rename))


def document_diff(a: DocumentSource, b: DocumentSource,
                  normalise: Iterable[str] = DEFAULT_NORMALISE) -> list[Difference]:
    """:func:`~urdfsdf.compare.document.document_differences` as :class:`Difference` records."""
    return [Difference("document", path, what)
            for path, what in document_differences(a, b, normalise)]


def assert_same_document(a: DocumentSource, b: DocumentSource, *,
                         normalise: Iterable[str] = DEFAULT_NORMALISE) -> None:
    """Raise ``AssertionError`` naming each element (and attribute) that differs.

    Elements are matched by their path of ``tag[@name='..']`` steps, order free;
    attributes and text are compared as text.  ``normalise`` names what may
    differ (:data:`~urdfsdf.compare.document.NORMALISATIONS`; default: only an
    ``<origin>`` without ``xyz``/``rpy``, as the README's lossless round trip).
    """
    _fail("documents differ", document_diff(a, b, normalise))

