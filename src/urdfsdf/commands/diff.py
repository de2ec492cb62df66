"""``urdfsdf diff A B``: what changed between two robot descriptions.

``A`` and ``B`` are URDF or SDF, in any mix; ``B`` is compared with ``A`` by
:mod:`urdfsdf.compare`, whose rules the ``assert_same_*`` assertions and
``urdfsdf roundtrip`` share:

- kinematics (:func:`~urdfsdf.compare.kinematics_differences`): the same links,
  joints and explicit frames; every link and frame pose relative to the root link
  at zero and at seeded random joint values within ``A``'s limits (the same values
  on every run), off by how many metres and radians, and the joints whose own
  transform changed on the way from the root (``moved by joint 'j1'``); every axis;
- inertia (:func:`~urdfsdf.compare.inertia_differences`): each link's spatial
  inertia (mass, centre of mass, moments) about and in its kinematic frame;
- with ``document=True``, the document element by element
  (:func:`~urdfsdf.compare.document_diff`).  Two files of one format compare as
  written; a URDF and an SDF compare in URDF form, the SDF converted by sdf2urdf.

A file that does not read (or whose frames do not resolve) gives its diagnostics
and no difference.  Exit status (:func:`urdfsdf.commands.cli.main`): 0 no
difference, 1 a difference or an invalid input, 2 usage (``--model`` naming no
model, or needed for a file holding several).
"""

from __future__ import annotations

from dataclasses import field
from typing import TYPE_CHECKING

from urdfsdf.core.diagnostics import Diagnostic, Diagnostics, worded
from urdfsdf.core.record import mutable_record
from urdfsdf.document import Document, load_document

if TYPE_CHECKING:
    from urdfsdf.compare.assertions import Difference
    from urdfsdf.compare.kinematics import KinematicModel
    from urdfsdf.core.ir import Model, SdfDocument
    from urdfsdf.sdf.includes import IncludeConfig
    from urdfsdf.xml.parse import Source

#: the checks, in the order they are listed
CHECKS = ("kinematics", "inertia", "document")


@mutable_record
class DiffReport:
    """What ``urdfsdf diff`` found."""

    differences: list[Difference] = field(default_factory=list)
    #: errors reading either file (or converting the SDF one for the document check)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    #: the formats of A and B (None when a file did not read)
    formats: tuple[str | None, str | None] = (None, None)
    #: --model named no model of an SDF file, or an SDF file holds several and none was
    #: named: a usage error
    usage: bool = False

    @property
    def failed(self) -> bool:
        """A file could not be compared (diagnostics say why)."""
        return self.usage or any(d.severity == "error" for d in self.diagnostics)

    def counts(self) -> dict[str, int]:
        """How many differences each check found."""
        return {c: sum(1 for d in self.differences if d.check == c) for c in CHECKS}


@mutable_record
class _Side:
    """One file as read: its document and the IR the comparisons take."""

    file: str | None
    doc: Document
    ir: Model | SdfDocument


def _read(source: Source, file: str | None, includes: IncludeConfig | None,
          report: DiffReport) -> _Side | None:
    from urdfsdf.sdf.frames import analyze

    diags = Diagnostics(file)
    doc = load_document(source, diags, file, includes=includes)
    if doc is not None and doc.sdf is not None and not diags.has_errors():
        analyze(doc.sdf, diags)  # the frame engine's errors, with this file's name
    report.diagnostics.extend(d for d in diags.items if d.severity == "error")
    if doc is None or diags.has_errors():
        return None
    ir: Model | SdfDocument | None = doc.urdf if doc.urdf is not None else doc.sdf
    return _Side(file, doc, ir) if ir is not None else None


def _model(side: _Side, model: str | None, report: DiffReport) -> KinematicModel | None:
    """The kinematic model compared, or None (a diagnostic says why)."""
    from urdfsdf.compare.kinematics import kinematic_model, sdf_model_names

    sdf = side.doc.sdf
    if sdf is not None:
        names = sdf_model_names(sdf)
        problem = None
        if model is not None and model not in names:
            problem = f"--model {model}: the file holds no model {model!r} " \
                      f"(models: {', '.join(map(repr, names)) or 'none'})"
        elif model is None and len(names) > 1:
            problem = f"the file holds {len(names)} models " \
                      f"({', '.join(map(repr, names))}): pick one with --model NAME"
        if problem is not None:
            report.diagnostics.append(Diagnostic("ARGUMENT_INVALID", "error", problem,
                                                 side.file))
            report.usage = True
            return None
        if not names:
            report.diagnostics.append(Diagnostic("ELEMENT_MISSING", "error",
                                                 "the file holds no model", side.file))
            return None
    try:
        return kinematic_model(side.ir, model if sdf is not None else None)
    except ValueError as exc:  # a joint that connects no link, ...
        report.diagnostics.append(Diagnostic("ELEMENT_INVALID", "error", str(exc),
                                             side.file))
        return None


def _urdf_text(side: _Side, model: str | None, report: DiffReport) -> bytes | None:
    """The document compared: as written, or an SDF file's URDF form."""
    from urdfsdf.api import sdf_document_to_urdf

    if side.doc.sdf is None:
        return side.doc.data
    result = sdf_document_to_urdf(Document("sdf", sdf=side.doc.sdf), Diagnostics(side.file),
                                  model)
    report.diagnostics.extend(d for d in result.diagnostics if d.severity == "error")
    return result.text.encode() if result.ok and result.text is not None else None


@worded("flags")  # a command: its messages name flags, also the API's it calls
def diff_sources(a: Source, b: Source, file_a: str | None = None, file_b: str | None = None,
                 *, model: str | None = None, tol: float | None = None,
                 samples: int = 3, document: bool = False,
                 includes: IncludeConfig | None = None) -> DiffReport:
    """Compare ``b`` with ``a`` (URDF or SDF text, bytes or paths; module doc).

    ``model`` picks the model of an SDF file holding several (both files);
    ``tol`` is the tolerance of poses and axes (metres, radians; default 1e-9) and
    the relative one of inertias (default 1e-6); ``samples`` random configurations
    are compared besides zero.
    """
    from urdfsdf.compare.assertions import (
        INERTIA_RTOL,
        KINEMATICS_TOL,
        document_diff,
        inertia_differences,
        kinematics_differences,
    )

    report = DiffReport()
    sa = _read(a, file_a, includes, report)
    sb = _read(b, file_b, includes, report)
    report.formats = (sa.doc.format if sa else None, sb.doc.format if sb else None)
    if sa is None or sb is None:
        return report
    if model is not None and sa.doc.sdf is None and sb.doc.sdf is None:
        report.diagnostics.append(Diagnostic(
            "ARGUMENT_INVALID", "error", f"--model {model}: both files are URDF, which holds "
            "one robot (--model picks a model of an SDF file)", file_a))
        report.usage = True
        return report
    ka, kb = _model(sa, model, report), _model(sb, model, report)
    if ka is None or kb is None:
        return report
    report.differences += kinematics_differences(
        ka, kb, configurations=samples, tol=KINEMATICS_TOL if tol is None else tol)
    report.differences += inertia_differences(ka, kb,
                                              rtol=INERTIA_RTOL if tol is None else tol)
    if document:
        if sa.doc.format == sb.doc.format:
            da: bytes | None = sa.doc.data
            db: bytes | None = sb.doc.data
        else:
            da, db = _urdf_text(sa, model, report), _urdf_text(sb, model, report)
        if da is not None and db is not None:
            report.differences += document_diff(da, db)
    return report


def format_text(report: DiffReport, name_a: str, name_b: str, summary: bool = True) -> str:
    """One line per difference, ``CHECK: PATH: MESSAGE``, then a summary line."""
    lines = [f"{d.check}: {d}" for d in report.differences]
    if summary:
        counts = [f"{n} {c}" for c, n in report.counts().items() if n]
        found = f"{len(report.differences)} difference(s) ({', '.join(counts)})" if counts \
            else "no difference"
        lines.append(f"{name_a} -> {name_b}: {found}")
    return "".join(line + "\n" for line in lines)


def format_json(report: DiffReport) -> str:
    """The differences as a JSON list of ``{check, path, message}``."""
    import json

    return json.dumps([d.to_dict() for d in report.differences], indent=1)
