"""URDF numbers past the plain form: read where Drake and PyBullet read them alike.

urdfdom refuses a number with anything after it (``strToDouble``: the whole text must
be one number).  Drake's URDF parser reads each value with a stream and stops at the
first character that cannot continue a number (``ConvertToDoubles``, detail_tinyxml.cc),
and PyBullet reads each blank-separated piece with ``atof`` (``urdfLexicalCast``,
UrdfParser.cpp).  Where the two give the same values, urdfsdf reads them too, with a
warning (``VALUE_TOLERATED``; ``--strict`` refuses it); the element then travels as
written, so that the text comes back (:mod:`urdfsdf.urdf.as_written`).  Where they
disagree (``0x10``: Drake 0, PyBullet 16; ``1-2-3``: Drake three numbers, PyBullet
one), or either refuses, the text is refused as urdfdom refuses it.
"""

from __future__ import annotations

from urdfsdf.core.c_numbers import Read, atof, finite_read, stream_all

#: the readers whose common reading is taken (in the warning)
READERS = "Drake's and PyBullet's"


def tolerated(text: str | None, count: int | None) -> Read | None:
    """``count`` numbers read from ``text`` as Drake and PyBullet both read them; None
    when either refuses it, they disagree, or a value is not finite."""
    if text is None or count is None:
        return None
    drake = stream_all(text)
    if len(drake) != count:  # Drake: "Expected N values"
        return None
    pieces = [atof(piece) for piece in text.split(" ") if piece]
    if count == 1:
        pieces = [atof(text)]
    if len(pieces) < count:  # PyBullet takes the first values of a vector
        return None
    if [value for _, value in drake] != [value for _, value in pieces[:count]]:
        return None
    return finite_read(drake)
