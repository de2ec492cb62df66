"""What the lossless tests compare of a URDF: its top-level elements, normalised.

Shared by translate/test_lossless.py and translate/test_lossless_property.py.
"""

from __future__ import annotations

import collections

from lxml import etree

from urdfsdf.urdf.reader import ATTRIBUTES
from urdfsdf.xml.parse import canonical


def urdf_elements(data: bytes) -> collections.Counter[str]:
    """The robot's top-level elements, normalised and canonical, as a multiset."""
    parser = etree.XMLParser(remove_comments=True, remove_blank_text=True, recover=True,
                             resolve_entities=False, no_network=True)
    root = etree.fromstring(data, parser)
    out: collections.Counter[str] = collections.Counter()
    for el in root:
        if isinstance(el.tag, str):
            _normalise(el)
            out[canonical(etree.tostring(el).decode())] += 1
    out[f"robot name={root.get('name')!r} version={root.get('version')!r}"] += 1
    return out


def _normalise(el: etree._Element, parent_type: str | None = None) -> None:
    tag = el.tag
    if tag in ATTRIBUTES:
        for key in list(el.attrib):
            if key not in ATTRIBUTES[tag]:
                del el.attrib[key]
            else:  # numbers are compared token by token
                el.set(key, " ".join(el.get(key, "").split()))
        el.text = None
        if tag != "robot":
            seen = set()
            for child in list(el):
                if child.tag in ATTRIBUTES and child.tag in seen and child.tag not in (
                        "visual", "collision", "link", "joint", "material"):
                    el.remove(child)
                seen.add(child.tag)
    if tag == "origin":
        el.set("xyz", " ".join(el.get("xyz", "0 0 0").split()))
        el.set("rpy", " ".join(el.get("rpy", "0 0 0").split()))
    if tag == "geometry":
        shapes = [c for c in el if isinstance(c.tag, str)]
        for extra in shapes[1:]:
            el.remove(extra)
    if tag == "joint":
        jtype = el.get("type")
        if jtype in ("revolute", "continuous", "prismatic", "planar") and el.find("axis") is None:
            etree.SubElement(el, "axis", xyz="1 0 0")
        limit = el.find("limit")
        if jtype in ("revolute", "prismatic") and limit is not None:
            limit.set("lower", limit.get("lower", "0"))
            limit.set("upper", limit.get("upper", "0"))
    for child in el:
        if isinstance(child.tag, str):
            _normalise(child)
    kids = sorted((c for c in el if isinstance(c.tag, str)),
                  key=lambda c: canonical(etree.tostring(c, with_tail=False).decode()))
    for c in list(el):
        el.remove(c)
    el.extend(kids)
