"""Issue 37: a visual's URDF material travels in attributes of the SDF ``<visual>``.

Drake with a SceneGraph checks the children of ``<visual>`` and ``<material>`` and warns
of a ``<urdf:material>`` there; it checks no attribute (xml/carried.py).  The URDF
material's name, colour and texture come back as written, and SDF written with the
``<urdf:material>`` child (before) still reads.
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
  <material name="blue"><color rgba="0 0 1 1"/></material>
  <link name="a">{INERTIAL}
    <visual>{BOX}<material name="blue"/></visual>
    <visual name="named">{BOX}<material name="red"><color rgba="1 0 0 1"/></material></visual>
    <visual name="textured">{BOX}<material name="tex"><texture filename="package://p/t.png"/>
      </material></visual>
    <visual name="both">{BOX}<material name="c"><color rgba="0 1 0 1"/>
      <texture filename="t.png"/></material></visual>
    <visual name="empty_name">{BOX}<material name=""><color rgba="0 1 0 1"/></material></visual>
  </link>
</robot>
"""
#: the ``urdf:`` attributes of each visual, by name (xml/carried.py)
MARKS = {
    "a_visual": {"unnamed": "true", "material": "blue"},
    "named": {"material": "red", "material_rgba": "1 0 0 1"},
    "textured": {"material": "tex", "material_texture": "package://p/t.png"},
    "both": {"material": "c", "material_rgba": "0 1 0 1", "material_texture": "t.png"},
    "empty_name": {"material_rgba": "0 1 0 1", "empty": "urdf:material"},
}


def _sdf() -> str:
    result = urdf_to_sdf_result(URDF)
    assert result.ok and result.text is not None
    return result.text


def test_the_urdf_material_is_attributes_of_the_visual() -> None:
    root = etree.fromstring(_sdf().encode())
    visuals = root.findall(".//visual")
    assert {v.get("name"): {str(k)[len(U):]: x for k, x in v.attrib.items()
                            if str(k).startswith(U)} for v in visuals} == MARKS
    for el in [*visuals, *root.iter("material")]:  # where Drake looks: no urdf: child
        assert [c.tag for c in el if str(c.tag).startswith(U)] == []
    assert "<urdf:as_written" not in _sdf()  # the link comes back from the SDF itself


def test_the_urdf_material_comes_back_as_written() -> None:
    back = sdf_to_urdf_result(_sdf())
    assert back.text is not None
    assert [d for d in back.diagnostics if d.severity != "info"] == []
    assert urdf_elements(back.text.encode()) == urdf_elements(URDF.encode())


SDF_BOX = "<geometry><box><size>1 1 1</size></box></geometry>"


@pytest.mark.parametrize("visual", [
    # the form urdf2sdf wrote before: a <urdf:material> child of the visual
    f'<visual name="v">{SDF_BOX}<urdf:material name="red"><color rgba="1 0 0 1"/>'
    '<texture filename="t.png"/></urdf:material></visual>',
    # today's
    '<visual name="v" urdf:material="red" urdf:material_rgba="1 0 0 1" '
    f'urdf:material_texture="t.png">{SDF_BOX}</visual>',
], ids=["child", "attributes"])
def test_both_forms_read_alike(visual: str) -> None:
    back = sdf_to_urdf_result('<sdf xmlns:urdf="http://wiki.ros.org/urdf" version="1.7">'
                              f'<model name="r"><link name="a">{visual}</link></model></sdf>')
    assert back.text is not None, back.diagnostics
    material = etree.fromstring(back.text.encode()).find("link/visual/material")
    assert material is not None
    assert etree.tostring(material).decode().split() == (
        '<material name="red"> <color rgba="1 0 0 1"/> <texture filename="t.png"/> '
        "</material>").split()
