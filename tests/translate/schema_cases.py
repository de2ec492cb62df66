"""Minimal SDF documents, each holding one element of SDFormat's schema with a value
other than its default (the cases of ``test_fates.py``).

Every element SDFormat 1.7's description allows under ``<model>`` (and under ``<world>``)
comes from :mod:`urdfsdf.sdf.schema`; its value's type and default from
``params_1_9.json`` (:func:`urdfsdf.sdf.params.tables`).  A case puts the element into a
small valid model (link ``a``, link ``b``, revolute joint ``j``): a link's element into
``b``, a joint's into ``j``, with what it needs to be valid (a visual's geometry, a
sensor's type...), and a value other than the default (a boolean flipped, a number
changed, a string made up).  Each element is on a line of its own, so that the line of a
diagnostic names it.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from lxml import etree

from urdfsdf.sdf import schema
from urdfsdf.sdf.params import tables

BASE = """<sdf version="1.7">
  <model name="m">
    <link name="a"/>
    <link name="b"/>
    <joint name="j" type="revolute">
      <parent>a</parent>
      <child>b</child>
      <axis>
        <xyz>0 0 1</xyz>
        <limit>
          <lower>-1</lower>
          <upper>1</upper>
        </limit>
      </axis>
    </joint>
  </model>
</sdf>
"""
#: where the element of a path below ``model/TAG`` goes: the base's link ``b`` or joint ``j``
TARGETS = {"link": "link[@name='b']", "joint": "joint[@name='j']"}
#: a probe: a custom (namespaced) element
PROBE_NS = "http://example.org/probe"
PROBE = f"{{{PROBE_NS}}}probe"

#: the values of leaves whose generic value would not be valid (by path from <model>)
VALUES = {
    "model/joint/axis/xyz": "0 1 0",
    "model/joint/axis/limit/lower": "-0.5",
    "model/joint/axis/limit/upper": "0.75",
    "model/joint/parent": "a",
    "model/joint/child": "b",
}
#: what an element needs to be valid (its children, by tag, with their text), added
#: unless the case's path holds them
NEEDS: dict[str, tuple[tuple[str, str], ...]] = {
    "visual": (("geometry", ""),),
    "collision": (("geometry", ""),),
    "geometry": (("box", ""),),
    "mesh": (("uri", "m.dae"),),
    "script": (("uri", "file://media/x.material"), ("name", "X")),
    "submesh": (("name", "W"),),
    "heightmap": (("uri", "file://h.png"),),
    "image": (("uri", "file://i.png"),),
    "material": (("diffuse", "0.1 0.2 0.3 1"),),
    "dynamics": (("damping", "0.375"),),
    "axis2": (("xyz", "1 0 0"),),
}
#: the attributes a new element needs (required, or its type), by tag
ATTRIBUTES = {"shader": {"type": "pixel"}, "light": {"type": "point"},
              "physics": {"type": "ode"}, "noise": {"type": "gaussian"},
              "atmosphere": {"type": "adiabatic"}, "trajectory": {"id": "1", "type": "walk"},
              "save": {"enabled": "true"}, "particle_emitter": {"type": "box"}}
#: the sensor types whose element a sensor holds (its type is the element's tag)
SENSOR_TYPES = ("air_pressure", "altimeter", "camera", "contact", "force_torque", "gps",
                "imu", "lidar", "logical_camera", "magnetometer", "navsat", "ray", "rfid",
                "rfidtag", "sonar", "transceiver")
#: values of attributes a case sets (by name; any other: made up)
ATTRIBUTE_VALUES = {"relative_to": "a", "expressed_in": "__model__", "degrees": "true",
                    "rotation_format": "quat_xyzw", "canonical_link": "b",
                    "placement_frame": "b", "attached_to": "b"}
#: a pose's text in the form an attribute asks for
POSE_TEXT = {"degrees": "0.1 0.2 0.3 10 20 30",
             "rotation_format": "0.1 0.2 0.3 0 0 0.3826834323650898 0.9238795325112867"}


@dataclass
class Case:
    """One document and where, in it, the element (or attribute) of ``path`` is."""

    #: the schema path (``model/link/pose``, ``model/link/pose/@degrees``,
    #: ``model/link/{custom}``)
    path: str
    text: str
    #: the line of each element on the way, by path
    lines: dict[str, int]
    #: the element's text as written (a leaf), or the attribute's value
    value: str | None
    #: the element's tags from the document's model (or world) on, as found in it
    steps: list[str] = field(default_factory=list)
    #: convert this model of the document (a world's)
    model: str | None = None
    #: where its <include>s are found
    resources: tuple[str, ...] = ()

    def line(self, path: str) -> int:
        """The line of the element at ``path`` (an attribute's: its element's)."""
        while path not in self.lines:
            if "/" not in path:
                raise KeyError(f"{self.path}: no line for {path!r}")
            path = path.rpartition("/")[0]
        return self.lines[path]


def schema_paths(root: str, skip: tuple[str, ...] = ()) -> Iterator[tuple[str, bool]]:
    """Every element path below ``root`` in SDFormat 1.7's description, depth first
    (each description once on a path: no recursion), with whether it holds children;
    ``skip``: the children of ``root`` left out."""
    start = schema.node_at(root)
    assert start is not None
    todo: list[tuple[str, dict[str, object], frozenset[int]]] = [(root, start, frozenset())]
    while todo:
        path, node, seen = todo.pop()
        kids = schema.node_children(node)
        for tag, kid in reversed(list((kids or {}).items())):
            if id(kid) in seen or (path == root and tag in skip):
                continue
            sub = f"{path}/{tag}"
            yield sub, bool(schema.node_children(kid)) or schema.node_children(kid) is None
            todo.append((sub, kid, seen | {id(kid)}))


def leaf_value(path: str) -> str | None:
    """A value other than the default for the leaf at ``path`` (None: not a value)."""
    if path in VALUES:
        return VALUES[path]
    node = schema.node_at(path)
    if node is not None and schema.node_children(node) != {}:
        return None  # it holds elements, not a value
    parts = path.split("/")
    leaves = tables()["leaves"]
    found = leaves.get(f"{parts[-2]}/{parts[-1]}") or leaves.get(parts[-1])
    if found is None:
        return None
    kind, default = found
    default = default.strip()
    if kind == "bool":
        return "false" if default.lower() in ("true", "1") else "true"
    if kind in ("double", "float", "time"):
        return "0.375" if default not in ("0.375",) else "0.5"
    if kind in ("int", "unsigned int"):
        return "7" if default != "7" else "8"
    return {"vector3": "0.25 0.5 0.75", "vector2d": "0.25 0.5",
            "pose": "0.1 0.2 0.3 0.4 0.5 0.6", "color": "0.1 0.2 0.3 0.4"}.get(kind, "made_up")


def _child(parent: etree._Element, tag: str, next_tag: str, n: int) -> etree._Element:
    """A new child ``tag`` of ``parent`` with the attributes it needs."""
    el = etree.SubElement(parent, tag)
    for key in tables()["required"].get(tag, ()):
        el.set(key, f"{tag}_{n}" if key == "name" else "x")
    for key, value in ATTRIBUTES.get(tag, {}).items():
        el.set(key, value)
    if tag == "sensor":
        el.set("type", next_tag if next_tag in SENSOR_TYPES else "camera")
    if tag == "plugin":
        el.set("name", f"plugin_{n}")
        el.set("filename", "libx.so")
    return el


def _complete(el: etree._Element, path: str) -> None:
    """Give ``el`` what it needs to be valid (:data:`NEEDS`) unless it has it."""
    for tag, text in NEEDS.get(el.tag, ()):
        if el.find(tag) is None and not (el.tag == "geometry" and len(el)):
            kid = etree.SubElement(el, tag)
            if text:
                kid.text = text
            _complete(kid, f"{path}/{tag}")
    if el.tag == "box" and el.find("size") is None:
        etree.SubElement(el, "size").text = "0.25 0.5 0.75"


def marked(path: str, text: str, marker: str, parent: str = "") -> Case:
    """The case of ``path``, written by hand: its element starts on the line holding
    ``marker`` (``parent``: its parent's, on the line holding that) (for the fates that
    compare what the model means, not the element as written)."""
    lines = text.splitlines()

    def line(mark: str) -> int:
        return next(i for i, t in enumerate(lines, 1) if mark in t)

    found = {path: line(marker)}
    if parent:
        found[path.rpartition("/")[0]] = line(parent)
    return Case(path, text, found, None)


def build(path: str, attribute: str | None = None, probe: bool = False,
          base: str = BASE, value: str | None = None) -> Case:
    """The case of the element at ``path`` (``model/...`` or ``world/...``; with
    ``attribute``, of that attribute of it; with ``probe``, of a custom child of it;
    ``value``: its value, when the schema of 1.7 does not say)."""
    root = etree.fromstring(base.encode())
    parts = path.split("/")
    top = root.find(parts[0])
    assert top is not None
    cur: etree._Element = top
    rest = parts[1:]
    if rest and rest[0] in TARGETS:
        found = top.find(TARGETS[rest[0]])
        assert found is not None
        cur, rest = found, rest[1:]
    for i, tag in enumerate(rest):
        found = cur.find(tag) if tag not in ("joint", "frame", "model") else None
        cur = found if found is not None else _child(cur, tag,
                                                    rest[i + 1] if i + 1 < len(rest) else "", i)
    value = value or leaf_value(path)
    if value is not None and not len(cur):
        cur.text = value
    _complete(cur, path)
    for el in cur.iterancestors():
        _complete(el, "")
    case_path = path
    if attribute is not None:
        value = ATTRIBUTE_VALUES.get(attribute, "made_up")
        cur.set(attribute, value)
        if attribute in POSE_TEXT:
            cur.text = POSE_TEXT[attribute]
        case_path = f"{path}/@{attribute}"
    if probe:
        if value is not None:  # a value and a child: libsdformat's value is the text
            cur.text = None
        cur = etree.SubElement(cur, PROBE, nsmap={"p": PROBE_NS})
        cur.text = "7"
        value = "7"
        case_path = f"{path}/{{custom}}"
    return _placed(root, cur, case_path, value)


def _placed(root: etree._Element, el: etree._Element, path: str, value: str | None
            ) -> Case:
    """The case of ``el`` in ``root``, written one element a line."""
    chain = [el, *el.iterancestors()][::-1]
    indices = [list(p).index(c) for p, c in zip(chain, chain[1:], strict=False)]
    etree.indent(root, "  ")
    text = etree.tostring(root, encoding="unicode") + "\n"
    again = etree.fromstring(text.encode())
    lines: dict[str, int] = {}
    node = again
    steps: list[str] = []
    names = path.split("/")
    for depth, i in enumerate(indices):
        node = node[i]
        steps.append(str(node.tag))
        # the element of each path prefix: the document's own elements (the base's link
        # or joint) stand for their schema step
        key = "/".join(names[:depth + 1]) if depth < len(names) else path
        lines[key] = int(node.sourceline or 0)
    lines.setdefault(path, int(node.sourceline or 0))
    return Case(path, text, lines, value, steps)
