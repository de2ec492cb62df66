"""How close to the lxml floor can a Python converter on lxml get?  A measured lower bound.

The performance targets of ``run.py`` put urdf2sdf and the sdf2urdf transform path at
<= 3x the lxml floor (parse + iterate + serialise) of the same 1000-link input.  This
script measures, in one interleaved run, the floor, urdfsdf, and a *minimal* converter
for each of the two targets: the least Python code on lxml that turns the generated
input into the same output, with

- no validation beyond what ``float()`` does for the pose math of the transform path,
- no IR, no diagnostics, no line numbers, no tree or name checks,
- no XML escaping of names, no extras, no defaults for absent elements,
- knowledge of nothing but the generated kinds (``urdf_chain``, ``sdf_absolute``).

It is not a converter: it only makes a bound visible.  Whatever a real translator
adds (reading every number and name as a diagnostic-bearing value, an IR, the frame
engine, escaping) comes on top of its figure.  Before timing, each minimal output is
compared with urdfsdf's for the same input (same elements and texts for urdf2sdf; the
same joint poses, compared as rotation matrices, for the transform), so the two do the
same job.

Run: ``.venv/bin/python benchmarks/lower_bound.py [--links 1000] [--repeats 15]``.
"""

from __future__ import annotations

import argparse
import gc
import math
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np
from lxml import etree

sys.path.insert(0, str(Path(__file__).resolve().parent))
import gen_models  # noqa: E402
import run  # noqa: E402

_INERTIA = ("ixx", "ixy", "ixz", "iyy", "iyz", "izz")
_LIMIT = ("lower", "upper", "effort", "velocity")


# -- urdf2sdf -------------------------------------------------------------------

def _sdf_shape(geometry: etree._Element, out: list[str]) -> None:
    s = geometry[0]
    out.append(f"          <{s.tag}>\n")
    for key, value in s.items():
        out.append(f"            <{key!s}>{value!s}</{key!s}>\n")
    out.append(f"          </{s.tag}>\n")


def _leaves(el: etree._Element, keys: tuple[str, ...], out: list[str]) -> None:
    """The attributes ``keys`` of ``el`` as SDF leaf elements (inertia, limit)."""
    for key in keys:
        out.append(f"          <{key}>{el.get(key)}</{key}>\n")


def minimal_urdf2sdf(data: bytes) -> str:
    """The generated URDF (chain or tree) as SDFormat 1.7, copying every number's text."""
    root = etree.fromstring(data)
    out = ['<?xml version="1.0" ?>\n<sdf version="1.7">\n',
           f'  <model name="{root.get("name")}">\n']
    joint_of: dict[str, str] = {}
    for el in root:
        if el.tag == "link":
            name = el.get("name")
            out.append(f'    <link name="{name}">\n')
            joint = joint_of.get(name or "")
            if joint is not None:
                out.append(f'      <pose relative_to="{joint}"/>\n')
            for c in el:
                kids = {k.tag: k for k in c}
                origin = kids["origin"]
                pose = f'{origin.get("xyz")} {origin.get("rpy")}'
                if c.tag == "inertial":
                    out.append(f"      <inertial>\n        <pose>{pose}</pose>\n"
                               f'        <mass>{kids["mass"].get("value")}</mass>\n'
                               "        <inertia>\n")
                    _leaves(kids["inertia"], _INERTIA, out)
                    out.append("        </inertia>\n      </inertial>\n")
                else:  # visual, collision
                    out.append(f'      <{c.tag} name="{c.get("name")}">\n'
                               f"        <pose>{pose}</pose>\n        <geometry>\n")
                    _sdf_shape(kids["geometry"], out)
                    out.append(f"        </geometry>\n      </{c.tag}>\n")
            out.append("    </link>\n")
        elif el.tag == "joint":
            kids = {k.tag: k for k in el}
            parent, child = kids["parent"].get("link"), kids["child"].get("link")
            joint_of[child or ""] = el.get("name", "")
            origin = kids["origin"]
            out.append(f'    <joint name="{el.get("name")}" type="{el.get("type")}">\n'
                       f'      <pose relative_to="{parent}">{origin.get("xyz")} '
                       f'{origin.get("rpy")}</pose>\n'
                       f"      <parent>{parent}</parent>\n      <child>{child}</child>\n"
                       f'      <axis>\n        <xyz>{kids["axis"].get("xyz")}</xyz>\n'
                       "        <limit>\n")
            _leaves(kids["limit"], _LIMIT, out)
            out.append("        </limit>\n      </axis>\n    </joint>\n")
    out.append("  </model>\n</sdf>\n")
    return "".join(out)


def ir_urdf2sdf(data: bytes) -> str:
    """The generated URDF through urdfsdf's IR, translation and writer, read with no check.

    The URDF IR is built straight from the elements (the same records urdfsdf's reader
    makes: :func:`verify` compares them), with no validation, no diagnostics and no
    fallback; then ``translate.to_sdf`` and ``sdf.writer`` run as in urdfsdf.  What is
    left above this figure is the reader's checking; what is below it, the cost of
    having an IR and a translation step at all.
    """
    ir = run._urdfsdf("core.ir")
    to_sdf = run._urdfsdf("translate.to_sdf")
    writer = run._urdfsdf("sdf.writer")
    diagnostics = run._urdfsdf("core.diagnostics")
    return str(writer.write_sdf_model(to_sdf.urdf_to_sdf(ir_model(data, ir),
                                                         diagnostics.Diagnostics())))


def ir_model(data: bytes, ir: Any) -> Any:
    """The URDF IR of a generated chain or tree, built with no check (see ir_urdf2sdf)."""
    root = etree.fromstring(data)
    pose_of, identity = ir.Pose.parsed, ir.Pose()
    links, joints = [], []
    for el in root:
        if el.tag == "link":
            inertial, visuals, collisions = None, [], []
            for c in el:
                kids = {k.tag: k for k in c}
                o = kids["origin"]
                pose = pose_of(f'{o.get("xyz")} {o.get("rpy")}', None, o.sourceline)
                if c.tag == "inertial":
                    i = kids["inertia"]
                    inertial = ir.Inertial(kids["mass"].get("value"),
                                           tuple(i.get(k) for k in _INERTIA), pose,
                                           c.sourceline)
                    continue
                s = kids["geometry"][0]
                get = s.get
                size = get("size")
                geometry = ir.Geometry(s.tag, size=tuple(size.split()) if size else None,
                                       radius=get("radius"), length=get("length"),
                                       line=s.sourceline)
                if c.tag == "visual":
                    visuals.append(ir.Visual(c.get("name"), geometry, pose, None, (),
                                             c.sourceline))
                else:
                    collisions.append(ir.Collision(c.get("name"), geometry, pose, (),
                                                   c.sourceline))
            links.append(ir.Link(el.get("name"), identity, inertial, tuple(visuals),
                                 tuple(collisions), (), el.sourceline))
        elif el.tag == "joint":
            kids = {k.tag: k for k in el}
            o, a, lim = kids["origin"], kids["axis"], kids["limit"]
            tokens = tuple(a.get("xyz").split())
            limit = ir.Limit(*(lim.get(k) for k in _LIMIT), (), lim.sourceline)
            axis = ir.Axis(tuple(float(t) for t in tokens), tokens, None, limit, None, (),
                           a.sourceline)
            joints.append(ir.Joint(el.get("name"), el.get("type"),
                                   kids["parent"].get("link"), kids["child"].get("link"),
                                   pose_of(f'{o.get("xyz")} {o.get("rpy")}', None,
                                           o.sourceline),
                                   axis, None, None, None, None, (), el.sourceline))
    return ir.Model(name=root.get("name"), links=tuple(links), joints=tuple(joints),
                    version=root.get("version"), line=root.sourceline, convention="urdf")


# -- sdf2urdf, transform path ---------------------------------------------------

def _rotation(r: float, p: float, y: float) -> tuple[float, ...]:
    cr, sr, cp, sp, cy, sy = math.cos(r), math.sin(r), math.cos(p), math.sin(p), \
        math.cos(y), math.sin(y)
    return (cy * cp, cy * sp * sr - sy * cr, cy * sp * cr + sy * sr,
            sy * cp, sy * sp * sr + cy * cr, sy * sp * cr - cy * sr,
            -sp, cp * sr, cp * cr)


Frame = tuple[tuple[float, float, float], tuple[float, ...]]


def _inverse(f: Frame) -> Frame:
    """X_BA from X_AB."""
    t, r = f
    r_t = (r[0], r[3], r[6], r[1], r[4], r[7], r[2], r[5], r[8])
    return (-(r_t[0] * t[0] + r_t[1] * t[1] + r_t[2] * t[2]),
            -(r_t[3] * t[0] + r_t[4] * t[1] + r_t[5] * t[2]),
            -(r_t[6] * t[0] + r_t[7] * t[1] + r_t[8] * t[2])), r_t


def _relative(a: Frame, b: Frame) -> Frame:
    """X_AB from X_MA and X_MB."""
    return _compose(_inverse(a), b)


def _rpy(r: tuple[float, ...]) -> tuple[float, float, float]:
    return (math.atan2(r[7], r[8]), math.asin(max(-1.0, min(1.0, -r[6]))),
            math.atan2(r[3], r[0]))


def _compose(a: Frame, b: Frame) -> Frame:
    """X_AC from X_AB and X_BC."""
    (pa, ra), (pb, rb) = a, b
    t = (pa[0] + ra[0] * pb[0] + ra[1] * pb[1] + ra[2] * pb[2],
         pa[1] + ra[3] * pb[0] + ra[4] * pb[1] + ra[5] * pb[2],
         pa[2] + ra[6] * pb[0] + ra[7] * pb[1] + ra[8] * pb[2])
    a0, a1, a2, a3, a4, a5, a6, a7, a8 = ra  # R_AC = R_AB R_BC, unrolled
    b0, b1, b2, b3, b4, b5, b6, b7, b8 = rb
    return t, (a0 * b0 + a1 * b3 + a2 * b6, a0 * b1 + a1 * b4 + a2 * b7,
               a0 * b2 + a1 * b5 + a2 * b8, a3 * b0 + a4 * b3 + a5 * b6,
               a3 * b1 + a4 * b4 + a5 * b7, a3 * b2 + a4 * b5 + a5 * b8,
               a6 * b0 + a7 * b3 + a8 * b6, a6 * b1 + a7 * b4 + a8 * b7,
               a6 * b2 + a7 * b5 + a8 * b8)


def _frame(text: str) -> Frame:
    v = [float(x) for x in text.split()]
    return (v[0], v[1], v[2]), _rotation(v[3], v[4], v[5])


def _origin_of(frame: Frame) -> str:
    t, r = frame
    rpy = _rpy(r)
    return (f'<origin xyz="{t[0]!r} {t[1]!r} {t[2]!r}" '
            f'rpy="{rpy[0]!r} {rpy[1]!r} {rpy[2]!r}"/>')


def _origin(pose: str, change: Frame | None) -> str:
    """A shape pose in its link frame, as a URDF origin in the URDF link frame."""
    if change is None:  # the URDF link frame is the SDF link frame: copy the text
        v = pose.split()
        return f'<origin xyz="{v[0]} {v[1]} {v[2]}" rpy="{v[3]} {v[4]} {v[5]}"/>'
    return _origin_of(_compose(change, _frame(pose)))


_IDENTITY: Frame = ((0.0, 0.0, 0.0), (1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0))


def minimal_transform(data: bytes) -> str:
    """The generated model-absolute SDF as URDF: joint origins, shape poses and axes
    expressed in the model frame are computed (a joint frame is the URDF link frame)."""
    root = etree.fromstring(data)
    model = root[0]
    out = ['<?xml version="1.0" ?>\n', f'<robot name="{model.get("name")}">\n']
    X_ML: dict[str, Frame] = {}  # SDF link frames in the model frame
    bodies: dict[str, list[etree._Element]] = {}
    joints = []
    for el in model:
        if el.tag == "joint":
            joints.append(el)
            continue
        name = el.get("name")
        assert name is not None
        body = bodies[name] = []
        X_ML[name] = _IDENTITY
        for c in el:
            if c.tag == "pose":
                X_ML[name] = _frame(c.text or "")
            else:
                body.append(c)
    # each joint: its frame in the model frame, and its child link's frame change
    X_MJ: dict[str, Frame] = {}  # URDF link frames (a link's parent joint frame)
    X_JL: dict[str, Frame] = {}  # SDF link frame in the URDF link frame, when not equal
    joint_out = []
    for j in joints:
        kids = {k.tag: k for k in j}
        parent, child = kids["parent"].text or "", kids["child"].text or ""
        pose = kids.get("pose")
        if pose is not None:
            X_LJ = _frame(pose.text or "")
            X_MJ[child] = _compose(X_ML[child], X_LJ)
            X_JL[child] = _inverse(X_LJ)
        else:
            X_MJ[child] = X_ML[child]
        joint_out.append((j, kids, parent, child))
    for name, body in bodies.items():
        change = X_JL.get(name)
        out.append(f'  <link name="{name}">\n')
        for c in body:
            kids = {k.tag: k for k in c}
            origin = _origin(kids["pose"].text or "", change)
            if c.tag == "inertial":
                inertia = {k.tag: k.text for k in kids["inertia"]}
                attrs = " ".join(f'{k}="{inertia[k]}"' for k in _INERTIA)
                out.append(f"    <inertial>\n      {origin}\n"
                           f'      <mass value="{kids["mass"].text}"/>\n'
                           f"      <inertia {attrs}/>\n    </inertial>\n")
            else:
                shape = kids["geometry"][0]
                attrs = " ".join(f'{k.tag}="{k.text}"' for k in shape)
                out.append(f'    <{c.tag} name="{c.get("name")}">\n      {origin}\n'
                           f"      <geometry>\n        <{shape.tag} {attrs}/>\n"
                           f"      </geometry>\n    </{c.tag}>\n")
        out.append("  </link>\n")
    for j, kids, parent, child in joint_out:
        (pp, rp), (pc, rc) = X_MJ.get(parent, X_ML[parent]), X_MJ[child]
        origin = _origin_of(_relative((pp, rp), (pc, rc)))
        axis = {k.tag: k for k in kids["axis"]}
        xyz = axis["xyz"]
        if xyz.get("expressed_in") == "__model__":
            v = [float(x) for x in (xyz.text or "").split()]
            a = (rc[0] * v[0] + rc[3] * v[1] + rc[6] * v[2],
                 rc[1] * v[0] + rc[4] * v[1] + rc[7] * v[2],
                 rc[2] * v[0] + rc[5] * v[1] + rc[8] * v[2])
            axis_text = f"{a[0]!r} {a[1]!r} {a[2]!r}"
        else:
            axis_text = xyz.text or ""
        limit = " ".join(f'{k.tag}="{k.text}"' for k in axis["limit"])
        out.append(f'  <joint name="{j.get("name")}" type="{j.get("type")}">\n'
                   f"    {origin}\n"
                   f'    <parent link="{parent}"/>\n    <child link="{child}"/>\n'
                   f'    <axis xyz="{axis_text}"/>\n    <limit {limit}/>\n'
                   "  </joint>\n")
    out.append("</robot>\n")
    return "".join(out)


def ir_transform(data: bytes) -> str:
    """The generated model-absolute SDF through urdfsdf's IR, frame engine, transform and
    URDF writer, read with no check (the transform path's "IR, no checks"; see
    :func:`ir_urdf2sdf`)."""
    api = run._urdfsdf("api")
    document = run._urdfsdf("document")
    diagnostics = run._urdfsdf("core.diagnostics")
    doc = document.Document("sdf", sdf=ir_sdf_document(data, run._urdfsdf("core.ir")))
    return str(api.sdf_document_to_urdf(doc, diagnostics.Diagnostics()).text)


def ir_sdf_document(data: bytes, ir: Any) -> Any:
    """The SDF IR of a generated model-absolute model, built with no check."""
    root = etree.fromstring(data)
    model = root[0]
    parsed = ir.Pose.parsed

    def pose_of(el: etree._Element) -> Any:
        return parsed(" ".join((el.text or "").split()), el.get("relative_to"), el.sourceline)

    links, joints = [], []
    for el in model:
        if el.tag == "link":
            pose, inertial, visuals, collisions = ir.Pose(), None, [], []
            for c in el:
                if c.tag == "pose":
                    pose = pose_of(c)
                    continue
                kids = {k.tag: k for k in c}
                if c.tag == "inertial":
                    inertial = ir.Inertial(kids["mass"].text,
                                           tuple(k.text for k in kids["inertia"]),
                                           pose_of(kids["pose"]), c.sourceline)
                    continue
                s = kids["geometry"][0]
                leaves = {k.tag: k.text for k in s}
                size = leaves.get("size")
                geometry = ir.Geometry(s.tag, size=tuple(size.split()) if size else None,
                                       radius=leaves.get("radius"),
                                       length=leaves.get("length"), line=s.sourceline)
                if c.tag == "visual":
                    visuals.append(ir.Visual(c.get("name"), geometry, pose_of(kids["pose"]),
                                             None, (), c.sourceline))
                else:
                    collisions.append(ir.Collision(c.get("name"), geometry,
                                                   pose_of(kids["pose"]), (), c.sourceline))
            links.append(ir.Link(el.get("name"), pose, inertial, tuple(visuals),
                                 tuple(collisions), (), el.sourceline))
        elif el.tag == "joint":
            kids = {k.tag: k for k in el}
            axis_kids = {k.tag: k for k in kids["axis"]}
            xyz, lim = axis_kids["xyz"], axis_kids["limit"]
            tokens = tuple((xyz.text or "").split())
            limit = ir.Limit(*(k.text for k in lim), (), lim.sourceline)
            axis = ir.Axis(tuple(float(t) for t in tokens), tokens, xyz.get("expressed_in"),
                           limit, None, (), xyz.sourceline)
            pose = pose_of(kids["pose"]) if "pose" in kids else ir.Pose()
            joints.append(ir.Joint(el.get("name"), el.get("type"), kids["parent"].text,
                                   kids["child"].text, pose, axis, None, None, None, None,
                                   (), el.sourceline))
    return ir.SdfDocument(root.get("version"), (ir.Model(
        name=model.get("name"), links=tuple(links), joints=tuple(joints),
        line=model.sourceline, convention="sdf"),))


# -- checking that the minimal converters do urdfsdf's job ----------------------

def _content(xml: str) -> Counter[tuple[str, str]]:
    """(tag, text or attribute) pairs of every element: the content, not the layout."""
    found: Counter[tuple[str, str]] = Counter()
    for el in etree.fromstring(xml.encode()).iter():
        found[(str(el.tag), (el.text or "").strip())] += 1
        for key, value in el.items():
            found[(f"{el.tag!s}@{key!s}", str(value))] += 1
    return found


def _matrix(xyz: str, rpy: str) -> np.ndarray:
    x = [float(v) for v in xyz.split()]
    r = [float(v) for v in rpy.split()]
    m = np.eye(4)
    m[:3, :3] = np.array(_rotation(*r)).reshape(3, 3)
    m[:3, 3] = x
    return m


def verify(links: int) -> None:
    """Raise AssertionError unless each minimal output carries urdfsdf's content."""
    api = run._urdfsdf("api")
    urdf = gen_models.generate("urdf_chain", links).encode()
    ours = api.urdf_to_sdf_result(urdf)
    assert ours.ok, ours.diagnostics
    assert _content(minimal_urdf2sdf(urdf)) == _content(ours.text), \
        "minimal urdf2sdf differs from urdfsdf's output"
    diagnostics = run._urdfsdf("core.diagnostics")
    reader = run._urdfsdf("urdf.reader")
    assert ir_model(urdf, run._urdfsdf("core.ir")) == reader.read_urdf_bytes(
        urdf, diagnostics.Diagnostics()), "unchecked IR differs from urdfsdf's reader's"
    assert ir_urdf2sdf(urdf) == ours.text, "IR, no checks: output differs from urdfsdf's"
    sdf = gen_models.generate("sdf_absolute", links).encode()
    ours = api.sdf_to_urdf_result(sdf)
    assert ours.ok, ours.diagnostics
    document = run._urdfsdf("document")
    assert ir_sdf_document(sdf, run._urdfsdf("core.ir")) == document.load_document(
        sdf, diagnostics.Diagnostics(), expect="sdf").sdf, \
        "unchecked SDF IR differs from urdfsdf's reader's"
    assert ir_transform(sdf) == ours.text, "IR, no checks: URDF differs from urdfsdf's"
    mine, theirs = _frames_of(ours.text), _frames_of(minimal_transform(sdf))
    assert mine.keys() == theirs.keys(), "minimal transform has other elements"
    for key, value in mine.items():
        assert np.allclose(value, theirs[key], atol=1e-9), f"{key}: poses or axes differ"


def _frames_of(urdf: str) -> dict[tuple[str, str, str], np.ndarray]:
    """Every origin (as a 4x4 matrix) and axis of a URDF, keyed by owner and tag."""
    found: dict[tuple[str, str, str], np.ndarray] = {}
    for el in etree.fromstring(urdf.encode()):
        name = str(el.get("name"))
        for c in el:
            origin = c if c.tag == "origin" else c.find("origin")
            if origin is not None:
                found[(name, str(c.tag), "origin")] = _matrix(
                    origin.get("xyz", "0 0 0"), origin.get("rpy", "0 0 0"))
            if c.tag == "axis":
                found[(name, "axis", "xyz")] = np.array(
                    [float(v) for v in c.get("xyz", "1 0 0").split()])
    return found


# -- timing ---------------------------------------------------------------------

def _timed(fn: Callable[[bytes], object]) -> Callable[[bytes, Path], float]:
    def op(data: bytes, path: Path) -> float:
        t0 = time.perf_counter()
        fn(data)
        return time.perf_counter() - t0
    return op


def measure(links: int, repeats: int) -> dict[str, dict[str, float]]:
    """Median seconds of every case, all cases interleaved in each round."""
    inputs = {kind: gen_models.generate(kind, links).encode()
              for kind in ("urdf_chain", "sdf_absolute")}
    cases: list[tuple[str, str, Callable[[bytes, Path], float]]] = [
        ("urdf_chain", "lxml floor", run.op_lxml_floor),
        ("urdf_chain", "lxml walk", run.op_lxml_walk),
        ("urdf_chain", "minimal urdf2sdf", _timed(minimal_urdf2sdf)),
        ("urdf_chain", "IR, no checks", _timed(ir_urdf2sdf)),
        ("urdf_chain", "urdfsdf urdf2sdf", run.op_urdf2sdf),
        ("sdf_absolute", "lxml floor", run.op_lxml_floor),
        ("sdf_absolute", "lxml walk", run.op_lxml_walk),
        ("sdf_absolute", "minimal transform", _timed(minimal_transform)),
        ("sdf_absolute", "IR, no checks", _timed(ir_transform)),
        ("sdf_absolute", "urdfsdf transform", run._sdf2urdf("transform")),
    ]
    samples: dict[tuple[str, str], list[float]] = {(k, n): [] for k, n, _ in cases}
    dummy = Path("unused")
    for r in range(repeats + 1):  # round 0 warms up
        for i in range(len(cases)):
            kind, name, op = cases[(i + r) % len(cases)]
            gc.collect()
            t = op(inputs[kind], dummy)
            if r:
                samples[(kind, name)].append(t)
    result: dict[str, dict[str, float]] = {}
    for (kind, name), ts in samples.items():
        result.setdefault(kind, {})[name] = statistics.median(ts)
    return result


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--links", type=int, default=1000)
    parser.add_argument("--repeats", type=int, default=15)
    args = parser.parse_args(argv)
    verify(min(args.links, 200))
    print(f"minimal converters checked against urdfsdf ({min(args.links, 200)} links)",
          file=sys.stderr)
    result = measure(args.links, args.repeats)
    print(f"{args.links} links, median of {args.repeats} interleaved rounds")
    print(f"{'input':14s} {'case':18s} {'ms':>7s} {'x floor':>8s}")
    for kind, row in result.items():
        floor = row["lxml floor"]
        for name, seconds in row.items():
            print(f"{kind:14s} {name:18s} {seconds * 1e3:7.1f} {seconds / floor:8.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
