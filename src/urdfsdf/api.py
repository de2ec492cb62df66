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
from dataclasses import field, replace
from functools import wraps
from typing import TYPE_CHECKING, Literal, ParamSpec, TypeVar

from urdfsdf.core.diagnostics import Diagnostic, Diagnostics, TranslationError, worded
from urdfsdf.core.ir import Model, SdfDocument
from urdfsdf.core.record import mutable_record, record

if TYPE_CHECKING:
    from urdfsdf.document import Document
    from urdfsdf.sdf.includes import IncludeConfig
    from urdfsdf.translate.drake import Target
    from urdfsdf.translate.meshes import Copy, MeshOptions
    from urdfsdf.translate.to_sdf import MasslessOptions
    from urdfsdf.translate.to_urdf import UrdfPath
    from urdfsdf.translate.to_urdf_transform import Options
    from urdfsdf.translate.uris import UriMap, UriMapping
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
    #: sdf2urdf: the model to convert (--model), in each file of a folder too
    model: str | None = None
    #: urdf2sdf: no urdf: carriers (--plain, :mod:`urdfsdf.translate.plain`)
    plain: bool = False
    #: urdf2sdf: loop-closing <gazebo> joints not applied (--open-loops)
    open_loops: bool = False
    #: urdf2sdf: massless leaf links on fixed joints as //frame (--massless-as-frames)
    massless_as_frames: bool = False
    #: urdf2sdf: the mass moving massless links get (--min-inertia MASS)
    min_inertia: str | None = None
    #: mesh URIs resolved, reported, rewritten (--meshes, --uri-style, folder output)
    meshes: MeshOptions | None = None
    #: both: whose reading the output holds where Gazebo's and Drake's differ (--for)
    target: Target = "gazebo"


#: the two conversions (the console scripts ``urdf2sdf`` and ``sdf2urdf``)
Command = Literal["urdf2sdf", "sdf2urdf"]


@worded("flags")
def convert(command: Command, source: Source, options: ConvertOptions,
            file: str | None = None, model: str | None = None) -> Result:
    """Run ``urdf2sdf`` or ``sdf2urdf`` on one input with the command line's options
    (its messages name the flags).  ``--xacro-arg`` applies to the xacro inputs of a
    folder, and a plain URDF of it takes none (a single input's were checked)."""
    if command == "urdf2sdf":
        xacro_args = dict(options.xacro_args)
        if xacro_args and isinstance(source, str | os.PathLike):
            import urdfsdf.document as documents

            if not documents.xacro_input(os.fspath(source)):
                xacro_args = {}
        return urdf_to_sdf_result(source, file, uri_map=options.uri_map,
                                  xacro_args=xacro_args,
                                  package_paths=dict(options.package_paths),
                                  lump_fixed_joints=options.lump_fixed_joints,
                                  sdf_version=options.sdf_version, plain=options.plain,
                                  open_loops=options.open_loops,
                                  massless_as_frames=options.massless_as_frames,
                                  min_inertia=options.min_inertia,
                                  meshes=options.meshes or False, target=options.target)
    model = options.model if model is None else model
    return sdf_to_urdf_result(source, model, file, options.sdf, uri_map=options.uri_map,
                              includes=options.includes, meshes=options.meshes or False,
                              target=options.target)


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
    import urdfsdf.document as documents

    diags = Diagnostics()
    doc = documents.load_document(source, diags, file, expect="urdf", xacro_args=xacro_args,
                                  package_paths=package_paths)
    return (doc.urdf if doc is not None else None), diags


@gc_paused
def load_sdf(source: Source, file: str | None = None,
             includes: IncludeConfig | None = None) -> tuple[SdfDocument | None, Diagnostics]:
    """Read an SDF document into the IR (SDF convention, poses as written)."""
    import urdfsdf.document as documents

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
                       target: Target = "gazebo") -> Result:
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
    :mod:`urdfsdf.translate.drake`, docs/targets.md).
    """
    import urdfsdf.document as documents
    import urdfsdf.sdf.writer as sdf_writer
    import urdfsdf.translate.output_check as output_check
    import urdfsdf.translate.to_sdf as to_sdf
    import urdfsdf.translate.uris as uris

    diags = Diagnostics()
    if sdf_version not in sdf_writer.WRITTEN_VERSIONS:
        diags.error("ARGUMENT_INVALID", f"sdf_version={sdf_version!r}: the versions written "
                    f"are {', '.join(sdf_writer.WRITTEN_VERSIONS)}")
    pairs = uris.uri_pairs(uri_map, diags)
    massless = _massless_options(massless_as_frames, min_inertia, diags)
    mesh = mesh_options(meshes, uri_style, package_paths, resource_paths, diags)
    _check_target(target, diags)
    if pairs is None or diags.has_errors():
        return Result(None, diags.items)
    doc = documents.load_document(source, diags, file, expect="urdf", xacro_args=xacro_args,
                                  package_paths=package_paths)
    model = doc.urdf if doc is not None else None
    if model is None or doc is None or diags.has_errors():
        return Result(None, diags.items)
    copies: tuple[Copy, ...] = ()
    if mesh is not None:
        from urdfsdf.translate.meshes import resolve_meshes

        model, copies = resolve_meshes(model, mesh, doc.path, diags)
    if pairs:
        model = uris.map_uris(model, pairs, "sdf", diags)
    # the reader checked the joint tree (no error: see above); uri maps change no link
    sdf_model = to_sdf.urdf_to_sdf(model, diags, sdf_version, tree_checked=True,
                                   open_loops=open_loops,
                                   massless=massless, target=target)
    if sdf_model is None or diags.has_errors():
        return Result(None, diags.items)
    if lump_fixed_joints:
        from urdfsdf.translate.lump import lump_fixed_joints as lump

        sdf_model = lump(sdf_model, [x for x in model.extras if x.tag == "gazebo"], diags)
    if not output_check.check_sdf_output(sdf_model, diags):
        return Result(None, diags.items)
    text = sdf_writer.write_sdf_model(sdf_model, sdf_version)
    if plain:
        from urdfsdf.translate.plain import plain_sdf

        text = plain_sdf(text, diags)
    return Result(text, diags.items, "copy", copies)


#: ``disconnected=``: links outside the joint tree are an error, or get floating joints
Disconnected = Literal["error", "floating"]


@worded("keywords")
@gc_paused
def sdf_to_urdf_result(source: Source, model: str | None = None,
                       file: str | None = None, options: Options | None = None, *,
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
    ``options`` (a :class:`~urdfsdf.translate.to_urdf_transform.Options`) is the
    older spelling of the first four.  ``model_name`` is deprecated: ``model``.
    ``meshes``, ``uri_style`` and ``package_paths``: as :func:`urdf_to_sdf_result`
    takes them (mesh URIs of the chosen model, before it is converted).  ``target``:
    ``"drake"`` writes what makes Drake build the SDF's plant from the URDF (``--for``,
    :mod:`urdfsdf.translate.drake`).
    """
    import urdfsdf.document as documents
    import urdfsdf.translate.uris as uris

    model = _renamed_model(model, model_name, "sdf_to_urdf_result")
    diags = Diagnostics()
    options = transform_options(options, diags, lossy=lossy, disconnected=disconnected,
                                 frames=frames, separator=separator)
    pairs = uris.uri_pairs(uri_map, diags)
    config = include_config(includes, resource_paths, diags)
    mesh = mesh_options(meshes, uri_style, package_paths, resource_paths, diags)
    _check_target(target, diags)
    if pairs is None or diags.has_errors():
        return Result(None, diags.items)
    return sdf_document_to_urdf(documents.load_document(source, diags, file, expect="sdf",
                                                        includes=config), diags,
                                model, options, uri_map=pairs, meshes=mesh, target=target)


def sdf_document_to_urdf(document: Document | None, diags: Diagnostics,
                         model: str | None = None, options: Options | None = None, *,
                         uri_map: UriMap | None = None,
                         model_name: str | None = None,
                         meshes: MeshOptions | None = None,
                         target: Target = "gazebo") -> Result:
    """The URDF of one model of an SDF document already read (``diags``: its reading's).

    ``meshes``: how the chosen model's mesh URIs are resolved (:func:`mesh_options`);
    ``target``: as :func:`sdf_to_urdf_result` takes it.
    The SDF IR is taken out of ``document``, so that it is freed before the URDF
    is written (a big model's IR and frame graphs are most of the peak memory).
    ``model_name`` is deprecated: ``model``.
    """
    import urdfsdf.sdf.frames as frames
    import urdfsdf.translate.carriers as carriers
    import urdfsdf.translate.output_check as output_check
    import urdfsdf.translate.to_urdf as to_urdf
    import urdfsdf.translate.uris as uris
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
    chosen = to_urdf.select_model(doc, _renamed_model(model, model_name,
                                                      "sdf_document_to_urdf"), diags)
    if chosen is None:
        return Result(None, diags.items)
    for w in doc.worlds:
        if any(m is chosen for m in w.models):
            to_urdf.report_world(w, chosen, diags)
    scope = sem.models.get(chosen.name)
    copies: tuple[Copy, ...] = ()
    if meshes is not None:  # the SDF model: each included file's URIs from its folder
        from urdfsdf.translate.meshes import resolve_meshes

        chosen, copies = resolve_meshes(chosen, meshes, main_file, diags)
    x_wm = None
    for world in sem.worlds.values():
        if chosen.name in world.children:
            x_wm = world.pose(chosen.name)

    outer = diags.file
    if chosen.file is not None:  # an included model: the lines it reports are its file's
        diags.file = chosen.file
    try:
        urdf_model, path = to_urdf.sdf_model_to_urdf(chosen, diags, options, scope, x_wm)
        several_roots = bool(carriers.marked_roots(chosen.extras))
        if target == "drake" and urdf_model is not None:
            from urdfsdf.translate.drake import actuated_names, with_transmissions

            urdf_model = with_transmissions(urdf_model, actuated_names(
                chosen, options.separator if options is not None else "::"))
        del doc, sem, chosen, scope  # free the SDF IR and frame graphs before writing
        if urdf_model is None or diags.has_errors():
            return Result(None, diags.items, path)
        urdf_model = uris.map_uris(urdf_model, uri_map or (), "urdf", diags)
        if not output_check.check_urdf_output(urdf_model, diags, several_roots):
            return Result(None, diags.items, path)
    finally:
        diags.file = outer
    return Result(urdf_writer.write_urdf_model(urdf_model), diags.items, path, copies)


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
    """sdf2urdf's choices: ``options``, or the keywords (not both; None: the defaults)."""
    if (lossy, disconnected, frames, separator) == (False, "error", True, "::"):
        return options  # (before any import: the common case costs a comparison)
    from urdfsdf.translate.to_urdf_transform import Options

    if options is not None:
        diags.error("ARGUMENT_INVALID", "options= and lossy=, disconnected=, frames= or "
                    "separator=: pass one or the other")
    elif disconnected not in ("error", "floating"):
        diags.error("ARGUMENT_INVALID", f"disconnected={disconnected!r}: 'error' or "
                    "'floating'")
    elif not isinstance(separator, str) or not separator:
        diags.error("ARGUMENT_INVALID", f"separator={separator!r}: a non-empty string")
    else:
        return Options(separator=separator, frames=bool(frames), lossy=bool(lossy),
                       disconnected=disconnected)  # type: ignore[arg-type]
    return None


def _check_target(target: object, diags: Diagnostics) -> None:
    """``target`` is one of :data:`~urdfsdf.translate.drake.TARGETS` (else an
    ``ARGUMENT_INVALID`` error)."""
    if target not in ("gazebo", "drake"):
        diags.error("ARGUMENT_INVALID", f"target={target!r}: 'gazebo' or 'drake'")


def _massless_options(as_frames: bool, min_inertia: object, diags: Diagnostics
                      ) -> MasslessOptions | None:
    """urdf2sdf's choices for massless links (None: the defaults); a ``min_inertia`` that
    is no mass above zero is an ``ARGUMENT_INVALID`` error."""
    if not as_frames and min_inertia is None:
        return None  # (before any import: the common case costs a test)
    from urdfsdf.translate.massless import min_inertia_mass
    from urdfsdf.translate.to_sdf import MasslessOptions

    mass = None if min_inertia is None else min_inertia_mass(min_inertia)
    if min_inertia is not None and mass is None:
        diags.error("ARGUMENT_INVALID", f"min_inertia={min_inertia!r}: a mass in kg, a "
                    "number above zero")
        return None
    return MasslessOptions(as_frames=bool(as_frames), min_inertia=mass)


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
    from urdfsdf.translate.uris import URI_STYLES

    if not isinstance(meshes, bool):  # (mesh resolution is imported only when it is used)
        from urdfsdf.translate.meshes import MeshOptions

        if isinstance(meshes, MeshOptions):
            return meshes
    if uri_style not in URI_STYLES:
        diags.error("ARGUMENT_INVALID", f"uri_style={uri_style!r}: one of "
                    f"{', '.join(map(repr, URI_STYLES))}")
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
    from urdfsdf.core.diagnostics import UrdfsdfWarning, in_order

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
    from urdfsdf.sdf.writer import WRITTEN_VERSIONS, write_sdf_model
    from urdfsdf.translate.to_sdf import urdf_to_sdf as urdf_model_to_sdf

    model = _require_model(model)
    diags = Diagnostics()
    if sdf_version not in WRITTEN_VERSIONS:
        diags.error("ARGUMENT_INVALID", f"sdf_version={sdf_version!r}: the versions written "
                    f"are {', '.join(WRITTEN_VERSIONS)}")
        raise TranslationError(diags.items)
    if model.convention == "urdf":
        shaped = urdf_model_to_sdf(model, diags, sdf_version)
        if shaped is None or diags.has_errors():
            raise TranslationError(diags.items)
        model = shaped
    pass_on(diags.items)
    return write_sdf_model(model, sdf_version)


@worded("keywords")
def write_urdf(model: Model, *, lossy: bool = False, disconnected: Disconnected = "error",
               frames: bool = True, separator: str = "::") -> str:
    """URDF text of a model (an SDF-convention model is converted first, with sdf2urdf's
    ``lossy``, ``disconnected``, ``frames`` and ``separator``)."""
    from urdfsdf.translate.to_urdf import sdf_model_to_urdf
    from urdfsdf.urdf.writer import write_urdf_model

    model = _require_model(model)
    diags = Diagnostics()
    options = transform_options(None, diags, lossy=lossy, disconnected=disconnected,
                                 frames=frames, separator=separator)
    if diags.has_errors():
        raise TranslationError(diags.items)
    shaped, _path = sdf_model_to_urdf(model, diags, options)
    if shaped is None or diags.has_errors():
        raise TranslationError(diags.items)
    pass_on(diags.items)
    return write_urdf_model(shaped)
