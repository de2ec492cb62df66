"""Safe XML input and small lxml helpers shared by the readers and writers.

Untrusted files are parsed with entity resolution, DTD loading and network
access off, and a document that declares entities is refused outright
(XXE, billion laughs) before lxml sees it.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from lxml import etree

from urdfsdf.diagnostics import Diagnostics
from urdfsdf.ir import Extra

#: Namespace of URDF content carried inside SDF as custom elements.
URDF_NS = "http://wiki.ros.org/urdf"
URDF_PREFIX = "urdf"

Source = str | bytes | os.PathLike[str]


def _parser() -> etree.XMLParser:
    return etree.XMLParser(
        resolve_entities=False,
        no_network=True,
        load_dtd=False,
        dtd_validation=False,
        huge_tree=False,
        remove_blank_text=False,
        collect_ids=False,
    )


def load_source(source: Source) -> tuple[bytes | None, str | None, str | None]:
    """Read ``source``: a path, XML text, or bytes.

    Returns ``(data, file_name, error)``.  A ``str`` whose first non-blank
    character is ``<`` is XML text; any other ``str`` or path-like is a file.
    """
    if isinstance(source, bytes):
        return source, None, None
    if isinstance(source, str) and source.lstrip()[:1] == "<":
        return source.encode("utf-8"), None, None
    path = Path(source)
    try:
        return path.read_bytes(), str(source), None
    except OSError as exc:
        return None, str(source), f"cannot read {str(source)!r}: {exc.strerror or exc}"


def parse(data: bytes, diags: Diagnostics) -> etree._Element | None:
    """Parse ``data`` into its root element, or record PARSING_ERROR and return None."""
    if not data.strip():
        diags.error("PARSING_ERROR", "the document is empty", 1)
        return None
    if b"<!DOCTYPE" in data and b"<!ENTITY" in data:
        diags.error("PARSING_ERROR",
                    "entity declarations are not allowed (external or expanding entities)",
                    data[: data.find(b"<!ENTITY")].count(b"\n") + 1)
        return None
    data = _tolerate_declaration(data, diags)
    try:
        return etree.fromstring(data, _parser())
    except etree.XMLSyntaxError as exc:
        line: int | None = exc.lineno or None
        msg = exc.msg or str(exc)
        if "Extra content at the end of the document" in msg and line:
            # TinyXML (urdfdom) stops after the root element; so do we, loudly
            head = _cut_at(data, line, getattr(exc, "offset", 1) or 1)
            try:
                root = etree.fromstring(head, _parser())
            except etree.XMLSyntaxError:
                pass
            else:
                diags.warning("PARSING_ERROR", "content after the root element is ignored",
                              line)
                return root
        diags.error("PARSING_ERROR", f"not well-formed XML: {msg}", line)
        return None
    except ValueError as exc:  # e.g. unicode strings with an encoding declaration
        diags.error("PARSING_ERROR", f"cannot parse XML: {exc}", 1)
        return None


_DECL = re.compile(rb"^(\xef\xbb\xbf)?(\s*(?:<!--.*?-->\s*)*)(<\?xml\b[^>]*\?>)", re.S)
_ENC = re.compile(rb"encoding\s*=\s*[\"']([A-Za-z0-9._-]+)[\"']")


def _tolerate_declaration(data: bytes, diags: Diagnostics) -> bytes:
    """Accept XML declarations that TinyXML accepts and libxml2 does not.

    A declaration after blank lines or comments, or with a version other than
    1.0, is replaced by blanks (line numbers stay) with a warning; its
    encoding, if not UTF-8, is applied by decoding here.
    """
    m = _DECL.match(data)
    if m is None:
        return data
    decl = m.group(3)
    late = bool(m.group(2))
    bad_version = re.search(rb"version\s*=\s*[\"']1\.0[\"']", decl) is None
    if not late and not bad_version:
        return data
    line = data[: m.start(3)].count(b"\n") + 1
    diags.warning("PARSING_ERROR", "malformed or misplaced XML declaration ignored", line)
    enc = _ENC.search(decl)
    blank = re.sub(rb"[^\n]", b" ", decl)
    body = data[: m.start(3)] + blank + data[m.end(3):]
    if enc is not None and enc.group(1).lower().replace(b"-", b"") not in (b"utf8", b"ascii"):
        try:
            body = body.decode(enc.group(1).decode()).encode("utf-8")
        except (LookupError, UnicodeDecodeError):
            pass
    return body


def _cut_at(data: bytes, line: int, column: int) -> bytes:
    """``data`` up to (excluding) 1-based ``line``:``column``."""
    pos = 0
    for _ in range(line - 1):
        nxt = data.find(b"\n", pos)
        if nxt < 0:
            return data
        pos = nxt + 1
    return data[: pos + max(column - 1, 0)]


def children(el: etree._Element) -> list[etree._Element]:
    """Child elements of ``el``, comments and processing instructions skipped."""
    return [c for c in el if isinstance(c.tag, str)]


def local(el: etree._Element) -> str:
    """The tag of ``el`` without namespace."""
    tag = el.tag
    assert isinstance(tag, str)
    return tag.rsplit("}", 1)[-1] if tag.startswith("{") else tag


def to_string(el: etree._Element) -> str:
    """Serialise ``el`` (without its tail) as XML text, namespaces declared."""
    return etree.tostring(el, encoding="unicode", with_tail=False)


def extra(el: etree._Element) -> Extra:
    """Keep ``el`` verbatim as an IR :class:`~urdfsdf.ir.Extra`."""
    return Extra(str(el.tag), to_string(el), source_line(el))


def source_line(el: etree._Element) -> int | None:
    """The line ``el`` starts on, when lxml knows it."""
    line = getattr(el, "sourceline", None)
    return line if isinstance(line, int) else None


def from_string(text: str) -> etree._Element:
    """Parse XML text kept in the IR (trusted: we wrote it) back into an element."""
    return etree.fromstring(text, _parser())


def xpath_of(el: etree._Element) -> str:
    """An XPath locating ``el`` in its document (for diagnostics)."""
    return str(el.getroottree().getpath(el))


def serialize(root: etree._Element) -> str:
    """Pretty XML text of a tree with an XML declaration."""
    etree.indent(root, space="  ")
    body = etree.tostring(root, encoding="unicode")
    return '<?xml version="1.0" ?>\n' + body + "\n"
