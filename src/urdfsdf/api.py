"""The conversion pipeline behind the public API: read -> IR -> frames/checker -> write.

Every ``*_result`` function here collects diagnostics and returns them with its
result; the string functions (:func:`urdf_to_sdf`, :func:`sdf_to_urdf`, ``read_*``,
``write_*``) raise :class:`TranslationError` at the edge, and pass each warning on as a
:class:`~urdfsdf.core.diagnostics.UrdfsdfWarning` (:func:`pass_on`).  Each command-line option
of ``urdf2sdf`` and ``sdf2urdf`` is a keyword here (README, "Python API"), and a
message that names an option names the keyword (``lossy=True``, not ``--lossy``:
:func:`urdfsdf.core.diagnostics.option`).
"""

from __future__ import annotations

import gc
import os
import sys
import warnings
from collections.abc import Callable, Mapping, Sequence
from dataclasses import field, fields, replace
from functools import wraps
from typing import TYPE_CHECKING, Any, Literal, ParamSpec, TypeVar

import urdfsdf.document as documents
import urdfsdf.translate.output_check as output_check
import urdfsdf.translate.uris as uris
from urdfsdf.core.diagnostics import (
    Diagnostic,
    Diagnostics,
    TranslationError,
    UrdfsdfWarning,
    in_order,
    worded,
)
from urdfsdf.core.ir import Model, SdfDocument
from urdfsdf.core.record import mutable_record
from urdfsdf.translate.options import ConvertOptions, ToSdfOptions, ToUrdfOptions, flag, flags

if TYPE_CHECKING:
    from urdfsdf.document import Document
    from urdfsdf.sdf.frames import Scope
    from urdfsdf.sdf.includes import IncludeConfig
    from urdfsdf.translate.drake import Target
    from urdfsdf.translate.meshes import Copy, MeshOptions
    from urdfsdf.translate.to_urdf import UrdfPath
    from urdfsdf.translate.to_urdf_transform import Options
    from urdfsdf.translate.uris import UriMap, UriMapping
    from urdfsdf.xml.parse import Source

# Imports: at the top, what every conversion of either direction uses.  The stages of one
# direction, or of one option, are imported where that direction or option begins (one
# block at the top of _urdf_to_sdf, one at the top of _document_to_urdf; an option's where
# it is used): imported here, they cost every command the other direction's modules,
# measured +77 ms CPU (+32%) at the start of `urdf2sdf samples/parity.urdf` (240 -> 317 ms)
# and +23 ms (+7%) of `sdf2urdf` (docs/performance.md, "Cold start").  They are imported as
# modules (``import urdfsdf.x as x``): once loaded, ``from module import name`` still
# looks for the module's ``__path__``, ~2.5x the cost of the module form.

P = ParamSpec("P")
R = TypeVar("R")
F = TypeVar("F", bound=ConvertOptions)


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


#: the two conversions (the console scripts ``urdf2sdf`` and ``sdf2urdf``)
Command = Literal["urdf2sdf", "sdf2urdf"]


@worded("flags")
def convert(command: Command, source: Source, options: ConvertOptions,
            file: str | None = None, model: str | None = None) -> Result:
    """Run ``urdf2sdf`` or ``sdf2urdf`` on one input with the command line's options
    (its messages name the flags); ``model``: sdf2urdf's ``--model`` for this input.
    ``--xacro-arg`` applies to the xacro inputs of a folder, and a plain URDF of it takes
    none (a single input's were checked)."""
    diags = Diagnostics()
    if command == "urdf2sdf":
        there = _family(ToSdfOptions, options)
        if there.xacro_args and isinstance(source, str | os.PathLike) and \
                not documents.xacro_input(os.fspath(source)):
            there = replace(there, xacro_args=())
        return _urdf_to_sdf(source, file, there, diags)
    back = _family(ToUrdfOptions, options)
    if model is not None:
        back = replace(back, model=model)
    return _sdf_to_urdf(source, file, back, diags)


def _family(cls: type[F], options: ConvertOptions) -> F:
    """``options`` as ``cls`` (a record of the shared fields only: with the others'
    defaults)."""
    if isinstance(options, cls):
        return options
    shared = {f.name: getattr(options, f.name) for f in fields(ConvertOptions)}
    return cls(**shared)


@mutable_record
class Result:
    """What a conversion produced: output text (None on failure) and diagnostics."""

    text: str | None
    diagnostics: list[Diagnostic] = field(default_factory=list)
    #: which SDF -> URDF path made the text (None for urdf2sdf)
    path: UrdfPath | None = None
    #: files the text refers to, to copy beside it (folder output's meshes)
    resources: tuple[Copy, ...] = ()

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
def load_urdf(source: Source, file: str | None = None, *,
              xacro_args: Mapping[str, str] | None = None,
              package_paths: Mapping[str, str] | None = None
              ) -> tuple[Model | None, Diagnostics]:
    """Read a URDF (or a ``.xacro`` file) into the IR (URDF convention)."""
    diags = Diagnostics()
    doc = documents.load_document(source, diags, file, expect="urdf", xacro_args=xacro_args,
                                  package_paths=package_paths)
    return (doc.urdf if doc is not None else None), diags


@gc_paused
def load_sdf(source: Source, file: str | None = None,
             includes: IncludeConfig | None = None) -> tuple[SdfDocument | None, Diagnostics]:
    """Read an SDF document into the IR (SDF convention, poses as written)."""
    diags = Diagnostics()
    doc = documents.load_document(source, diags, file, expect="sdf", includes=includes)
    return (doc.sdf if doc is not None else None), diags


@worded("keywords")
@gc_paused
def urdf_to_sdf_result(source: Source, file: str | None = None, *,
                       uri_map: UriMapping | None = None,
                       xacro_args: Mapping[str, str] | None = None,
                       package_paths: Mapping[str, str] | None = None,
                       lump_fixed_joints: bool = False, sdf_version: str = "1.7",
                       plain: bool = False, open_loops: bool = False,
                       massless_as_frames: bool = False,
                       min_inertia: str | float | None = None,
                       meshes: bool | MeshOptions = False, uri_style: str = "keep",
                       resource_paths: Sequence[str | os.PathLike[str]] = (),
                       target: Target = "gazebo",
                       options: ToSdfOptions | None = None) -> Result:
    """URDF (or a ``.xacro`` file) -> SDFormat (always the copy path).

    ``uri_map``: mesh URI prefixes rewritten, ``{FROM: TO}`` (``--uri-map``);
    ``xacro_args`` and ``package_paths``: for a ``.xacro`` file (``--xacro-arg``,
    ``--package-path``); ``lump_fixed_joints``: merge links across fixed joints as
    libsdformat does (:mod:`urdfsdf.translate.lump`; the default keeps every link and
    joint); ``sdf_version``: the version written (1.7 to 1.11); ``plain``: without
    what only the way back needs (:mod:`urdfsdf.translate.plain`, ``--plain``);
    ``open_loops``: an SDF ``<joint>`` of a ``<gazebo>`` block that closes a kinematic
    loop is not applied, for readers that refuse loops (Drake; ``--open-loops``).
    ``massless_as_frames``: massless leaf links on fixed joints as ``//frame``
    (``--massless-as-frames``); ``min_inertia``: the mass in kg (text or number)
    that massless links a physics engine moves get (``--min-inertia MASS``,
    :mod:`urdfsdf.translate.massless`).
    ``meshes=True``: report each mesh or texture whose file is not found (``--meshes``),
    ``uri_style``: write each found as ``"package"``, ``"model"`` or ``"file"`` URI
    (``--uri-style``), both through ``package_paths``, ``resource_paths`` and the
    environment (:func:`mesh_options`).  ``target``: ``"gazebo"`` (libsdformat's reading
    of the URDF) or ``"drake"`` (Drake's) where they differ (``--for``,
    :mod:`urdfsdf.translate.drake`, docs/targets.md).  ``options``: all of these as one
    :class:`~urdfsdf.translate.options.ToSdfOptions` (instead of the keywords).
    """
    diags = Diagnostics()
    record = _record(ToSdfOptions, options, diags, uri_map=uri_map, xacro_args=xacro_args,
                     package_paths=package_paths, lump_fixed_joints=lump_fixed_joints,
                     sdf_version=sdf_version, plain=plain, open_loops=open_loops,
                     massless_as_frames=massless_as_frames, min_inertia=min_inertia,
                     meshes=meshes, uri_style=uri_style, resource_paths=resource_paths,
                     target=target)
    if record is None:
        return Result(None, diags.items)
    return _urdf_to_sdf(source, file, record, diags)


def _urdf_to_sdf(source: Source, file: str | None, options: ToSdfOptions,
                 diags: Diagnostics) -> Result:
    """urdf2sdf on one input with ``options``, each used by the step it is for."""
    import urdfsdf.sdf.writer as sdf_writer
    import urdfsdf.translate.to_sdf as to_sdf

    package_paths = dict(options.package_paths)
    mesh = options.mesh or mesh_options(options.meshes, options.uri_style or "keep",
                                        package_paths, options.resource_paths, diags)
    if diags.has_errors():
        return Result(None, diags.items)
    doc = documents.load_document(source, diags, file, expect="urdf",
                                  xacro_args=dict(options.xacro_args),
                                  package_paths=package_paths)
    model = doc.urdf if doc is not None else None
    if model is None or doc is None or diags.has_errors():
        return Result(None, diags.items)
    copies: tuple[Copy, ...] = ()
    if mesh is not None:
        from urdfsdf.translate.meshes import resolve_meshes

        model, copies = resolve_meshes(model, mesh, doc.path, diags)
    model = _rebased(model, options, doc.path, diags)
    if options.uri_map:
        model = uris.map_uris(model, options.uri_map, "sdf", diags)
    # the reader checked the joint tree (no error: see above); uri maps change no link
    sdf_model = to_sdf.urdf_to_sdf(model, diags, tree_checked=True, options=options)
    if sdf_model is None or diags.has_errors():
        return Result(None, diags.items)
    if options.lump_fixed_joints:
        from urdfsdf.translate.lump import lump_fixed_joints

        sdf_model = lump_fixed_joints(sdf_model, [x for x in model.extras
                                                  if x.tag == "gazebo"], diags)
    if not output_check.check_sdf_output(sdf_model, diags):
        return Result(None, diags.items)
    text = sdf_writer.write_sdf_model(sdf_model, options.sdf_version)
    if options.plain:
        from urdfsdf.translate.plain import plain_sdf

        text = plain_sdf(text, diags)
    return Result(text, diags.items, "copy", copies)


#: ``disconnected=``: links outside the joint tree are an error, or get floating joints
Disconnected = Literal["error", "floating"]


@worded("keywords")
@gc_paused
def sdf_to_urdf_result(source: Source, model: str | None = None,
                       file: str | None = None,
                       options: Options | ToUrdfOptions | None = None, *,
                       lossy: bool = False, disconnected: Disconnected = "error",
                       frames: bool = True, separator: str = "::",
                       uri_map: UriMapping | None = None,
                       resource_paths: Sequence[str | os.PathLike[str]] = (),
                       includes: IncludeConfig | bool | None = None,
                       model_name: str | None = None,
                       meshes: bool | MeshOptions = False, uri_style: str = "keep",
                       package_paths: Mapping[str, str] | None = None,
                       target: Target = "gazebo") -> Result:
    """SDFormat -> URDF: validate the document, pick the model, copy or transform.

    ``model``: the model of a document holding several (``--model``).  The keywords
    are sdf2urdf's options: ``lossy`` (``--lossy``), ``disconnected``,
    ``frames=False`` (``--no-frames``), ``separator``, ``uri_map`` ``{FROM: TO}``,
    ``resource_paths`` (``--resource-path``, where ``<include>`` looks) and
    ``includes=False`` (``--no-includes``; or an :class:`~urdfsdf.sdf.includes.IncludeConfig`).
    ``options``: all of them as one :class:`~urdfsdf.translate.options.ToUrdfOptions`
    (instead of the keywords); a :class:`~urdfsdf.translate.to_urdf_transform.Options`
    is the older spelling of the first four.  ``model_name`` is deprecated: ``model``.
    ``meshes``, ``uri_style`` and ``package_paths``: as :func:`urdf_to_sdf_result`
    takes them (mesh URIs of the chosen model, before it is converted).  ``target``:
    ``"drake"`` writes what makes Drake build the SDF's plant from the URDF (``--for``,
    :mod:`urdfsdf.translate.drake`).
    """
    model = _renamed_model(model, model_name, "sdf_to_urdf_result")
    diags = Diagnostics()
    record = _to_urdf_record(options, diags, model=model, lossy=lossy,
                             disconnected=disconnected, frames=frames, separator=separator,
                             uri_map=uri_map, resource_paths=resource_paths,
                             includes=includes, meshes=meshes, uri_style=uri_style,
                             package_paths=package_paths, target=target)
    if record is None:
        return Result(None, diags.items)
    return _sdf_to_urdf(source, file, record, diags)


def _to_urdf_record(options: Options | ToUrdfOptions | None, diags: Diagnostics,
                    **keywords: Any) -> ToUrdfOptions | None:
    """sdf2urdf's record of ``options`` or the keywords; the transform's ``Options``
    (the older spelling) fills its four fields, and takes none of them besides."""
    model = keywords.pop("model")
    if options is None or isinstance(options, ToUrdfOptions):
        record = _record(ToUrdfOptions, options, diags, **keywords)
    else:
        if not _transform_defaults(keywords):
            diags.error("ARGUMENT_INVALID", "options= and lossy=, disconnected=, frames= or "
                        "separator=: pass one or the other")
            return None
        keywords.update({k: getattr(options, k) for k in TRANSFORM_FIELDS})
        record = _record(ToUrdfOptions, None, diags, **keywords)
    return record if record is None or model is None else replace(record, model=model)


def _sdf_to_urdf(source: Source, file: str | None, options: ToUrdfOptions,
                 diags: Diagnostics) -> Result:
    """sdf2urdf on one input with ``options``, each used by the step it is for."""
    config = include_config(options.include_config if options.includes else False,
                            options.resource_paths, diags)
    mesh = options.mesh or mesh_options(options.meshes, options.uri_style or "keep",
                                        dict(options.package_paths),
                                        options.resource_paths, diags)
    if diags.has_errors():
        return Result(None, diags.items)
    return _document_to_urdf(documents.load_document(source, diags, file, expect="sdf",
                                                     includes=config), diags,
                             replace(options, mesh=mesh))


def sdf_document_to_urdf(document: Document | None, diags: Diagnostics,
                         model: str | None = None,
                         options: Options | ToUrdfOptions | None = None, *,
                         uri_map: UriMap | None = None,
                         model_name: str | None = None,
                         meshes: MeshOptions | None = None,
                         target: Target = "gazebo") -> Result:
    """The URDF of one model of an SDF document already read (``diags``: its reading's).

    ``options``: sdf2urdf's (:class:`~urdfsdf.translate.options.ToUrdfOptions`, or the
    transform's ``Options``); ``uri_map``, ``meshes`` (how the chosen model's mesh URIs
    are resolved, :func:`mesh_options`) and ``target``: as :func:`sdf_to_urdf_result`
    takes them.  The SDF IR is taken out of ``document``, so that it is freed before
    the URDF is written (a big model's IR and frame graphs are most of the peak memory).
    ``model_name`` is deprecated: ``model``.
    """
    model = _renamed_model(model, model_name, "sdf_document_to_urdf")
    if isinstance(options, ToUrdfOptions):
        record = replace(options, model=model) if model is not None else options
    else:
        chosen = {} if options is None else {k: getattr(options, k) for k in TRANSFORM_FIELDS}
        record = ToUrdfOptions(uri_map=tuple(uri_map or ()), mesh=meshes, target=target,
                               model=model, **chosen)
    return _document_to_urdf(document, diags, record)


def _document_to_urdf(document: Document | None, diags: Diagnostics,
                      options: ToUrdfOptions) -> Result:
    """:func:`sdf_document_to_urdf` with its options as one record (``options.mesh``:
    already set up)."""
    import urdfsdf.sdf.frames as frames
    import urdfsdf.translate.carriers as carriers
    import urdfsdf.translate.to_urdf as to_urdf
    import urdfsdf.urdf.writer as urdf_writer

    doc = document.sdf if document is not None else None
    main_file = document.path if document is not None else None
    if document is not None:
        document.sdf = None
    if doc is None or diags.has_errors():
        return Result(None, diags.items)
    sem = frames.analyze(doc, diags)
    if diags.has_errors():
        return Result(None, diags.items)
    chosen = to_urdf.select_model(doc, options.model, diags)
    if chosen is None:
        return Result(None, diags.items)
    for w in doc.worlds:
        if any(m is chosen for m in w.models):
            to_urdf.report_world(w, chosen, diags)
    scope: Scope | None = sem.models.get(chosen.name)
    copies: tuple[Copy, ...] = ()
    resolved = chosen
    if options.mesh is not None:  # the SDF model: each included file's URIs from its folder
        from urdfsdf.translate.meshes import resolve_meshes

        resolved, copies = resolve_meshes(chosen, options.mesh, main_file, diags)
    resolved = _rebased(resolved, options, main_file, diags)
    if resolved is not chosen:  # the transform path reads the links of the frame graph
        scope = frames.analyze_model(resolved, Diagnostics(), doc.version)
    chosen = resolved
    x_wm = None
    for world in sem.worlds.values():
        if chosen.name in world.children:
            x_wm = world.pose(chosen.name)

    outer = diags.file
    if chosen.file is not None:  # an included model: the lines it reports are its file's
        diags.file = chosen.file
    try:
        urdf_model, path = to_urdf.sdf_model_to_urdf(chosen, diags, _transform(options),
                                                     scope, x_wm)
        several_roots = bool(carriers.marked_roots(chosen.extras))
        if options.target == "drake" and urdf_model is not None:
            from urdfsdf.translate.drake import actuated_names, with_transmissions

            urdf_model = with_transmissions(urdf_model, actuated_names(chosen,
                                                                       options.separator))
        del doc, sem, chosen, scope, resolved  # free the SDF IR and frame graphs first
        if urdf_model is None or diags.has_errors():
            return Result(None, diags.items, path)
        urdf_model = uris.map_uris(urdf_model, options.uri_map, "urdf", diags)
        if not output_check.check_urdf_output(urdf_model, diags, several_roots):
            return Result(None, diags.items, path)
    finally:
        diags.file = outer
    return Result(urdf_writer.write_urdf_model(urdf_model), diags.items, path, copies)


#: the fields of sdf2urdf's options that the transform path's ``Options`` holds (its older
#: spelling: ``sdf_to_urdf_result(options=Options(...))``)
TRANSFORM_FIELDS = ("lossy", "disconnected", "frames", "separator")


def _transform_defaults(values: Mapping[str, Any]) -> bool:
    """Whether ``values`` hold the defaults of :data:`TRANSFORM_FIELDS`."""
    defaults = ToUrdfOptions()
    return all(values[k] == getattr(defaults, k) for k in TRANSFORM_FIELDS)


def _transform(options: ToUrdfOptions) -> Options | None:
    """The transform path's choices of ``options`` (None: its defaults)."""
    chosen = {k: getattr(options, k) for k in TRANSFORM_FIELDS}
    if _transform_defaults(chosen):
        return None
    from urdfsdf.translate.to_urdf_transform import Options

    return Options(**chosen)


def _rebased(model: Model, options: ConvertOptions, main_file: str | None,
             diags: Diagnostics) -> Model:
    """``model`` with each relative mesh and texture URI rebased onto the folder of the
    output file (``options.output``), so that it names the same file from there (one that
    names no file stays as written); one ``MESH_URI_KEPT`` warning for each that cannot be
    (the input is text or stdin)."""
    if options.output is None:
        return model
    out_dir = os.path.dirname(os.path.abspath(options.output))

    def rebase(uri: str, line: int | None, file: str | None, kind: uris.UriKind) -> str:
        base = file or main_file
        if not uris.is_relative(uri) or (base is not None and os.path.dirname(
                os.path.abspath(base)) == out_dir):
            return uri
        if base is None:
            diags.warning("MESH_URI_KEPT", f"the {kind} {uri!r} is relative to the input's "
                          "folder, which standard input has not: kept as written", line,
                          file=file)
            return uri
        target = os.path.join(os.path.dirname(os.path.abspath(base)), uri.strip())
        if not os.path.exists(target):  # no file to keep naming (--meshes reports it)
            return uri
        return os.path.relpath(target, out_dir).replace(os.sep, "/")

    return uris.rewrite_uris(model, rebase)


# -- the API's keywords, checked (a bad value: an ARGUMENT_INVALID error) ---------------

def _renamed_model(model: str | None, model_name: str | None, function: str) -> str | None:
    """``model``, or the deprecated ``model_name=`` (with a DeprecationWarning)."""
    if model_name is None:
        return model
    if model is not None:
        raise TypeError(f"{function}() takes model or model_name, not both")
    warnings.warn(f"{function}(model_name=...) is deprecated; use model=...",
                  DeprecationWarning, stacklevel=_caller_level())
    return model_name


def _caller_level() -> int:
    """The ``stacklevel`` of the first frame outside urdfsdf (for a warning's location,
    whatever the decorators between)."""
    package = os.path.dirname(__file__) + os.sep
    frame = sys._getframe(1)
    level = 1
    while frame.f_back is not None and frame.f_code.co_filename.startswith(package):
        frame = frame.f_back
        level += 1
    return level


def transform_options(options: Options | None, diags: Diagnostics, *, lossy: bool,
                       disconnected: str, frames: bool, separator: str) -> Options | None:
    """sdf2urdf's choices: ``options``, or the keywords (not both; None: the defaults),
    checked as sdf2urdf's record checks them (:func:`_to_urdf_record`)."""
    record = _to_urdf_record(options, diags, model=None, lossy=lossy,
                             disconnected=disconnected, frames=frames, separator=separator)
    return None if record is None else _transform(record)


def _record(cls: type[F], options: F | None, diags: Diagnostics, **keywords: Any) -> F | None:
    """The record of one conversion: ``options`` as given, or the API's ``keywords``
    (not both), each checked against its field (a bad value: an ``ARGUMENT_INVALID``
    error, the keyword named; None)."""
    if options is not None:
        defaults = {f.name: f.default for f in fields(cls)} | {"uri_style": "keep",
                                                                "meshes": False}
        given = [k for k, v in keywords.items()
                 if v is not None and v != defaults.get(k) and v != ()]
        if given:
            diags.error("ARGUMENT_INVALID", f"options= and {'=, '.join(given)}=: pass one "
                        "or the other")
            return None
        checked = {name: _keyword(name, getattr(options, name), cls, diags)
                   for name, _ in flags(cls)}
        return None if diags.has_errors() else replace(options, **checked)
    values: dict[str, Any] = {}
    for name, value in keywords.items():
        if name == "meshes" and not isinstance(value, bool):
            values["mesh"] = value
        elif name == "includes" and not isinstance(value, bool | None):
            values["include_config"] = value
        else:
            values[name] = _keyword(name, value, cls, diags)
    if diags.has_errors():
        return None
    return cls(**values)


def _keyword(name: str, value: Any, cls: type[ConvertOptions], diags: Diagnostics) -> Any:
    """The field ``name``'s value for the API's keyword ``value`` (its form checked)."""
    one = flag(cls, name)
    if name == "uri_map":
        return tuple(uris.uri_pairs(value, diags) or ())
    if one.kind == "pairs":
        return tuple((value or {}).items()) if isinstance(value, Mapping) else \
            tuple(value or ())
    if one.kind == "list":
        paths = [value] if isinstance(value, str | os.PathLike) else value
        try:
            return tuple(os.fspath(p) for p in paths)
        except TypeError:
            diags.error("ARGUMENT_INVALID", f"{name}={value!r}: folder paths")
            return ()
    if one.kind in ("switch", "negated"):
        return value is not False if name == "includes" else bool(value)
    if name == "uri_style" and value == "keep":
        return None
    if value is None and getattr(cls(), name) is None:
        return None
    if one.choices is not None and value not in one.choices:
        diags.error("ARGUMENT_INVALID", f"{name}={value!r}: one of "
                    f"{', '.join(map(repr, one.choices))}")
    elif one.parse is not None:
        parsed = one.parse(value)
        if parsed is None:
            diags.error("ARGUMENT_INVALID", f"{name}={value!r}: {one.what}")
        return parsed
    return value


def include_config(includes: IncludeConfig | bool | None,
                    resource_paths: Sequence[str | os.PathLike[str]] | str,
                    diags: Diagnostics) -> IncludeConfig | None:
    """How ``<include>`` is followed: ``includes`` (False: not at all) and the folders
    ``resource_paths`` searched first (None: the default, SDF_PATH and the like)."""
    if includes is None and not resource_paths:
        return None  # (before any import: the common case costs a test)
    from urdfsdf.sdf.includes import IncludeConfig

    if isinstance(resource_paths, str | os.PathLike):
        resource_paths = [resource_paths]
    try:
        paths = tuple(os.fspath(p) for p in resource_paths)
    except TypeError:
        diags.error("ARGUMENT_INVALID", f"resource_paths={resource_paths!r}: folder paths")
        return None
    if isinstance(includes, IncludeConfig):
        return replace(includes, resource_paths=paths + includes.resource_paths) \
            if paths else includes
    if includes is False or paths:
        return IncludeConfig(resolve=includes is not False, resource_paths=paths)
    return None


def mesh_options(meshes: bool | MeshOptions, uri_style: str,
                 package_paths: Mapping[str, str] | None,
                 resource_paths: Sequence[str | os.PathLike[str]] | str,
                 diags: Diagnostics) -> MeshOptions | None:
    """How mesh URIs are resolved: ``meshes`` itself when it is a ``MeshOptions`` (the
    command line's, environment read there); None when neither ``meshes`` nor
    ``uri_style`` asks for it; else the roots named and those of ``os.environ`` (the
    API edge, :func:`urdfsdf.translate.resources.environment_roots`)."""
    if not isinstance(meshes, bool):  # (mesh resolution is imported only when it is used)
        from urdfsdf.translate.meshes import MeshOptions

        if isinstance(meshes, MeshOptions):
            return meshes
    if uri_style not in uris.URI_STYLES:
        diags.error("ARGUMENT_INVALID", f"uri_style={uri_style!r}: one of "
                    f"{', '.join(map(repr, uris.URI_STYLES))}")
        return None
    if not meshes and uri_style == "keep":
        return None
    from urdfsdf.translate.meshes import MeshOptions
    from urdfsdf.translate.resources import ResourceRoots, environment_roots

    paths = [resource_paths] if isinstance(resource_paths, str | os.PathLike) \
        else resource_paths
    roots = ResourceRoots(tuple((package_paths or {}).items()),
                          tuple(os.fspath(p) for p in paths), environment_roots(os.environ))
    return MeshOptions(roots, uri_style)


# -- the API edge: strings in, strings out; failures raise TranslationError -------------

def _raise_or(result: Result, strict: bool) -> str:
    if not (result.ok_strict if strict else result.ok) or result.text is None:
        raise TranslationError(result.diagnostics)
    pass_on(result.diagnostics)
    return result.text


def pass_on(diagnostics: Sequence[Diagnostic]) -> None:
    """Each warning of ``diagnostics`` (in line order) as a Python warning of category
    :class:`~urdfsdf.core.diagnostics.UrdfsdfWarning`, located at the caller's line
    (``python -W error``: the first raises).  Infos are not passed on."""
    found = [d for d in diagnostics if d.severity == "warning"]
    if not found:
        return
    level = _caller_level()
    for d in in_order(found):
        warnings.warn(UrdfsdfWarning(d), stacklevel=level)


@worded("keywords")
def urdf_to_sdf(text: Source, *, strict: bool = False, uri_map: UriMapping | None = None,
                sdf_version: str = "1.7", lump_fixed_joints: bool = False,
                xacro_args: Mapping[str, str] | None = None,
                package_paths: Mapping[str, str] | None = None, plain: bool = False,
                open_loops: bool = False, massless_as_frames: bool = False,
                min_inertia: str | float | None = None,
                meshes: bool | MeshOptions = False, uri_style: str = "keep",
                resource_paths: Sequence[str | os.PathLike[str]] = (),
                target: Target = "gazebo") -> str:
    """URDF (text or path, or a ``.xacro`` file) -> SDFormat text (1.7 by default).

    ``strict``: warnings are errors too (else each is passed on as a
    :class:`~urdfsdf.core.diagnostics.UrdfsdfWarning`); the other keywords are urdf2sdf's
    options (:func:`urdf_to_sdf_result`).
    """
    return _raise_or(urdf_to_sdf_result(text, uri_map=uri_map, sdf_version=sdf_version,
                                        lump_fixed_joints=lump_fixed_joints,
                                        xacro_args=xacro_args, package_paths=package_paths,
                                        plain=plain, open_loops=open_loops,
                                        massless_as_frames=massless_as_frames,
                                        min_inertia=min_inertia, meshes=meshes,
                                        uri_style=uri_style, resource_paths=resource_paths,
                                        target=target),
                     strict)


@worded("keywords")
def sdf_to_urdf(text: Source, *, model: str | None = None, strict: bool = False,
                lossy: bool = False, disconnected: Disconnected = "error", frames: bool = True,
                separator: str = "::", uri_map: UriMapping | None = None,
                resource_paths: Sequence[str | os.PathLike[str]] = (),
                includes: IncludeConfig | bool | None = None,
                meshes: bool | MeshOptions = False, uri_style: str = "keep",
                package_paths: Mapping[str, str] | None = None,
                target: Target = "gazebo") -> str:
    """SDFormat (text or path) -> URDF text; ``model`` picks one of several.

    ``strict``: warnings are errors too (else each is passed on as a
    :class:`~urdfsdf.core.diagnostics.UrdfsdfWarning`); the other keywords are sdf2urdf's
    options (:func:`sdf_to_urdf_result`).
    """
    return _raise_or(sdf_to_urdf_result(text, model, lossy=lossy, disconnected=disconnected,
                                        frames=frames, separator=separator, uri_map=uri_map,
                                        resource_paths=resource_paths, includes=includes,
                                        meshes=meshes, uri_style=uri_style,
                                        package_paths=package_paths, target=target),
                     strict)


@worded("keywords")
def read_urdf(source: Source, *, xacro_args: Mapping[str, str] | None = None,
              package_paths: Mapping[str, str] | None = None) -> Model:
    """Read a URDF (text or path, or a ``.xacro`` file) into an IR
    :class:`~urdfsdf.core.ir.Model`."""
    model, diags = load_urdf(source, xacro_args=xacro_args, package_paths=package_paths)
    if model is None or diags.has_errors():
        raise TranslationError(diags.items)
    pass_on(diags.items)
    return model


@worded("keywords")
def read_sdf_document(source: Source, *,
                      resource_paths: Sequence[str | os.PathLike[str]] = (),
                      includes: IncludeConfig | bool | None = None) -> SdfDocument:
    """Read an SDF document (text or path) with all its models and worlds
    (``resource_paths``, ``includes``: as :func:`sdf_to_urdf_result` takes them)."""
    diags = Diagnostics()
    config = include_config(includes, resource_paths, diags)
    if diags.has_errors():
        raise TranslationError(diags.items)
    doc, diags = load_sdf(source, includes=config)
    if doc is None or diags.has_errors():
        raise TranslationError(diags.items)
    pass_on(diags.items)
    return doc


@worded("keywords")
def read_sdf(source: Source, model: str | None = None, *,
             resource_paths: Sequence[str | os.PathLike[str]] = (),
             includes: IncludeConfig | bool | None = None) -> Model:
    """Read the SDF model (the only one, or the one called ``model``)."""
    from urdfsdf.translate.to_urdf import select_model

    doc = read_sdf_document(source, resource_paths=resource_paths, includes=includes)
    diags = Diagnostics()
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


@worded("keywords")
def write_sdf(model: Model, *, sdf_version: str = "1.7") -> str:
    """SDFormat text of a model (a URDF-convention model is put in parity form)."""
    import urdfsdf.sdf.writer as sdf_writer
    import urdfsdf.translate.to_sdf as to_sdf

    model = _require_model(model)
    diags = Diagnostics()
    _keyword("sdf_version", sdf_version, ToSdfOptions, diags)  # (as urdf2sdf's record)
    if diags.has_errors():
        raise TranslationError(diags.items)
    if model.convention == "urdf":
        shaped = to_sdf.urdf_to_sdf(model, diags,
                                    options=ToSdfOptions(sdf_version=sdf_version))
        if shaped is None or diags.has_errors():
            raise TranslationError(diags.items)
        model = shaped
    pass_on(diags.items)
    return sdf_writer.write_sdf_model(model, sdf_version)


@worded("keywords")
def write_urdf(model: Model, *, lossy: bool = False, disconnected: Disconnected = "error",
               frames: bool = True, separator: str = "::") -> str:
    """URDF text of a model (an SDF-convention model is converted first, with sdf2urdf's
    ``lossy``, ``disconnected``, ``frames`` and ``separator``)."""
    import urdfsdf.translate.to_urdf as to_urdf
    import urdfsdf.urdf.writer as urdf_writer

    model = _require_model(model)
    diags = Diagnostics()
    options = transform_options(None, diags, lossy=lossy, disconnected=disconnected,
                                 frames=frames, separator=separator)
    if diags.has_errors():
        raise TranslationError(diags.items)
    shaped, _path = to_urdf.sdf_model_to_urdf(model, diags, options)
    if shaped is None or diags.has_errors():
        raise TranslationError(diags.items)
    pass_on(diags.items)
    return urdf_writer.write_urdf_model(shaped)
