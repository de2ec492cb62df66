"""Sweep a directory of robot descriptions through urdfsdf's Python API.

Every ``.urdf``, ``.sdf`` and ``.world`` file under DIR (recursively) goes
through ``check`` (:func:`urdfsdf.commands.check.check_source`) and through
``urdf2sdf`` (:func:`urdfsdf.urdf_to_sdf`, ``.urdf`` files) or ``sdf2urdf``
(:func:`urdfsdf.sdf_to_urdf`, ``.sdf`` and ``.world`` files).  Each outcome is
one of

``converted``
    a result (for ``check``: a report without errors);
``refused``
    a :class:`urdfsdf.TranslationError` (for ``check``: a report with errors),
    counted per error code (a file counts once per code);
``crashed``
    any other exception, listed with the file and the exception;
``timed out``
    no outcome within ``--timeout`` seconds (the file's operations run in a
    child process, stopped at the limit).

Each file's operations are timed against a plain lxml parse of its bytes; the
slowest file is reported with both times.  ``--generated N`` adds the files the
tests generate: the worst cases of ``tests/xml/test_bounded_time.py`` (1 MB each)
and N cases of the fuzzing engine (``tests/fuzzing.py``).

The summary is a table per operation, then the refusal codes, then every
crash and time-out.  Exit status 0 when nothing crashed or timed out, 1
otherwise, 2 on bad usage.

Usage::

    python benchmarks/corpus_sweep.py DIR [DIR ...] [--timeout 10] [--generated N] [--json]
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import urdfsdf
from urdfsdf.commands.check import check_source

EXTENSIONS = (".urdf", ".sdf", ".world")
OPERATIONS = ("check", "urdf2sdf", "sdf2urdf")


@dataclass
class Crash:
    """An exception other than TranslationError: where and what."""

    operation: str
    file: str
    exception: str
    where: str


@dataclass
class Tally:
    """The outcomes of one operation over the corpus."""

    files: int = 0
    converted: int = 0
    refused: int = 0
    crashed: int = 0
    timed_out: int = 0
    seconds: float = 0.0
    #: error code -> number of refused files that carry it
    codes: Counter[str] = field(default_factory=Counter)


@dataclass
class Summary:
    """Everything a sweep found."""

    root: str
    tallies: dict[str, Tally] = field(default_factory=lambda: {op: Tally() for op in OPERATIONS})
    crashes: list[Crash] = field(default_factory=list)
    timeouts: list[str] = field(default_factory=list)
    #: the file whose operations took longest: (file, seconds, lxml parse seconds, bytes)
    slowest: tuple[str, float, float, int] | None = None

    @property
    def crashed(self) -> bool:
        """True when any operation crashed, or timed out, on any file."""
        return bool(self.crashes or self.timeouts)


def find_files(root: Path) -> list[Path]:
    """The ``.urdf``/``.sdf``/``.world`` files under ``root``, sorted."""
    return sorted(p for p in root.rglob("*") if p.suffix.lower() in EXTENSIONS and p.is_file())


def _check(path: Path) -> list[str]:
    report = check_source(str(path))
    return sorted({d.code for d in report.diagnostics if d.severity == "error"})


def _converter(fn: Callable[[str], str]) -> Callable[[Path], list[str]]:
    def run(path: Path) -> list[str]:
        try:
            fn(str(path))
        except urdfsdf.TranslationError as exc:
            return sorted(set(exc.codes)) or ["(warnings only)"]
        return []
    return run


def _where(exc: BaseException) -> str:
    """``file:line in function`` of the innermost frame of ``exc``."""
    frames = traceback.extract_tb(exc.__traceback__)
    if not frames:
        return "?"
    f = frames[-1]
    return f"{f.filename}:{f.lineno} in {f.name}"


def run_one(summary: Summary, operation: str, path: Path,
            fn: Callable[[Path], list[str]]) -> None:
    """Run ``fn`` on ``path`` and count the outcome under ``operation``."""
    tally = summary.tallies[operation]
    tally.files += 1
    start = time.perf_counter()
    try:
        codes = fn(path)
    except Exception as exc:  # counting crashes is the point
        tally.crashed += 1
        summary.crashes.append(Crash(operation, str(path),
                                     f"{type(exc).__name__}: {exc}"[:300], _where(exc)))
    else:
        if codes:
            tally.refused += 1
            tally.codes.update(codes)
        else:
            tally.converted += 1
    finally:
        tally.seconds += time.perf_counter() - start


def _operations(path: Path) -> list[tuple[str, Callable[[Path], list[str]]]]:
    conversion = (("urdf2sdf", _converter(urdfsdf.urdf_to_sdf)) if path.suffix.lower() == ".urdf"
                  else ("sdf2urdf", _converter(urdfsdf.sdf_to_urdf)))
    return [("check", _check), conversion]


def _parse_seconds(path: Path) -> float:
    from lxml import etree

    data = path.read_bytes()
    start = time.perf_counter()
    try:
        etree.fromstring(data, etree.XMLParser(resolve_entities=False, no_network=True))
    except (etree.XMLSyntaxError, ValueError):
        pass
    return time.perf_counter() - start


def _sweep_file(path: Path) -> Summary:
    """Every operation on one file, in this process."""
    summary = Summary(str(path))
    start = time.perf_counter()
    for operation, fn in _operations(path):
        run_one(summary, operation, path, fn)
    summary.slowest = (str(path), time.perf_counter() - start, _parse_seconds(path),
                       path.stat().st_size)
    return summary


def _child(path: Path, conn: multiprocessing.connection.Connection) -> None:
    conn.send(_sweep_file(path))


def _merge(summary: Summary, part: Summary) -> None:
    for op, t in part.tallies.items():
        total = summary.tallies[op]
        total.files += t.files
        total.converted += t.converted
        total.refused += t.refused
        total.crashed += t.crashed
        total.timed_out += t.timed_out
        total.seconds += t.seconds
        total.codes.update(t.codes)
    summary.crashes += part.crashes
    summary.timeouts += part.timeouts
    if part.slowest is not None and (summary.slowest is None
                                     or part.slowest[1] > summary.slowest[1]):
        summary.slowest = part.slowest


def _sweep_file_within(path: Path, timeout: float) -> Summary:
    """:func:`_sweep_file` in a child process stopped after ``timeout`` seconds."""
    ctx = multiprocessing.get_context()
    parent, child = ctx.Pipe(duplex=False)
    process = ctx.Process(target=_child, args=(path, child))
    process.start()
    child.close()
    try:
        if parent.poll(timeout):
            try:
                return parent.recv()  # type: ignore[no-any-return]
            except EOFError:
                pass
        late = Summary(str(path))
        for operation, _ in _operations(path):
            late.tallies[operation].files += 1
            late.tallies[operation].timed_out += 1
        alive = process.is_alive()
        late.timeouts.append(f"{path}: " + (f"no outcome within {timeout:g} s" if alive
                                            else f"the process died (exit {process.exitcode})"))
        return late
    finally:
        if process.is_alive():
            process.kill()
        process.join()
        parent.close()


def sweep(root: Path, files: Sequence[Path] | None = None,
          timeout: float | None = None) -> Summary:
    """Run every operation on every corpus file under ``root``.

    With ``timeout``, each file runs in a child process and gets that many seconds.
    """
    summary = Summary(str(root))
    for path in find_files(root) if files is None else files:
        _merge(summary, _sweep_file(path) if not timeout else _sweep_file_within(path, timeout))
    return summary


def write_generated(folder: Path, fuzz_cases: int, seed: int = 1) -> list[Path]:
    """Write the files the tests generate into ``folder``; their paths.

    The worst cases of tests/xml/test_bounded_time.py (as .urdf or .sdf by their root)
    and ``fuzz_cases`` cases of the fuzzing engine of tests/fuzzing.py.
    """
    import random

    here = Path(__file__).resolve().parent
    sys.path[:0] = [str(here.parent / "tests"), str(here.parent / "tests" / "xml"), str(here)]
    try:
        import test_bounded_time

        import fuzz_sweep

        import fuzzing
    finally:
        del sys.path[:3]
    paths = []
    for name, make in test_bounded_time.CASES.items():
        data = make()
        suffix = ".sdf" if b"<sdf" in data[:200] or b"<sdf" in data[-200:] else ".urdf"
        paths.append(folder / f"worst_{name}{suffix}")
        paths[-1].write_bytes(data)
    for n in range(fuzz_cases):
        params = fuzz_sweep._params(random.Random(f"{seed}:{n}"))
        try:
            data = fuzzing.mutate(params["sample"], params["ops"], params["truncate"],
                                  params["junk"], params["form"])
        except ValueError:
            continue
        raw = data.encode("utf-8", "surrogateescape") if isinstance(data, str) else data
        n_urdf = len(list(fuzzing.SAMPLES.glob("*.urdf")))
        paths.append(folder / f"fuzz_{n}{'.urdf' if params['sample'] < n_urdf else '.sdf'}")
        paths[-1].write_bytes(raw)
    return paths


def format_summary(summary: Summary) -> str:
    """The summary as a plain-text table, refusal codes and crashes."""
    lines = [f"corpus: {summary.root}", "",
             f"{'operation':<10} {'files':>6} {'converted':>10} {'refused':>8} "
             f"{'crashed':>8} {'timed out':>10} {'seconds':>8}"]
    for op, t in summary.tallies.items():
        lines.append(f"{op:<10} {t.files:>6} {t.converted:>10} {t.refused:>8} "
                     f"{t.crashed:>8} {t.timed_out:>10} {t.seconds:>8.1f}")
    lines.append("")
    for op, t in summary.tallies.items():
        if t.codes:
            codes = ", ".join(f"{code} {n}" for code, n in sorted(
                t.codes.items(), key=lambda item: (-item[1], item[0])))
            lines.append(f"refused by {op} (files per code): {codes}")
    lines.append("")
    if summary.crashes:
        lines.append(f"crashes ({len(summary.crashes)}):")
        for c in summary.crashes:
            lines.append(f"  {c.operation} {c.file}: {c.exception}")
            lines.append(f"    at {c.where}")
    else:
        lines.append("crashes: none")
    if summary.timeouts:
        lines.append(f"time-outs ({len(summary.timeouts)}):")
        lines.extend(f"  {t}" for t in summary.timeouts)
    else:
        lines.append("time-outs: none")
    if summary.slowest is not None:
        name, seconds, parse, size = summary.slowest
        lines.append(f"slowest file: {name} ({size} bytes): {seconds * 1e3:.1f} ms for all "
                     f"operations, {seconds / max(parse, 1e-9):.0f}x its lxml parse "
                     f"({parse * 1e3:.2f} ms)")
    return "\n".join(lines) + "\n"


def to_json(summary: Summary) -> str:
    """The summary as JSON."""
    return json.dumps({
        "root": summary.root,
        "operations": {op: {"files": t.files, "converted": t.converted, "refused": t.refused,
                            "crashed": t.crashed, "timed_out": t.timed_out,
                            "seconds": round(t.seconds, 3),
                            "codes": dict(sorted(t.codes.items()))}
                       for op, t in summary.tallies.items()},
        "crashes": [vars(c) for c in summary.crashes],
        "timeouts": summary.timeouts,
        "slowest": None if summary.slowest is None else dict(zip(
            ("file", "seconds", "lxml_parse_seconds", "bytes"), summary.slowest, strict=True)),
    }, indent=2)


def main(argv: Sequence[str] | None = None) -> int:
    """Sweep each DIR; print the summary; 0 when nothing crashed or timed out, 1 otherwise."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("dir", nargs="+",
                        help="directory searched for .urdf, .sdf and .world files")
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    parser.add_argument("--timeout", type=float, default=10.0,
                        help="seconds per file, each in a child process (0: in this process, "
                             "no limit; default 10)")
    parser.add_argument("--generated", type=int, default=0, metavar="N",
                        help="also sweep the tests' generated files: the bounded-time worst "
                             "cases and N fuzz cases")
    try:
        args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    except SystemExit as exc:
        return int(exc.code or 0)
    roots = [Path(d) for d in args.dir]
    for root in roots:
        if not root.is_dir():
            print(f"corpus_sweep: {root}: not a directory", file=sys.stderr)
            return 2
    files = [p for root in roots for p in find_files(root)]
    with tempfile.TemporaryDirectory() as tmp:
        if args.generated:
            files += write_generated(Path(tmp), args.generated)
        summary = sweep(roots[0], files, args.timeout)
        summary.root = ", ".join(args.dir) + (f" + {args.generated} generated fuzz cases and "
                                              "the bounded-time worst cases"
                                              if args.generated else "")
    print(to_json(summary) if args.json else format_summary(summary), end="")
    return 1 if summary.crashed else 0


if __name__ == "__main__":
    raise SystemExit(main())
