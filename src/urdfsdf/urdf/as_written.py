"""A URDF element as written, carried where the IR or SDFormat cannot hold it exactly.

What the IR cannot hold of a URDF ``<link>``, ``<joint>`` or top-level
``<material>`` (an attribute urdfdom does not define, the blanks inside a number
list, a second shape in a ``<geometry>``, text, an ``<inertial>`` without
``<inertia>``...), and what SDFormat 1.7 cannot hold of what the IR does (an
absent axis or limit bound, for which SDF states a default; a capsule), travel
as the element as written::

    <urdf:as_written fingerprint="F"><link ...>...</link></urdf:as_written>

inside the element's IR node (``extras``).  The URDF reader attaches it when it
did not take the element exactly (what it took, and how, tells: see
:mod:`urdfsdf.urdf.reader`), the URDF writer writes it instead of the IR node, and
:mod:`urdfsdf.translate.carriers` seals it with the fingerprint ``F`` of the SDF
element, so that an edit to the SDF is never undone.
"""

from __future__ import annotations

from urdfsdf.core.ir import Extra
from urdfsdf.xml.namespaces import URDF_XMLNS, U
from urdfsdf.xml.parse import from_string, to_string

AS_WRITTEN = U + "as_written"


def as_written(xml: str, line: int | None) -> Extra:
    """The carrier of a URDF element ``xml`` as written."""
    return Extra(AS_WRITTEN, f'<urdf:as_written{URDF_XMLNS}>{xml}</urdf:as_written>',
                 line)


def written_carrier(extras: tuple[Extra, ...]) -> Extra | None:
    """The ``urdf:as_written`` carrier among ``extras``, if any."""
    for x in extras:
        if x.tag == AS_WRITTEN:
            return x
    return None


def without_carrier(extras: tuple[Extra, ...]) -> tuple[Extra, ...]:
    """``extras`` less the ``urdf:as_written`` carrier."""
    return tuple(x for x in extras if x.tag != AS_WRITTEN)


def original_xml(carrier: Extra) -> str:
    """The URDF element a carrier holds, as written."""
    el = from_string(carrier.xml)
    inner = next(c for c in el if isinstance(c.tag, str))
    return to_string(inner)
