"""sdf/params.py: //include/experimental:params (libsdformat's parameter passing)."""

from __future__ import annotations

from pathlib import Path

import pytest
from lxml import etree

from urdfsdf.core.diagnostics import Diagnostics
from urdfsdf.core.ir import Model, SdfDocument
from urdfsdf.document import load_document
from urdfsdf.sdf.includes import IncludeConfig
from urdfsdf.sdf.params import Param, apply_params, included_model, is_params, params_of

BOX = """<?xml version="1.0"?>
<sdf version="1.7">
  <model name="box">
    <link name="base">
      <pose>1 0 0 0 0 0</pose>
      <visual name="v1">
        <geometry><box><size>1 1 1</size></box></geometry>
        <material><ambient>1 0 0 1</ambient><diffuse>1 0 0 1</diffuse></material>
      </visual>
      <visual name="v2">
        <pose>0 0 1 0 0 0</pose>
        <geometry><sphere><radius>0.5</radius></sphere></geometry>
      </visual>
      <collision name="c1"><geometry><box><size>1 1 1</size></box></geometry></collision>
      <sensor name="cam" type="camera">
        <update_rate>30</update_rate>
        <always_on>1</always_on>
        <camera><horizontal_fov>1.0</horizontal_fov></camera>
      </sensor>
    </link>
    <model name="inner"><link name="il"/></model>
  </model>
</sdf>
"""

#: a model including box twice: once by its own name, once renamed
OUTER = """<?xml version="1.0"?>
<sdf version="1.7">
  <model name="outer">
    <link name="ol"/>
    <include><uri>model://box</uri></include>
    <include><uri>model://box</uri><name>box2</name></include>
  </model>
</sdf>
"""

#: the line of the first parameter in :func:`_main`'s file
FIRST = 6


def _folder(root: Path, name: str, sdf: str) -> None:
    folder = root / name
    folder.mkdir(parents=True)
    (folder / "model.config").write_text(f"<?xml version='1.0'?>\n<model><name>{name}</name>"
                                         "<sdf version='1.7'>model.sdf</sdf></model>")
    (folder / "model.sdf").write_text(sdf)


def _main(root: Path, params: str, uri: str = "model://box") -> Path:
    """A main file including ``uri`` with ``params`` (one per line from line FIRST)."""
    text = ('<sdf version="1.7" xmlns:experimental="http://sdformat.org/schemas/experimental"'
            ' xmlns:custom="urn:custom">\n'
            '  <model name="top">\n'
            "    <include>\n"
            f"      <uri>{uri}</uri>\n"
            "      <experimental:params>\n"
            f"{params}\n"
            "      </experimental:params>\n"
            "    </include>\n"
            "  </model>\n"
            "</sdf>\n")
    path = root / "main.sdf"
    path.write_text(text)
    return path


def _read(tmp_path: Path, params: str, uri: str = "model://box"
          ) -> tuple[SdfDocument | None, Diagnostics]:
    models = tmp_path / "models"
    if not models.exists():
        _folder(models, "box", BOX)
        _folder(models, "outer", OUTER)
    diags = Diagnostics()
    doc = load_document(str(_main(tmp_path, params, uri)), diags,
                        includes=IncludeConfig(resource_paths=(str(models),), environment=()))
    assert doc is not None
    return doc.sdf, diags


def _box(doc: SdfDocument | None) -> Model:
    assert doc is not None
    return doc.models[0].models[0]


def _errors(diags: Diagnostics) -> list[tuple[str, int | None]]:
    return sorted((d.code, d.line) for d in diags.errors)


def _visuals(model: Model, link: int = 0) -> list[str | None]:
    return [v.name for v in model.links[link].visuals]


# -- the actions ----------------------------------------------------------------------


def test_add_to_a_link_to_the_model_and_to_a_nested_model(tmp_path: Path) -> None:
    doc, diags = _read(tmp_path, """
      <visual element_id="base" name="v3" action="add">
        <pose>0 0 3 0 0 0</pose>
        <geometry><box><size>0.1 0.1 0.1</size></box></geometry>
      </visual>
      <link element_id="" name="added" action="add"><pose>0 1 0 0 0 0</pose></link>
      <visual element_id="inner::il" name="nv" action="add">
        <geometry><sphere><radius>1</radius></sphere></geometry>
      </visual>""")
    assert _errors(diags) == []
    box = _box(doc)
    assert _visuals(box) == ["v1", "v2", "v3"]
    assert box.links[0].visuals[2].pose.values == (0, 0, 3, 0, 0, 0)
    assert [link.name for link in box.links] == ["base", "added"]
    assert _visuals(box.models[0]) == ["nv"]


def test_modify_values_attributes_and_defaults(tmp_path: Path) -> None:
    doc, diags = _read(tmp_path, """
      <visual element_id="base::v2" name="renamed" action="modify">
        <geometry><sphere><radius>2</radius></sphere></geometry>
      </visual>
      <link element_id="base" action="modify"><pose relative_to="__model__"/></link>""")
    assert _errors(diags) == []
    box = _box(doc)
    link = box.links[0]
    assert _visuals(box) == ["v1", "renamed"]
    geometry = link.visuals[1].geometry
    assert geometry is not None and geometry.kind == "sphere"
    assert "2" in str(geometry)
    # an empty value element is reset to its default; the attribute is set
    assert link.pose.values == (0, 0, 0, 0, 0, 0)
    assert link.pose.relative_to == "__model__"


def test_remove_an_element_and_sub_elements(tmp_path: Path) -> None:
    doc, diags = _read(tmp_path, """
      <visual element_id="base::v1" action="remove"/>
      <sensor element_id="base::cam" action="remove"><always_on/></sensor>""")
    assert _errors(diags) == []
    box = _box(doc)
    assert _visuals(box) == ["v2"]
    sensor = next(e for e in box.links[0].extras if e.tag == "sensor")
    assert "always_on" not in sensor.xml and "update_rate" in sensor.xml


def test_replace_keeps_namespaced_attributes_and_strips_unknown_ones() -> None:
    model = included_model(etree.fromstring(BOX.split("\n", 1)[1]))
    assert model is not None
    spec = etree.fromstring(
        '<collision xmlns:custom="urn:custom" element_id="base::c1" name="c2" test="x" '
        'custom:k="1" action="replace"><geometry><sphere><radius>1</radius></sphere>'
        "</geometry></collision>")
    diags = Diagnostics()
    assert apply_params(model, [Param(spec, "base::c1")], lambda _: None, diags) == {}
    assert list(diags) == []
    collision = model.find("link/collision")
    assert collision is not None
    assert dict(collision.attrib) == {"name": "c2", "{urn:custom}k": "1"}
    assert collision.find("geometry/sphere/radius") is not None


def test_children_with_their_own_actions(tmp_path: Path) -> None:
    doc, diags = _read(tmp_path, """
      <link element_id="base">
        <visual name="v1" action="remove"/>
        <collision name="c3" action="add">
          <geometry><sphere><radius>1</radius></sphere></geometry>
        </collision>
        <visual name="v2" action="replace">
          <geometry><cylinder><radius>1</radius><length>2</length></cylinder></geometry>
        </visual>
      </link>
      <visual element_id="base::v2">
        <geometry action="replace"><box><size>3 3 3</size></box></geometry>
      </visual>""")
    assert _errors(diags) == []
    link = _box(doc).links[0]
    assert [v.name for v in link.visuals] == ["v2"]
    assert link.visuals[0].pose.values == (0, 0, 0, 0, 0, 0)  # the replacement has no pose
    geometry = link.visuals[0].geometry
    assert geometry is not None and geometry.kind == "box"
    assert [c.name for c in link.collisions] == ["c1", "c3"]


def test_plugins_may_be_added_twice() -> None:
    model = included_model(etree.fromstring(BOX.split("\n", 1)[1]))
    assert model is not None
    spec = etree.fromstring('<plugin element_id="base" name="p" filename="f" action="add"/>')
    diags = Diagnostics()
    apply_params(model, [Param(spec, "base"), Param(spec, "base")], lambda _: None, diags)
    assert list(diags) == []
    assert len(model.findall("link/plugin")) == 2
    assert model.find("link/plugin").attrib == {"name": "p", "filename": "f"}  # type: ignore[union-attr]


# -- element_id scoping --------------------------------------------------------------


def test_element_id_is_scoped_from_the_included_model(tmp_path: Path) -> None:
    doc, diags = _read(tmp_path, """
      <visual element_id="il" name="a" action="add"/>
      <visual element_id="inner::il::nothing" name="b" action="add"/>""")
    assert _errors(diags) == [("ELEMENT_MISSING", FIRST + 1), ("ELEMENT_MISSING", FIRST + 2)]
    assert _visuals(_box(doc).models[0]) == []


def test_the_tag_selects_among_elements_of_one_name() -> None:
    model = included_model(etree.fromstring(BOX.split("\n", 1)[1]))
    assert model is not None
    diags = Diagnostics()
    apply_params(model, [Param(etree.fromstring('<collision action="remove"/>'), "base::v1")],
                 lambda _: None, diags)
    assert [d.code for d in diags] == ["ELEMENT_MISSING"]
    assert len(model.findall("link/visual")) == 2


def test_an_element_id_into_a_nested_include_is_handed_down(tmp_path: Path) -> None:
    doc, diags = _read(tmp_path, """
      <visual element_id="box::base::v1" action="remove"/>
      <visual element_id="box2::base" name="extra" action="add">
        <geometry><box><size>1 1 1</size></box></geometry>
      </visual>
      <link element_id="box2" name="in_box2" action="add"/>
      <visual element_id="box::base::missing" action="remove"/>""", uri="model://outer")
    assert _errors(diags) == [("ELEMENT_MISSING", FIRST + 6)]  # the string starts with a newline
    assert all(d.file is not None and d.file.endswith("main.sdf") for d in diags.errors)
    assert doc is not None
    outer = doc.models[0].models[0]
    box, box2 = outer.models
    assert (box.name, box2.name) == ("box", "box2")
    assert _visuals(box) == ["v2"]
    assert _visuals(box2) == ["v1", "v2", "extra"]
    assert [link.name for link in box2.links] == ["base", "in_box2"]


def test_the_params_element_is_recognised_declared_or_not() -> None:
    declared = etree.fromstring('<include xmlns:experimental="http://sdformat.org/schemas/'
                                'experimental"><experimental:params><a element_id="x"/>'
                                "</experimental:params><params/></include>")
    assert [is_params(c) for c in declared] == [True, False]
    other = etree.fromstring('<include xmlns:experimental="urn:undeclared:experimental">'
                             '<experimental:params><a element_id="x"/><b/>'
                             "</experimental:params></include>")
    assert [(p.el.tag, p.element_id) for p in params_of(other)] == [("a", "x"), ("b", None)]


# -- invalid parameters: (code, line), the others still applied ------------------------


@pytest.mark.parametrize(("params", "expected"), [
    ('<visual name="x" action="add"/>', [("ATTRIBUTE_MISSING", FIRST)]),
    ('<link element_id="base::" name="x" action="add"/>', [("ATTRIBUTE_INVALID", FIRST)]),
    ('<link element_id="base" action="bogus"/>', [("ATTRIBUTE_INVALID", FIRST)]),
    ('<visual element_id="base" action="add"/>', [("ATTRIBUTE_MISSING", FIRST)]),
    ('<visual element_id="base" name="" action="add"/>', [("ATTRIBUTE_INVALID", FIRST)]),
    ('<visual element_id="base" name="v1" action="add"/>', [("DUPLICATE_NAME", FIRST)]),
    ('<visual element_id="base::nope" action="remove"/>', [("ELEMENT_MISSING", FIRST)]),
    ('<visual element_id="nope" name="x" action="add"/>', [("ELEMENT_MISSING", FIRST)]),
    ('<nonsense element_id="base" name="n" action="add"/>', [("ELEMENT_INVALID", FIRST)]),
    ('<plugin element_id="base" name="p" action="add"/>',
     [("ATTRIBUTE_MISSING", FIRST), ("ELEMENT_INVALID", FIRST)]),
    ('<sensor element_id="base::cam" name="cam" action="replace"/>',
     [("ATTRIBUTE_MISSING", FIRST), ("ELEMENT_INVALID", FIRST)]),
    ('<link element_id="base" action="modify" test="1"/>', [("ATTRIBUTE_INVALID", FIRST)]),
    ('<link element_id="base">\n<visual name="v1"/>\n</link>', [("ATTRIBUTE_MISSING", FIRST + 1)]),
    ('<link element_id="base">\n<visual name="v1" action="x"/>\n</link>',
     [("ATTRIBUTE_INVALID", FIRST + 1)]),
    ('<link element_id="base">\n<nonsense action="add"/>\n</link>',
     [("ELEMENT_INVALID", FIRST + 1)]),
    ('<link element_id="base">\n<collision action="replace"/>\n</link>',
     [("ATTRIBUTE_MISSING", FIRST + 1)]),
    ('<link element_id="base">\n<visual name="v9" action="modify"/>\n</link>',
     [("ELEMENT_MISSING", FIRST + 1)]),
    ('<link element_id="base" action="modify">\n<inertial/>\n</link>',
     [("ELEMENT_MISSING", FIRST + 1)]),
    ('<visual element_id="base::v1" action="modify">\n<geometry><box>\n<size>1 2</size>\n'
     "</box></geometry>\n</visual>", [("ELEMENT_INVALID", FIRST + 2)]),
    ('<visual element_id="base::v1" action="remove">\n<material><specular/></material>\n'
     "</visual>", [("ELEMENT_MISSING", FIRST + 1)]),
])
def test_an_invalid_parameter_is_reported_at_its_line_and_skipped(
        tmp_path: Path, params: str, expected: list[tuple[str, int]]) -> None:
    last = FIRST + params.count("\n") + 1
    doc, diags = _read(tmp_path, params + '\n<visual element_id="base::v2" action="remove"/>')
    assert _errors(diags) == sorted(expected)
    assert all(d.file is not None and d.file.endswith("main.sdf") for d in diags.errors)
    assert _visuals(_box(doc)) == ["v1"], f"the parameter at line {last} applies"


def test_the_included_file_itself_is_unchanged(tmp_path: Path) -> None:
    _read(tmp_path, '<visual element_id="base::v1" action="remove"/>')
    assert (tmp_path / "models" / "box" / "model.sdf").read_text() == BOX


def test_a_nested_included_model_as_a_whole(tmp_path: Path) -> None:
    doc, diags = _read(tmp_path, """
      <model element_id="box" action="remove"/>
      <model element_id="box2" name="box2" action="replace"><link name="only"/></model>""",
                       uri="model://outer")
    assert _errors(diags) == []
    assert doc is not None
    outer = doc.models[0].models[0]
    assert [(m.name, [link.name for link in m.links]) for m in outer.models] == [
        ("box2", ["only"])]


def test_the_name_of_a_nested_include_is_asked_once() -> None:
    model = included_model(etree.fromstring(OUTER.split("\n", 1)[1]))
    assert model is not None
    asked: list[etree._Element] = []

    def name(include: etree._Element) -> str:
        asked.append(include)
        return "box"

    spec = etree.fromstring('<visual action="remove"/>')
    params = [Param(spec, f"box::base::v{i}") for i in range(5)]
    pushed = apply_params(model, params, name, Diagnostics())
    include = model.find("include")
    assert asked == [include]
    assert include is not None and [p.element_id for p in pushed[include]] == [
        f"base::v{i}" for i in range(5)]


def test_params_of_an_included_urdf_are_not_applied(tmp_path: Path) -> None:
    folder = tmp_path / "models" / "arm"
    folder.mkdir(parents=True)
    (folder / "model.config").write_text("<model><name>arm</name><sdf version='1.7'>arm.urdf"
                                         "</sdf></model>")
    (folder / "arm.urdf").write_text('<robot name="arm"><link name="l"><inertial><mass '
                                     'value="1"/><inertia ixx="1" ixy="0" ixz="0" iyy="1" '
                                     'iyz="0" izz="1"/></inertial></link></robot>')
    doc, diags = _read(tmp_path, '<link element_id="l" action="remove"/>', uri="model://arm")
    assert _errors(diags) == []
    assert [(d.code, d.line) for d in diags.warnings] == [("ELEMENT_DROPPED", 3)]
    assert [link.name for link in _box(doc).links] == ["l"]


DESCRIPTIONS = Path("/usr/share/sdformat12/1.9")


@pytest.mark.skipif(not DESCRIPTIONS.is_dir(), reason="SDFormat 1.9 descriptions absent")
def test_the_shipped_tables_are_those_of_the_descriptions() -> None:
    from urdfsdf.sdf.params import generate, tables

    assert generate(DESCRIPTIONS) == tables()
