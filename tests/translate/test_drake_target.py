"""Issue 50: ``--for drake`` (``target="drake"``) writes what Drake reads where its reading
and Gazebo's differ: actuators, a ``<limit>`` without bounds, ``<gazebo>`` blocks, colours."""

from __future__ import annotations

import io

import pytest
from lxml import etree

from urdfsdf.api import sdf_to_urdf_result, urdf_to_sdf_result
from urdfsdf.commands.cli import main
from urdfsdf.compare.document import document_differences

INERTIAL = ('<inertial><mass value="1"/><inertia ixx="1" iyy="1" izz="1" ixy="0" ixz="0" '
            'iyz="0"/></inertial>')
URDF = f"""<robot name="r">
  <material name="red"><color rgba="1 0 0 1"/></material>
  <link name="a">{INERTIAL}<visual><geometry><box size="1 1 1"/></geometry>
    <material name="red"/></visual><collision><geometry><box size="1 1 1"/></geometry>
    </collision></link>
  <link name="b">{INERTIAL}</link><link name="c">{INERTIAL}</link><link name="d">{INERTIAL}</link>
  <joint name="driven" type="revolute"><parent link="a"/><child link="b"/><axis xyz="0 0 1"/>
    <limit effort="3" velocity="2"/></joint>
  <joint name="free" type="revolute"><parent link="b"/><child link="c"/><axis xyz="0 0 1"/>
    <limit lower="-1" upper="1" effort="3" velocity="2"/></joint>
  <joint name="bounded" type="continuous"><parent link="c"/><child link="d"/>
    <axis xyz="0 0 1"/><limit lower="-0.5" upper="0" effort="1" velocity="1"/></joint>
  <transmission name="t"><type>transmission_interface/SimpleTransmission</type>
    <joint name="driven"/><actuator name="motor"/></transmission>
  <gazebo reference="a"><mu1>0.3</mu1></gazebo>
</robot>"""


def _limits(sdf: str) -> dict[str, tuple[str | None, ...]]:
    root = etree.fromstring(sdf.encode())
    return {str(j.get("name")): (j.get("type"), *(j.findtext(f"axis/limit/{k}")
                                                  for k in ("lower", "upper", "effort")))
            for j in root.iterfind("model/joint")}


def test_urdf2sdf_for_drake_writes_drakes_reading() -> None:
    gazebo = urdf_to_sdf_result(URDF)
    drake = urdf_to_sdf_result(URDF, target="drake")
    assert gazebo.ok and drake.ok and gazebo.text and drake.text
    assert _limits(gazebo.text) == {"driven": ("revolute", "0", "0", "3"),
                                    "free": ("revolute", "-1", "1", "3"),
                                    "bounded": ("continuous", "-0.5", "0", "1")}
    assert _limits(drake.text) == {"driven": ("revolute", None, None, "3"),
                                   "free": ("revolute", "-1", "1", "0"),
                                   "bounded": ("revolute", "-0.5", "0", "0")}
    # the <gazebo> block travels, not applied; the colour is the diffuse one only
    assert "<mu>" in gazebo.text and "<mu>" not in drake.text
    assert "<ambient>" in gazebo.text and "<ambient>" not in drake.text
    # and the URDF comes back as written
    back = sdf_to_urdf_result(drake.text)
    assert back.ok and back.text is not None
    assert document_differences(URDF, back.text) == []


SDF = """<sdf version="1.7"><model name="r">
  <link name="a"/><link name="b"/><link name="c"/><link name="d"/>
  <joint name="j1" type="revolute"><parent>a</parent><child>b</child>
    <axis><xyz>0 0 1</xyz><limit><lower>-1</lower><upper>1</upper></limit></axis></joint>
  <joint name="j2" type="revolute"><parent>b</parent><child>c</child>
    <axis><xyz>0 0 1</xyz><limit><lower>-1</lower><upper>1</upper><effort>0</effort></limit>
    </axis></joint>
  <joint name="j3" type="continuous"><parent>c</parent><child>d</child>
    <axis><xyz>0 0 1</xyz><limit><effort>5</effort></limit></axis></joint>
</model></sdf>"""


def test_sdf2urdf_for_drake_writes_a_transmission_per_actuated_joint() -> None:
    gazebo = sdf_to_urdf_result(SDF)
    drake = sdf_to_urdf_result(SDF, target="drake")
    assert gazebo.ok and drake.ok and gazebo.text and drake.text
    assert "<transmission" not in gazebo.text
    root = etree.fromstring(drake.text.encode())
    assert [(t.find("joint").get("name"), t.find("actuator").get("name"))  # type: ignore[union-attr]
            for t in root.iter("transmission")] == [("j1", "j1"), ("j3", "j3")]
    # no limit: no value (Drake's reading of an absent one), not 1e16
    limit = root.find("joint[@name='j1']/limit")
    assert limit is not None and limit.get("effort") is None and limit.get("velocity") is None
    assert 'velocity="1e16"' in gazebo.text


def test_target_is_checked_and_options_are_exact() -> None:
    bad = urdf_to_sdf_result(URDF, target="gz")  # type: ignore[arg-type]
    assert [d.code for d in bad.diagnostics] == ["ARGUMENT_INVALID"] and bad.text is None
    for argv in (["urdf2sdf", "--for", "json"], ["urdf2sdf", "--form", "json"],
                 ["sdf2urdf", "--for", "ros"]):
        assert main(argv, stdin=io.StringIO(URDF), stdout=io.StringIO(),
                    stderr=io.StringIO()) == 2
    out = io.StringIO()
    assert main(["urdf2sdf", "--for", "drake"], stdin=io.StringIO(URDF), stdout=out,
                stderr=io.StringIO()) == 0
    assert "<effort>0</effort>" in out.getvalue()


def _actuators(text: str, kind: str) -> dict[str, float]:
    from pydrake.multibody.parsing import Parser
    from pydrake.multibody.plant import MultibodyPlant

    plant = MultibodyPlant(0.0)
    Parser(plant).AddModelsFromString(text, kind)
    plant.Finalize()
    return {plant.get_joint_actuator(i).joint().name(): plant.get_joint_actuator(i).effort_limit()
            for i in plant.GetJointActuatorIndices()}


def test_drake_actuates_the_same_joints_of_the_output() -> None:
    pytest.importorskip("pydrake")
    out = urdf_to_sdf_result(URDF, target="drake").text
    back = sdf_to_urdf_result(SDF, target="drake").text
    assert out is not None and back is not None
    assert _actuators(URDF, "urdf") == _actuators(out, "sdf") == {"driven": 3.0}
    assert _actuators(SDF, "sdf") == _actuators(back, "urdf") == {
        "j1": float("inf"), "j3": 5.0}
