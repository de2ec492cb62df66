"""Real-world URDF and SDF that urdfdom and libsdformat accept (issue 15): one test per class.

Each converts, loads in libsdformat 12 where the oracle is built (``$SDF_ORACLE``),
and comes back as written.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

from lxml import etree

import urdfsdf
from urdfsdf.api import sdf_to_urdf_result, urdf_to_sdf_result

ORACLE = os.environ.get("SDF_ORACLE")

_INERTIA = '<inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/>'


def _oracle(sdf: str, tmp_path: Path) -> dict[str, object] | None:
    if not ORACLE:
        return None
    path = tmp_path / "out.sdf"
    path.write_text(sdf)
    out = subprocess.run([ORACLE, str(path)], capture_output=True, text=True, check=False,
                         timeout=60).stdout
    data: dict[str, object] = json.loads(out)
    return data


def _form(el: etree._Element) -> tuple[object, ...]:
    """Elements matched by tag and name, order free; attributes and text as written."""
    kids = sorted((_form(c) for c in el if isinstance(c.tag, str)), key=repr)
    return (el.tag, sorted(el.attrib.items()), (el.text or "").strip(), kids)


def _same_xml(a: str, b: str) -> bool:
    return _form(etree.fromstring(a.encode())) == _form(etree.fromstring(b.encode()))


def test_class14_world_link_with_content_is_the_world(tmp_path: Path) -> None:
    """A root link named world with an inertial and a visual stays the fixed world."""
    urdf = f"""<robot name="r">
  <link name="world">
    <inertial><mass value="5"/>{_INERTIA}</inertial>
    <visual><geometry><box size="1 1 1"/></geometry></visual>
  </link>
  <link name="base"><inertial><mass value="1"/>{_INERTIA}</inertial></link>
  <joint name="fix" type="fixed"><parent link="world"/><child link="base"/>
    <origin xyz="0 0 1" rpy="0 0 0"/></joint>
</robot>
"""
    result = urdf_to_sdf_result(urdf)
    assert result.text is not None
    assert [(d.code, d.line) for d in result.diagnostics] == [("ELEMENT_DROPPED", 2)]
    model = urdfsdf.read_sdf(result.text)
    assert [link.name for link in model.links] == ["base"]  # no free world_link body
    (joint,) = model.joints
    assert (joint.parent, joint.child, joint.pose.relative_to) == ("world", "base", "__model__")
    found = _oracle(result.text, tmp_path)
    if found is not None:
        assert found["errors"] == []
        assert found["models"]["r"]["links"]["base"]["pose_rpy"] == [0, 0, 1, 0, 0, 0]  # type: ignore[index]
    assert _same_xml(urdfsdf.sdf_to_urdf(result.text), urdf)
    # the transform path restores it too
    back = sdf_to_urdf_result(result.text.replace('relative_to="fix"/>',
                                                  'relative_to="__model__">0 0 1 0 0 0</pose>'))
    assert back.path == "transform" and back.text is not None
    world = etree.fromstring(back.text.encode()).find("link[@name='world']")
    assert world is not None and world.find("inertial/mass").get("value") == "5"  # type: ignore[union-attr]


def test_class9_undeclared_namespace_prefixes(tmp_path: Path) -> None:
    """``<custom:elem>`` without ``xmlns:custom`` (libsdformat's test files, gz-sim worlds)."""
    sdf = """<?xml version="1.0"?>
<!-- a comment first -->
<sdf version="1.7">
  <model name="m">
    <link name="a"><custom:elem custom:attr="1">x</custom:elem></link>
    <gz:thing/>
  </model>
</sdf>
"""
    result = sdf_to_urdf_result(sdf)
    assert result.text is not None
    assert [(d.code, d.severity, d.line) for d in result.diagnostics] == [
        ("XML_TOLERATED", "warning", 5), ("XML_TOLERATED", "warning", 6)]
    root = etree.fromstring(result.text.encode())
    elem = root.find("gazebo[@reference='a']/{urn:undeclared:custom}elem")
    assert elem is not None and elem.get("{urn:undeclared:custom}attr") == "1"
    assert root.find("gazebo/{http://gazebosim.org/schema}thing") is not None
    back = urdf_to_sdf_result(result.text)
    assert back.text is not None
    link = etree.fromstring(back.text.encode()).find("model/link")
    assert link is not None and link.find("{urn:undeclared:custom}elem") is not None
    found = _oracle(back.text, tmp_path)
    assert found is None or found["errors"] == []
    # URDF too (urdfdom reads elements as plain names)
    urdf = '<robot name="r">\n<link name="a"><drake:declare_convex/></link>\n</robot>'
    out = urdf_to_sdf_result(urdf)
    assert out.text is not None and "http://drake.mit.edu" in out.text
    assert [(d.code, d.line) for d in out.diagnostics] == [("XML_TOLERATED", 2)]


def _round_trip(urdf: str, tmp_path: Path) -> tuple[str, list[tuple[str, str, int | None]]]:
    """urdf2sdf (valid SDF 1.7, loads in libsdformat), then sdf2urdf: the URDF as written."""
    from urdfsdf.sdf import schema

    result = urdf_to_sdf_result(urdf)
    assert result.text is not None, [d.format() for d in result.diagnostics]
    root = etree.fromstring(result.text.encode())
    assert [b.tag for c in root for b in schema.undefined(c, "sdf")] == []
    found = _oracle(result.text, tmp_path)
    assert found is None or found["errors"] == []
    back = sdf_to_urdf_result(result.text)
    assert back.text is not None
    assert [d for d in back.diagnostics if d.severity != "info"] == []
    assert _same_xml(back.text, urdf), back.text
    return result.text, [(d.code, d.severity, d.line) for d in result.diagnostics]


def test_class4_inertial_without_inertia(tmp_path: Path) -> None:
    """urdfdom reads ``<mass>`` alone with a zero inertia: so does urdfsdf, with a warning."""
    urdf = """<robot name="r">
  <link name="a">
    <inertial><origin xyz="0 0 0.1"/><mass value="2"/></inertial>
    <visual><geometry><box size="1 1 1"/></geometry></visual>
  </link>
</robot>
"""
    sdf, diags = _round_trip(urdf, tmp_path)
    assert diags == [("ELEMENT_MISSING", "warning", 3)]
    link = urdfsdf.read_sdf(sdf).links[0]
    assert link.inertial is not None
    assert (link.inertial.mass, link.inertial.inertia) == ("2", ("0",) * 6)
    assert len(link.visuals) == 1


def test_class5_content_only_other_readers_use(tmp_path: Path) -> None:
    """A capsule (Drake reads it) and drake: elements anywhere come back as written."""
    urdf = """<robot name="r" xmlns:drake="http://drake.mit.edu">
  <link name="a">
    <collision><geometry><mesh filename="m.obj"><drake:declare_convex/></mesh></geometry>
      <drake:proximity_properties><drake:mu_static value="0.5"/></drake:proximity_properties>
    </collision>
    <visual><geometry><capsule radius="0.1" length="0.5"/></geometry></visual>
    <collision name="cap"><geometry><capsule radius="0.1" length="0.5"/></geometry></collision>
  </link>
  <drake:collision_filter_group name="g"><drake:member link="a"/></drake:collision_filter_group>
</robot>
"""
    sdf, diags = _round_trip(urdf, tmp_path)
    # the capsules have no SDFormat 1.7 form: written as <drake:capsule>, which Drake reads
    # (issue 50), with a warning each
    assert diags == [("ELEMENT_DROPPED", "warning", 6), ("ELEMENT_DROPPED", "warning", 7)]
    link = urdfsdf.read_sdf(sdf).links[0]
    assert [c.geometry.kind for c in link.collisions if c.geometry] == ["mesh", "capsule"]
    assert [v.geometry.raw for v in link.visuals if v.geometry] == [
        '<drake:capsule xmlns:drake="http://drake.mit.edu"><radius>0.1</radius>'
        '<length>0.5</length></drake:capsule>']


def test_class6_attributes_urdfdom_does_not_define(tmp_path: Path) -> None:
    """Carried and restored, with an info each (not a warning: nothing is lost)."""
    urdf = """<robot name="r">
  <link name="a" concave="yes">
    <collision group="default" mask="0"><geometry><box size="1 1 1"/></geometry></collision>
    <inertial><mass value="2"/><inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial>
  </link>
  <link name="b">
    <inertial><mass value="1"/><inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial>
  </link>
  <joint name="j" type="revolute" dont_collapse="true"><parent link="a"/><child link="b"/>
    <axis xyz="0 0 1" rpy="0 0 0"/>
    <limit lower="-1" upper="1" effort="5" velocity="2" command_effort="3" current="1"
           gear_velocity="2"/>
    <dynamics damping="1" D="0.1" K="2" mu_coulomb="0.3" mu_viscous="0.4"/>
  </joint>
</robot>
"""
    _, diags = _round_trip(urdf, tmp_path)
    assert {code for code, _, _ in diags} == {"URDF_IGNORED"}
    assert {severity for _, severity, _ in diags} == {"info"}
    assert len(diags) == 12


def test_class7_materials(tmp_path: Path) -> None:
    urdf = """<robot name="r">
  <material name="Blå"><color rgba="0 0 1 1"/></material>
  <link name="a">
    <visual><geometry><box size="1 1 1"/></geometry><material name="Blå"/></visual>
    <visual><geometry><box size="1 1 1"/></geometry><material><color rgba="1 0 0 1"/>
      </material></visual>
    <visual><geometry><box size="1 1 1"/></geometry><material name="t"><texture/></material>
    </visual>
  </link>
</robot>
"""
    _round_trip(urdf, tmp_path)


def test_class8_limits_as_written(tmp_path: Path) -> None:
    """No lower/upper written in, no type changed, no axis added."""
    urdf = """<robot name="r">
  <link name="a"/><link name="b"/><link name="c"/><link name="d"/>
  <joint name="no_bounds" type="revolute"><parent link="a"/><child link="b"/>
    <limit effort="5" velocity="2"/></joint>
  <joint name="wide" type="revolute"><parent link="b"/><child link="c"/><axis xyz="0 1 0"/>
    <limit lower="-1e20" upper="1e20" effort="5" velocity="2"/></joint>
  <joint name="slide" type="prismatic"><parent link="c"/><child link="d"/>
    <limit lower="0" effort="5" velocity="2"/></joint>
</robot>
"""
    _round_trip(urdf, tmp_path)


def test_an_edited_sdf_element_is_not_undone(tmp_path: Path) -> None:
    """The carrier restores an element only while its SDF form is as urdf2sdf wrote it."""
    urdf = """<robot name="r">
  <link name="a" concave="yes"><visual><geometry><box size="1 1 1"/></geometry></visual></link>
</robot>
"""
    sdf = urdfsdf.urdf_to_sdf(urdf)
    edited = sdf.replace("<size>1 1 1</size>", "<size>2 2 2</size>")
    assert edited != sdf
    back = sdf_to_urdf_result(edited)
    assert back.text is not None
    assert 'size="2 2 2"' in back.text and "concave" not in back.text
    assert [(d.code, d.severity) for d in back.diagnostics] == [("ELEMENT_DROPPED", "warning")]


_SDF_DEFAULTS = """<?xml version="1.0"?>
<sdf version="1.7">
  <model name="m">
    <link name="a"/>
    <link name="b"><pose relative_to="j"/></link>
    <joint name="j" type="revolute">
      <pose relative_to="a"/><parent>a</parent><child>b</child>
      <axis><xyz>0 0 1</xyz><limit><lower>-1</lower><upper>1</upper></limit></axis>
    </joint>
    <joint name="c" type="continuous">
      <pose relative_to="b"/><parent>b</parent><child>d</child>
      <axis><xyz>0 0 1</xyz><limit><effort>-1</effort></limit></axis>
    </joint>
    <link name="d"><pose relative_to="c"/></link>
  </model>
</sdf>
"""


def test_class10_default_inertials_keep_the_physics(tmp_path: Path) -> None:
    """URDF: no <inertial> is massless; SDF: no <inertial> is 1 kg. Each written out."""
    urdf = """<robot name="r">
  <link name="a"/>
  <link name="b"><inertial><mass value="2"/>""" + _INERTIA + """</inertial></link>
  <joint name="j" type="fixed"><parent link="a"/><child link="b"/></joint>
</robot>
"""
    sdf, _ = _round_trip(urdf, tmp_path)
    a = urdfsdf.read_sdf(sdf).link("a")
    assert a is not None and a.inertial is not None and a.inertial.mass == "0"
    found = _oracle(sdf, tmp_path)
    assert found is None or found["errors"] == []
    # SDF -> URDF: SDFormat's default written out, and left out again on the way back
    back = sdf_to_urdf_result(_SDF_DEFAULTS)
    assert back.text is not None
    root = etree.fromstring(back.text.encode())
    for name in ("a", "b", "d"):
        inertial = root.find(f"link[@name='{name}']/inertial")
        assert inertial is not None and inertial.find("mass").get("value") == "1"  # type: ignore[union-attr]
    again = urdfsdf.read_sdf(urdfsdf.urdf_to_sdf(back.text))
    assert [link.inertial for link in again.links] == [None, None, None]


def test_class11_no_limit_is_not_negative_in_urdf() -> None:
    """SDF's -1 ("no limit") becomes a large limit URDF readers take, and comes back."""
    back = sdf_to_urdf_result(_SDF_DEFAULTS)
    assert back.text is not None
    root = etree.fromstring(back.text.encode())
    for name in ("j", "c"):
        limit = root.find(f"joint[@name='{name}']/limit")
        assert limit is not None
        assert float(limit.get("effort", "0")) > 0 and float(limit.get("velocity", "0")) > 0
    again = urdfsdf.read_sdf(urdfsdf.urdf_to_sdf(back.text))
    limits = {j.name: j.axis.limit for j in again.joints if j.axis is not None}
    assert (limits["j"].effort, limits["j"].velocity) == (None, None)  # type: ignore[union-attr]
    assert (limits["c"].effort, limits["c"].velocity) == ("-1", None)  # type: ignore[union-attr]


def test_class13_names_unique_among_the_model_children(tmp_path: Path) -> None:
    """A Drake collision filter group named like a link, a transmission like a joint."""
    urdf = f"""<robot name="r" xmlns:drake="http://drake.mit.edu">
  <link name="a"><inertial><mass value="1"/>{_INERTIA}</inertial></link>
  <link name="b"><inertial><mass value="1"/>{_INERTIA}</inertial></link>
  <joint name="j" type="revolute"><parent link="a"/><child link="b"/><axis xyz="0 0 1"/>
    <limit lower="-1" upper="1" effort="1" velocity="1"/></joint>
  <drake:collision_filter_group name="b"><drake:member link="a"/>
    <drake:member link="b"/></drake:collision_filter_group>
  <transmission name="j"><type>transmission_interface/SimpleTransmission</type>
    <joint name="j"/></transmission>
</robot>
"""
    sdf, diags = _round_trip(urdf, tmp_path)
    assert [(code, line) for code, severity, line in diags if severity == "warning"] == [
        ("DUPLICATE_NAME", 6), ("DUPLICATE_NAME", 8)]
    model = etree.fromstring(sdf.encode()).find("model")
    assert model is not None
    names = [c.get("name") for c in model if c.get("name") is not None]
    assert len(names) == len(set(names)), names
    try:
        from pydrake.multibody.parsing import Parser
        from pydrake.multibody.plant import MultibodyPlant
    except ImportError:
        return  # Drake (optional) refused the duplicate names
    plant = MultibodyPlant(0.0)
    Parser(plant).AddModelsFromString(sdf, "sdf")
    plant.Finalize()
    assert plant.HasBodyNamed("b")
