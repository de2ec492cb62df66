"""A URDF element as written, carried where the IR or SDFormat cannot hold it exactly.

What the IR cannot hold of a URDF ``<link>``, ``<joint>`` or top-level
``<material>`` (an attribute urdfdom does not define, the blanks inside a number
list, a second shape in a ``<geometry>``, text, an ``<inertial>`` without
``<inertia>``...), and what SDFormat 1.7 cannot hold of what the IR does (an
absent axis or limit bound, for which SDF states a default; a capsule), travel
as the element as written::

    <urdf:as_written fingerprint="F"><link ...>...</link></urdf:as_written>

inside the element's IR node (``extras``), typed: an
:class:`~urdfsdf.core.ir.AsWritten` holds the element and the fingerprint as values,
taken once by whichever reader kept the carrier (:func:`urdfsdf.xml.parse.kept`), so
nothing parses it again.  The URDF reader attaches it when it
did not take the element exactly (what it took, and how, tells: see
:mod:`urdfsdf.urdf.reader`), the URDF writer writes it instead of the IR node, and
:mod:`urdfsdf.translate.carriers` seals it with the fingerprint ``F`` of the SDF
element, so that an edit to the SDF is never undone.
"""

from __future__ import annotations

from urdfsdf.core.ir import AsWritten, Extra
from urdfsdf.xml.namespaces import AS_WRITTEN, URDF_XMLNS


def as_written(xml: str, line: int | None, fingerprint: str | None = None) -> AsWritten:
    """The carrier of a URDF element ``xml`` as written (sealed with ``fingerprint``)."""
    seal = "" if fingerprint is None else f' fingerprint="{fingerprint}"'
    return AsWritten(AS_WRITTEN, f'<urdf:as_written{URDF_XMLNS}{seal}>{xml}</urdf:as_written>',
                     line, None, xml, fingerprint)


def written_carrier(extras: tuple[Extra, ...]) -> AsWritten | None:
    """The ``urdf:as_written`` carrier among ``extras``, if any."""
    for x in extras:
        if isinstance(x, AsWritten):
            return x
    return None


def without_carrier(extras: tuple[Extra, ...]) -> tuple[Extra, ...]:
    """``extras`` less the ``urdf:as_written`` carrier."""
    return tuple(x for x in extras if x.tag != AS_WRITTEN)
