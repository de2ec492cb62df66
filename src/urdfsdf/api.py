"""The conversion pipeline behind the public API: read -> IR -> frames/checker -> write.

Every function here collects diagnostics and returns them with its result;
:mod:`urdfsdf` (the package) raises :class:`TranslationError` at the edge.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Mapping
from functools import wraps
from typing import TYPE_CHECKING, Literal, ParamSpec, TypeVar

from urdfsdf.core.diagnostics import Diagnostic, Diagnostics, TranslationError
from urdfsdf.core.ir import Model, SdfDocument
from urdfsdf.core.record import factory, record

if TYPE_CHECKING:
    from urdfsdf.document import Document
    from urdfsdf.sdf.includes import IncludeConfig
    from urdfsdf.translate.to_urdf import UrdfPath
    from urdfsdf.translate.to_urdf_transform import Options
    from urdfsdf.translate.uris import UriMap
    from urdfsdf.xml.parse import Source

# The pipeline's stages are imported where a function needs them: a command pays only
# for the modules of its own path (cold start, issue 18).  On the paths every conversion
# takes they are imported as modules (``import urdfsdf.x as x``): once a module is loaded,
# ``from module import name`` still looks for the module's ``__path__`` and formats the
# AttributeError it drops, ~2.5x the cost of the module form (measured: 8.7k -> 3.7k
# instructions an import).

P = ParamSpec("P")
R = TypeVar("R")


def gc_paused(fn: Callable[P, R]) -> Callable[P, R]:
    """Pause the cyclic garbage collector while ``fn`` runs (a pipeline entry point),
    restoring its state afterwards.

    A conversion allocates one IR object per element and frees them together;
    the collector's generation scans over them made big models superlinear
    (measured: 10k links 13x the time of 1k with it, ~10x without).  The IR
    holds no reference cycles, so nothing waits for a collection.  (Written out, not
    a generator context manager: that costs ~2 us a call, more than a small file's
    parse.)
    """
    @wraps(fn)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        was_enabled = gc.isenabled()
        gc.disable()
        try:
            return fn(*args, **kwargs)
        finally:
            if was_enabled:
                gc.enable()
    return wrapper


@record
class ConvertOptions:
    """What the command line can ask of a conversion (picklable for worker processes)."""

    uri_map: tuple[tuple[str, str], ...] = ()
    strict: bool = False
    xacro_args: tuple[tuple[str, str], ...] = ()
    package_paths: tuple[tuple[str, str], ...] = ()
    sdf: Options | None = None
    #: urdf2sdf: lump fixed joints the way libsdformat does (:mod:`urdfsdf.translate.lump`)
    lump_fixed_joints: bool = False
    #: sdf2urdf: how <include> is followed (--resource-path, --no-includes)
    includes: IncludeConfig | None = None
    #: urdf2sdf: the SDFormat version written (--sdf-version)
    sdf_version: str = "1.7"


#: the two conversions (the console scripts ``urdf2sdf`` and ``sdf2urdf``)
Command = Literal["urdf2sdf", "sdf2urdf"]


def convert(command: Command, source: Source, options: ConvertOptions,
            file: str | None = None, model: str | None = None) -> Result:
    """Run ``urdf2sdf`` or ``sdf2urdf`` on one input with the command line's options."""
    if command == "urdf2sdf":
        return urdf_to_sdf_result(source, file, uri_map=options.uri_map,
                                  xacro_args=dict(options.xacro_args),
                                  package_paths=dict(options.package_paths),
                                  lump_fixed_joints=options.lump_fixed_joints,
                                  sdf_version=options.sdf_version)
    return sdf_to_urdf_result(source, model, file, options.sdf, uri_map=options.uri_map,
                              includes=options.includes)


@record(frozen=False)
class Result:
    """What a conversion produced: output text (None on failure) and diagnostics."""

    text: str | None
    diagnostics: list[Diagnostic] = factory(list)
    #: which SDF -> URDF path made the text (None for urdf2sdf)
    path: UrdfPath | None = None

    @property
    def ok(self) -> bool:
        """True when there is output and no error (``if result.ok:``)."""
        return self.text is not None and not any(d.severity == "error"
                                                 for d in self.diagnostics)

    @property
    def ok_strict(self) -> bool:
        """True when there is output and neither an error nor a warning (``--strict``)."""
        return self.text is not None and not any(d.severity in ("error", "warning")
                                                 for d in self.diagnostics)


@gc_paused
def load_urdf(source: Source, file: str | None = None) -> tuple[Model | None, Diagnostics]:
    """Read a URDF (or a ``.xacro`` file) into the IR (URDF convention)."""
    import urdfsdf.document as documents

    diags = Diagnostics()
    doc = documents.load_document(source, diags, file, expect="urdf")
    return (doc.urdf if doc is not None else None), diags


@gc_paused
def load_sdf(source: Source, file: str | None = None,
             includes: IncludeConfig | None = None) -> tuple[SdfDocument | None, Diagnostics]:
    """Read an SDF document into the IR (SDF convention, poses as written)."""
    import urdfsdf.document as documents

    diags = Diagnostics()
    doc = documents.load_document(source, diags, file, expect="sdf", includes=includes)
    return (doc.sdf if doc is not None else None), diags


@gc_paused
def urdf_to_sdf_result(source: Source, file: str | None = None, *,
                       uri_map: UriMap | None = None,
                       xacro_args: Mapping[str, str] | None = None,
                       package_paths: Mapping[str, str] | None = None,
                       lump_fixed_joints: bool = False, sdf_version: str = "1.7") -> Result:
    """URDF (or a ``.xacro`` file) -> SDFormat 1.7 (always the copy path).

    ``lump_fixed_joints``: merge links across fixed joints as libsdformat does
    (:mod:`urdfsdf.translate.lump`); the default keeps every link and joint.
    """
    import urdfsdf.document as documents
    import urdfsdf.sdf.writer as sdf_writer
    import urdfsdf.translate.output_check as output_check
    import urdfsdf.translate.to_sdf as to_sdf

    diags = Diagnostics()
    doc = documents.load_document(source, diags, file, expect="urdf", xacro_args=xacro_args,
                                  package_paths=package_paths)
    model = doc.urdf if doc is not None else None
    if model is None or diags.has_errors():
        return Result(None, diags.items)
    if uri_map:
        from urdfsdf.translate.uris import map_uris

        model = map_uris(model, uri_map, "sdf", diags)
    # the reader checked the joint tree (no error: see above); uri maps change no link
    sdf_model = to_sdf.urdf_to_sdf(model, diags, sdf_version, tree_checked=True)
    if sdf_model is None or diags.has_errors():
        return Result(None, diags.items)
    if lump_fixed_joints:
        from urdfsdf.translate.lump import lump_fixed_joints as lump

        sdf_model = lump(sdf_model, [x for x in model.extras if x.tag == "gazebo"], diags)
    if not output_check.check_sdf_output(sdf_model, diags):
        return Result(None, diags.items)
    return Result(sdf_writer.write_sdf_model(sdf_model, sdf_version), diags.items, "copy")


@gc_paused
def sdf_to_urdf_result(source: Source, model_name: str | None = None,
                       file: str | None = None, options: Options | None = None, *,
                       uri_map: UriMap | None = None,
                       includes: IncludeConfig | None = None) -> Result:
    """SDFormat -> URDF: validate the document, pick the model, copy or transform."""
    import urdfsdf.document as documents

    diags = Diagnostics()
    return sdf_document_to_urdf(documents.load_document(source, diags, file, expect="sdf",
                                                        includes=includes), diags,
                                model_name, options, uri_map=uri_map)


def sdf_document_to_urdf(document: Document | None, diags: Diagnostics,
                         model_name: str | None = None, options: Options | None = None, *,
                         uri_map: UriMap | None = None) -> Result:
    """The URDF of one model of an SDF document already read (``diags``: its reading's).

    The SDF IR is taken out of ``document``, so that it is freed before the URDF
    is written (a big model's IR and frame graphs are most of the peak memory).
    """
    import urdfsdf.sdf.frames as frames
    import urdfsdf.translate.output_check as output_check
    import urdfsdf.translate.to_urdf as to_urdf
    import urdfsdf.translate.uris as uris
    import urdfsdf.urdf.writer as urdf_writer

    doc = document.sdf if document is not None else None
    if document is not None:
        document.sdf = None
    if doc is None or diags.has_errors():
        return Result(None, diags.items)
    sem = frames.analyze(doc, diags)
    if diags.has_errors():
        return Result(None, diags.items)
    model = to_urdf.select_model(doc, model_name, diags)
    if model is None:
        return Result(None, diags.items)
    scope = sem.models.get(model.name)
    x_wm = None
    for world in sem.worlds.values():
        if model.name in world.children:
            x_wm = world.pose(model.name)
    outer = diags.file
    if model.file is not None:  # an included model: the lines it reports are its file's
        diags.file = model.file
    try:
        urdf_model, path = to_urdf.sdf_model_to_urdf(model, diags, options, scope, x_wm)
        del doc, sem, model, scope  # free the SDF IR and frame graphs before writing
        if urdf_model is None or diags.has_errors():
            return Result(None, diags.items, path)
        urdf_model = uris.map_uris(urdf_model, uri_map or (), "urdf", diags)
        if not output_check.check_urdf_output(urdf_model, diags):
            return Result(None, diags.items, path)
    finally:
        diags.file = outer
    return Result(urdf_writer.write_urdf_model(urdf_model), diags.items, path)


# -- the API edge: strings in, strings out; failures raise TranslationError -------------

def _raise_or(result: Result, strict: bool) -> str:
    if not (result.ok_strict if strict else result.ok) or result.text is None:
        raise TranslationError(result.diagnostics)
    return result.text


def urdf_to_sdf(text: Source, *, strict: bool = False) -> str:
    """URDF (text or path) -> SDFormat 1.7 text."""
    return _raise_or(urdf_to_sdf_result(text), strict)


def sdf_to_urdf(text: Source, *, model: str | None = None, strict: bool = False) -> str:
    """SDFormat (text or path) -> URDF text; ``model`` picks one of several."""
    return _raise_or(sdf_to_urdf_result(text, model), strict)


def read_urdf(source: Source) -> Model:
    """Read a URDF (text or path) into an IR :class:`~urdfsdf.core.ir.Model`."""
    model, diags = load_urdf(source)
    if model is None or diags.has_errors():
        raise TranslationError(diags.items)
    return model


def read_sdf_document(source: Source) -> SdfDocument:
    """Read an SDF document (text or path) with all its models and worlds."""
    doc, diags = load_sdf(source)
    if doc is None or diags.has_errors():
        raise TranslationError(diags.items)
    return doc


def read_sdf(source: Source, model: str | None = None) -> Model:
    """Read the SDF model (the only one, or the one called ``model``)."""
    from urdfsdf.translate.to_urdf import select_model

    doc, diags = load_sdf(source)
    if doc is None or diags.has_errors():
        raise TranslationError(diags.items)
    m = select_model(doc, model, diags)
    if m is None:
        raise TranslationError(diags.items)
    return m


def _require_model(model: object) -> Model:
    if not isinstance(model, Model):
        diags = Diagnostics()
        diags.error("ARGUMENT_INVALID", f"expected an urdfsdf.Model, got {type(model).__name__}")
        raise TranslationError(diags.items)
    return model


def write_sdf(model: Model) -> str:
    """SDFormat 1.7 text of a model (a URDF-convention model is put in parity form)."""
    from urdfsdf.sdf.writer import write_sdf_model
    from urdfsdf.translate.to_sdf import urdf_to_sdf as urdf_model_to_sdf

    model = _require_model(model)
    if model.convention == "urdf":
        diags = Diagnostics()
        shaped = urdf_model_to_sdf(model, diags)
        if shaped is None or diags.has_errors():
            raise TranslationError(diags.items)
        model = shaped
    return write_sdf_model(model)


def write_urdf(model: Model) -> str:
    """URDF text of a model (an SDF-convention model is converted first)."""
    from urdfsdf.translate.to_urdf import sdf_model_to_urdf
    from urdfsdf.urdf.writer import write_urdf_model

    model = _require_model(model)
    diags = Diagnostics()
    shaped, _path = sdf_model_to_urdf(model, diags)
    if shaped is None or diags.has_errors():
        raise TranslationError(diags.items)
    return write_urdf_model(shaped)
