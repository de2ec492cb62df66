"""``<gazebo>`` extension blocks read libsdformat's way, written as valid SDF (issue 15).

Classes 1, 2, 3 and 12 of the issue: nameless shapes in a block, the old
``value=".."`` form of every key, repeated names made by the blocks, and old
content pasted where SDFormat has no such element.  Every output is checked
against SDFormat 1.7's element tree (:mod:`urdfsdf.sdf.schema`), by libsdformat
12 when the oracle is built (``$SDF_ORACLE``), and converted back.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest
from lxml import etree

import urdfsdf
from urdfsdf.api import urdf_to_sdf_result
from urdfsdf.sdf import schema

from conftest import CORPUS, corpus_rows, requires_corpus

ORACLE = os.environ.get("SDF_ORACLE")

#: links have mass: a massless link that a joint moves is a warning of its own (LINK_MASSLESS)
MASS = ('<inertial><mass value="1"/><inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/>'
        "</inertial>")
LINKS = f"""
  <link name="base">{MASS}
    <visual><geometry><box size="1 1 1"/></geometry></visual>
    <collision name="c1"><geometry><box size="1 1 1"/></geometry></collision>
    <collision name="c2"><geometry><sphere radius="1"/></geometry></collision>
  </link>
  <link name="arm">{MASS}</link>
  <joint name="j" type="revolute"><parent link="base"/><child link="arm"/><axis xyz="0 0 1"/>
    <limit lower="-1" upper="1" effort="1" velocity="1"/></joint>
"""


def _robot(gazebo: str) -> str:
    return f'<robot name="r">{LINKS}{gazebo}\n</robot>\n'


def _undefined(sdf: str) -> list[str]:
    root = etree.fromstring(sdf.encode())
    return [f"{b.getparent().tag}/{b.tag}" for c in root  # type: ignore[union-attr]
            for b in schema.undefined(c, "sdf")]


def _oracle_errors(sdf: str, tmp_path: Path) -> list[str]:
    if not ORACLE:
        return []
    path = tmp_path / "out.sdf"
    path.write_text(sdf)
    out = subprocess.run([ORACLE, "--strict", str(path)], capture_output=True, text=True,
                         check=False, timeout=60).stdout
    return [e.get("code", "?") for e in json.loads(out).get("errors", [])]


def _convert(urdf: str, tmp_path: Path) -> tuple[str, list[tuple[str, int | None]]]:
    """urdf2sdf, checked: valid SDF 1.7 (and in libsdformat), and back to the same URDF."""
    result = urdf_to_sdf_result(urdf)
    assert result.text is not None, [d.format() for d in result.diagnostics]
    assert _undefined(result.text) == []
    assert _oracle_errors(result.text, tmp_path) == []
    back = urdfsdf.sdf_to_urdf(result.text)
    parser = etree.XMLParser(remove_blank_text=True)
    assert etree.tostring(etree.fromstring(back.encode(), parser)) == etree.tostring(
        etree.fromstring(urdf.encode(), parser))
    return result.text, [(d.code, d.line) for d in result.diagnostics
                         if d.severity == "warning"]


def _collisions(sdf: str) -> list[etree._Element]:
    return list(etree.fromstring(sdf.encode()).iterfind("model/link/collision"))


def test_class1_nameless_collision_and_visual_blocks(tmp_path: Path) -> None:
    """Their content goes into every shape of the link, as in libsdformat."""
    sdf, warnings = _convert(_robot("""
  <gazebo reference="base">
    <collision><surface><bounce><restitution_coefficient>0.5</restitution_coefficient>
    </bounce></surface></collision>
    <visual><material><ambient>1 0 0 1</ambient></material></visual>
    <mu1>0.3</mu1>
  </gazebo>"""), tmp_path)
    assert warnings == []
    for c in _collisions(sdf):
        assert c.findtext("surface/bounce/restitution_coefficient") == "0.5"
        assert c.findtext("surface/friction/ode/mu") == "0.3"
        assert len(c.findall("surface")) == 1  # the block's and the key's merged
    visual = etree.fromstring(sdf.encode()).find("model/link/visual")
    assert visual is not None and visual.findtext("material/ambient") == "1 0 0 1"


def test_class1_named_block_targets_its_shape(tmp_path: Path) -> None:
    sdf, _ = _convert(_robot("""
  <gazebo reference="base"><collision name="c2"><max_contacts>3</max_contacts></collision>
  </gazebo>"""), tmp_path)
    assert [c.findtext("max_contacts") for c in _collisions(sdf)] == [None, "3"]


def test_class2_value_attribute_of_every_key(tmp_path: Path) -> None:
    """``<material value="PR2/Blue"/>``: the old form, read as libsdformat reads it."""
    sdf, _ = _convert(_robot("""
  <gazebo reference="base"><material value="PR2/Blue"/><mu1 value="0.3">0.9</mu1>
    <selfCollide value="true"/><dampingFactor value="0.1"/></gazebo>
  <gazebo reference="j"><springStiffness value="5"/><stopCfm value="0.2"/></gazebo>
  <gazebo><static value="true"/></gazebo>"""), tmp_path)
    root = etree.fromstring(sdf.encode())
    assert root.findtext("model/link/visual/material/script/name") == "PR2/Blue"
    assert {c.findtext("surface/friction/ode/mu") for c in _collisions(sdf)} == {"0.3"}
    assert root.findtext("model/link/self_collide") == "true"
    assert root.findtext("model/link/velocity_decay/linear") == "0.1"
    assert root.findtext("model/joint/axis/dynamics/spring_stiffness") == "5"
    assert root.findtext("model/joint/physics/ode/limit/cfm") == "0.2"
    assert root.findtext("model/static") == "true"


def test_class3_repeated_sensor_names_made_unique(tmp_path: Path) -> None:
    sdf, warnings = _convert(_robot("""
  <gazebo reference="base"><sensor name="s" type="imu"/></gazebo>
  <gazebo reference="base"><sensor name="s" type="imu"/><sensor name="s" type="imu"/>
  </gazebo>"""), tmp_path)
    sensors = etree.fromstring(sdf.encode()).findall("model/link/sensor")
    assert [s.get("name") for s in sensors] == ["s", "s_2", "s_3"]
    assert [s.get("{http://wiki.ros.org/urdf}name") for s in sensors] == [None, "s", "s"]
    assert warnings == [("DUPLICATE_NAME", 12), ("DUPLICATE_NAME", 12)]


def test_class12_old_content_is_not_written_as_sdf(tmp_path: Path) -> None:
    """provideFeedback at //joint/physics; <imu><noise> (SDFormat 1.4) not applied."""
    sdf, warnings = _convert(_robot("""
  <gazebo reference="j"><provideFeedback>true</provideFeedback>
    <implicitSpringDamper>1</implicitSpringDamper></gazebo>
  <gazebo reference="base">
    <sensor name="imu" type="imu"><imu><noise><type>gaussian</type></noise></imu></sensor>
    <plugin name="p" filename="libp.so"/>
  </gazebo>"""), tmp_path)
    root = etree.fromstring(sdf.encode())
    assert root.findtext("model/joint/physics/provide_feedback") == "true"
    assert root.findtext("model/joint/physics/ode/implicit_spring_damper") == "1"
    assert root.find("model/link/sensor/imu") is not None
    assert root.find("model/link/sensor/imu/noise") is None
    assert root.find("model/link/plugin") is None  # no child of <link> in SDFormat 1.7
    assert warnings == [("ELEMENT_DROPPED", 14), ("ELEMENT_DROPPED", 15)]


def test_schema_table_matches_the_installed_descriptions() -> None:
    folder = Path("/usr/share/sdformat12/1.7")
    if not (folder / "link.sdf").exists():
        pytest.skip("libsdformat 12's description files are not installed")
    assert schema.generate(folder) == schema.shipped()


def test_schema_knows_the_elements() -> None:
    def bad(xml: str, parent: str) -> list[str]:
        return [str(e.tag) for e in schema.undefined(etree.fromstring(xml), parent)]

    assert bad("<sensor name='s' type='imu'><imu><noise/></imu><pose/></sensor>",
               "model/link") == ["noise"]
    assert bad("<plugin name='p' filename='f'><any><x/></any></plugin>", "model") == []
    assert bad("<drake:x xmlns:drake='http://drake.mit.edu'><y/></drake:x>", "model") == []
    assert bad("<collision name='c'><surface><foo/></surface></collision>",
               "model/link") == ["foo"]


@requires_corpus
def test_corpus_outputs_have_only_sdformat_elements() -> None:
    """No urdf2sdf output of the corpus holds an element SDFormat 1.7 does not define."""
    found = {}
    for row in corpus_rows():
        if row["format"] != "urdf":
            continue
        result = urdf_to_sdf_result(str(CORPUS / row["path"]))
        if result.text is not None:
            bad = _undefined(result.text)
            if bad:
                found[row["path"]] = bad
    assert found == {}
