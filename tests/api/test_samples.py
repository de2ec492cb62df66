"""Golden and structural tests on the bundled samples (issue: foundation)."""

from __future__ import annotations

from pathlib import Path

import pytest
from lxml import etree

import urdfsdf

from conftest import SAMPLES
from urdf_facts import kinematics

GOLDEN = Path(__file__).resolve().parents[1] / "golden"


def canonical(text: str | bytes) -> bytes:
    """XML without comments and formatting whitespace, for comparison."""
    data = text.encode() if isinstance(text, str) else text
    parser = etree.XMLParser(remove_blank_text=True, remove_comments=True)
    root = etree.fromstring(data, parser)
    for el in root.iter():
        if el.text is not None and not el.text.strip():
            el.text = None
    return etree.tostring(root, method="c14n")


@pytest.mark.parametrize("name", ["parity", "pendulum_with_base", "every_element"])
def test_urdf2sdf_golden(name: str) -> None:
    out = urdfsdf.urdf_to_sdf(str(SAMPLES / f"{name}.urdf"))
    assert out == (GOLDEN / f"{name}.urdf.sdf").read_text()


def test_sdf2urdf_golden() -> None:
    out = urdfsdf.sdf_to_urdf(str(SAMPLES / "pendulum_with_base.sdf"))
    assert out == (GOLDEN / "pendulum_with_base.sdf.urdf").read_text()


def test_pendulum_urdf_converts_to_the_handwritten_sdf() -> None:
    out = urdfsdf.urdf_to_sdf(str(SAMPLES / "pendulum_with_base.urdf"))
    assert canonical(out) == canonical((SAMPLES / "pendulum_with_base.sdf").read_bytes())


def test_parity_shape() -> None:
    """The spec's "Parity with URDF" form, numbers copied as text."""
    urdf = etree.parse(str(SAMPLES / "parity.urdf")).getroot()
    sdf = etree.fromstring(urdfsdf.urdf_to_sdf(str(SAMPLES / "parity.urdf")).encode())
    assert sdf.get("version") == "1.7"
    model = sdf.find("model")
    assert model is not None and model.get("name") == urdf.get("name")
    links = model.findall("link")
    assert links[0].get("name") == "link1" and links[0].find("pose") is None
    for joint in urdf.iterfind("joint"):
        name = joint.get("name")
        sj = model.find(f"joint[@name='{name}']")
        pose = sj.find("pose")
        parent = joint.find("parent").get("link")
        child = joint.find("child").get("link")
        assert pose.get("relative_to") == parent
        origin = joint.find("origin")
        assert pose.text.split() == origin.get("xyz").split() + origin.get("rpy").split()
        assert sj.find("axis/xyz").text.split() == joint.find("axis").get("xyz").split()
        for key in ("lower", "upper", "effort", "velocity"):
            assert sj.find(f"axis/limit/{key}").text == joint.find("limit").get(key)
        child_pose = model.find(f"link[@name='{child}']/pose")
        assert child_pose.get("relative_to") == name
        assert not (child_pose.text or "").strip()
    # the spec's order: each joint right before its child link
    tags = [(el.tag, el.get("name")) for el in model if el.tag in ("link", "joint")]
    assert tags[:3] == [("link", "link1"), ("joint", "joint1"), ("link", "link2")]


def test_parity_round_trip_text() -> None:
    """sdf2urdf(urdf2sdf(x)): every origin, axis and limit attribute equals the original."""
    original = (SAMPLES / "parity.urdf").read_bytes()
    back = urdfsdf.sdf_to_urdf(urdfsdf.urdf_to_sdf(original.decode()))
    a = etree.fromstring(original)
    b = etree.fromstring(back.encode())
    for joint in a.iterfind("joint"):
        other = b.find(f"joint[@name='{joint.get('name')}']")
        for tag in ("origin", "axis", "limit"):
            assert dict(other.find(tag).attrib) == dict(joint.find(tag).attrib), tag
    assert kinematics(back) == kinematics(original)


def test_every_element_round_trip() -> None:
    """Mimic, safety, calibration, materials, transmissions, gazebo, floating/planar."""
    original = (SAMPLES / "every_element.urdf").read_bytes()
    back = urdfsdf.sdf_to_urdf(urdfsdf.urdf_to_sdf(original.decode()))
    assert kinematics(back) == kinematics(original)
    a = etree.fromstring(original)
    b = etree.fromstring(back.encode())
    for tag in ("transmission", "gazebo", "ros2_control", "material"):
        before = sorted(canonical(etree.tostring(e)) for e in a.iterfind(tag))
        after = sorted(canonical(etree.tostring(e)) for e in b.iterfind(tag))
        assert before and after == before, tag
    assert b.get("version") == a.get("version")
