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
