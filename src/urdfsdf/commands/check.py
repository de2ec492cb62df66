"""``urdfsdf check``: validate a URDF or SDF file and say how sdf2urdf would convert it.

For SDF, every model and world goes through the frame engine (all errors,
each with its line); then each model is classified "copy" (URDF-shaped:
xyz/rpy copied as text) or "transform" with every reason from
:mod:`urdfsdf.translate.urdf_shape` as an info diagnostic.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from lxml import etree

from urdfsdf.api import gc_paused
from urdfsdf.core.diagnostics import Diagnostic, Diagnostics
from urdfsdf.core.ir import Model, SdfDocument
from urdfsdf.sdf.frames import analyze
from urdfsdf.sdf.reader import STREAM_TAGS, SdfReader
from urdfsdf.translate.urdf_shape import shape_reasons
from urdfsdf.urdf.reader import read_robot
from urdfsdf.xml.parse import Source, Stream, load_input, read_document
from urdfsdf.xml.readctx import ReadContext


@dataclass
class Report:
    """Diagnostics, plus one human-readable verdict line per model."""

    diagnostics: list[Diagnostic] = field(default_factory=list)
    summary: list[str] = field(default_factory=list)
    #: scoped model name -> "copy" or "transform"
    paths: dict[str, str] = field(default_factory=dict)


@gc_paused
def check_source(source: Source, file: str | None = None) -> Report:
    """Check a URDF or SDF document (sniffed from its root element)."""
    diags = Diagnostics()
    data = load_input(source, diags, file)
    report = Report()
    if data is None:
        report.diagnostics = diags.items
        return report
    read = _read(data, diags)
    if read is None:
        report.diagnostics = diags.items
        return report
    label = diags.file or "<input>"
    is_urdf, model, doc = read
    if is_urdf:
        ok = model is not None and not diags.has_errors()
        report.summary.append(f"{label}: {'valid' if ok else 'invalid'} URDF"
                              + (f" (robot {model.name!r}, {len(model.links)} links, "
                                 f"{len(model.joints)} joints)" if model and ok else ""))
        report.diagnostics = diags.items
        return report
    if doc is None:
        report.diagnostics = diags.items
        return report
    analyze(doc, diags)
    valid = not diags.has_errors()
    report.summary.append(f"{label}: {'valid' if valid else 'invalid'} SDFormat "
                          f"{doc.version}")
    models: list[Model] = list(doc.models) + [m for w in doc.worlds for m in w.models]
    for model in models:
        reasons = shape_reasons(model, model.urdf_joints)
        if not reasons:
            report.paths[model.name] = "copy"
            report.summary.append(f"model {model.name!r}: copy (URDF-shaped: xyz/rpy are "
                                  "copied as written)")
            continue
        report.paths[model.name] = "transform"
        report.summary.append(f"model {model.name!r}: transform ({len(reasons)} reason"
                              f"{'s' if len(reasons) != 1 else ''} it is not URDF-shaped)")
        for r in reasons:
            diags.add(r.code, r.message, r.line, severity="info")
            report.summary.append(f"  line {r.line}: {r.message} [{r.code}]")
    report.diagnostics = diags.items
    return report


def _read(data: bytes, diags: Diagnostics
          ) -> tuple[bool, Model | None, SdfDocument | None] | None:
    """``(is_urdf, URDF model, SDF document)`` of ``data`` (by its root); None if unparsable.

    Read as it is parsed when :class:`~urdfsdf.xml.parse.Stream` can; else as a whole tree.
    """
    return read_document(data, diags, ("robot", *STREAM_TAGS),
                         lambda root, stream: _read_root(root, diags, stream))


def _read_root(root: etree._Element, diags: Diagnostics, stream: Stream | None
               ) -> tuple[bool, Model | None, SdfDocument | None]:
    if root.tag == "robot":
        return True, read_robot(root, ReadContext(diags),
                                stream.children(root) if stream is not None else None), None
    return False, None, SdfReader(diags, stream).document(root)
