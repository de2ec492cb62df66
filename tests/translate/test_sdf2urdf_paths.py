"""sdf2urdf's two paths and its options.

- copy path: ``urdfsdf check`` says "copy" for URDF-shaped SDF, and the URDF's
  origin/axis tokens are the SDF's pose/axis tokens, as written;
- transform path: for a model-absolute SDF, ``check`` lists every SHAPE_* reason
  with its line, and the URDF has the SDF's kinematics (the FK comparison of
  test_sdf2urdf_property);
- options: ``--no-frames``, ``--separator``, ``--disconnected floating``,
  ``--lossy`` for a ball joint, and a joint to ``world`` in a world file.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

import numpy as np
import pytest
from lxml import etree

import urdfsdf
from urdfsdf.api import sdf_to_urdf_result
from urdfsdf.commands.check import check_source
from urdfsdf.commands.cli import main
from urdfsdf.translate.to_urdf_transform import Options
from urdfsdf.translate.urdf_shape import SHAPE_CODES

from conftest import ROOT, SAMPLES
from kinematics import (
    assert_same_pose,
    check_kinematics,
    inv,
    origin_matrix,
    parse_urdf,
    pose_matrix,
    spec_from_xml,
)

sys.path.insert(0, str(ROOT / "benchmarks"))
from gen_models import generate  # noqa: E402


def run_cli(args: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(args, stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


# -- copy path ----------------------------------------------------------------


def _tokens(el: etree._Element | None) -> list[str]:
    return (el.text or "").split() if el is not None else []


def _origin_tokens(el: etree._Element | None) -> list[str]:
    origin = el.find("origin") if el is not None else None
    if origin is None:
        return []
    return origin.get("xyz", "0 0 0").split() + origin.get("rpy", "0 0 0").split()


def _same_pose_tokens(what: str, sdf_pose: etree._Element | None,
                      urdf_parent: etree._Element) -> None:
    written = _tokens(sdf_pose)
    got = _origin_tokens(urdf_parent)
    if written:
        assert got == written, what
    else:  # no pose: no origin, or the zeros urdfsdf writes for "both xyz and rpy"
        assert got in ([], ["0"] * 6), what


def assert_textual_copy(sdf_text: str, urdf_text: str) -> None:
    """Every joint origin, axis and link content origin: the SDF tokens, as written."""
    model = etree.fromstring(sdf_text.encode()).find("model")
    robot = etree.fromstring(urdf_text.encode())
    assert model is not None
    joints = {j.get("name"): j for j in robot.iterfind("joint")}
    links = {x.get("name"): x for x in robot.iterfind("link")}
    for sj in model.iterfind("joint"):
        uj = joints[sj.get("name")]
        _same_pose_tokens(f"joint {sj.get('name')}", sj.find("pose"), uj)
        sx = sj.find("axis/xyz")
        if sx is not None:
            assert uj.find("axis").get("xyz").split() == _tokens(sx)
        for key in ("lower", "upper", "effort", "velocity"):
            value = sj.findtext(f"axis/limit/{key}")
            if value is not None:
                assert uj.find("limit").get(key) == value.strip()
    for sl in model.iterfind("link"):
        ul = links[sl.get("name")]
        for kind in ("visual", "collision"):
            for sv in sl.iterfind(kind):
                uv = next(v for v in ul.iterfind(kind) if v.get("name") == sv.get("name"))
                _same_pose_tokens(f"{kind} {sv.get('name')}", sv.find("pose"), uv)
        si = sl.find("inertial")
        if si is not None:
            _same_pose_tokens(f"inertial of {sl.get('name')}", si.find("pose"),
                              ul.find("inertial"))


def test_pendulum_is_copied(tmp_path: Path) -> None:
    path = SAMPLES / "pendulum_with_base.sdf"
    status, _out, out = run_cli(["check", str(path)])  # the report is on stderr
    assert status == 0
    assert "model 'pendulum_with_base': copy" in out
    result = sdf_to_urdf_result(str(path))
    assert result.ok and result.path == "copy" and result.text is not None
    assert_textual_copy(path.read_text(), result.text)


def test_urdf2sdf_output_is_copied_back(tmp_path: Path) -> None:
    sdf = urdfsdf.urdf_to_sdf(str(SAMPLES / "parity.urdf"))
    path = tmp_path / "parity.sdf"
    path.write_text(sdf)
    status, _out, out = run_cli(["check", str(path)])  # the report is on stderr
    assert status == 0
    assert ": copy (URDF-shaped" in out and "transform" not in out
    assert check_source(str(path)).paths == {"model": "copy"} or \
        set(check_source(str(path)).paths.values()) == {"copy"}
    result = sdf_to_urdf_result(str(path))
    assert result.ok and result.path == "copy" and result.text is not None
    assert_textual_copy(sdf, result.text)
    # and the tokens are the original URDF's
    original = etree.parse(str(SAMPLES / "parity.urdf")).getroot()
    back = etree.fromstring(result.text.encode())
    for joint in original.iterfind("joint"):
        twin = back.find(f"joint[@name='{joint.get('name')}']")
        assert _origin_tokens(twin) == _origin_tokens(joint)


# -- transform path -----------------------------------------------------------

ABSOLUTE = generate("sdf_absolute", 20)


def test_model_absolute_check_lists_reasons_with_lines(tmp_path: Path) -> None:
    path = tmp_path / "absolute.sdf"
    path.write_text(ABSOLUTE)
    report = check_source(str(path))
    assert list(report.paths.values()) == ["transform"]
    reasons = [d for d in report.diagnostics if d.severity == "info"]
    assert reasons
    lines = ABSOLUTE.splitlines()
    for d in reasons:
        assert d.code in SHAPE_CODES and d.code.startswith("SHAPE_")
        assert d.line is not None and 1 <= d.line <= len(lines)
        assert any(tag in lines[d.line - 1] for tag in ("<joint", "<link", "<pose", "<axis",
                                                        "<xyz")), (d.line, d.message)
    codes = {d.code for d in reasons}
    assert {"SHAPE_JOINT_POSE", "SHAPE_LINK_POSE", "SHAPE_AXIS_FRAME"} <= codes
    # every joint is named: its pose is relative_to its child link (the default)
    model = etree.fromstring(ABSOLUTE.encode()).find("model")
    for joint in model.iterfind("joint"):
        assert any(d.code == "SHAPE_JOINT_POSE" and f"'{joint.get('name')}'" in d.message
                   for d in reasons)
    # the CLI prints them: "line N: message [CODE]"
    status, _out, out = run_cli(["check", str(path)])  # the report is on stderr
    assert status == 0
    assert f"transform ({len(reasons)} reasons" in out
    assert out.count("[SHAPE_") == len(reasons)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_model_absolute_is_transformed_exactly(seed: int) -> None:
    result = sdf_to_urdf_result(ABSOLUTE)
    assert result.ok and result.path == "transform" and result.text is not None
    rng = np.random.default_rng(seed)
    spec = spec_from_xml(ABSOLUTE)
    spec.q = {name: tuple(rng.uniform(-2.0, 2.0, len(v))) for name, v in spec.q.items()}
    check_kinematics(spec, result.text)


def test_sdf2urdf_repeats_at_most_max_reasons() -> None:
    from urdfsdf.translate.to_urdf import MAX_REASONS

    big = generate("sdf_absolute", 40)
    listed = [d for d in check_source(big).diagnostics if d.severity == "info"]
    assert len(listed) > MAX_REASONS + 1
    result = sdf_to_urdf_result(big)
    assert result.ok and result.path == "transform"
    infos = [d for d in result.diagnostics if d.severity == "info"]
    # the first MAX_REASONS as check lists them, then one line counting the rest
    assert [(d.code, d.line) for d in infos[:MAX_REASONS]] == \
        [(d.code, d.line) for d in listed[:MAX_REASONS]]
    assert len(infos) == MAX_REASONS + 1
    assert infos[-1].line == listed[MAX_REASONS].line
    assert str(len(listed) - MAX_REASONS) in infos[-1].message


def test_default_joint_pose_keeps_shape_poses_as_written() -> None:
    # the joint frame is the child link frame (identity relative_to the child,
    # by default), so the URDF link frame is the SDF one: no number is recomputed
    sdf = """<sdf version="1.7"><model name="m">
      <link name="a"/>
      <link name="b"><pose>0.3 0.1 0.2 0.1 0.2 0.3</pose>
        <inertial><pose>0.01 0.02 0.030 0 0 0.5</pose><mass>2</mass>
          <inertia><ixx>1</ixx><ixy>0</ixy><ixz>0</ixz><iyy>1</iyy><iyz>0</iyz><izz>1</izz>
          </inertia></inertial>
        <visual name="v"><pose>0.100 0 0 0 0 1.0</pose><geometry><sphere><radius>0.1</radius>
          </sphere></geometry></visual>
      </link>
      <joint name="j" type="revolute"><parent>a</parent><child>b</child>
        <axis><xyz>0 0 1</xyz><limit><lower>-1</lower><upper>1</upper></limit></axis></joint>
    </model></sdf>"""
    result = sdf_to_urdf_result(sdf)
    assert result.ok and result.path == "transform" and result.text is not None
    robot = etree.fromstring(result.text.encode())
    link = robot.find("link[@name='b']")
    assert link.find("inertial/origin").get("xyz") == "0.01 0.02 0.030"
    assert link.find("inertial/origin").get("rpy") == "0 0 0.5"
    assert link.find("visual/origin").get("xyz") == "0.100 0 0"
    assert link.find("visual/origin").get("rpy") == "0 0 1.0"
    # the joint origin is computed: the link pose in the parent (root) link frame
    assert robot.find("joint/origin").get("xyz") == "0.3 0.1 0.2"
    check_kinematics(spec_from_xml(sdf), result.text)


# -- options ---------------------------------------------------------------------

LINK = ("<inertial><mass>1</mass><inertia><ixx>1</ixx><ixy>0</ixy><ixz>0</ixz><iyy>1</iyy>"
        "<iyz>0</iyz><izz>1</izz></inertia></inertial>"
        "<visual name='v'><pose>0.1 0 0 0 0.2 0</pose>"
        "<geometry><sphere><radius>0.1</radius></sphere></geometry></visual>")

FRAMES = f"""<sdf version="1.7"><model name="m">
  <link name="a">{LINK}</link>
  <link name="b"><pose>0 1 0 0.3 0 0</pose>{LINK}</link>
  <joint name="j" type="revolute"><parent>a</parent><child>b</child>
    <axis><xyz>0 0 1</xyz></axis></joint>
  <frame name="f1" attached_to="b"><pose>1 0 0 0 0 0.5</pose></frame>
  <frame name="f2" attached_to="f1"><pose relative_to="a">0 0 1 0 0 0</pose></frame>
  <frame name="f3"/>
</model></sdf>"""


def test_no_frames_drops_each_frame_with_a_warning(tmp_path: Path) -> None:
    path = tmp_path / "frames.sdf"
    path.write_text(FRAMES)
    status, with_frames, _err = run_cli(["sdf2urdf", str(path)])
    assert status == 0
    full = parse_urdf(with_frames)
    assert {"f1", "f2", "f3"} <= set(full.links)
    check_kinematics(spec_from_xml(FRAMES, {"j": (0.7,)}), with_frames)

    status, out, err = run_cli(["sdf2urdf", "--no-frames", str(path)])
    assert status == 0
    dropped = [line for line in err.splitlines() if "warning[ELEMENT_DROPPED]" in line]
    for name in ("f1", "f2", "f3"):
        assert sum(f"'{name}'" in line for line in dropped) == 1, err
    robot = parse_urdf(out)
    assert set(robot.links) == {"a", "b"}
    # the rest is unchanged
    q = {"j": 0.7}
    a, b = robot.fk(q), full.fk(q)
    for name in ("a", "b"):
        assert_same_pose(name, a[name], b[name])
    # --strict: the dropped frames are errors
    status, _out, _err = run_cli(["sdf2urdf", "--no-frames", "--strict", str(path)])
    assert status == 1


NESTED = f"""<sdf version="1.7"><model name="top">
  <model name="arm">
    <pose>0 0 1 0 0 0</pose>
    <link name="l1">{LINK}</link>
    <link name="l2"><pose>1 0 0 0 0 0</pose>{LINK}</link>
    <joint name="elbow" type="revolute"><parent>l1</parent><child>l2</child>
      <axis><xyz>0 1 0</xyz></axis></joint>
    <frame name="tip" attached_to="l2"><pose relative_to="l2">0.5 0 0 0 0 0</pose></frame>
  </model>
  <frame name="tool" attached_to="arm"><pose>0 0 2 0 0 0</pose></frame>
</model></sdf>"""


@pytest.mark.parametrize("separator", ["::", "/", "__"])
def test_separator_names_flattened_nested_elements(separator: str) -> None:
    result = sdf_to_urdf_result(NESTED, options=Options(separator=separator))
    assert result.ok, [d.format() for d in result.diagnostics]
    assert result.text is not None
    robot = parse_urdf(result.text)
    s = separator
    assert robot.root == f"arm{s}l1"
    assert set(robot.links) == {f"arm{s}l1", f"arm{s}l2", f"arm{s}tip", "tool"}
    assert set(robot.joint_types) == {f"arm{s}elbow", f"arm{s}tip_joint", "tool_joint"}
    assert robot.up["tool"][2] == f"arm{s}l1"  # attached to the nested canonical link
    q = 0.5
    x = robot.fk({f"arm{s}elbow": q})
    rot = pose_matrix((0, 0, 0), (0, q, 0))
    assert_same_pose("tip", x[f"arm{s}tip"],
                     pose_matrix((1, 0, 0), (0, 0, 0)) @ rot @ pose_matrix((0.5, 0, 0),
                                                                          (0, 0, 0)))
    # tool: 0 0 2 relative_to its attached_to (the arm model frame, where l1 is)
    assert_same_pose("tool", x["tool"], pose_matrix((0, 0, 2), (0, 0, 0)))


def test_separator_on_the_command_line(tmp_path: Path) -> None:
    path = tmp_path / "nested.sdf"
    path.write_text(NESTED)
    status, out, _err = run_cli(["sdf2urdf", "--separator", ".", str(path)])
    assert status == 0, _err
    assert '<link name="arm.l2"' in out and '<joint name="arm.elbow"' in out
    assert "arm::" not in out


DISCONNECTED = f"""<sdf version="1.7"><model name="m">
  <link name="a">{LINK}</link>
  <link name="b"><pose>0 1 0 0.3 0 0</pose>{LINK}</link>
  <link name="c"><pose relative_to="b">0 0 2 0 0.4 0</pose>{LINK}</link>
  <joint name="j" type="revolute"><parent>a</parent><child>b</child>
    <axis><xyz>0 0 1</xyz></axis></joint>
</model></sdf>"""


def test_disconnected_links_are_an_error_or_floating(tmp_path: Path) -> None:
    path = tmp_path / "disconnected.sdf"
    path.write_text(DISCONNECTED)
    status, out, err = run_cli(["sdf2urdf", str(path)])
    assert status == 1 and out == ""
    assert "error[URDF_TREE_INVALID]" in err and "'c'" in err
    status, out, err = run_cli(["sdf2urdf", "--disconnected", "floating", str(path)])
    assert status == 0, err
    assert "warning[VALUE_APPROXIMATED]" in err and "'c'" in err
    robot = parse_urdf(out)
    name, jtype, parent, _origin, _axis = robot.up["c"]
    assert (name, jtype, parent) == ("c_floating", "floating", "a")
    # the floating joint's frame is c's SDF frame, relative to the root link a
    x = robot.fk({})
    expected = pose_matrix((0, 1, 0), (0.3, 0, 0)) @ pose_matrix((0, 0, 2), (0, 0.4, 0))
    assert_same_pose("c", x["c"], expected)
    visual = robot.element("c", "visual", "v")
    assert_same_pose("c visual", x["c"] @ origin_matrix(visual.find("origin")),
                     expected @ pose_matrix((0.1, 0, 0), (0, 0.2, 0)))


BALL = f"""<sdf version="1.7"><model name="m">
  <link name="a">{LINK}</link>
  <link name="b"><pose>0 1 0 0.3 0 0</pose>{LINK}</link>
  <link name="c"><pose>0 2 0 0 0 0</pose>{LINK}</link>
  <joint name="ball" type="ball"><pose>0 -0.5 0 0 0 0.2</pose>
    <parent>a</parent><child>b</child></joint>
  <joint name="j" type="revolute"><parent>b</parent><child>c</child>
    <axis><xyz>1 0 0</xyz></axis></joint>
</model></sdf>"""


def test_ball_joint_is_an_error_without_lossy_and_three_revolutes_with_it(
        tmp_path: Path) -> None:
    path = tmp_path / "ball.sdf"
    path.write_text(BALL)
    status, out, err = run_cli(["sdf2urdf", str(path)])
    assert status == 1 and out == ""
    errors = [line for line in err.splitlines() if "error[" in line]
    assert len(errors) == 1 and "error[NO_URDF_EQUIVALENT]" in errors[0], err
    assert "'ball'" in errors[0]
    status, out, err = run_cli(["sdf2urdf", "--lossy", str(path)])
    assert status == 0, err
    assert "warning[VALUE_APPROXIMATED]" in err and "'ball'" in err
    robot = parse_urdf(out)
    # issue 38: three continuous joints (x, y, z) around massless links, not a fixed joint
    assert [robot.joint_types[n] for n in ("ball", "ball_axis2", "ball_axis3")] == \
        ["continuous"] * 3
    # the kinematics are the SDF's, at the ball's zero and away from it
    for q in ((0.0, 0.0, 0.0), (0.3, -0.7, 1.1)):
        check_kinematics(spec_from_xml(BALL, {"ball": q, "j": (0.4,)}), out)


WORLD = f"""<sdf version="1.7"><world name="w">
  <model name="m">
    <pose>1 2 3 0.1 0.2 0.3</pose>
    <link name="base"><pose>0 0 0.5 0 0 0.4</pose>{LINK}</link>
    <link name="arm"><pose relative_to="base">0 0 1 0 0 0</pose>{LINK}</link>
    <joint name="fix" type="fixed"><parent>world</parent><child>base</child></joint>
    <joint name="hinge" type="revolute"><pose relative_to="base">0 0 0.8 0 0 0</pose>
      <parent>base</parent><child>arm</child><axis><xyz>0 1 0</xyz></axis></joint>
  </model>
</world></sdf>"""


def test_joint_to_world_carries_the_model_pose(tmp_path: Path) -> None:
    path = tmp_path / "world.sdf"
    path.write_text(WORLD)
    status, out, err = run_cli(["sdf2urdf", str(path)])
    assert status == 0, err
    robot = parse_urdf(out)
    assert robot.root == "world"
    assert robot.up["base"][:3] == ("fix", "fixed", "world")
    x_wm = pose_matrix((1, 2, 3), (0.1, 0.2, 0.3))
    x_mb = pose_matrix((0, 0, 0.5), (0, 0, 0.4))
    # the fixed joint's frame is base's frame (its default pose): X_WM X_M_base
    assert_same_pose("fix origin", robot.up["base"][3], x_wm @ x_mb)
    q = 0.6
    x = robot.fk({"hinge": q})
    x_bj = pose_matrix((0, 0, 0.8), (0, 0, 0))
    x_ja = inv(x_bj) @ pose_matrix((0, 0, 1), (0, 0, 0))
    rot = np.eye(4)
    rot[:3, :3] = [[np.cos(q), 0, np.sin(q)], [0, 1, 0], [-np.sin(q), 0, np.cos(q)]]
    expected_arm = x_wm @ x_mb @ x_bj @ rot @ x_ja
    visual = robot.element("arm", "visual", "v")
    assert_same_pose("arm visual", x["arm"] @ origin_matrix(visual.find("origin")),
                     expected_arm @ pose_matrix((0.1, 0, 0), (0, 0.2, 0)))
    assert_same_pose("arm (hinge frame)", x["arm"], x_wm @ x_mb @ x_bj @ rot)


def test_fixed_joint_axis_is_reported_when_dropped() -> None:
    sdf = """<sdf version="1.7"><model name="m"><link name="a"/><link name="b"/>
<joint name="j" type="fixed"><parent>a</parent><child>b</child>
  <axis><xyz>0 1 0</xyz></axis></joint></model></sdf>"""
    result = sdf_to_urdf_result(sdf)
    assert result.text is not None and "<axis" not in result.text
    assert [(d.code, d.line) for d in result.diagnostics if d.severity == "warning"] == [
        ("ELEMENT_DROPPED", 3)]
