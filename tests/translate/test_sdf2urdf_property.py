"""Property test of sdf2urdf's transform path: the URDF has the SDF model's kinematics.

Hypothesis writes random SDFormat 1.7 models as XML: a random tree of 2-8
links joined by revolute, prismatic, continuous, fixed and universal joints;
link, joint and frame poses ``relative_to`` random frames (the defaults too:
model frame, child link, attached_to), explicit frames attached to random
frames, axes ``expressed_in`` random frames, rotations near gimbal lock, and
in each link a visual and a collision (sometimes posed relative_to a frame)
and an inertial with a rotated pose.  Every relative_to/attached_to names
something earlier in a random order, so both graphs are acyclic.

The expected kinematics are computed here from the generated numbers, with no
urdfsdf code: zero-configuration poses ``X_M_e(0)`` by walking each
relative_to chain, then for each joint J (parent P, child C, unit axis ``a``
in the joint frame)::

    X_MC(q) = X_MP(q) X_PJ(0) motion(a, q) X_JC(0)
    X_PJ(0) = inv(X_MP(0)) X_MJ(0),  X_JC(0) = inv(X_MJ(0)) X_MC(0)

(universal: ``motion = rot(a1, q1) rot(a2, q2)``).  The URDF's forward
kinematics are computed here too, from its origin/axis/type attributes.  The
URDF root link frame is the SDF root link frame; relative to it, at random q:

- URDF link C's frame (its parent joint's frame) is the SDF joint frame J
  attached to C, ``X_MC(q) X_CJ(0)``;
- each explicit frame F is a URDF link F whose frame is ``X_M_body(q) X_body_F(0)``;
- each visual, collision and inertial frame is where the SDF puts it.

Rotations are compared as matrices (never rpy triples) within 1e-9.
"""

from __future__ import annotations

import math
import tempfile
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

import urdfsdf

from kinematics import (
    HALF_PI,
    MODEL,
    AxisSpec,
    Elem,
    P,
    Spec,
    assert_same_pose,
    check_kinematics,
    check_zero_config_with_frame_engine,
    parse_urdf,
    spec_from_xml,
    urdf_q,
)
from tiers import examples

# -- pose math (numpy, independent of urdfsdf.core.transforms) ----------------------


# -- URDF forward kinematics (lxml only) --------------------------------------


# -- random SDF models -----------------------------------------------------------


COORD = st.floats(-2.0, 2.0, allow_nan=False, allow_subnormal=False)
ANGLE = st.floats(-math.pi, math.pi, allow_nan=False, allow_subnormal=False)


#: pitches at and next to gimbal lock
LOCKED = st.sampled_from([HALF_PI, -HALF_PI, HALF_PI - 1e-9, HALF_PI + 1e-9, -HALF_PI + 1e-9,
                          -HALF_PI - 1e-9, HALF_PI - 1e-7, -HALF_PI + 1e-6])


@st.composite
def pose_values(draw: st.DrawFn, locked: st.SearchStrategy[float] = LOCKED
                ) -> tuple[tuple[float, float, float], tuple[float, float, float]]:
    kind = draw(st.sampled_from(["zero", "xyz", "full", "full", "full", "locked"]))
    if kind == "zero":
        return (0.0, 0.0, 0.0), (0.0, 0.0, 0.0)
    xyz = (draw(COORD), draw(COORD), draw(COORD))
    if kind == "xyz":
        return xyz, (0.0, 0.0, 0.0)
    pitch = draw(locked) if kind == "locked" else draw(ANGLE)
    return xyz, (draw(ANGLE), pitch, draw(ANGLE))


@st.composite
def sdf_models(draw: st.DrawFn, locked: st.SearchStrategy[float] = LOCKED,
               universal: bool = True) -> Spec:
    n_links = draw(st.integers(2, 8))
    n_frames = draw(st.integers(0, 4))
    links = [f"link{i}" for i in range(n_links)]
    frames = [f"frame{i}" for i in range(n_frames)]
    # the joint tree: a random root, each further link hangs from an earlier one
    tree = draw(st.permutations(links))
    root = tree[0]
    types = ["revolute", "prismatic", "continuous", "fixed"] + (["universal"] if universal
                                                              else [])
    joints: list[Elem] = []
    for i, child in enumerate(tree[1:], start=1):
        parent = tree[draw(st.integers(0, i - 1))]
        jtype = draw(st.sampled_from(types))
        joints.append(Elem("joint", f"joint{i}", jtype=jtype, parent=parent, child=child))
    elems: dict[str, Elem] = {n: Elem("link", n) for n in links}
    elems.update({j.name: j for j in joints})
    elems.update({f: Elem("frame", f) for f in frames})
    # the order every reference follows: only to things earlier in it
    order = draw(st.permutations(list(elems)))
    all_frames = list(elems)

    def pose(rel: str | None, written: bool = True) -> P:
        if not written:
            return P(written=False)
        xyz, rpy = draw(pose_values(locked))
        return P(xyz, rpy, rel)

    for i, name in enumerate(order):
        e = elems[name]
        earlier = list(order[:i])
        if e.kind == "frame":
            e.attached_to = draw(st.sampled_from([None, MODEL, *earlier]))
        options: list[str | None] = [None, MODEL, *earlier]
        if e.kind == "joint" and e.child not in earlier:
            options.remove(None)  # the default (child link) comes later
        rel = draw(st.sampled_from(options))
        # sometimes the parity form: joint relative_to its parent, link identity to its joint
        if e.kind == "joint" and e.parent in earlier and draw(st.booleans()):
            rel = e.parent
        up = next((j for j in joints if j.child == name), None)
        if e.kind == "link" and up is not None and up.name in earlier and draw(st.booleans()):
            e.pose = P((0.0, 0.0, 0.0), (0.0, 0.0, 0.0), up.name)
            continue
        written = rel is not None or draw(st.integers(0, 3)) > 0
        e.pose = pose(rel, written)
    for e in elems.values():
        if e.kind == "link":
            e.inertial = pose(None)
            e.visuals = [(f"v_{e.name}", pose(draw(st.sampled_from(
                [None, None, e.name, MODEL, *all_frames]))))]
            e.collisions = [(f"c_{e.name}", pose(draw(st.sampled_from(
                [None, None, e.name, MODEL, *all_frames]))))]
        elif e.kind == "joint" and e.jtype != "fixed":
            count = 2 if e.jtype == "universal" else 1
            for _ in range(count):
                xyz = draw(st.one_of(
                    st.sampled_from([(1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0),
                                     (0.0, 0.0, -1.0)]),
                    st.tuples(COORD, COORD, COORD).filter(
                        lambda v: math.sqrt(v[0] ** 2 + v[1] ** 2 + v[2] ** 2) > 0.1)))
                where = draw(st.sampled_from([None, None, e.name, MODEL, *all_frames]))
                limit = None
                if e.jtype in ("revolute", "prismatic", "universal") and draw(st.booleans()):
                    limit = (-draw(st.floats(0.1, 3.0)), draw(st.floats(0.1, 3.0)))
                e.axes.append(AxisSpec(xyz, where, limit))
    doc_order = draw(st.permutations(list(elems)))
    q: dict[str, tuple[float, ...]] = {}
    for j in joints:
        if j.jtype == "prismatic":
            q[j.name] = (draw(st.floats(-1.0, 1.0)),)
        elif j.jtype == "universal":
            q[j.name] = (draw(ANGLE), draw(ANGLE))
        else:
            q[j.name] = (draw(ANGLE),)
    return Spec(elems, list(doc_order), root, q)


# -- the SDF semantics, computed from the spec ---------------------------------


# -- tests --------------------------------------------------------------------


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(spec=sdf_models())
def test_sdf2urdf_keeps_kinematics(spec: Spec) -> None:
    xml = spec.xml()
    note(xml)
    note(f"q = {spec.q}")
    check_zero_config_with_frame_engine(spec, xml)
    urdf = urdfsdf.sdf_to_urdf(xml)
    check_kinematics(spec, urdf)


NEAR_LOCK_SDF = """<sdf version="1.7"><model name="m">
  <link name="a"/>
  <link name="b">
    <visual name="v"><pose>0 0 0 0 1.5707962267948966 0</pose>
      <geometry><box><size>1 1 1</size></box></geometry></visual>
  </link>
  <joint name="j" type="revolute"><parent>a</parent><child>b</child>
    <axis><xyz>1 0 0</xyz></axis></joint>
</model></sdf>"""


def test_near_gimbal_lock_origin_is_exact() -> None:
    """A computed pose 1e-7 rad from gimbal lock keeps its rotation.

    Regression: sdf2urdf wrote this visual (pitch pi/2 - 1e-7, re-expressed in
    the joint frame) as ``rpy="0 1.5707963267948966 0"``: 1e-7 rad off, because
    ``transforms.rpy_from_rot`` snapped pitch within ~1.4e-6 rad of the lock (now
    sdf2urdf uses ``transforms.rpy_from_rot``).
    """
    spec = spec_from_xml(NEAR_LOCK_SDF, {"j": (0.5,)})
    check_kinematics(spec, urdfsdf.sdf_to_urdf(NEAR_LOCK_SDF))


def test_rpy_from_rot_near_gimbal_lock() -> None:
    from urdfsdf.core import transforms as tf

    x_ml = tf.from_xyz_rpy((0.0, 0.0, 0.0), (1.0, 0.0, 1.0))
    x_mc = tf.from_xyz_rpy((0.0, 0.0, 0.0), (0.0, HALF_PI - 1e-9, 0.0))
    x = tf.compose(x_ml, tf.relative(x_ml, x_mc))  # X_MC again, with rounding noise
    back = tf.from_xyz_rpy((0.0, 0.0, 0.0), tf.rpy_from_rot(x[0]))
    assert_same_pose("rpy round trip", tf.as_matrix(back), tf.as_matrix(x))


try:
    import urchin  # type: ignore[import-untyped]
except Exception:  # noqa: BLE001 - any import problem means "not available"
    urchin = None


@pytest.mark.skipif(urchin is None, reason="urchin not importable")
@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(spec=sdf_models())
def test_urchin_agrees_with_our_urdf_fk(spec: Spec) -> None:
    """urchin's link_fk of the produced URDF equals this file's URDF FK."""
    urdf = urdfsdf.sdf_to_urdf(spec.xml())
    robot = parse_urdf(urdf)
    q = urdf_q(spec)
    ours = robot.fk(q)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "robot.urdf"
        path.write_text(urdf)
        loaded = urchin.URDF.load(str(path), lazy_load_meshes=True)
    theirs = loaded.link_fk(cfg={k: v for k, v in q.items()
                                 if robot.joint_types.get(k) != "fixed"})
    assert loaded.base_link.name == robot.root
    for link, x in theirs.items():
        assert_same_pose(f"urchin link {link.name}", np.asarray(x, dtype=float),
                         ours[link.name])
