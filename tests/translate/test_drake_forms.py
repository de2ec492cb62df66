"""Issue 50: what Drake reads of one format, written in its form in the other: a URDF
texture as ``<drake:diffuse_map>``, a capsule in every SDF version, a static SDF model
welded to ``world`` as Drake welds it."""

from __future__ import annotations

import pytest
from lxml import etree

from urdfsdf.api import sdf_to_urdf_result, urdf_to_sdf_result
from urdfsdf.commands.roundtrip import roundtrip_source
from urdfsdf.compare.document import document_differences

DRAKE = "{http://drake.mit.edu}"
TEXTURED = """<robot name="r">
  <material name="wood"><texture filename="package://p/wood.png"/></material>
  <link name="a"><visual><geometry><box size="1 1 1"/></geometry><material name="wood"/>
  </visual><visual name="own"><geometry><sphere radius="1"/></geometry>
    <material name="c"><color rgba="1 0 0 1"/><texture filename="c.png"/></material></visual>
  </link>
</robot>"""


def test_a_urdf_texture_is_drakes_diffuse_map_and_comes_back() -> None:
    result = urdf_to_sdf_result(TEXTURED)
    assert result.ok and result.text is not None
    root = etree.fromstring(result.text.encode())
    maps = [m.text for m in root.iter(f"{DRAKE}diffuse_map")]
    assert maps == ["package://p/wood.png", "c.png"]
    assert all(m.getparent().tag == "material" for m in root.iter(f"{DRAKE}diffuse_map"))
    back = sdf_to_urdf_result(result.text)
    assert back.text is not None and document_differences(TEXTURED, back.text) == []


def test_an_sdf_diffuse_map_is_a_urdf_texture() -> None:
    sdf = """<sdf version="1.7" xmlns:drake="http://drake.mit.edu"><model name="m">
      <link name="a"><visual name="v"><geometry><box><size>1 1 1</size></box></geometry>
        <material><drake:diffuse_map>t.png</drake:diffuse_map></material></visual></link>
    </model></sdf>"""
    back = sdf_to_urdf_result(sdf)
    assert back.ok and back.text is not None
    texture = etree.fromstring(back.text.encode()).find("link/visual/material/texture")
    assert texture is not None and texture.get("filename") == "t.png"
    assert "<gazebo" not in back.text


CAPSULE = """<robot name="r"><link name="a">
  <visual><geometry><capsule radius="0.1" length="0.5"/></geometry></visual>
</link></robot>"""


@pytest.mark.parametrize(("version", "tag"), [("1.7", f"{DRAKE}capsule"), ("1.8", "capsule"),
                                              ("1.11", "capsule")])
def test_a_capsule_is_written_in_every_sdf_version(version: str, tag: str) -> None:
    result = urdf_to_sdf_result(CAPSULE, sdf_version=version)
    assert result.ok and result.text is not None
    shape = etree.fromstring(result.text.encode()).find(f"model/link/visual/geometry/{tag}")
    assert shape is not None
    assert [shape.findtext("radius"), shape.findtext("length")] == ["0.1", "0.5"]
    back = sdf_to_urdf_result(result.text)
    assert back.text is not None and document_differences(CAPSULE, back.text) == []


STATIC = """<sdf version="1.7"><model name="shelf"><static>true</static>
  <pose>1 2 3 0 0 0.5</pose>
  <link name="base"><pose>0 0 0.5 0 0 0</pose></link>
  <link name="top"><pose>0 0 1.5 0 0 0</pose></link>
</model></sdf>"""


def test_a_static_model_is_welded_to_world_as_drake_welds_it(tmp_path) -> None:  # type: ignore[no-untyped-def]
    back = sdf_to_urdf_result(STATIC)
    assert back.ok and back.text is not None
    root = etree.fromstring(back.text.encode())
    assert [link.get("name") for link in root.iter("link")][0] == "world"
    welds = {j.get("name"): (j.find("parent").get("link"), j.find("child").get("link"),  # type: ignore[union-attr]
                             j.find("origin").get("xyz"))  # type: ignore[union-attr]
             for j in root.iter("joint")}
    assert welds == {"sdformat_model_static_world_welds_to_base": ("world", "base", "1 2 3.5"),
                     "sdformat_model_static_world_welds_to_top": ("world", "top", "1 2 4.5")}
    # the way back: a static model again, its links where they were
    path = tmp_path / "shelf.sdf"
    path.write_text(STATIC)
    assert roundtrip_source(str(path)).differences == []


EXTENDED = """<robot name="r" xmlns:drake="http://drake.mit.edu">
  <link name="a"><visual><geometry><box size="1 1 1"/></geometry>
      <drake:accepting_renderer name="vtk"/></visual>
    <collision><geometry><box size="1 1 1"/></geometry><drake:proximity_properties>
      <drake:mu_static value="0.5"/><drake:mu_dynamic value="0.3"/><drake:compliant_hydroelastic/>
      <drake:hydroelastic_modulus value="1e7"/></drake:proximity_properties></collision></link>
  <link name="b"><collision><geometry><box size="1 1 1"/></geometry></collision></link>
  <link name="c"><inertial><mass value="1"/><inertia ixx="1" iyy="1" izz="1" ixy="0" ixz="0"
    iyz="0"/></inertial><collision><geometry><box size="1 1 1"/></geometry></collision></link>
  <joint name="j" type="fixed"><parent link="a"/><child link="b"/></joint>
  <joint name="k" type="continuous"><parent link="b"/><child link="c"/></joint>
  <drake:collision_filter_group name="g"><drake:member link="a"/><drake:member link="c"/>
    <drake:ignored_collision_filter_group name="g"/></drake:collision_filter_group>
</robot>"""


def test_drake_extensions_are_written_in_each_formats_form() -> None:
    result = urdf_to_sdf_result(EXTENDED)
    assert result.ok and result.text is not None
    root = etree.fromstring(result.text.encode())
    group = root.find(f"model/{DRAKE}collision_filter_group")
    assert group is not None
    assert [m.text for m in group.iter(f"{DRAKE}member")] == ["a", "c"]
    assert group.findtext(f"{DRAKE}ignored_collision_filter_group") == "g"
    near = root.find(f"model/link/collision/{DRAKE}proximity_properties")
    assert near is not None and near.findtext(f"{DRAKE}mu_static") == "0.5"
    assert root.findtext(f"model/link/visual/{DRAKE}accepting_renderer") == "vtk"
    back = sdf_to_urdf_result(result.text)
    assert back.text is not None and document_differences(EXTENDED, back.text) == []
    # an SDF's own: where Drake reads it in URDF, in URDF's form (not a <gazebo> block)
    native = result.text.replace(' urdf:kept="true"', "")
    urdf = sdf_to_urdf_result(native).text
    assert urdf is not None and "<gazebo" not in urdf
    again = etree.fromstring(urdf.encode())
    assert again.find(f"{DRAKE}collision_filter_group/{DRAKE}member").get("link") == "a"  # type: ignore[union-attr]
    assert again.find(f"link/collision/{DRAKE}proximity_properties/{DRAKE}mu_static"
                      ).get("value") == "0.5"  # type: ignore[union-attr]


def test_drake_reads_the_same_extensions_in_the_output() -> None:
    pytest.importorskip("pydrake")
    from drake_plants import differences, snapshot

    out = urdf_to_sdf_result(EXTENDED, target="drake").text
    assert out is not None
    before, after = snapshot(EXTENDED, "urdf"), snapshot(out, "sdf")
    assert before is not None and after is not None
    assert before["collision_filters"] == after["collision_filters"] != []
    assert differences(before, after) == {}


def test_a_urdf_drake_joint_is_carried_where_drakes_sdf_parser_does_not_look() -> None:
    """Drake's SDF parser refuses a URDF-form <drake:joint> among the model's children.
    (A planar one: SDFormat has no planar joint; a ball or universal one is an SDF joint,
    tests/translate/test_drake_extensions.py.)"""
    urdf = """<robot name="r" xmlns:drake="http://drake.mit.edu">
      <link name="a"><inertial><mass value="1"/><inertia ixx="1" iyy="1" izz="1" ixy="0"
        ixz="0" iyz="0"/></inertial></link><link name="b"/>
      <drake:joint name="plane" type="planar"><parent link="a"/><child link="b"/></drake:joint>
    </robot>"""
    result = urdf_to_sdf_result(urdf)
    assert result.text is not None
    root = etree.fromstring(result.text.encode())
    assert root.find(f"model/{DRAKE}joint") is None
    assert root.find(f"model/link/inertial/{{http://wiki.ros.org/urdf}}model/{DRAKE}joint") \
        is not None
    back = sdf_to_urdf_result(result.text)
    assert back.text is not None and document_differences(urdf, back.text) == []
