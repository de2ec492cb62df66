"""Elements read from declarations: what an element holds, as data, and one reader.

A format declares each of its elements once, as an :class:`Element` (the URDF ones
are in :mod:`urdfsdf.urdf.elements`)::

    LIMIT = Element("limit", number("lower"), number("upper"), number("effort"),
                    number("velocity"))
    VISUAL = Element("visual", text("name"),
                     children=(one(ORIGIN), one(GEOMETRY), one(MATERIAL)),
                     reports=True, reports_repeats=True)

- its attributes (:class:`Attribute`): :func:`text`, :func:`name` (not empty),
  :func:`number` or :func:`numbers` (a count of them), each required or not, with the
  value the IR takes when it is absent or does not read (``default``), and how a
  diagnostic names it (``label``);
- its children (:class:`Child`): :func:`one` (a reference reader reads the first; a
  second is not taken, or kept as an unknown child) or :func:`many`; a child of
  another tag is kept as written (``others=KEPT``: it travels in the node's extras)
  or makes the element not taken (``others=NOT_TAKEN``);
- what is reported of what the reference readers ignore (an info, the format's
  ``code``): an attribute the format does not define (``reports``: the element's own,
  when it is read; ``reports_children``: its children's, right after they are
  collected), a repeated child (``reports_repeats``, or one child's own ``report``).

:class:`Reading` takes an element against its declaration, in one pass: the
attributes first (an unknown one reported before any value, as urdfdom's order of
checks gives them), each number through the one number rule (:meth:`Reading.value`:
the plain form as written, else :meth:`~urdfsdf.xml.readctx.ReadContext.number` or
``numbers``), then the children, collected in one scan (:meth:`Reading.record`: the
first of each tag; repeats, unknown children and their attributes reported as the
scan meets them) or handed out in document order (:meth:`Reading.each`).  Element
code keeps only what an element means (see :mod:`urdfsdf.urdf.reader`)::

    values = reading.leaf(el, LIMIT, "joint 'j'")   # {"lower": "-1", "upper": None, ...}
    Limit(lower=values["lower"], upper=values["upper"], ...)

An element may name the IR record it is read into (``record``: its fields named as
the attributes, and ``line``), which :meth:`Reading.fill` fills, and the order its
attributes are written in (``order``); :func:`written` writes such a record's attributes
back.  An element with no meaning beyond its values is then read and written from its
declaration alone (the URDF joint's ``<limit>``, ``<dynamics>`` and
:data:`urdfsdf.urdf.elements.URDF_ONLY`)::

    limit = reading.fill(el, LIMIT, "joint 'j'")    # Limit(lower="-1", upper=None, ...)
    f"<limit{written(limit, LIMIT.order)}/>"       # <limit lower="-1"/>

A reading also decides, in one place, whether what it read comes back *exactly*
(:attr:`Reading.exact`): every attribute the format defines and no other, each value
as written (a number in its plain form or with the blanks the writer writes, nothing
the IR fills in: a ``default``), no text, no child element in a leaf, no repeated or
not-taken child.  Element code never sets it: it reports through the reading what it
finds (:meth:`Reading.error`, :meth:`~Reading.ignored`, :meth:`~Reading.absent`, a name
that is not one), says where its meaning gives back something else
(:meth:`Reading.rewritten`), and reads a part it may keep whole in a
:meth:`~Reading.part`.  A URDF link, joint or top-level material that is not taken
exactly carries itself as written (:mod:`urdfsdf.urdf.as_written`).

A tolerance of a reference reader is one entry here: a field of the declaration that
says what is accepted, and a branch of :class:`Reading` that reads it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any, Literal

from lxml import etree

from urdfsdf.core.ir import Extra
from urdfsdf.core.numbers import plain_numbers
from urdfsdf.xml.build import attrs
from urdfsdf.xml.parse import extra, first_child, line_of
from urdfsdf.xml.readctx import ReadContext

#: an attribute's kind: any text, a name (not empty or blank), or numbers
Kind = Literal["text", "name", "number"]
#: what becomes of a child: kept as written in the node's extras, or not taken (the
#: element then does not come back exactly)
Fate = Literal["kept", "not taken"]
KEPT: Fate = "kept"
NOT_TAKEN: Fate = "not taken"
#: the values of an element's attributes, by name (None: absent, or did not read)
Values = dict[str, str | None]


class Tolerance:
    """What the reference readers make of something a format requires and a file leaves
    out, where one of them reads the file anyway: the value supplied (a declaration's
    ``default``) is reported as a warning with ``code``, saying ``reading`` (whose
    reading it is, and the others'), and the element travels as written.  ``--strict``
    refuses it.  One tolerance is one entry: ``tolerated=`` on an attribute, ``absent=``
    on an element (see :meth:`Reading.absent`).

    With ``read``, the tolerance is of a value written in a form the format does not
    define (``<mesh scale="2">``): ``read(written)`` is the value the readers take (in
    the attribute's form), or None where they do not agree on one (then the value is
    refused as any other)."""

    __slots__ = ("code", "reading", "read")

    def __init__(self, code: str, reading: str,
                 read: Callable[[str], str | None] | None = None) -> None:
        self.code = code
        self.reading = reading
        self.read = read


class Attribute:
    """One attribute of an element: see :func:`text`, :func:`name`, :func:`number`."""

    __slots__ = ("name", "kind", "count", "required", "default", "label", "missing",
                 "plain", "absent_taken", "tolerated")

    def __init__(self, name: str, kind: Kind = "text", count: int = 0, *,
                 required: bool = False, default: str | None = None, label: str = "",
                 missing: str = "", tolerated: Tolerance | None = None) -> None:
        #: the attribute's name
        self.name = name
        self.kind = kind
        #: how many numbers it holds (a number attribute)
        self.count = count
        #: absent is reported (a number by the number rule; a text with ``missing``)
        self.required = required
        #: the value the IR takes when it is absent or does not read (not as written)
        self.default = default
        #: how a diagnostic names it, after the reader's ``what`` (set by :class:`Element`
        #: to "TAG NAME" when not given)
        self.label = label
        #: a required text attribute's diagnostic, after the reader's ``what``
        self.missing = missing or f"has no {name!r} attribute"
        #: the test of a value in its plain form, taken as written: the numbers as the
        #: writers write them (:data:`urdfsdf.core.numbers.PLAIN_NUMBER`, one blank
        #: between), a name not blank; None: any text
        self.plain: Callable[[str], object] | None = (
            plain_numbers(count) if kind == "number" else
            str.strip if kind == "name" else None)
        #: its absence is as written: nothing to report, nothing filled in
        self.absent_taken = not required and default is None
        #: a required one's absence, read anyway (its ``default``), or a value in another
        #: form (a tolerance with ``read``), as a warning
        self.tolerated = tolerated


def text(key: str, *, required: bool = False, default: str | None = None,
         missing: str = "", tolerated: Tolerance | None = None) -> Attribute:
    """A text attribute (``missing``: the diagnostic of a required one that is absent;
    ``tolerated``: a value its element's reader does not take, read as a reference
    reader reads it, :class:`Tolerance` with ``read``)."""
    return Attribute(key, "text", required=required, default=default, missing=missing,
                     tolerated=tolerated)


def name(key: str, *, label: str = "") -> Attribute:
    """A name: required, not empty (:meth:`ReadContext.name`); None when it is not one
    (``label``: how a diagnostic names the element, after the reader's ``what``)."""
    return Attribute(key, "name", required=True, label=label)


def number(key: str, *, required: bool = False, default: str | None = None,
           label: str = "", tolerated: Tolerance | None = None) -> Attribute:
    """One number, kept as its text (see :meth:`Reading.value`); ``tolerated``: a
    required one's absence is a warning (:class:`Tolerance`)."""
    return Attribute(key, "number", 1, required=required, default=default, label=label,
                     tolerated=tolerated)


def numbers(key: str, count: int, *, required: bool = False, default: str | None = None,
            label: str = "", tolerated: Tolerance | None = None) -> Attribute:
    """``count`` numbers separated by blanks, kept as their texts joined by one blank
    (``tolerated``: see :func:`number` and :class:`Tolerance`)."""
    return Attribute(key, "number", count, required=required, default=default, label=label,
                     tolerated=tolerated)


class Child:
    """A child an element declares: see :func:`one` and :func:`many`."""

    __slots__ = ("decl", "tag", "many", "second", "report")

    def __init__(self, decl: Element, many: bool = False, second: Fate = NOT_TAKEN,
                 report: str = "") -> None:
        #: its declaration
        self.decl = decl
        self.tag = decl.tag
        self.many = many
        #: what becomes of a second child of this tag (of a :func:`one` child)
        self.second = second
        #: the diagnostic of a second child, when this child has its own ({what}, {tag})
        self.report = report


def one(decl: Element, *, second: Fate = NOT_TAKEN, report: str = "") -> Child:
    """A child read once (the first; urdfdom's ``FirstChildElement``).  A second one is
    not taken (reported with ``report`` when given) or, ``second=KEPT``, kept as written."""
    return Child(decl, False, second, report)


def many(decl: Element) -> Child:
    """A child read as often as it comes."""
    return Child(decl, True)


class Element:
    """The declaration of one element (see the module docstring)."""

    __slots__ = ("tag", "attributes", "children", "others", "reports", "reports_repeats",
                 "reports_children", "holds_text", "names", "keys", "name", "plan",
                 "child", "leaf", "unread", "absent", "record", "order")

    def __init__(self, tag: str, *attributes: Attribute, children: tuple[Child, ...] = (),
                 others: Fate = KEPT, reports: bool = False, reports_repeats: bool = False,
                 reports_children: Literal["unread", "all"] | None = None,
                 holds_text: bool = False, absent: Tolerance | None = None,
                 record: Callable[..., Any] | None = None, order: tuple[str, ...] = ()
                 ) -> None:
        self.tag = tag
        #: the IR record it is read into (:meth:`Reading.fill`) and written from
        #: (:func:`written`): its fields are named as the attributes, and ``line``
        self.record = record
        #: where its parent requires it, its absence read anyway, as a warning
        #: (:meth:`Reading.absent`); None: an error
        self.absent = absent
        #: its attributes, in the order they are read (and reported)
        self.attributes = attributes
        for attr in attributes:
            attr.label = attr.label or f"{tag} {attr.name}"
        #: its children, by tag
        self.children = children
        #: what becomes of a child of another tag
        self.others = others
        #: its own unknown attributes are reported when it is read
        self.reports = reports
        #: a repeated child of a format's element is reported
        self.reports_repeats = reports_repeats
        #: the unknown attributes of the first child of each tag are reported after the
        #: children are collected: of each ("all"), or of those whose own reading does
        #: not report them ("unread")
        self.reports_children = reports_children
        #: its text is a value (read by the element's reader), not text to keep
        self.holds_text = holds_text
        #: the names of its attributes, as a set and in order
        self.names = frozenset(attr.name for attr in attributes)
        self.keys = tuple(attr.name for attr in attributes)
        #: the order the writer writes its attributes in (default: as declared)
        self.order = order or self.keys
        #: the name of its name attribute (:func:`name`), if any
        self.name = next((attr.name for attr in attributes if attr.kind == "name"), "")
        #: how :meth:`Reading.read` takes each attribute: its name, its plain form (None:
        #: any text), whether its absence is as written
        self.plan = tuple((attr.name, attr.plain, attr.absent_taken) for attr in attributes)
        #: its children's declarations, by tag
        self.child: dict[str, Child] = {c.tag: c for c in children}
        #: it declares no child: a child element is not taken
        self.leaf = not children
        #: the children whose attributes ``reports_children`` does not report (they report
        #: their own)
        self.unread = frozenset(
            c.tag for c in children if reports_children == "unread" and c.decl.reports)


def written(node: object, keys: tuple[str, ...]) -> str:
    """The attributes of the IR record ``node`` (filled from a declaration: its fields
    named as the attributes), as written in a start tag: `` key="value"`` for each of
    ``keys`` it holds, in that order (a declaration's ``order`` or ``keys``)."""
    return attrs((key, getattr(node, key)) for key in keys)


class Format:
    """A format's elements and how its reader reports what its reference reader ignores.

    ``attributes``: the attributes of each element that has any (``ATTRIBUTES``): an
    element there is a format element for the reports of unknown attributes and
    repeated children; ``code``, ``unknown`` (``{tag}``, ``{key}``) and ``repeated``
    (``{tag}``, ``{parent}``): the reports.
    """

    __slots__ = ("elements", "attributes", "allowed", "reported", "code", "unknown",
                 "repeated")

    def __init__(self, elements: Iterable[Element], code: str, unknown: str,
                 repeated: str) -> None:
        self.elements: dict[str, Element] = {e.tag: e for e in elements}
        self.attributes: dict[str, tuple[str, ...]] = {
            e.tag: tuple(attr.name for attr in e.attributes)
            for e in self.elements.values() if e.attributes}
        self.allowed = {tag: frozenset(names) for tag, names in self.attributes.items()}
        #: of each element that ``reports_children``: the children whose unknown
        #: attributes it reports (every format element but those it reads ``unread``),
        #: with the attributes they may have, by tag
        self.reported: dict[str, dict[str, frozenset[str]]] = {
            e.tag: {tag: names for tag, names in self.allowed.items() if tag not in e.unread}
            for e in self.elements.values() if e.reports_children is not None}
        self.code = code
        self.unknown = unknown
        self.repeated = repeated

    def reading(self, ctx: ReadContext) -> Reading:
        """A new reading of this format, reporting into ``ctx``."""
        return Reading(ctx, self)


#: no child's attributes to report (:attr:`Format.reported`)
_NOTHING: dict[str, frozenset[str]] = {}


class Reading:
    """Elements read against their declarations, reporting into ``ctx``.

    ``exact`` stays True while everything read comes back as written (module docstring).
    """

    __slots__ = ("ctx", "format", "exact")

    def __init__(self, ctx: ReadContext, fmt: Format) -> None:
        self.ctx = ctx
        self.format = fmt
        self.exact = True

    # -- an element's own content ----------------------------------------------------

    def name(self, el: etree._Element, decl: Element, what: str) -> str | None:
        """The name of ``el`` (the :func:`name` attribute ``decl`` declares), checked before
        the element is read: None, reported, when it has none (urdfdom refuses it; the
        element is not taken)."""
        found = self.ctx.name(el, what, decl.name)
        if found is None:
            self.exact = False
        return found

    # -- what an element's reader finds ------------------------------------------------

    def error(self, code: str, message: str, el: etree._Element) -> None:
        """Report an error the element's reader finds: what it is about is not taken."""
        self.ctx.error(code, message, el)
        self.exact = False

    def ignored(self, message: str, el: etree._Element) -> None:
        """Report (an info, the format's code) what the reference reader ignores and the
        element's reader finds: it is not taken, and travels as written."""
        self.ctx.info(self.format.code, message, el)
        self.exact = False

    def rewritten(self) -> None:
        """What the element's reader took does not come back as written: its meaning
        reads it otherwise (the reader says which, where it calls this)."""
        self.exact = False

    def part(self) -> Reading:
        """A new reading of a part of this one's element (same format and context), which
        :meth:`take` makes part of it, or which is kept whole when it cannot be read."""
        return Reading(self.ctx, self.format)

    def take(self, part: Reading) -> None:
        """Make what ``part`` read part of this reading: exact only where both are."""
        self.exact = self.exact and part.exact

    def read(self, el: etree._Element, decl: Element, what: str) -> Values:
        """The attributes of ``el``, as ``decl`` declares them (``what`` names the element
        in diagnostics: "joint 'j'"); its text and, in a leaf, a child element are not
        taken.  (Its children, when it declares any, are read by :meth:`record`,
        :meth:`each` or the element's reader.)

        An attribute ``decl`` does not declare is not taken (reported when ``decl``
        ``reports``) before any value is read; then each value, through :meth:`value`.
        """
        values = {}
        present = 0
        general = False  # a value for the general path (see _general)
        for key, plain, absent_taken in decl.plan:
            written = values[key] = el.get(key)
            if written is None:
                if absent_taken:
                    continue
            else:
                present += 1
                if plain is None or plain(written):
                    continue
            general = True
        if present != len(el.attrib):
            self.exact = False
            if decl.reports:
                self.report_unknown(el)
        if general:
            self._general(el, decl, values, what)
        t = el.text
        if t and not t.isspace() and not decl.holds_text:
            self.exact = False
        if decl.leaf and len(el) and first_child(el) is not None:
            self.exact = False
        return values

    def _general(self, el: etree._Element, decl: Element, values: Values, what: str
                 ) -> None:
        """Each value of ``values`` (as written) that is not in its plain form, through
        :meth:`value`; an absent one too, unless its absence is as written."""
        for attr in decl.attributes:
            written = values[attr.name]
            if written is None:
                if not attr.absent_taken:
                    values[attr.name] = self.value(el, attr, None, what)
            elif attr.plain is not None and not attr.plain(written):
                values[attr.name] = self.value(el, attr, written, what)

    def fill(self, el: etree._Element | None, decl: Element, what: str) -> Any:
        """The IR record ``decl`` declares (its ``record``), filled from ``el`` (None:
        absent, no record): its attributes as :meth:`read` reads them, and its line."""
        if el is None:
            return None
        assert decl.record is not None  # (declared with one)
        return decl.record(**self.read(el, decl, what), line=line_of(el))

    def value(self, el: etree._Element, attr: Attribute, written: str | None,
              what: str) -> str | None:
        """The value of ``attr`` written ``written`` (None: absent) when that is not its
        plain form (which is taken as written): the number rule's general path.

        A number goes through
        :meth:`ReadContext.number` (one) or :meth:`ReadContext.numbers` (tokens joined by
        one blank), which report what does not read; a name through
        :meth:`ReadContext.name`; a required text is reported when absent.  Absent or
        not read: the attribute's ``default``.  Not as written: the element is not taken
        exactly.
        """
        ctx = self.ctx
        value: str | None = attr.default
        tolerance = attr.tolerated
        if tolerance is not None:
            if written is None and tolerance.read is None:
                self.supplied(el, tolerance, f"{what} {attr.label} is missing")
                return value
            read = self.tolerated(el, tolerance, written, f"{what} {attr.label}")
            if read is not None:
                return read
        if attr.kind == "number":
            label = f"{what} {attr.label}"
            if attr.count == 1:
                value = ctx.number(el, written, label, attr.required, attr.default)
            elif written is not None or attr.required:
                found = ctx.numbers(el, written, attr.count, label)
                if found is None:  # (reported: absent too, when required)
                    self.exact = False
                else:
                    value = " ".join(found[0])
        elif attr.kind == "name":
            value = ctx.name(el, f"{what} {attr.label}", attr.name)
        elif written is None and attr.required:
            ctx.error("ATTRIBUTE_MISSING", f"{what} {attr.missing}", el)
        if value != written:
            self.exact = False
        return value

    def tolerated(self, el: etree._Element, tolerance: Tolerance, written: str | None,
                  what: str) -> str | None:
        """The value written ``written`` as ``tolerance`` reads it (reported), or None when
        it has no reading of a written value or finds none."""
        if written is None or tolerance.read is None:
            return None
        read = tolerance.read(written)
        if read is not None:
            self.supplied(el, tolerance, f"{what} {written!r} is read as {read!r}")
        return read

    def supplied(self, el: etree._Element, tolerance: Tolerance, what: str) -> None:
        """Report a value supplied where a reference reader reads the file anyway (a
        warning, ``tolerance``'s code); the element does not come back as read."""
        self.ctx.warning(tolerance.code, f"{what}: {tolerance.reading}", el)
        self.exact = False

    def absent(self, decl: Element, parent: etree._Element, what: str) -> bool:
        """Report a required child ``decl`` that ``parent`` does not have: a warning when
        its declaration tolerates it (True: read on, with what the element's reader
        supplies), else an error (False)."""
        self.exact = False
        if decl.absent is None:
            self.ctx.error("ELEMENT_MISSING", f"{what} has no <{decl.tag}>", parent)
            return False
        self.supplied(parent, decl.absent, f"{what} has no <{decl.tag}>")
        return True

    def report_unknown(self, el: etree._Element) -> None:
        """Report each attribute of ``el`` its format's element of that tag does not
        declare (the reference reader ignores it; it is kept as written)."""
        fmt = self.format
        allowed = fmt.allowed.get(el.tag)
        if allowed is None:
            return  # not one of the format's elements with attributes
        keys = el.keys()
        if allowed.issuperset(keys):
            return
        for key in keys:
            if key not in allowed:
                self.ctx.info(fmt.code, fmt.unknown.format(tag=el.tag, key=key), el)

    # -- an element's children ---------------------------------------------------------

    def record(self, el: etree._Element, decl: Element, what: str
               ) -> tuple[Values, dict[str, etree._Element], tuple[Extra, ...]]:
        """Read an element whose children are each read once: its attributes, the
        first child of each tag (by tag), and the children of tags ``decl`` does not
        declare that are kept.  In one scan: a repeated child is not taken and reported
        as the scan meets it, then the unknown attributes of the children
        (``reports_children``), in document order."""
        values = self.read(el, decl, what)
        first: dict[str, etree._Element] = {}
        kept: list[Extra] = []
        declared = decl.child
        reported = self.format.reported.get(decl.tag, _NOTHING) \
            if decl.reports_children is not None else _NOTHING
        odd: list[etree._Element] = []  # children with attributes to report
        for c in el:
            tag = c.tag
            if tag in first:
                self._second(c, tag, declared.get(tag), decl, what, kept)
                continue
            if tag not in declared:
                if not isinstance(tag, str):
                    continue  # a comment or processing instruction
                self._other(c, decl, kept)
            first[tag] = c
            allowed = reported.get(tag)
            if allowed is not None and not allowed.issuperset(c.keys()):
                odd.append(c)
        for c in odd:  # after the repeats
            self.report_unknown(c)
        return values, first, tuple(kept)

    def each(self, children: Iterable[etree._Element], decl: Element, what: str,
             kept: list[Extra]) -> Iterator[tuple[str, etree._Element]]:
        """The children ``decl`` declares, in document order, with their tags: those of
        other tags kept (appended to ``kept``) or not taken, a second :func:`one` child
        reported when met (``children``: the element, or its children as they are
        parsed)."""
        declared = decl.child
        seen: set[str] = set()
        for c in children:
            tag = c.tag
            if not isinstance(tag, str):
                continue
            child = declared.get(tag)
            if child is None:
                self._other(c, decl, kept)
            elif child.many:
                yield tag, c
            elif tag in seen:
                self._second(c, tag, child, decl, what, kept)
            else:
                seen.add(tag)
                yield tag, c

    # -- what a scan meets ---------------------------------------------------------------

    def _other(self, c: etree._Element, decl: Element, kept: list[Extra]) -> None:
        """A child of a tag ``decl`` does not declare: kept as written, or not taken."""
        if decl.others == KEPT:
            kept.append(extra(c))
        else:
            self.exact = False

    def _second(self, c: etree._Element, tag: str, child: Child | None, decl: Element,
                what: str, kept: list[Extra]) -> None:
        """A second child of tag ``tag`` (``child``: its declaration, None for another
        tag): the reference reader reads the first; reported (a format element's, when
        ``decl`` reports repeats; or with the child's own ``report``)."""
        fmt = self.format
        if child is not None and child.report:
            self.ctx.info(fmt.code, child.report.format(what=what, tag=tag), c)
        elif decl.reports_repeats and tag in fmt.allowed:
            self.ctx.info(fmt.code, fmt.repeated.format(tag=tag, parent=decl.tag), c)
        if child is None or child.second == KEPT:
            self._other(c, decl, kept)
        else:
            self.exact = False
