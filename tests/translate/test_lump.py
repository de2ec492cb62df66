"""``urdf2sdf --lump-fixed-joints``: libsdformat's fixed-joint lumping (urdfsdf.translate.lump).

Against the reference: for every corpus URDF with a fixed joint that
check_urdf accepts, libsdformat 12 loading the URDF (it always lumps) and
libsdformat loading urdfsdf's lumped SDF agree on every link pose, mass,
inertia (as a matrix in the link frame), inertial pose, visual and collision
pose and name, and on the joints, within 1e-9.  Inputs are first normalised
for urdfdom's getRPY snapping (tests/urdfdom_quirks.py).  Files where
libsdformat keeps no link (no <inertial> anywhere) have no reference; for
them, and for all others, the frames left for lumped links and joints must
resolve to where those links and joints were before lumping.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from urdfsdf import read_urdf
from urdfsdf.api import urdf_to_sdf_result
from urdfsdf.commands.cli import main
from urdfsdf.commands.poses import poses_source
from urdfsdf.core import transforms as tf
from urdfsdf.core.ir import Inertial, Pose
from urdfsdf.translate.lump import combine_inertials

from conftest import CORPUS, corpus_rows, oracle_path, requires_oracle
from oracle import oracle_matrix
from tiers import sample
from urdfdom_quirks import presnap

TOL = 1e-9


def _lumpable() -> list[str]:
    out = []
    for row in corpus_rows():
        if row["format"] != "urdf" or not row["check_urdf"].startswith("ok"):
            continue
        text = (CORPUS / row["path"]).read_text(errors="replace")
        if 'type="fixed"' in text or "type='fixed'" in text:
            out.append(row["path"])
    return out


LUMPABLE = _lumpable()


def _oracle(path: Path) -> dict[str, Any]:
    oracle = oracle_path()
    assert oracle is not None
    result = subprocess.run([oracle, str(path)], capture_output=True, text=True, timeout=300,
                            check=False)
    return json.loads(result.stdout)


def _only_model(rep: dict[str, Any]) -> dict[str, Any]:
    (model,) = rep["models"].values()
    return model


def _inertia_in_link(inertial: dict[str, Any]) -> np.ndarray:
    ixx, ixy, ixz, iyy, iyz, izz = inertial["inertia"]
    m = np.array([[ixx, ixy, ixz], [ixy, iyy, iyz], [ixz, iyz, izz]])
    r = oracle_matrix(inertial["pose"])[:3, :3]
    return r @ m @ r.T


def _differences(ref: dict[str, Any], ours: dict[str, Any]) -> list[str]:
    """Where libsdformat's lumping of the URDF and ours (as libsdformat reads it) differ."""
    out = []

    def far(a: list[float], b: list[float]) -> float:
        return float(np.abs(oracle_matrix(a) - oracle_matrix(b)).max())

    for name, rl in ref["links"].items():
        ol = ours["links"].get(name)
        if ol is None:
            out.append(f"link {name}: missing")
            continue
        if far(rl["pose"], ol["pose"]) > TOL:
            out.append(f"link {name}: pose")
        ri, oi = rl.get("inertial"), ol.get("inertial")
        if ri is not None:
            if abs(ri["mass"] - oi["mass"]) > TOL * max(1.0, abs(ri["mass"])):
                out.append(f"link {name}: mass {ri['mass']} != {oi['mass']}")
            if float(np.abs(oracle_matrix(ri["pose"])[:3, 3]
                            - oracle_matrix(oi["pose"])[:3, 3]).max()) > TOL:
                out.append(f"link {name}: centre of mass")
            a, b = _inertia_in_link(ri), _inertia_in_link(oi)
            if float(np.abs(a - b).max()) > TOL * max(1.0, float(np.abs(a).max())):
                out.append(f"link {name}: inertia")
        for kind in ("visuals", "collisions"):
            rs, os_ = list(rl.get(kind, {}).items()), list(ol.get(kind, {}).items())
            if len(rs) != len(os_):
                out.append(f"link {name}: {len(rs)} {kind} != {len(os_)}")
                continue
            for (rn, rv), (on, ov) in zip(rs, os_, strict=True):
                # lumped shapes carry libsdformat's names; a link's own shapes keep
                # their URDF names in urdfsdf (libsdformat renames named ones)
                if "_fixed_joint_lump__" in rn and rn != on and "_fixed_joint_lump__" in on:
                    out.append(f"link {name}: {kind[:-1]} {rn!r} named {on!r}")
                if far(rv["pose"], ov["pose"]) > TOL:
                    out.append(f"link {name}: {kind[:-1]} {rn} pose")
    for name, rj in ref["joints"].items():
        oj = ours["joints"].get(name)
        if oj is None:
            out.append(f"joint {name}: missing")
            continue
        if (rj["parent"], rj["child"]) != (oj["parent"], oj["child"]):
            out.append(f"joint {name}: parent/child")
        if far(rj["pose"], oj["pose"]) > TOL:
            out.append(f"joint {name}: pose")
        # urdfdom continuous -> libsdformat revolute without limits; urdfsdf: continuous
        same_type = rj["type"] == oj["type"] or (
            rj["type"] == "revolute" and oj["type"] == "continuous"
            and rj["axis"]["upper"] >= 1e16)
        if not same_type:
            out.append(f"joint {name}: type {rj['type']} != {oj['type']}")
    return out


def _frames_where_links_were(plain: str, lumped: str) -> list[str]:
    """Every frame of the lumped SDF resolves to the pose its link/joint had before."""
    before = _only_model(poses_source(plain)[0])
    after = _only_model(poses_source(lumped)[0])
    out = []
    for name, frame in after["frames"].items():
        was = before["links"].get(name) or before["joints"].get(name)
        if was is None or frame is None:
            out.append(f"frame {name}: no link or joint of that name before lumping")
            continue
        a = tf.as_matrix(tf.from_xyz_rpy(was["xyz"], was["rpy"]))
        b = tf.as_matrix(tf.from_xyz_rpy(frame["xyz"], frame["rpy"]))
        if float(np.abs(a - b).max()) > TOL:
            out.append(f"frame {name}: pose differs from the unlumped {name}")
    lumped_links = set(before["links"]) - set(after["links"])
    missing = lumped_links - set(after["frames"])
    if missing:
        out.append(f"lumped links without a frame: {sorted(missing)}")
    return out


@requires_oracle
@pytest.mark.parametrize("rel", sample(LUMPABLE, 15))
def test_lumping_agrees_with_libsdformat(rel: str, tmp_path: Path) -> None:
    data, _ = presnap((CORPUS / rel).read_bytes())
    src = tmp_path / "in.urdf"
    src.write_bytes(data)
    plain = urdf_to_sdf_result(str(src))
    lumped = urdf_to_sdf_result(str(src), lump_fixed_joints=True)
    assert plain.text is not None and lumped.text is not None
    assert _frames_where_links_were(plain.text, lumped.text) == []

    ref = _oracle(src)
    codes = {e["code"] for e in ref["errors"]}
    if "MODEL_WITHOUT_LINK" in codes:
        # libsdformat 12 drops a massless link with its subtree: here the root's
        assert {link.name for link in read_urdf(data).links} == _below_massless(data)
        return
    assert codes <= {"LINK_INERTIA_INVALID"}, ref["errors"]
    out = tmp_path / "lumped.sdf"
    out.write_text(lumped.text)
    mine = _oracle(out)
    assert {e["code"] for e in mine["errors"]} <= {"LINK_INERTIA_INVALID"}, mine["errors"]
    ref_model, our_model = _only_model(ref), _only_model(mine)
    assert _differences(ref_model, our_model) == []
    # libsdformat 12 drops a link without mass with its whole subtree, even when
    # lumping would have given it none to lose; those are the only extra links
    extra = set(our_model["links"]) - set(ref_model["links"])
    assert extra <= _below_massless(data), sorted(extra)


def _below_massless(data: bytes) -> set[str]:
    """Links of the URDF that are massless or have a massless ancestor."""
    model = read_urdf(data)
    parent = {j.child: j.parent for j in model.joints}
    massless = {link.name for link in model.links
                if link.inertial is None or float(link.inertial.mass) <= 0}
    out = set()
    for link in model.links:
        name: str | None = link.name
        while name is not None:
            if name in massless:
                out.add(link.name)
                break
            name = parent.get(name)
    return out


def test_corpus_has_lumpable_files() -> None:
    if not corpus_rows():
        pytest.skip("../shared/corpus absent")
    assert len(LUMPABLE) >= 100


# -- hand-computed cases --------------------------------------------------------

TWO = """<robot name="r">
  <link name="a">
    <inertial><mass value="2"/><inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial>
    <visual><geometry><box size="1 1 1"/></geometry></visual>
  </link>
  <link name="b">
    <inertial><origin xyz="0 0 1"/><mass value="2"/>
      <inertia ixx="0.5" ixy="0" ixz="0" iyy="0.5" iyz="0" izz="0.5"/></inertial>
    <visual><origin xyz="0 0 0.5"/><geometry><sphere radius="1"/></geometry></visual>
    <collision name="shell"><geometry><sphere radius="1"/></geometry></collision>
  </link>
  <link name="c">
    <inertial><mass value="1"/><inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial>
  </link>
  <joint name="ab" type="fixed"><origin xyz="1 0 0" rpy="0 0 1.5707963267948966"/>
    <parent link="a"/><child link="b"/></joint>
  <joint name="bc" type="revolute"><origin xyz="0 2 0"/><axis xyz="1 0 0"/>
    <limit lower="-1" upper="1" effort="1" velocity="1"/>
    <parent link="b"/><child link="c"/></joint>
  <gazebo reference="b">
    <sensor name="cam" type="camera"><pose>0 1 0 0 0 0</pose></sensor>
    <selfCollide>true</selfCollide>
  </gazebo>
</robot>
"""


def _model(text: str) -> dict[str, Any]:
    return _only_model(poses_source(text)[0])


def test_masses_shapes_joints_frames_by_hand() -> None:
    result = urdf_to_sdf_result(TWO, lump_fixed_joints=True)
    assert result.text is not None, result.diagnostics
    from urdfsdf import read_sdf

    model = read_sdf(result.text)
    assert [link.name for link in model.links] == ["a", "c"]
    assert [j.name for j in model.joints] == ["bc"]
    a = model.links[0]
    # b's centre of mass: (1, 0, 1) in a; combined with a's (0, 0, 0), 2 kg each
    assert a.inertial is not None and float(a.inertial.mass) == 4
    assert [float(t) for t in a.inertial.pose.tokens()] == pytest.approx([0.5, 0, 0.5, 0, 0, 0])
    ixx, ixy, ixz, iyy, iyz, izz = (float(t) for t in a.inertial.inertia)
    # parallel axes: each mass 2 at (+-0.5, 0, +-0.5) from the centre
    assert ixx == pytest.approx(1 + 0.5 + 2 * 2 * 0.25)
    assert iyy == pytest.approx(1 + 0.5 + 2 * 2 * 0.5)
    assert izz == pytest.approx(1 + 0.5 + 2 * 2 * 0.25)
    assert ixz == pytest.approx(-(2 * 0.5 * 0.5 + 2 * -0.5 * -0.5))
    assert ixy == pytest.approx(0, abs=1e-15) and iyz == pytest.approx(0, abs=1e-15)
    # shapes: a's own visual keeps its name; b's are renamed and posed in a
    assert [v.name for v in a.visuals] == ["a_visual", "a_fixed_joint_lump__b_visual_1"]
    assert [c.name for c in a.collisions] == ["a_fixed_joint_lump__shell_collision"]
    m = _model(result.text)
    assert m["visuals"]["a/a_fixed_joint_lump__b_visual_1"]["xyz"] == pytest.approx([1, 0, 0.5])
    # the joint below b now starts at a: (1,0,0) + Rz(90deg) (0,2,0) = (-1, 0, 0)
    assert model.joints[0].parent == "a"
    assert m["joints"]["bc"]["xyz"] == pytest.approx([-1, 0, 0])
    assert m["joints"]["bc"]["axis_xyz"] == pytest.approx([0, 1, 0])
    # frames for the lumped joint and link, where they were
    assert {f.name: f.attached_to for f in model.frames} == {"ab": "a", "b": "ab"}
    assert m["frames"]["b"]["xyz"] == pytest.approx([1, 0, 0])
    # b's sensor moved to a, posed by the joint: (1,0,0) + Rz(90deg) (0,1,0)
    sensor = [x for x in a.extras if x.tag == "sensor"]
    assert len(sensor) == 1
    pose = [float(t) for t in sensor[0].xml.split("<pose>")[1].split("<")[0].split()]
    assert pose[:3] == pytest.approx([0, 0, 0])
    assert pose[5] == pytest.approx(1.5707963267948966)
    assert any(x.tag == "self_collide" for x in a.extras)


def test_default_does_not_lump() -> None:
    result = urdf_to_sdf_result(TWO)
    assert result.text is not None
    m = _model(result.text)
    assert set(m["links"]) == {"a", "b", "c"} and not m["frames"]


@pytest.mark.parametrize(("flag", "kept_type"), [("preserveFixedJoint", "fixed"),
                                                 ("disableFixedJointLumping", "revolute")])
def test_gazebo_flags_keep_the_joint(flag: str, kept_type: str) -> None:
    text = TWO.replace("</robot>", f'<gazebo reference="ab"><{flag}>true</{flag}></gazebo>'
                                   "</robot>")
    result = urdf_to_sdf_result(text, lump_fixed_joints=True)
    assert result.text is not None
    from urdfsdf import read_sdf

    model = read_sdf(result.text)
    assert [link.name for link in model.links] == ["a", "b", "c"]
    joint = model.joint("ab")
    assert joint is not None and joint.type == kept_type
    if kept_type == "revolute":  # libsdformat: a revolute joint locked at 0
        assert joint.axis is not None and joint.axis.limit is not None
        assert (joint.axis.limit.lower, joint.axis.limit.upper) == ("0", "0")
    assert not model.frames


def test_both_flags_preserve_wins() -> None:
    text = TWO.replace("</robot>", '<gazebo reference="ab"><preserveFixedJoint>true'
                       "</preserveFixedJoint><disableFixedJointLumping>true"
                       "</disableFixedJointLumping></gazebo></robot>")
    result = urdf_to_sdf_result(text, lump_fixed_joints=True)
    assert result.text is not None
    from urdfsdf import read_sdf

    joint = read_sdf(result.text).joint("ab")
    assert joint is not None and joint.type == "fixed"


def test_fixed_joint_from_world_is_not_lumped() -> None:
    text = """<robot name="r"><link name="world"/>
      <link name="base"><inertial><mass value="1"/>
        <inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial></link>
      <joint name="fix" type="fixed"><parent link="world"/><child link="base"/></joint>
    </robot>"""
    result = urdf_to_sdf_result(text, lump_fixed_joints=True)
    assert result.text is not None
    m = _model(result.text)
    assert set(m["links"]) == {"base"} and set(m["joints"]) == {"fix"}


def test_long_fixed_chain_is_iterative() -> None:
    n = 3000
    links = "".join(f'<link name="l{i}"><inertial><mass value="1"/><inertia ixx="1" ixy="0" '
                    f'ixz="0" iyy="1" iyz="0" izz="1"/></inertial></link>' for i in range(n))
    joints = "".join(f'<joint name="j{i}" type="fixed"><origin xyz="0 0 1"/>'
                     f'<parent link="l{i - 1}"/><child link="l{i}"/></joint>'
                     for i in range(1, n))
    result = urdf_to_sdf_result(f'<robot name="c">{links}{joints}</robot>',
                                lump_fixed_joints=True)
    assert result.text is not None
    from urdfsdf import read_sdf

    model = read_sdf(result.text)
    assert len(model.links) == 1 and len(model.frames) == 2 * (n - 1)
    inertial = model.links[0].inertial
    assert inertial is not None and float(inertial.mass) == n
    # centre of mass halfway up the chain
    assert float(inertial.pose.tokens()[2]) == pytest.approx((n - 1) / 2)


def test_combine_into_link_without_inertial() -> None:
    child = Inertial(mass="3", inertia=("1", "0", "0", "2", "0", "3"),
                     pose=Pose(xyz=(0.0, 1.0, 0.0), text=("0", "1", "0", "0", "0", "0")))
    combined = combine_inertials(None, child, tf.from_xyz_rpy((1, 0, 0), (0, 0, 0)))
    assert combined.mass == "3"
    assert [float(t) for t in combined.pose.tokens()] == [1, 1, 0, 0, 0, 0]
    assert [float(t) for t in combined.inertia] == pytest.approx([1, 0, 0, 2, 0, 3])


def test_cli_flag(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = tmp_path / "two.urdf"
    src.write_text(TWO)
    out = tmp_path / "two.sdf"
    assert main(["urdf2sdf", str(src), "--lump-fixed-joints", "-o", str(out), "-q"]) == 0
    assert 'frame name="b"' in out.read_text()
    assert src.read_text() == TWO


PLUGINS = """<robot name="r">
  <link name="a"><inertial><mass value="1"/>
    <inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial></link>
  <link name="b"><inertial><mass value="1"/>
    <inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial></link>
  <joint name="ab" type="fixed"><origin xyz="1 0 0" rpy="0 0 1"/>
    <parent link="a"/><child link="b"/></joint>
  <gazebo><plugin name="p" filename="libp.so"><bodyName>b</bodyName>
    <xyzOffset>0 1 0</xyzOffset></plugin></gazebo>
  <gazebo reference="b"><plugin name="q" filename="libq.so"><frameName>b</frameName>
    </plugin></gazebo>
</robot>"""


def _plugin(xml: str) -> dict[str, list[float] | str]:
    from lxml import etree

    el = etree.fromstring(xml)
    out: dict[str, list[float] | str] = {}
    for child in el:
        text = (child.text or "").strip()
        out[str(child.tag)] = [float(t) for t in text.split()] if "Offset" in str(
            child.tag) else text
    return out


def test_plugins_naming_a_lumped_link_follow_it() -> None:
    import math

    from urdfsdf import read_sdf

    result = urdf_to_sdf_result(PLUGINS, lump_fixed_joints=True)
    assert result.text is not None
    model = read_sdf(result.text)
    p = _plugin(next(x.xml for x in model.extras if x.tag == "plugin"))
    # libsdformat 12 gives the same: bodyName a, offset X_ab * (0 1 0)
    assert p["bodyName"] == "a"
    assert p["xyzOffset"] == pytest.approx([1 - math.sin(1), math.cos(1), 0])
    assert p["rpyOffset"] == pytest.approx([0, 0, 1])
    (link,) = model.links
    # <plugin> is no child of <link> in SDFormat 1.7 (libsdformat 12 copies it there,
    # an error under its strict policy): not applied, with a warning; the block that
    # holds it travels verbatim
    assert not [x for x in link.extras if x.tag == "plugin"]
    assert [(d.code, d.line) for d in result.diagnostics
            if d.severity == "warning"] == [("ELEMENT_DROPPED", 10)]
    assert 'filename="libq.so"' in result.text


# -- issue 38, item 5: what lumping leaves behind ---------------------------------------

#: a massless root with a heavy fixed child, and a heavy link with a massless fixed child
MASSLESS = """<robot name="r">
  <link name="base"/>
  <link name="body"><inertial><mass value="2"/>
    <inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial></link>
  <link name="arm"><inertial><mass value="1"/>
    <inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial></link>
  <link name="tool"/>
  <link name="mark"/>
  <link name="dot"/>
  <joint name="base_body" type="fixed"><origin xyz="0 0 1" rpy="0 0 0"/>
    <parent link="base"/><child link="body"/></joint>
  <joint name="base_arm" type="revolute"><origin xyz="1 0 0" rpy="0 0 0"/><axis xyz="0 0 1"/>
    <limit lower="-1" upper="1" effort="1" velocity="1"/>
    <parent link="base"/><child link="arm"/></joint>
  <joint name="arm_tool" type="fixed"><origin xyz="0 0 1" rpy="0 0 0"/>
    <parent link="arm"/><child link="tool"/></joint>
  <joint name="arm_mark" type="revolute"><origin xyz="1 0 0" rpy="0 0 0"/><axis xyz="0 0 1"/>
    <limit lower="-1" upper="1" effort="1" velocity="1"/>
    <parent link="arm"/><child link="mark"/></joint>
  <joint name="mark_dot" type="fixed"><origin xyz="0 0 1" rpy="0 0 0"/>
    <parent link="mark"/><child link="dot"/></joint>
</robot>
"""


def _lumped_sdf(tmp_path: Path, urdf: str) -> Path:
    src = tmp_path / "robot.urdf"
    src.write_text(urdf)
    out = tmp_path / "robot.sdf"
    assert main(["urdf2sdf", str(src), "--lump-fixed-joints", "-o", str(out), "-q"]) == 0
    return out


def test_lumping_mass_into_a_massless_link_drops_its_marker(tmp_path: Path) -> None:
    from lxml import etree

    root = etree.fromstring(_lumped_sdf(tmp_path, MASSLESS).read_bytes())
    marked = {link.get("name"): link.get("{http://wiki.ros.org/urdf}massless")
              for link in root.iter("link")}
    # base has body's mass now; arm kept its own (tool had none); mark is still massless
    assert marked == {"base": None, "arm": None, "mark": "true"}
    masses = {link.get("name"): float(link.findtext("inertial/mass") or "nan")
              for link in root.iter("link")}
    assert masses == {"base": 2.0, "arm": 1.0, "mark": 0.0}


def _named(urdf: bytes, tag: str) -> list[str]:
    from lxml import etree

    return [el.get("name") or "" for el in etree.fromstring(urdf).iter(tag)]


@pytest.mark.parametrize(("urdf", "tag", "name"), [(TWO, "sensor", "cam"),
                                                    (PLUGINS, "plugin", "p"),
                                                    (PLUGINS, "plugin", "q")])
def test_a_lumped_sdf_gives_each_gazebo_element_once(tmp_path: Path, urdf: str, tag: str,
                                                     name: str) -> None:
    assert _named(urdf.encode(), tag).count(name) == 1
    sdf = _lumped_sdf(tmp_path, urdf)
    back = tmp_path / "back.urdf"
    assert main(["sdf2urdf", str(sdf), "-o", str(back)]) == 0
    assert _named(back.read_bytes(), tag).count(name) == 1
    # and the URDF lumped again gives what the first lumping gave
    (tmp_path / "again").mkdir()
    again = _lumped_sdf(tmp_path / "again", back.read_text())
    assert _named(again.read_bytes(), tag) == _named(sdf.read_bytes(), tag)
