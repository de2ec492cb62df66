"""Property tests of the SDFormat 1.7 frame engine against a brute-force model.

Random models and worlds are drawn as plain specs, written as SDFormat 1.7 XML,
read with :func:`urdfsdf.read_sdf_document` and analysed with
:func:`urdfsdf.sdf.frames.analyze`.  Every resolved pose is compared with a brute-force
walk of the ``relative_to`` chain done here with numpy 4x4 matrices (rotations
built from first principles, ``Rz(yaw) @ Ry(pitch) @ Rx(roll)``), following the
spec's defaults: link and nested model -> ``__model__``, joint -> its child link,
frame -> its ``attached_to`` (else ``__model__``); in a world, model -> ``world``
and frame -> ``attached_to`` (else ``world``).
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import urdfsdf
from urdfsdf.commands.poses import poses_document
from urdfsdf.core.diagnostics import Diagnostics
from urdfsdf.sdf.frames import Scope, Semantics, analyze
from urdfsdf.testing import sdf_documents
from urdfsdf.testing.strategies import SDF_VERSIONS

from tiers import examples

ROT_TOL = 1e-12
POS_TOL = 1e-10  # translations up to 10 m per hop, chains of up to ~20 hops
#: FRAMES_PROPERTY_EXAMPLES=5000 for a longer search than the default run's
SETTINGS = settings(max_examples=int(os.environ.get("FRAMES_PROPERTY_EXAMPLES", examples(200))),
                    deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


# -- independent pose math ----------------------------------------------------

def rot(roll: float, pitch: float, yaw: float) -> np.ndarray:
    cr, sr = math.cos(roll), math.sin(roll)
    cp, sp = math.cos(pitch), math.sin(pitch)
    cy, sy = math.cos(yaw), math.sin(yaw)
    rx = np.array([[1.0, 0.0, 0.0], [0.0, cr, -sr], [0.0, sr, cr]])
    ry = np.array([[cp, 0.0, sp], [0.0, 1.0, 0.0], [-sp, 0.0, cp]])
    rz = np.array([[cy, -sy, 0.0], [sy, cy, 0.0], [0.0, 0.0, 1.0]])
    return rz @ ry @ rx


def engine_matrix(t: Any) -> np.ndarray:
    r, p = t
    m = np.eye(4)
    m[:3, :3] = np.array(r, dtype=float).reshape(3, 3)
    m[:3, 3] = p
    return m


def assert_same_pose(got: Any, expected: np.ndarray | None, what: str) -> None:
    if expected is None:
        assert got is None, f"{what}: resolved, expected unresolvable"
        return
    assert got is not None, f"{what}: unresolvable"
    m = engine_matrix(got)
    np.testing.assert_allclose(m[:3, :3], expected[:3, :3], rtol=0, atol=ROT_TOL,
                               err_msg=f"{what}: rotation")
    np.testing.assert_allclose(m[:3, 3], expected[:3, 3], rtol=0, atol=POS_TOL,
                               err_msg=f"{what}: translation")


# -- specs: what the generated document says ------------------------------------

@dataclass
class Elem:
    """A link, joint, frame or nested model of a scope, as it will be written."""

    kind: str  # "link", "joint", "frame", "model"
    name: str
    xyz: tuple[float, float, float] = (0.0, 0.0, 0.0)
    rpy: tuple[float, float, float] = (0.0, 0.0, 0.0)
    #: "absent" (no <pose>), "plain" (<pose> without relative_to), "empty"
    #: (relative_to=''), "explicit" (relative_to=rel)
    pose_mode: str = "absent"
    rel: str | None = None
    att: str | None = None  # frames: //frame/@attached_to as written (None: absent)
    parent: str = ""
    child: str = ""
    axis: tuple[float, float, float] | None = None
    axis_in: str | None = None
    model: Spec | None = None
    line: int = 0
    pose_line: int = 0

    @property
    def default_rel(self) -> bool:
        return self.pose_mode != "explicit"

    def local(self) -> np.ndarray:
        m = np.eye(4)
        if self.pose_mode != "absent":
            m[:3, :3] = rot(*self.rpy)
            m[:3, 3] = self.xyz
        return m


@dataclass
class Spec:
    """A model or world scope."""

    kind: str  # "model" or "world"
    name: str
    elems: list[Elem] = field(default_factory=list)
    canonical_attr: str | None = None
    static: bool = False

    @property
    def root(self) -> str:
        return "__model__" if self.kind == "model" else "world"

    def by_name(self) -> dict[str, Elem]:
        return {e.name: e for e in self.elems}

    def of(self, kind: str) -> list[Elem]:
        return [e for e in self.elems if e.kind == kind]

    def scopes(self, scoped: str | None = None) -> Iterator[tuple[str, Spec]]:
        """Every model scope below (and including, for a model) this one."""
        if self.kind == "model":
            scoped = scoped or self.name
            yield scoped, self
        for e in self.of("model"):
            assert e.model is not None
            inner = f"{scoped}::{e.name}" if self.kind == "model" else e.name
            yield from e.model.scopes(inner)


# -- brute force --------------------------------------------------------------------

def rel_target(spec: Spec, e: Elem) -> str:
    """Where //pose/@relative_to (or its default) points."""
    if e.pose_mode == "explicit":
        assert e.rel is not None
        return e.rel
    if e.kind == "joint":
        return e.child
    if e.kind == "frame":
        return e.att or spec.root
    return spec.root


def brute_pose(spec: Spec, name: str) -> np.ndarray | None:
    """X_root_name by walking the relative_to chain (None: it never reaches the root)."""
    by = spec.by_name()
    acc = np.eye(4)
    seen: set[str] = set()
    cur = name
    while cur != spec.root:
        if cur in seen:
            return None
        seen.add(cur)
        e = by[cur]
        acc = e.local() @ acc
        cur = rel_target(spec, e)
    return acc


def rel_cycles(spec: Spec) -> list[list[str]]:
    """The cycles of the relative_to graph, each in edge order."""
    by = spec.by_name()
    done: set[str] = set()
    cycles: list[list[str]] = []
    for start in by:
        path: list[str] = []
        cur = start
        while cur != spec.root and cur not in done and cur not in path:
            path.append(cur)
            cur = rel_target(spec, by[cur])
        if cur in path:
            cycles.append(path[path.index(cur):])
        done.update(path)
    return cycles


def rel_line(e: Elem) -> int:
    """The line a relative_to problem of ``e`` is reported at."""
    if e.pose_mode == "explicit" or e.kind in ("link", "model"):
        return e.pose_line or e.line
    return e.line


def canonical(spec: Spec) -> str | None:
    """The spec's canonical link: attribute, first link, first nested model's."""
    if spec.canonical_attr:
        return spec.canonical_attr
    links = spec.of("link")
    if links:
        return links[0].name
    for e in spec.of("model"):
        assert e.model is not None
        inner = canonical(e.model)
        if inner is not None:
            return f"{e.name}::{inner}"
    return None


def brute_body(spec: Spec, name: str) -> str | None:
    """The link ``name`` is attached to ("" the world; None: an attached_to cycle)."""
    by = spec.by_name()
    seen: set[str] = set()
    cur = name
    while True:
        if cur == spec.root:
            return "" if spec.kind == "world" or spec.static else canonical(spec)
        if cur in seen:
            return None
        seen.add(cur)
        e = by[cur]
        if e.kind == "link":
            return cur
        if e.kind == "model":
            assert e.model is not None
            inner = "" if e.model.static else canonical(e.model)
            return f"{cur}::{inner}" if inner else inner
        cur = e.child if e.kind == "joint" else (e.att or spec.root)


def link_paths(spec: Spec) -> list[str]:
    """Every link of a model, nested ones as ``nested::link``."""
    out = [e.name for e in spec.of("link")]
    for e in spec.of("model"):
        assert e.model is not None
        out += [f"{e.name}::{p}" for p in link_paths(e.model)]
    return out


# -- XML --------------------------------------------------------------------------

def num(v: float) -> str:
    return repr(float(v))


def write_scope(spec: Spec, out: list[str], indent: str, attrs: str = "") -> None:
    out.append(f"{indent}<{spec.kind} name='{spec.name}'{attrs}>")
    for e in spec.elems:
        write_elem(e, out, indent + "  ")
    out.append(f"{indent}</{spec.kind}>")


def write_pose(e: Elem, out: list[str], indent: str) -> None:
    if e.pose_mode == "absent":
        e.pose_line = 0
        return
    attr = {"plain": "", "empty": " relative_to=''"}.get(e.pose_mode, f" relative_to='{e.rel}'")
    values = (*e.xyz, *e.rpy)
    text = " ".join(num(v) for v in values)
    e.pose_line = len(out) + 1
    if any(values):
        out.append(f"{indent}<pose{attr}>{text}</pose>")
    else:
        out.append(f"{indent}<pose{attr}/>")


def write_elem(e: Elem, out: list[str], indent: str) -> None:
    inner = indent + "  "
    e.line = len(out) + 1
    if e.kind == "link":
        out.append(f"{indent}<link name='{e.name}'>")
        write_pose(e, out, inner)
        out.append(f"{indent}</link>")
    elif e.kind == "joint":
        out.append(f"{indent}<joint name='{e.name}' type='{'revolute' if e.axis else 'fixed'}'>")
        write_pose(e, out, inner)
        out.append(f"{inner}<parent>{e.parent}</parent>")
        out.append(f"{inner}<child>{e.child}</child>")
        if e.axis is not None:
            where = f" expressed_in='{e.axis_in}'" if e.axis_in is not None else ""
            out.append(f"{inner}<axis>")
            out.append(f"{inner}  <xyz{where}>{' '.join(num(v) for v in e.axis)}</xyz>")
            out.append(f"{inner}</axis>")
        out.append(f"{indent}</joint>")
    elif e.kind == "frame":
        att = f" attached_to='{e.att}'" if e.att is not None else ""
        out.append(f"{indent}<frame name='{e.name}'{att}>")
        write_pose(e, out, inner)
        out.append(f"{indent}</frame>")
    else:
        m = e.model
        assert m is not None
        canon = f" canonical_link='{m.canonical_attr}'" if m.canonical_attr else ""
        out.append(f"{indent}<model name='{e.name}'{canon}>")
        write_pose(e, out, inner)
        if m.static:
            out.append(f"{inner}<static>true</static>")
        for c in m.elems:
            write_elem(c, out, inner)
        out.append(f"{indent}</model>")


def to_xml(spec: Spec) -> str:
    out = ["<?xml version='1.0'?>", "<sdf version='1.7'>"]
    canon = f" canonical_link='{spec.canonical_attr}'" if spec.canonical_attr else ""
    if spec.kind == "model":
        out.append(f"  <model name='{spec.name}'{canon}>")
        if spec.static:
            out.append("    <static>true</static>")
        for e in spec.elems:
            write_elem(e, out, "    ")
        out.append("  </model>")
    else:
        write_scope(spec, out, "  ")
    out.append("</sdf>")
    return "\n".join(out) + "\n"


def run(spec: Spec) -> tuple[Semantics, Diagnostics, str]:
    xml = to_xml(spec)
    doc = urdfsdf.read_sdf_document(xml)
    diags = Diagnostics()
    return analyze(doc, diags), diags, xml


# -- strategies --------------------------------------------------------------------

coordinate = st.floats(-10.0, 10.0, allow_nan=False, allow_infinity=False)
angle = st.one_of(
    st.floats(-7.0, 7.0, allow_nan=False, allow_infinity=False),
    st.sampled_from([0.0, math.pi / 2, -math.pi / 2, math.pi, -math.pi]),
)
tiny = st.one_of(st.just(0.0), st.sampled_from([1e-15, -1e-15, 1e-12, -1e-12, 1e-9, -1e-9]),
                 st.floats(-1e-6, 1e-6, allow_nan=False))
gimbal_pitch = st.builds(lambda s, t: s * math.pi / 2 + t, st.sampled_from([1.0, -1.0]), tiny)
pitch = st.one_of(angle, gimbal_pitch)


@st.composite
def poses(draw: st.DrawFn) -> tuple[tuple[float, float, float], tuple[float, float, float]]:
    if draw(st.integers(0, 9)) == 0:
        return (0.0, 0.0, 0.0), (0.0, 0.0, 0.0)
    xyz = (draw(coordinate), draw(coordinate), draw(coordinate))
    return xyz, (draw(angle), draw(pitch), draw(angle))


@st.composite
def axes(draw: st.DrawFn) -> tuple[float, float, float]:
    v = (draw(st.floats(-1, 1)), draw(st.floats(-1, 1)), draw(st.floats(-1, 1)))
    if math.sqrt(sum(c * c for c in v)) < 1e-3:
        return (0.0, 0.0, 1.0)
    return v


def choose_poses(draw: st.DrawFn, spec: Spec) -> None:
    """relative_to of every element: the default or an explicit earlier vertex.

    Vertices are ranked by a random order; an element may only refer to a
    vertex ranked before it (its default target too), so the relative_to graph
    is acyclic.
    """
    order = draw(st.permutations([e.name for e in spec.elems]))
    rank = {n: i for i, n in enumerate(order)}
    for e in spec.elems:
        default = rel_target(spec, Elem(e.kind, e.name, att=e.att, child=e.child))
        earlier = [n for n in order if rank[n] < rank[e.name]]
        modes = ["root"]
        if default == spec.root or rank.get(default, len(order)) < rank[e.name]:
            modes += ["absent", "plain", "empty"]
        if earlier:
            modes += ["explicit"]
        mode = draw(st.sampled_from(modes))
        if mode == "root":
            e.pose_mode, e.rel = "explicit", spec.root
        elif mode == "explicit":
            e.pose_mode, e.rel = "explicit", draw(st.sampled_from(earlier))
        else:
            e.pose_mode = mode
        e.xyz, e.rpy = draw(poses())


@st.composite
def models(draw: st.DrawFn, name: str = "top", depth: int = 0, max_depth: int = 2,
           min_frames: int = 0, allow_static: bool = True) -> Spec:
    """A valid model: links, a random joint tree, frames, nested models."""
    spec = Spec("model", name)
    top = depth == 0
    n_models = draw(st.integers(0, 2 if top else 1)) if depth < max_depth else 0
    n_links = draw(st.integers(0 if n_models else 1, 5 if top else 3))
    links = [Elem("link", f"L{i}") for i in range(n_links)]
    nested = [Elem("model", f"M{i}", model=draw(models(f"M{i}", depth + 1, max_depth,
                                                       allow_static=False)))
              for i in range(n_models)]
    joints: list[Elem] = []
    if links:
        tree = draw(st.permutations([x.name for x in links]))
        for i in range(1, len(tree)):
            parent = tree[draw(st.integers(0, i - 1))]
            joints.append(Elem("joint", f"J{len(joints)}", parent=parent, child=tree[i]))
        if draw(st.booleans()):
            joints.append(Elem("joint", f"J{len(joints)}", parent="world", child=tree[0]))
    frames: list[Elem] = []
    n_frames = draw(st.integers(min_frames, max(min_frames, 5 if top else 3)))
    for i in range(n_frames):
        targets = ([None, "", "__model__"] + [x.name for x in links + joints + nested]
                   + [f.name for f in frames])
        frames.append(Elem("frame", f"F{i}", att=draw(st.sampled_from(targets))))
    spec.elems = draw(st.permutations(links + joints + frames + nested))
    names = [e.name for e in spec.elems]
    for j in joints:
        if draw(st.booleans()):
            j.axis = draw(axes())
            j.axis_in = draw(st.sampled_from([None, "__model__", *names]))
    if draw(st.integers(0, 3)) == 0:
        paths = link_paths(spec)
        spec.canonical_attr = draw(st.sampled_from(paths))
    spec.static = allow_static and draw(st.integers(0, 7)) == 0
    choose_poses(draw, spec)
    return spec


@st.composite
def worlds(draw: st.DrawFn, min_frames: int = 0) -> Spec:
    """A valid world: models (static or not) and frames."""
    spec = Spec("world", "w")
    nested = []
    for i in range(draw(st.integers(0, 3))):
        m = draw(models(f"M{i}", depth=1, max_depth=2, allow_static=False))
        m.static = draw(st.integers(0, 3)) == 0
        nested.append(Elem("model", f"M{i}", model=m))
    frames: list[Elem] = []
    for i in range(draw(st.integers(max(min_frames, 0 if nested else 1), 5))):
        targets = [None, ""] + [x.name for x in nested] + [f.name for f in frames]
        frames.append(Elem("frame", f"W{i}", att=draw(st.sampled_from(targets))))
    spec.elems = draw(st.permutations(nested + frames))
    choose_poses(draw, spec)
    return spec


# -- checks -------------------------------------------------------------------------

def check_scope(scope: Scope, spec: Spec, where: str) -> None:
    """Every pose and body of ``scope`` equals the brute force on ``spec``."""
    assert_same_pose(scope.pose(spec.root), np.eye(4), f"{where}: {spec.root}")
    for e in spec.elems:
        assert_same_pose(scope.pose(e.name), brute_pose(spec, e.name), f"{where}: {e.name}")
        assert scope.body(e.name) == brute_body(spec, e.name), f"{where}: body of {e.name}"
    if spec.kind == "model":
        assert scope.canonical_link == canonical(spec), where
        assert scope.body("__model__") == brute_body(spec, "__model__"), where


def check_axes(scope: Scope, spec: Spec, where: str) -> None:
    for e in spec.of("joint"):
        if e.axis is None:
            continue
        joint = scope.joints[e.name]
        assert joint.axis is not None
        source = brute_pose(spec, e.axis_in or e.name)
        assert source is not None
        v = np.array(e.axis) / np.linalg.norm(e.axis)
        got = scope.axis_in(joint, joint.axis, "__model__")
        assert got is not None, f"{where}: axis of {e.name}"
        np.testing.assert_allclose(got, source[:3, :3] @ v, rtol=0, atol=ROT_TOL,
                                   err_msg=f"{where}: axis of {e.name}")


def check_all(sem: Semantics, spec: Spec, skip: str | None = None) -> None:
    """Every model scope (and the world) resolves as the brute force says."""
    if spec.kind == "world":
        if skip != spec.name:
            check_scope(sem.worlds[spec.name], spec, spec.name)
    expected = dict(spec.scopes())
    assert set(sem.models) == set(expected)
    for scoped, sub in expected.items():
        if scoped != skip:
            check_scope(sem.models[scoped], sub, scoped)


def errors(diags: Diagnostics) -> list[tuple[str, int | None, str]]:
    return [(d.code, d.line, d.message) for d in diags.errors]


def cycle_names(message: str) -> list[str]:
    """``a -> b -> a`` at the end of a cycle message, as ``[a, b, a]``."""
    return message.rsplit(": ", 1)[1].split(" -> ")


def assert_names_cycle(message: str, members: list[str]) -> None:
    """The message lists exactly ``members``, in their cycle order, closed."""
    names = cycle_names(message)
    assert names[0] == names[-1], message
    assert sorted(names[:-1]) == sorted(members), message
    succ = {members[i]: members[(i + 1) % len(members)] for i in range(len(members))}
    for a, b in zip(names, names[1:], strict=False):
        assert succ[a] == b, message


# -- a. random valid models and worlds ----------------------------------------------

@SETTINGS
@given(models())
def test_random_valid_model_resolves_like_brute_force(spec: Spec) -> None:
    sem, diags, xml = run(spec)
    assert errors(diags) == [], xml
    check_all(sem, spec)
    for scoped, sub in spec.scopes():
        check_axes(sem.models[scoped], sub, scoped)


@SETTINGS
@given(worlds())
def test_random_valid_world_resolves_like_brute_force(spec: Spec) -> None:
    sem, diags, xml = run(spec)
    assert errors(diags) == [], xml
    check_all(sem, spec)


# -- a'. the public strategies' documents (urdfsdf.testing.sdf_documents) ----------------

def _xml_elem(el: Any) -> Elem:
    """An :class:`Elem` of a link, joint, frame or nested model as the XML writes it."""
    e = Elem(str(el.tag), el.get("name"))
    pose = el.find("pose")
    if pose is not None:
        values = [float(t) for t in (pose.text or "").split()] or [0.0] * 6
        e.xyz, e.rpy = tuple(values[:3]), tuple(values[3:])  # type: ignore[assignment]
        rel = pose.get("relative_to")
        e.pose_mode = "plain" if rel is None else "empty" if rel == "" else "explicit"
        e.rel = rel or None
    if e.kind == "frame":
        e.att = el.get("attached_to")
    elif e.kind == "joint":
        e.parent, e.child = el.findtext("parent").strip(), el.findtext("child").strip()
        xyz = el.find("axis/xyz")
        if xyz is not None:
            e.axis = tuple(float(t) for t in xyz.text.split())  # type: ignore[assignment]
            e.axis_in = xyz.get("expressed_in")
    elif e.kind == "model":
        e.model = _xml_scope(el)
    return e


def _xml_scope(el: Any) -> Spec:
    spec = Spec(str(el.tag), el.get("name"))
    spec.elems = [_xml_elem(c) for c in el if c.tag in ("link", "joint", "frame", "model")]
    spec.canonical_attr = el.get("canonical_link")
    spec.static = el.findtext("static", "false").strip() in ("true", "1")
    return spec


def spec_of_document(xml: str) -> Spec:
    """The :class:`Spec` of a one-model or one-world document (brute force from the XML)."""
    from lxml import etree

    root = etree.fromstring(xml.encode())
    (top,) = [c for c in root if c.tag in ("model", "world")]
    return _xml_scope(top)


@SETTINGS
@given(st.one_of(
    sdf_documents("1.7", nested_models=True),
    sdf_documents("1.7", nested_models=True, worlds=True),
    st.sampled_from(SDF_VERSIONS).flatmap(lambda v: sdf_documents(v, worlds=True)),
    sdf_documents("1.7", urdf_shaped=True)))
def test_random_public_documents_resolve_like_brute_force(xml: str) -> None:
    """urdfsdf.testing's SDF documents (nested models, worlds, relative_to chains,
    frames, every written version): every pose and axis as the brute force says."""
    spec = spec_of_document(xml)
    doc = urdfsdf.read_sdf_document(xml)
    diags = Diagnostics()
    sem = analyze(doc, diags)
    assert errors(diags) == [], xml
    check_all(sem, spec)
    for scoped, sub in spec.scopes():
        check_axes(sem.models[scoped], sub, scoped)


# -- b. cycle injection ----------------------------------------------------------------

def pick_scope(data: st.DataObject, spec: Spec, usable: Callable[[Spec], bool]
               ) -> tuple[str, Spec]:
    """A random scope (the world itself, or a model scope) that ``usable`` accepts."""
    scopes = ([(spec.name, spec)] if spec.kind == "world" else []) + list(spec.scopes())
    return data.draw(st.sampled_from([(n, s) for n, s in scopes if usable(s)]))


@SETTINGS
@given(st.data(), st.one_of(models(), worlds()))
def test_relative_to_cycle_is_reported_once_and_spares_the_rest(
        data: st.DataObject, spec: Spec) -> None:
    draw = data.draw
    scoped, scope_spec = pick_scope(data, spec, lambda s: bool(s.elems))
    k = draw(st.integers(1, min(4, len(scope_spec.elems))))
    members = draw(st.permutations([e.name for e in scope_spec.elems]))[:k]
    by = scope_spec.by_name()
    for i, name in enumerate(members):
        e = by[name]
        e.pose_mode, e.rel = "explicit", members[(i + 1) % k]
    sem, diags, xml = run(spec)
    errs = errors(diags)
    assert len(errs) == 1, (errs, xml)
    code, line, message = errs[0]
    self_named_world_model = (scope_spec.kind == "world" and k == 1
                              and by[members[0]].kind == "model")
    if self_named_world_model:
        # spec 6: in a world, a model's pose relative_to its own name names no frame
        assert code == "POSE_RELATIVE_TO_INVALID", errs
        assert repr(members[0]) in message
    else:
        assert code == "POSE_RELATIVE_TO_CYCLE", errs
        assert_names_cycle(message, members)
        assert repr(scoped) in message
    # at the member written last (where its relative_to is written)
    assert line == max(by[n].pose_line for n in members), (errs, xml)
    # members and what leads into the cycle are unresolvable; the rest resolves
    scope = sem.worlds[scoped] if scope_spec.kind == "world" else sem.models[scoped]
    unresolved = {e.name for e in scope_spec.elems if brute_pose(scope_spec, e.name) is None}
    assert set(members) <= unresolved
    check_scope(scope, scope_spec, scoped)
    check_all(sem, spec, skip=scoped)


@SETTINGS
@given(st.data(), st.one_of(models(min_frames=1), worlds(min_frames=1)),
       st.booleans())
def test_attached_to_cycle_is_reported_once_and_spares_the_rest(
        data: st.DataObject, spec: Spec, keep_default_rel: bool) -> None:
    draw = data.draw
    scoped, scope_spec = pick_scope(data, spec, lambda s: bool(s.of("frame")))
    frames = [e.name for e in scope_spec.of("frame")]
    k = draw(st.integers(1, min(4, len(frames))))
    members = draw(st.permutations(frames))[:k]
    by = scope_spec.by_name()
    for i, name in enumerate(members):
        e = by[name]
        e.att = members[(i + 1) % k]
        if e.default_rel and not keep_default_rel:
            # keep the relative_to graph acyclic: only attached_to has the cycle
            e.pose_mode, e.rel = "explicit", scope_spec.root
    # members whose pose defaults to their attached_to may close relative_to cycles
    cycles = rel_cycles(scope_spec)
    assert keep_default_rel or not cycles
    sem, diags, xml = run(spec)
    errs = errors(diags)
    assert len(errs) == 1 + len(cycles), (errs, cycles, xml)
    code, line, message = errs[0]
    assert code == "FRAME_ATTACHED_TO_CYCLE", errs
    assert_names_cycle(message, members)
    assert repr(scoped) in message
    assert line == max(by[n].line for n in members), (errs, xml)  # //frame/@attached_to
    for code, line, message in errs[1:]:
        assert code == "POSE_RELATIVE_TO_CYCLE", errs
        names = set(cycle_names(message))
        [cycle] = [c for c in cycles if set(c) == names]
        assert_names_cycle(message, cycle)
        assert line == max(rel_line(by[n]) for n in cycle), (errs, xml)
    scope = sem.worlds[scoped] if scope_spec.kind == "world" else sem.models[scoped]
    for name in members:
        assert scope.body(name) is None
    check_scope(scope, scope_spec, scoped)
    check_all(sem, spec, skip=scoped)


# -- c. long chains resolve iteratively ---------------------------------------------------

N_CHAIN = 20000


def chain_model(reverse: bool) -> tuple[str, list[tuple[float, ...]]]:
    """A model whose frames F0..F{N-1} form one relative_to and attached_to chain.

    F{i} is attached to (and so, by default, posed relative to) F{i-1}; F0 to
    the link.  With ``reverse`` the frames are written deepest first.
    """
    rng = np.random.default_rng(7)
    values = [tuple(rng.uniform(-1.0, 1.0, 6) * [1, 1, 1, 0.1, 0.1, 0.1])
              for _ in range(N_CHAIN)]
    lines = []
    for i, v in enumerate(values):
        att = f"F{i - 1}" if i else "L"
        lines.append(f"<frame name='F{i}' attached_to='{att}'><pose>"
                     f"{' '.join(num(x) for x in v)}</pose></frame>")
    if reverse:
        lines.reverse()
    body = "\n".join(lines)
    xml = (f"<sdf version='1.7'>\n<model name='chain'>\n<link name='L'>"
           f"<pose>1 2 3 0.1 0.2 0.3</pose></link>\n{body}\n</model>\n</sdf>\n")
    return xml, values


def test_long_chain_resolves_iteratively() -> None:
    for reverse in (False, True):
        xml, values = chain_model(reverse)
        doc = urdfsdf.read_sdf_document(xml)
        diags = Diagnostics()
        sem = analyze(doc, diags)
        assert errors(diags) == []
        scope = sem.models["chain"]
        # the deepest first: one walk down the whole chain, then all memoised
        last = f"F{N_CHAIN - 1}"
        assert scope.pose(last) is not None
        assert scope.body(last) == "L"
        acc = np.eye(4)
        acc[:3, :3] = rot(0.1, 0.2, 0.3)
        acc[:3, 3] = (1, 2, 3)
        for i, v in enumerate(values):
            local = np.eye(4)
            local[:3, :3] = rot(*v[3:])
            local[:3, 3] = v[:3]
            acc = acc @ local
            if i % 997 == 0 or i == N_CHAIN - 1:
                got = engine_matrix(scope.pose(f"F{i}"))
                # 20000 compositions: the two float orders drift apart a little
                np.testing.assert_allclose(got, acc, rtol=0, atol=1e-8)
            assert scope.body(f"F{i}") == "L"
        assert all(scope.pose(f"F{i}") is not None for i in range(N_CHAIN))
    # and the whole `urdfsdf poses` report of the last document
    report = poses_document(doc, Diagnostics())
    frames = report["models"]["chain"]["frames"]
    assert len(frames) == N_CHAIN and report["errors"] == []
    assert all(f is not None and f["attached_to_body"] == "L" for f in frames.values())


def test_long_cycle_is_reported_without_recursion() -> None:
    lines = [f"<frame name='F{i}'><pose relative_to='F{(i + 1) % N_CHAIN}'/></frame>"
             for i in range(N_CHAIN)]
    xml = ("<sdf version='1.7'>\n<model name='ring'>\n<link name='L'/>\n"
           + "\n".join(lines) + "\n<frame name='G'/>\n</model>\n</sdf>\n")
    diags = Diagnostics()
    sem = analyze(urdfsdf.read_sdf_document(xml), diags)
    errs = errors(diags)
    assert [(c, line) for c, line, _ in errs] == [("POSE_RELATIVE_TO_CYCLE", 3 + N_CHAIN)]
    assert_names_cycle(errs[0][2], [f"F{i}" for i in range(N_CHAIN)])
    scope = sem.models["ring"]
    assert scope.pose("F0") is None and scope.pose(f"F{N_CHAIN - 1}") is None
    assert scope.pose("G") is not None
