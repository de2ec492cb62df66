"""SDFormat numbers as libsdformat's ``Param`` reads them, past the plain form.

The SDF reader takes numbers in their plain form first (:mod:`urdfsdf.sdf.values`).
A text that is not one goes through :func:`tolerated`, which reads it as libsdformat
12-14 does (``Param::SetFromString`` -> ``ParamPrivate::ValueFromStringImpl``,
Param.cc), so that every file libsdformat (and Drake, which reads SDFormat through
it) loads gives the same values here; the reader reports each such reading
(``VALUE_TOLERATED``, a warning: ``--strict`` refuses it).  The rules, by type:

- the text is trimmed of ``' '``, ``'\\t'``, ``'\\n'`` (``sdf::trim``), and a text that
  is ``true`` or ``false`` in any case reads as ``1`` or ``0``;
- a ``double`` is ``std::stod``: the longest prefix ``strtod`` reads, the rest ignored
  (``2.356194490192345"`` is 2.356194490192345, ``1,5`` is 1); no digit, or a value out
  of range (overflow, or a nonzero value below the smallest normal double), refuses;
- a ``vector3`` is ``ss >> x >> y >> z`` on a ``std::stringstream``: each component
  a number as the stream reads it (sign, digits with one point, an exponent after a
  digit), from where the previous one stopped; what follows the third is ignored
  (``1 2 3 4`` and ``1-2-3`` read, ``1 2`` and ``1,2,3`` do not); an underflow reads
  as its nearest double (libstdc++ 12);
- a ``pose`` is its blank-separated tokens, each ``std::stod``, each finite, six of
  them (seven with ``rotation_format="quat_xyzw"``).

What libsdformat reads but no URDF reader can hold (``inf``, ``nan``, hex floats read
to a non-finite value) stays refused: urdfsdf's IR holds finite numbers.  A value read
here is written as its number text: the prefix read, when it is a plain number, else
``repr`` of the value.
"""

from __future__ import annotations

from urdfsdf.core.c_numbers import Read, finite_read, stod, stream

#: ``sdf::trim``'s blanks (not ``\\r``, ``\\v``, ``\\f``)
_TRIM = " \t\n"


def tolerated(text: str | None, count: int | None) -> Read | None:
    """``count`` numbers read from ``text`` as libsdformat reads a double (one), a
    vector3 (three) or a pose (six or seven); None when libsdformat refuses the text,
    or reads a value that is not finite, or ``count`` is none of these."""
    if text is None:
        return None
    trimmed = text.strip(_TRIM)
    if trimmed.lower() in ("true", "false"):
        trimmed = "1" if trimmed.lower() == "true" else "0"
    if count == 1:
        return finite_read([stod(trimmed)])
    if count == 3:
        return finite_read(stream(trimmed, 3))
    if count in (6, 7):
        values = [stod(token) for token in trimmed.split()]
        if len(values) != count or None in values:
            return None
        return finite_read(values)
    return None
