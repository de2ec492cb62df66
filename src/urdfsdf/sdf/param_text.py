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

import re

from urdfsdf.core.numbers import plain_number

#: ``sdf::trim``'s blanks (not ``\\r``, ``\\v``, ``\\f``)
_TRIM = " \t\n"
#: the C locale's ``isspace``, which ``strtod`` and a stream skip before a number
_SPACE = " \t\n\v\f\r"
#: the longest prefix ``strtod`` reads (after leading blanks): a decimal number, a hex
#: one, ``inf``/``infinity`` or ``nan``/``nan(chars)``, any case
_STRTOD = re.compile(
    r"[+-]?(?:0[xX](?:[0-9a-fA-F]+\.?[0-9a-fA-F]*|\.[0-9a-fA-F]+)(?:[pP][+-]?[0-9]+)?"
    r"|(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?"
    r"|(?i:infinity|inf|nan(?:\([0-9A-Za-z_]*\))?))")
#: what a stream collects for one number (libstdc++ ``num_get``): sign, digits with one
#: point, an exponent (with its sign) only after a mantissa digit
_STREAM = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]*)(?:[eE][+-]?[0-9]*)?|[+-]")
#: the smallest normal double (``strtod`` sets ERANGE below it)
_MIN_NORMAL = 2.2250738585072014e-308

#: a reading: the number texts and their values
Read = tuple[tuple[str, ...], list[float]]


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
        return _finite([stod(trimmed)])
    if count == 3:
        return _finite(_stream(trimmed, 3))
    if count in (6, 7):
        values = [stod(token) for token in trimmed.split()]
        if len(values) != count or None in values:
            return None
        return _finite(values)
    return None


def stod(text: str, *, underflow: bool = False) -> tuple[str, float] | None:
    """``std::stod(text)``: the prefix read and its value (None: refused); ``underflow``:
    a value below the smallest normal double reads (as a stream reads it), not refused."""
    found = _STRTOD.match(text.lstrip(_SPACE))
    if found is None:
        return None
    prefix = found.group()
    value = _value(prefix)
    if value is None or _out_of_range(prefix, value, underflow):
        return None
    return prefix, value


def _value(prefix: str) -> float | None:
    """The value of a ``strtod`` prefix."""
    body = prefix.lstrip("+-")
    if body[:2].lower() == "0x":
        sign = -1.0 if prefix.startswith("-") else 1.0
        return sign * float.fromhex(body)
    if body.lower().startswith("nan"):
        return float("nan")
    return float(prefix)


def _out_of_range(prefix: str, value: float, underflow: bool) -> bool:
    """``strtod`` sets ERANGE for ``prefix`` (``std::stod`` then throws): an overflow to
    infinity from finite digits, or a nonzero number below the smallest normal double."""
    if prefix.lstrip("+-")[:1].lower() in ("i", "n"):
        return False
    if value in (float("inf"), float("-inf")):
        return True
    if underflow:
        return False
    mantissa = re.split(r"[eEpP]", prefix)[0]
    nonzero = any(c not in "0.xX+-" for c in mantissa)
    return abs(value) < _MIN_NORMAL and nonzero


def _stream(text: str, count: int) -> list[tuple[str, float] | None]:
    """``count`` numbers extracted from ``text`` by a C++ stream, one after the other
    (a failed extraction ends the reading: None in its place)."""
    values: list[tuple[str, float] | None] = []
    at = 0
    for _ in range(count):
        while at < len(text) and text[at] in _SPACE:
            at += 1
        found = _STREAM.match(text, at)
        collected = found.group() if found else ""
        whole = stod(collected, underflow=True) if collected else None
        if whole is None or whole[0] != collected:
            return [None]
        values.append(whole)
        at = found.end() if found else at
    return values


def _finite(values: list[tuple[str, float] | None]) -> Read | None:
    """The texts and values of ``values`` when each read and is finite, else None."""
    texts: list[str] = []
    numbers: list[float] = []
    for read in values:
        if read is None or read[1] - read[1] != 0.0:
            return None
        prefix, value = read
        texts.append(prefix if plain_number(prefix) else repr(value))
        numbers.append(value)
    return tuple(texts), numbers
