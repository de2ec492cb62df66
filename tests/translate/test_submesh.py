"""A mesh's ``<submesh>`` and meshes without a file: never an empty filename (issue 49)."""

from __future__ import annotations

from lxml import etree

from urdfsdf.api import load_sdf, sdf_to_urdf_result, urdf_to_sdf_result
from urdfsdf.core.diagnostics import Diagnostics
from urdfsdf.core.ir import Geometry, Link, Model, Visual
from urdfsdf.translate.output_check import check_sdf_output, check_urdf_output
from urdfsdf.xml.namespaces import SDF_SUBMESH

SUBMESH = """<sdf version="1.9">
  <model name="m">
    <link name="a">
      <visual name="v">
        <geometry>
          <mesh>
            <uri>w.dae</uri>
            <submesh>
              <name>W</name>
              <center>true</center>
            </submesh>
            <scale>2 2 2</scale>
          </mesh>
        </geometry>
      </visual>
    </link>
  </model>
</sdf>
"""
SUBMESH_LINE = 8


def _codes(result: object) -> set[tuple[str, int | None]]:
    return {(d.code, d.line) for d in result.diagnostics}  # type: ignore[attr-defined]


def test_a_submesh_has_no_urdf_form() -> None:
    result = sdf_to_urdf_result(SUBMESH)
    assert result.text is None
    assert ("NO_URDF_EQUIVALENT", SUBMESH_LINE) in _codes(result)


def test_lossy_writes_the_whole_mesh_and_carries_the_submesh() -> None:
    result = sdf_to_urdf_result(SUBMESH, lossy=True)
    assert result.ok and result.text is not None
    assert ("VALUE_APPROXIMATED", SUBMESH_LINE) in _codes(result)
    mesh = etree.fromstring(result.text.encode()).find(".//mesh")
    assert mesh is not None
    assert (mesh.get("filename"), mesh.get("scale")) == ("w.dae", "2 2 2")
    carried = mesh.find(SDF_SUBMESH)
    assert carried is not None and carried.findtext("name") == "W"
    back = urdf_to_sdf_result(result.text)
    assert back.ok and back.text is not None
    again = etree.fromstring(back.text.encode()).find(".//mesh")
    assert again is not None
    assert again.findtext("uri") == "w.dae" and again.findtext("scale") == "2 2 2"
    submesh = again.find("submesh")
    assert submesh is not None
    assert (submesh.findtext("name"), submesh.findtext("center")) == ("W", "true")


def test_the_submesh_comes_back_into_the_ir() -> None:
    urdf = sdf_to_urdf_result(SUBMESH, lossy=True).text
    assert urdf is not None
    sdf = urdf_to_sdf_result(urdf).text
    doc, diags = load_sdf(sdf or "")
    assert doc is not None and not diags.has_errors()
    geometry = doc.models[0].links[0].visuals[0].geometry
    original, _ = load_sdf(SUBMESH)
    assert original is not None
    first = original.models[0].links[0].visuals[0].geometry
    assert geometry is not None and first is not None and geometry.submesh is not None
    assert first.submesh is not None
    assert etree.fromstring(geometry.submesh.xml).findtext("name") == \
        etree.fromstring(first.submesh.xml).findtext("name")


MESH_WITHOUT_URI = """<sdf version="1.7">
  <model name="m">
    <link name="a">
      <collision name="c">
        <geometry>
          <mesh/>
        </geometry>
      </collision>
    </link>
  </model>
</sdf>
"""


def test_a_mesh_without_uri_has_no_urdf_form() -> None:
    result = sdf_to_urdf_result(MESH_WITHOUT_URI)
    assert result.text is None
    assert ("NO_URDF_EQUIVALENT", 6) in _codes(result)
    lossy = sdf_to_urdf_result(MESH_WITHOUT_URI, lossy=True)
    assert lossy.ok and lossy.text is not None
    assert ("ELEMENT_DROPPED", 6) in _codes(lossy)
    assert "<mesh" not in lossy.text


def test_an_empty_uri_is_refused_as_libsdformat_refuses_it() -> None:
    text = MESH_WITHOUT_URI.replace("<mesh/>", "<mesh>\n<uri> </uri></mesh>")
    result = sdf_to_urdf_result(text)
    assert result.text is None
    assert ("ELEMENT_INVALID", 7) in _codes(result)


EMPTY_FILENAME = """<robot name="r">
  <link name="a">
    <visual>
      <geometry>
        <mesh filename=""/>
      </geometry>
    </visual>
  </link>
</robot>
"""


def test_an_empty_urdf_filename_is_not_written_into_the_sdf() -> None:
    result = urdf_to_sdf_result(EMPTY_FILENAME)
    assert result.ok and result.text is not None
    assert ("ELEMENT_DROPPED", 5) in _codes(result)
    assert etree.fromstring(result.text.encode()).find("model/link/visual") is None
    back = sdf_to_urdf_result(result.text)
    assert back.ok and back.text is not None
    mesh = etree.fromstring(back.text.encode()).find(".//mesh")
    assert mesh is not None and mesh.get("filename") == ""  # the link as written


def _model_with_mesh(uri: str) -> Model:
    shape = Visual(name="v", geometry=Geometry(kind="mesh", uri=uri, line=7))
    return Model(name="m", links=(Link(name="a", visuals=(shape,)),))


def test_the_output_check_refuses_an_empty_mesh_filename() -> None:
    for check in (check_urdf_output, check_sdf_output):
        diags = Diagnostics()
        assert not check(_model_with_mesh(" "), diags)
        assert [(d.code, d.line) for d in diags.items] == [("OUTPUT_INVALID", 7)]
        assert check(_model_with_mesh("m.dae"), Diagnostics())
