"""Each SDFormat version's elements applied when that version is written (issue 52, item
6): a ``<gazebo>`` block's ``<camera><optical_frame_id>`` (1.10), ``<light><intensity>``
(1.8), a joint's ``<screw_thread_pitch>`` (1.10) reach the SDF of the versions that
define them and only those; ``<gz_frame_id>``, which no version defines, is dropped in
each with a warning at its line; and the round trip gives the URDF back.  The schema's
changes for 1.8 and 1.9 are checked against libsdformat's own descriptions where they are
installed.  ``urdfsdf graph`` of a URDF draws the joint a ``<gazebo>`` block closes a loop
with.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from lxml import etree
from test_scripts import codes, run

import urdfsdf
from urdfsdf.sdf import schema

INERTIAL = ('<inertial><mass value="1"/>'
            '<inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial>')
URDF = f"""<robot name="r">
  <link name="world"/>
  <link name="base">{INERTIAL}</link>
  <link name="arm">{INERTIAL}</link>
  <joint name="fix" type="fixed"><parent link="world"/><child link="base"/></joint>
  <joint name="j" type="revolute"><parent link="base"/><child link="arm"/>
    <limit lower="-1" upper="1" effort="1" velocity="1"/></joint>
  <gazebo reference="base">
    <sensor name="cam" type="camera">
      <gz_frame_id>base</gz_frame_id>
      <camera><horizontal_fov>1</horizontal_fov><optical_frame_id>optical</optical_frame_id>
        <image><width>8</width><height>8</height></image></camera>
    </sensor>
    <light name="lamp" type="point"><intensity>2</intensity></light>
  </gazebo>
  <gazebo reference="j"><screw_thread_pitch>0.5</screw_thread_pitch></gazebo>
</robot>
"""
GZ_FRAME_ID, OPTICAL, INTENSITY, PITCH = 10, 11, 14, 16
#: per version written: the elements applied, and the (code, line) of each warning
EXPECTED = {
    "1.7": ([], [GZ_FRAME_ID, OPTICAL, INTENSITY, PITCH]),
    "1.8": (["intensity"], [GZ_FRAME_ID, OPTICAL, PITCH]),
    "1.9": (["intensity"], [GZ_FRAME_ID, OPTICAL, PITCH]),
    "1.10": (["intensity", "optical_frame_id", "screw_thread_pitch"], [GZ_FRAME_ID]),
    "1.11": (["intensity", "optical_frame_id", "screw_thread_pitch"], [GZ_FRAME_ID]),
}


@pytest.mark.parametrize("version", list(EXPECTED))
def test_each_version_applies_its_own_elements(version: str, tmp_path: Path) -> None:
    src = tmp_path / "r.urdf"
    src.write_text(URDF)
    out = tmp_path / "r.sdf"
    result = run("urdf2sdf", src, "--sdf-version", version, "-o", out)
    assert result.returncode == 0, result.stderr
    applied, dropped = EXPECTED[version]
    assert codes(result.stderr) == [("ELEMENT_DROPPED", line) for line in dropped]
    root = etree.fromstring(out.read_bytes())
    model = root.find("model")
    assert model is not None
    found = [tag for tag, path in (("intensity", "link/light/intensity"),
                                   ("optical_frame_id", "link/sensor/camera/optical_frame_id"),
                                   ("screw_thread_pitch", "joint/screw_thread_pitch"),
                                   ("gz_frame_id", "link/sensor/gz_frame_id"))
             if model.find(path) is not None]
    assert found == applied
    assert [b.tag for b in schema.undefined(model, "sdf", version)] == []
    back = urdfsdf.sdf_to_urdf(str(out))  # the blocks come back once, as written
    parser = etree.XMLParser(remove_blank_text=True)
    assert etree.tostring(etree.fromstring(back.encode(), parser)) == \
        etree.tostring(etree.fromstring(URDF.encode(), parser))


def test_the_api_applies_the_version_asked() -> None:
    result = urdfsdf.urdf_to_sdf_result(URDF, sdf_version="1.11")
    assert result.ok
    assert [(d.code, d.line) for d in result.diagnostics] == [("ELEMENT_DROPPED", GZ_FRAME_ID)]
    assert "<optical_frame_id>optical</optical_frame_id>" in (result.text or "")


def _paths(tables: dict[str, Any]) -> set[str]:
    """Every element path under ``model`` (4 levels), in a resolved table."""
    model = next(f for f in tables["files"].values() if f["name"] == "model")
    found: set[str] = set()
    todo = [("model", model, 0)]
    while todo:
        path, node, depth = todo.pop()
        found.add(path)
        kids = schema.node_children(node)
        if kids is not None and depth < 4:
            todo.extend((f"{path}/{k}", c, depth + 1) for k, c in kids.items())
    return found


@pytest.mark.parametrize("version", ["1.8", "1.9"])
def test_the_changes_are_libsdformats(version: str) -> None:
    folder = Path("/usr/share/sdformat12") / version
    if not (folder / "link.sdf").exists():
        pytest.skip("libsdformat 12's description files are not installed")
    installed = schema.generate(folder)
    schema._resolve(installed["files"])
    assert _paths(schema.table(version)) == _paths(installed)


def test_graph_draws_the_joint_a_gazebo_block_closes_a_loop_with(tmp_path: Path) -> None:
    src = tmp_path / "fourbar.urdf"
    src.write_text(
        '<robot name="fourbar"><link name="a"/><link name="b"/><link name="c"/>\n'
        '<joint name="ab" type="fixed"><parent link="a"/><child link="b"/></joint>\n'
        '<joint name="bc" type="fixed"><parent link="b"/><child link="c"/></joint>\n'
        '<gazebo><joint name="ca" type="revolute"><parent>a</parent><child>c</child>'
        "<axis><xyz>0 0 1</xyz></axis></joint></gazebo>\n</robot>\n")
    out = tmp_path / "fourbar.dot"
    result = run("urdfsdf", "graph", src, "-o", out)
    assert result.returncode == 0, result.stderr
    dot = out.read_text()
    assert '"g:ca" [label="ca (revolute, <gazebo>, closes a loop)", shape=ellipse, ' \
        "style=dashed];" in dot
    assert '"a" -> "g:ca" [style=dashed];' in dot and '"g:ca" -> "c" [style=dashed];' in dot
