"""``urdfsdf check``: validate a URDF or SDF file and say how sdf2urdf would convert it.

For SDF, every model and world goes through the frame engine (all errors,
each with its line); then each model is classified "copy" (URDF-shaped:
xyz/rpy copied as text) or "transform" with every reason from
:mod:`urdfsdf.translate.urdf_shape` as an info diagnostic.  For both, a link without
mass that a physics engine would move is a warning (:mod:`urdfsdf.translate.massless`).
Every mesh and texture URI is looked for (``meshes``: the command line's
default, ``--no-meshes`` not; :mod:`urdfsdf.translate.meshes`): one whose file is not
found is a warning (``MESH_NOT_FOUND``) at its line.
"""

from __future__ import annotations

from dataclasses import field

from urdfsdf.api import gc_paused
from urdfsdf.core.diagnostics import Diagnostic, Diagnostics
from urdfsdf.core.ir import Model
from urdfsdf.core.record import mutable_record
from urdfsdf.document import Document, load_document
from urdfsdf.sdf.frames import analyze
from urdfsdf.sdf.includes import IncludeConfig
from urdfsdf.translate.massless import report as report_massless
from urdfsdf.translate.massless import sdf_massless, urdf_massless
from urdfsdf.translate.meshes import MeshOptions, resolve_meshes
from urdfsdf.translate.to_urdf_copy import linkless
from urdfsdf.translate.urdf_shape import Reason, shape_reasons
from urdfsdf.xml.parse import Source


@mutable_record
class Report:
    """Diagnostics, plus one human-readable verdict line per model."""

    diagnostics: list[Diagnostic] = field(default_factory=list)
    summary: list[str] = field(default_factory=list)
    #: scoped model name -> "copy" or "transform"
    paths: dict[str, str] = field(default_factory=dict)


def _shape_reasons(model: Model) -> list[Reason]:
    """Why sdf2urdf takes the transform path for ``model`` (none: the copy path); a URDF
    robot with no link (``<model urdf:linkless>``) is given back as it was."""
    return [] if linkless(model) is not None else shape_reasons(model, model.urdf_joints)


def _check_meshes(doc: Document, meshes: MeshOptions, diags: Diagnostics) -> None:
    """Look for the file of every mesh and texture of ``doc``'s models."""
    models = [doc.urdf] if doc.format == "urdf" else (
        doc.sdf.every_model() if doc.sdf is not None else [])
    for model in models:
        if model is not None:
            resolve_meshes(model, meshes, doc.path, diags)


@gc_paused
def check_source(source: Source, file: str | None = None,
                 includes: IncludeConfig | None = None,
                 meshes: MeshOptions | None = None) -> Report:
    """Check a URDF or SDF document (sniffed from its root element); ``meshes``: look
    for every mesh's file too."""
    diags = Diagnostics()
    doc = load_document(source, diags, file, includes=includes)
    report = Report()
    if doc is None:
        report.diagnostics = diags.items
        return report
    label = diags.file or "<input>"
    if meshes is not None:
        _check_meshes(doc, meshes, diags)
    if doc.format == "urdf":
        model = doc.urdf
        ok = model is not None and not diags.has_errors()
        if model is not None and ok:
            report_massless(urdf_massless(model), diags, urdf=True)
        report.summary.append(f"{label}: {'valid' if ok else 'invalid'} URDF"
                              + (f" (robot {model.name!r}, {len(model.links)} links, "
                                 f"{len(model.joints)} joints)" if model and ok else ""))
        report.diagnostics = diags.items
        return report
    sdf = doc.sdf
    if sdf is None:
        report.diagnostics = diags.items
        return report
    sem = analyze(sdf, diags)
    valid = not diags.has_errors()
    report.summary.append(f"{label}: {'valid' if valid else 'invalid'} SDFormat "
                          f"{sdf.version}")
    for model in sdf.every_model():
        scope = sem.models.get(model.name)
        if valid and scope is not None:
            report_massless(sdf_massless(scope), diags, urdf=False)
        reasons = _shape_reasons(model)
        if not reasons:
            report.paths[model.name] = "copy"
            report.summary.append(f"model {model.name!r}: copy (URDF-shaped: xyz/rpy are "
                                  "copied as written)")
            continue
        report.paths[model.name] = "transform"
        report.summary.append(f"model {model.name!r}: transform ({len(reasons)} reason"
                              f"{'s' if len(reasons) != 1 else ''} it is not URDF-shaped)")
        for r in reasons:  # (printed in line order, as every diagnostic)
            # an included model's lines are its file's; an <include>'s <pose>, the includer's
            file = r.file or model.file
            diags.add(r.code, r.message, r.line, severity="info", file=file)
            where = f"line {r.line}" if file in (None, diags.file) else f"{file}:{r.line}"
            report.summary.append(f"  {where}: {r.message} [{r.code}]")
    report.diagnostics = diags.items
    return report
