"""``//axis/mimic`` (SDFormat 1.11): read as the joint's mimic, in URDF's form, and
written from it.

SDF writes ``q = multiplier * (q_leader - reference) + offset``; the IR's
:class:`~urdfsdf.core.ir.Mimic` is URDF's ``q = multiplier * q_leader + offset``.
Before 1.11 the writer carries a mimic as ``<urdf:mimic>`` (:mod:`urdfsdf.sdf.writer`).

Drake reads neither: its SDF parser makes a coupler constraint of ``<drake:mimic
joint multiplier offset>``, a direct child of ``<joint>`` with all three attributes
(``ParseMimicTag`` in Drake's ``detail_sdf_parser.cc``), which the writer adds beside
either form (:func:`drake_mimic_xml`) and the reader takes as the joint's mimic when
the joint has no other.
"""

from __future__ import annotations

from urdfsdf.core.ir import Axis, Extra, Joint, Mimic, Model, SdfDocument, evolve
from urdfsdf.core.numbers import fmt
from urdfsdf.sdf.names import version_of
from urdfsdf.sdf.values import number_of
from urdfsdf.xml.build import attrs, text
from urdfsdf.xml.namespaces import DRAKE_XMLNS, D
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


#: ``<drake:mimic>`` (Drake's SDF form of a mimic), as the joint's extras hold it
DRAKE_MIMIC = D + "mimic"


def drake_mimic_xml(m: Mimic, declare: bool = False) -> str:
    """``<drake:mimic joint multiplier offset/>``: URDF's mimic in Drake's SDF form.

    Drake requires the three attributes; what the URDF left out is URDF's default
    (multiplier 1, offset 0), as Drake's URDF parser reads it.  ``declare``: with its
    ``xmlns:drake`` (an element kept as an extra, parsed on its own).
    """
    values = attrs((("joint", m.joint), ("multiplier", m.multiplier or "1"),
                    ("offset", m.offset or "0")))
    return f"<drake:mimic{DRAKE_XMLNS if declare else ''}{values}/>"


#: the first SDFormat version with //axis/mimic
AXIS_MIMIC_SINCE = (1, 11)


def with_axis_mimics(doc: SdfDocument) -> SdfDocument:
    """``doc`` with each joint's mimic in its ``<axis>``, when its version has //axis/mimic.

    As libsdformat 14 writes a URDF ``<mimic>`` (``<mimic joint=LEADER>`` with
    ``<multiplier>`` and ``<offset>``, no ``axis`` attribute and no ``<reference>``: the
    leader's first axis, reference 0); what the URDF left out is left out (SDFormat's
    defaults, 1 and 0, are URDF's).  ``<drake:mimic>`` goes beside it, into the joint
    (Drake reads no //axis/mimic).  A mimic SDFormat cannot hold stays on the joint,
    for the writer's ``<urdf:mimic>``: its joint or its leader has no axis in the model.
    """
    if version_of(doc.version) < AXIS_MIMIC_SINCE:
        return doc
    return evolve(doc, models=tuple(map(_model_mimics, doc.models)),
                  worlds=tuple(evolve(w, models=tuple(map(_model_mimics, w.models)))
                               for w in doc.worlds))


def _model_mimics(model: Model) -> Model:
    """``model`` (and its nested models) with its mimics in the axes that can hold them."""
    models = tuple(map(_model_mimics, model.models))
    if not any(j.mimic is not None for j in model.joints):
        return evolve(model, models=models) if model.models else model
    leaders = {j.name for j in model.joints if j.axis is not None}
    return evolve(model, models=models,
                  joints=tuple(_axis_mimic(j, leaders) for j in model.joints))


def _axis_mimic(joint: Joint, leaders: set[str]) -> Joint:
    """``joint`` with its mimic as ``//axis/mimic`` (unchanged if SDF cannot hold it)."""
    m, axis = joint.mimic, joint.axis
    if m is None or axis is None or m.joint not in leaders:
        return joint
    body = "".join(f"<{key}>{text(value)}</{key}>" for key, value in
                   (("multiplier", m.multiplier), ("offset", m.offset)) if value is not None)
    xml = f"<mimic{attrs((('joint', m.joint),))}>{body}</mimic>" if body else \
        f"<mimic{attrs((('joint', m.joint),))}/>"
    drake = Extra(DRAKE_MIMIC, drake_mimic_xml(m, declare=True), m.line)
    return evolve(joint, mimic=None, extras=(*joint.extras, drake),
                  axis=evolve(axis, extras=(*axis.extras, Extra("mimic", xml, m.line))))
