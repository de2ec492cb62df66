"""The assertions of urdfsdf.testing can fail, and say where (issue 19 acceptance).

Four broken "converters" (a joint moved by 1 mm, an axis flipped, a mass changed by
1 %, an unknown attribute dropped) are each caught by the matching assertion, with a
message naming the element; the other assertions let them through where they
should (a dropped attribute moves nothing).  On the samples, then on random URDFs.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lxml import etree

import urdfsdf
from urdfsdf.compare import kinematic_model
from urdfsdf.testing import (
    assert_same_document,
    assert_same_inertia,
    assert_same_kinematics,
    joint_values,
    urdf_documents,
)

from conftest import SAMPLES
from tiers import examples

SETTINGS = settings(max_examples=examples(40), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def _edit(urdf: str, xpath: str, change: object) -> str:
    root = etree.fromstring(urdf.encode())
    (el,) = root.xpath(xpath)[:1]
    change(el)  # type: ignore[operator]
    return etree.tostring(root, encoding="unicode")


def move_joint(urdf: str, joint: str) -> str:
    """A converter bug: the joint's origin 1 mm further along x."""
    def change(j: etree._Element) -> None:
        origin = j.find("origin")
        if origin is None:
            origin = etree.SubElement(j, "origin")
        x, y, z = (float(t) for t in origin.get("xyz", "0 0 0").split())
        origin.set("xyz", f"{x + 0.001!r} {y!r} {z!r}")
    return _edit(urdf, f"joint[@name='{joint}']", change)


def flip_axis(urdf: str, joint: str) -> str:
    """A converter bug: the joint's axis reversed."""
    def change(j: etree._Element) -> None:
        axis = j.find("axis")
        if axis is None:
            axis = etree.SubElement(j, "axis", xyz="1 0 0")
        axis.set("xyz", " ".join(repr(-float(t)) for t in axis.get("xyz", "").split()))
    return _edit(urdf, f"joint[@name='{joint}']", change)


def scale_mass(urdf: str, link: str, factor: float = 1.01) -> str:
    """A converter bug: the link's mass 1 % off."""
    def change(mass: etree._Element) -> None:
        mass.set("value", repr(float(mass.get("value", "0")) * factor))
    return _edit(urdf, f"link[@name='{link}']/inertial/mass", change)


def drop_attribute(urdf: str, xpath: str, name: str) -> str:
    """A converter bug: an attribute URDF does not define is not carried."""
    return _edit(urdf, xpath, lambda el: el.attrib.pop(name))


def _raises(check: object, a: str, b: str) -> str:
    with pytest.raises(AssertionError) as info:
        check(a, b)  # type: ignore[operator]
    return str(info.value)


PARITY = (SAMPLES / "parity.urdf").read_text()


def test_the_sample_is_the_same_as_itself_and_its_round_trip() -> None:
    back = urdfsdf.sdf_to_urdf(urdfsdf.urdf_to_sdf(PARITY))
    for a, b in ((PARITY, PARITY), (PARITY, back), (PARITY, urdfsdf.urdf_to_sdf(PARITY))):
        assert_same_kinematics(a, b)
        assert_same_inertia(a, b)
    assert_same_document(PARITY, back)


def test_a_joint_moved_by_1_mm_is_caught_and_named() -> None:
    message = _raises(assert_same_kinematics, PARITY, move_joint(PARITY, "joint3"))
    # joint3: link3 -> link4; the child link's frame (the joint's) moved by 1 mm
    assert "link[@name='link4']" in message and "joint3" in message, message
    assert "position off by 0.001" in message, message
    assert "link[@name='link2']" not in message  # nothing else moved
    doc = _raises(assert_same_document, PARITY, move_joint(PARITY, "joint3"))
    assert "joint[@name='joint3']/origin/@xyz" in doc, doc
    assert_same_inertia(PARITY, move_joint(PARITY, "joint3"))  # per link frame: unchanged


def test_a_flipped_axis_is_caught_and_named() -> None:
    message = _raises(assert_same_kinematics, PARITY, flip_axis(PARITY, "joint2"))
    assert "joint[@name='joint2']/axis" in message, message
    # at zero no link moved, and the axis alone is named
    at_zero = _raises(lambda a, b: assert_same_kinematics(a, b, configurations=[{}]),
                      PARITY, flip_axis(PARITY, "joint2"))
    assert "1 difference(s)" in at_zero and "joint[@name='joint2']/axis" in at_zero, at_zero


def test_a_mass_one_percent_off_is_caught_and_named() -> None:
    message = _raises(assert_same_inertia, PARITY, scale_mass(PARITY, "link2"))
    assert "link[@name='link2']/inertial/mass: 1.75 != 1.7675 kg" in message, message
    assert "link1" not in message
    assert_same_kinematics(PARITY, scale_mass(PARITY, "link2"))


def test_a_dropped_unknown_attribute_is_caught_and_named() -> None:
    urdf = PARITY.replace('<link name="link3">', '<link name="link3" dont_collapse="true">')
    changed = drop_attribute(urdf, "link[@name='link3']", "dont_collapse")
    message = _raises(assert_same_document, urdf, changed)
    assert "link[@name='link3']/@dont_collapse: 'true' missing" in message, message
    # allowed when asked for (urdfdom ignores such attributes), and nothing moves
    assert_same_document(urdf, changed, normalise=("origin", "unknown_attributes"))
    assert_same_kinematics(urdf, changed)
    assert_same_inertia(urdf, changed)


def test_configurations_and_tolerances() -> None:
    moved = move_joint(PARITY, "joint1")
    assert_same_kinematics(PARITY, moved, tol=2e-3)
    message = _raises(lambda a, b: assert_same_kinematics(
        a, b, configurations=[{"joint1": 0.5, "joint2": -0.25}]), PARITY, moved)
    assert "at {joint1: 0.5, joint2: -0.25}" in message, message
    assert_same_inertia(PARITY, scale_mass(PARITY, "link2", 1 + 1e-8))
    with pytest.raises(AssertionError):
        assert_same_inertia(PARITY, scale_mass(PARITY, "link2", 1 + 1e-8), rtol=1e-10)


def test_unknown_normalisation_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown normalisation"):
        assert_same_document(PARITY, PARITY, normalise=("everything",))


# -- the same on random URDFs ----------------------------------------------------------


def _joints(urdf: str, types: tuple[str, ...]) -> list[str]:
    root = etree.fromstring(urdf.encode())
    return [j.get("name", "") for j in root.iter("joint") if j.get("type") in types]


@SETTINGS
@given(urdf=urdf_documents(links=(2, 5), joint_types=("revolute", "prismatic", "fixed")),
       data=st.data())
def test_random_moved_joint_is_named(urdf: str, data: st.DataObject) -> None:
    joint = data.draw(st.sampled_from(_joints(urdf, ("revolute", "prismatic", "fixed"))))
    message = _raises(assert_same_kinematics, urdf, move_joint(urdf, joint))
    assert f"(the frame of its joint {joint!r})" in message, message


@SETTINGS
@given(urdf=urdf_documents(links=(2, 5), joint_types=("revolute", "prismatic")),
       data=st.data())
def test_random_flipped_axis_is_named(urdf: str, data: st.DataObject) -> None:
    joint = data.draw(st.sampled_from(_joints(urdf, ("revolute", "prismatic"))))
    message = _raises(assert_same_kinematics, urdf, flip_axis(urdf, joint))
    assert f"joint[@name={joint!r}]/axis" in message, message


@SETTINGS
@given(urdf=urdf_documents(inertials=True), data=st.data())
def test_random_mass_change_is_named(urdf: str, data: st.DataObject) -> None:
    root = etree.fromstring(urdf.encode())
    heavy = [link.get("name", "") for link in root.iter("link")
             if float(link.find("inertial/mass").get("value", "0")  # type: ignore[union-attr]
                      if link.find("inertial/mass") is not None else 0) > 0]
    if not heavy:
        return
    link = data.draw(st.sampled_from(heavy))
    message = _raises(assert_same_inertia, urdf, scale_mass(urdf, link))
    assert re.search(rf"link\[@name={re.escape(repr(link))}\]/inertial/mass: ", message), message


@SETTINGS
@given(urdf=urdf_documents(links=(1, 4)))
def test_random_documents_equal_their_round_trip(urdf: str) -> None:
    back = urdfsdf.sdf_to_urdf(urdfsdf.urdf_to_sdf(urdf))
    assert_same_kinematics(urdf, back)
    assert_same_inertia(urdf, back)
    assert_same_document(urdf, back)


@SETTINGS
@given(data=st.data(), urdf=urdf_documents(links=(2, 5)))
def test_joint_values_are_within_limits(data: st.DataObject, urdf: str) -> None:
    q = data.draw(joint_values(urdf))
    model = kinematic_model(urdf)
    for j in model.moving_joints():
        assert j.name in q
        if j.lower is not None and j.upper is not None and j.lower <= j.upper:
            assert j.lower <= q[j.name] <= j.upper
    assert_same_kinematics(urdf, urdf, configurations=[q])


def test_text_paths_and_the_ir_are_accepted() -> None:
    path = SAMPLES / "parity.urdf"
    sdf = urdfsdf.urdf_to_sdf(PARITY)
    for a in (PARITY, path, str(path), urdfsdf.read_urdf(PARITY)):
        for b in (sdf, urdfsdf.read_sdf(sdf), urdfsdf.read_sdf_document(sdf), PARITY.encode()):
            assert_same_kinematics(a, b)
            assert_same_inertia(a, b)
    model = urdfsdf.read_urdf(PARITY)
    assert_same_document(model, urdfsdf.write_urdf(model))
    assert_same_document(path, PARITY)


def test_a_loop_of_joints_no_root_reaches_ends() -> None:
    # SDFormat (and libsdformat) accept joints in a loop; poses() leaves a link on a loop
    # that no root reaches where it is (it climbed the loop forever before)
    sdf = """<sdf version="1.8"><model name="m"><link name="R"/>
      <link name="A"><pose>1 0 0 0 0 0</pose></link><link name="B"/>
      <joint name="j1" type="revolute"><parent>A</parent><child>B</child>
        <axis><xyz>1 0 0</xyz></axis></joint>
      <joint name="j2" type="revolute"><parent>B</parent><child>A</child>
        <axis><xyz>1 0 0</xyz></axis></joint></model></sdf>"""
    k = kinematic_model(sdf)
    assert k.root == "R"
    assert set(k.poses({"j1": 0.3})) == {"R", "A", "B"}
