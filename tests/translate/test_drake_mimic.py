"""Issue 50: a URDF <mimic> is written as <drake:mimic> in every SDF version (Drake's SDF
form of a coupler constraint), and read back as the joint's mimic."""

from __future__ import annotations

import pytest
from lxml import etree

from urdfsdf.api import sdf_to_urdf_result, urdf_to_sdf_result

DRAKE = "{http://drake.mit.edu}"
INERTIAL = ('<inertial><mass value="1"/><inertia ixx="1" iyy="1" izz="1" ixy="0" ixz="0" '
            'iyz="0"/></inertial>')
URDF = f"""<robot name="r">
  <link name="a">{INERTIAL}</link><link name="b">{INERTIAL}</link><link name="c">{INERTIAL}</link>
  <joint name="j1" type="revolute"><parent link="a"/><child link="b"/><axis xyz="0 0 1"/>
    <limit lower="-1" upper="1" effort="1" velocity="1"/></joint>
  <joint name="j2" type="revolute"><parent link="b"/><child link="c"/><axis xyz="0 0 1"/>
    <limit lower="-1" upper="1" effort="1" velocity="1"/><mimic joint="j1"{{attrs}}/></joint>
</robot>"""


@pytest.mark.parametrize("version", ["1.7", "1.11"])
@pytest.mark.parametrize("attrs, expected", [
    (' multiplier="2" offset="0.5"', ("2", "0.5")), ("", ("1", "0"))])
def test_mimic_is_written_as_drake_mimic(version: str, attrs: str,
                                         expected: tuple[str, str]) -> None:
    result = urdf_to_sdf_result(URDF.format(attrs=attrs), sdf_version=version)
    assert result.ok and result.text is not None
    root = etree.fromstring(result.text.encode())
    found = root.findall(f".//joint/{DRAKE}mimic")
    assert [(m.get("joint"), m.get("multiplier"), m.get("offset")) for m in found] == [
        ("j1", *expected)]
    assert found[0].getparent().get("name") == "j2"
    back = sdf_to_urdf_result(result.text)
    assert back.ok and back.text is not None
    assert back.text.count("<mimic ") == 1 and "drake:mimic" not in back.text


def test_drake_mimic_alone_is_the_joints_mimic() -> None:
    sdf = """<sdf version="1.7" xmlns:drake="http://drake.mit.edu"><model name="r">
      <link name="a"/><link name="b"/><link name="c"/>
      <joint name="j1" type="revolute"><parent>a</parent><child>b</child>
        <axis><xyz>0 0 1</xyz></axis></joint>
      <joint name="j2" type="revolute"><parent>b</parent><child>c</child>
        <axis><xyz>0 0 1</xyz></axis>
        <drake:mimic joint="j1" multiplier="3" offset="0.25"/></joint>
    </model></sdf>"""
    back = sdf_to_urdf_result(sdf)
    assert back.ok and back.text is not None
    root = etree.fromstring(back.text.encode())
    mimic = root.find("joint[@name='j2']/mimic")
    assert mimic is not None and dict(mimic.attrib) == {
        "joint": "j1", "multiplier": "3", "offset": "0.25"}


def test_drake_builds_the_coupler_constraint_of_the_output() -> None:
    pytest.importorskip("pydrake")
    from pydrake.multibody.parsing import Parser
    from pydrake.multibody.plant import MultibodyPlant

    result = urdf_to_sdf_result(URDF.format(attrs=' multiplier="2"'))
    assert result.text is not None
    counts = []
    for text, kind in ((URDF.format(attrs=' multiplier="2"'), "urdf"), (result.text, "sdf")):
        plant = MultibodyPlant(0.0)
        Parser(plant).AddModelsFromString(text, kind)
        plant.Finalize()
        counts.append(plant.num_constraints())
    assert counts == [1, 1]
