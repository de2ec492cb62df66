"""Elements whose values are their children's texts, read from declarations (SDFormat).

An SDFormat element holds its values in child elements, as their texts
(``<inertial><mass>1</mass>...``), where URDF writes attributes.  Such an element is
declared as a :class:`Record`, whose children are :class:`Value` leaves (the tag, how
its text reads, the value the IR takes when it is absent or does not read) or other
elements, with :mod:`urdfsdf.xml.declared`'s :func:`~urdfsdf.xml.declared.one` and
:func:`~urdfsdf.xml.declared.many` (the SDF ones are in :mod:`urdfsdf.sdf.elements`)::

    MASS = Value("mass", number, default=DEFAULT_MASS)
    INERTIAL = Record("inertial", text("auto"),
                      children=(one(POSE), one(MASS), one(INERTIA)), others=NOT_TAKEN)

:class:`TextReading` takes an element against its declaration, in one scan of its
children (:meth:`TextReading.collect`): the first child of each tag declared
:func:`~urdfsdf.xml.declared.one` (a second is not taken: the reference reader reads
the first), those declared :func:`~urdfsdf.xml.declared.many` in document order, and
the others kept in the node's extras (``others=KEPT``, through the record's ``keep``)
or not taken, with a warning (``others=NOT_TAKEN``: :meth:`TextReading.not_taken`).
:meth:`TextReading.values` reads the value children, in the order they are declared (so
are their diagnostics), each through its reader; :meth:`TextReading.each` hands the
children out in document order, for an element read as it is parsed.  Element code
keeps only what an element means (see :mod:`urdfsdf.sdf.reader`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

from lxml import etree

from urdfsdf.core.ir import Extra
from urdfsdf.xml.declared import KEPT, Attribute, Child, Element, Fate
from urdfsdf.xml.parse import extra, line_of
from urdfsdf.xml.readctx import ReadContext

#: how a value's text reads: ``read(ctx, el, what)``, the value or None (reported
#: through ``ctx``, naming it after ``what``, when it does not read)
ValueReader = Callable[[ReadContext, etree._Element, str], Any]


#: the blanks an empty text may hold (C ``isspace``: TinyXML2, which libsdformat reads
#: with, collapses them away)
_BLANKS = " \t\n\v\f\r"


class Value(Element):
    """A leaf whose text is one value: read by ``read``; ``default`` when it is absent
    or does not read.  ``plain``: the value of a text in its plain form (None: any
    other, which ``read`` reads), tried first.  ``empty``: the element is optional in
    SDFormat's description, and this is its default there (as text), which libsdformat
    reads for an empty text: such a text is then read as absent (``default``), with a
    ``VALUE_TOLERATED`` warning; None (a required element), ``read`` reads it (and
    refuses an empty number, as libsdformat refuses an empty required value)."""

    __slots__ = ("read", "default", "plain", "empty")

    def __init__(self, tag: str, read: ValueReader, *attributes: Attribute,
                 default: Any = None, plain: Callable[[str | None], Any] | None = None,
                 empty: str | None = None) -> None:
        super().__init__(tag, *attributes, holds_text=True)
        self.read = read
        self.default = default
        self.plain = plain
        self.empty = empty


class Record(Element):
    """An element whose values are its children (:class:`Value` or other elements).

    ``keep``: how a child of another tag is kept (``others=KEPT``), as an IR extra.
    """

    __slots__ = ("values", "keep", "ones", "manys", "kept")

    def __init__(self, tag: str, *attributes: Attribute, children: tuple[Child, ...] = (),
                 others: Fate = KEPT, keep: Callable[[etree._Element], Extra] = extra,
                 record: Callable[..., Any] | None = None) -> None:
        super().__init__(tag, *attributes, children=children, others=others, record=record)
        #: its value children, in the order they are read
        self.values = tuple(c.decl for c in children if isinstance(c.decl, Value))
        self.keep = keep
        #: the tags of its children read once, and of those read as often as they come
        self.ones = frozenset(c.tag for c in children if not c.many)
        self.manys = frozenset(c.tag for c in children if c.many)
        #: a child of another tag is kept
        self.kept = others == KEPT


#: the first child of each tag a record declares one of, by tag
First = dict[str, etree._Element]


class TextReading:
    """Records read against their declarations, reporting into ``ctx``."""

    __slots__ = ("ctx",)

    def __init__(self, ctx: ReadContext) -> None:
        self.ctx = ctx

    def collect(self, el: etree._Element, decl: Record, kept: list[Extra] | None = None,
                what: str = "") -> tuple[First, list[etree._Element]]:
        """The children of ``el``, in one scan: the first of each tag ``decl`` declares
        one of (a second is not taken), those it declares many of, in document order;
        the others appended to ``kept`` (``others=KEPT``) or not taken, reported
        (``others=NOT_TAKEN``: :meth:`not_taken`; ``what`` names ``el``)."""
        ones = decl.ones
        manys = decl.manys
        keep = decl.keep if kept is not None and decl.kept else None
        first: First = {}
        every: list[etree._Element] = []
        for c in el:
            tag = c.tag
            if tag in ones:
                if tag not in first:
                    first[tag] = c
            elif tag in manys:
                every.append(c)
            elif keep is not None and isinstance(tag, str):
                kept.append(keep(c))  # type: ignore[union-attr]
            elif not decl.kept and isinstance(tag, str):
                self.not_taken(c, decl, what)
        return first, every

    def not_taken(self, el: etree._Element, decl: Record, what: str) -> None:
        """Report ``el``, a child of an element ``decl`` declares ``others=NOT_TAKEN``: the
        IR has no place for it, so no output holds it (a warning at its line)."""
        where = f"{what}: " if what else ""
        self.ctx.warning("ELEMENT_DROPPED", f"{where}<{el.tag}> in <{decl.tag}> is not read "
                         "(urdfsdf has no place for it): no conversion keeps it", el)

    def value(self, el: etree._Element | None, decl: Value, what: str) -> Any:
        """The value of the leaf ``el`` (None: absent): its ``read``, else its default."""
        if el is None:
            return decl.default
        plain = decl.plain
        if plain is not None:
            found = plain(el.text)
            if found is not None:
                return found
        empty = decl.empty
        if empty is not None and not (el.text or "").strip(_BLANKS):
            # libsdformat's default: ``Param::SetFromString`` of an empty text keeps it
            self.ctx.warning("VALUE_TOLERATED", f"{what} <{el.tag}> is empty: read as "
                             f"when it is absent (its default, {empty}), as libsdformat "
                             "reads it", el)
            return decl.default
        found = decl.read(self.ctx, el, what)
        return decl.default if found is None else found

    def values(self, el: etree._Element, decl: Record, what: str,
               first: First | None = None) -> dict[str, Any]:
        """The values of the :class:`Value` children ``decl`` declares, by tag, read in
        the order it declares them (``first``: ``el``'s children, when collected)."""
        if first is None:
            first = self.collect(el, decl, None, what)[0]
        found: dict[str, Any] = {}
        get = first.get
        for v in decl.values:
            found[v.tag] = self.value(get(v.tag), v, what)
        return found

    def fill(self, el: etree._Element, decl: Record, what: str, first: First | None = None,
             **more: Any) -> Any:
        """The IR record ``decl`` declares (its ``record``: fields named as its value
        children's tags), filled from :meth:`values`, ``el``'s line and ``more``."""
        assert decl.record is not None  # (declared with one)
        return decl.record(**self.values(el, decl, what, first), line=line_of(el), **more)

    def each(self, children: Iterable[etree._Element], decl: Record, kept: list[Extra]
             ) -> Iterator[etree._Element]:
        """The children ``decl`` declares, in document order (of a :func:`one` tag, the
        first); the others kept (appended to ``kept``) or not taken (``children``: the
        element, or its children as they are parsed)."""
        ones = decl.ones
        manys = decl.manys
        keep = decl.keep if decl.kept else None
        seen: set[str] = set()
        for c in children:
            tag = c.tag
            if tag in manys:
                yield c
            elif tag in ones:
                if tag not in seen:
                    seen.add(tag)
                    yield c
            elif keep is not None and isinstance(tag, str):
                kept.append(keep(c))
