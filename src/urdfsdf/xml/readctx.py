"""Shared reading context: diagnostics plus number and name helpers.

Both readers turn attributes and element texts into IR values through
:class:`ReadContext`, so a bad number or a missing name gives the same
diagnostic (code, line, XPath) whichever format it came from.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from lxml import etree

from urdfsdf.core.diagnostics import Diagnostics
from urdfsdf.core.ir import Geometry, Pose, Tokens
from urdfsdf.core.numbers import clean_number, plain_tokens, split_numbers
from urdfsdf.xml.parse import line_of, xpath_of

#: a reference reader's reading of a number text (see :attr:`ReadContext.tolerate`): the
#: ``count`` numbers' texts and values, or None when it refuses the text
Tolerate = Callable[[str | None, int | None], "tuple[Tokens, list[float]] | None"]


class ReadContext:
    """Diagnostics of one input and helpers that report into them."""

    def __init__(self, diags: Diagnostics, bad_number_code: str = "ATTRIBUTE_INVALID",
                 tolerate: Tolerate | None = None, reader: str = "") -> None:
        self.diags = diags
        self.bad_number_code = bad_number_code
        #: how the format's reference reader reads a number text that is not one here
        #: (None: it refuses it too), and whose reading that is, for the warning
        self.tolerate = tolerate
        self.reader = reader

    def error(self, code: str, message: str, el: etree._Element | None) -> None:
        """Record an error located at ``el``."""
        self.diags.error(code, message, line_of(el), xpath_of(el) if el is not None else None)

    def warning(self, code: str, message: str, el: etree._Element | None) -> None:
        """Record a warning located at ``el``."""
        self.diags.warning(code, message, line_of(el), xpath_of(el) if el is not None else None)

    def info(self, code: str, message: str, el: etree._Element | None) -> None:
        """Record an info diagnostic located at ``el``."""
        self.diags.add(code, message, line_of(el), xpath_of(el) if el is not None else None,
                       "info")

    def name(self, el: etree._Element, what: str, attr: str = "name") -> str | None:
        """The required, non-empty name attribute of ``el`` (None if bad)."""
        value = el.get(attr)
        if value is None:
            self.error("ATTRIBUTE_MISSING", f"{what} has no {attr!r} attribute", el)
            return None
        if not value.strip():
            self.error("ATTRIBUTE_INVALID", f"{what} has an empty {attr!r} attribute", el)
            return None
        return value

    def numbers(self, el: etree._Element, text: str | None, count: int | None,
                what: str) -> tuple[Tokens, list[float]] | None:
        """Tokens and values of ``text``; None (and an error) when malformed.

        URDF numbers live in attributes and SDF numbers in element text, so
        the code is ATTRIBUTE_INVALID or ELEMENT_INVALID after :attr:`bad_number_code`.
        """
        plain = plain_tokens(text, count)  # the common case, checked in one pass
        if plain is not None:
            return tuple(plain[0]), plain[1]
        result = split_numbers(text, count)
        if isinstance(result, str):
            return self._tolerated(el, text, count, what, result)
        return result

    def _tolerated(self, el: etree._Element, text: str | None, count: int | None, what: str,
                   problem: str) -> tuple[Tokens, list[float]] | None:
        """``text`` as the reference reader reads it (a warning, VALUE_TOLERATED), or None
        and an error when it refuses it too."""
        read = self.tolerate(text, count) if self.tolerate is not None else None
        if read is None:
            self.error(self.bad_number_code, f"{what}: {problem}", el)
            return None
        self.warning("VALUE_TOLERATED", f"{what}: {text!r} is read as "
                     f"{' '.join(read[0])!r}, {self.reader} reading", el)
        return read

    def number(self, el: etree._Element, text: str | None, what: str,
               required: bool = False, default: str | None = None) -> str | None:
        """One number as its text, validated; ``default`` when absent."""
        if clean_number(text) is not None:  # the common case
            return text
        if text is None or (not text.strip() and not required):
            if required:
                self.error("ATTRIBUTE_MISSING", f"{what} is missing", el)
            return default
        result = self.numbers(el, text, 1, what)
        return result[0][0] if result else default

    def inertia(self, el: etree._Element, moments: Sequence[str], what: str) -> None:
        """Warn (LINK_INERTIA_INVALID) when the inertia ``moments`` are not physical."""
        problem = inertia_problem([float(m) for m in moments])
        if problem is not None:
            self.warning("LINK_INERTIA_INVALID", f"{what} inertia is invalid: {problem}", el)

    def sizes(self, el: etree._Element, shape: Geometry, what: str, how: str) -> None:
        """Warn (NEGATIVE_SIZE) of each negative size of ``shape`` (a box's size, a
        radius, a length), which is read and written as written: ``how`` says who reads
        it so (docs/lenient.md, "Negative sizes")."""
        radius, length, size = shape.radius, shape.length, shape.size
        if not ((radius and radius[0] == "-") or (length and length[0] == "-")
                or (size and "-" in "".join(size))):
            return  # the common case: no sign (a "-" in an exponent goes on)
        for key, texts in (("size", size), ("radius", (radius,)), ("length", (length,))):
            if texts and any(t is not None and t[:1] == "-" and float(t) < 0.0
                             for t in texts):
                written = texts[0] if len(texts) == 1 else " ".join(texts)
                self.warning("NEGATIVE_SIZE", f"{what} <{shape.kind}> {key} {written!r} is "
                             f"negative: {how}", el)

    def pose6(self, el: etree._Element, text: str | None, relative_to: str | None,
              what: str) -> Pose:
        """An SDF ``x y z roll pitch yaw`` pose (empty text: identity)."""
        if text is None or not text.strip():
            return Pose(relative_to=relative_to, line=line_of(el))
        result = self.numbers(el, text, 6, what)
        if result is None:
            return Pose(relative_to=relative_to, line=line_of(el))
        tokens, v = result
        return Pose((v[0], v[1], v[2]), (v[3], v[4], v[5]), relative_to, tokens, line_of(el))


#: relative tolerance of the inertia checks (of the largest principal moment)
INERTIA_TOLERANCE = 1e-6


def inertia_problem(moments: Sequence[float]) -> str | None:
    """Why ``ixx ixy ixz iyy iyz izz`` is not a physical inertia, or None.

    The principal moments (eigenvalues of the symmetric matrix) must be
    non-negative and satisfy the triangle inequality ``I1 + I2 >= I3`` for
    every permutation, within :data:`INERTIA_TOLERANCE` of the largest.
    """
    a, d, e_, b, f, c = moments
    scale = max(abs(a), abs(d), abs(e_), abs(b), abs(f), abs(c))
    if scale == 0.0:
        return None
    if d == 0.0 and e_ == 0.0 and f == 0.0:
        # diagonal (the common case): the moments are the principal ones; the same
        # arithmetic as below, without building the message when they are fine
        e0, e1, e2 = sorted((a / scale, b / scale, c / scale))
        tol = INERTIA_TOLERANCE * max(abs(e0), abs(e2))
        if e0 >= -tol and e0 + e1 >= e2 - tol:
            return None
    e = principal_moments((a / scale, d / scale, e_ / scale, b / scale, f / scale, c / scale))
    tol = INERTIA_TOLERANCE * max(abs(e[0]), abs(e[2]))
    if e[0] < -tol:
        return f"the principal moments ({_shown(e, scale)}) are not all >= 0"
    if e[0] + e[1] < e[2] - tol:
        return (f"the principal moments ({_shown(e, scale)}) break the triangle inequality "
                "I1 + I2 >= I3")
    return None


def _shown(e: Sequence[float], scale: float) -> str:
    return " ".join(f"{v * scale:.6g}" for v in e)


def principal_moments(moments: Sequence[float]) -> tuple[float, float, float]:
    """Eigenvalues, ascending, of the symmetric matrix ``ixx ixy ixz iyy iyz izz``.

    Closed form (trigonometric solution of the characteristic cubic): one
    inertia at a time, this is much faster than a general eigen solver.
    """
    a, d, e, b, f, c = moments  # [[a d e] [d b f] [e f c]]
    off = d * d + e * e + f * f
    if off == 0.0:
        x, y, z = sorted((a, b, c))
        return x, y, z
    q = (a + b + c) / 3.0
    p = math.sqrt(((a - q) ** 2 + (b - q) ** 2 + (c - q) ** 2 + 2.0 * off) / 6.0)
    a1, b1, c1 = (a - q) / p, (b - q) / p, (c - q) / p
    d1, e1, f1 = d / p, e / p, f / p
    r = (a1 * (b1 * c1 - f1 * f1) - d1 * (d1 * c1 - f1 * e1) + e1 * (d1 * f1 - b1 * e1)) / 2.0
    phi = math.acos(min(1.0, max(-1.0, r))) / 3.0
    big = q + 2.0 * p * math.cos(phi)
    small = q + 2.0 * p * math.cos(phi + 2.0 * math.pi / 3.0)
    return small, 3.0 * q - big - small, big


