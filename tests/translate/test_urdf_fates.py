"""Every URDF element has the fate the table says (issue 49): drawn from the declarations.

For each element urdfdom reads (:mod:`urdfsdf.urdf.elements`: its attributes, a custom
child and a custom attribute of each), and for samples of the extensions found in real
files (``<gazebo>``, ``<transmission>``, ``<ros2_control>``, ``drake:`` elements,
``<mujoco>``), a small robot holds it with a value other than its default.  It is
converted URDF -> SDF -> URDF in process, and what happens must be what
:data:`urdfsdf.translate.fates.URDF_TO_SDF` says: the element comes back with its
attributes and content (translated), and the SDF holds it in its carrier (carried); a
diagnostic with the code is at its line when the table names one.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest
from lxml import etree

from urdfsdf.api import sdf_to_urdf_result, urdf_to_sdf_result
from urdfsdf.translate.fates import URDF_CUSTOM, URDF_TO_SDF, fate_of
from urdfsdf.urdf import elements as urdf
from urdfsdf.xml.declared import Element

BASE = """<robot name="r">
  <link name="a">
    <inertial>
      <mass value="1"/>
      <inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/>
    </inertial>
  </link>
  <link name="b">
    <inertial>
      <mass value="1"/>
      <inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/>
    </inertial>
  </link>
  <link name="c">
    <inertial>
      <mass value="1"/>
      <inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/>
    </inertial>
  </link>
  <joint name="j" type="revolute">
    <parent link="a"/>
    <child link="b"/>
    <axis xyz="0 0 1"/>
    <limit lower="-1" upper="1" effort="10" velocity="2"/>
  </joint>
  <joint name="k" type="continuous">
    <parent link="a"/>
    <child link="c"/>
    <axis xyz="1 0 0"/>
  </joint>
</robot>
"""
TARGETS = {"link": "link[@name='b']", "joint": "joint[@name='j']"}
PROBE_NS = "http://example.org/probe"
PROBE = f"{{{PROBE_NS}}}probe"

#: values other than the default, by attribute (any other number: 0.375)
VALUES = {"xyz": "0.1 0.2 0.3", "rpy": "0.4 0.5 0.6", "rgba": "0.1 0.2 0.3 0.4",
          "size": "0.25 0.5 0.75", "scale": "0.5 0.5 0.5", "filename": "package://p/m.dae",
          "name": "n", "link": None, "joint": "k", "type": None, "version": "1.0"}
#: what an element needs to be valid, as XML added to it unless the case's path holds it
NEEDS = {"visual": '<geometry><box size="1 1 1"/></geometry>',
         "collision": '<geometry><box size="1 1 1"/></geometry>',
         "inertial": '<mass value="1"/><inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" '
                     'izz="1"/>',
         "geometry": '<box size="1 1 1"/>', "material": '<color rgba="1 0 0 1"/>'}
#: the attributes an element needs to be taken (urdfdom refuses ``<dynamics/>``)
ATTRIBUTES = {"dynamics": {"damping": "0.25"}}
#: samples of the extensions found in real files, by path
EXTENSIONS = {
    "robot/gazebo": '<gazebo reference="b"><mu1>0.5</mu1><sensor name="s" type="camera">'
                    '<update_rate>10</update_rate></sensor></gazebo>',
    "robot/transmission": '<transmission name="t"><type>transmission_interface/'
                          'SimpleTransmission</type><joint name="j"><hardwareInterface>'
                          'hardware_interface/EffortJointInterface</hardwareInterface>'
                          '</joint><actuator name="m"><mechanicalReduction>1'
                          '</mechanicalReduction></actuator></transmission>',
    "robot/ros2_control": '<ros2_control name="s" type="system"><hardware><plugin>'
                          'mock_components/GenericSystem</plugin></hardware><joint name="j">'
                          '<command_interface name="position"/></joint></ros2_control>',
    "robot/mujoco": '<mujoco><compiler discardvisual="false"/></mujoco>',
    "robot/{custom}": '<drake:collision_filter_group xmlns:drake="http://drake.mit.edu" '
                      'name="g"><drake:member link="a"/></drake:collision_filter_group>',
    "robot/link/collision/{custom}": '<drake:proximity_properties xmlns:drake='
                                     '"http://drake.mit.edu"><drake:mu_static value="0.5"/>'
                                     '</drake:proximity_properties>',
    "robot/link/visual/geometry/mesh/{custom}": '<drake:declare_convex xmlns:drake='
                                                '"http://drake.mit.edu"/>',
    "robot/joint/{custom}": '<drake:rotor_inertia xmlns:drake="http://drake.mit.edu" '
                            'value="0.5"/>',
}


@dataclass
class Case:
    path: str
    text: str
    line: int
    #: the line of each element on its way, by path
    lines: dict[str, int] = field(default_factory=dict)


def _declared(decl: Element, path: str) -> list[tuple[str, Element]]:
    """Every element below ``decl`` (at ``path``), as urdf/elements.py declares them."""
    found = []
    for child in decl.children:
        if child.tag.startswith("{"):
            continue  # urdfsdf's own marks (sdf:frame)
        sub = f"{path}/{child.tag}"
        found.append((sub, child.decl))
        found.extend(_declared(child.decl, sub))
    return found


def _add(parent: etree._Element, xml: str) -> None:
    for el in etree.fromstring(f'<x xmlns:drake="http://drake.mit.edu">{xml}</x>'):
        parent.append(el)


def build(path: str, attribute: str | None = None, probe: str = "") -> Case:
    """The case of the element at ``path`` (with ``attribute`` set; with ``probe``, a
    custom child (``"child"``) or attribute (``"attribute"``) of it)."""
    root = etree.fromstring(BASE.encode())
    parts = path.split("/")[1:]
    cur = root
    if parts and parts[0] in TARGETS:
        cur = root.find(TARGETS[parts[0]])
        parts = parts[1:]
    elif parts and parts[0] == "material":  # a top-level one
        cur = etree.SubElement(root, "material", name="top")
        parts = parts[1:]
    for tag in parts:
        found = cur.find(tag)
        cur = found if found is not None else etree.SubElement(cur, tag)
        if tag == "material" and cur.get("name") is None:
            cur.set("name", "m1")
    if cur.tag in NEEDS and not len(cur):
        _add(cur, NEEDS[cur.tag])
    for ancestor in cur.iterancestors():
        if ancestor.tag in ("visual", "collision") and ancestor.find("geometry") is None:
            _add(ancestor, NEEDS[ancestor.tag])
    for key, value in ATTRIBUTES.get(str(cur.tag), {}).items():
        cur.set(key, value)
    decl = urdf.URDF.elements.get(str(cur.tag))
    for attr in decl.attributes if decl is not None else ():
        if attr.required and cur.get(attr.name) is None:
            cur.set(attr.name, VALUES.get(attr.name) or "0.375")
    case_path = path
    if attribute is not None:
        value = VALUES.get(attribute, "0.375")
        if value is not None:
            cur.set(attribute, value)
        case_path = f"{path}/@{attribute}"
    if probe == "child":
        cur = etree.SubElement(cur, PROBE, nsmap={"p": PROBE_NS})
        cur.text = "7"
        case_path = f"{path}/{{custom}}"
    elif probe == "attribute":
        cur.set(PROBE, "7")
        case_path = f"{path}/@{{custom}}"
    return _written(root, cur, case_path)


def _written(root: etree._Element, el: etree._Element, path: str) -> Case:
    """The case of ``el`` in ``root``, written one element a line."""
    chain = [el, *el.iterancestors()][::-1]
    indices = [list(p).index(c) for p, c in zip(chain, chain[1:], strict=False)]
    etree.indent(root, "  ")
    text = etree.tostring(root, encoding="unicode") + "\n"
    node = etree.fromstring(text.encode())
    names = [p for p in path.split("/") if not p.startswith("@")]
    lines = {"robot": 1}
    for depth, i in enumerate(indices, 1):
        node = node[i]
        lines["/".join(names[:depth + 1])] = int(node.sourceline or 0)
    return Case(path, text, int(node.sourceline or 0), lines)


def _extension(path: str) -> Case:
    root = etree.fromstring(BASE.encode())
    link = root.find(TARGETS["link"])
    assert link is not None
    holders = {"robot": root, "robot/joint": root.find(TARGETS["joint"]), "robot/link": link}
    holder = path.rsplit("/", 1)[0]
    if holder.startswith("robot/link/"):  # a collision with a box, or a visual with a mesh
        shape = '<mesh filename="package://p/m.dae"/>' if "mesh" in holder else \
            '<box size="1 1 1"/>'
        kind = holder.split("/")[2]
        _add(link, f"<{kind}><geometry>{shape}</geometry></{kind}>")
        cur = link.find(holder[len("robot/link/"):])
    else:
        cur = holders[holder]
    assert cur is not None
    _add(cur, EXTENSIONS[path])
    return _written(root, cur[len(cur) - 1], path)


def _cases() -> list[Case]:
    cases = []
    for path, decl in _declared(urdf.ROBOT, "robot"):
        if path.endswith("/geometry"):
            continue  # (a geometry with a shape: each shape's case)
        cases.append(build(path))
        for attr in decl.attributes:
            if VALUES.get(attr.name, "") is not None and attr.name != "name":
                cases.append(build(path, attr.name))
        cases.append(build(path, probe="child"))
        cases.append(build(path, probe="attribute"))
    for jtype in ("continuous", "prismatic", "fixed", "floating", "planar"):
        case = build("robot/joint", "type")
        cases.append(Case(f"robot/joint/@type={jtype}",
                          case.text.replace('type="revolute"', f'type="{jtype}"', 1),
                          case.line))
    cases.append(build("robot", "version"))
    cases.append(build("robot", probe="attribute"))
    cases.extend(_extension(path) for path in EXTENSIONS)
    return cases


CASES = _cases()


def _steps(path: str) -> list[str]:
    return [p for p in path.split("/")[1:] if not p.startswith(("@", "{"))]


def _element(root: etree._Element, case: Case) -> etree._Element | None:
    """The element of ``case`` in ``root`` (a custom child: that child)."""
    steps = _steps(case.path)
    node: etree._Element | None = root
    for i, tag in enumerate(steps):
        if node is None:
            return None
        if i == 0 and tag in TARGETS:
            node = node.find(TARGETS[tag])
        elif i == 0 and tag == "material":
            node = node.find("material[@name='top']")
        else:
            node = node.find(tag)
    if node is not None and case.path.endswith("/{custom}"):
        kids = [c for c in node if isinstance(c.tag, str) and str(c.tag).startswith("{")]
        return kids[-1] if kids else None
    return node


def _same(a: etree._Element, b: etree._Element | None) -> str | None:
    """Why ``b`` is not ``a`` as written (its attributes, text and children)."""
    if b is None:
        return "missing"
    for key, value in a.attrib.items():
        if b.get(key) != value:
            return f"<{a.tag}> @{key}: {b.get(key)!r} != {value!r}"
    if (a.text or "").strip() != (b.text or "").strip():
        return f"<{a.tag}> text {b.text!r} != {a.text!r}"
    kids = [c for c in b if isinstance(c.tag, str)]
    for i, child in enumerate(c for c in a if isinstance(c.tag, str)):
        why = _same(child, kids[i] if i < len(kids) else None)
        if why:
            return why
    return None


def _holds(sdf: str, carrier: str, case: Case) -> bool:
    """The SDF holds a carrier of tag ``carrier`` (``urdf:*``: any ``urdf:`` element, or
    a namespaced element kept as itself)."""
    root = etree.fromstring(sdf.encode())
    if any(carrier in el.attrib for el in root.iter(etree.Element)):
        return True  # an attribute
    if carrier == URDF_CUSTOM:
        return any(str(el.tag).startswith("{") for el in root.iter(etree.Element)
                   if el.getparent() is not None)
    return any(True for _ in root.iter(carrier))


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.path)
def test_each_urdf_element_has_the_fate_the_table_says(case: Case) -> None:
    fate, at = fate_of(case.path, URDF_TO_SDF)
    sdf = urdf_to_sdf_result(case.text)
    what = f"{case.path} ({fate.kind}{' ' + fate.code if fate.code else ''})"
    found = {(d.code, d.line) for d in sdf.diagnostics}
    if fate.code:
        line = case.lines.get(at, case.line)
        assert (fate.code, line) in found, f"{what}: {sorted(found, key=str)}\n{case.text}"
    bad = [d for d in sdf.diagnostics if d.severity == "error" or (
        d.severity == "warning" and d.line == case.line and d.code != fate.code)]
    assert sdf.text is not None and not bad, f"{what}: {bad}\n{case.text}"
    if fate.kind == "carried":
        assert _holds(sdf.text, fate.into, case), f"{what}: no <{fate.into}>:\n{sdf.text}"
    back = sdf_to_urdf_result(sdf.text)
    assert back.ok and back.text is not None, f"{what}: {back.diagnostics}"
    written = _element(etree.fromstring(case.text.encode()), case)
    assert written is not None
    why = _same(written, _element(etree.fromstring(back.text.encode()), case))
    assert why is None, f"{what}: {why}\n{case.text}\n{sdf.text}\n{back.text}"


def test_the_table_names_urdf_elements_and_the_extensions() -> None:
    declared = {path for path, _ in _declared(urdf.ROBOT, "robot")} | {"robot"}
    extensions = {path.rsplit("/{custom}", 1)[0] for path in EXTENSIONS} | set(EXTENSIONS)
    for path in URDF_TO_SDF:
        element = "/".join(p for p in path.split("/") if not p.startswith(("@", "{")))
        assert element in declared or path in extensions or element in extensions \
            or element.endswith(("/capsule", "/submesh", "/drake:capsule",
                                 "/drake:ellipsoid", "/drake:joint")), path
