"""The SDF reader's declarations (sdf/elements.py) against SDFormat 1.7's description.

Every child a declaration reads is one SDFormat 1.7 defines there (the shipped schema
table, :mod:`urdfsdf.sdf.schema`), so that the two cannot drift apart; the ``urdf:``
custom elements are allowed anywhere, and the children later versions define are named
(``AFTER_1_7``).
"""

from __future__ import annotations

from collections.abc import Iterator

from urdfsdf.sdf import elements
from urdfsdf.sdf.schema import Node, node_at, node_children
from urdfsdf.xml.declared import Element


def _walk(decl: Element, node: Node, path: str) -> Iterator[tuple[str, str, Node | None]]:
    """(path, child tag, its description or None) of every SDFormat child declared below
    ``decl``, described by ``node`` at ``path``."""
    allowed = node_children(node)
    if allowed is None:
        return  # any content
    for child in decl.children:
        if child.tag.startswith("{"):
            continue  # a custom element
        found = allowed.get(child.tag)
        if found is None and (decl.tag, child.tag) in elements.AFTER_1_7:
            continue
        yield path, child.tag, found
        if found is not None:
            yield from _walk(child.decl, found, f"{path}/{child.tag}")


def test_every_declared_child_is_sdformat_1_7s() -> None:
    root = node_at("sdf")
    assert root is not None
    walked = list(_walk(elements.SDF, root, "sdf"))
    undefined = [f"{path}/{tag}" for path, tag, found in walked if found is None]
    assert undefined == []
    # the walk reaches every element the reader reads
    assert {"sdf/model/link/inertial/inertia/ixx", "sdf/world/model/joint/axis2/limit/effort",
            "sdf/model/link/visual/material/diffuse", "sdf/model/link/collision/geometry/mesh/uri",
            "sdf/model/frame/pose"} <= {f"{path}/{tag}" for path, tag, _ in walked}


def test_the_children_after_1_7_are_not_1_7s() -> None:
    for parent, child in elements.AFTER_1_7:
        path = "model/link/collision/geometry" if parent == "geometry" else parent
        node = node_at(path)
        assert node is not None
        allowed = node_children(node)
        assert allowed is not None and child not in allowed
