"""Forward kinematics computed independently of urdfsdf, for SDF models and URDFs.

An SDF model is described by a :class:`Spec` (read from XML by
:func:`spec_from_xml`, or drawn by a hypothesis strategy); its poses come from
walking each relative_to chain here, not from urdfsdf's frame engine.  A URDF
is read by :func:`parse_urdf` straight from lxml.  The numpy pose math is
that of :mod:`urdfsdf.compare.kinematics` (plain numpy, nothing of the
translator).  :func:`check_kinematics`
compares the two at the joint values of the spec.  Shared by the sdf2urdf
tests (translate/, corpus/).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
from lxml import etree

import urdfsdf
from urdfsdf.compare.kinematics import inv, pose_matrix, rotation, translation
from urdfsdf.sdf.frames import analyze_model

TOL = 1e-9
INERTIA_KEYS = ("ixx", "ixy", "ixz", "iyy", "iyz", "izz")


HALF_PI = math.pi / 2


MODEL = "__model__"


def unit(v: np.ndarray | tuple[float, ...]) -> np.ndarray:
    a = np.asarray(v, dtype=float)
    return a / np.linalg.norm(a)


def motion(jtype: str, axis: np.ndarray | None, q: float) -> np.ndarray:
    """The joint's motion at ``q`` in its own frame (URDF and SDF agree)."""
    if jtype in ("revolute", "continuous"):
        assert axis is not None
        return rotation(axis, q)
    if jtype == "prismatic":
        assert axis is not None
        return translation(axis, q)
    if jtype in ("floating", "planar"):
        assert q == 0.0, "floating/planar joints are only evaluated at their zero"
        return np.eye(4)
    assert jtype == "fixed", jtype
    return np.eye(4)


def assert_same_pose(what: str, got: np.ndarray, expected: np.ndarray,
                     tol: float = TOL) -> None:
    """Rotation matrices and positions equal within ``tol`` (absolute)."""
    dr = float(np.max(np.abs(got[:3, :3] - expected[:3, :3])))
    dp = float(np.max(np.abs(got[:3, 3] - expected[:3, 3])))
    assert dr <= tol and dp <= tol, (
        f"{what}: rotation off by {dr:.3g}, position off by {dp:.3g}\n"
        f"got\n{np.round(got, 12)}\nexpected\n{np.round(expected, 12)}")


def _floats(text: str | None, default: tuple[float, ...]) -> tuple[float, ...]:
    return tuple(float(t) for t in text.split()) if text else default


def origin_matrix(el: etree._Element | None) -> np.ndarray:
    if el is None:
        return np.eye(4)
    return pose_matrix(_floats(el.get("xyz"), (0.0, 0.0, 0.0)),
                       _floats(el.get("rpy"), (0.0, 0.0, 0.0)))


@dataclass
class UrdfRobot:
    """What FK needs of a URDF: joints, link contents, the root."""

    root: str
    links: dict[str, etree._Element]
    #: child link -> (joint name, type, parent, origin, axis)
    up: dict[str, tuple[str, str, str, np.ndarray, np.ndarray]]
    joint_types: dict[str, str]

    def fk(self, q: dict[str, float]) -> dict[str, np.ndarray]:
        """Every link frame relative to the root link at joint values ``q``."""
        out: dict[str, np.ndarray] = {self.root: np.eye(4)}

        def frame(link: str) -> np.ndarray:
            if link in out:
                return out[link]
            name, jtype, parent, origin, axis = self.up[link]
            x = frame(parent) @ origin @ motion(jtype, axis, q.get(name, 0.0))
            out[link] = x
            return x

        for link in self.links:
            frame(link)
        return out

    def element(self, link: str, kind: str, name: str | None) -> etree._Element:
        """The visual/collision called ``name`` (``inertial`` when kind is inertial)."""
        el = self.links[link]
        if kind == "inertial":
            found = el.find("inertial")
        else:
            found = next((c for c in el.findall(kind) if c.get("name") == name), None)
        assert found is not None, f"URDF link {link!r} has no {kind} {name!r}"
        return found


def parse_urdf(text: str) -> UrdfRobot:
    root_el = etree.fromstring(text.encode())
    assert root_el.tag == "robot"
    links = {el.get("name"): el for el in root_el.findall("link")}
    up: dict[str, tuple[str, str, str, np.ndarray, np.ndarray]] = {}
    types: dict[str, str] = {}
    for j in root_el.findall("joint"):
        child = j.find("child").get("link")
        parent = j.find("parent").get("link")
        assert child not in up, f"link {child!r} has two parent joints"
        axis_el = j.find("axis")
        axis = np.array(_floats(axis_el.get("xyz") if axis_el is not None else None,
                                (1.0, 0.0, 0.0)))
        up[child] = (j.get("name"), j.get("type"), parent, origin_matrix(j.find("origin")), axis)
        types[j.get("name")] = j.get("type")
    roots = [n for n in links if n not in up]
    assert len(roots) == 1, f"URDF roots: {roots}"
    return UrdfRobot(roots[0], links, up, types)


@dataclass
class P:
    """A //pose: values, relative_to (None: the default), written or not."""

    xyz: tuple[float, float, float] = (0.0, 0.0, 0.0)
    rpy: tuple[float, float, float] = (0.0, 0.0, 0.0)
    relative_to: str | None = None
    written: bool = True  # False: no <pose> element at all

    def matrix(self) -> np.ndarray:
        return pose_matrix(self.xyz, self.rpy)

    def xml(self, indent: str) -> str:
        if not self.written:
            return ""
        attr = f' relative_to="{self.relative_to}"' if self.relative_to is not None else ""
        if self.xyz == (0.0, 0.0, 0.0) and self.rpy == (0.0, 0.0, 0.0) and attr:
            return f"{indent}<pose{attr}/>\n"
        nums = " ".join(repr(v) for v in (*self.xyz, *self.rpy))
        return f"{indent}<pose{attr}>{nums}</pose>\n"


@dataclass
class AxisSpec:
    xyz: tuple[float, float, float]
    expressed_in: str | None
    limit: tuple[float, float] | None


@dataclass
class Elem:
    """A link, joint or explicit frame of a generated model."""

    kind: str  # "link", "joint", "frame"
    name: str
    pose: P = field(default_factory=P)
    # joint
    jtype: str = ""
    parent: str = ""
    child: str = ""
    axes: list[AxisSpec] = field(default_factory=list)
    # frame
    attached_to: str | None = None
    # link contents: (name, pose) of visuals and collisions; the inertial
    visuals: list[tuple[str, P]] = field(default_factory=list)
    collisions: list[tuple[str, P]] = field(default_factory=list)
    inertial: P | None = None
    mass: str = "1.5"
    inertia: tuple[str, ...] = ("0.3", "0.01", "0.02", "0.4", "0.03", "0.5")

    def default_rel(self) -> str:
        if self.kind == "joint":
            return self.child
        if self.kind == "frame":
            return self.attached_to or MODEL
        return MODEL


@dataclass
class Spec:
    """A generated model: elements in document order, the tree, joint values."""

    elems: dict[str, Elem]
    doc_order: list[str]
    root: str
    q: dict[str, tuple[float, ...]]

    @property
    def links(self) -> list[Elem]:
        return [e for e in self.elems.values() if e.kind == "link"]

    @property
    def joints(self) -> list[Elem]:
        return [e for e in self.elems.values() if e.kind == "joint"]

    @property
    def frames(self) -> list[Elem]:
        return [e for e in self.elems.values() if e.kind == "frame"]

    @property
    def canonical(self) -> str:
        return next(n for n in self.doc_order if self.elems[n].kind == "link")

    def xml(self) -> str:
        out = ['<?xml version="1.0"?>\n<sdf version="1.7">\n  <model name="random">\n']
        for name in self.doc_order:
            e = self.elems[name]
            if e.kind == "link":
                out.append(f'    <link name="{name}">\n{e.pose.xml("      ")}')
                if e.inertial is not None:
                    moments = "".join(f"<{k}>{v}</{k}>" for k, v in zip(
                        INERTIA_KEYS, e.inertia, strict=True))
                    out.append(f'      <inertial>\n{e.inertial.xml("        ")}'
                               f"        <mass>{e.mass}</mass>\n"
                               f"        <inertia>{moments}</inertia>\n      </inertial>\n")
                for vname, vpose in e.visuals:
                    out.append(f'      <visual name="{vname}">\n{vpose.xml("        ")}'
                               "        <geometry><box><size>0.1 0.2 0.3</size></box>"
                               "</geometry>\n      </visual>\n")
                for cname, cpose in e.collisions:
                    out.append(f'      <collision name="{cname}">\n{cpose.xml("        ")}'
                               "        <geometry><sphere><radius>0.1</radius></sphere>"
                               "</geometry>\n      </collision>\n")
                out.append("    </link>\n")
            elif e.kind == "joint":
                out.append(f'    <joint name="{name}" type="{e.jtype}">\n'
                           f'{e.pose.xml("      ")}      <parent>{e.parent}</parent>\n'
                           f"      <child>{e.child}</child>\n")
                for tag, ax in zip(("axis", "axis2"), e.axes, strict=False):
                    attr = f' expressed_in="{ax.expressed_in}"' if ax.expressed_in else ""
                    xyz = " ".join(repr(v) for v in ax.xyz)
                    out.append(f"      <{tag}>\n        <xyz{attr}>{xyz}</xyz>\n")
                    if ax.limit is not None:
                        out.append(f"        <limit><lower>{ax.limit[0]!r}</lower>"
                                   f"<upper>{ax.limit[1]!r}</upper></limit>\n")
                    out.append(f"      </{tag}>\n")
                out.append("    </joint>\n")
            else:
                attr = f' attached_to="{e.attached_to}"' if e.attached_to is not None else ""
                out.append(f'    <frame name="{name}"{attr}>\n{e.pose.xml("      ")}'
                           "    </frame>\n")
        out.append("  </model>\n</sdf>\n")
        return "".join(out)


def _read_pose(el: etree._Element | None) -> P:
    if el is None:
        return P(written=False)
    values = tuple(float(t) for t in (el.text or "").split()) or (0.0,) * 6
    assert len(values) == 6, "only xyz rpy poses"
    return P(values[:3], values[3:], el.get("relative_to") or None)  # type: ignore[arg-type]


def spec_from_xml(text: str, q: dict[str, tuple[float, ...]] | None = None) -> Spec:
    """A :class:`Spec` of any single-model SDFormat 1.7 file without nested models.

    Read with lxml only (what the generator would have written), so hand-written
    and benchmark models get the same independent kinematics.
    """
    root = etree.fromstring(text.encode())
    model = root.find("model")
    if model is None:
        model = root.find("world/model")
    assert model is not None and model.find("model") is None
    elems: dict[str, Elem] = {}
    order: list[str] = []
    for el in model:
        if el.tag not in ("link", "joint", "frame"):
            continue
        name = el.get("name")
        e = Elem(el.tag, name, _read_pose(el.find("pose")))
        order.append(name)
        elems[name] = e
        if el.tag == "link":
            e.visuals = [(v.get("name"), _read_pose(v.find("pose")))
                         for v in el.findall("visual")]
            e.collisions = [(c.get("name"), _read_pose(c.find("pose")))
                            for c in el.findall("collision")]
            inertial = el.find("inertial")
            if inertial is not None:
                e.inertial = _read_pose(inertial.find("pose"))
                e.mass = inertial.findtext("mass", "1").strip()
                e.inertia = tuple(inertial.findtext(f"inertia/{k}", "0").strip()
                                  for k in INERTIA_KEYS)
        elif el.tag == "joint":
            e.jtype = el.get("type")
            e.parent = el.findtext("parent").strip()
            e.child = el.findtext("child").strip()
            for tag in ("axis", "axis2") if e.jtype in ("universal", "revolute2") else ("axis",):
                ax = el.find(tag)
                if e.jtype in ("fixed", "ball"):
                    break
                xyz_el = ax.find("xyz") if ax is not None else None
                default = "1 0 0" if tag == "axis" else "0 1 0"
                xyz = tuple(float(t) for t in (xyz_el.text if xyz_el is not None
                                               else default).split())
                limit = None
                if ax is not None and ax.find("limit/lower") is not None:
                    limit = (float(ax.findtext("limit/lower")),
                             float(ax.findtext("limit/upper")))
                e.axes.append(AxisSpec(xyz, xyz_el.get("expressed_in") if xyz_el is not None
                                       else None, limit))  # type: ignore[arg-type]
        else:
            e.attached_to = el.get("attached_to") or None
    up = {e.child for e in elems.values() if e.kind == "joint"}
    roots = [n for n in order if elems[n].kind == "link" and n not in up]
    assert len(roots) == 1, roots
    if q is None:
        rng = np.random.default_rng(7)
        q = {n: tuple(rng.uniform(-1.0, 1.0, DOFS.get(e.jtype or "", 1)))
             for n, e in elems.items() if e.kind == "joint"}
    return Spec(elems, order, roots[0], q)


#: the joint types with more than one value, and how many (the URDF's joints for each)
DOFS = {"universal": 2, "revolute2": 2, "ball": 3}


class SdfKinematics:
    """Poses of a generated model's frames at zero and at given joint values."""

    def __init__(self, spec: Spec) -> None:
        self.spec = spec
        self.x0: dict[str, np.ndarray] = {MODEL: np.eye(4)}
        for name in spec.elems:
            self.zero(name)

    def zero(self, name: str) -> np.ndarray:
        """``X_M_name(0)``: walk the relative_to chain."""
        if name in self.x0:
            return self.x0[name]
        e = self.spec.elems[name]
        rel = e.pose.relative_to or e.default_rel()
        x = self.zero(rel) @ e.pose.matrix()
        self.x0[name] = x
        return x

    def element_zero(self, link: str, pose: P) -> np.ndarray:
        """``X_M_V(0)`` of a visual/collision of ``link``."""
        return self.zero(pose.relative_to or link) @ pose.matrix()

    def body(self, name: str) -> str:
        """The link a frame moves with (the model frame: the canonical link)."""
        if name == MODEL:
            return self.spec.canonical
        e = self.spec.elems[name]
        if e.kind == "link":
            return name
        if e.kind == "joint":
            return e.child
        return self.body(e.attached_to or MODEL)

    def axis_in_joint(self, joint: Elem, ax: AxisSpec) -> np.ndarray:
        where = ax.expressed_in or joint.name
        x_je = inv(self.zero(joint.name)) @ self.zero(where)
        return x_je[:3, :3] @ unit(ax.xyz)

    def motion(self, joint: Elem, q: tuple[float, ...]) -> np.ndarray:
        if joint.jtype in ("universal", "revolute2"):
            a1, a2 = (self.axis_in_joint(joint, ax) for ax in joint.axes)
            return rotation(a1, q[0]) @ rotation(a2, q[1])
        if joint.jtype == "ball":  # any rotation: about x, then y, then z (sdf2urdf --lossy)
            return rotation(np.array([1.0, 0.0, 0.0]), q[0]) @ \
                rotation(np.array([0.0, 1.0, 0.0]), q[1]) @ \
                rotation(np.array([0.0, 0.0, 1.0]), q[2])
        axis = self.axis_in_joint(joint, joint.axes[0]) if joint.axes else None
        return motion(joint.jtype, axis, q[0])

    def at(self, q: dict[str, tuple[float, ...]]) -> dict[str, np.ndarray]:
        """``X_R_e(q)`` for every link, joint and frame, R the root link."""
        links: dict[str, np.ndarray] = {self.spec.root: self.x0[self.spec.root]}
        up = {j.child: j for j in self.spec.joints}

        def link(name: str) -> np.ndarray:
            if name in links:
                return links[name]
            j = up[name]
            x_mp = link(j.parent)
            x_pj = inv(self.x0[j.parent]) @ self.x0[j.name]
            x_jc = inv(self.x0[j.name]) @ self.x0[name]
            x = x_mp @ x_pj @ self.motion(j, q[j.name]) @ x_jc
            links[name] = x
            return x

        x_rm = inv(self.x0[self.spec.root])
        out = {}
        for name in self.spec.elems:
            body = self.body(name)
            out[name] = x_rm @ link(body) @ inv(self.x0[body]) @ self.x0[name]
        return out


def urdf_q(spec: Spec) -> dict[str, float]:
    """URDF joint values for the SDF joint values (universal: J and J_axis2; ball: J,
    J_axis2 and J_axis3)."""
    out: dict[str, float] = {}
    for name, values in spec.q.items():
        out[name] = values[0]
        for n, value in enumerate(values[1:], start=2):
            out[f"{name}_axis{n}"] = value
    return out


def check_kinematics(spec: Spec, urdf_text: str) -> None:
    """Every link, frame, visual, collision and inertial of the URDF where the SDF has it."""
    sdf = SdfKinematics(spec)
    robot = parse_urdf(urdf_text)
    assert robot.root == spec.root
    # the URDF's names: SDF links and frames, plus one massless link per universal joint
    # (two per ball joint)
    expected_links = {e.name for e in spec.links} | {e.name for e in spec.frames} | {
        f"{j.name}_axis{n}_link" for j in spec.joints
        for n in range(2, DOFS.get(j.jtype or "", 1) + 1)}
    assert set(robot.links) == expected_links
    sdf_x = sdf.at(spec.q)
    urdf_x = robot.fk(urdf_q(spec))
    up = {j.child: j for j in spec.joints}
    for e in spec.links:
        # the URDF link frame is the frame of the link's parent joint, attached to the link
        frame = e.name if e.name == spec.root else up[e.name].name
        assert_same_pose(f"link {e.name} (frame of {frame})", urdf_x[e.name], sdf_x[frame])
        x_rl = sdf_x[e.name]
        x_ml0 = sdf.x0[e.name]
        shapes = [("visual", v) for v in e.visuals] + [("collision", c) for c in e.collisions]
        for kind, (vname, vpose) in shapes:
            x_lv = inv(x_ml0) @ sdf.element_zero(e.name, vpose)
            got = urdf_x[e.name] @ origin_matrix(robot.element(e.name, kind, vname).find("origin"))
            assert_same_pose(f"{kind} {vname}", got, x_rl @ x_lv)
        urdf_shapes = [(c.tag, c.get("name")) for c in robot.links[e.name]
                       if c.tag in ("visual", "collision")]
        assert sorted(urdf_shapes) == sorted((k, n) for k, (n, _p) in shapes)
        inertial = robot.element(e.name, "inertial", None)
        got = urdf_x[e.name] @ origin_matrix(inertial.find("origin"))
        if e.inertial is None:
            # SDFormat's default (1 kg, unit inertia at the link origin), written out
            assert inertial.find("mass").get("value") == "1"
            assert_same_pose(f"inertial of {e.name}", got, x_rl)
            continue
        assert_same_pose(f"inertial of {e.name}", got, x_rl @ e.inertial.matrix())
        # the tensor is copied as written: the origin's rpy carries the orientation
        assert inertial.find("mass").get("value") == e.mass
        assert inertial.find("inertia").attrib == dict(zip(INERTIA_KEYS, e.inertia,
                                                           strict=True))
    for f in spec.frames:
        assert_same_pose(f"frame {f.name}", urdf_x[f.name], sdf_x[f.name])
        name, jtype, parent, _origin_x, _axis = robot.up[f.name]
        assert jtype == "fixed" and name == f"{f.name}_joint"
        assert parent == sdf.body(f.name)
    for j in spec.joints:
        jtype = robot.joint_types[j.name]
        if j.jtype in DOFS:
            assert jtype in ("revolute", "continuous")
            for n in range(2, DOFS[j.jtype] + 1):
                assert robot.joint_types[f"{j.name}_axis{n}"] in ("revolute", "continuous")
        elif j.jtype == "revolute":
            assert jtype == ("revolute" if j.axes[0].limit else "continuous")
        else:
            assert jtype == j.jtype


def check_zero_config_with_frame_engine(spec: Spec, xml: str) -> None:
    """Second source for X_M_e(0): urdfsdf's frame engine agrees with this file's walk."""
    from urdfsdf.core.diagnostics import Diagnostics

    diags = Diagnostics()
    scope = analyze_model(urdfsdf.read_sdf(xml), diags)
    assert not diags.has_errors(), [d.format() for d in diags.items]
    sdf = SdfKinematics(spec)
    for name in spec.elems:
        x = scope.pose(name)
        assert x is not None, name
        got = np.eye(4)
        got[:3, :3] = np.asarray(x[0]).reshape(3, 3)
        got[:3, 3] = x[1]
        assert_same_pose(f"X_M_{name}(0)", got, sdf.x0[name])
        assert scope.body(name) == sdf.body(name)
