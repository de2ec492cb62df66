"""Issue 49, item 5: round trips of real robots, through ``urdfsdf roundtrip`` and
``urdfsdf diff`` as users run them.

- the PR2: a URDF joint with a ``<safety_controller>`` that a ``<gazebo>`` block's SDF
  joint names again (``r_gripper_joint``) made sdf2urdf of urdf2sdf's own output crash
  (``tests/data/urdf/gazebo_joint_named_like_a_safety_joint.urdf``);
- the Unitree H1-2: ``logo_link`` (no ``<inertial>``, a colour material without a name)
  came back with an ``<inertial>`` and a ``<urdf:massless>``.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from lxml import etree
from test_scripts import codes, run

from urdfsdf.commands.cli import main

DATA = Path(__file__).resolve().parent.parent / "data"
PR2_GRIPPER = DATA / "urdf" / "gazebo_joint_named_like_a_safety_joint.urdf"


def _main(*argv: str | Path) -> tuple[int, str, str]:
    """``urdfsdf ARGV`` (or ``urdf2sdf``/``sdf2urdf`` when ARGV starts with one) in
    process, as the console scripts run it: exit status, stdout, stderr."""
    out, err = io.StringIO(), io.StringIO()
    args = [str(a) for a in argv]
    if args[0] in ("urdf2sdf", "sdf2urdf"):
        status = main(args[1:], stdout=out, stderr=err, prog=args[0])
    else:
        status = main(args, stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


def test_pr2_gazebo_joint_named_like_a_joint_with_a_safety_controller(tmp_path: Path
                                                                      ) -> None:
    done = run("urdfsdf", "roundtrip", PR2_GRIPPER)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "INTERNAL_ERROR" not in done.stderr and done.stdout == ""
    # and by hand: urdf2sdf, then sdf2urdf of its output, which gives the joint back
    sdf = tmp_path / "pr2.sdf"
    there = run("urdf2sdf", PR2_GRIPPER, "-o", sdf)
    assert there.returncode == 0, there.stderr
    urdf = tmp_path / "back.urdf"
    back = run("sdf2urdf", sdf, "-o", urdf)
    assert back.returncode == 0 and ("INTERNAL_ERROR", None) not in codes(back.stderr), \
        back.stderr
    joint = etree.parse(str(urdf)).getroot().find("joint[@name='r_gripper_joint']")
    assert joint is not None
    safety = joint.find("safety_controller")
    assert safety is not None and dict(safety.attrib) == {
        "k_position": "20.0", "k_velocity": "5000.0", "soft_lower_limit": "-0.01",
        "soft_upper_limit": "0.088"}


#: the H1-2's logo link (unitree_ros, h1_2_description): no <inertial>, a colour material
#: without a name, on a fixed joint with an axis (MATERIAL: the material's start tag)
H1_2 = """<?xml version="1.0"?>
<robot name="h1_2">
  <link name="torso_link">
    <inertial>
      <mass value="17.789"/>
      <inertia ixx="0.4873" ixy="0" ixz="0" iyy="0.40963" iyz="0" izz="0.12785"/>
    </inertial>
  </link>
  <link name="logo_link">
    <visual>
      <origin xyz="0 0 0" rpy="0 0 0"/>
      <geometry>
        <mesh filename="meshes/logo_link.STL"/>
      </geometry>
      MATERIAL
        <color rgba="1 1 1 1"/>
      </material>
    </visual>
  </link>
  <joint name="logo_joint" type="JOINT_TYPE">
    <origin xyz="0 0 0" rpy="0 0 0"/>
    <parent link="torso_link"/>
    <child link="logo_link"/>
    <axis xyz="0 0 1"/>
  </joint>
  <link name="imu_link"></link>
  <joint name="imu_joint" type="fixed">
    <origin xyz="-0.04452 -0.01891 0.27756" rpy="0 0 0"/>
    <parent link="torso_link"/>
    <child link="imu_link"/>
  </joint>
</robot>
"""


@pytest.mark.parametrize("material", ["<material>", '<material name="">',
                                      '<material name="white">'])
@pytest.mark.parametrize("options", [(), ("--massless-as-frames",),
                                     ("--min-inertia", "0.01")])
@pytest.mark.parametrize("joint", ["fixed", "continuous"])
def test_h1_2_logo_link_comes_back_as_written(tmp_path: Path, material: str,
                                              options: tuple[str, ...], joint: str) -> None:
    src = tmp_path / "h1_2.urdf"
    src.write_text(H1_2.replace("MATERIAL", material).replace("JOINT_TYPE", joint))
    status, out, err = _main("roundtrip", src, *options)
    assert (status, out) == (0, ""), out + err
    sdf, urdf = tmp_path / "h1_2.sdf", tmp_path / "back.urdf"
    assert _main("urdf2sdf", src, "-o", sdf, *options)[0] == 0
    assert _main("sdf2urdf", sdf, "-o", urdf)[0] == 0
    logo = etree.parse(str(urdf)).getroot().find("link[@name='logo_link']")
    assert logo is not None
    assert [etree.QName(c).localname for c in logo if isinstance(c.tag, str)] == ["visual"]


# -- loops -----------------------------------------------------------------------------

def _fourbar() -> str:
    from test_loops import FOURBAR_SDF

    return FOURBAR_SDF


def _reordered(sdf: str) -> str:
    """``sdf`` with its joints in the reverse order (the same model)."""
    root = etree.fromstring(sdf.encode())
    model = root.find("model")
    assert model is not None
    joints = model.findall("joint")
    for j in joints:
        model.remove(j)
    model.extend(reversed(joints))
    return etree.tostring(root, encoding="unicode")


@pytest.mark.parametrize("reorder", [False, True], ids=["as_written", "joints_reversed"])
def test_fourbar_sdf_round_trip_and_diff_have_no_difference(tmp_path: Path, reorder: bool
                                                            ) -> None:
    src = tmp_path / "fourbar.sdf"
    src.write_text(_reordered(_fourbar()) if reorder else _fourbar())
    status, out, err = _main("roundtrip", src)
    assert (status, out) == (0, ""), out + err
    # SDF -> URDF -> SDF by hand, then diff (either way round), and against the
    # document with its joints in another order
    urdf, back = tmp_path / "fourbar.urdf", tmp_path / "back.sdf"
    assert _main("sdf2urdf", src, "-o", urdf)[0] == 0
    assert _main("urdf2sdf", urdf, "-o", back)[0] == 0
    other = tmp_path / "other.sdf"
    other.write_text(_fourbar() if reorder else _reordered(_fourbar()))
    for a, b in ((src, back), (back, src), (src, other)):
        status, out, err = _main("diff", a, b, "--samples", "20", "-q")
        assert (status, out) == (0, ""), out + err


def _diff_paths(tmp_path: Path, a: str, b: str) -> list[tuple[str, str]]:
    """``urdfsdf diff A B --format json``: (check, path) of each difference."""
    import json

    pa, pb = tmp_path / "a.sdf", tmp_path / "b.sdf"
    pa.write_text(a)
    pb.write_text(b)
    status, out, err = _main("diff", pa, pb, "--format", "json")
    found = [(d["check"], d["path"]) for d in json.loads(out)]
    assert status == (1 if found else 0), err
    return found


def test_a_joint_that_closes_a_loop_is_compared_as_a_joint(tmp_path: Path) -> None:
    """j4 closes the four-bar's loop (the tree: j1, j3 from the ground, j2 from the crank,
    whatever the document order): its frame and axis are compared at zero, where the
    loop is closed; nothing else moves."""
    fourbar = _fourbar()
    for text in (fourbar, _reordered(fourbar)):
        moved = text.replace("<pose>0 0.5 0 0 0 0</pose>", "<pose>0 0.6 0 0 0 0</pose>")
        assert moved != text
        assert _diff_paths(tmp_path, text, moved) == [("kinematics", "joint[@name='j4']")]
        turned = text.replace("<xyz>0.6 0 0.8</xyz>", "<xyz>0.8 0 0.6</xyz>")
        assert turned != text
        assert _diff_paths(tmp_path, text, turned) == [
            ("kinematics", "joint[@name='j4']/axis")]
    # a joint of the tree moves its child link, as before
    moved = fourbar.replace("<pose>0 -0.5 0 0 0 0</pose>\n      <parent>ground</parent>"
                            "<child>rocker</child>",
                            "<pose>0 -0.6 0 0 0 0</pose>\n      <parent>ground</parent>"
                            "<child>rocker</child>")
    assert moved != fourbar
    found = _diff_paths(tmp_path, fourbar, moved)
    assert ("kinematics", "link[@name='rocker']") in found, found


def test_a_loop_joint_one_model_lacks_changes_no_link_frame(tmp_path: Path) -> None:
    """The four-bar and its URDF, where sdf2urdf cut j3 into a <gazebo> block (URDF
    readers see the tree j1, j2, j4): j3 is missing, and nothing else differs (the
    comparison takes, in both, the spanning tree of the joints they share)."""
    import json

    src, urdf = tmp_path / "fourbar.sdf", tmp_path / "fourbar.urdf"
    src.write_text(_fourbar())
    assert _main("sdf2urdf", src, "-o", urdf)[0] == 0
    for a, b, what in ((src, urdf, "joint[@name='j3']"), (urdf, src, "joint[@name='j3']")):
        status, out, err = _main("diff", a, b, "--format", "json")
        assert status == 1, err
        assert [(d["check"], d["path"]) for d in json.loads(out)] == [("kinematics", what)]


# -- mimic -----------------------------------------------------------------------------

#: a gripper: the right finger follows the left one
FINGER = ('<inertial><mass value="0.1"/>'
          '<inertia ixx="1e-4" ixy="0" ixz="0" iyy="1e-4" iyz="0" izz="1e-4"/></inertial>')
MIMIC = f"""<?xml version="1.0"?>
<robot name="gripper">
  <link name="palm"/>
  <link name="left">{FINGER}</link>
  <link name="right">{FINGER}</link>
  <joint name="left_joint" type="revolute"><parent link="palm"/><child link="left"/>
    <axis xyz="0 0 1"/><limit lower="0" upper="0.5" effort="1" velocity="1"/></joint>
  <joint name="right_joint" type="revolute"><parent link="palm"/><child link="right"/>
    <axis xyz="0 0 -1"/><limit lower="0" upper="0.5" effort="1" velocity="1"/>
    <mimic joint="left_joint" multiplier="2" offset="0.1"/>
  </joint>
</robot>
"""
MIMIC_ELEMENT = '<mimic joint="left_joint" multiplier="2" offset="0.1"/>'


@pytest.mark.parametrize(("edit", "path"), [
    ("", "joint[@name='right_joint']/mimic"),
    ('<mimic joint="left_joint" multiplier="3" offset="0.1"/>',
     "joint[@name='right_joint']/mimic/@multiplier"),
    ('<mimic joint="left_joint" multiplier="2"/>', "joint[@name='right_joint']/mimic/@offset"),
    ('<mimic joint="left_joint" offset="0.1"/>', "joint[@name='right_joint']/mimic/@multiplier"),
])
def test_diff_names_a_mimic_removed_or_changed(tmp_path: Path, edit: str, path: str) -> None:
    import json

    a, b = tmp_path / "a.urdf", tmp_path / "b.urdf"
    a.write_text(MIMIC)
    b.write_text(MIMIC.replace(MIMIC_ELEMENT, edit))
    for first, second in ((a, b), (b, a)):
        status, out, err = _main("diff", first, second, "--format", "json")
        assert status == 1, err
        assert [(d["check"], d["path"]) for d in json.loads(out)] == [("kinematics", path)]


@pytest.mark.parametrize("version", ["1.7", "1.11"])
def test_the_sdf_forms_of_a_mimic_compare_equal_to_it(tmp_path: Path, version: str) -> None:
    """``<urdf:mimic>`` (before 1.11) and ``//axis/mimic`` (1.11) stand for the URDF
    ``<mimic>``: the same in diff and round trips; another multiplier is not."""
    import json

    src, sdf = tmp_path / "gripper.urdf", tmp_path / "gripper.sdf"
    src.write_text(MIMIC)
    assert _main("urdf2sdf", src, "-o", sdf, "--sdf-version", version)[0] == 0
    assert (b"<mimic joint" if version == "1.11" else b"<urdf:mimic") in sdf.read_bytes()
    assert _main("diff", src, sdf, "-q")[:2] == (0, "")
    assert _main("diff", sdf, src, "-q")[:2] == (0, "")
    assert _main("roundtrip", sdf)[:2] == (0, "")
    assert _main("roundtrip", src)[:2] == (0, "")
    other = tmp_path / "other.urdf"
    other.write_text(MIMIC.replace('multiplier="2"', 'multiplier="2.5"'))
    status, out, _ = _main("diff", other, sdf, "--format", "json")
    assert status == 1 and [d["path"] for d in json.loads(out)] == [
        "joint[@name='right_joint']/mimic/@multiplier"]


# -- massless links as frames ----------------------------------------------------------

def test_a_urdf_and_its_massless_as_frames_sdf_are_the_same_kinematics(tmp_path: Path
                                                                       ) -> None:
    """massless_links.urdf's camera_frame and tool0 become <frame>s: the same links on
    the same fixed joints; a frame moved is named as the link it stands for."""
    import json

    src = DATA / "urdf" / "massless_links.urdf"
    sdf = tmp_path / "frames.sdf"
    assert _main("urdf2sdf", src, "-o", sdf, "--massless-as-frames")[0] == 0
    assert b'<frame name="camera_frame"' in sdf.read_bytes()
    for a, b in ((src, sdf), (sdf, src)):
        status, out, err = _main("diff", a, b, "-q")
        assert (status, out) == (0, ""), out + err
    assert _main("roundtrip", src, "--massless-as-frames")[:2] == (0, "")
    moved = tmp_path / "moved.sdf"
    moved.write_text(sdf.read_text().replace("0.1 0 0.2 0 0 0", "0.1 0 0.3 0 0 0", 1))
    assert moved.read_text() != sdf.read_text()
    status, out, _ = _main("diff", src, moved, "--format", "json")
    assert status == 1 and [d["path"] for d in json.loads(out)] == [
        "link[@name='camera_frame']"]


def test_a_model_of_frames_only_does_not_crash_the_comparisons(tmp_path: Path) -> None:
    """libsdformat's frame_only_model: a static model with two frames and no link."""
    src = tmp_path / "frames.sdf"
    src.write_text('<sdf version="1.7"><model name="frames"><static>true</static>'
                   '<frame name="F1"><pose>0 0 0 3.141592 0 0</pose></frame>'
                   '<frame name="F2"><pose relative_to="F1">0 0 0 0 3.141592 0</pose>'
                   '</frame></model></sdf>')
    for argv in (("roundtrip", src), ("diff", src, src, "-q")):
        status, out, err = _main(*argv)
        assert (status, out) == (0, ""), out + err
