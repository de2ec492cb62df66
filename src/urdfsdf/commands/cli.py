"""Command-line interface: ``urdf2sdf``, ``sdf2urdf`` and the umbrella ``urdfsdf``.

``main(argv) -> int`` does everything and returns the exit status: 0 done,
1 invalid input (diagnostics on stderr), 2 usage, 128 + the signal when SIGINT
(130) or SIGTERM (143) stopped it.  Output files are written atomically and only
on success; the input file is never written.
"""

from __future__ import annotations

import argparse
import io
import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from urdfsdf.api import convert
from urdfsdf.core.diagnostics import Diagnostic, in_order, to_json
from urdfsdf.translate.options import (
    MESH_SEARCH,
    ConvertOptions,
    Flag,
    ToSdfOptions,
    ToUrdfOptions,
    flags,
)

if TYPE_CHECKING:
    from urdfsdf.commands.roundtrip import RoundTrip
    from urdfsdf.sdf.includes import IncludeConfig
    from urdfsdf.translate.meshes import MeshOptions

EXIT_OK, EXIT_INVALID, EXIT_USAGE = 0, 1, 2


class _UsageError(Exception):
    """Raised by the argument parser instead of exiting."""


class _Parser(argparse.ArgumentParser):
    """The parser of every command: options are exact, never abbreviations (``--for`` is
    not taken for ``--format``); a usage error raises :class:`_UsageError`."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("allow_abbrev", False)
        kwargs.setdefault("formatter_class", _formatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> None:  # type: ignore[override]
        raise _UsageError(f"{self.prog}: error: {message}")


def _formatter(prog: str) -> argparse.HelpFormatter:
    """argparse's help formatter, as wide as argparse makes it (the terminal's columns, less
    2), the width found without ``shutil``: argparse imports it for the width of the
    formatter it makes at each ``add_argument``, and ``shutil`` imports ``bz2`` and
    ``lzma``, 1.9 ms of ``urdf2sdf``'s start (about 100 ms: benchmarks/run.py)."""
    return argparse.HelpFormatter(prog, width=_columns() - 2)


def _columns() -> int:
    """The terminal's width as ``shutil.get_terminal_size`` finds it: ``COLUMNS`` when it
    is a number above 0, else the width of the terminal of ``sys.__stdout__``, else 80."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns if columns > 0 else 80


def _common(p: argparse.ArgumentParser, what: str = "diagnostics are printed",
            formats: tuple[str, ...] = ("text", "json"), more: str = "",
            strict: bool = True) -> None:
    p.add_argument("--format", choices=formats, default="text",
                   help=f"how {what} (default: text; --json is the same as --format json)"
                        + more)
    p.add_argument("--json", dest="format", action="store_const", const="json",
                   help=argparse.SUPPRESS)
    if strict:  # (the converters': a field of their options)
        p.add_argument("--strict", action="store_true", help="treat warnings as errors")
    p.add_argument("-q", "--quiet", action="store_true", help="print errors only")
    p.add_argument("-v", "--verbose", action="store_true",
                   help="also print info diagnostics (e.g. why sdf2urdf transforms)")


def version() -> str:
    """The installed version of urdfsdf (package metadata, else ``urdfsdf.__version__``)."""
    from importlib import metadata

    try:
        return metadata.version("urdfsdf")
    except metadata.PackageNotFoundError:
        import urdfsdf

        return str(getattr(urdfsdf, "__version__", "unknown"))


class _Version(argparse.Action):
    """``--version``: print ``PROGRAM VERSION`` and stop (the version is looked up then)."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS,
                 default: str = argparse.SUPPRESS,
                 help: str = "print the program's version and exit") -> None:
        super().__init__(option_strings, dest, nargs=0, default=default, help=help)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: object, option_string: str | None = None) -> None:
        parser._print_message(f"{parser.prog.split()[0]} {version()}\n", sys.stdout)
        parser.exit()


def _includes(p: argparse.ArgumentParser) -> None:
    """The include options, as sdf2urdf's (:class:`ToUrdfOptions`) has them."""
    add_options(p, ToUrdfOptions, ("--resource-path", "--no-includes"))


def _include_config(args: argparse.Namespace) -> IncludeConfig:
    from urdfsdf.sdf.includes import IncludeConfig

    return IncludeConfig(resolve=args.includes, resource_paths=tuple(args.resource_paths))


def add_options(p: argparse.ArgumentParser, cls: type[ConvertOptions],
                names: Sequence[str] | None = None, when: str = "") -> None:
    """The command-line options of the fields of ``cls`` (those whose flags ``names``
    lists, in the order of the fields), each made from its
    :class:`~urdfsdf.translate.options.Flag`;
    ``when``: when they apply, said in each help (``roundtrip``)."""
    defaults = cls()
    for name, one in flags(cls):
        if names is not None and one.name not in names:
            continue
        text = one.help + (f" ({when})" if when else "")
        if one.kind in ("switch", "negated"):
            p.add_argument(one.name, dest=name, help=text,
                           action="store_true" if one.kind == "switch" else "store_false")
        elif one.kind in ("pairs", "list"):
            p.add_argument(one.name, dest=name, action="append", default=[],
                           metavar=one.metavar, help=text)
        else:
            p.add_argument(one.name, dest=name, default=getattr(defaults, name),
                           choices=one.choices, metavar=one.metavar, help=text,
                           type=_parser(one))


def _parser(one: Flag) -> Callable[[str], str]:
    """The argparse ``type`` of a flag's value (parsed when it has a parse: a mass)."""
    def parse(text: str) -> str:
        value = one.parse(text) if one.parse is not None else text
        if value is None:
            raise argparse.ArgumentTypeError(f"{text!r} is not {one.what}")
        return value
    return parse


def options_from(args: argparse.Namespace, cls: type[ConvertOptions],
                 **more: Any) -> ConvertOptions | str:
    """The record ``cls`` of the options on the command line (``more``: its fields that
    are no flag), or a usage message."""
    values: dict[str, Any] = {}
    for name, one in flags(cls):
        value = getattr(args, name)
        if one.kind == "pairs":
            value = _pairs(value, one)
            if isinstance(value, str):
                return value
        elif one.kind == "list":
            value = tuple(value)
        values[name] = value
    return cls(**values, **more)


def _pairs(items: Sequence[str], one: Flag) -> tuple[tuple[str, str], ...] | str:
    """The (NAME, VALUE) pairs of a ``pairs`` flag's values, or a usage message."""
    pairs = []
    for item in items:
        key, found, rest = item.partition(one.sep)
        if not found or not key:
            return f"{one.name} expects {one.metavar}, got {item!r}"
        pairs.append((key, rest))
    return tuple(pairs)


def _no_meshes(p: argparse.ArgumentParser) -> None:
    """``check``'s mesh options (README, "Meshes and resource paths"): it looks for every
    file, unless ``--no-meshes``."""
    p.add_argument("--meshes", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--no-meshes", action="store_true",
                   help="do not look for the file of each mesh and texture URI (by "
                        f"default each not found is a MESH_NOT_FOUND warning; {MESH_SEARCH})")


def _conversion(p: argparse.ArgumentParser, kind: str) -> None:
    p.add_argument("input", nargs="?",
                   help=f"{kind} file, a Gazebo model folder (holding model.config), or a "
                        "folder to convert recursively (default: stdin)")
    p.add_argument("-o", "--output",
                   help="output file (default and -: stdout; a device or FIFO is written "
                        "into); an output folder for a folder input")
    p.add_argument("-j", "--jobs", type=int, default=None,
                   help="parallel workers for a folder (default: one per core)")
    p.add_argument("--timeout", type=float, default=None, metavar="SECONDS",
                   help="for a folder: seconds each file may take before it is stopped and "
                        "reported as CONVERSION_TIMEOUT (default: 60; 0: no limit)")


def _urdf2sdf_args(p: argparse.ArgumentParser) -> None:
    _conversion(p, "URDF or .xacro")
    add_options(p, ToSdfOptions)
    _common(p, "diagnostics (and, for a folder, each file's report) are printed",
            strict=False)


def _sdf2urdf_args(p: argparse.ArgumentParser) -> None:
    _conversion(p, "SDF")
    add_options(p, ToUrdfOptions)
    _common(p, "diagnostics (and, for a folder, each file's report) are printed",
            strict=False)


def _check_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("input", nargs="?", help="URDF or SDF file, or a Gazebo model folder "
                                            "(default: stdin)")
    _includes(p)
    add_options(p, ToUrdfOptions, ("--package-path",))
    _no_meshes(p)
    _common(p, "the report is printed (json: the diagnostics on stdout)")


def _graph_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("input", nargs="?", help="URDF or SDF file, or a Gazebo model folder "
                                            "(default: stdin)")
    p.add_argument("-o", "--output", required=True,
                   help="picture to write: .svg, .png, .pdf (Graphviz) or .dot; or "
                        ".graphml (the graphs of one model, with resolved poses)")
    p.add_argument("--model", help="only this model of an SDF file (GraphML: default its "
                                   "first; a picture: default every model and world)")
    _includes(p)
    _common(p, formats=("text", "json", "graphml"),
            more="; graphml: write the graphs as GraphML (networkx), as does an -o ending "
                 "in .graphml")


#: the options of urdf2sdf that ``roundtrip`` takes
ROUNDTRIP_OPTIONS = ("--sdf-version", "--massless-as-frames", "--min-inertia")


def _roundtrip_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("input", help="URDF or SDF file (- for stdin)")
    p.add_argument("--via", choices=("sdf", "urdf"), default=None,
                   help="the format to go through (default and only choice: the other one)")
    p.add_argument("--model", help="compare only this model of an SDF file (default: each)")
    add_options(p, ToSdfOptions, ROUNDTRIP_OPTIONS[:1], "of the SDF written, there or back")
    add_options(p, ToSdfOptions, ROUNDTRIP_OPTIONS[1:], "on the way there (a URDF input)")
    _differences_output(p)


def _differences_output(p: argparse.ArgumentParser) -> None:
    """How a list of differences is printed (roundtrip, diff), and the include options."""
    p.add_argument("--format", choices=("text", "json"), default="text",
                   help="text: one difference per line; json: a JSON list of "
                        "{check, path, message} (--json is the same)")
    p.add_argument("--json", dest="format", action="store_const", const="json",
                   help=argparse.SUPPRESS)
    p.add_argument("-q", "--quiet", action="store_true", help="no summary line")
    _includes(p)


def _diff_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("a", help="the first file, URDF or SDF (- for stdin)")
    p.add_argument("b", help="the second file, compared with the first")
    p.add_argument("--tol", type=float, default=None, metavar="T",
                   help="tolerance: metres and radians for poses and axes (default 1e-9), "
                        "relative for inertias (default 1e-6)")
    p.add_argument("--samples", type=int, default=3, metavar="N",
                   help="random joint configurations (seeded) compared besides zero "
                        "(default 3)")
    p.add_argument("--document", action="store_true",
                   help="also compare the documents element by element (a URDF and an "
                        "SDF: in URDF form)")
    p.add_argument("--model", help="the model of an SDF file holding several")
    _differences_output(p)


def _poses_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("input", nargs="?", help="URDF or SDF file, or a Gazebo model folder "
                                            "(default: stdin)")
    _includes(p)
    _common(p, "the poses are printed (json: the JSON report; diagnostics as JSON too)")


#: command -> (one-line help, its arguments)
SUBCOMMANDS: dict[str, tuple[str, Callable[[argparse.ArgumentParser], None]]] = {
    "urdf2sdf": ("convert URDF (or xacro) to SDFormat 1.7", _urdf2sdf_args),
    "sdf2urdf": ("convert SDFormat to URDF", _sdf2urdf_args),
    "check": ("validate a URDF or SDF file", _check_args),
    "graph": ("draw the kinematic tree and the frame graphs", _graph_args),
    "roundtrip": ("convert a URDF or SDF file there and back and list every difference "
                  "(kinematics, inertia, document)", _roundtrip_args),
    "poses": ("print every resolved pose of a URDF or SDF file", _poses_args),
    "diff": ("what changed between two robot descriptions (URDF or SDF, any mix): "
             "kinematics, inertia, the document", _diff_args),
}
#: the programs: ``urdfsdf COMMAND ...`` and the two converters as programs of their own
PROGRAMS = ("urdfsdf", "urdf2sdf", "sdf2urdf")
EXIT_STATUS_HELP = ("exit status: 0 done, 1 invalid input (or differences), 2 usage, "
                    "130 interrupted (SIGINT), 143 terminated (SIGTERM)")


def _build_parser(prog: str = "urdfsdf") -> argparse.ArgumentParser:
    """The parser of ``prog``: ``urdfsdf`` (with commands), ``urdf2sdf`` or ``sdf2urdf``."""
    if prog in SUBCOMMANDS:
        what, add = SUBCOMMANDS[prog]
        parser = _Parser(prog=prog, description=what[0].upper() + what[1:] + ".",
                         epilog=EXIT_STATUS_HELP)
        parser.add_argument("--version", action=_Version)
        add(parser)
        parser.set_defaults(command=prog, prog=prog)
        return parser
    parser = _Parser(prog="urdfsdf", description="Exact URDF <-> SDFormat 1.7 translation.",
                     epilog=EXIT_STATUS_HELP)
    parser.add_argument("--version", action=_Version)
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    for name, (what, add) in SUBCOMMANDS.items():
        p = sub.add_parser(name, help=what, epilog=EXIT_STATUS_HELP)
        add(p)
        p.set_defaults(prog=p.prog)
    return parser


def _read_input(path: str | None, stdin: TextIO) -> tuple[bytes | None, str]:
    if path is None or path == "-":
        return stdin.buffer.read() if hasattr(stdin, "buffer") else \
            stdin.read().encode("utf-8"), "<stdin>"
    return None, path


def _print_diags(diags: Sequence[Diagnostic], args: argparse.Namespace, err: TextIO) -> None:
    shown = [d for d in in_order(diags) if (d.severity == "error" or not args.quiet)
             and (d.severity != "info" or getattr(args, "verbose", False))]
    if args.format == "json":
        if shown:
            print(to_json(shown), file=err)
        return
    for d in shown:
        print(d.format(), file=err)


def _failed(diags: Sequence[Diagnostic], strict: bool) -> bool:
    """An error among ``diags`` (or, with ``--strict``, a warning)."""
    bad = ("error", "warning") if strict else ("error",)
    return any(d.severity in bad for d in diags)


def _options(args: argparse.Namespace, batch: bool) -> ConvertOptions | str:
    """The conversion options of the command line, or a usage message."""
    cls = ToSdfOptions if args.command == "urdf2sdf" else ToUrdfOptions
    options = options_from(args, cls, output=_output_file(args, batch))
    if isinstance(options, str):
        return options
    mesh = _mesh_options(args, dict(options.package_paths), batch)
    return replace(options, mesh=mesh) if mesh is not None else options


def _output_file(args: argparse.Namespace, batch: bool) -> str | None:
    """The output file whose folder relative mesh URIs are rebased onto: ``-o FILE``
    of one input (not stdout, not a device or FIFO); a folder input's output folder."""
    out = args.output
    if batch:
        return str(out) if out and out != "-" else None
    if not out or out == "-" or (os.path.exists(out) and not os.path.isfile(out)):
        return None
    return str(out)


def _mesh_options(args: argparse.Namespace, package_paths: dict[str, str],
                  batch: bool) -> MeshOptions | None:
    """How mesh URIs are resolved (None: not at all).

    ``check`` looks for every file unless ``--no-meshes``; the converters when asked
    (``--meshes``, ``--uri-style``) or when a folder input to ``urdf2sdf`` makes model
    folders, which copy the meshes found (``--uri-style keep``, ``package`` or ``file``:
    not).  Each file not found is a warning.  The environment is read here, at the edge.
    """
    style = getattr(args, "uri_style", None)
    asked = args.meshes or style not in (None, "keep") or _check_looks(args)
    copy = batch and args.command == "urdf2sdf" and style in (None, "model")
    if not asked and not copy:
        return None
    from urdfsdf.translate.meshes import MeshOptions
    from urdfsdf.translate.resources import ResourceRoots, environment_roots

    roots = ResourceRoots(tuple(package_paths.items()), tuple(args.resource_paths),
                          environment_roots(os.environ))
    return MeshOptions(roots, style or "keep", copy=copy)


def _check_looks(args: argparse.Namespace) -> bool:
    """Whether ``urdfsdf check`` looks for mesh files (the default; ``--no-meshes``)."""
    return args.command == "check" and not args.no_meshes


def _batch(args: argparse.Namespace, options: ConvertOptions, out: TextIO,
           err: TextIO) -> int:
    """A folder conversion: progress and summary on stderr; with --format json, one
    JSON object per input file on stdout (:func:`urdfsdf.commands.batch.outcome_json`)."""
    import time

    from urdfsdf.commands.batch import (
        DEFAULT_TIMEOUT,
        Outcome,
        outcome_json,
        output_folder_problem,
        print_summary,
        run_batch,
    )

    if not args.output or args.output == "-":
        print(f"{args.prog}: error: a folder input needs -o OUTDIR", file=err)
        return EXIT_USAGE
    timeout = DEFAULT_TIMEOUT if args.timeout is None else args.timeout
    if timeout < 0 or timeout != timeout:
        print(f"{args.prog}: error: --timeout must be a number of seconds >= 0", file=err)
        return EXIT_USAGE
    out_dir = Path(args.output)
    problem = "the output folder is the input folder" \
        if out_dir.resolve() == Path(args.input).resolve() else output_folder_problem(out_dir)
    if problem is not None:  # reported once; nothing is converted
        _print_diags([Diagnostic("OUTPUT_REFUSED", "error", problem, args.output)], args, err)
        return EXIT_INVALID
    start = time.monotonic()
    on_done = details = None
    if args.format == "json":
        import json

        def on_done(outcome: Outcome) -> None:
            print(json.dumps(outcome_json(outcome, out_dir)), file=out, flush=True)
    else:
        def details(outcome: Outcome) -> list[str]:
            # errors always (-q: only they); warnings with -v (their count is on the line)
            return [d.format() for d in outcome.diagnostics if d.severity == "error"
                    or (args.verbose and not args.quiet)]

    outcomes = run_batch(args.command, Path(args.input), out_dir, options, err, args.jobs,
                         on_done=on_done, timeout=timeout or None, details=details,
                         quiet=args.quiet)
    done = all(o.ok or o.no_model for o in outcomes)
    if not (args.quiet and done):  # -q: the summary of a batch where something failed
        print_summary(outcomes, err, time.monotonic() - start)
    if outcomes and all(o.no_model for o in outcomes):
        print(f"{args.prog}: error: no file holds a model named {args.model!r}", file=err)
        return EXIT_INVALID
    return EXIT_OK if done else EXIT_INVALID


#: conversion options that only a folder input uses: (argparse dest, flag)
FOLDER_ONLY = (("jobs", "-j/--jobs"), ("timeout", "--timeout"))
#: urdf2sdf options that only xacro input uses (a ``.xacro`` file, or a folder)
XACRO_ONLY = (("xacro_args", "--xacro-arg"),)
#: options that name where mesh files are, for mesh resolution (``--meshes``,
#: ``--uri-style``, folder output), and their other use: (argparse dest, flag, commands
#: where they have another use)
MESH_ROOTS = (("package_paths", "--package-path", ("urdf2sdf",)),
              ("resource_paths", "--resource-path", ("sdf2urdf", "check")))


def _unusable_option(args: argparse.Namespace, batch: bool) -> str | None:
    """Why an option given cannot be honoured for this input (a usage error), or None."""
    if args.jobs is not None and args.jobs < 1:
        return "-j/--jobs must be at least 1"
    if not batch:
        for dest, flag in FOLDER_ONLY:
            if getattr(args, dest) is not None:
                return f"{flag} applies to a folder input only"
    xacro = batch or (args.command == "urdf2sdf" and bool(args.xacro_args or
                                                           args.package_paths)
                      and _xacro_input(args.input))
    for dest, flag in XACRO_ONLY if args.command == "urdf2sdf" and not xacro else ():
        if getattr(args, dest):
            return f"{flag} applies to xacro input (a .xacro file, a URDF using xacro, or " \
                "a folder) only"
    return _unusable_root(args, batch, xacro)


def _xacro_input(path: str | None) -> bool:
    """Whether ``path`` is a ``.xacro`` file or a URDF that uses xacro (sniffed)."""
    from urdfsdf.document import xacro_input

    return xacro_input(path)


def _unusable_root(args: argparse.Namespace, batch: bool, xacro: bool) -> str | None:
    """Why a mesh root given cannot be used: mesh URIs are not resolved, and the option
    has no other use here (``--package-path``: xacro; ``--resource-path``: includes)."""
    resolved = getattr(args, "meshes", False) or getattr(args, "uri_style", None) \
        not in (None, "keep") or (batch and args.command == "urdf2sdf") or _check_looks(args)
    for dest, flag, other in MESH_ROOTS:
        other_use = args.command in other and (dest != "package_paths" or xacro)
        if getattr(args, dest, None) and not resolved and not other_use:
            more = " (or .xacro input)" if dest == "package_paths" and \
                args.command == "urdf2sdf" else ""
            return f"{flag} applies with --meshes or --uri-style only{more}"
    return None


def _convert(args: argparse.Namespace, out: TextIO, err: TextIO, stdin: TextIO) -> int:
    inputs = [args.input] if args.input and args.input != "-" else []
    batch = _is_batch(args)
    options = _options(args, batch)
    problem = options if isinstance(options, str) else _unusable_option(args, batch)
    if problem is not None or isinstance(options, str):
        print(f"{args.prog}: error: {problem}", file=err)
        return EXIT_USAGE
    if batch:
        return _batch(args, options, out, err)
    if inputs and _is_dir(Path(args.input)):
        folder = Path(args.input)
        # a Gazebo model folder is one model: its SDF files are inputs too (-o never
        # writes over them)
        inputs += [str(p) for p in folder.glob("*.sdf")]
    data, name = _read_input(args.input, stdin)
    source = data if data is not None else name
    result = convert(args.command, source, options, name, getattr(args, "model", None))
    _print_diags(result.diagnostics, args, err)
    if not (result.ok_strict if args.strict else result.ok) or result.text is None:
        if args.strict and result.text is not None and args.format == "text":
            print(f"{name}: error: warnings are errors with --strict; nothing written",
                  file=err)
        if args.output:  # a FIFO's reader sees the end, with nothing written
            from urdfsdf.commands.files import release

            release(args.output)
        return EXIT_INVALID
    return _write_output(args, result.text, inputs, out, err)


def _is_batch(args: argparse.Namespace) -> bool:
    """Whether the input is a folder of robot files (a model folder is one model)."""
    return bool(args.input) and args.input != "-" and _is_dir(Path(args.input)) and \
        not _is_file(Path(args.input) / "model.config")


def _is_dir(path: Path) -> bool:
    """A folder; not when it cannot be looked at (its reading names why: FILE_READ)."""
    try:
        return path.is_dir()
    except OSError:
        return False


def _is_file(path: Path) -> bool:
    """A file; not when it cannot be looked at."""
    try:
        return path.is_file()
    except OSError:
        return False


def _write_output(args: argparse.Namespace, text: str, inputs: list[str], out: TextIO,
                  err: TextIO) -> int:
    """``text`` to -o (never over an input; a device or FIFO written into) or to ``out``
    (no -o, or ``-o -``)."""
    if not args.output or args.output == "-":
        from urdfsdf.commands.signals import raise_dropped

        raise_dropped()
        out.write(text)
        return EXIT_OK
    from urdfsdf.commands.files import write_output

    problem = write_output(args.output, text, inputs)
    if problem is not None:
        _print_diags([Diagnostic("OUTPUT_REFUSED", "error", problem, args.output)], args, err)
        return EXIT_INVALID
    return EXIT_OK


def _check(args: argparse.Namespace, out: TextIO, err: TextIO, stdin: TextIO) -> int:
    from urdfsdf.commands.check import check_source

    problem = _unusable_root(args, False, False)
    package_paths = _pairs(args.package_paths, dict(flags(ToUrdfOptions))["package_paths"])
    if isinstance(package_paths, str) or problem is not None:
        print(f"{args.prog}: error: {problem or package_paths}", file=err)
        return EXIT_USAGE
    data, name = _read_input(args.input, stdin)
    report = check_source(data if data is not None else name, file=name,
                          includes=_include_config(args),
                          meshes=_mesh_options(args, dict(package_paths), False))
    diags = report.diagnostics
    failed = _failed(diags, args.strict)
    if args.format == "json":
        print(to_json(diags), file=out)
    else:
        # info diagnostics (why a model is not URDF-shaped) are in the summary; the
        # summary is a status report, on stderr with the diagnostics
        _print_diags([d for d in diags if d.severity != "info"], args, err)
        if not args.quiet:
            for line in report.summary:
                print(line, file=err)
    return EXIT_INVALID if failed else EXIT_OK


def _poses(args: argparse.Namespace, out: TextIO, err: TextIO, stdin: TextIO) -> int:
    from urdfsdf.commands.poses import poses_source

    data, name = _read_input(args.input, stdin)
    report, diags = poses_source(data if data is not None else name, file=name,
                                 includes=_include_config(args))
    _print_diags(diags, args, err)
    if args.format == "json":
        import json

        print(json.dumps(report, indent=1), file=out)
    else:
        from urdfsdf.commands.poses import format_text

        out.write(format_text(report))
    return EXIT_INVALID if _failed(diags, args.strict) else EXIT_OK


def _roundtrip(args: argparse.Namespace, out: TextIO, err: TextIO, stdin: TextIO) -> int:
    from urdfsdf.commands.roundtrip import roundtrip_source

    data, name = _read_input(args.input, stdin)
    options = ToSdfOptions(**{name: getattr(args, name) for name, one in flags(ToSdfOptions)
                              if one.name in ROUNDTRIP_OPTIONS})
    report = roundtrip_source(data if data is not None else name, file=name, via=args.via,
                              model=args.model, includes=_include_config(args),
                              options=options)
    errors = [d for d in report.diagnostics if d.severity == "error"]
    if args.format == "json":
        _roundtrip_json(report, errors, out, err)
    else:
        _roundtrip_text(report, errors, name, args.quiet, out, err)
    if report.via_mismatch:
        return EXIT_USAGE
    return EXIT_OK if report.ok else EXIT_INVALID


def _roundtrip_json(report: RoundTrip, errors: list[Diagnostic], out: TextIO,
                    err: TextIO) -> None:
    import json

    if errors:
        print(to_json(errors), file=err)
    if report.format is not None:
        found = [d.to_dict() for d in report.differences]
        found += [{"check": "conversion", "path": f"model[@name={m!r}]" if m else "",
                   "message": "does not convert (see the diagnostics)"}
                  for m in report.failed]
        print(json.dumps(found, indent=1), file=out)


def _roundtrip_text(report: RoundTrip, errors: list[Diagnostic], name: str, quiet: bool,
                    out: TextIO, err: TextIO) -> None:
    for d in in_order(errors):
        print(d.format(), file=err)
    for diff in report.differences:
        print(f"{name}: {diff.check}: {diff}", file=out)
    if report.format is None or quiet:
        return
    parts = [f"{len(report.differences)} difference(s)"] if report.differences else []
    if report.failed:
        what = "the model" if not report.per_model else f"{len(report.failed)} model(s)"
        parts.append(f"{what} did not convert (see the diagnostics)")
    print(f"{name}: {report.format.upper()} -> {str(report.via).upper()} -> "
          f"{report.format.upper()}: {', '.join(parts) or 'no difference'}", file=err)


def _diff(args: argparse.Namespace, out: TextIO, err: TextIO, stdin: TextIO) -> int:
    from urdfsdf.commands.diff import diff_sources, format_json, format_text

    tol = args.tol
    if (tol is not None and not tol >= 0) or args.samples < 0 or args.a == args.b == "-":
        print("diff: error: --tol and --samples must be >= 0, and only one file can be "
              "stdin", file=err)
        return EXIT_USAGE
    data_a, name_a = _read_input(args.a, stdin)
    data_b, name_b = _read_input(args.b, stdin)
    report = diff_sources(data_a if data_a is not None else name_a,
                          data_b if data_b is not None else name_b, name_a, name_b,
                          model=args.model, tol=tol, samples=args.samples,
                          document=args.document, includes=_include_config(args))
    if args.format == "json":
        if report.diagnostics:
            print(to_json(report.diagnostics), file=err)
        if not report.failed:
            print(format_json(report), file=out)
    else:
        for d in in_order(report.diagnostics):
            print(d.format(), file=err)
        if not report.failed:
            out.write(format_text(report, name_a, name_b, summary=not args.quiet))
    if report.usage:
        return EXIT_USAGE
    return EXIT_INVALID if report.failed or report.differences else EXIT_OK


def _graph(args: argparse.Namespace, out: TextIO, err: TextIO, stdin: TextIO) -> int:
    from urdfsdf.commands.graph import graph_source, graphml_source, render

    data, name = _read_input(args.input, stdin)
    if args.format == "graphml" or args.output.lower().endswith(".graphml"):
        text, diags = graphml_source(data if data is not None else name, file=name,
                                     model=args.model, includes=_include_config(args))
        _print_diags(diags.items, args, err)
        from urdfsdf.commands.files import write_output

        problem = None if text is None else write_output(args.output, text)
        if problem is not None:
            _print_diags([Diagnostic("OUTPUT_REFUSED", "error", problem, args.output)], args,
                         err)
        if text is None or problem is not None:
            return EXIT_INVALID
        if not args.quiet:  # a status line (stdout may be the output: -o /dev/stdout)
            print(f"wrote {args.output}", file=err)
        return EXIT_INVALID if _failed(diags.items, args.strict) else EXIT_OK
    dot_text, diags = graph_source(data if data is not None else name, file=name,
                                   includes=_include_config(args), model=args.model)
    _print_diags(diags.items, args, err)
    if dot_text is None:
        return EXIT_INVALID
    failure = render(dot_text, args.output)
    if failure is not None:
        _print_diags([failure], args, err)
        return EXIT_INVALID
    if not args.quiet:
        print(f"wrote {args.output}" + (" (the file has errors: drawn in red)"
                                        if diags.has_errors() else ""), file=err)
    # an invalid file is drawn (its errors in red); --strict makes it, or a warning, fail
    return EXIT_INVALID if args.strict and _failed(diags.items, True) else EXIT_OK


COMMANDS: dict[str, Callable[[argparse.Namespace, TextIO, TextIO, TextIO], int]] = {
    "urdf2sdf": _convert,
    "sdf2urdf": _convert,
    "check": _check,
    "poses": _poses,
    "graph": _graph,
    "roundtrip": _roundtrip,
    "diff": _diff,
}


def main(argv: Sequence[str] | None = None, *, stdout: TextIO | None = None,
         stderr: TextIO | None = None, stdin: TextIO | None = None,
         prog: str = "urdfsdf") -> int:
    """Run ``PROG ARGS...`` (default ``urdfsdf COMMAND ...``); returns the exit status.

    ``prog`` is one of :data:`PROGRAMS`: ``urdf2sdf`` and ``sdf2urdf`` take the
    arguments of that command, and speak their own name in help and errors.
    SIGINT and SIGTERM stop the command with the status 130 and 143 (:func:`_run`);
    the handlers are in place for the run only.
    """
    # a closed standard stream (``>&-``) is None: writing to it is an error, not a crash
    out = stdout or sys.stdout or _Closed("standard output")
    err = stderr or sys.stderr or _Closed("standard error")
    inp = stdin or sys.stdin or _Closed("standard input")
    parser = _build_parser(prog)
    try:
        args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    except _UsageError as exc:
        print(str(exc), file=err)
        return EXIT_USAGE
    except SystemExit as exc:  # --help
        return int(exc.code or 0)
    try:
        return _run(args, out, err, inp, prog)
    except BrokenPipeError:
        # the reader went away (``| head``): stop quietly, and keep the interpreter's
        # final flush of stdout from failing again
        if out is sys.stdout:
            try:
                os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            except (OSError, ValueError):
                pass
        return EXIT_INVALID
    except _ClosedStreamError as exc:
        if not isinstance(err, _Closed):
            print(f"{prog}: error: {exc}", file=err)
        return EXIT_INVALID
    except Exception as exc:  # a bug of urdfsdf's: a diagnostic, never a traceback
        if os.environ.get("URDFSDF_TRACEBACK"):
            raise
        code = "INTERNAL_ERROR"
        print(f"{prog}: error[{code}]: {type(exc).__name__}: {exc} (a bug of "
              "urdfsdf's: please report it with the input; URDFSDF_TRACEBACK=1 shows where)",
              file=err)
        return EXIT_INVALID


def _run(args: argparse.Namespace, out: TextIO, err: TextIO, stdin: TextIO, prog: str) -> int:
    """Run the command; SIGINT or SIGTERM stops it with one line (a batch: its summary
    so far) and the exit status 128 + the signal (130, 143), never a traceback."""
    from urdfsdf.commands.signals import raise_dropped, stop_on_signals, stop_within

    with stop_on_signals():
        try:
            status = COMMANDS[args.command](args, out, err, stdin)
            raise_dropped()
            return status
        except BaseException as exc:  # later signals are ignored until the handlers go
            stop = stop_within(exc)
            if stop is None:
                raise
            _report_stop(stop, err, prog)
            return stop.status


def _report_stop(exc: BaseException, err: TextIO, prog: str) -> None:
    """``PROG: interrupted`` (or ``terminated``); a batch's summary so far instead."""
    from urdfsdf.commands.batch import BatchInterrupted, print_summary
    from urdfsdf.commands.signals import Interrupted

    try:
        if isinstance(exc, BatchInterrupted):
            print_summary(exc.outcomes, err, exc.elapsed, exc.name)
        elif isinstance(exc, Interrupted):
            print(f"{prog}: {exc.verb}", file=err)
        else:  # KeyboardInterrupt before the handlers are in place
            print(f"{prog}: interrupted", file=err)
        err.flush()
    except (OSError, ValueError):  # stderr is closed or gone: the status says it
        pass


class _ClosedStreamError(OSError):
    """Reading or writing a standard stream that is closed."""


class _Closed(io.StringIO):
    """Stands for a closed standard stream: any use raises :class:`_ClosedStreamError`."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self.name_ = name

    def write(self, s: str) -> int:
        raise _ClosedStreamError(f"{self.name_} is closed")

    def read(self, size: int | None = -1) -> str:
        raise _ClosedStreamError(f"{self.name_} is closed")


def _entry(argv: Sequence[str], prog: str) -> None:
    """Run a console script: exit with :func:`main`'s status (130 for a Ctrl-C that
    comes before its handlers, at start-up)."""
    import signal

    try:
        status = main(argv, prog=prog)
    except KeyboardInterrupt as exc:
        if sys.stderr is not None:
            _report_stop(exc, sys.stderr, prog)
        status = 128 + signal.SIGINT
    raise SystemExit(status)


def urdf2sdf_entry() -> None:
    """Console script ``urdf2sdf``."""
    _entry(sys.argv[1:], "urdf2sdf")


def sdf2urdf_entry() -> None:
    """Console script ``sdf2urdf``."""
    _entry(sys.argv[1:], "sdf2urdf")


def urdfsdf_entry() -> None:
    """Console script ``urdfsdf``."""
    _entry(sys.argv[1:], "urdfsdf")
