"""Issue 37: what a visual, a collision or a visual's material carries (an unknown URDF
child) sits where Drake with a SceneGraph does not look (xml/carried_shape.py).

Drake warns of a custom child of ``<visual>``, ``<collision>``, ``<geometry>`` and
``<material>``, of no attribute.  A few values become ``urdf:`` attributes of the element
that held them; the rest goes into ``<urdf:shape>`` at the end of the link's
``<inertial>``.  Each comes back as written, and the form urdf2sdf wrote before (the
``urdf:`` children) still reads.
"""

from __future__ import annotations

import pytest
from lxml import etree

from urdfsdf.api import sdf_to_urdf_result, urdf_to_sdf_result
from urdfsdf.xml.namespaces import U

from lossless_urdf import urdf_elements

BOX = '<geometry><box size="1 1 1"/></geometry>'
INERTIAL = ('<inertial><mass value="1"/>'
            '<inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial>')
URDF = f"""<robot name="r">
  <link name="a">{INERTIAL}
    <visual name="v">{BOX}<material name="m"><color rgba="1 1 1 1"/><specular rgb="1 1 1"/>
      <foo x="1"><bar/></foo></material><weird a="b"/></visual>
    <collision name="c">{BOX}<material name="panda_white"/>
      <contact_coefficients mu="0.08" kd="2"/><other/></collision>
    <collision name="textured">{BOX}<material name="t"><color rgba="0 0 0 1"/><texture
      filename="t.png"/></material></collision>
    <collision>{BOX}<contact_coefficients mu="0.08" kp=""/></collision>
    <collision name="backwards">{BOX}<contact_coefficients kd="1"/><material name="w"/>
    </collision>
  </link>
  <link name="massless"><collision name="c">{BOX}<contact_coefficients mu="1"/><x/>
    </collision></link>
  <joint name="j" type="fixed"><parent link="a"/><child link="massless"/></joint>
</robot>
"""
#: the ``urdf:`` attributes of each shape and material, by shape name
MARKS = {
    "v": {"material": "m", "material_rgba": "1 1 1 1"},
    "v/material": {"specular_rgb": "1 1 1"},
    "c": {"material": "panda_white", "contact_coefficients_mu": "0.08",
          "contact_coefficients_kd": "2"},
    "textured": {"material": "t", "material_rgba": "0 0 0 1", "material_texture": "t.png"},
    "a_collision": {"unnamed": "true"},
    # the kinds out of carried_shape.FEW's order: the first one only
    "backwards": {"contact_coefficients_kd": "1"},
}
#: what each link's <urdf:shape> wrappers hold: the shape they name, their children
WRAPPED = {
    "a": [("material", "v", ["foo"]), ("visual", "v", ["weird"]),
          ("collision", "c", ["other"]),
          ("collision", "a_collision", ["contact_coefficients"]),  # kp="": urdf:empty
          ("collision", "backwards", ["material"])],
    "massless": [("collision", "c", ["x"])],
}


def _sdf() -> str:
    result = urdf_to_sdf_result(URDF)
    assert result.ok and result.text is not None
    return result.text


def _marks(el: etree._Element) -> dict[str, str]:
    return {str(k)[len(U):]: str(x) for k, x in el.attrib.items() if str(k).startswith(U)}


def test_few_values_are_attributes_and_the_rest_is_in_the_inertial() -> None:
    root = etree.fromstring(_sdf().encode())
    link = root.find(".//link[@name='a']")
    assert link is not None
    marks = {f"{s.get('name')}{'' if s is el else '/material'}": _marks(el)
             for s in link if s.tag in ("visual", "collision")
             for el in (s, *s.findall("material")) if _marks(el)}
    assert marks == MARKS
    for link in root.iter("link"):
        wrapped = [(k, v, [str(c.tag)[len(U):] for c in w])
                   for w in link.iterfind(f"inertial/{U}shape") for k, v in w.attrib.items()]
        assert wrapped == WRAPPED[str(link.get("name"))]
    for tag in ("visual", "collision", "material", "geometry"):  # where Drake looks
        for el in root.iter(tag):
            assert [c.tag for c in el if str(c.tag).startswith(U)] == []


def test_they_come_back_as_written() -> None:
    back = sdf_to_urdf_result(_sdf())
    assert back.text is not None
    assert [d for d in back.diagnostics if d.severity != "info"] == []
    assert urdf_elements(back.text.encode()) == urdf_elements(URDF.encode())


SDF_BOX = "<geometry><box><size>1 1 1</size></box></geometry>"


MATERIAL = "<diffuse>1 1 1 1</diffuse>"


@pytest.mark.parametrize("link", [
    # the form urdf2sdf wrote before: urdf: children of the collision and the material
    f'<link name="a"><visual name="v">{SDF_BOX}<material>{MATERIAL}'
    '<urdf:specular rgb="1 1 1"/></material></visual>'
    f'<collision name="c">{SDF_BOX}<urdf:material name="w"/>'
    '<urdf:contact_coefficients mu="1"/><urdf:other/></collision></link>',
    # today's
    '<link name="a"><inertial><mass>1</mass><urdf:shape collision="c"><urdf:other/>'
    f'</urdf:shape></inertial><visual name="v">{SDF_BOX}'
    f'<material urdf:specular_rgb="1 1 1">{MATERIAL}</material></visual>'
    '<collision name="c" urdf:material="w" urdf:contact_coefficients_mu="1">'
    f'{SDF_BOX}</collision></link>',
], ids=["children", "placed"])
def test_both_forms_read_alike(link: str) -> None:
    back = sdf_to_urdf_result('<sdf xmlns:urdf="http://wiki.ros.org/urdf" version="1.7">'
                              f'<model name="r">{link}</model></sdf>')
    assert back.text is not None, back.diagnostics
    got = etree.fromstring(back.text.encode()).find("link")
    assert got is not None
    assert [etree.tostring(c).decode().split() for c in got.iterfind("visual/material/*")] \
        == [['<color', 'rgba="1', '1', '1', '1"/>'], ['<specular', 'rgb="1', '1', '1"/>']]
    assert [etree.tostring(c).decode().split()[0] for c in got.find("collision")
            if c.tag != "geometry"] == ["<material", "<contact_coefficients", "<other/>"]


def test_plain_drops_them() -> None:
    result = urdf_to_sdf_result(URDF, plain=True)
    assert result.text is not None
    assert "urdf:" not in result.text and "xmlns:urdf" not in result.text
    warning, = [d for d in result.diagnostics if d.code == "ELEMENT_DROPPED"]
    assert "<urdf:shape>" not in warning.message and "<urdf:other>" in warning.message


def test_an_element_written_over_several_lines_comes_back_so() -> None:
    """Attributes would give it back on one line: it goes to the wrapper instead."""
    urdf = (f'<robot name="r"><link name="a">{INERTIAL}<collision name="c">{BOX}'
            '<material name="y">\n        <color rgba="0 1 1 1"/>\n      </material>'
            '</collision></link></robot>')
    sdf = urdf_to_sdf_result(urdf).text
    assert sdf is not None and 'urdf:material="y"' not in sdf and "<urdf:shape" in sdf
    back = sdf_to_urdf_result(sdf).text
    assert back is not None
    assert '<material name="y">\n        <color rgba="0 1 1 1"/>\n      </material>' in back


#: a link carried as written (its visual's origin ``xyz="0  0  0"``) whose collision's
#: unknown child goes to ``<urdf:shape>``, and whose collision a <gazebo> block gives a
#: <surface>: read back, the child comes after the surface (found by the full tier's
#: hypothesis round trip)
CARRIED = ('<robot name="K"><link name="A"/><link name="B">'
           '<inertial><origin xyz="0 0 0" rpy="0 0 0"/><mass value="0"/>'
           '<inertia ixx="0" ixy="0" ixz="0" iyy="0" iyz="0" izz="0"/></inertial>'
           '<visual><origin xyz="0  0  0"/><geometry><box size="1 1 1"/></geometry></visual>'
           '<collision><geometry><cylinder radius="1" length="1"/></geometry>'
           '<ext_data key="A"/></collision></link>'
           '<joint name="E" type="revolute"><parent link="A"/><child link="B"/>'
           '<limit effort="0" velocity="0"/></joint>'
           '<gazebo reference="B"><mu1>0</mu1></gazebo></robot>')


def test_a_carried_link_keeps_its_carrier_when_a_shape_carrier_moves() -> None:
    sdf = urdf_to_sdf_result(CARRIED).text
    assert sdf is not None and "<urdf:shape" in sdf and "<surface>" in sdf
    back = sdf_to_urdf_result(sdf)
    assert [(d.code, d.line) for d in back.diagnostics if d.severity != "info"] == []
    assert back.text is not None and 'xyz="0  0  0"' in back.text

