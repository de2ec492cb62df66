"""Issue 27 item 7: diagnostics in file and line order; "did you mean" for undefined names.

The order is checked as a user sees it, through the ``urdfsdf`` console script; the
suggestions through both readers and the SDF frame engine (code and line, and the
name suggested).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from console_script import urdfsdf
from urdfsdf.core.diagnostics import Diagnostic, Diagnostics, did_you_mean, in_order
from urdfsdf.document import load_document
from urdfsdf.sdf.frames import analyze

from conftest import ROOT

URDF = """<robot name="r">
  <joint name="j" type="fixed"><parent link="lnk_1"/><child link="link_2"/></joint>
  <link name="link_1"/>
  <link name="link_2"/>
  <link name="link_1"/>
  <joint name="k" type="fixed"><parent link="link_1"/><child link="link_3x"/></joint>
  <link name="link_3"/>
</robot>
"""

# the frame engine finds these in phase order (joints, attached_to, relative_to, axes),
# not in line order
SDF = """<sdf version="1.8">
  <model name="m" canonical_link="bse">
    <frame name="f1" attached_to="lnk_2"/>
    <link name="base"/>
    <link name="link_2">
      <pose relative_to="fram_1">0 0 1 0 0 0</pose>
      <visual name="v"><pose relative_to="bas">0 0 0 0 0 0</pose>
        <geometry><box><size>1 1 1</size></box></geometry></visual>
    </link>
    <frame name="frame_1" attached_to="base"/>
    <joint name="j" type="revolute">
      <parent>bsae</parent><child>link_22</child>
      <axis><xyz expressed_in="frame1">1 0 0</xyz></axis>
    </joint>
    <model name="inner">
      <link name="arm"/>
      <frame name="tip" attached_to="arm"/>
    </model>
    <frame name="f2" attached_to="inner::tp"/>
  </model>
</sdf>
"""


def _diags(text: str) -> list[Diagnostic]:
    diags = Diagnostics("robot")
    doc = load_document(text, diags, "robot")
    assert doc is not None
    if doc.sdf is not None:
        analyze(doc.sdf, diags)
    return diags.items


def _suggested(d: Diagnostic) -> str | None:
    marker = "; did you mean '"
    if marker not in d.message:
        return None
    return d.message.split(marker, 1)[1].split("'", 1)[0]


def test_did_you_mean_picks_the_closest_name_or_none() -> None:
    assert did_you_mean("lnk_2", ["link_1", "link_2", "base"]) == "; did you mean 'link_2'?"
    assert did_you_mean("gripper", ["link_1", "link_2"]) == ""
    assert did_you_mean("a", []) == ""


def test_no_suggestion_is_computed_for_a_valid_file(monkeypatch: pytest.MonkeyPatch) -> None:
    import urdfsdf.core.tree as tree
    import urdfsdf.sdf.frames as frames

    def never(name: str, defined: object) -> str:
        raise AssertionError("a suggestion computed for a valid file")

    monkeypatch.setattr(frames, "did_you_mean", never)
    monkeypatch.setattr(tree, "did_you_mean", never)
    for sample in ("pendulum_with_base.sdf", "parity.urdf", "spec/proposal_ex1_relative_to.sdf"):
        assert not any(d.severity == "error"
                       for d in _diags((ROOT / "samples" / sample).read_text()))


def test_urdf_reader_suggests_the_link() -> None:
    found = {(d.code, d.line): _suggested(d) for d in _diags(URDF) if d.severity == "error"}
    assert found[("JOINT_PARENT_LINK_INVALID", 2)] == "link_1"
    assert found[("JOINT_CHILD_LINK_INVALID", 6)] == "link_3"
    assert found[("DUPLICATE_NAME", 5)] is None


def test_frame_engine_suggests_the_frame() -> None:
    found = {(d.code, d.line): _suggested(d) for d in _diags(SDF) if d.severity == "error"}
    assert found == {
        ("MODEL_CANONICAL_LINK_INVALID", 2): "base",
        ("FRAME_ATTACHED_TO_INVALID", 3): "link_2",
        ("POSE_RELATIVE_TO_INVALID", 3): "link_2",       # its relative_to: the attached_to
        ("POSE_RELATIVE_TO_INVALID", 6): "frame_1",
        ("POSE_RELATIVE_TO_INVALID", 7): "base",          # a visual's pose
        ("JOINT_PARENT_LINK_INVALID", 11): "base",           # the <joint> line
        ("JOINT_CHILD_LINK_INVALID", 11): "link_2",
        ("JOINT_AXIS_EXPRESSED_IN_INVALID", 13): "frame_1",
        ("FRAME_ATTACHED_TO_INVALID", 19): "inner::tip",  # into a nested model
        ("POSE_RELATIVE_TO_INVALID", 19): "inner::tip",
    }


def test_world_and_placement_frame_suggestions() -> None:
    text = """<sdf version="1.9">
  <world name="w">
    <frame name="spot"/>
    <model name="m" placement_frame="bse">
      <pose relative_to="sopt">1 0 0 0 0 0</pose>
      <link name="base"/>
    </model>
  </world>
</sdf>
"""
    found = {(d.code, d.line): _suggested(d) for d in _diags(text) if d.severity == "error"}
    assert found == {("POSE_RELATIVE_TO_INVALID", 4): "base",
                     ("POSE_RELATIVE_TO_INVALID", 5): "spot"}


def test_in_order_sorts_by_file_then_line_and_is_stable() -> None:
    d = [Diagnostic("B", "error", "1", "b.sdf", 3), Diagnostic("A", "error", "2", "a.sdf", 9),
         Diagnostic("C", "warning", "3", "b.sdf", 1), Diagnostic("D", "error", "4", "b.sdf", 3),
         Diagnostic("E", "error", "5", "b.sdf", None)]
    assert [x.code for x in in_order(d)] == ["A", "E", "C", "B", "D"]


@pytest.mark.parametrize("name,text", [("robot.urdf", URDF), ("robot.sdf", SDF)])
def test_check_prints_diagnostics_in_line_order(tmp_path: Path, name: str, text: str) -> None:
    path = tmp_path / name
    path.write_text(text)
    result = urdfsdf("check", str(path))
    assert result.returncode == 1
    lines = [int(line.split(":")[1]) for line in result.stderr.splitlines()
             if line.startswith(str(path) + ":") and line.split(":")[1].isdigit()]
    assert len(lines) >= 3 and lines == sorted(lines), result.stderr
    result = urdfsdf("check", str(path), "--format", "json")
    assert result.returncode == 1
    found = [(d["code"], d["line"]) for d in json.loads(result.stdout)]
    assert [line for _, line in found] == sorted(line for _, line in found)
    # equal lines keep the order they were found in (here: attached_to, then relative_to)
    if name == "robot.sdf":
        assert found.index(("FRAME_ATTACHED_TO_INVALID", 3)) < \
            found.index(("POSE_RELATIVE_TO_INVALID", 3))
    assert "did you mean" in result.stdout


_NAME = st.text(alphabet="abc_de1", min_size=1, max_size=12)


@settings(max_examples=300, deadline=None)
@given(name=_NAME, defined=st.lists(_NAME, max_size=40))
def test_the_suggestion_is_difflibs_closest_match(name: str, defined: list[str]) -> None:
    """did_you_mean prunes by quick_ratio's bound: it still names what difflib does."""
    import difflib

    close = difflib.get_close_matches(name, [n for n in dict.fromkeys(defined) if n != name],
                                      n=1)
    assert did_you_mean(name, defined) == (f"; did you mean {close[0]!r}?" if close else "")
