"""SDFormat 1.7 frame semantics: resolved poses against hand-computed values.

Every expected pose is computed here, independently of :mod:`urdfsdf.core.transforms`,
from rotation matrices built from first principles (fixed-axis roll, pitch, yaw:
``R = Rz(yaw) @ Ry(pitch) @ Rx(roll)``) and 4x4 homogeneous matrices.  Rotations
are compared as matrices (1e-12), never as rpy triples.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

import urdfsdf
from urdfsdf.commands.poses import poses_source
from urdfsdf.core.diagnostics import Diagnostics
from urdfsdf.sdf.frames import Scope, Semantics, analyze

TOL = 1e-12
HALF_PI = math.pi / 2


# -- independent pose math ----------------------------------------------------

def rx(a: float) -> np.ndarray:
    c, s = math.cos(a), math.sin(a)
    return np.array([[1.0, 0.0, 0.0], [0.0, c, -s], [0.0, s, c]])


def ry(a: float) -> np.ndarray:
    c, s = math.cos(a), math.sin(a)
    return np.array([[c, 0.0, s], [0.0, 1.0, 0.0], [-s, 0.0, c]])


def rz(a: float) -> np.ndarray:
    c, s = math.cos(a), math.sin(a)
    return np.array([[c, -s, 0.0], [s, c, 0.0], [0.0, 0.0, 1.0]])


def rot(roll: float, pitch: float, yaw: float) -> np.ndarray:
    return rz(yaw) @ ry(pitch) @ rx(roll)


def X(x: float, y: float, z: float, roll: float, pitch: float, yaw: float) -> np.ndarray:
    """4x4 pose of ``x y z roll pitch yaw``."""
    m = np.eye(4)
    m[:3, :3] = rot(roll, pitch, yaw)
    m[:3, 3] = (x, y, z)
    return m


def pose_text(values: tuple[float, ...]) -> str:
    return " ".join(repr(float(v)) for v in values)


def engine_matrix(t: object) -> np.ndarray:
    """4x4 matrix of an engine transform ``(R 9-tuple row-major, p)``."""
    assert t is not None, "pose unresolvable"
    r, p = t  # type: ignore[misc]
    m = np.eye(4)
    m[:3, :3] = np.array(r, dtype=float).reshape(3, 3)
    m[:3, 3] = p
    return m


def assert_pose(got: object, expected: np.ndarray) -> None:
    m = engine_matrix(got)
    np.testing.assert_allclose(m[:3, :3], expected[:3, :3], rtol=0, atol=TOL)
    np.testing.assert_allclose(m[:3, 3], expected[:3, 3], rtol=0, atol=TOL)
    # the engine's rotation is a proper rotation
    np.testing.assert_allclose(m[:3, :3] @ m[:3, :3].T, np.eye(3), rtol=0, atol=TOL)


def analyze_xml(xml: str) -> Semantics:
    doc = urdfsdf.read_sdf_document(xml)
    diags = Diagnostics()
    sem = analyze(doc, diags)
    assert [d.format() for d in diags.errors] == []
    return sem


def sdf(body: str) -> str:
    return f"<?xml version='1.0'?>\n<sdf version='1.7'>\n{body}\n</sdf>\n"


def model_scope(body: str, name: str = "m", attrs: str = "") -> Scope:
    sem = analyze_xml(sdf(f"<model name='{name}'{attrs}>\n{body}\n</model>"))
    return sem.models[name]


# -- the math helpers themselves against literal matrices ----------------------

def test_first_principles_rotation_matches_literal_matrices() -> None:
    np.testing.assert_allclose(rot(0, 0, HALF_PI), [[0, -1, 0], [1, 0, 0], [0, 0, 1]],
                               atol=1e-15)
    np.testing.assert_allclose(rot(HALF_PI, 0, 0), [[1, 0, 0], [0, 0, -1], [0, 1, 0]],
                               atol=1e-15)
    # fixed axes: roll about x first, then yaw about the fixed z
    np.testing.assert_allclose(rot(HALF_PI, 0, HALF_PI), [[0, 0, 1], [1, 0, 0], [0, 1, 0]],
                               atol=1e-15)


def test_rpy_convention_against_literal_matrices() -> None:
    s = model_scope(f"""
<link name='A'>
  <pose>1 2 3 0 0 {HALF_PI!r}</pose>
</link>
<link name='B'>
  <pose>0 0 0 {HALF_PI!r} 0 {HALF_PI!r}</pose>
</link>
<link name='C'>
  <pose relative_to='A'>1 0 0 0 0 0</pose>
</link>""")
    a = np.eye(4)
    a[:3, :3] = [[0, -1, 0], [1, 0, 0], [0, 0, 1]]
    a[:3, 3] = (1, 2, 3)
    assert_pose(s.pose("A"), a)
    b = np.eye(4)
    b[:3, :3] = [[0, 0, 1], [1, 0, 0], [0, 1, 0]]
    assert_pose(s.pose("B"), b)
    # 1 m along A's x axis, which is the model's y axis: (1, 3, 3)
    c = a.copy()
    c[:3, 3] = (1, 3, 3)
    assert_pose(s.pose("C"), c)


# -- links, joints, frames --------------------------------------------------------

def test_link_pose_relative_to_another_link() -> None:
    pa = (1.0, 2.0, 3.0, 0.1, 0.2, 0.3)
    pb = (0.5, -0.25, 1.0, -0.4, 0.7, 1.1)
    s = model_scope(f"""
<link name='A'>
  <pose>{pose_text(pa)}</pose>
</link>
<link name='B'>
  <pose relative_to='A'>{pose_text(pb)}</pose>
</link>
<link name='C'>
  <pose relative_to=''>{pose_text(pb)}</pose>
</link>""")
    assert_pose(s.pose("A"), X(*pa))
    assert_pose(s.pose("B"), X(*pa) @ X(*pb))
    assert_pose(s.pose("C"), X(*pb))  # empty relative_to: the model frame
    assert_pose(s.relative("A", "B"), X(*pb))
    assert_pose(s.relative("B", "A"), np.linalg.inv(X(*pa) @ X(*pb)) @ X(*pa))
    assert_pose(s.pose("__model__"), np.eye(4))


def test_joint_pose_defaults_to_child_link() -> None:
    pp = (0.3, 0.0, -1.0, 0.0, 0.5, 0.0)
    pc = (-2.0, 1.5, 0.25, 1.2, -0.3, 2.5)
    pj = (0.1, 0.2, 0.3, -0.9, 0.4, -1.7)
    s = model_scope(f"""
<link name='P'>
  <pose>{pose_text(pp)}</pose>
</link>
<link name='C'>
  <pose>{pose_text(pc)}</pose>
</link>
<joint name='J' type='revolute'>
  <pose>{pose_text(pj)}</pose>
  <parent>P</parent>
  <child>C</child>
</joint>
<joint name='J_empty' type='revolute'>
  <pose relative_to=''>{pose_text(pj)}</pose>
  <parent>P</parent>
  <child>C</child>
</joint>
<joint name='J_nopose' type='fixed'>
  <parent>P</parent>
  <child>C</child>
</joint>
<joint name='J_parent' type='fixed'>
  <pose relative_to='P'>{pose_text(pj)}</pose>
  <parent>P</parent>
  <child>C</child>
</joint>""")
    x_mc = X(*pc)
    assert_pose(s.pose("J"), x_mc @ X(*pj))
    assert_pose(s.pose("J_empty"), x_mc @ X(*pj))
    assert_pose(s.pose("J_nopose"), x_mc)
    assert_pose(s.pose("J_parent"), X(*pp) @ X(*pj))
    # attached to the child link
    assert s.body("J") == "C"
    assert s.body("J_parent") == "C"


def test_frame_pose_defaults_to_attached_to() -> None:
    pl = (1.0, -1.0, 0.5, 0.3, -0.2, 0.9)
    pf = (0.0, 0.7, -0.4, 2.0, 0.1, -0.5)
    s = model_scope(f"""
<link name='L0'/>
<link name='L'>
  <pose>{pose_text(pl)}</pose>
</link>
<frame name='F_link' attached_to='L'>
  <pose>{pose_text(pf)}</pose>
</frame>
<frame name='F_empty_rel' attached_to='L'>
  <pose relative_to=''>{pose_text(pf)}</pose>
</frame>
<frame name='F_model'>
  <pose>{pose_text(pf)}</pose>
</frame>
<frame name='F_model_empty' attached_to=''>
  <pose>{pose_text(pf)}</pose>
</frame>
<frame name='F_frame' attached_to='F_link'>
  <pose>{pose_text(pf)}</pose>
</frame>
<frame name='F_explicit' attached_to='L'>
  <pose relative_to='__model__'>{pose_text(pf)}</pose>
</frame>""")
    assert_pose(s.pose("F_link"), X(*pl) @ X(*pf))
    assert_pose(s.pose("F_empty_rel"), X(*pl) @ X(*pf))
    assert_pose(s.pose("F_model"), X(*pf))
    assert_pose(s.pose("F_model_empty"), X(*pf))
    assert_pose(s.pose("F_frame"), X(*pl) @ X(*pf) @ X(*pf))
    assert_pose(s.pose("F_explicit"), X(*pf))  # relative_to is not attached_to
    assert s.body("F_link") == "L"
    assert s.body("F_frame") == "L"
    assert s.body("F_explicit") == "L"
    assert s.body("F_model") == "L0"  # via __model__ to the canonical (first) link
    assert s.body("F_model_empty") == "L0"


def test_frame_attached_to_joint_is_attached_to_its_child_link() -> None:
    pc = (0.0, 0.0, 2.0, 0.0, 0.0, HALF_PI)
    pj = (0.5, 0.0, 0.0, HALF_PI, 0.0, 0.0)
    pf = (0.0, 0.25, 0.0, 0.0, -0.6, 0.0)
    body = f"""
<link name='P'/>
<link name='C'>
  <pose>{pose_text(pc)}</pose>
</link>
<joint name='J' type='revolute'>
  <pose>{pose_text(pj)}</pose>
  <parent>P</parent>
  <child>C</child>
</joint>
<frame name='F' attached_to='J'>
  <pose>{pose_text(pf)}</pose>
</frame>
<frame name='G' attached_to='F'/>"""
    s = model_scope(body)
    x_mj = X(*pc) @ X(*pj)
    assert_pose(s.pose("J"), x_mj)
    assert_pose(s.pose("F"), x_mj @ X(*pf))
    assert_pose(s.pose("G"), x_mj @ X(*pf))
    assert s.body("F") == "C"
    assert s.body("G") == "C"
    # the same through the JSON report of `urdfsdf poses`
    rep, diags = poses_source(sdf(f"<model name='m'>{body}</model>"))
    assert [d for d in diags if d.severity == "error"] == []
    frames = rep["models"]["m"]["frames"]
    assert frames["F"]["attached_to_body"] == "C"
    assert frames["G"]["attached_to_body"] == "C"
    np.testing.assert_allclose(frames["F"]["xyz"], (x_mj @ X(*pf))[:3, 3], rtol=0, atol=TOL)
    np.testing.assert_allclose(rot(*frames["F"]["rpy"]), (x_mj @ X(*pf))[:3, :3], rtol=0,
                               atol=TOL)


def test_chain_of_relative_to_hops_with_rotations() -> None:
    p = {
        "L1": (1.0, 0.0, 0.0, 0.0, 0.0, 0.7),
        "F1": (0.0, 2.0, 0.0, 0.4, 0.0, 0.0),
        "J": (0.0, 0.0, 3.0, 0.0, -1.1, 0.0),
        "L2": (0.5, 0.5, 0.5, 0.3, 0.2, 0.1),
        "F2": (-1.0, 0.0, 0.25, 2.9, -1.3, -0.4),
        "F3": (0.0, -0.75, 1.0, -0.2, HALF_PI, 0.6),
        "L0": (4.0, 4.0, 4.0, 1.0, 1.0, 1.0),
    }
    # written in an order where each pose refers to a frame defined later
    s = model_scope(f"""
<link name='L0'>
  <pose>{pose_text(p['L0'])}</pose>
</link>
<frame name='F3'>
  <pose relative_to='F2'>{pose_text(p['F3'])}</pose>
</frame>
<frame name='F2' attached_to='L2'>
  <pose>{pose_text(p['F2'])}</pose>
</frame>
<link name='L2'>
  <pose relative_to='J'>{pose_text(p['L2'])}</pose>
</link>
<joint name='J' type='fixed'>
  <pose relative_to='F1'>{pose_text(p['J'])}</pose>
  <parent>L1</parent>
  <child>L2</child>
</joint>
<frame name='F1' attached_to='L0'>
  <pose relative_to='L1'>{pose_text(p['F1'])}</pose>
</frame>
<link name='L1'>
  <pose>{pose_text(p['L1'])}</pose>
</link>""")
    x = {k: X(*v) for k, v in p.items()}
    x_l1 = x["L1"]
    x_f1 = x_l1 @ x["F1"]
    x_j = x_f1 @ x["J"]
    x_l2 = x_j @ x["L2"]
    x_f2 = x_l2 @ x["F2"]
    x_f3 = x_f2 @ x["F3"]
    # resolve the deepest first, then the rest from the memo
    assert_pose(s.pose("F3"), x_f3)
    assert_pose(s.pose("F2"), x_f2)
    assert_pose(s.pose("L2"), x_l2)
    assert_pose(s.pose("J"), x_j)
    assert_pose(s.pose("F1"), x_f1)
    assert_pose(s.pose("L1"), x_l1)
    assert_pose(s.pose("L0"), x["L0"])
    # relative poses between any two of them: X_AB = X_MA^-1 X_MB
    assert_pose(s.relative("F1", "F3"), x["J"] @ x["L2"] @ x["F2"] @ x["F3"])
    assert_pose(s.relative("L0", "F2"), np.linalg.inv(x["L0"]) @ x_f2)
    assert s.body("F1") == "L0"
    assert s.body("F3") == "L0"  # attached_to the model frame -> canonical link L0
    assert s.body("F2") == "L2"


def test_nested_model_pose_and_link_in_parent_model_frame() -> None:
    p = {
        "base": (0.0, 0.0, 1.0, 0.0, 0.0, HALF_PI),
        "F": (1.0, 0.0, 0.0, 0.0, 0.3, 0.0),
        "N": (0.0, 1.0, 0.0, 0.8, 0.0, -0.2),
        "NL": (0.25, 0.5, -0.5, -0.1, 0.9, 1.4),
        "NF": (0.0, 0.0, 0.125, 1.0, 0.0, 0.0),
        "G": (2.0, -1.0, 0.0, 0.0, 0.0, 3.0),
        "NN": (0.5, 0.0, 0.0, 0.0, -0.7, 0.0),
        "NNL": (0.0, 0.0, 0.5, 0.2, 0.2, 0.2),
    }
    sem = analyze_xml(sdf(f"""
<model name='outer'>
  <link name='base'>
    <pose>{pose_text(p['base'])}</pose>
  </link>
  <frame name='F'>
    <pose relative_to='base'>{pose_text(p['F'])}</pose>
  </frame>
  <model name='N'>
    <pose relative_to='F'>{pose_text(p['N'])}</pose>
    <link name='NL'>
      <pose>{pose_text(p['NL'])}</pose>
    </link>
    <frame name='NF' attached_to='NL'>
      <pose>{pose_text(p['NF'])}</pose>
    </frame>
    <frame name='F'>
      <pose relative_to='NF'/>
    </frame>
    <model name='NN'>
      <pose relative_to='NF'>{pose_text(p['NN'])}</pose>
      <link name='NNL'>
        <pose>{pose_text(p['NNL'])}</pose>
      </link>
    </model>
  </model>
  <frame name='G' attached_to='N'>
    <pose>{pose_text(p['G'])}</pose>
  </frame>
</model>"""))
    outer, inner, innermost = sem.models["outer"], sem.models["outer::N"], \
        sem.models["outer::N::NN"]
    x = {k: X(*v) for k, v in p.items()}
    x_mn = x["base"] @ x["F"] @ x["N"]
    assert_pose(outer.pose("N"), x_mn)
    assert_pose(outer.pose("G"), x_mn @ x["G"])
    # inside N, poses are in N's model frame; 'F' there is N's own frame F
    assert_pose(inner.pose("NL"), x["NL"])
    assert_pose(inner.pose("NF"), x["NL"] @ x["NF"])
    assert_pose(inner.pose("F"), x["NL"] @ x["NF"])
    assert_pose(inner.pose("NN"), x["NL"] @ x["NF"] @ x["NN"])
    assert_pose(innermost.pose("NNL"), x["NNL"])
    # the nested link expressed in the parent model frame
    x_outer_nl = engine_matrix(outer.pose("N")) @ engine_matrix(inner.pose("NL"))
    np.testing.assert_allclose(x_outer_nl, x_mn @ x["NL"], rtol=0, atol=TOL)
    x_outer_nnl = (engine_matrix(outer.pose("N")) @ engine_matrix(inner.pose("NN"))
                   @ engine_matrix(innermost.pose("NNL")))
    np.testing.assert_allclose(x_outer_nnl, x_mn @ x["NL"] @ x["NF"] @ x["NN"] @ x["NNL"],
                               rtol=0, atol=TOL)
    assert outer.body("G") == "N::NL"
    assert outer.body("N") == "N::NL"
    assert inner.body("F") == "NL"
    assert outer.canonical_link == "base"


def test_world_frames_relative_to_a_model() -> None:
    p = {
        "W0": (10.0, 0.0, 0.0, 0.0, 0.0, HALF_PI),
        "M1": (0.0, 2.0, 0.0, 0.0, 0.5, 0.0),
        "W1": (1.0, 1.0, 1.0, 0.3, 0.0, 0.0),
        "W2": (0.0, 0.0, -3.0, 0.0, 0.0, -1.0),
        "M2": (0.5, 0.0, 0.0, 1.5, 0.1, 0.2),
        "W3": (0.0, 1.0, 0.0, 0.0, -HALF_PI, 0.0),
    }
    sem = analyze_xml(sdf(f"""
<world name='w'>
  <frame name='W0'>
    <pose>{pose_text(p['W0'])}</pose>
  </frame>
  <model name='M1'>
    <pose relative_to='W0'>{pose_text(p['M1'])}</pose>
    <link name='L'/>
  </model>
  <frame name='W1' attached_to='M1'>
    <pose>{pose_text(p['W1'])}</pose>
  </frame>
  <frame name='W2'>
    <pose relative_to='M1'>{pose_text(p['W2'])}</pose>
  </frame>
  <model name='M2'>
    <pose relative_to='W2'>{pose_text(p['M2'])}</pose>
    <static>true</static>
    <link name='L'/>
  </model>
  <frame name='W3' attached_to='M2'>
    <pose relative_to='world'>{pose_text(p['W3'])}</pose>
  </frame>
</world>"""))
    w = sem.worlds["w"]
    x = {k: X(*v) for k, v in p.items()}
    x_m1 = x["W0"] @ x["M1"]
    assert_pose(w.pose("W0"), x["W0"])
    assert_pose(w.pose("M1"), x_m1)
    assert_pose(w.pose("W1"), x_m1 @ x["W1"])
    assert_pose(w.pose("W2"), x_m1 @ x["W2"])
    assert_pose(w.pose("M2"), x_m1 @ x["W2"] @ x["M2"])
    assert_pose(w.pose("W3"), x["W3"])
    assert_pose(w.relative("M1", "M2"), x["W2"] @ x["M2"])
    assert w.body("W0") == ""
    assert w.body("W1") == "M1::L"
    assert w.body("W2") == ""  # attached to the world by default
    assert w.body("W3") == ""  # M2 is static: its frame is fixed in the world
    assert set(sem.models) == {"M1", "M2"}


def test_axis_expressed_in_another_frame() -> None:
    pc = (0.0, 0.0, 1.0, 0.0, 0.0, HALF_PI)
    pj = (0.0, 0.0, 0.0, HALF_PI, 0.0, 0.0)
    pf = (1.0, 2.0, 3.0, 0.3, -0.8, 2.2)
    pp = (0.0, 0.0, 0.0, 0.0, 0.4, -0.1)
    body = f"""
<link name='P'>
  <pose>{pose_text(pp)}</pose>
</link>
<link name='C'>
  <pose>{pose_text(pc)}</pose>
</link>
<frame name='F'>
  <pose>{pose_text(pf)}</pose>
</frame>
<joint name='J_frame' type='revolute'>
  <pose>{pose_text(pj)}</pose>
  <parent>P</parent>
  <child>C</child>
  <axis>
    <xyz expressed_in='F'>0 0 2</xyz>
  </axis>
  <axis2>
    <xyz expressed_in='__model__'>0 1 0</xyz>
  </axis2>
</joint>
<joint name='J_own' type='revolute'>
  <pose>{pose_text(pj)}</pose>
  <parent>P</parent>
  <child>C</child>
  <axis>
    <xyz>3 0 4</xyz>
  </axis>
</joint>
<joint name='J_parent' type='revolute'>
  <parent>P</parent>
  <child>C</child>
  <axis>
    <xyz expressed_in='P'>1 0 0</xyz>
  </axis>
</joint>"""
    s = model_scope(body)
    r_mf = rot(*pf[3:])
    r_mj = rot(*pc[3:]) @ rot(*pj[3:])
    r_mp = rot(*pp[3:])
    joints = s.joints
    j = joints["J_frame"]
    assert j.axis is not None and j.axis2 is not None
    np.testing.assert_allclose(s.axis_in(j, j.axis, "__model__"), r_mf @ [0, 0, 1],
                               rtol=0, atol=TOL)
    np.testing.assert_allclose(s.axis_in(j, j.axis2, "__model__"), [0, 1, 0], rtol=0, atol=TOL)
    # expressed in another frame of the model: R_PM R_MF z
    np.testing.assert_allclose(s.axis_in(j, j.axis, "P"), r_mp.T @ r_mf @ [0, 0, 1],
                               rtol=0, atol=TOL)
    np.testing.assert_allclose(s.axis_in(j, j.axis, "F"), [0, 0, 1], rtol=0, atol=TOL)
    own = joints["J_own"]
    assert own.axis is not None
    np.testing.assert_allclose(s.axis_in(own, own.axis, "__model__"),
                               r_mj @ [0.6, 0.0, 0.8], rtol=0, atol=TOL)
    # R_MJ = Rz(pi/2) Rx(pi/2): the joint's x is the model's y
    np.testing.assert_allclose(r_mj @ [1, 0, 0], [0, 1, 0], atol=1e-15)
    par = joints["J_parent"]
    assert par.axis is not None
    np.testing.assert_allclose(s.axis_in(par, par.axis, "__model__"), r_mp @ [1, 0, 0],
                               rtol=0, atol=TOL)
    # and the JSON report gives the same directions in the model frame
    rep, diags = poses_source(sdf(f"<model name='m'>{body}</model>"))
    assert [d for d in diags if d.severity == "error"] == []
    js = rep["models"]["m"]["joints"]
    np.testing.assert_allclose(js["J_frame"]["axis_xyz"], r_mf @ [0, 0, 1], rtol=0, atol=TOL)
    np.testing.assert_allclose(js["J_frame"]["axis2_xyz"], [0, 1, 0], rtol=0, atol=TOL)
    np.testing.assert_allclose(js["J_own"]["axis_xyz"], r_mj @ [0.6, 0, 0.8], rtol=0, atol=TOL)


def test_visual_and_collision_poses() -> None:
    pl = (0.0, 1.0, 0.0, 0.0, 0.0, 0.75)
    pf = (2.0, 0.0, 0.5, 0.0, HALF_PI, 0.0)
    pv = (0.1, 0.2, 0.3, 0.4, 0.5, 0.6)
    pc = (-0.3, 0.0, 0.0, 0.0, 0.0, -0.9)
    pl2 = (5.0, 5.0, 5.0, 0.0, 0.0, 0.0)
    body = f"""
<link name='L'>
  <pose>{pose_text(pl)}</pose>
  <visual name='V'>
    <pose relative_to='F'>{pose_text(pv)}</pose>
    <geometry><box><size>1 1 1</size></box></geometry>
  </visual>
  <visual name='V_other_link'>
    <pose relative_to='L2'>{pose_text(pv)}</pose>
    <geometry><box><size>1 1 1</size></box></geometry>
  </visual>
  <collision name='C'>
    <pose>{pose_text(pc)}</pose>
    <geometry><sphere><radius>1</radius></sphere></geometry>
  </collision>
  <collision name='C_empty'>
    <pose/>
    <geometry><sphere><radius>1</radius></sphere></geometry>
  </collision>
</link>
<link name='L2'>
  <pose>{pose_text(pl2)}</pose>
</link>
<frame name='F' attached_to='L'>
  <pose>{pose_text(pf)}</pose>
</frame>"""
    s = model_scope(body)
    link = s.links["L"]
    vis = {v.name: v for v in link.visuals}
    col = {c.name: c for c in link.collisions}
    x_ml, x_mf = X(*pl), X(*pl) @ X(*pf)
    assert_pose(s.element_pose("L", vis["V"].pose), x_mf @ X(*pv))
    assert_pose(s.element_pose("L", vis["V_other_link"].pose), X(*pl2) @ X(*pv))
    assert_pose(s.element_pose("L", col["C"].pose), x_ml @ X(*pc))  # default: the link
    assert_pose(s.element_pose("L", col["C_empty"].pose), x_ml)
    rep, diags = poses_source(sdf(f"<model name='m'>{body}</model>"))
    assert [d for d in diags if d.severity == "error"] == []
    v = rep["models"]["m"]["visuals"]["L/V"]
    np.testing.assert_allclose(v["xyz"], (x_mf @ X(*pv))[:3, 3], rtol=0, atol=TOL)
    np.testing.assert_allclose(rot(*v["rpy"]), (x_mf @ X(*pv))[:3, :3], rtol=0, atol=TOL)
    c = rep["models"]["m"]["collisions"]["L/C"]
    np.testing.assert_allclose(rot(*c["rpy"]), (x_ml @ X(*pc))[:3, :3], rtol=0, atol=TOL)


def test_empty_pose_is_identity() -> None:
    pa = (1.0, -2.0, 0.5, 0.2, -1.0, 2.5)
    s = model_scope(f"""
<link name='A'>
  <pose>{pose_text(pa)}</pose>
</link>
<link name='B'>
  <pose/>
</link>
<link name='B_rel'>
  <pose relative_to='A'/>
</link>
<link name='B_zero'>
  <pose relative_to='A'>0 0 0 0 0 0</pose>
</link>
<frame name='F1' attached_to='A'/>
<frame name='F2' attached_to='A'>
  <pose/>
</frame>
<frame name='F3' attached_to='A'>
  <pose relative_to='A'/>
</frame>
<frame name='F4' attached_to='A'>
  <pose relative_to='A'>0 0 0 0 0 0</pose>
</frame>
<frame name='F5'>
  <pose>   </pose>
</frame>""")
    assert_pose(s.pose("B"), np.eye(4))
    assert_pose(s.pose("F5"), np.eye(4))
    for name in ("B_rel", "B_zero", "F1", "F2", "F3", "F4"):
        assert_pose(s.pose(name), X(*pa))
        assert_pose(s.relative("A", name), np.eye(4))
    for name in ("F1", "F2", "F3", "F4"):
        assert s.body(name) == "A"


GIMBAL_POSES = [
    (0.0, 0.0, 0.0, 0.3, HALF_PI, -0.4),
    (1.0, 0.0, 0.0, -1.2, -HALF_PI, 2.0),
    (0.0, 2.0, 0.0, 0.7, HALF_PI - 1e-9, 0.1),
    (0.0, 0.0, 3.0, -2.9, -HALF_PI + 1e-7, -3.0),
    (0.0, 0.0, 3.0, 1.1, HALF_PI + 1e-6, 0.5),
]


def _json_link(p: tuple[float, ...]) -> dict[str, list[float]]:
    rep, diags = poses_source(sdf(f"<model name='m'>\n<link name='L'>\n"
                                  f"  <pose>{pose_text(p)}</pose>\n</link>\n</model>"))
    assert [d for d in diags if d.severity == "error"] == []
    entry: dict[str, list[float]] = rep["models"]["m"]["links"]["L"]
    return entry


@pytest.mark.parametrize("p", GIMBAL_POSES)
def test_gimbal_lock_poses_through_the_json_quaternion(p: tuple[float, ...]) -> None:
    entry = _json_link(p)
    np.testing.assert_allclose(entry["xyz"], p[:3], rtol=0, atol=TOL)
    w, qx, qy, qz = entry["quat_wxyz"]
    q_rot = np.array([
        [1 - 2 * (qy * qy + qz * qz), 2 * (qx * qy - qz * w), 2 * (qx * qz + qy * w)],
        [2 * (qx * qy + qz * w), 1 - 2 * (qx * qx + qz * qz), 2 * (qy * qz - qx * w)],
        [2 * (qx * qz - qy * w), 2 * (qy * qz + qx * w), 1 - 2 * (qx * qx + qy * qy)],
    ])
    np.testing.assert_allclose(q_rot, rot(*p[3:]), rtol=0, atol=TOL)


@pytest.mark.parametrize("p", GIMBAL_POSES)
def test_gimbal_lock_poses_through_the_json_rpy(p: tuple[float, ...]) -> None:
    entry = _json_link(p)
    np.testing.assert_allclose(rot(*entry["rpy"]), rot(*p[3:]), rtol=0, atol=TOL)


def test_attached_to_cycle_with_resolvable_poses() -> None:
    """Frames in an attached_to cycle may still have poses; body() must not loop."""
    xml = sdf("""<model name='m'>
  <link name='L'>
    <pose>1 0 0 0 0 0</pose>
  </link>
  <frame name='F1' attached_to='F2'>
    <pose relative_to='L'>0 1 0 0 0 0</pose>
  </frame>
  <frame name='F2' attached_to='F1'>
    <pose relative_to='L'/>
  </frame>
  <frame name='F3' attached_to='F1'>
    <pose relative_to='__model__'/>
  </frame>
  <frame name='F4' attached_to='L'/>
</model>""")
    diags = Diagnostics()
    s = analyze(urdfsdf.read_sdf_document(xml), diags).models["m"]
    assert [(d.code, d.line) for d in diags.errors] == [("FRAME_ATTACHED_TO_CYCLE", 10)]
    assert "F1 -> F2 -> F1" in diags.errors[0].message
    assert_pose(s.pose("F1"), X(1, 1, 0, 0, 0, 0))
    assert_pose(s.pose("F3"), np.eye(4))
    assert s.body("F1") is None and s.body("F2") is None and s.body("F3") is None
    assert s.body("F4") == "L"
    rep, _ = poses_source(xml)
    assert rep["models"]["m"]["frames"]["F1"]["attached_to_body"] is None
    assert rep["models"]["m"]["frames"]["F4"]["attached_to_body"] == "L"


# -- canonical link ----------------------------------------------------------------

def test_canonical_link_is_the_first_link() -> None:
    s = model_scope("""
<frame name='F'/>
<link name='L1'>
  <pose>1 0 0 0 0 0</pose>
</link>
<link name='L2'/>""")
    assert s.canonical_link == "L1"
    assert s.body("__model__") == "L1"
    assert s.body("F") == "L1"
    assert_pose(s.pose("F"), np.eye(4))  # the model frame, not the canonical link's


def test_canonical_link_attribute() -> None:
    s = model_scope("""
<link name='L1'/>
<link name='L2'>
  <pose>0 1 0 0 0 0</pose>
</link>
<frame name='F'/>""", attrs=" canonical_link='L2'")
    assert s.canonical_link == "L2"
    assert s.body("__model__") == "L2"
    assert s.body("F") == "L2"
    assert_pose(s.pose("F"), np.eye(4))


@pytest.mark.parametrize("which", ["A", "B"])
def test_canonical_link_in_a_nested_model(which: str) -> None:
    sem = analyze_xml(sdf(f"""
<model name='top' canonical_link='N::{which}'>
  <model name='N'>
    <pose>0 0 1 0 0 0</pose>
    <link name='A'/>
    <link name='B'>
      <pose>1 0 0 0 0 0</pose>
    </link>
  </model>
  <frame name='F'/>
  <frame name='G' attached_to='N'/>
</model>"""))
    top = sem.models["top"]
    assert top.canonical_link == f"N::{which}"
    # the model frame is attached to the canonical link it names (spec 2.1, 8.2) ...
    assert top.body("__model__") == f"N::{which}"
    assert top.body("F") == f"N::{which}"
    # ... while a frame attached to N is attached to N's own canonical link
    assert top.body("G") == "N::A"
    assert sem.models["top::N"].canonical_link == "A"
    assert_pose(top.pose("F"), np.eye(4))
    assert_pose(top.pose("G"), X(0, 0, 1, 0, 0, 0))


def test_canonical_link_of_the_first_nested_model_when_no_link() -> None:
    sem = analyze_xml(sdf("""
<model name='top'>
  <frame name='F'/>
  <model name='N1'>
    <model name='NN'>
      <link name='x'/>
    </model>
  </model>
  <model name='N2'>
    <link name='b'/>
  </model>
</model>"""))
    top = sem.models["top"]
    assert top.canonical_link == "N1::NN::x"
    assert sem.models["top::N1"].canonical_link == "NN::x"
    assert top.body("__model__") == "N1::NN::x"
    assert top.body("F") == "N1::NN::x"
    assert top.body("N2") == "N2::b"


def test_canonical_link_attribute_naming_no_link_is_an_error() -> None:
    doc = urdfsdf.read_sdf_document(sdf("""
<model name='top' canonical_link='N::missing'>
  <model name='N'>
    <link name='A'/>
  </model>
</model>"""))
    diags = Diagnostics()
    analyze(doc, diags)
    assert [d.code for d in diags.errors] == ["MODEL_CANONICAL_LINK_INVALID"]
    assert diags.errors[0].line == 4  # the <model> element


def test_a_frame_attached_to_no_link_names_the_model_frame_as_libsdformat_does() -> None:
    """A static model's frames attached to ``__model__`` (and every frame of a model with
    no link) have no link: ``poses`` reports ``__model__``, as libsdformat 12 does."""
    text = ('<sdf version="1.7"><model name="m"><static>true</static>'
            '<link name="L"><pose>1 0 0 0 0 0</pose></link>'
            '<frame name="F1"><pose>0 0 1 0 0 0</pose></frame>'
            '<frame name="F2" attached_to="L"/></model></sdf>')
    frames_only = ('<sdf version="1.7"><model name="frames_only"><static>true</static>'
                   '<frame name="G"/></model></sdf>')
    rep, diags = poses_source(text)
    assert not [d for d in diags if d.severity == "error"]
    assert rep["models"]["m"]["frames"]["F1"]["attached_to_body"] == "__model__"
    assert rep["models"]["m"]["frames"]["F2"]["attached_to_body"] == "L"
    rep, diags = poses_source(frames_only)
    assert not [d for d in diags if d.severity == "error"]
    assert rep["models"]["frames_only"]["frames"]["G"]["attached_to_body"] == "__model__"
