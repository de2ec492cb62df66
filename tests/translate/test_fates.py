"""Every element has the fate the table says (issue 49): drawn from SDFormat's schema.

For each element of SDFormat 1.7's description under ``<model>`` and ``<world>`` (each
attribute, and a custom child of each element that holds children), a small model
holds it with a value other than its default (:mod:`schema_cases`).  It is converted
SDF -> URDF (and back, URDF -> SDF), in process, and what happens must be what
:data:`urdfsdf.translate.fates.SDF_TO_URDF` says:

- translated: no error, no warning at its line; the way back gives the element with its
  value (as written), and the model means the same (poses, shapes, masses, joints,
  resolved by the frame engine);
- carried: as translated, and the URDF holds it in its carrier;
- reported: a diagnostic with the code at its line (or its parent's).
"""

from __future__ import annotations

import math
from typing import Any

import pytest
from lxml import etree
from schema_cases import BASE, PROBE, Case, build, marked, schema_paths

from urdfsdf.api import (
    Result,
    include_config,
    load_sdf,
    sdf_to_urdf_result,
    urdf_to_sdf_result,
)
from urdfsdf.core import transforms as tf
from urdfsdf.core.diagnostics import Diagnostics
from urdfsdf.core.ir import SDF_JOINT_TYPES, Geometry, Inertial, Model
from urdfsdf.sdf.frames import Scope, analyze_model
from urdfsdf.sdf.params import tables
from urdfsdf.sdf.schema import node_at
from urdfsdf.translate.fates import GAZEBO, SDF_TO_URDF, Fate, fate_of

from tiers import sample

# -- the cases --------------------------------------------------------------------------

WORLD_BASE = BASE.replace("<sdf version=\"1.7\">\n", "<sdf version=\"1.7\">\n<world name=\"w\">\n"
                          ).replace("</sdf>", "</world>\n</sdf>")


def _model_cases() -> list[Case]:
    """Every element below <model> (not a nested model's or an include's: their own
    cases), each of their attributes, and a custom child of each that holds any."""
    attributes = tables()["attributes"]
    cases = []
    for path, holds in schema_paths("model", skip=("model", "include")):
        cases.append(build(path))
        tag = path.rpartition("/")[2]
        for key in attributes.get(tag, ()):
            if key not in ("name", "type", "filename") and f"{path}/@{key}" not in INVALID:
                cases.append(build(path, key))
        if holds:
            cases.append(build(path, probe=True))
    for key in ("canonical_link", "placement_frame"):
        cases.append(build("model", key))
    cases.append(build("model", probe=True))
    cases.extend(_joint_type_case(t) for t in SDF_JOINT_TYPES if t != "revolute")
    return cases + _later_cases() + _nested_cases()


#: attributes with no valid value other than the default where a case puts them (the
#: reader refuses the document, with this code)
INVALID = {"model/pose/@relative_to": "POSE_RELATIVE_TO_INVALID"}

LATER = BASE.replace('version="1.7"', 'version="1.11"')


def _later_cases() -> list[Case]:
    """The elements of SDFormat 1.8 to 1.12 that urdfsdf reads (and some it does not)."""
    cases = [build(path, base=LATER, value=value) for path, value in (
        ("model/link/visual/geometry/capsule", None),
        ("model/link/collision/geometry/ellipsoid", None),
        ("model/link/visual/geometry/cone", None),
        ("model/link/inertial/fluid_added_mass", None),
        ("model/link/collision/density", "0.375"),
        ("model/link/collision/auto_inertia_params", None),
        ("model/link/visual/geometry/mesh/convex_decomposition", None),
        ("model/joint/screw_thread_pitch", "0.375"))]
    mimic = LATER.replace('    <link name="b"/>\n', '    <link name="b"/>\n    <link name="c"/>\n')
    mimic = mimic.replace("  </model>", """    <joint name="k" type="revolute">
      <parent>a</parent>
      <child>c</child>
      <axis>
        <xyz>0 0 1</xyz>
        <limit>
          <lower>-1</lower>
          <upper>1</upper>
        </limit>
        <mimic joint="j">
          <multiplier>2</multiplier>
          <offset>0.5</offset>
        </mimic>
      </axis>
    </joint>
  </model>""")
    auto = LATER.replace('    <link name="b"/>\n', """    <link name="b">
      <inertial auto="true"/>
      <collision name="c">
        <density>2</density>
        <geometry>
          <box>
            <size>0.25 0.5 0.75</size>
          </box>
        </geometry>
      </collision>
    </link>
""")
    world = WORLD_BASE.replace("</world>", """<joint name="wj" type="fixed">
  <parent>world</parent>
  <child>m::a</child>
</joint>
</world>""")
    cases.append(build("model/link/collision/geometry/mesh", "optimization", base=LATER))
    return [*cases, marked("model/joint/axis/mimic", mimic, "<mimic"),
            marked("model/link/inertial/@auto", auto, "<inertial auto"),
            marked("world/joint", world, '<joint name="wj"')]


def _nested_cases() -> list[Case]:
    """A nested model (flattened): itself, its pose, its placement and what it holds of
    its own."""
    nested = BASE.replace("  </model>", """    <model name="inner">
      <pose>0 0 1 0 0 0</pose>
      <link name="c">
        <pose>0 0.5 0 0 0 0</pose>
      </link>
      <link name="d"/>
      <joint name="jj" type="fixed">
        <parent>c</parent>
        <child>d</child>
      </joint>
    </model>
    <joint name="jn" type="fixed">
      <parent>b</parent>
      <child>inner::c</child>
    </joint>
  </model>""")
    placed = nested.replace('<model name="inner">', '<model name="inner" canonical_link="d" '
                            'placement_frame="c">')
    static = nested.replace('<link name="d"/>', '<link name="d"/>\n      <static>true</static>')
    probe = nested.replace('<link name="d"/>', '<link name="d"/>\n      <p:probe '
                           'xmlns:p="http://example.org/probe">7</p:probe>')
    plugin = nested.replace('<link name="d"/>', '<link name="d"/>\n      <plugin name="p" '
                            'filename="libp.so"/>')
    return [marked("model/model", nested, '<model name="inner"'),
            marked("model/model/pose", nested, "<pose>0 0 1"),
            marked("model/model/@placement_frame", placed, '<model name="inner"'),
            marked("model/model/@canonical_link", placed, '<model name="inner"'),
            marked("model/model/static", static, "<static>", '<model name="inner"'),
            marked("model/model/{custom}", probe, "<p:probe"),
            marked("model/model/plugin", plugin, "<plugin")]


def _joint_type_case(jtype: str) -> Case:
    case = build("model/joint", "type")
    text = case.text.replace('type="made_up"', f'type="{jtype}"')
    if jtype in ("universal", "revolute2"):
        text = text.replace("    </axis>\n", "    </axis>\n    <axis2>\n      <xyz>1 0 0</xyz>\n"
                            "    </axis2>\n", 1)
    return Case(f"model/joint/@type={jtype}", text, case.lines, jtype)


def _world_cases() -> list[Case]:
    """Each element of a world but its model (whose elements are the model's cases):
    every one in the full tier, an even sample of the deep ones in the quick tier (what a
    reported element holds is reported with it, at its line)."""
    top: list[Case] = []
    deep: list[str] = []
    for path, _ in schema_paths("world", skip=("model", "include")):
        if path.count("/") == 1:
            top.append(build(path, base=WORLD_BASE))
        else:
            deep.append(path)
    return top + [build(p, base=WORLD_BASE) for p in sample(deep, 60)]


MODEL_CASES = _model_cases()
WORLD_CASES = _world_cases()


# -- what a model means -------------------------------------------------------------------

Meaning = dict[tuple[str, ...], Any]


def _close(a: Any, b: Any) -> bool:
    if isinstance(a, float) and isinstance(b, float):
        return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9) or a == b
    if isinstance(a, tuple) and isinstance(b, tuple):
        return len(a) == len(b) and all(_close(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def _floats(tokens: tuple[str, ...] | None) -> tuple[float, ...] | None:
    return None if tokens is None else tuple(float(t) for t in tokens)


def _geometry(g: Geometry | None) -> tuple[Any, ...]:
    if g is None:
        return ("none",)
    return (g.kind, _floats(g.size), g.radius and float(g.radius),
            g.length and float(g.length), g.uri, _floats(g.scale),
            g.submesh.xml if g.submesh else None)


def _limit(value: str | None, default: float) -> float:
    return default if value is None or float(value) < 0 else float(value)


#: a link without <inertial>: SDFormat's default
DEFAULT_INERTIAL = Inertial("1", ("1", "0", "0", "1", "0", "1"))


def meaning(text: str, joints: bool = True, resources: tuple[str, ...] = ()) -> Meaning:
    """The model of an SDF document as the frame engine resolves it, measured in link
    ``a``'s frame: each link's mass properties and shapes (not the link frame: a URDF
    link's is its joint's), each joint (``joints``) and frame (``resources``: where its
    includes are found)."""
    doc, diags = load_sdf(text, includes=include_config(None, resources, Diagnostics()))
    assert doc is not None and not diags.has_errors(), [d.message for d in diags.items]
    model: Model = doc.every_model()[0]
    top = analyze_model(model, Diagnostics())
    x_root = top.pose_of("a")
    assert x_root is not None

    def rel(x: Any) -> Any:
        assert x is not None
        return tf.relative(x_root, x)

    out: Meaning = {}
    stack: list[tuple[Scope, str]] = [(top, "")]
    while stack:
        scope, prefix = stack.pop()
        stack.extend((child, f"{prefix}{name}::") for name, child in scope.children.items())
        x_ts = top.pose_of(f"{prefix}__model__") if prefix else tf.IDENTITY
        assert x_ts is not None
        for name, link in scope.links.items():
            key = prefix + name
            inertial = link.inertial or DEFAULT_INERTIAL
            x_i = scope.element_pose(name, inertial.pose.with_frame(None))
            out["inertial", key] = (float(inertial.mass), _floats(inertial.inertia),
                                    rel(tf.compose(x_ts, x_i)) if x_i else None)
            for kind, shapes in (("visual", link.visuals), ("collision", link.collisions)):
                for s in shapes:
                    x_s = scope.element_pose(name, s.pose)
                    out[kind, key, s.name or ""] = (_geometry(s.geometry),
                                                   rel(tf.compose(x_ts, x_s)) if x_s else None)
            for v in link.visuals:
                m = v.material
                if m is not None:
                    out["colour", key, v.name or ""] = (_floats(m.diffuse or m.ambient),)
            for x in link.extras:  # sensors, lights...: where they are
                if x.pose is not None:
                    x_e = scope.element_pose(name, x.pose)
                    out[x.tag, key, etree.fromstring(x.xml).get("name") or ""] = \
                        rel(tf.compose(x_ts, x_e)) if x_e else None
        for name in scope.frames:
            out["frame", prefix + name] = rel(top.pose_of(prefix + name))
        if joints:
            rotation = tf.rot_mul(tf.rot_transpose(x_root[0]), x_ts[0])
            _joints(out, scope, prefix, top, rel, rotation)
    return out


def _joints(out: Meaning, scope: Scope, prefix: str, top: Scope, rel: Any,
            rotation: tf.Rot) -> None:
    """Each joint of ``scope``: its type, links, frame, axis (``rotation`` into link
    ``a``'s frame), limits, dynamics and mimic."""
    for name, j in scope.joints.items():
        axis = j.axis
        direction = scope.axis_in(j, axis, "__model__") if axis is not None else None
        limit = axis.limit if axis is not None else None
        dyn = axis.dynamics if axis is not None else None
        out["joint", prefix + name] = (
            j.type if j.type != "revolute" or (limit and limit.lower is not None) else
            "continuous", *(x if x == "world" else prefix + x for x in (j.parent, j.child)),
            rel(top.pose_of(prefix + name)),
            None if direction is None or j.type == "fixed" else
            tf.rot_apply(rotation, direction),
            None if limit is None or j.type == "fixed" else
            (_limit(limit.lower, -math.inf) if limit.lower else None,
             _limit(limit.upper, math.inf) if limit.upper else None,
             _limit(limit.effort, math.inf), _limit(limit.velocity, math.inf)),
            None if dyn is None else (float(dyn.damping or 0), float(dyn.friction or 0)),
            None if j.mimic is None else (j.mimic.joint, float(j.mimic.multiplier or 1),
                                          float(j.mimic.offset or 0)))


def _differences(a: Meaning, b: Meaning) -> list[str]:
    return [f"{key}: {a[key]} != {b.get(key)}" for key in a
            if key not in b or not _close(a[key], b[key])]


# -- the checks ---------------------------------------------------------------------------


def _convert(case: Case, lossy: bool) -> Result:
    return sdf_to_urdf_result(case.text, lossy=lossy, model=case.model,
                              resource_paths=case.resources)


def _at(case: Case, fate: Fate, at: str) -> int:
    """The line a reported fate is reported at."""
    line = case.line(at.rpartition("/@")[0] if "/@" in at else at)
    if fate.at_parent:
        parent = at.rpartition("/")[0]
        line = case.line(parent.rpartition("/@")[0] if "/@" in parent else parent)
    return line


def _found(root: etree._Element, steps: list[str]) -> etree._Element | None:
    """The element of ``steps`` (tags from the root's first child on) in ``root``."""
    node: etree._Element | None = root
    names = {"link": "b", "joint": "j"}
    for depth, tag in enumerate(steps):
        if node is None:
            return None
        if depth == 1 and tag in names:
            node = node.find(f"{tag}[@name='{names[tag]}']")
        else:
            node = node.find(tag)
    return node


def _came_back(case: Case, sdf: str) -> str | None:
    """Why the element (or attribute) of ``case`` is not in ``sdf`` as written (None: it is)."""
    back = _found(etree.fromstring(sdf.encode()), case.steps)
    if back is None:
        return "not in the SDF of the way back"
    if "/@" in case.path:
        key = case.path.rpartition("/@")[2].partition("=")[0]
        got = back.get(key)
        return None if got == case.value or key == "type" else f"@{key} is {got!r}"
    if case.value is None:
        return None
    got = (back.text or "").split()
    want = case.value.split()
    try:
        same = _close(tuple(map(float, got)), tuple(map(float, want)))
    except ValueError:
        same = got == want
    return None if same else f"value {back.text!r}, written {case.value!r}"


def _carrier_holds(urdf: str, carrier: str, case: Case, key: str = "") -> bool:
    """The URDF holds the element of ``case`` in ``carrier`` (its tag), as the element of
    that name (in the carrier's namespace, for an ``sdf:`` one)."""
    root = etree.fromstring(urdf.encode())
    tag = etree.QName(PROBE if case.path.endswith("{custom}") else case.steps[-1]).localname
    tag = key or tag  # under its extension key
    for holder in root.iter(carrier):
        if any(etree.QName(el).localname == tag for el in holder.iter(etree.Element)):
            return True
    return False


def check(case: Case, lossy: bool = False) -> None:
    """What happens to the element of ``case`` is what the table says."""
    fate, at = fate_of(case.path)
    if lossy:
        fate = fate.lossy or fate
    result = _convert(case, lossy)
    found = {(d.code, d.line) for d in result.diagnostics}
    what = f"{case.path} ({fate.kind}{' ' + fate.code if fate.code else ''})"
    if fate.code:
        line = _at(case, fate, at)
        assert (fate.code, line) in found, f"{what}: no {fate.code} at line {line}: " \
            f"{sorted(found, key=str)}\n{case.text}"
    if fate.kind == "reported":
        return
    bad = [d for d in result.diagnostics if d.severity == "error" or (
        d.severity == "warning" and d.line == case.line(case.path) and d.code != fate.code)]
    assert result.text is not None and not bad, f"{what}: {[d.message for d in bad]}\n" \
        f"{case.text}"
    back = urdf_to_sdf_result(result.text)
    assert back.ok and back.text is not None, f"{what}: {back.diagnostics}"
    if fate.back:
        assert fate.back in {d.code for d in back.diagnostics}, f"{what}: no {fate.back} " \
            f"on the way back: {back.diagnostics}"
    elif not fate.resolved:
        why = _came_back(case, back.text)
        assert why is None, f"{what}: {why}\n{case.text}\n{result.text}\n{back.text}"
    if fate.kind == "carried":
        assert _carrier_holds(result.text, fate.into, case, fate.key), \
            f"{what}: the URDF holds no <{fate.into}> with it:\n{result.text}"
    joints = "@type=" not in case.path
    diff = _differences(meaning(case.text, joints, case.resources),
                        meaning(back.text, joints))
    assert not diff, f"{what}: means something else after the way back: {diff}\n" \
        f"{case.text}\n{result.text}\n{back.text}"


@pytest.mark.parametrize("case", MODEL_CASES, ids=lambda c: c.path)
def test_each_model_element_has_the_fate_the_table_says(case: Case) -> None:
    check(case)
    if fate_of(case.path)[0].lossy is not None:
        check(case, lossy=True)


@pytest.mark.parametrize("case", WORLD_CASES, ids=lambda c: c.path)
def test_each_world_element_has_the_fate_the_table_says(case: Case) -> None:
    check(case)


INCLUDED = """<sdf version="1.7">
  <model name="inc">
    <link name="c">
      <pose>0 0 0.5 0 0 0</pose>
    </link>
  </model>
</sdf>
"""
#: an <include> of model ``inc`` (link ``c``) and what each case adds to it, with the
#: line of the case's element
INCLUDES = {
    "model/include": ("", "<include>"),
    "model/include/name": ("", "<name>"),
    "model/include/uri": ("", "<uri>"),
    "model/include/pose": ("<pose>0 0 1 0 0 0</pose>", "<pose>"),
    "model/include/placement_frame": (
        "<pose>0 0 1 0 0 0</pose>\n<placement_frame>c</placement_frame>", "<placement_frame>"),
    "model/include/static": ("<static>true</static>", "<static>"),
    "model/include/plugin": ('<plugin name="p" filename="libp.so"/>', "<plugin"),
}


@pytest.fixture(scope="module")
def resources(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A resource root holding model ``inc``."""
    root = tmp_path_factory.mktemp("models")
    (root / "inc").mkdir()
    (root / "inc" / "model.config").write_text(
        '<?xml version="1.0"?>\n<model><name>inc</name><sdf version="1.7">model.sdf</sdf>'
        "</model>\n")
    (root / "inc" / "model.sdf").write_text(INCLUDED)
    return str(root)


def _include_case(path: str, resources: str) -> Case:
    more, marker = INCLUDES[path]
    include = ("    <include>\n<uri>model://inc</uri>\n<name>inner</name>\n" + more +
               "\n</include>\n")
    if path.endswith("@merge"):
        include = include.replace("<include>", '<include merge="true">')
    child = "c" if path.endswith("@merge") else "inner::c"
    text = BASE.replace('version="1.7"', 'version="1.9"').replace(
        "  </model>", f"{include}    <joint name=\"jn\" type=\"fixed\">\n<parent>b</parent>\n"
        f"<child>{child}</child>\n</joint>\n  </model>")
    case = marked(path, text, marker, "<include" if path.count("/") > 1 else "")
    case.resources = (resources,)
    return case


#: reported at the included model's line, in its own file
IN_ITS_FILE = ("model/include/static", "world/include")


@pytest.mark.parametrize("path", [*INCLUDES, "model/include/@merge"])
def test_each_include_element_has_the_fate_the_table_says(path: str, resources: str) -> None:
    INCLUDES.setdefault("model/include/@merge", ("", "<include"))
    case = _include_case(path, resources)
    if path in IN_ITS_FILE:
        _check_in_its_file(case)
    else:
        check(case)


def _check_in_its_file(case: Case) -> None:
    """A fate reported at the line of an included model, in its file."""
    fate, _ = fate_of(case.path)
    assert fate.kind == "reported"
    found = {(d.code, d.line, d.file) for d in _convert(case, False).diagnostics}
    model_line = INCLUDED.splitlines().index('  <model name="inc">') + 1
    assert any(code == fate.code and line == model_line and (file or "").endswith(
        "model.sdf") for code, line, file in found), found


def test_an_include_in_a_world_is_reported_when_its_model_is_not_converted(
        resources: str) -> None:
    text = WORLD_BASE.replace("</world>", "<include>\n<uri>model://inc</uri>\n</include>\n"
                              "</world>")
    case = marked("world/include", text, "<include>")
    case.model, case.resources = "m", (resources,)
    _check_in_its_file(case)


@pytest.mark.parametrize("path", sorted(INVALID))
def test_attributes_without_a_valid_other_value_are_refused(path: str) -> None:
    element, _, key = path.rpartition("/@")
    result = sdf_to_urdf_result(build(element, key).text)
    assert result.text is None and INVALID[path] in {d.code for d in result.diagnostics}


def test_the_table_names_only_elements_sdformat_defines() -> None:
    """Each path of the table is an element of SDFormat's schema (or a later version's
    that urdfsdf reads), so the table cannot name what nothing holds."""
    later = {"capsule", "ellipsoid", "cone", "mimic", "density", "auto_inertia_params",
             "@optimization",
             "screw_thread_pitch", "world/joint", "model/include/placement_frame"}
    for path in SDF_TO_URDF:
        elements = "/".join(p for p in path.split("/") if not p.startswith(("@", "{", "*")))
        if {elements.rpartition("/")[2], elements, path.rpartition("/")[2]} & later:
            continue
        if elements.startswith("model/model/"):  # (the schema's nested model is a ref)
            elements = elements[len("model/"):]
        assert node_at(elements) is not None, path


def test_the_carriers_are_tags() -> None:
    assert GAZEBO == "gazebo"
    assert all(f.into for f in SDF_TO_URDF.values() if f.kind == "carried")


ROOT_POSE = BASE.replace('    <link name="a"/>\n', """    <link name="a">
      <pose>0 0 0.5 0 0 0</pose>
    </link>
""")


def test_the_root_links_pose_in_the_model_frame_is_reported() -> None:
    """The root link's pose places the robot in the model frame, which URDF cannot say
    (the entry of ``model/link/pose`` names it)."""
    assert "ELEMENT_DROPPED" in fate_of("model/link/pose")[0].why
    result = sdf_to_urdf_result(ROOT_POSE)
    assert result.ok
    assert ("ELEMENT_DROPPED", 4) in {(d.code, d.line) for d in result.diagnostics}
    # a joint to world places the robot: nothing is dropped
    joined = ROOT_POSE.replace("  </model>", """    <joint name="w" type="fixed">
      <parent>world</parent>
      <child>a</child>
    </joint>
  </model>""")
    result = sdf_to_urdf_result(joined)
    assert result.ok
    assert "ELEMENT_DROPPED" not in {d.code for d in result.diagnostics}
