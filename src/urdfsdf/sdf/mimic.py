"""``//axis/mimic`` (SDFormat 1.11) read as the joint's mimic, in URDF's form.

SDF writes ``q = multiplier * (q_leader - reference) + offset``; the IR's
:class:`~urdfsdf.core.ir.Mimic` is URDF's ``q = multiplier * q_leader + offset``.
"""

from __future__ import annotations

from urdfsdf.core.ir import Axis, Mimic, evolve
from urdfsdf.core.numbers import fmt
from urdfsdf.sdf.values import number_of
from urdfsdf.xml.parse import first_of_each, from_string
from urdfsdf.xml.readctx import ReadContext


def axis_mimic(ctx: ReadContext, axis: Axis, what: str) -> tuple[Axis, Mimic | None]:
    """//axis/mimic (SDFormat 1.11) as the joint's mimic, URDF's form of it.

    SDF: ``q = multiplier * (q_leader - reference) + offset``; URDF's offset is
    ``offset - multiplier * reference`` (the text as written when reference is 0).
    A mimic of a leader's second axis has no URDF form: it stays in the axis.
    """
    for x in axis.extras:
        if x.tag != "mimic":
            continue
        el = from_string(x.xml)
        leader = el.get("joint")
        if not leader or el.get("axis", "axis") != "axis":
            return axis, None
        kids = first_of_each(el)
        multiplier = number_of(ctx, el, "multiplier", f"{what} <mimic>", "1") or "1"
        offset = number_of(ctx, el, "offset", f"{what} <mimic>", "0") or "0"
        reference = number_of(ctx, el, "reference", f"{what} <mimic>", "0") or "0"
        if float(reference) != 0.0:
            offset = fmt(float(offset) - float(multiplier) * float(reference))
        mimic = Mimic(leader, multiplier if "multiplier" in kids else None,
                      offset if "offset" in kids or float(reference) != 0.0 else None,
                      x.line)
        return evolve(axis, extras=tuple(e for e in axis.extras if e is not x)), mimic
    return axis, None
