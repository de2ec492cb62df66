"""Which elements SDFormat defines where: the element tree of its description files.

SDFormat describes each element in a ``.sdf`` description file (``link.sdf``,
``sensor.sdf``...; libsdformat installs them, Debian in the ``sdformat-sdf``
package): its child ``<element>`` descriptions, ``<include filename=..>`` of other
descriptions, and ``copy_data`` for elements that take any content (plugins).
:func:`generate` reduces them to a small JSON table, shipped as
``schema_1_7.json`` (regenerate it with ``python -m urdfsdf.sdf.schema DIR``;
``tests`` compare it with the installed files where they exist).

Each later version written (1.8 to 1.11) is 1.7's table with that version's changes,
:data:`CHANGES`, applied in order: what libsdformat's ``sdf/1.x`` descriptions add (or
remove) where urdf2sdf writes content of ``<gazebo>`` blocks (links, joints, sensors,
lights, shapes, inertials, collisions).  ``gz_frame_id`` is in none: it is gz-sensors'
own element, which libsdformat copies with a warning and Drake refuses (SDFormat 1.12
defines ``//sensor/frame_id`` instead).

:func:`undefined` walks an element about to be written under an SDF element
and returns the descendants the version written does not define there.  libsdformat
copies such elements with a message (an error under ``--strict``), and Drake
refuses them, so urdfsdf never writes them.  Elements with a namespace prefix
are custom elements, allowed anywhere (//@xmlns, SDFormat's custom elements).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from lxml import etree

#: a node of the table: ``c`` inline children by name, ``i`` included descriptions
#: (by file stem), ``any`` for copy_data elements; once loaded, ``k`` the children it
#: allows (:func:`_resolve`)
Node = dict[str, Any]

#: //joint/axis/mimic, SDFormat 1.11 (mimic.sdf; its @joint and @axis are attributes)
_MIMIC: Node = {"c": {"multiplier": {}, "offset": {}, "reference": {}}}
#: what each version after 1.7 changes, in order: (description file, then a path in its
#: element; the child; its description, or None: removed).  1.8 and 1.9 are what
#: libsdformat 12's descriptions differ by (``tests`` check it where they are installed);
#: 1.10 and 1.11 are from libsdformat's ``sdf/1.10``, ``sdf/1.11`` and its Migration.md
CHANGES: dict[str, tuple[tuple[str, str, Node | None], ...]] = {
    "1.8": (("light", "intensity", {}),
            ("geometry", "capsule", {"c": {"radius": {}, "length": {}}}),
            ("geometry", "ellipsoid", {"c": {"radii": {}}}),
            ("model/include", "placement_frame", {}), ("world/include", "placement_frame", {})),
    "1.9": (("camera", "segmentation_type", {}), ("camera", "box_type", {}),
            ("joint/axis", "initial_position", None), ("joint/axis2", "initial_position", None)),
    "1.10": (("joint", "screw_thread_pitch", {}),
             ("sensor", "air_speed", {"c": {"pressure": {"i": ["noise"]}}}),
             ("camera", "triggered", {}), ("camera", "camera_info_topic", {}),
             ("camera", "trigger_topic", {}), ("camera", "optical_frame_id", {}),
             ("camera/image", "anti_aliasing", {}),
             ("camera/lens", "projection", {"c": dict.fromkeys(
                 ("p_fx", "p_fy", "p_cx", "p_cy", "tx", "ty"), {})})),
    "1.11": (("joint/axis", "mimic", _MIMIC), ("joint/axis2", "mimic", _MIMIC),
             ("inertial", "density", {}), ("inertial", "auto_inertia_params", {"any": True}),
             ("collision", "density", {}), ("collision", "auto_inertia_params", {"any": True})),
}
#: the versions whose tables :func:`table` gives
VERSIONS = ("1.7", *CHANGES)


def generate(folder: Path) -> dict[str, Any]:
    """The table of the description files in ``folder`` (e.g. /usr/share/sdformat12/1.7)."""
    files: dict[str, Any] = {}
    for path in sorted(folder.glob("*.sdf")):
        root = etree.parse(str(path), etree.XMLParser(remove_comments=True,
                                                      resolve_entities=False,
                                                      no_network=True)).getroot()
        if root.tag == "element" and root.get("name"):
            files[path.stem] = {"name": root.get("name"), **_node(root)}
    return {"version": folder.name, "files": files}


def _node(el: etree._Element) -> Node:
    node: Node = {}
    kids: dict[str, Node] = {}
    for c in el:
        if c.tag == "element":
            if c.get("copy_data") == "true":
                node["any"] = True
            elif c.get("name"):
                kids[str(c.get("name"))] = _node(c)
        elif c.tag == "include" and c.get("filename"):
            node.setdefault("i", []).append(Path(str(c.get("filename"))).stem)
    if kids:
        node["c"] = kids
    return node


def shipped() -> dict[str, Any]:
    """The shipped table, as :func:`generate` made it."""
    text = resources.files("urdfsdf.sdf").joinpath("schema_1_7.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


@lru_cache(maxsize=len(VERSIONS))
def table(version: str = "1.7") -> dict[str, Any]:
    """The table of ``version`` (one of :data:`VERSIONS`): the shipped one with the
    :data:`CHANGES` up to it, its nodes' children resolved (made on first use)."""
    data = shipped()
    for v in VERSIONS[1:VERSIONS.index(version) + 1]:
        for where, child, node in CHANGES[v]:
            stem, *path = where.split("/")
            parent = data["files"][stem]
            for part in path:
                parent = parent["c"][part]
            kids = parent.setdefault("c", {})
            if node is None:
                kids.pop(child, None)
            else:
                kids[child] = json.loads(json.dumps(node))  # a copy each: nodes get "k"
    _resolve(data["files"])
    return data


def _resolve(files: dict[str, Node]) -> None:
    """Give each node of the table the child elements it allows, by name, under ``k``:
    its inline children and the roots of the descriptions it includes (by reference),
    worked out once, as the table is loaded, not at each lookup."""
    todo = list(files.values())
    while todo:
        node = todo.pop()
        if "k" in node or node.get("any"):
            continue
        kids: dict[str, Node] = dict(node.get("c", {}))
        for stem in node.get("i", ()):
            included = files.get(stem)
            if included is not None:
                kids[included["name"]] = included
        node["k"] = kids
        todo.extend(node.get("c", {}).values())


def node_children(node: Node) -> dict[str, Node] | None:
    """The child elements ``node`` allows (None: any content)."""
    if node.get("any"):
        return None
    kids: dict[str, Node] = node["k"]
    return kids


@lru_cache(maxsize=64)
def node_at(path: str, version: str = "1.7") -> Node | None:
    """The description of the element at ``path`` (``model/link/collision``), if defined
    (in SDFormat ``version``)."""
    parts = path.split("/")
    files = table(version)["files"]
    node: Node | None = next((f for f in files.values() if f["name"] == parts[0]), None)
    for part in parts[1:]:
        if node is None:
            return None
        kids = node_children(node)
        if kids is None:
            return {"any": True}
        node = kids.get(part)
    return node


def undefined(el: etree._Element, parent: str, version: str = "1.7"
              ) -> list[etree._Element]:
    """Descendants of ``el`` (``el`` too) SDFormat ``version`` does not define, ``el``
    being written as a child of the element at path ``parent`` (``model/link``)."""
    start = node_at(parent, version)
    if start is None:
        return []
    found: list[etree._Element] = []
    todo: list[tuple[etree._Element, Node]] = [(el, start)]
    while todo:
        node_el, parent_node = todo.pop()
        tag = node_el.tag
        if not isinstance(tag, str) or tag.startswith("{") or ":" in tag:
            continue  # comments, processing instructions, custom (namespaced) elements
        kids = node_children(parent_node)
        if kids is None:
            continue
        desc = kids.get(tag)
        if desc is None:
            found.append(node_el)
            continue
        todo.extend((c, desc) for c in node_el)
    return found


def print_table(argv: list[str], make: Callable[[Path], dict[str, Any]], module: str,
                example: str) -> int:
    """``python -m MODULE DIR``: print ``make(DIR)`` (a table of DIR's descriptions) as JSON."""
    if len(argv) != 1:
        print(f"usage: python -m {module} DIR (e.g. {example})", file=sys.stderr)
        return 2
    print(json.dumps(make(Path(argv[0])), sort_keys=True, separators=(",", ":")))
    return 0


def main(argv: list[str]) -> int:
    """``python -m urdfsdf.sdf.schema DIR``: print the table of DIR's descriptions as JSON."""
    return print_table(argv, generate, "urdfsdf.sdf.schema", "/usr/share/sdformat12/1.7")


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
