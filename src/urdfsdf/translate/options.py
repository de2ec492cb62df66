"""The options of the two conversions: one frozen record per command family.

:class:`ToSdfOptions` holds urdf2sdf's, :class:`ToUrdfOptions` sdf2urdf's; both start with
the fields of :class:`ConvertOptions`, which they share.  Each field that is a command-line
option carries its flag, help and kind (:class:`Flag`, in the field's metadata): the
parsers of ``urdf2sdf`` and ``sdf2urdf`` are made from these fields
(:func:`urdfsdf.commands.cli.add_options`), the Python API's keywords fill the same record
(:mod:`urdfsdf.api`), and the record travels whole to the step that uses each field.
Adding an option is one field here plus its use (docs/development.md, "How to add an
option").
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import field, fields
from functools import cache
from typing import TYPE_CHECKING, Any, Literal, cast

from urdfsdf.core.numbers import clean_number
from urdfsdf.core.record import record
from urdfsdf.sdf.writer import WRITTEN_VERSIONS
from urdfsdf.translate.drake import TARGETS
from urdfsdf.translate.uris import URI_STYLES

if TYPE_CHECKING:
    from urdfsdf.sdf.includes import IncludeConfig
    from urdfsdf.translate.meshes import MeshOptions

#: how a flag fills its field: ``switch`` (present: True), ``negated`` (``--no-X``:
#: False), ``value`` (one value), ``pairs`` (repeatable ``NAME<sep>VALUE``), ``list``
#: (repeatable value)
FlagKind = Literal["switch", "negated", "value", "pairs", "list"]


@record
class Flag:
    """A field's command-line form: the flag, its help and how it fills the field."""

    name: str
    help: str
    kind: FlagKind = "switch"
    metavar: str | None = None
    choices: tuple[str, ...] | None = None
    #: ``pairs``: what separates NAME and VALUE
    sep: str = "="
    #: ``value``: the value as the field holds it, or None when it is not ``what``
    parse: Callable[[object], str | None] | None = None
    what: str = ""


def _flag(default: Any, name: str, help: str, kind: FlagKind = "switch", *,
          metavar: str | None = None, choices: tuple[str, ...] | None = None,
          sep: str = "=", parse: Callable[[object], str | None] | None = None,
          what: str = "") -> Any:
    return field(default=default, metadata={
        "flag": Flag(name, help, kind, metavar, choices, sep, parse, what)})


def flag_of(f: Any) -> Flag | None:
    """The :class:`Flag` of a dataclass field (None: no command-line form)."""
    found = f.metadata.get("flag")
    return found if isinstance(found, Flag) else None


#: where mesh and texture files are looked for (the help of the options that look)
MESH_SEARCH = ("through --package-path, --resource-path, AMENT_PREFIX_PATH, "
               "ROS_PACKAGE_PATH, GZ_SIM_RESOURCE_PATH and SDF_PATH; relative paths from "
               "the file's folder")


def _mass(value: object) -> str | None:
    """The text of a mass: a finite number above zero (None: not one).  A text is kept as
    written; a number is written with ``repr()``."""
    if isinstance(value, bool) or not isinstance(value, str | int | float):
        return None
    text = value.strip() if isinstance(value, str) else repr(float(value))
    number = clean_number(text)
    return text if number is not None and number > 0.0 else None


def _text(value: object) -> str | None:
    """A non-empty text (None: not one)."""
    return value if isinstance(value, str) and value else None


@record
class ConvertOptions:
    """What both conversions can be asked (picklable for a batch's worker processes)."""

    uri_map: tuple[tuple[str, str], ...] = _flag(
        (), "--uri-map", "rewrite mesh URIs starting with FROM (repeatable)", "pairs",
        metavar="FROM=TO")
    strict: bool = _flag(False, "--strict", "treat warnings as errors")
    package_paths: tuple[tuple[str, str], ...] = _flag(
        (), "--package-path", "where package://NAME mesh URIs are found (repeatable)",
        "pairs", metavar="NAME=DIR")
    resource_paths: tuple[str, ...] = _flag(
        (), "--resource-path", "where model://NAME mesh URIs are found, before "
        "GZ_SIM_RESOURCE_PATH and SDF_PATH (repeatable)", "list", metavar="DIR")
    meshes: bool = _flag(False, "--meshes", "find the file of every mesh and texture URI "
                         f"and warn about each not found (MESH_NOT_FOUND), {MESH_SEARCH}")
    #: None: not asked (as written; a folder output of urdf2sdf copies the meshes)
    uri_style: str | None = _flag(
        None, "--uri-style", "write each mesh URI found as package://PKG/... (ROS), "
        "model://MODEL/... (Gazebo) or file:///... (default: keep as written; a folder "
        "output copies the meshes into each model folder, as model)", "value",
        choices=URI_STYLES)
    #: whose reading the output holds where Gazebo's and Drake's differ (--for)
    target: str = _flag(
        "gazebo", "--for", "whose reading the output holds where Gazebo's (libsdformat, "
        "urdfdom) and Drake's differ: actuators, limits without bounds, <gazebo> blocks, "
        "colours (default: gazebo; docs/targets.md)", "value", choices=TARGETS)
    #: mesh resolution already set up (the command line's: environment read, folder
    #: output's copies; the API's ``meshes=MeshOptions(...)``); None: from the fields
    mesh: MeshOptions | None = None
    #: the file the output is written to (the command line's ``-o``; a folder input's
    #: output folder, each file's output at its place in it): relative mesh URIs are
    #: rebased onto its folder (None: output as text)
    output: str | None = None


@record
class ToSdfOptions(ConvertOptions):
    """urdf2sdf's options (the keywords of :func:`urdfsdf.api.urdf_to_sdf_result`)."""

    package_paths: tuple[tuple[str, str], ...] = _flag(
        (), "--package-path", "where $(find NAME) points for xacro, and where "
        "package://NAME mesh URIs are found (repeatable)", "pairs", metavar="NAME=DIR")
    xacro_args: tuple[tuple[str, str], ...] = _flag(
        (), "--xacro-arg", "a xacro argument (repeatable)", "pairs", metavar="NAME:=VALUE",
        sep=":=")
    sdf_version: str = _flag(
        "1.7", "--sdf-version", "the SDFormat version to write (default 1.7, which every "
        "current reader takes; the parity form is the same in each)", "value",
        choices=WRITTEN_VERSIONS)
    lump_fixed_joints: bool = _flag(
        False, "--lump-fixed-joints", "merge links joined by fixed joints into their "
        "parent, as libsdformat/Gazebo do (leaves a //frame for each)")
    massless_as_frames: bool = _flag(
        False, "--massless-as-frames", "write massless leaf links on fixed joints (sensor "
        "and tool frames) as SDF <frame>s, merging nothing else; sdf2urdf gives the links "
        "back")
    min_inertia: str | None = _flag(
        None, "--min-inertia", "give massless links that a joint moves (DART crashes on "
        "them) the mass MASS kg and the inertia of a solid sphere of radius 1 cm, with a "
        "warning each; sdf2urdf gives them back massless", "value", metavar="MASS",
        parse=_mass, what="a mass in kg above zero")
    plain: bool = _flag(
        False, "--plain", "write SDF without what only sdf2urdf reads back (the urdf: "
        "elements and attributes), for a model published as SDF; one warning lists what "
        "was left out")
    open_loops: bool = _flag(
        False, "--open-loops", "do not apply the SDF joints of <gazebo> blocks that close "
        "kinematic loops (for Drake, which refuses loops); they still travel verbatim")


@record
class ToUrdfOptions(ConvertOptions):
    """sdf2urdf's options (the keywords of :func:`urdfsdf.api.sdf_to_urdf_result`)."""

    resource_paths: tuple[str, ...] = _flag(
        (), "--resource-path", "where <include> looks for model://NAME and relative paths, "
        "before SDF_PATH, GZ_SIM_RESOURCE_PATH and IGN_GAZEBO_RESOURCE_PATH (repeatable)",
        "list", metavar="DIR")
    includes: bool = _flag(True, "--no-includes", "do not read the files <include> names "
                           "(kept, with a warning)", "negated")
    model: str | None = _flag(None, "--model", "the model to convert when the file holds "
                              "several", "value")
    separator: str = _flag("::", "--separator", "joins nested model and link names when "
                           "flattening (default: ::)", "value", parse=_text,
                           what="a non-empty string")
    frames: bool = _flag(True, "--no-frames", "drop explicit frames instead of writing "
                         "massless links", "negated")
    lossy: bool = _flag(
        False, "--lossy", "approximate what URDF cannot hold (ball/screw/gearbox joints "
        "become fixed, shapes without URDF form are dropped), with warnings")
    disconnected: str = _flag(
        "error", "--disconnected", "links not connected to the joint tree: error (default) "
        "or attach them with floating joints", "value", choices=("error", "floating"))
    #: how <include> is followed, already set up (the API's ``includes=IncludeConfig``)
    include_config: IncludeConfig | None = None


def flags(cls: type[ConvertOptions]) -> tuple[tuple[str, Flag], ...]:
    """Each field of ``cls`` that is a command-line option: (field name, its flag), in the
    fields' order."""
    return tuple(_flags(cast(Hashable, cls)).items())


def flag(cls: type[ConvertOptions], name: str) -> Flag:
    """The flag of field ``name`` of ``cls`` (``open_loops``: ``--open-loops``)."""
    return _flags(cast(Hashable, cls))[name]


@cache
def _flags(cls: Any) -> dict[str, Flag]:
    """The flags of ``cls``'s fields, by name (found once per class: every conversion
    checks its options by them; not changed once made).  The callers' ``cast``: a class
    is hashable, which mypy does not see of a record's."""
    return {f.name: one for f in fields(cls) if (one := flag_of(f)) is not None}


def given(options: ConvertOptions) -> list[str]:
    """The flags of the fields of ``options`` that are not their defaults."""
    defaults = type(options)()
    return [one.name for name, one in flags(type(options))
            if getattr(options, name) != getattr(defaults, name)]
