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

A joint type PyBullet adds, ``spherical``, is read as PyBullet reads it: a ball joint
(:func:`spherical_as_ball`).  Two vectors written with a count URDF does not define are
read as their readers read them (declared with a :class:`~urdfsdf.xml.declared.Tolerance` in
:mod:`urdfsdf.urdf.elements`): a mesh scale of one number (:func:`one_for_three`) and a
colour of three components (:func:`opaque_black`).
"""

from __future__ import annotations

from urdfsdf.core.c_numbers import Read, atof, finite_read, stream_all
from urdfsdf.core.numbers import plain_tokens

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


def one_for_three(text: str) -> str | None:
    """A three-vector written as one number (``<mesh scale="2">``) as Drake and PyBullet
    read it: that number three times.  Drake reads a value without a blank as one scalar
    and fills the vector with it (``ParseThreeVectorAttribute``, detail_tinyxml.cc);
    PyBullet, failing to read a vector3, takes ``atof`` of the text for all three
    ("Workaround activated", UrdfParser.cpp).  None where the two differ."""
    if " " in text:
        return None
    read = tolerated(text, 1)
    return None if read is None else " ".join(read[0] * 3)


def opaque_black(text: str) -> str | None:
    """A colour of three components (``rgba="1 0 0"``) as urdfdom reads it: opaque black,
    ``0 0 0 1`` (``Color::init`` fails on the count and ``parseMaterial`` keeps the
    cleared colour).  None unless the text is three plain numbers in [0, 1] (urdfdom's
    reading of a component)."""
    plain = plain_tokens(text, 3)
    if plain is None or not all(0.0 <= value <= 1.0 for value in plain[1]):
        return None
    return "0 0 0 1"


def spherical_as_ball(text: str) -> str | None:
    """A joint type as PyBullet reads it where urdfdom and Drake refuse it: ``spherical``,
    a ball joint (``URDFSphericalJoint``, UrdfParser.cpp: three rotations about the joint
    origin, its ``<axis>`` and ``<limit>`` unused), SDFormat's ``ball``.  None for any
    other type (Drake's own ``ball`` is a ``<drake:joint>``, not a URDF type)."""
    return "ball" if text == "spherical" else None
