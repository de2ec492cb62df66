"""Sweep a directory of robot descriptions through urdfsdf's Python API.

Every ``.urdf``, ``.sdf`` and ``.world`` file under DIR (recursively) goes
through ``check`` (:func:`urdfsdf.check.check_source`) and through
``urdf2sdf`` (:func:`urdfsdf.urdf_to_sdf`, ``.urdf`` files) or ``sdf2urdf``
(:func:`urdfsdf.sdf_to_urdf`, ``.sdf`` and ``.world`` files).  Each outcome is
one of

``converted``
    a result (for ``check``: a report without errors);
``refused``
    a :class:`urdfsdf.TranslationError` (for ``check``: a report with errors),
    counted per error code (a file counts once per code);
``crashed``
    any other exception, listed with the file and the exception.

The summary is a table per operation, then the refusal codes, then every
crash.  Exit status 0 when nothing crashed, 1 otherwise, 2 on bad usage.

Usage::

    python benchmarks/corpus_sweep.py DIR [--json]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import traceback
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import urdfsdf
from urdfsdf.check import check_source

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
    seconds: float = 0.0
    #: error code -> number of refused files that carry it
    codes: Counter[str] = field(default_factory=Counter)


@dataclass
class Summary:
    """Everything a sweep found."""

    root: str
    tallies: dict[str, Tally] = field(default_factory=lambda: {op: Tally() for op in OPERATIONS})
    crashes: list[Crash] = field(default_factory=list)

    @property
    def crashed(self) -> bool:
        """True when any operation crashed on any file."""
        return bool(self.crashes)


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


def sweep(root: Path, files: Sequence[Path] | None = None) -> Summary:
    """Run every operation on every corpus file under ``root``."""
    summary = Summary(str(root))
    urdf2sdf = _converter(urdfsdf.urdf_to_sdf)
    sdf2urdf = _converter(urdfsdf.sdf_to_urdf)
    for path in find_files(root) if files is None else files:
        run_one(summary, "check", path, _check)
        if path.suffix.lower() == ".urdf":
            run_one(summary, "urdf2sdf", path, urdf2sdf)
        else:
            run_one(summary, "sdf2urdf", path, sdf2urdf)
    return summary


def format_summary(summary: Summary) -> str:
    """The summary as a plain-text table, refusal codes and crashes."""
    lines = [f"corpus: {summary.root}", "",
             f"{'operation':<10} {'files':>6} {'converted':>10} {'refused':>8} "
             f"{'crashed':>8} {'seconds':>8}"]
    for op, t in summary.tallies.items():
        lines.append(f"{op:<10} {t.files:>6} {t.converted:>10} {t.refused:>8} "
                     f"{t.crashed:>8} {t.seconds:>8.1f}")
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
    return "\n".join(lines) + "\n"


def to_json(summary: Summary) -> str:
    """The summary as JSON."""
    return json.dumps({
        "root": summary.root,
        "operations": {op: {"files": t.files, "converted": t.converted, "refused": t.refused,
                            "crashed": t.crashed, "seconds": round(t.seconds, 3),
                            "codes": dict(sorted(t.codes.items()))}
                       for op, t in summary.tallies.items()},
        "crashes": [vars(c) for c in summary.crashes],
    }, indent=2)


def main(argv: Sequence[str] | None = None) -> int:
    """Sweep DIR; print the summary; 0 when nothing crashed, 1 otherwise, 2 on bad usage."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("dir", help="directory searched for .urdf, .sdf and .world files")
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    try:
        args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    except SystemExit as exc:
        return int(exc.code or 0)
    root = Path(args.dir)
    if not root.is_dir():
        print(f"corpus_sweep: {root}: not a directory", file=sys.stderr)
        return 2
    summary = sweep(root)
    print(to_json(summary) if args.json else format_summary(summary), end="")
    return 1 if summary.crashed else 0


if __name__ == "__main__":
    raise SystemExit(main())
