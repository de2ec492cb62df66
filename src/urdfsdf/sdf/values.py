"""SDFormat's value forms as the SDF reader reads them: booleans, numbers, vectors,
//axis/limit values and poses (with SDFormat 1.9's ``rotation_format`` and ``degrees``).

Each reader takes the plain form (what writers write: no blank inside a number, no
``_``, finite) in one pass, and hands anything else to
:class:`~urdfsdf.xml.readctx.ReadContext`, which reports it; the value is the same
either way.  Number text is kept as written (stripped), short texts shared
(:func:`sys.intern`: one object for each text that repeats from link to link).
"""

from __future__ import annotations

import math
import re
from functools import lru_cache
from sys import intern

from lxml import etree

from urdfsdf.core import transforms as tf
from urdfsdf.core.ir import IDENTITY, Pose
from urdfsdf.core.numbers import all_finite, plain_tokens
from urdfsdf.xml.declared import Attribute, text
from urdfsdf.xml.parse import first_child, line_of
from urdfsdf.xml.readctx import ReadContext

#: SDFormat's boolean texts (libsdformat Param.cc: any case, blanks around)
BOOLEAN_TEXTS = ("true", "false", "1", "0")
#: those that are true
TRUE_TEXTS = ("true", "1")


def is_boolean(text: str) -> bool:
    """``text`` is one of SDFormat's booleans (:data:`BOOLEAN_TEXTS`)."""
    return text.strip().lower() in BOOLEAN_TEXTS


def is_true(text: str | None) -> bool:
    """``text`` is a true SDFormat boolean (None, false and anything else: False)."""
    return text is not None and text.strip().lower() in TRUE_TEXTS


#: //pose's attributes, as :data:`urdfsdf.sdf.elements.POSE` declares them (read here)
RELATIVE_TO = text("relative_to")
ROTATION_FORMAT = text("rotation_format")
DEGREES = text("degrees")


def attribute(ctx: ReadContext, el: etree._Element, attr: Attribute, what: str) -> str | None:
    """The text attribute ``attr`` an SDF element declares, as ``el`` has it, read as
    libsdformat reads it (:func:`trimmed`); None when absent."""
    return trimmed(ctx, el, attr.name, what)


def plain_pose(el: etree._Element) -> Pose | None:
    """The pose ``el`` in its plain form (no attribute but ``relative_to``, six plain
    finite numbers or none), read in one pass; None: anything else (:func:`pose` reads it)."""
    keys = el.keys()
    if not keys or (len(keys) == 1 and keys[0] == RELATIVE_TO.name):
        rel = el.get(RELATIVE_TO.name) if keys else None
        if rel and (rel[0] in TRIMMED or rel[-1] in TRIMMED):
            return None  # :func:`pose` reads (and reports) it
        text = el.text
        if not text or text.isspace():
            return Pose(relative_to=rel, line=el.sourceline)  # type: ignore[arg-type]
        if _six_plain_numbers(text):
            return Pose.parsed(text, rel, el.sourceline)  # type: ignore[arg-type]
    return None


@lru_cache(maxsize=4096)
def _six_plain_numbers(text: str) -> bool:
    """``text`` is six finite numbers in the plain form (:func:`plain_tokens`); memoised
    as :func:`plain` is."""
    return plain_tokens(text, 6) is not None


def pose(ctx: ReadContext, el: etree._Element | None, what: str) -> Pose:
    """The pose ``el`` (None: identity, no relative_to).

    The plain form is read by :func:`plain_pose`; anything else by :func:`_pose`,
    which reports it.
    """
    if el is None:
        return IDENTITY  # one shared identity: poses are immutable
    return plain_pose(el) or _pose(ctx, el, what)


def _pose(ctx: ReadContext, el: etree._Element | None, what: str) -> Pose:
    """The pose ``el`` (None: identity, no relative_to)."""
    if el is None:
        return IDENTITY
    if el.get("frame") is not None:
        ctx.warning("ATTRIBUTE_INVALID", f"{what}: //pose/@frame has no defined "
                         "meaning and is ignored", el)
    fmt_ = el.get(ROTATION_FORMAT.name)
    degrees = el.get(DEGREES.name)
    rel = attribute(ctx, el, RELATIVE_TO, f"{what} <pose>")
    if fmt_ is None and degrees is None:
        return ctx.pose6(el, el.text, rel, f"{what} pose")
    return _pose_1_9(ctx, el, what, fmt_ or "euler_rpy", degrees, rel)


def _pose_1_9(ctx: ReadContext, el: etree._Element, what: str, fmt_: str, degrees: str | None,
              rel: str | None) -> Pose:
    """A pose with SDFormat 1.9's //pose/@rotation_format or @degrees (Param.cc).

    ``quat_xyzw``: ``x y z qx qy qz qw`` (normalised here; libsdformat keeps a
    non-unit quaternion as written); ``degrees``: roll, pitch, yaw in degrees.
    An empty pose is the identity, whatever the attributes say.
    """
    empty = Pose(relative_to=rel, line=line_of(el))
    if fmt_ not in ("euler_rpy", "quat_xyzw"):
        ctx.error("ATTRIBUTE_INVALID", f"{what}: //pose/@rotation_format {fmt_!r} is "
                       "not euler_rpy or quat_xyzw", el)
        return empty
    in_degrees = False
    if degrees is not None:
        flag = degrees.strip().lower()
        if flag not in ("true", "false", "1", "0"):
            ctx.error("ATTRIBUTE_INVALID", f"{what}: //pose/@degrees {degrees!r} is "
                           "not a boolean", el)
            return empty
        in_degrees = flag in ("true", "1")
    if fmt_ == "quat_xyzw" and in_degrees:
        ctx.error("ATTRIBUTE_INVALID", f"{what}: //pose/@degrees does not apply to "
                       "quaternions (rotation_format quat_xyzw)", el)
        return empty
    if not (el.text or "").strip():
        return empty
    count = 7 if fmt_ == "quat_xyzw" else 6
    r = ctx.numbers(el, el.text, count, f"{what} pose")
    if r is None:
        return empty
    v = r[1]
    if fmt_ == "quat_xyzw":
        x, y, z, w = v[3:7]
        n = math.sqrt(x * x + y * y + z * z + w * w)
        if n == 0.0:
            ctx.error("ELEMENT_INVALID", f"{what}: the quaternion is zero", el)
            return empty
        x, y, z, w = x / n, y / n, z / n, w / n
        rot = (1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w),
               2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w),
               2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y))
        rpy = tf.rpy_from_rot(rot)
    elif in_degrees:
        rpy = (math.radians(v[3]), math.radians(v[4]), math.radians(v[5]))
    else:
        return Pose((v[0], v[1], v[2]), (v[3], v[4], v[5]), rel, r[0], line_of(el))
    return Pose((v[0], v[1], v[2]), rpy, rel, None, line_of(el))


@lru_cache(maxsize=4096)
def plain(text: str | None) -> str | None:
    """``text`` stripped when it is one plain finite number (short ones shared), else None.

    Memoised over the last 4096 texts (strings of the documents read, kept until 4096
    newer ones push them out): a few values ("0", "1", "0.1") make most of a file's."""
    if text is None:
        return None
    t = text.strip()
    if not t or "_" in t:  # float() takes "1_0"
        return None
    try:
        value = float(t)
    except ValueError:
        return None
    if value - value != 0.0:  # inf, nan
        return None
    return intern(t) if len(t) < 4 else t


def number(ctx: ReadContext, el: etree._Element | None, what: str, default: str | None = None
           ) -> str | None:
    """The text of ``el`` as one number, stripped (``default`` when it is not one,
    with a diagnostic naming it ``{what} <{tag}>``, or when ``el`` is None)."""
    if el is None:
        return default
    text = el.text
    return plain(text) or ctx.number(el, (text or "").strip(), f"{what} <{el.tag}>",
                                     required=True, default=default)


def number_of(ctx: ReadContext, parent: etree._Element, tag: str, what: str,
              default: str | None = None) -> str | None:
    """The number text of the first child ``tag`` of ``parent`` (absent: ``default``)."""
    return number(ctx, first_child(parent, tag), what, default)


#: what ``sdf::trim`` (Types.cc) trims of a value's text: ``Param::SetFromString``
TRIMMED = " \t\n"


def trimmed(ctx: ReadContext, el: etree._Element, key: str, what: str) -> str | None:
    """The attribute ``key`` of ``el`` as libsdformat reads it: ``Param::SetFromString``
    trims the blanks at both ends (``name=" base "`` is ``base``), with a warning when it
    has some; None when absent."""
    value = el.get(key)
    if not value or (value[0] not in TRIMMED and value[-1] not in TRIMMED):
        return value
    found = value.strip(TRIMMED)
    ctx.warning("VALUE_TOLERATED", f"{what}: {key}={value!r} is read as {found!r}, as "
                "libsdformat reads it (it trims the blanks at both ends of a value)", el)
    return found


#: C ``isspace``: the blanks TinyXML2 collapses
_C_BLANKS = " \t\n\v\f\r"
_BLANKS = re.compile(f"[{_C_BLANKS}]+")


def collapsed(text: str | None) -> str:
    """``text`` as libsdformat reads an element's text: TinyXML2 (``COLLAPSE_WHITESPACE``,
    parser.cc ``makeSdfDoc``) drops the blanks at both ends and makes each run of blanks
    inside one space (``<name>steel plate (-1,  -1)</name>`` is ``steel plate (-1, -1)``)."""
    if not text or (" " not in text and text.isprintable()):
        return text or ""  # no blank at all (nor a control or separator character)
    return _BLANKS.sub(" ", text).strip(" ")


def text_of(ctx: ReadContext, el: etree._Element, what: str) -> str:
    """The text of ``el`` as libsdformat reads it (:func:`collapsed`: a frame's name, a
    URI), with a warning when its blanks inside are read otherwise than written."""
    text = el.text
    if not text:
        return ""
    bare = text.strip(_C_BLANKS)
    if " " not in bare and bare.isprintable():
        return bare  # the common case: no blank inside (nor any control or separator
        # character), only C blanks around, if any
    written = text.strip()
    found = collapsed(text)
    if found != written:
        ctx.warning("VALUE_TOLERATED", f"{what} <{el.tag}> {written!r} is read as {found!r}, "
                    "as libsdformat reads it (TinyXML2 collapses the blanks of an element's "
                    "text)", el)
    return found


def required_text(ctx: ReadContext, el: etree._Element, what: str) -> str | None:
    """The text of ``el`` (:func:`text_of`); None (an error) when it is empty: libsdformat
    refuses an empty value of an element its description requires (//mesh/uri)."""
    found = text_of(ctx, el, what)
    if not found:
        ctx.error("ELEMENT_INVALID", f"{what} <{el.tag}> is empty (libsdformat refuses an "
                  "empty value where one is required)", el)
    return found or None


def boolean(ctx: ReadContext, el: etree._Element, what: str) -> bool:
    """The text of ``el`` as an SDFormat boolean (:func:`is_true`)."""
    return is_true(el.text)


def colour(ctx: ReadContext, el: etree._Element, what: str) -> tuple[str, ...] | None:
    """A //material colour: three or four numbers (None, reported: anything else)."""
    label = f"{what} material <{el.tag}>"
    found = ctx.numbers(el, el.text, None, label)
    if found is None:
        return None
    if len(found[0]) in (3, 4):
        return found[0]
    ctx.error("ELEMENT_INVALID", f"{label} needs 3 or 4 numbers", el)
    return None


def limit_value(ctx: ReadContext, el: etree._Element | None, what: str) -> str | None:
    """A //axis/limit value: a number, or ``inf``/``-inf`` (no limit, as libsdformat reads)."""
    if el is None:
        return None
    found = plain(el.text)
    if found is not None:
        return found
    text = (el.text or "").strip()
    if text.lower().lstrip("+-") in ("inf", "infinity"):
        return text
    return number(ctx, el, what)


def vector3(ctx: ReadContext, el: etree._Element, what: str
            ) -> tuple[tuple[str, ...], tuple[float, float, float]] | None:
    """The text of ``el`` as three finite numbers: their tokens (short ones shared)
    and values; None (with a diagnostic naming it ``{what} <{tag}>``) otherwise."""
    text = el.text
    if text and "_" not in text:  # float() takes "1_0"
        tokens = text.split()
        if len(tokens) == 3:
            a, b, c = tokens
            try:
                values = (float(a), float(b), float(c))
            except ValueError:
                values = (math.nan, 0.0, 0.0)
            total = values[0] + values[1] + values[2]
            if total - total == 0.0 or (total == total and all_finite(list(values))):
                return (intern(a) if len(a) < 4 else a, intern(b) if len(b) < 4 else b,
                        intern(c) if len(c) < 4 else c), values
    r = ctx.numbers(el, (text or "").strip(), 3, f"{what} <{el.tag}>")
    if r is None:
        return None
    v = r[1]
    return r[0], (v[0], v[1], v[2])


def tokens3(ctx: ReadContext, el: etree._Element, what: str) -> tuple[str, ...] | None:
    """The tokens of the three numbers of ``el`` (:func:`vector3`; None: not read)."""
    found = vector3(ctx, el, what)
    return None if found is None else found[0]
