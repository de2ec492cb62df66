"""Writing XML text directly: escaping and an indenting builder.

Both writers emit text with this builder instead of building an lxml tree
and serialising it: for a 1000-link model that was ~100 ms of a ~290 ms
conversion (SubElement calls, ``indent`` and ``tostring``), now a fraction.
Elements kept verbatim in the IR (:class:`urdfsdf.core.ir.Extra`) are already
serialised XML and are inserted as they are.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

#: what is escaped in a double-quoted attribute value, and in element content
_ATTR_MAP = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "\n": "&#10;",
             "\r": "&#13;", "\t": "&#9;"}
_TEXT_MAP = {"&": "&amp;", "<": "&lt;", ">": "&gt;", "\r": "&#13;"}
_ATTR_SPECIAL = re.compile(f"[{re.escape(''.join(_ATTR_MAP))}]")
_TEXT_SPECIAL = re.compile(f"[{re.escape(''.join(_TEXT_MAP))}]")
HEADER = '<?xml version="1.0" ?>\n'


def attr(value: str) -> str:
    """``value`` escaped for a double-quoted attribute."""
    if plain(value):
        return value
    return _ATTR_SPECIAL.sub(lambda m: _ATTR_MAP[m.group()], value)


def text(value: str) -> str:
    """``value`` escaped for element content."""
    if plain_text(value):
        return value
    return _TEXT_SPECIAL.sub(lambda m: _TEXT_MAP[m.group()], value)


# The tests below look for each escaped character (the keys of the maps above) on its
# own: a search for one character, not the patterns' class (docs/performance.md,
# "Session 22").

def plain_text(value: str) -> bool:
    """Whether :func:`text` leaves ``value`` as it is (no ``&<>`` or carriage return)."""
    return not ("&" in value or "<" in value or ">" in value or "\r" in value)


def plain(values: str) -> bool:
    """Whether ``values`` (an element's values run together) need no escaping at all.

    True when neither :func:`text` nor :func:`attr` would change any of them: one
    test over all of an element's values, where escaping each would test each.
    """
    return not ("&" in values or "<" in values or ">" in values or '"' in values
                or "\n" in values or "\r" in values or "\t" in values)


def attrs(pairs: Iterable[tuple[str, str | None]]) -> str:
    """`` k="v"`` for every pair whose value is not None."""
    return "".join(f' {k}="{attr(v)}"' for k, v in pairs if v is not None)


class XmlBuilder:
    """Accumulates indented XML lines (two spaces per level, as lxml's indent)."""

    #: parts joined into one by :meth:`compact` (a big document's many small
    #: strings cost ~50 bytes each beyond their text)
    CHUNK_PARTS = 2048

    def __init__(self, drop_xmlns: Iterable[str] = ()) -> None:
        self.parts: list[str] = [HEADER]
        self.pad = ""
        #: namespace declarations the root already makes; removed from raw XML
        self.drop_xmlns = tuple(drop_xmlns)
        #: parts before this index are left as they are by :meth:`compact`
        self.mark: int | None = None

    def compact(self) -> None:
        """Join the parts written since the last call (or :attr:`mark`), when many.

        Only once :attr:`mark` is set; the parts before it stay separate.
        """
        mark = self.mark
        if mark is not None and len(self.parts) - mark > self.CHUNK_PARTS:
            parts = self.parts
            chunk = "".join(parts[mark:])
            del parts[mark:]
            parts.append(chunk)
            self.mark = mark + 1

    def open(self, tag: str, attributes: str = "") -> None:
        """``<tag attributes>`` and one level deeper."""
        self.parts.append(f"{self.pad}<{tag}{attributes}>\n")
        self.pad += "  "

    def close(self, tag: str) -> None:
        """One level up and ``</tag>``."""
        self.pad = self.pad[:-2]
        self.parts.append(f"{self.pad}</{tag}>\n")

    def empty(self, tag: str, attributes: str = "") -> None:
        """``<tag attributes/>``."""
        self.parts.append(f"{self.pad}<{tag}{attributes}/>\n")

    def leaf(self, tag: str, content: str, attributes: str = "") -> None:
        """``<tag attributes>content</tag>`` (content escaped)."""
        self.parts.append(f"{self.pad}<{tag}{attributes}>{text(content)}</{tag}>\n")

    def raw(self, xml: str) -> None:
        """Already-serialised XML, placed at the current indentation."""
        for decl in self.drop_xmlns:
            if decl in xml:
                xml = xml.replace(decl, "")
        self.parts.append(f"{self.pad}{xml}\n")

    def getvalue(self) -> str:
        """The document text."""
        return "".join(self.parts)
