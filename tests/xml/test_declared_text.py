"""The SDF declarations are whole :class:`~urdfsdf.xml.declared.Element` s: a
:class:`~urdfsdf.xml.declared_text.Record` or ``Value`` answers what any element
declaration does (its name attribute, attribute names, children by tag)."""

from __future__ import annotations

from urdfsdf.sdf import elements as sdf
from urdfsdf.xml.declared import Element, text
from urdfsdf.xml.declared_text import Record, Value


def test_record_is_a_whole_element() -> None:
    assert isinstance(sdf.LINK, Element)
    assert sdf.LINK.name == "name"  # its name attribute
    assert sdf.FRAME.keys[:2] == ("name", "attached_to")
    assert "attached_to" in sdf.FRAME.names
    assert set(sdf.JOINT.child) >= {"parent", "child", "pose", "axis"}
    assert not sdf.JOINT.leaf
    assert sdf.INERTIA.plan == ()  # no attribute


def test_value_is_a_whole_element() -> None:
    assert sdf.POSE.name == ""  # no name attribute
    assert sdf.POSE.leaf and sdf.POSE.holds_text
    assert sdf.POSE.keys[0] == "relative_to"
    assert sdf.POSE.attributes[0].label == "pose relative_to"


def test_new_declarations_are_whole() -> None:
    leaf = Value("leaf", lambda ctx, el, what: el.text, text("unit"))
    record = Record("thing", text("name"), children=())
    assert (leaf.name, leaf.keys, leaf.reports, leaf.absent) == ("", ("unit",), False, None)
    assert (record.name, record.leaf, record.others) == ("", True, "kept")


def test_frame_and_pose_attributes_are_read_through_their_declarations() -> None:
    from urdfsdf.sdf import values

    assert values.RELATIVE_TO in sdf.POSE.attributes
    assert sdf.ATTACHED_TO in sdf.FRAME.attributes
