"""Carriers: what one format holds and the other lacks, and how it travels.

URDF content with no SDFormat element travels as ``urdf:`` custom elements
(:mod:`urdfsdf.xml.custom`); a URDF element the IR cannot hold exactly travels
as written (:mod:`urdfsdf.urdf.as_written`), sealed here with the fingerprint of
its SDF form.  Defaults that differ between the formats (a link without
``<inertial>``, SDF's "no limit") are written out and marked, and a massless
URDF link standing for an SDF //frame carries ``<sdf:frame>``.
"""

from __future__ import annotations

import hashlib
from typing import TypeVar

from lxml import etree

from urdfsdf.core.diagnostics import Diagnostics
from urdfsdf.core.ir import Extra, Joint, Link
from urdfsdf.urdf.as_written import AS_WRITTEN, without_carrier, written_carrier
from urdfsdf.xml.namespaces import SDF_NS, SDF_XMLNS, URDF_NS, URDF_XMLNS, U
from urdfsdf.xml.parse import canonical, from_string, to_string

N = TypeVar("N", Link, Joint)


# -- default inertials ---------------------------------------------------------------
#
# A URDF link without <inertial> is massless; an SDF link without one has mass 1 and a
# unit inertia (SDFormat's default).  Each direction writes the other's default out
# (libsdformat 12 and Drake read an explicit zero mass as zero) and marks it, so that
# the way back leaves the <inertial> out again.

#: in an SDF link: the URDF link had no <inertial> (the SDF one is an explicit zero)
MASSLESS = U + "massless"
#: in a URDF link: the SDF link had no <inertial> (the URDF one is SDF's default)
DEFAULT_INERTIAL = "{" + SDF_NS + "}default_inertial"


# -- "no limit" ------------------------------------------------------------------------
#
# SDF's effort and velocity limits default to -1, "no limit"; URDF readers refuse a
# negative one (Drake aborts, Pinocchio refuses min > max) and urdfdom needs both.  URDF
# gets NO_LIMIT, and <sdf:limit effort=".." velocity=".."/> in the joint keeps the SDF
# values as written (an attribute absent: absent in the SDF).

NO_LIMIT = "1e16"
SDF_LIMIT = "{" + SDF_NS + "}limit"


def sdf_limit_marker(effort: str | None, velocity: str | None) -> Extra:
    """``<sdf:limit>`` with the SDF effort and velocity as written (absent: not written)."""
    el = etree.Element(SDF_LIMIT, nsmap={"sdf": SDF_NS})
    for key, value in (("effort", effort), ("velocity", velocity)):
        if value is not None:
            el.set(key, value)
    return Extra(SDF_LIMIT, to_string(el))


def massless_marker() -> Extra:
    """``<urdf:massless/>``."""
    return Extra(MASSLESS, f'<urdf:massless{URDF_XMLNS}/>')


def default_inertial_marker() -> Extra:
    """``<sdf:default_inertial/>`` (urdfdom ignores it)."""
    return Extra(DEFAULT_INERTIAL, f'<sdf:default_inertial{SDF_XMLNS}/>')


# -- sealing a URDF element as written (urdfsdf.urdf.as_written) ---------------------
#
# F fingerprints the SDF element (less this carrier) as urdf2sdf wrote it; sdf2urdf restores
# the element as written when the SDF element still has that fingerprint, and writes it
# from the SDF otherwise.


def carrier_fingerprint(carrier: Extra) -> str | None:
    """The fingerprint a carrier was sealed with (None: not sealed)."""
    head = carrier.xml[: carrier.xml.find(">") + 1]
    if "fingerprint=" not in head:
        return None
    return from_string(carrier.xml).get("fingerprint")


def sealed(carrier: Extra, fingerprint: str) -> Extra:
    """The carrier with its ``fingerprint``."""
    el = from_string(carrier.xml)
    el.set("fingerprint", fingerprint)
    return Extra(AS_WRITTEN, to_string(el), carrier.line)


def fingerprint(node: Link | Joint) -> str:
    """A fingerprint of the SDF form of ``node`` less its carrier.

    Taken from the canonical form (:func:`urdfsdf.xml.parse.canonical`) of the SDF
    text, so that reading and writing the SDF again keeps it.
    """
    from urdfsdf.core.ir import evolve
    from urdfsdf.sdf.writer import element_text

    text = element_text(evolve(node, extras=without_carrier(node.extras)))
    form = canonical(f'<x xmlns:urdf="{URDF_NS}">{text}</x>')
    return hashlib.sha256(form.encode("utf-8")).hexdigest()[:16]


def seal(node: N) -> N:
    """``node`` with its carrier sealed by the fingerprint of its SDF form."""
    from urdfsdf.core.ir import evolve

    carrier = written_carrier(node.extras)
    if carrier is None:
        return node
    extras = tuple(sealed(x, fingerprint(node)) if x is carrier else x for x in node.extras)
    return evolve(node, extras=extras)


def unsealed(node: N, diags: Diagnostics, what: str) -> N:
    """``node`` keeping its carrier only if its SDF form still has the sealed fingerprint.

    A carrier whose element was edited in the SDF since urdf2sdf wrote it would
    undo the edit: it is dropped with a warning, and the element is written from
    the SDF (what only the carrier held is lost).
    """
    from urdfsdf.core.ir import evolve

    carrier = written_carrier(node.extras)
    if carrier is None:
        return node
    if carrier_fingerprint(carrier) == fingerprint(node):
        return node
    diags.warning("ELEMENT_DROPPED", f"{what}: the URDF as written that urdf2sdf carried in "
                  "<urdf:as_written> no longer matches the SDF element (edited since?); written "
                  "from the SDF, without what only the carrier held", carrier.line)
    return evolve(node, extras=without_carrier(node.extras))


UNNAMED = Extra(U + "unnamed", f'<urdf:unnamed{URDF_XMLNS}/>')






