"""The SDF reader's declarations (sdf/elements.py) against SDFormat 1.7's description.

Every child a declaration reads is one SDFormat 1.7 defines there (the shipped schema
table, :mod:`urdfsdf.sdf.schema`), so that the two cannot drift apart; the ``urdf:``
custom elements are allowed anywhere, and the children later versions define are named
(``AFTER_1_7``).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from urdfsdf.sdf import elements
from urdfsdf.sdf.schema import Node, node_at, node_children
from urdfsdf.xml.declared import Element
from urdfsdf.xml.declared_text import Value


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


#: libsdformat 12's description of SDFormat 1.9 (the version it reads every file as), where
#: installed (Debian: sdformat-sdf)
DESCRIPTION = Path("/usr/share/sdformat12/1.9")


def _values(decl: Element, path: tuple[str, ...]) -> Iterator[tuple[tuple[str, ...], Value]]:
    """(path, declaration) of every SDFormat value leaf declared below ``decl``."""
    for child in decl.children:
        if child.tag.startswith("{") or child.decl is decl:
            continue
        if isinstance(child.decl, Value):
            yield (*path, child.tag), child.decl
        else:
            yield from _values(child.decl, (*path, child.tag))


def _described() -> dict[tuple[str, str, str], set[tuple[bool, str]]]:
    """(grandparent, parent, name) -> {(required, default)} of each value element the
    description files describe (the grandparent "" at a file's root)."""
    from lxml import etree

    found: dict[tuple[str, str, str], set[tuple[bool, str]]] = {}
    for path in DESCRIPTION.glob("*.sdf"):
        for el in etree.parse(str(path)).getroot().iter("element"):
            parent = el.getparent()
            if el.get("type") is None or parent is None or parent.tag != "element":
                continue
            above = parent.getparent()
            key = (above.get("name", "") if above is not None else "", parent.get("name", ""),
                   el.get("name", ""))
            found.setdefault(key, set()).add((el.get("required") == "1", el.get("default", "")))
    return found


def _same(a: str, b: str) -> bool:
    try:
        return [float(x) for x in a.split()] == [float(x) for x in b.split()]
    except ValueError:
        return a == b


@pytest.mark.skipif(not DESCRIPTION.is_dir(), reason="libsdformat's description files absent")
def test_an_empty_value_reads_as_libsdformat_reads_it() -> None:
    """A value leaf declared ``empty=`` is optional in libsdformat's description (an empty
    text reads as its default, with a warning), with that default; one declared without is
    required there (an empty text is refused, as libsdformat refuses it)."""
    described = _described()
    checked = 0
    for path, decl in _values(elements.SDF, ("sdf",)):
        grand, parent, name = path[-3:]
        flags = described.get((grand, parent, name)) or described.get(("", parent, name))
        if not flags or decl.tag == "pose":  # an empty pose: the identity (Param.cc)
            continue
        assert len({required for required, _ in flags}) == 1, path
        required, default = next(iter(flags))
        assert (decl.empty is None) == required, path
        assert decl.empty is None or _same(decl.empty, default), (path, decl.empty, default)
        checked += 1
    assert checked >= 20
