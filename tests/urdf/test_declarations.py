"""Issue 51, item 2: one declaration per element reads and writes it.

The URDF joint's children only URDF has (``URDF_ONLY``) are filled from their
declarations, written back from them in URDF and carried in SDF as ``<urdf:TAG>`` with
the same attributes, with no code naming them."""

from __future__ import annotations

from urdfsdf.api import sdf_to_urdf_result, urdf_to_sdf_result
from urdfsdf.core.diagnostics import Diagnostics
from urdfsdf.core.ir import Joint
from urdfsdf.sdf.elements import URDF_PARTS
from urdfsdf.urdf.elements import URDF_ONLY, urdf_fields
from urdfsdf.urdf.reader import read_urdf_bytes
from urdfsdf.urdf.writer import joint_element
from urdfsdf.xml.namespaces import U
from urdfsdf.xml.parse import to_string

ROBOT = """<robot name="r">
  <link name="a"/>
  <link name="b"/>
  <joint name="j" type="revolute">
    <parent link="a"/>
    <child link="b"/>
    <limit lower="-1" upper="1" effort="2" velocity="3"/>
    <calibration rising="0.5" reference_position="0.25"/>
    <safety_controller k_velocity="4" soft_upper_limit="0.9"/>
    <mimic joint="k" multiplier="2"/>
  </joint>
  <link name="c"/>
  <joint name="k" type="revolute">
    <parent link="a"/>
    <child link="c"/>
    <limit lower="-1" upper="1" effort="2" velocity="3"/>
  </joint>
</robot>
"""


def _joint() -> Joint:
    model = read_urdf_bytes(ROBOT.encode(), Diagnostics())
    assert model is not None
    return model.joints[0]


def test_each_urdf_only_part_declares_its_record_and_sdf_form() -> None:
    for decl, form in zip(URDF_ONLY, URDF_PARTS, strict=True):
        assert decl.record is not None
        assert form.tag == U + decl.tag
        assert form.keys == decl.keys


def test_parts_are_filled_from_their_declarations() -> None:
    parts = urdf_fields(_joint())
    calibration = parts["calibration"]
    assert (calibration.rising, calibration.falling, calibration.reference_position) == \
        ("0.5", None, "0.25")
    assert calibration.line == 8
    assert parts["safety_controller"].k_velocity == "4"
    assert parts["mimic"].joint == "k"


def test_parts_are_written_back_in_urdfdoms_order() -> None:
    text = to_string(joint_element(_joint()))
    order = [text.index(f"<{tag}") for tag in
             ("limit", "calibration", "safety_controller", "mimic")]
    assert order[1] < order[0] < order[2] < order[3]  # calibration, limit, safety, mimic
    assert '<calibration rising="0.5" reference_position="0.25"/>' in text
    assert '<safety_controller soft_upper_limit="0.9" k_velocity="4"/>' in text


def test_parts_travel_through_sdf() -> None:
    sdf = urdf_to_sdf_result(ROBOT)
    assert sdf.text is not None
    assert '<urdf:calibration rising="0.5" reference_position="0.25"/>' in sdf.text
    assert '<urdf:safety_controller k_velocity="4" soft_upper_limit="0.9"/>' in sdf.text
    back = sdf_to_urdf_result(sdf.text)
    assert back.text is not None
    assert '<calibration rising="0.5" reference_position="0.25"/>' in back.text
