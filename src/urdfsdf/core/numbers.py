"""Number text: parsing tokens as written and formatting computed values.

Unchanged values travel as the text their author wrote.  Computed values are
written with ``repr()`` (the shortest text that round-trips), with ``-0``
written as ``0``, residues below 1e-15 snapped to 0, and integral values
without a trailing ``.0``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import cache, lru_cache

SNAP = 1e-15


def fmt(value: float) -> str:
    """Shortest round-trip text of a computed number (see module docstring)."""
    if abs(value) < SNAP:
        return "0"
    text = repr(value)
    # an integral value below 1e16 is the only repr ending in ".0" (from 1e16 on
    # repr writes an exponent): "5.0" -> "5", as str(int(value))
    return text[:-2] if text[-2:] == ".0" else text


def fmt_all(values: Iterable[float]) -> tuple[str, ...]:
    """:func:`fmt` of each value (a pose's six numbers).

    One ``repr()`` of the tuple writes every float as ``repr()`` of it does; only a
    text ``fmt`` would change is worked on: a residue below :data:`SNAP` (written
    with an exponent ``e-``: each value through ``fmt`` then), an integral ``5.0``
    and ``-0.0``.
    """
    vals = values if values.__class__ is tuple else tuple(values)
    text = repr(vals)
    if len(vals) < 2 or "e-" in text or vals[0].__class__ is not float:
        return tuple(map(fmt, vals))
    if ".0," in text or text[-3:] == ".0)":
        return tuple([("0" if t == "-0.0" else t[:-2]) if t[-2:] == ".0" else t
                      for t in text[1:-1].split(", ")])
    return tuple(text[1:-1].split(", "))


def finite(value: float) -> bool:
    """True for a finite float: ``value - value`` is 0 for those, nan for inf and nan."""
    return value - value == 0.0


def all_finite(values: list[float]) -> bool:
    """True when every value is finite (one sum decides the common case)."""
    total = sum(values)
    if total - total == 0.0:  # inf or nan anywhere makes the sum inf or nan
        return True
    return all(v - v == 0.0 for v in values)  # finite values whose sum overflowed


def clean_number(text: str | None) -> float | None:
    """The value of ``text`` when it is one clean finite number, else None.

    Clean: not empty, no blank at either end, no ``_`` (Python's ``float()``
    accepts ``1_0``; XML number syntax does not).  Anything else is for a
    reader's general path, which reports or keeps it.
    """
    if not text or "_" in text or text[0].isspace() or text[-1].isspace():
        return None
    try:
        value = float(text)
    except ValueError:
        return None
    return value if value - value == 0.0 else None


def parse_number(text: str) -> float | None:
    """The finite float written as ``text``, or None when it is not one."""
    try:
        value = float(text)
    except ValueError:
        return None
    return value if finite(value) else None


def split_numbers(text: str | None, count: int | None) -> tuple[tuple[str, ...], list[float]] | str:
    """Split ``text`` into number tokens and their values.

    Returns ``(tokens, values)``, or a short reason string when the text does
    not hold ``count`` finite numbers (any count when ``count`` is None).
    """
    tokens = tuple(text.split()) if text else ()
    if count is not None and len(tokens) != count:
        return f"expected {count} numbers, found {len(tokens)}"
    for token in tokens:
        if "_" in token:  # Python's float() accepts "1_0"; XML number syntax does not
            return f"{token!r} is not a finite number"
    try:
        values = [float(t) for t in tokens]
    except ValueError:
        values = []
    if len(values) == len(tokens) and all_finite(values):
        return tokens, values
    for token in tokens:
        if parse_number(token) is None:
            return f"{token!r} is not a finite number"
    return f"{text!r} is not a list of finite numbers"


def plain_tokens(text: str | None, count: int | None) -> tuple[list[str], list[float]] | None:
    """Fast path of :func:`split_numbers`: ``count`` (any, if None) finite numbers, or None.

    None means "not the plain case": the caller takes its general path, which
    reports what is wrong.
    """
    if not text or "_" in text:
        return None
    tokens = text.split()
    if count is not None and len(tokens) != count:
        return None
    try:
        values = [float(t) for t in tokens]
    except ValueError:
        return None
    if not all_finite(values):
        return None
    return tokens, values


#: a number in the plain form every reader takes (ASCII digits, optional sign, point and
#: exponent): a subset of what ``float()`` reads, always finite (at most 200 digits before
#: the point and a two-digit exponent stay below 1e300).  Fast paths check number text
#: with one match; anything else goes to a general path, which reports or keeps it.
PLAIN_NUMBER = r"[-+]?(?:[0-9]{1,200}(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][-+]?[0-9]{1,2})?"


def repeated(form: str, count: int, separator: str = " ") -> str:
    """The regular expression of ``count`` texts of ``form`` with ``separator`` between:
    ``form`` once and a repeat, which compiles in a third of the time of ``form``
    written ``count`` times (a declaration's number attributes compile theirs at import:
    :class:`urdfsdf.xml.declared.Attribute`)."""
    return form if count == 1 else f"{form}(?:{separator}{form}){{{count - 1}}}"


@cache
def plain_numbers(count: int) -> Callable[[str], bool]:
    """The test of a text of ``count`` plain numbers, one blank between (as the writers
    write them): True when it is one.

    Memoised over the last 4096 texts tested (strings of the documents read, kept until
    4096 newer ones push them out): a few values ("0 0 0", "0", "1 1 1") make most of a
    file's, and an answer found there costs a tenth of a match (the carried set of
    ``benchmarks/real_files.py``: 3.5% fewer instructions for ``urdf_to_sdf``).
    """
    match = re.compile(repeated(PLAIN_NUMBER, count)).fullmatch
    return lru_cache(maxsize=4096)(lambda text: match(text) is not None)


#: ``plain_number(text)``: a match when ``text`` is one plain number, else None
plain_number = re.compile(PLAIN_NUMBER).fullmatch
