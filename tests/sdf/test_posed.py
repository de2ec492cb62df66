"""sdf/posed.py: the link children whose //pose the frame engine reads, read once."""

from __future__ import annotations

from urdfsdf.sdf.posed import POSED_TAGS, posed_extra, read_pose, with_pose
from urdfsdf.sdf.schema import node_at, node_children
from urdfsdf.xml.parse import from_string


def test_posed_tags_are_the_link_children_with_a_pose_in_sdformat_1_7() -> None:
    link = node_at("model/link")
    assert link is not None
    kids = node_children(link) or {}
    with_pose_child = {tag for tag, node in kids.items()
                       if tag not in ("pose", "visual", "collision", "inertial")
                       and "pose" in (node_children(node) or {})}
    assert with_pose_child == POSED_TAGS


def test_pose_read_once_with_its_line_in_the_document() -> None:
    el = from_string('<link>\n<sensor name="s">\n  <x/>\n  <pose relative_to="f">1 2 3 0 0 0'
                     '</pose>\n</sensor>\n<gravity>true</gravity></link>')
    sensor, gravity = el[0], el[1]
    x = posed_extra(sensor, 2)
    assert x.pose is not None and x.pose.relative_to == "f" and x.pose.line == 4
    assert x.pose.text == ("1", "2", "3", "0", "0", "0")
    assert posed_extra(gravity, 6).pose is None
    # as an element parsed from a fragment (its own line 1): still the document's line
    again = posed_extra(from_string(x.xml), 2)
    assert again.pose == x.pose


def test_absent_pose_is_the_identity_and_bad_numbers_give_none() -> None:
    assert read_pose(from_string("<light/>"), 7).is_identity  # type: ignore[union-attr]
    assert read_pose(from_string("<light><pose>1 2</pose></light>"), 7) is None


def test_with_pose_writes_the_pose_in_the_link_frame() -> None:
    x = posed_extra(from_string('<sensor><pose relative_to="j">1 0 0 0 0 0</pose></sensor>'), 3)
    y = with_pose(x, read_pose(from_string("<a><pose>0 0 2 0 0 0</pose></a>"), 1))  # type: ignore[arg-type]
    assert 'relative_to' not in y.xml and "<pose>0 0 2 0 0 0</pose>" in y.xml
    assert y.pose is not None and y.pose.relative_to is None and y.pose.xyz == (0, 0, 2)
    z = with_pose(posed_extra(from_string("<light/>"), 1), y.pose)
    assert "<pose>0 0 2 0 0 0</pose>" in z.xml
