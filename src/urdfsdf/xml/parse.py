"""Safe XML input and small lxml helpers shared by the readers and writers.

Untrusted files are parsed with entity resolution, DTD loading and network
access off, and no file or URL is ever opened (:class:`_ReadNothing`).  A
document whose DTD declares entities or names an external DTD is refused (XXE,
billion laughs), on what libxml2 parsed, whatever the document's encoding
(:func:`parse`, :class:`Stream`).
"""

from __future__ import annotations

import codecs
import copy
import os
import re
import threading
from collections.abc import Callable, Iterator
from functools import lru_cache
from pathlib import Path
from typing import Literal, TypeVar

from lxml import etree

from urdfsdf.core.diagnostics import Diagnostics
from urdfsdf.core.ir import AsWritten, Extra, SdfLimit, UrdfRoot
from urdfsdf.core.record import record
from urdfsdf.xml.namespaces import AS_WRITTEN, KNOWN_PREFIXES, SDF_LIMIT, URDF_ROOT

R = TypeVar("R")


Source = str | bytes | os.PathLike[str]


class _ReadNothing(etree.Resolver):
    """Resolve every external resource (DTD, entity) to an empty text.

    libxml2 reads a DOCTYPE's external subset even with ``load_dtd=False``;
    with this resolver no file or URL is ever opened.
    """

    def resolve(self, system_url: str, public_id: str,  # type: ignore[override]
                context: object) -> object:
        return self.resolve_string("", context, base_url=None)


_PARSER_OPTIONS: dict[str, bool] = {
    "resolve_entities": False,
    "no_network": True,
    "load_dtd": False,
    "dtd_validation": False,
    "huge_tree": False,
    "remove_blank_text": False,
    "collect_ids": False,
}


#: each thread's parsers (lxml's parsers must not be shared between threads)
_PARSERS = threading.local()


def _parser() -> etree.XMLParser:
    """This thread's safe parser.

    One parser serves every parse of its thread, as lxml's default parser does: a parser
    made for each document costs a third more on a small one (its setup, and its own
    names dictionary).  It holds no document once parsed; the documents it parses
    share its dictionary of names, as those of lxml's default parser share its.
    """
    parser: etree.XMLParser | None = getattr(_PARSERS, "safe", None)
    if parser is None:
        parser = etree.XMLParser(**_PARSER_OPTIONS)  # type: ignore[arg-type]
        parser.resolvers.add(_ReadNothing())
        _PARSERS.safe = parser
    return parser


def is_xml_text(source: object) -> bool:
    """True for a ``str`` that is XML text, not a path.

    A ``str`` whose first non-blank character is ``<`` (a byte order mark may
    lead) is XML text, and so is an empty or blank one (an empty document).
    """
    return isinstance(source, str) and (not source.strip()
                                        or source.lstrip("\ufeff \t\r\n")[:1] == "<")


def load_source(source: object) -> tuple[bytes | None, str | None, tuple[str, str] | None]:
    """Read ``source``: a path, XML text, or bytes.

    Returns ``(data, file_name, error)``, ``error`` being ``(code, message)``:
    ``ARGUMENT_INVALID`` for an object that is neither text, bytes nor a path,
    ``STRING_READ`` for text that is not Unicode (lone surrogates, as
    ``errors="surrogateescape"`` leaves undecodable bytes), ``FILE_READ`` for a
    file that cannot be read (missing, a folder, gone while read).
    """
    if isinstance(source, (bytes, bytearray, memoryview)):
        return bytes(source), None, None
    if is_xml_text(source):
        assert isinstance(source, str)
        try:
            return source.encode("utf-8"), None, None
        except UnicodeEncodeError as exc:
            return None, None, ("STRING_READ", f"the text is not valid Unicode: character "
                                f"{exc.object[exc.start]!r} at offset {exc.start}")
    if not isinstance(source, (str, os.PathLike)):
        return None, None, ("ARGUMENT_INVALID", "expected XML text, bytes or a path, got "
                            f"{type(source).__name__}")
    try:
        name = os.fsdecode(os.fspath(source))
    except (TypeError, UnicodeDecodeError) as exc:  # a PathLike whose fspath is not a path
        return None, None, ("ARGUMENT_INVALID", f"not a usable path: {exc}")
    shown = name.encode("utf-8", "backslashreplace").decode("utf-8")
    try:
        return Path(name).read_bytes(), shown, None
    except IsADirectoryError:
        return None, shown, ("FILE_READ", f"cannot read {shown!r}: it is a folder")
    except OSError as exc:
        return None, shown, ("FILE_READ", f"cannot read {shown!r}: {exc.strerror or exc}")
    except ValueError as exc:  # e.g. a NUL character in the path
        return None, shown, ("FILE_READ", f"cannot read {shown!r}: {exc}")


def load_input(source: object, diags: Diagnostics, file: str | None = None) -> bytes | None:
    """The bytes of ``source`` (see :func:`load_source`), or None with the error recorded.

    ``diags.file`` becomes ``file``, else the path read, else stays as it was.
    """
    data, name, error = load_source(source)
    if file is not None or name is not None:
        diags.file = file or name
    if error is not None or data is None:
        code, message = error or ("FILE_READ", "cannot read the input")
        diags.error(code, message)
        return None
    return data


def parse(data: bytes, diags: Diagnostics) -> etree._Element | None:
    """Parse ``data`` into its root element, or record PARSING_ERROR and return None.

    What TinyXML (libsdformat, urdfdom) reads and libxml2 refuses is read as
    TinyXML reads it, with an ``XML_TOLERATED`` warning (see :func:`_parse_leniently`).
    A document whose DTD declares entities or names an external DTD is refused
    (:func:`_refusal`), alone: without the warnings of the tolerances tried on it.
    """
    if not data or data.isspace():  # as data.strip() (ASCII blanks), without a copy
        diags.error("PARSING_ERROR", "the document is empty", 1)
        return None
    start = len(diags.items)
    try:
        root, parsed = _parse_leniently(data, diags)
    except etree.XMLSyntaxError as exc:
        refused = _refused_text(_document_text(data))
        if refused is not None:
            del diags.items[start:]
            diags.error("PARSING_ERROR", refused[0], refused[1])
        else:
            diags.error("PARSING_ERROR", f"not well-formed XML: {exc.msg or exc}",
                        exc.lineno or None)
        return None
    except ValueError as exc:  # e.g. unicode strings with an encoding declaration
        diags.error("PARSING_ERROR", f"cannot parse XML: {exc}", 1)
        return None
    refusal = _refusal(root, parsed)
    if refusal is not None:
        message, line, alone = refusal
        if alone:
            del diags.items[start:]
        diags.error("PARSING_ERROR", message, line)
        return None
    return root


def _parse_leniently(data: bytes, diags: Diagnostics) -> tuple[etree._Element, bytes]:
    """The root element of ``data`` as TinyXML reads it, and the bytes libxml2 read it from.

    ``data`` is parsed as it is (after :func:`_tolerate_declaration`); when libxml2
    refuses it, the tolerances are tried in turn, each at most once: the repairs of
    :func:`_repair`, the prefixes of :func:`_declare_prefixes`, the cut of
    :func:`_cut_extra`.  They scan bytes as ASCII, so they apply only where that is how
    the document reads (:func:`_ascii_markup`), and the repairs never to a document
    with a DOCTYPE.  Raises the last XMLSyntaxError when none reads it.
    """
    data = _tolerate_declaration(data, diags)
    repaired = declared = False
    mendable: tuple[bool, bool] | None = None  # (markup in ASCII, no DOCTYPE)
    while True:
        try:
            return etree.fromstring(data, _parser()), data
        except etree.XMLSyntaxError as exc:
            if mendable is None:
                text = _document_text(data)
                mendable = (text is not None and _ascii_markup(data, text),
                            text is not None and text.find("<!DOCTYPE") < 0)
            ascii, no_doctype = mendable
            fixed = None
            code: object = getattr(exc, "code", None)  # lxml-stubs lack it
            if not repaired and code in _REPAIRABLE:
                repaired = True
                fixed = _repair(data, diags) if ascii and no_doctype else None
            if fixed is None and not declared:
                declared = True
                fixed = _declare_prefixes(data, exc, diags) if ascii else None
            if fixed is None:
                cut = _cut_extra(data, exc, diags) if ascii else None
                if cut is None:
                    raise
                return cut
            data = fixed


def _cut_extra(data: bytes, exc: etree.XMLSyntaxError, diags: Diagnostics
               ) -> tuple[etree._Element, bytes] | None:
    """The root element of ``data`` without the content after it, and the bytes it was
    read from; None when ``exc`` is another error or that does not parse either.

    TinyXML (urdfdom) stops after the root element; so do we, loudly.
    """
    line: int | None = exc.lineno or None
    if line is None or "Extra content at the end of the document" not in (exc.msg or str(exc)):
        return None
    head = _cut_at(data, line, getattr(exc, "offset", 1) or 1)
    try:
        root = etree.fromstring(head, _parser())
    except etree.XMLSyntaxError:
        return None
    diags.warning("XML_TOLERATED", "content after the root element is ignored", line)
    return root, head


_NO_ENTITIES = "entity declarations are not allowed (external or expanding entities)"
_NO_EXTERNAL = "a DOCTYPE naming an external DTD is not allowed (SYSTEM or PUBLIC)"
_NO_UNDECLARED = "references to undeclared entities are not allowed"
#: the name stops at "<" too, so that a run of "<!DOCTYPE a<!DOCTYPE a..." is
#: scanned once, not once per start (quadratic); compiled where it is used, as the
#: repair patterns below (most documents have no DOCTYPE)
_EXTERNAL_ID = r"(?a)<!DOCTYPE\s+[^\s\[<>]+\s+(?:SYSTEM|PUBLIC)\b"


def _refusal(root: etree._Element, data: bytes) -> tuple[str, int, bool] | None:
    """Why the document libxml2 parsed (from ``data``) is refused: its message, line, and
    whether it is reported alone (see :func:`parse`).

    Taken on its DTD: any entity declaration (general or parameter, internal or
    external), an external DTD (SYSTEM or PUBLIC id), a reference to an undeclared
    entity (libxml2 lets one through only when a DTD could declare it elsewhere).
    The line is that of the first ``<!ENTITY`` or the external id in the document's
    text (:func:`_refused_text`), else 1.
    """
    info = root.getroottree().docinfo
    dtd = info.internalDTD
    if dtd is None:
        return None  # no DOCTYPE: libxml2 rejects any undeclared entity
    entities = next(dtd.iterentities(), None) is not None  # type: ignore[attr-defined]
    if entities or info.system_url or info.public_id:  # type: ignore[attr-defined]
        found = _refused_text(_document_text(data, info.encoding))
        message, line = found if found is not None else (
            _NO_ENTITIES if entities else _NO_EXTERNAL, 1)
        return message, line, True
    if next(root.iter(etree.Entity), None) is not None:
        return _NO_UNDECLARED, 1, False
    return None


def _refused_text(text: str | None) -> tuple[str, int] | None:
    """What a document's ``text`` (None: unknown) with a DOCTYPE is refused for, and the
    line: entity declarations (the first ``<!ENTITY``), else an external DTD id.

    A document libxml2 refuses is reported so when its text holds these, as when it
    parses and its DTD shows them.
    """
    if text is None or text.find("<!DOCTYPE") < 0:
        return None
    pos = text.find("<!ENTITY")
    if pos >= 0:
        return _NO_ENTITIES, text.count("\n", 0, pos) + 1
    m = re.compile(_EXTERNAL_ID).search(text)
    if m is not None:
        return _NO_EXTERNAL, text.count("\n", 0, m.start()) + 1
    return None


#: how a document's first bytes name its encoding (XML 1.0 appendix F): a byte order
#: mark, or ``<?`` in UTF-32 or UTF-16, or ``<?xm`` in EBCDIC; with the Python codec
#: of the text and the length of the byte order mark
_SIGNATURES = ((b"\x00\x00\xfe\xff", "utf-32-be", 4), (b"\xff\xfe\x00\x00", "utf-32-le", 4),
               (b"\xfe\xff", "utf-16-be", 2), (b"\xff\xfe", "utf-16-le", 2),
               (b"\xef\xbb\xbf", "utf-8", 3),
               (b"\x00\x00\x00\x3c", "utf-32-be", 0), (b"\x3c\x00\x00\x00", "utf-32-le", 0),
               (b"\x00\x3c\x00\x3f", "utf-16-be", 0), (b"\x3c\x00\x3f\x00", "utf-16-le", 0),
               (b"\x4c\x6f\xa7\x94", "cp037", 0))


def _document_encoding(data: bytes, declared: str | None = None) -> tuple[str, int]:
    """The encoding of ``data`` as libxml2 finds it, and the length of its byte order
    mark: named by its first bytes (:data:`_SIGNATURES`), else the one ``declared``
    (libxml2's ``docinfo.encoding``; None: the XML declaration's), else UTF-8."""
    for signature, codec, skip in _SIGNATURES:
        if data.startswith(signature):
            return (declared if declared and codec == "cp037" else codec), skip
    if declared is None:
        found = find_declaration(data)
        enc = None if found is None else _ENC.search(data, found.start, found.end)
        declared = "utf-8" if enc is None else enc.group(1).decode("ascii")
    return declared, 0


def _document_text(data: bytes, declared: str | None = None) -> str | None:
    """``data`` decoded in its encoding (:func:`_document_encoding`), bytes it cannot hold
    replaced; None when Python has no text codec of that name, or one that cannot replace
    them (``idna``, ``undefined``)."""
    codec, skip = _document_encoding(data, declared)
    try:
        return data[skip:].decode(codec, "replace")
    except (LookupError, UnicodeError):
        return None


#: the bytes that are not ASCII
_NOT_ASCII = bytes(range(0x80, 0x100))


def _ascii_markup(data: bytes, text: str) -> bool:
    """Whether ``data``, whose text is ``text``, is read right by a scan of its bytes as
    ASCII: its ASCII bytes are exactly the ASCII characters of its text (UTF-8, ISO-8859,
    ...; not UTF-16/32, nor UTF-7 that writes markup in base64 such as ``+ADw-``)."""
    return data.translate(None, _NOT_ASCII) == text.encode("ascii", "ignore")


class Reparse(Exception):
    """The incremental parse met something only :func:`parse` reports: start again with it."""


class Stream:
    """A document parsed incrementally, so that no whole tree is ever held.

    The bytes are fed to libxml2 in chunks; readers walk a parent's children
    with :meth:`children`, which hands out each child once it is complete
    (containers named in ``open_tags`` as soon as they start, to be walked in
    turn) and, in a big document, clears it once the reader moves on.  Cleared children stay in
    the tree as empty elements, so the XPath of an element in a diagnostic
    (``/robot/link[3]``) is what the whole tree gives.

    :meth:`open` returns None when the document is not the plain case (a
    declaration :func:`parse` rewrites, an encoding other than UTF-8/ASCII): read it
    with :func:`parse`.  A document with a DOCTYPE (its DTD, as libxml2 parsed it by
    the root's start) and any syntax error raise :class:`Reparse`; the caller drops
    what it read and calls :func:`parse`, which reports it exactly as for a
    whole-tree parse.
    """

    #: bytes fed to libxml2 at a time: small enough that the nodes it makes are
    #: still in the CPU cache when the reader walks them (measured at 100k
    #: links: 1 MB chunks 93-119 us per link read, 32 KB chunks 58-65; at 1k
    #: links the same)
    CHUNK = 1 << 15
    #: documents from this size on have their children cleared once read:
    #: lxml's ``clear()`` costs ~15 us per URDF link (more than parsing it),
    #: while a whole tree is freed at once for next to nothing, so a smaller
    #: document keeps its (smaller) tree until the stream is dropped
    CLEAR_FROM = 16 << 20

    def __init__(self, data: bytes, tags: tuple[str, ...]) -> None:
        self._data = data
        self._pos = 0
        self._clear = len(data) >= self.CLEAR_FROM
        self._parser = etree.XMLPullParser(events=("start", "end"), tag=tags,
                                           **_PARSER_OPTIONS)  # type: ignore[arg-type]
        self._parser.resolvers.add(_ReadNothing())
        self.done = False
        self.root: etree._Element | None = None
        #: containers (elements with a tag of ``tags``) whose end tag was read
        self.ended: set[etree._Element] = set()

    @classmethod
    def open(cls, data: bytes, tags: tuple[str, ...]) -> Stream | None:
        """A stream over ``data`` (the root's tag must be one of ``tags``), or None."""
        if not data or data.isspace() or not _utf8(_document_encoding(data)[0]):
            return None
        found = find_declaration(data)
        if found is not None and (found.late or _VERSION_1_0.search(
                data, found.start, found.end) is None):
            return None  # parse() rewrites this declaration
        return cls(data, tags)

    def _feed(self) -> None:
        try:
            if self._pos < len(self._data):
                self._parser.feed(self._data[self._pos:self._pos + self.CHUNK])
                self._pos += self.CHUNK
            else:
                self._parser.close()
                self.done = True
            events = self._parser.read_events()
            for event, el in events:  # only ("start" | "end", element) pairs
                assert isinstance(el, etree._Element)
                if event == "end":
                    self.ended.add(el)
                elif self.root is None:
                    # the root's tag is not one of ours, or a DOCTYPE (parsed by now) came
                    if el.getparent() is not None or \
                            el.getroottree().docinfo.internalDTD is not None:
                        raise Reparse
                    self.root = el
        except etree.XMLSyntaxError:
            raise Reparse from None
        if self.done and self.root is None:
            raise Reparse

    def start(self) -> etree._Element:
        """The root element (its attributes are read; its children come later)."""
        while self.root is None:
            if self.done:
                raise Reparse
            self._feed()
        return self.root

    def finish(self) -> None:
        """Parse to the end (a syntax error anywhere raises :class:`Reparse`)."""
        while not self.done:
            self._feed()

    def children(self, el: etree._Element, open_tags: tuple[str, ...] = (),
                 keep: tuple[str, ...] = ()) -> Iterator[etree._Element]:
        """The children of ``el`` (comments too), each complete when handed out.

        A child whose tag is in ``open_tags`` is handed out when it starts; walk
        its children with this method.  Each child is cleared when the next one
        is asked for, except those with a tag in ``keep``.
        """
        ended = self.ended
        clear = self._clear
        prev = None
        while True:
            if prev is None:
                c = next(iter(el), None)
            else:
                c = prev.getnext()
            if c is None:
                if self.done or el in ended:
                    return
                self._feed()
                continue
            tag = c.tag
            if tag not in open_tags:
                while c.getnext() is None and not self.done and el not in ended:
                    self._feed()
            yield c
            if clear and tag not in keep:
                c.clear()
            prev = c


#: documents from this size on are read as they stream in (:class:`Stream`); smaller ones
#: as a whole tree, which is faster while the tree fits in the CPU's cache (measured on
#: generated models: 4-7% faster up to 1.2 MB, 1-5% slower from 2.7 MB on)
STREAM_FROM = 2 << 20


def read_document(data: bytes, diags: Diagnostics, tags: tuple[str, ...],
                  read: Callable[[etree._Element, Stream | None], R], *,
                  stream_from: int = STREAM_FROM) -> R | None:
    """``read(root, stream)`` of ``data``, as it is parsed when :class:`Stream` can
    (documents of ``stream_from`` bytes or more).

    Otherwise (or when the incremental parse meets anything :func:`parse`
    reports) the diagnostics of the attempt are dropped and ``read(root,
    None)`` runs on the whole tree; None when ``data`` does not parse.
    """
    stream = Stream.open(data, tags) if len(data) >= stream_from else None
    if stream is not None:
        start = len(diags.items)
        try:
            result = read(stream.start(), stream)
            stream.finish()
            return result
        except (Reparse, etree.XMLSyntaxError, ValueError):
            # a syntax error, or an unusual document: as a whole tree.  libxml2's push
            # parser reports some errors only at the end (an undeclared namespace
            # prefix), after handing out an element named "drake:x" that the reader may
            # have choked on; the whole-tree parse reports them properly
            del diags.items[start:]
    root = parse(data, diags)
    if root is None:
        return None
    return read(root, None)


_ENC = re.compile(rb"encoding\s*=\s*[\"']([A-Za-z0-9._-]+)[\"']")
_VERSION_1_0 = re.compile(rb"version\s*=\s*[\"']1\.0[\"']")
_BLANKS = re.compile(rb"\s*")
_BOM = b"\xef\xbb\xbf"
#: how most documents start: a declaration libxml2 reads as it is (version 1.0, first)
_PLAIN_DECLARATIONS = (b'<?xml version="1.0"', b"<?xml version='1.0'")


def _utf8(encoding: str) -> bool:
    """Whether the encoding named ``encoding`` is UTF-8 or ASCII."""
    return encoding.lower().replace("-", "") in ("utf8", "ascii", "usascii")


@record
class Declaration:
    """Where an XML declaration ``<?xml ...?>`` stands in a document's bytes."""

    start: int
    end: int
    #: blanks or comments come before it (libxml2 refuses that; TinyXML does not)
    late: bool


def find_declaration(data: bytes) -> Declaration | None:
    """The XML declaration at the head of ``data``, after blanks and comments.

    A plain scan, linear in the length of ``data``: each comment is skipped
    with one ``find`` of its end (a regular expression with a repeated
    comment group backtracks exponentially when no declaration follows).
    """
    head = len(_BOM) if data.startswith(_BOM) else 0
    pos = head
    while True:
        if data[pos:pos + 1].isspace():  # most documents start with "<": no regex then
            pos = _BLANKS.match(data, pos).end()  # type: ignore[union-attr]  # \s* matches
        if data.startswith(b"<!--", pos):
            end = data.find(b"-->", pos + 4)
            if end < 0:
                return None
            pos = end + 3
            continue
        if not data.startswith(b"<?xml", pos):
            return None
        if data[pos + 5:pos + 6] not in (b" ", b"\t", b"\r", b"\n", b"?"):
            return None  # a processing instruction such as <?xml-stylesheet ...?>
        gt = data.find(b">", pos)
        if gt < 0 or data[gt - 1:gt] != b"?":
            return None
        return Declaration(pos, gt + 1, pos > head)


def _tolerate_declaration(data: bytes, diags: Diagnostics) -> bytes:
    """Accept XML declarations that TinyXML accepts and libxml2 does not.

    A declaration after blank lines or comments, or with a version other than
    1.0, is replaced by blanks (line numbers stay) with a warning; its
    encoding, if not UTF-8, is applied by decoding here.
    """
    if data.startswith(_PLAIN_DECLARATIONS):  # at the start, version 1.0: as libxml2 reads
        return data
    found = find_declaration(data)
    if found is None:
        return data
    decl = data[found.start:found.end]
    if not found.late and _VERSION_1_0.search(decl) is not None:
        return data
    line = data[: found.start].count(b"\n") + 1
    diags.warning("XML_TOLERATED", "malformed or misplaced XML declaration ignored", line)
    enc = _ENC.search(decl)
    blank = bytes(c if c == 0x0A else 0x20 for c in decl)
    body = data[: found.start] + blank + data[found.end:]
    if enc is not None and enc.group(1).lower().replace(b"-", b"") not in (b"utf8", b"ascii"):
        try:
            body = body.decode(enc.group(1).decode()).encode("utf-8")
        except (LookupError, UnicodeDecodeError):
            pass
    return body


# The patterns of the repairs below are compiled where they are used (``re.compile``
# keeps what it compiled): a document that parses needs none of them, and compiling
# them is a part of every start.
_UNDECLARED = r"Namespace prefix (\S+) (?:for \S+ )?on \S+ is not defined"
_ROOT_TAG = rb"<([A-Za-z_][\w.:-]*)"


def _declare_prefixes(data: bytes, exc: etree.XMLSyntaxError,
                      diags: Diagnostics) -> bytes | None:
    """``data`` with its undeclared namespace prefixes declared on the root element.

    libsdformat (TinyXML) and urdfdom read ``<gz:x>`` without ``xmlns:gz``; libxml2
    does not.  One recovering parse lists every undeclared prefix; each is
    declared on the root start tag (same line: line numbers stay), with the URI
    of :data:`KNOWN_PREFIXES` or ``urn:undeclared:PREFIX``, and a warning.  None
    when the error is another one.  ``data``'s markup is in ASCII bytes.
    """
    if "Namespace prefix" not in str(exc):
        return None
    parser = etree.XMLParser(recover=True, **_PARSER_OPTIONS)  # type: ignore[arg-type]
    parser.resolvers.add(_ReadNothing())
    try:
        etree.fromstring(data, parser)
    except etree.XMLSyntaxError:
        pass
    first: dict[str, int] = {}
    undeclared = re.compile(_UNDECLARED).search
    for entry in parser.error_log:
        used = undeclared(entry.message)
        if used is not None and used.group(1) not in first and used.group(1) != "xmlns":
            first[used.group(1)] = entry.line
    found = find_declaration(data)
    m = _root_start(data, found.end if found is not None else 0)
    if m is None or not first:
        return None
    decls = "".join(f' xmlns:{p}="{KNOWN_PREFIXES.get(p, "urn:undeclared:" + p)}"'
                    for p in first)
    for prefix, line in first.items():
        diags.warning("XML_TOLERATED", f"namespace prefix {prefix!r} is not declared; read as "
                      f"xmlns:{prefix}={KNOWN_PREFIXES.get(prefix, 'urn:undeclared:' + prefix)!r}",
                      line)
    return data[:m.end()] + decls.encode() + data[m.end():]


def _root_start(data: bytes, pos: int) -> re.Match[bytes] | None:
    """The root element's start tag name: past blanks, comments (whose text may hold
    ``<tag>``), processing instructions and a DOCTYPE; one pass, linear."""
    while True:
        lt = data.find(b"<", pos)
        if lt < 0:
            return None
        if data.startswith(b"<!--", lt):
            end = data.find(b"-->", lt + 4)
            pos = end + 3 if end >= 0 else len(data)
        elif data.startswith(b"<?", lt):
            end = data.find(b"?>", lt + 2)
            pos = end + 2 if end >= 0 else len(data)
        elif data.startswith(b"<!", lt):  # DOCTYPE, with or without an internal subset
            gt = data.find(b">", lt)
            bracket = data.find(b"[", lt, gt if gt >= 0 else len(data))
            end = data.find(b"]>", bracket) + 1 if bracket >= 0 else gt
            pos = end + 1 if end > 0 else len(data)
        else:
            return re.compile(_ROOT_TAG).match(data, lt)


def _cut_at(data: bytes, line: int, column: int) -> bytes:
    """``data`` up to (excluding) 1-based ``line``:``column``."""
    pos = 0
    for _ in range(line - 1):
        nxt = data.find(b"\n", pos)
        if nxt < 0:
            return data
        pos = nxt + 1
    return data[: pos + max(column - 1, 0)]


#: libxml2 errors (``XMLSyntaxError.code``) that :func:`_repair` may mend
_REPAIRABLE = frozenset({
    etree.ErrorTypes.ERR_HYPHEN_IN_COMMENT,  # "--" in a comment, a comment ending "--->"
    etree.ErrorTypes.ERR_DOCUMENT_EMPTY,  # "Start tag expected": text before the root
    etree.ErrorTypes.ERR_ENTITYREF_SEMICOL_MISSING,  # "a&b"
    etree.ErrorTypes.ERR_NAME_REQUIRED,  # "a & b"
    etree.ErrorTypes.ERR_UNDECLARED_ENTITY,  # "&nbsp;"
    etree.ErrorTypes.ERR_LT_IN_ATTRIBUTE,  # name="a<b"
    etree.ErrorTypes.ERR_SPACE_REQUIRED,  # a="1"b="2"
    etree.ErrorTypes.ERR_MISPLACED_CDATA_END,  # "]]>" in text
    etree.ErrorTypes.ERR_INVALID_CHAR,  # a control character
    etree.ErrorTypes.ERR_INVALID_ENCODING,  # bytes that are not UTF-8
})

#: the kinds of repair :func:`_repair` makes (each reported once, with a count)
RepairKind = Literal["encoding", "before_root", "comment", "ampersand", "lt_in_value",
                     "cdata_end", "control", "no_space"]
#: what each repair of :func:`_repair` tells, by kind
_REPAIRS: dict[RepairKind, str] = {
    "encoding": "bytes that are not UTF-8 (the encoding declared or implied) are read as "
                "Latin-1 characters",
    "before_root": "text before the root element is ignored",
    "comment": "'--' inside a comment, or a comment ending '--->' (TinyXML ends a comment "
               "at the first '-->'; its second '-' is read as U+2010)",
    "ampersand": "an '&' that starts no character reference nor &amp; &lt; &gt; &quot; "
                 "&apos; (as in 'a & b' or '&nbsp;') is read as a plain '&'",
    "lt_in_value": "a '<' in an attribute value is read as a plain '<'",
    "cdata_end": "']]>' in text is read as is",
    "control": "a control character (U+0001 to U+001F but tab, newline, carriage return) "
               "is read as a space",
    "no_space": "attributes not separated by white space",
}

#: a character or predefined entity reference, at an "&"
_REFERENCE = rb"&(?:amp|lt|gt|quot|apos|#[0-9]+|#x[0-9A-Fa-f]+);"
#: what text may hold that libxml2 refuses and TinyXML reads ("]" for "]]>")
_ODD_TEXT = rb"[&\]\x01-\x08\x0b\x0c\x0e-\x1f]"
_ODD_VALUE = rb"[&<\x01-\x08\x0b\x0c\x0e-\x1f]"
#: a tag or attribute name, as far as TinyXML reads one
_NAME = rb"[^\s/>=<\"'&]+"


def _read_latin1(exc: UnicodeError) -> tuple[str, int]:
    """A codec error handler: undecodable bytes as the Latin-1 characters of their values."""
    assert isinstance(exc, UnicodeDecodeError)
    return exc.object[exc.start:exc.end].decode("latin-1"), exc.end


codecs.register_error("urdfsdf-latin1", _read_latin1)


class _Repairs:
    """The repaired bytes of a document, built as pieces, and what was repaired where."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.pieces: list[bytes] = []
        self.copied = 0  # data[:copied] is in pieces
        self.first: dict[RepairKind, int] = {}  # kind: position of its first repair
        self.count: dict[RepairKind, int] = {}

    def note(self, kind: RepairKind, pos: int) -> None:
        self.first.setdefault(kind, pos)
        self.count[kind] = self.count.get(kind, 0) + 1

    def replace(self, kind: RepairKind, start: int, end: int, new: bytes, at: int = -1) -> None:
        """``data[start:end]`` (at or after what was copied) becomes ``new``.

        The repair is located at ``at`` (default: ``start``).
        """
        self.note(kind, start if at < 0 else at)
        self.pieces.append(self.data[self.copied:start])
        self.pieces.append(new)
        self.copied = end

    def result(self) -> bytes:
        self.pieces.append(self.data[self.copied:])
        return b"".join(self.pieces)


def _repair(data: bytes, diags: Diagnostics) -> bytes | None:
    """``data`` with what TinyXML reads and libxml2 refuses made well-formed, or None.

    libsdformat (TinyXML2) and urdfdom (TinyXML2 from urdfdom 4, TinyXML before)
    read: ``--`` in a comment (a comment ends at the first ``-->``); text before
    the root element; an ``&`` that starts no reference, read as is; ``<`` in an
    attribute value; ``]]>`` in text; control characters; attributes without
    white space between them; bytes that are not UTF-8.  One linear scan of the
    markup mends each (no new line: line numbers stay) and records one warning
    per kind at its first line.  None when nothing was mended.  The scan stops at
    anything else it does not understand; libxml2 then reports that.  ``data``'s
    markup is in ASCII bytes (see :func:`_parse_leniently`).
    """
    found = find_declaration(data)
    enc = None if found is None else _ENC.search(data, found.start, found.end)
    utf8 = enc is None or _utf8(enc.group(1).decode("ascii"))
    bad_byte = -1
    if utf8:
        try:
            data.decode("utf-8")
        except UnicodeDecodeError as exc:
            bad_byte = exc.start
            data = data.decode("utf-8", "urdfsdf-latin1").encode("utf-8")
    fix = _Repairs(data)
    if not _scan(fix, "\u2010".encode() if utf8 else b" "):
        return None  # no root element: nothing to tolerate
    if bad_byte >= 0:
        fix.note("encoding", bad_byte)  # bytes (at or) before the same line
    if not fix.first:
        return None
    for kind, pos in sorted(fix.first.items(), key=lambda item: item[1]):
        more = fix.count[kind] - 1
        diags.warning("XML_TOLERATED", _REPAIRS[kind] + (f" (here and {more} more)" if more
                                                          else ""),
                      data.count(b"\n", 0, pos) + 1)
    return fix.result()


def _scan(fix: _Repairs, hyphen: bytes) -> bool:
    """Walk the markup of ``fix.data`` once, recording each repair (see :func:`_repair`).

    True when a root element was found.
    """
    data = fix.data
    size = len(data)
    pos = len(_BOM) if data.startswith(_BOM) else 0
    depth = 0
    root_seen = False
    while pos < size:
        lt = data.find(b"<", pos)
        end = size if lt < 0 else lt
        if depth:
            _scan_text(fix, pos, end)
        elif pos < end and not data[pos:end].isspace():
            if root_seen:
                return True  # after the root: what parse() cuts
            pos = _BLANKS.match(data, pos).end()  # type: ignore[union-attr]  # \s* matches
            blank = bytes(c if c in (0x0A, 0x0D) else 0x20 for c in data[pos:end])
            fix.replace("before_root", pos, end, blank)
        if lt < 0:
            return root_seen
        pos = lt
        if data.startswith(b"<!--", pos):
            close = data.find(b"-->", pos + 4)
            if close < 0:
                return root_seen
            body = data[pos + 4:close]
            first = body.find(b"--")
            if first >= 0 or body.endswith(b"-"):
                new = body.replace(b"--", b"-" + hyphen)
                if new.endswith(b"-"):
                    new = new[:-1] + hyphen
                fix.replace("comment", pos + 4, close, new,
                            pos + 4 + (first if first >= 0 else len(body) - 1))
            pos = close + 3
        elif data.startswith(b"<?", pos):
            close = data.find(b"?>", pos + 2)
            if close < 0:
                return root_seen
            pos = close + 2
        elif data.startswith(b"<![CDATA[", pos) and depth:
            close = data.find(b"]]>", pos + 9)
            if close < 0:
                return root_seen
            pos = close + 3
        elif data.startswith(b"<!", pos):
            return root_seen  # a DOCTYPE is not scanned (and CDATA outside the root is an error)
        elif data.startswith(b"</", pos):
            close = data.find(b">", pos + 2)
            if close < 0 or depth == 0:
                return root_seen
            depth -= 1
            pos = close + 1
        else:
            if root_seen and depth == 0:
                return True  # a second root: what parse() cuts
            root_seen = True
            after = _scan_start_tag(fix, pos)
            if after is None:
                return True
            pos, opened = after
            depth += opened
    return root_seen


def _scan_text(fix: _Repairs, pos: int, end: int) -> None:
    """Mend ``fix.data[pos:end]``, text inside the root element."""
    data = fix.data
    odd = re.compile(_ODD_TEXT).search
    while True:
        m = odd(data, pos, end)
        if m is None:
            return
        pos = m.start()
        c = data[pos]
        if c == 0x26:  # "&"
            pos = _scan_ampersand(fix, pos, end)
        elif c == 0x5D:  # "]"
            if data.startswith(b"]]>", pos):
                fix.replace("cdata_end", pos + 2, pos + 3, b"&gt;")
                pos += 3
            else:
                pos += 1
        else:
            fix.replace("control", pos, pos + 1, b" ")
            pos += 1


def _scan_ampersand(fix: _Repairs, pos: int, end: int) -> int:
    """Mend the ``&`` at ``pos`` (in text or an attribute value ending at ``end``) that
    starts no reference (XML 1.0 section 4.1, which libxml2 requires and TinyXML does
    not); the position after it, or after the reference."""
    # (text ends at a "<", which no reference holds)
    ref = re.compile(_REFERENCE).match(fix.data, pos, end)
    if ref is None:
        fix.replace("ampersand", pos, pos + 1, b"&amp;")
        return pos + 1
    return ref.end()


def _scan_start_tag(fix: _Repairs, pos: int) -> tuple[int, int] | None:
    """Read the start tag at ``pos``: (the position after it, 1 if it opens an element,
    0 if empty), or None when it is not one TinyXML reads.  Mends its attribute values
    and a missing blank between attributes."""
    data = fix.data
    name_at = re.compile(_NAME).match
    m = name_at(data, pos + 1)
    if m is None:
        return None
    pos = m.end()
    while True:
        blank = _BLANKS.match(data, pos).end()  # type: ignore[union-attr]  # \s* always matches
        if data.startswith(b">", blank):
            return blank + 1, 1
        if data.startswith(b"/>", blank):
            return blank + 2, 0
        name = name_at(data, blank)
        if name is None:
            return None
        if blank == pos:
            fix.replace("no_space", pos, pos, b" ")
        pos = _BLANKS.match(data, name.end()).end()  # type: ignore[union-attr]
        if not data.startswith(b"=", pos):
            return None
        pos = _BLANKS.match(data, pos + 1).end()  # type: ignore[union-attr]
        quote = data[pos:pos + 1]
        if quote not in (b'"', b"'"):
            return None
        close = data.find(quote, pos + 1)
        if close < 0:
            return None
        _scan_value(fix, pos + 1, close)
        pos = close + 1


def _scan_value(fix: _Repairs, pos: int, end: int) -> None:
    """Mend the attribute value ``fix.data[pos:end]``."""
    data = fix.data
    odd = re.compile(_ODD_VALUE).search
    while True:
        m = odd(data, pos, end)
        if m is None:
            return
        pos = m.start()
        c = data[pos]
        if c == 0x26:  # "&"
            pos = _scan_ampersand(fix, pos, end)
        elif c == 0x3C:  # "<"
            fix.replace("lt_in_value", pos, pos + 1, b"&lt;")
            pos += 1
        else:
            fix.replace("control", pos, pos + 1, b" ")
            pos += 1


def children(el: etree._Element) -> list[etree._Element]:
    """Child elements of ``el``, comments and processing instructions skipped."""
    return [c for c in el if isinstance(c.tag, str)]


def first_child(parent: etree._Element, tag: str | None = None) -> etree._Element | None:
    """The first child ``tag`` of ``parent``, or with no ``tag`` its first child element
    (not a comment or processing instruction); None: there is none."""
    if tag is None:
        for c in parent:
            if isinstance(c.tag, str):
                return c
        return None
    for c in parent:
        if c.tag == tag:
            return c
    return None


def first_of_each(el: etree._Element) -> dict[str, etree._Element]:
    """The first child of ``el`` of each tag, by tag (one pass; a comment or processing
    instruction under lxml's tag for it, which is not a string)."""
    kids: dict[str, etree._Element] = {}
    for c in el:
        tag = c.tag
        if tag not in kids:
            kids[tag] = c
    return kids


#: lxml's ``items()`` looks each value up by name: quadratic in the number of
#: attributes (16k attributes: 0.8 s; 64k: 13 s).  XPath collects them in one pass.
_ALL_ATTRIBUTES = etree.XPath("@*")
#: up to this many attributes ``items()`` is the faster of the two
_FEW_ATTRIBUTES = 32


def attributes(el: etree._Element) -> list[tuple[str, str]]:
    """``(name, value)`` of every attribute of ``el``, in document order, in linear time.

    Names are in Clark notation (``{uri}local``) for namespaced attributes, as
    lxml's ``items()`` gives them.
    """
    if len(el.attrib) <= _FEW_ATTRIBUTES:
        return el.items()  # type: ignore[return-value]  # lxml-stubs: str names and values
    found = _ALL_ATTRIBUTES(el)
    assert isinstance(found, list)
    return [(str(a.attrname), str(a)) for a in found]  # type: ignore[union-attr]


def local(el: etree._Element) -> str:
    """The tag of ``el`` without namespace."""
    tag = el.tag
    assert isinstance(tag, str)
    return tag.rsplit("}", 1)[-1] if tag.startswith("{") else tag


def qname(el: etree._Element) -> str:
    """The tag as written (``prefix:local``): how TinyXML and libsdformat compare tags."""
    return f"{el.prefix}:{local(el)}" if el.prefix else local(el)


def qualified_attribute(el: etree._Element, key: str) -> str:
    """An attribute name as written: ``prefix:local`` for ``{uri}local`` (else ``key``)."""
    if not key.startswith("{"):
        return key
    q = etree.QName(key)
    for prefix, uri in (el.nsmap or {}).items():
        if uri == q.namespace and prefix:
            return f"{prefix}:{q.localname}"
    return key


#: namespaces in scope up to which lxml serialises a sub-element directly
_FEW_NAMESPACES = 16
_XMLNS = re.compile(r'( xmlns:([A-Za-z_][\w.-]*)="[^"]*")')
#: a character of an XML name: one before ``prefix:`` makes it part of a longer name
_NAME_CHAR = re.compile(r"[\w.-]")
#: a prefix in use: a name followed by ":" (the look-behind makes each run of
#: name characters one attempt, so the scan stays linear)
_PREFIXED = re.compile(r"(?<![\w.-])([A-Za-z_][\w.-]*):")


def to_string(el: etree._Element) -> str:
    """Serialise ``el`` (without its tail) as XML text.

    lxml declares every namespace in scope on the serialised element; the
    ones the fragment does not use are removed (a name followed by ``:``
    anywhere outside the declarations counts as a use: :func:`_used_prefixes`).
    With many namespaces in scope, lxml's serialisation of a sub-element is
    quadratic in their number (20k: 1 s); a copy of the element declares only
    its own and those its tags and attributes use.
    """
    if len(el.nsmap) > _FEW_NAMESPACES:
        el = copy.deepcopy(el)
    xml = etree.tostring(el, encoding="unicode", with_tail=False)
    if " xmlns:" not in xml:
        return xml
    # [text, declaration, its prefix, text, declaration, its prefix, ..., text]
    parts = _XMLNS.split(xml)
    declared = parts[2::3]
    used = _used_prefixes("".join(parts[::3]), declared)
    if used.issuperset(declared):
        return xml
    kept = [parts[0]]
    for at in range(1, len(parts), 3):
        if parts[at + 1] in used:
            kept.append(parts[at])
        kept.append(parts[at + 2])
    return "".join(kept)


def _used_prefixes(text: str, declared: list[str]) -> set[str]:
    """The prefixes of ``declared`` that ``text`` uses: each a name followed by ``:``
    after a character that is not part of a name (or at the start).

    Up to ``_FEW_NAMESPACES`` declared, a search for each (:func:`_uses`): a pattern
    for every name followed by ``:`` took three times as long on the kept elements of
    vendor URDFs.  With more, that one pattern, whose time does not grow with them.
    """
    if len(declared) <= _FEW_NAMESPACES:
        return {prefix for prefix in declared if _uses(text, prefix)}
    return set(_PREFIXED.findall(text)).intersection(declared)


def _uses(text: str, prefix: str) -> bool:
    """Whether ``text`` holds ``prefix:`` after a character that is not part of a
    name (or at its start)."""
    needle = prefix + ":"
    at = text.find(needle)
    while at != -1:
        if at == 0 or _NAME_CHAR.match(text, at - 1) is None:
            return True
        at = text.find(needle, at + 1)
    return False


def canonical(xml: str) -> str:
    """Whitespace- and attribute-order-insensitive form of an XML fragment.

    Built from the parsed tree, not by C14N: libxml2's C14N refuses some
    documents it parses (a relative namespace URI such as
    ``xmlns:custom="custom_ns_uri"``, which libsdformat's test files use).
    Tags and attributes are compared by namespace URI, not prefix; comments
    and blank text do not count.
    """
    parser = etree.XMLParser(remove_blank_text=True, remove_comments=True,
                             resolve_entities=False, no_network=True)
    return _canonical_text(etree.fromstring(xml, parser))


def _canonical_text(el: etree._Element) -> str:
    """``repr()`` of the node ``(tag, sorted attributes, stripped text, [children])``.

    Written directly, the very text ``repr()`` gives of those tuples and lists (the
    first carrier format's fingerprints, carriers_old.py, are hashes of it): building
    them to repr them cost a third more instructions.  No child iterator for a leaf.
    """
    tag = el.tag
    text = el.text
    if not isinstance(tag, str):  # a processing instruction
        return f"('?', {str(getattr(el, 'target', ''))!r}, {(text or '').strip()!r})"
    items = attributes(el)
    if items:
        pairs = "[" + ", ".join([f"({k!r}, {v!r})" for k, v in sorted(items)]) + "]"
    else:
        pairs = "[]"
    kids = "[" + ", ".join([_canonical_text(c) for c in el]) + "]" if len(el) else "[]"
    return f"({tag!r}, {pairs}, {text.strip() if text else ''!r}, {kids})"


def extra(el: etree._Element) -> Extra:
    """Keep ``el`` verbatim as an IR :class:`~urdfsdf.core.ir.Extra` (see :func:`kept`)."""
    return kept(el, line_of(el))


def kept(el: etree._Element, line: int | None) -> Extra:
    """Keep ``el`` (read at ``line``) verbatim as an IR :class:`~urdfsdf.core.ir.Extra`.

    The one reader of kept elements: a carrier whose content is read back is typed
    (:class:`~urdfsdf.core.ir.AsWritten`, :class:`~urdfsdf.core.ir.SdfLimit`,
    :class:`~urdfsdf.core.ir.UrdfRoot`), its content taken here, once.
    """
    tag = el.tag
    if tag == AS_WRITTEN:
        inner = first_child(el)  # the element carried (none: kept untyped)
        if inner is not None:
            return AsWritten(tag=AS_WRITTEN, xml=to_string(el), line=line, pose=None,
                             element=to_string(inner), fingerprint=el.get("fingerprint"))
    elif tag == SDF_LIMIT:
        return SdfLimit(tag=SDF_LIMIT, xml=to_string(el), line=line, pose=None,
                        effort=el.get("effort"), velocity=el.get("velocity"))
    elif tag == URDF_ROOT:
        return UrdfRoot(tag=URDF_ROOT, xml=to_string(el), line=line, pose=None,
                        link=el.get("link") or "")
    return Extra(tag=str(tag), xml=to_string(el), line=line)


def line_of(el: etree._Element | None) -> int | None:
    """The line ``el`` starts on, when lxml knows it (None: no element)."""
    return None if el is None else el.sourceline  # type: ignore[return-value]  # lxml-stubs


def from_string(text: str) -> etree._Element:
    """Parse XML text kept in the IR (trusted: we wrote it) back into an element."""
    return etree.fromstring(text, _parser())


@lru_cache(maxsize=1024)
def tag_and_name(text: str) -> tuple[str, str | None]:
    """The tag as written (:func:`qname`) and the ``name`` attribute of the element
    ``text`` (XML text kept in the IR).

    Several checks ask this of the same kept elements (the unique names of what
    ``<gazebo>`` blocks add, of a model's carried children, the self-check of the
    output): each element is parsed once for them all.  The cache holds the last
    1024 texts asked about (strings of the IR), and their tag and name.
    """
    el = from_string(text)
    return qname(el), el.get("name")


def xpath_of(el: etree._Element) -> str:
    """An XPath locating ``el`` in its document (for diagnostics)."""
    return str(el.getroottree().getpath(el))
