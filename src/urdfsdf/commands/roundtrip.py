"""``urdfsdf roundtrip FILE``: convert a file there and back, and list what differs.

A URDF goes URDF -> SDF -> URDF and is compared with what comes back: kinematics
(every link pose at zero and at three seeded random joint values within the
limits, every axis), spatial inertia per link, and the document element by
element (README, "Lossless round trips": the one normalisation is an
``<origin>`` without ``xyz``/``rpy``).  An SDF goes SDF -> URDF -> SDF, each of
its models (a world's too) on its own: kinematics and inertia as above, and the
SDF content URDF has no element for (``sdf_via_urdf``: shape names, sensors,
plugins, lights).  Either way the document in the middle is checked too, as its
readers read it (:func:`urdfsdf.compare.middle.middle_differences`, check
``middle``): what comes back can be whole while the middle document lost it (an
empty mesh filename, a size its reader replaces by a default).  The checks are
:mod:`urdfsdf.compare`'s; hypothesis is never imported.

Exit status (:func:`urdfsdf.commands.cli.main`): 0 no difference, 1 a
difference or an input that does not read or convert, 2 usage.
"""

from __future__ import annotations

from dataclasses import field
from typing import TYPE_CHECKING

from urdfsdf.api import sdf_document_to_urdf, sdf_to_urdf_result, urdf_to_sdf_result
from urdfsdf.core.diagnostics import Diagnostic, Diagnostics, worded
from urdfsdf.core.record import mutable_record
from urdfsdf.document import Document, load_document
from urdfsdf.translate.options import ToSdfOptions, flag, given

if TYPE_CHECKING:
    from urdfsdf.compare.assertions import Difference
    from urdfsdf.core.ir import SdfDocument
    from urdfsdf.sdf.includes import IncludeConfig
    from urdfsdf.xml.parse import Source


@mutable_record
class RoundTrip:
    """What ``urdfsdf roundtrip`` found for one file."""

    #: the input's format ("urdf" or "sdf"; None when it did not read)
    format: str | None = None
    #: the format it went through
    via: str | None = None
    #: models compared (SDF: each model of the document)
    models: list[str] = field(default_factory=list)
    differences: list[Difference] = field(default_factory=list)
    #: every diagnostic of reading and converting (errors mean it could not be checked)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    #: the models that did not convert (there or back)
    failed: list[str] = field(default_factory=list)
    #: SDF: the document holds several models, each converted on its own (their names
    #: label ``models``, ``failed`` and the differences' paths)
    per_model: bool = False
    #: --via named the input's own format, or --model was given for a URDF (usage errors)
    via_mismatch: bool = False

    @property
    def ok(self) -> bool:
        """Read, converted both ways, and no difference."""
        return (self.format is not None and not self.differences and not self.failed
                and not any(d.severity == "error" for d in self.diagnostics))


@worded("flags")  # a command: its messages name flags, also the API's it calls
def roundtrip_source(source: Source, file: str | None = None, *, via: str | None = None,
                     model: str | None = None, includes: IncludeConfig | None = None,
                     options: ToSdfOptions | None = None) -> RoundTrip:
    """Convert ``source`` (URDF or SDF text, bytes or path) there and back and compare.

    ``via`` must be the other format (default).  ``model`` picks one model of an
    SDF document (default: every model, one at a time).  ``options``: urdf2sdf's, where
    it runs (the way there of a URDF, the way back of an SDF); those that change a URDF's
    robot (``--massless-as-frames``, ``--min-inertia``) for a URDF input only.
    """
    report = RoundTrip()
    diags = Diagnostics(file)
    doc = load_document(source, diags, file, includes=includes)
    report.diagnostics.extend(diags.items)
    if doc is None or diags.has_errors():
        return report
    report.format = doc.format
    other = "sdf" if doc.format == "urdf" else "urdf"
    if via not in (None, other):
        report.diagnostics.append(Diagnostic(
            "ARGUMENT_INVALID", "error", f"--via {via}: the input is {doc.format.upper()}, "
            f"so it goes through {other.upper()} (--via {other})", file, None))
        report.format = None
        report.via_mismatch = True
        return report
    report.via = other
    misused = _misused(doc, model, options)
    if misused is not None:
        report.diagnostics.append(Diagnostic("ARGUMENT_INVALID", "error", misused, file, None))
        report.format = None
        report.via_mismatch = True
        return report
    if doc.urdf is not None:
        _urdf(report, source, doc, file, options)
    elif doc.sdf is not None:
        from urdfsdf.compare.kinematics import sdf_model_names

        every = sdf_model_names(doc.sdf)
        # a document holding several models (even two of one name) converts one at a time
        report.per_model = len(every) > 1 or model is not None
        names: list[str | None] = [model] if model is not None else \
            list(dict.fromkeys(every)) or [None]
        for name in names:
            _sdf(report, doc.sdf, name, report.per_model, file, options)
    return report


def _misused(doc: Document, model: str | None, options: ToSdfOptions | None) -> str | None:
    """Why an option cannot apply to ``doc`` (None: each can)."""
    if doc.urdf is not None and model is not None:
        return f"--model {model}: a URDF holds one robot (--model picks a model of an SDF file)"
    robot = [f for f in given(options or ToSdfOptions())
             if f != flag(ToSdfOptions, "sdf_version").name]
    if doc.urdf is None and robot:
        return (f"{', '.join(robot)}: options of urdf2sdf, for a URDF input "
                "(an SDF goes through urdf2sdf on the way back)")
    return None


def _urdf(report: RoundTrip, source: Source, doc: Document, file: str | None,
          options: ToSdfOptions | None) -> None:
    from urdfsdf.compare.assertions import (
        document_diff,
        inertia_differences,
        kinematics_differences,
    )
    from urdfsdf.compare.kinematics import kinematic_model
    from urdfsdf.compare.middle import middle_differences

    data = doc.data

    there = urdf_to_sdf_result(source, file, options=options)
    report.diagnostics.extend(d for d in there.diagnostics if d.severity == "error")
    if not there.ok or there.text is None:
        report.failed.append("")
        return
    back = sdf_to_urdf_result(there.text, None, "<urdf2sdf output>")
    report.diagnostics.extend(d for d in back.diagnostics if d.severity == "error")
    if not back.ok or back.text is None:
        report.failed.append("")
        return
    report.models.append("")
    ka, kb = kinematic_model(data), kinematic_model(back.text)  # each read once
    report.differences += kinematics_differences(ka, kb)
    report.differences += inertia_differences(ka, kb)
    report.differences += document_diff(data, back.text)
    assert doc.urdf is not None
    report.differences += middle_differences(doc.urdf, there.text)


def _sdf(report: RoundTrip, sdf: SdfDocument, name: str | None, pick: bool,
         file: str | None, options: ToSdfOptions | None) -> None:
    from urdfsdf.compare.assertions import Difference, inertia_differences, kinematics_differences
    from urdfsdf.compare.document import sdf_content_differences
    from urdfsdf.compare.kinematics import kinematic_model
    from urdfsdf.compare.middle import middle_differences

    # the document already read (with its includes), not the file again for each model
    there = sdf_document_to_urdf(Document("sdf", sdf=sdf), Diagnostics(file),
                                 name if pick else None)
    report.diagnostics.extend(d for d in there.diagnostics if d.severity == "error")
    label = name or ""
    if not there.ok or there.text is None:
        report.failed.append(label)
        return
    back = urdf_to_sdf_result(there.text, "<sdf2urdf output>", options=options)
    report.diagnostics.extend(d for d in back.diagnostics if d.severity == "error")
    if not back.ok or back.text is None:
        report.failed.append(label)
        return
    report.models.append(label)
    try:
        a = kinematic_model(sdf, name)
        b = kinematic_model(back.text)
    except ValueError as exc:
        report.differences.append(Difference("kinematics", _where(name, pick), str(exc)))
        return
    found = kinematics_differences(a, b) + inertia_differences(a, b)
    found += [Difference("document", path, what)
              for path, what in sdf_content_differences(sdf, back.text, name)]
    found += middle_differences(sdf, there.text, name)
    prefix = _where(name, pick)
    report.differences += [Difference(d.check, f"{prefix}/{d.path}" if prefix else d.path,
                                      d.message) for d in found]


def _where(name: str | None, pick: bool) -> str:
    return f"model[@name={name!r}]" if pick and name is not None else ""
