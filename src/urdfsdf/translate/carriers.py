"""Carriers: what one format holds and the other lacks, and how it travels.

URDF content with no SDFormat element travels as ``urdf:`` custom elements
(:mod:`urdfsdf.xml.custom`); a URDF element the IR cannot hold exactly travels
as written (:mod:`urdfsdf.urdf.as_written`), sealed here with the fingerprint of
the values of its SDF form (the carrier format :data:`VERSION`; the first format's
carriers are read by :mod:`urdfsdf.translate.carriers_old`).  Defaults that differ
between the formats (a link without ``<inertial>``, SDF's "no limit") are written out
and marked, and a massless URDF link standing for an SDF //frame carries ``<sdf:frame>``.

The carriers whose content is read back are typed IR values
(:class:`~urdfsdf.core.ir.AsWritten`, :class:`~urdfsdf.core.ir.SdfLimit`), their
content taken once by the reader that kept them; the markers are told by their tag
(:data:`CarrierTag`).  Nothing here parses a carrier again.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final, Literal, TypeVar

from lxml import etree

from urdfsdf.core.diagnostics import Diagnostics
from urdfsdf.core.ir import AsWritten, Extra, Joint, Link, SdfLimit, UrdfRoot, evolve
from urdfsdf.translate import carriers_old
from urdfsdf.urdf.as_written import as_written, without_carrier, written_carrier
from urdfsdf.xml.build import attrs
from urdfsdf.xml.carried import MASSLESS, UNNAMED, digest, is_carried
from urdfsdf.xml.namespaces import (
    IMPLIED_WORLD,
    SDF_LIMIT,
    SDF_XMLNS,
    URDF_NS,
    URDF_ROOT,
    URDF_XMLNS,
    S,
)
from urdfsdf.xml.parse import attributes, from_string

N = TypeVar("N", Link, Joint)


# -- default inertials ---------------------------------------------------------------
#
# A URDF link without <inertial> is massless; an SDF link without one has mass 1 and a
# unit inertia (SDFormat's default).  Each direction writes the other's default out
# (libsdformat 12 and Drake read an explicit zero mass as zero) and marks it, so that
# the way back leaves the <inertial> out again.

#: in a URDF link: the SDF link had no <inertial> (the URDF one is SDF's default); the
#: marks of SDF elements are in :mod:`urdfsdf.xml.carried` (``MASSLESS``: the URDF link
#: had no <inertial>, the SDF one is an explicit zero)
DEFAULT_INERTIAL: Final = S + "default_inertial"


# -- "no limit" ------------------------------------------------------------------------
#
# SDF's effort and velocity limits default to -1, "no limit"; URDF readers refuse a
# negative one (Drake aborts, Pinocchio refuses min > max) and urdfdom needs both.  URDF
# gets NO_LIMIT, and <sdf:limit effort=".." velocity=".."/> in the joint keeps the SDF
# values as written (an attribute absent: absent in the SDF).

NO_LIMIT = "1e16"


def sdf_limit_marker(effort: str | None, velocity: str | None) -> SdfLimit:
    """``<sdf:limit>`` with the SDF effort and velocity as written (absent: not written).

    Written as text (:mod:`urdfsdf.xml.build`'s escaping, lxml's serialisation of the
    same element), not built as an lxml element and serialised: a joint's worth.
    """
    values = attrs((("effort", effort), ("velocity", velocity)))
    return SdfLimit(SDF_LIMIT, f"<sdf:limit{SDF_XMLNS}{values}/>", None, None, effort, velocity)


#: ``<urdf:massless/>``: one object (IR records are immutable), so that the ``urdf:``
#: wrapping of extras knows it by identity as a carrier already (as :data:`UNNAMED`)
MASSLESS_MARKER: Final = Extra(MASSLESS, f'<urdf:massless{URDF_XMLNS}/>')


def massless_marker() -> Extra:
    """``<urdf:massless/>``."""
    return MASSLESS_MARKER


def default_inertial_marker() -> Extra:
    """``<sdf:default_inertial/>`` (urdfdom ignores it)."""
    return Extra(DEFAULT_INERTIAL, f'<sdf:default_inertial{SDF_XMLNS}/>')


# -- several root links ----------------------------------------------------------------
#
# A URDF robot may have several root links (urdfdom refuses it; Drake reads each as a free
# body: docs/lenient.md, row 5).  urdf2sdf writes each but the first as an SDF link with no
# joint above it (free in SDF too) and names it in <urdf:root link=".."/> in <urdf:model>,
# so that sdf2urdf gives it back as a root link (without the mark: a link outside the
# joint tree, which needs --disconnected floating).


def root_marker(link: str, line: int | None = None) -> UrdfRoot:
    """``<urdf:root link="LINK"/>``: ``link`` (its SDF name) is a root of the URDF."""
    return UrdfRoot(URDF_ROOT, f"<urdf:root{URDF_XMLNS}{attrs((('link', link),))}/>", line,
                    None, link)


def marked_roots(extras: tuple[Extra, ...]) -> frozenset[str]:
    """The links an SDF model's ``<urdf:root>`` marks name (its extras: ``extras``)."""
    return frozenset(x.link for x in extras if isinstance(x, UrdfRoot))


# -- a `world` parent the URDF does not define ------------------------------------------
#
# A joint whose parent is `world` in a URDF without a `world` link (Drake's
# pr2_simplified): Drake reads the parent as its world body, urdfdom and PyBullet refuse the
# robot (core/tree.implied_world).  urdf2sdf writes the joint with parent `world` (a model
# joint to the world is valid SDF) and <urdf:implied_world/> in <urdf:model>, so that
# sdf2urdf writes no `world` link back (without the mark it adds one, valid URDF).


def implied_world_marker(line: int | None = None) -> Extra:
    """``<urdf:implied_world/>``: the URDF names a ``world`` parent it does not define."""
    return Extra(IMPLIED_WORLD, f"<urdf:implied_world{URDF_XMLNS}/>", line)


def implied_world_mark(extras: tuple[Extra, ...]) -> Extra | None:
    """An SDF model's ``<urdf:implied_world/>`` (its extras: ``extras``), if any."""
    return next((x for x in extras if x.tag == IMPLIED_WORLD), None)


# -- sealing a URDF element as written (urdfsdf.urdf.as_written) ---------------------
#
# The carrier format, version 2 (issue 51).  ``<urdf:as_written fingerprint="v2:F">``: F is
# 16 hex digits of the SHA-256 of the canonical values (:func:`canonical_values`) of the
# SDF element less this carrier; sdf2urdf restores the element as written while the SDF
# element still has them, and writes it from the SDF otherwise.  The values, not the
# text: attribute order, blanks, how a number is written and where the writer places
# the carriers (:mod:`urdfsdf.xml.carried`) are layout, and do not count, so a change
# of layout keeps the carriers of files already written sealed.  A fingerprint without
# a version is the first format's, read by :mod:`urdfsdf.translate.carriers_old`.

#: the carrier format urdf2sdf writes: the prefix of its fingerprints (``v2:`` + 16 hex
#: digits)
VERSION: Final = "v2"


def sealed(carrier: AsWritten, fingerprint: str) -> AsWritten:
    """The carrier with its ``fingerprint``."""
    return as_written(carrier.element, carrier.line, fingerprint)


def fingerprint(node: Link | Joint) -> str:
    """The fingerprint of the SDF form of ``node`` less its carrier: :data:`VERSION`,
    ``:``, and 16 hex digits of the SHA-256 of its :func:`canonical_values`."""
    import urdfsdf.sdf.writer as sdf_writer  # the module form: see api.py's imports

    text = sdf_writer.element_text(evolve(node, extras=without_carrier(node.extras)))
    values = canonical_values(f'<x xmlns:urdf="{URDF_NS}">{text}</x>')
    return f"{VERSION}:{digest(values)}"


def canonical_values(xml: str) -> str:
    """The values of the XML element ``xml``, as one text: of each element, its tag, its
    attributes sorted by name, its text and its children's values (the carriers among them
    after the others, sorted: where the writer places them is layout, not value).  Tags and
    attribute names by namespace URI, not prefix; texts and attribute values as their
    blank-separated tokens, each number (a token ``float()`` reads) as ``repr()`` of its
    value (zero unsigned); comments and processing instructions do not count."""
    return _values(from_string(xml))


_NUMBER_START = frozenset("0123456789+-.")


@lru_cache(maxsize=4096)  # the same texts recur: "0", "1 0 0", names...
def _tokens(text: str) -> str:
    """``text`` as its blank-separated tokens, each number as ``repr()`` of its value
    (``1``, ``1.0``, ``1e0``: ``1.0``; ``-0``: ``0.0``), any other token as it is."""
    out = []
    for token in text.split():
        if token[0] in _NUMBER_START:
            try:
                token = repr(float(token) + 0.0)  # + 0.0: -0.0 is 0.0
            except ValueError:
                pass
        out.append(token)
    return " ".join(out)


def _values(el: etree._Element) -> str:
    """:func:`canonical_values` of the element ``el``."""
    items = attributes(el)
    pairs = repr(sorted([(k, _tokens(v)) for k, v in items])) if items else "[]"
    kids = ""
    if len(el):  # no child iterator for a leaf
        own: list[str] = []
        carried: list[str] = []
        for c in el:
            tag = c.tag
            if isinstance(tag, str):  # not a comment nor a processing instruction
                (carried if is_carried(tag) else own).append(_values(c))
        if carried:
            own.extend(sorted(carried))
        kids = ", ".join(own)
    text = el.text
    return f"({el.tag!r}, {pairs}, {_tokens(text) if text else ''!r}, [{kids}])"


def seal(node: N) -> N:
    """``node`` with its carrier sealed by the fingerprint of its SDF form."""
    carrier = written_carrier(node.extras)
    if carrier is None:
        return node
    extras = tuple(sealed(x, fingerprint(node)) if x is carrier else x for x in node.extras)
    return evolve(node, extras=extras)


def is_sealed(node: Link | Joint, sealed_with: str | None) -> bool:
    """Whether the SDF form of ``node`` has the fingerprint ``sealed_with`` (its carrier's):
    one of this format's (:data:`VERSION`), or of the first format's, without a version
    (:mod:`urdfsdf.translate.carriers_old`).  None (not sealed), or another version's:
    no."""
    if sealed_with is None:
        return False
    version, colon, _ = sealed_with.partition(":")
    if not colon:
        return carriers_old.sealed_before(node, sealed_with)
    return version == VERSION and sealed_with == fingerprint(node)


def unsealed(node: N, diags: Diagnostics, what: str) -> N:
    """``node`` keeping its carrier only if its SDF form still has the sealed fingerprint.

    A carrier whose element was edited in the SDF since urdf2sdf wrote it would
    undo the edit: it is dropped with a warning, and the element is written from
    the SDF (what only the carrier held is lost).
    """
    carrier = written_carrier(node.extras)
    if carrier is None or is_sealed(node, carrier.fingerprint):
        return node
    diags.warning("ELEMENT_DROPPED", f"{what}: the URDF as written that urdf2sdf carried in "
                  "<urdf:as_written> no longer matches the SDF element (edited since?); written "
                  "from the SDF, without what only the carrier held", carrier.line)
    return evolve(node, extras=without_carrier(node.extras))


#: ``<urdf:unnamed/>``: in an SDF visual or collision, the URDF one had no name (one
#: object, as :data:`MASSLESS_MARKER`)
UNNAMED_MARKER: Final = Extra(UNNAMED, f'<urdf:unnamed{URDF_XMLNS}/>')


#: the tags of the carriers' elements: what a carrier holds, told by its tag
CarrierTag = Literal["{http://wiki.ros.org/urdf}as_written", "{http://wiki.ros.org/urdf}massless",
                     "{http://wiki.ros.org/urdf}linkless",
                     "{http://wiki.ros.org/urdf}unnamed", "{http://wiki.ros.org/urdf}root",
                     "{http://sdformat.org/urdfsdf}default_inertial",
                     "{http://sdformat.org/urdfsdf}limit"]
