"""Plain SDF (``urdf2sdf --plain``): the SDF without what only the round trip needs.

Everything urdf2sdf writes for sdf2urdf alone is in the ``urdf`` namespace (README,
"Lossless round trips"; :mod:`urdfsdf.xml.carried`): ``urdf:`` elements (with what
they hold) and attributes.  A plain file has none of them, and no ``<axis>`` that only
held them; one warning lists what was left out.  The SDF elements, and namespaced
elements other readers take (``<drake:...>``), stay as they were.
"""

from __future__ import annotations

import collections

from lxml import etree

from urdfsdf.core.diagnostics import Diagnostics
from urdfsdf.xml.carried import MODEL
from urdfsdf.xml.carried_shape import SHAPE
from urdfsdf.xml.namespaces import URDF_NS, U
from urdfsdf.xml.parse import local

#: the carriers that only hold others (xml/carried.py): listed by what they hold
WRAPPERS = (MODEL, SHAPE)


def plain_sdf(text: str, diags: Diagnostics) -> str:
    """``text`` (urdf2sdf's SDF) without its ``urdf:`` elements and attributes."""
    if f'"{URDF_NS}"' not in text:
        return text
    root = etree.fromstring(text.encode("utf-8"))
    left: collections.Counter[str] = collections.Counter()
    carriers = []
    for el in root.iter():
        if not isinstance(el.tag, str) or any(
                str(a.tag).startswith(U) for a in el.iterancestors()):
            continue  # inside a carrier: goes with it
        for key in [k for k in el.attrib if str(k).startswith(U)]:
            left[f'urdf:{str(key)[len(U):]}=".."'] += 1
            del el.attrib[key]
        if el.tag in WRAPPERS:  # what the model, a shape carries: its parts, by name
            left.update(f"<urdf:{local(c)}>" for c in el if isinstance(c.tag, str))
            carriers.append(el)
        elif str(el.tag).startswith(U):
            left[f"<urdf:{local(el)}>"] += 1
            carriers.append(el)
    for el in carriers:
        parent = el.getparent()
        assert parent is not None
        _drop(el)
        if parent.tag == "axis" and not any(isinstance(c.tag, str) for c in parent):
            _drop(parent)  # the axis urdf2sdf gave a fixed joint to hold them
    etree.cleanup_namespaces(root)
    listed = ", ".join(f"{n} {what}" if n > 1 else what for what, n in sorted(left.items()))
    diags.warning("ELEMENT_DROPPED", "plain SDF: left out what only sdf2urdf reads back "
                  f"({listed}); an SDF -> URDF conversion of this file cannot give the URDF "
                  "back as written (README, 'Plain SDF')")
    body = etree.tostring(root, encoding="unicode")
    return f'<?xml version="1.0" ?>\n{body}\n'


def _drop(el: etree._Element) -> None:
    """Remove ``el`` with the blank before it, keeping its tail for what follows."""
    parent = el.getparent()
    assert parent is not None
    prev = el.getprevious()
    if prev is not None:
        prev.tail = el.tail
    else:
        parent.text = el.tail
    parent.remove(el)
