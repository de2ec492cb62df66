"""URDF content as SDF custom elements: the ``urdf:`` wrapping, both ways.

An element of a URDF that SDFormat has no place for (``<transmission>``,
``<mimic>``, an unknown child of a link...) is written into the SDF as the same
element in the ``urdf`` namespace (``xmlns:urdf="http://wiki.ros.org/urdf"``):
``<urdf:transmission>``.  libsdformat and Gazebo ignore custom elements, and
sdf2urdf unwraps them back to the URDF element as written.

A URDF element that is already in a namespace (``<drake:declare_convex>``) is a
legal SDF custom element as it is, and readers of both formats (Drake) look for
it in the same place: it travels as itself, marked ``urdf:kept="true"`` so that
sdf2urdf puts it back into the URDF element rather than a ``<gazebo>`` block; a Drake
extension with its values in SDF's form (:mod:`urdfsdf.xml.drake_forms`).

A name SDFormat cannot take travels as ``urdf:name`` (:func:`mark_renamed`,
:func:`restore_name`).

libsdformat makes every attribute of a custom element, and every namespaced
attribute, a required parameter, and prints an error for a required parameter
with an empty value ("Empty string used when setting a required parameter").
Such empty attributes (``<urdf:material name="">``) are written as a list in
``urdf:empty="name"`` (:func:`without_empty_values`) and restored before any SDF
is parsed (:func:`restore_empty_values`).  Which elements travel this way is the translation's
choice (:mod:`urdfsdf.translate.carriers`); this module only wraps and unwraps.
"""

from __future__ import annotations

import re

from lxml import etree

from urdfsdf.core.ir import AsWritten, Extra
from urdfsdf.xml.drake_forms import is_drake, sdf_form, urdf_form
from urdfsdf.xml.namespaces import URDF_NS, U
from urdfsdf.xml.parse import from_string, local, qualified_attribute, to_string

#: the name in an element's start tag
_START = re.compile(r"<[^\s/>]+")
#: ``urdf:empty="a b"`` in a start tag (the names of attributes whose value is empty)
_EMPTY_LIST = re.compile(rb'(?<=[ \t\r\n])urdf:empty="([^"<>&]*)"')
#: //@urdf:empty: the attributes of an element that are empty, by name (module doc)
EMPTY = U + "empty"


#: marks a namespaced URDF element that travels as itself (//@urdf:kept)
KEPT = U + "kept"


def urdf_extra(x: Extra) -> Extra:
    """The SDF carrier of a URDF element: ``urdf:TAG``, or the element itself, kept."""
    if isinstance(x, AsWritten):
        return x  # a carrier already (urdfsdf.urdf.as_written)
    tag, xml = x.tag, x.xml
    if "{" not in tag and "xmlns:urdf=" not in xml and xml[len(tag) + 1:len(tag) + 2] in (
            " ", ">", "/") and xml.startswith(f"<{tag}"):
        # the common case, as text: only the outer tag changes (no parse and
        # serialisation: docs/performance.md, "Session 22")
        end = f"</{tag}>"
        if xml.endswith(end):
            xml = xml[: -len(end)] + f"</urdf:{tag}>"
        return Extra(U + tag, f'<urdf:{tag} xmlns:urdf="{URDF_NS}"{xml[len(tag) + 1:]}', x.line)
    if tag.startswith("{") and not tag.startswith(U) and "xmlns:urdf=" not in xml and \
            not is_drake(tag):
        # a namespaced element, kept: the marker goes into its start tag, as text
        name = _START.match(xml)
        if name is not None:
            at = name.end()
            return Extra(tag, f'{xml[:at]} xmlns:urdf="{URDF_NS}" urdf:kept="true"{xml[at:]}',
                         x.line)
    el = from_string(x.xml)
    # renamed in place under a parent that declares the prefix (a new element would
    # have its attributes set one by one: quadratic in their number)
    holder = etree.Element("holder", nsmap={"urdf": URDF_NS})
    holder.append(el)
    if tag.startswith("{") and not tag.startswith(U):
        sdf_form(el)  # a Drake extension: its values where SDF has them (xml/drake_forms.py)
        el.set(KEPT, "true")
    else:
        el.tag = U + local(el)
    return Extra(str(el.tag), to_string(el), x.line)


def _is_kept(x: Extra) -> bool:
    head = x.xml[: x.xml.find(">") + 1]
    return "kept=" in head and from_string(x.xml).get(KEPT) == "true"


def is_urdf_extra(x: Extra) -> bool:
    """True for URDF content carried in SDF (``urdf:TAG``, or a kept namespaced element)."""
    return x.tag.startswith(U) or (x.tag.startswith("{") and _is_kept(x))


def mark_renamed(el: etree._Element, new: str) -> None:
    """Rename ``el`` to ``new``, keeping its name as written in ``urdf:name``."""
    if el.getparent() is None:  # a parent declaring the prefix: urdf:, not ns0:
        etree.Element("holder", nsmap={"urdf": URDF_NS}).append(el)
    el.set(U + "name", el.get("name") or "")
    el.set("name", new)


def restore_name(el: etree._Element) -> None:
    """Undo :func:`mark_renamed`: the name as written back in place of the new one."""
    original = el.get(U + "name")
    if original is not None:
        el.set("name", original)
        del el.attrib[U + "name"]


def unwrap_urdf_element(el: etree._Element) -> etree._Element:
    """The URDF element a carrier holds, as written (its ``urdf:name`` restored): a copy."""
    el = from_string(to_string(el)) if el.getparent() is not None else el
    if str(el.tag).startswith(U):
        el.tag = local(el)
    else:
        del el.attrib[KEPT]
        urdf_form(el)  # a Drake extension: its values where URDF has them
    restore_name(el)
    etree.cleanup_namespaces(el)
    return el


def unwrap_urdf_extra(x: Extra) -> Extra:
    """The URDF element a carrier holds, as written (its ``urdf:name`` restored)."""
    el = unwrap_urdf_element(from_string(x.xml))
    return Extra(str(el.tag), to_string(el), x.line)


def drake_urdf_extra(x: Extra) -> Extra:
    """A Drake extension an SDF file holds (not a URDF one it carries) in URDF's form
    (:mod:`urdfsdf.xml.drake_forms`)."""
    el = from_string(x.xml)
    return Extra(x.tag, to_string(el), x.line) if urdf_form(el) else x


def without_empty_values(xml: str, custom: bool = False) -> str:
    """``xml`` with the empty attributes libsdformat refuses listed in ``urdf:empty``.

    Those are the namespaced attributes anywhere, and every attribute of an
    element in a custom element's subtree (``custom``: ``xml`` is inside one).
    ``xml`` must declare the namespaces it uses (as :func:`to_string` writes it).
    """
    if '=""' not in xml:
        return xml
    el = from_string(xml)
    holder = etree.Element("holder", nsmap={"urdf": URDF_NS})  # urdf:, not ns0:
    holder.append(el)
    changed = False
    stack = [(el, custom)]
    while stack:
        e, inside = stack.pop()
        inside = inside or str(e.tag).startswith("{")
        empty = [str(k) for k, v in e.attrib.items()
                 if v == "" and (inside or str(k).startswith("{"))]
        if empty:
            names = [qualified_attribute(e, k) for k in empty]
            for k in empty:
                del e.attrib[k]
            e.set(EMPTY, " ".join(names))
            changed = True
        stack.extend((c, inside) for c in e if isinstance(c.tag, str))
    return to_string(el) if changed else xml


def restore_empty_values(data: bytes) -> bytes:
    """SDF ``data`` with each ``urdf:empty`` list written back as the empty attributes.

    A plain scan, linear in ``data``; line numbers stay.  The inverse of
    :func:`without_empty_values`.
    """
    if b'urdf:empty="' not in data:
        return data
    return _EMPTY_LIST.sub(lambda m: b" ".join(n + b'=""' for n in m.group(1).split()), data)
