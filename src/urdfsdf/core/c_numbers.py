"""Numbers as the C and C++ libraries read them: ``strtod``/``std::stod``, ``atof`` and a
``std::stringstream``'s ``>>`` (libstdc++'s ``num_get``).

The reference readers read number text through these (libsdformat's ``Param``,
Drake's URDF parser, PyBullet's ``urdfLexicalCast``), and each reads a prefix of a
text: ``2.5abc`` is 2.5 to all three.  urdfsdf reads the plain form first
(:mod:`urdfsdf.core.numbers`); these functions say what a reference reader makes of
any other text (:mod:`urdfsdf.sdf.param_text`, :mod:`urdfsdf.urdf.lenient`).  Each
returns the prefix read with its value, so that the text written is a number text.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from urdfsdf.core.numbers import plain_number

# The patterns below are compiled where they are first used (``re.compile`` keeps what it
# compiled): most files have no number text that needs them, and compiling them is a
# millisecond of every start.

#: the C locale's ``isspace``, which ``strtod`` and a stream skip before a number
_SPACE = " \t\n\v\f\r"
#: the longest prefix ``strtod`` reads (after leading blanks): a decimal number, a hex
#: one, ``inf``/``infinity`` or ``nan``/``nan(chars)``, any case
_STRTOD = (
    r"[+-]?(?:0[xX](?:[0-9a-fA-F]+\.?[0-9a-fA-F]*|\.[0-9a-fA-F]+)(?:[pP][+-]?[0-9]+)?"
    r"|(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?"
    r"|(?i:infinity|inf|nan(?:\([0-9A-Za-z_]*\))?))")
#: what a stream collects for one number (libstdc++ ``num_get``): sign, digits with one
#: point, an exponent (with its sign) only after a mantissa digit
_STREAM = r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]*)(?:[eE][+-]?[0-9]*)?|[+-]"
#: the smallest normal double (``strtod`` sets ERANGE below it)
_MIN_NORMAL = 2.2250738585072014e-308

#: one number read: the text read and its value
Prefix = tuple[str, float]
#: numbers read: the texts to write and their values
Read = tuple[tuple[str, ...], list[float]]


def stod(text: str, *, underflow: bool = False) -> Prefix | None:
    """``std::stod(text)``: the prefix read and its value (None: refused); ``underflow``:
    a value below the smallest normal double reads (as a stream reads it), not refused."""
    found = re.compile(_STRTOD).match(text.lstrip(_SPACE))
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


def stream(text: str, count: int) -> list[Prefix | None]:
    """``count`` numbers extracted from ``text`` by a C++ stream, one after the other
    (fewer: a failed extraction ends the reading, None in its place)."""
    values: list[Prefix | None] = list(_extract(text, count))
    return values if len(values) == count else [None]


def _extract(text: str, most: int) -> Iterator[Prefix]:
    """The numbers ``ss >> value`` extracts from ``text``, at most ``most``, up to the
    first extraction that fails (libstdc++ ``num_get``: what it collects must be a whole
    number to ``strtod``; an underflow reads as its nearest double)."""
    at = 0
    for _ in range(most):
        while at < len(text) and text[at] in _SPACE:
            at += 1
        found = re.compile(_STREAM).match(text, at)
        if found is None:
            return
        whole = stod(found.group(), underflow=True)
        if whole is None or whole[0] != found.group():
            return
        yield whole
        at = found.end()


def atof(text: str) -> Prefix:
    """``atof(text)``: ``strtod``'s prefix, or ``0`` when it reads none (no error)."""
    found = stod(text, underflow=True)
    return found if found is not None else ("0", 0.0)


def stream_all(text: str) -> list[Prefix]:
    """Every number ``while (ss >> value)`` extracts from ``text``, up to the first
    extraction that fails."""
    return list(_extract(text, len(text)))


def finite_read(values: Sequence[Prefix | None]) -> Read | None:
    """The texts and values of ``values`` when each read and is finite, else None (the
    text of each: the prefix read when it is a plain number, else ``repr`` of its value)."""
    texts: list[str] = []
    numbers: list[float] = []
    for read in values:
        if read is None or read[1] - read[1] != 0.0:
            return None
        prefix, value = read
        texts.append(prefix if plain_number(prefix) else repr(value))
        numbers.append(value)
    return tuple(texts), numbers
