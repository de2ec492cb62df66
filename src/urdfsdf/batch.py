"""Batch conversion: ``urdf2sdf DIR -o OUTDIR`` and ``sdf2urdf DIR -o OUTDIR``.

Inputs are found recursively.  ``urdf2sdf`` reads ``*.urdf`` (and ``*.xacro``
when xacro is installed) and writes each robot as a Gazebo model folder,
``OUTDIR/<relative path>/<stem>/model.sdf`` with a ``model.config``.
``sdf2urdf`` reads ``*.sdf`` and ``*.world`` files and Gazebo model folders
(``model.config`` naming its SDF file) and writes ``OUTDIR/<relative
path>.urdf``.  Files run in parallel over the cores; a progress bar is shown
on a terminal (plain lines otherwise) and a summary at the end.
"""

from __future__ import annotations

import os
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from lxml import etree

from urdfsdf.api import ConvertOptions, convert
from urdfsdf.diagnostics import Diagnostic
from urdfsdf.xmlout import text

URDF_SUFFIXES = (".urdf", ".xacro")
SDF_SUFFIXES = (".sdf", ".world")


@dataclass
class Job:
    """One conversion: input path, output path (relative to OUTDIR) and how to write it."""

    source: Path
    output: Path
    model_folder: bool = False


@dataclass
class Outcome:
    """What one job did."""

    job: Job
    ok: bool
    diagnostics: list[Diagnostic] = field(default_factory=list)
    error: str | None = None


def model_config_sdf(folder: Path) -> Path | None:
    """The SDF file a Gazebo ``model.config`` names (highest version), if any."""
    config = folder / "model.config"
    try:
        root = etree.parse(str(config), etree.XMLParser(resolve_entities=False,
                                                        no_network=True)).getroot()
    except (OSError, etree.XMLSyntaxError):
        return None
    best: tuple[tuple[int, ...], str] | None = None
    for el in root.iter("sdf"):
        name = (el.text or "").strip()
        version = tuple(int(p) for p in el.get("version", "0").split(".") if p.isdigit())
        if name and (best is None or version > best[0]):
            best = (version, name)
    if best is None:
        return folder / "model.sdf" if (folder / "model.sdf").exists() else None
    return folder / best[1]


def find_jobs(command: str, src: Path) -> list[Job]:
    """Every input below ``src`` for ``command`` ("urdf2sdf" or "sdf2urdf")."""
    jobs: list[Job] = []
    if command == "urdf2sdf":
        for path in sorted(src.rglob("*")):
            if path.is_file() and path.name.endswith(URDF_SUFFIXES):
                stem = path.name.split(".")[0]
                rel = path.relative_to(src).parent / stem
                jobs.append(Job(path, rel / "model.sdf", model_folder=True))
        return jobs
    in_model_folder: set[Path] = set()
    for config in sorted(src.rglob("model.config")):
        sdf = model_config_sdf(config.parent)
        if sdf is not None and sdf.exists():
            in_model_folder.update(config.parent.glob("*.sdf"))
            rel = config.parent.relative_to(src)
            jobs.append(Job(sdf, rel.with_suffix(".urdf") if str(rel) != "." else
                            Path(config.parent.name + ".urdf")))
    for path in sorted(src.rglob("*")):
        if path.is_file() and path.suffix in SDF_SUFFIXES and path not in in_model_folder:
            jobs.append(Job(path, path.relative_to(src).with_suffix(".urdf")))
    return jobs


def model_config(name: str) -> str:
    """A minimal Gazebo ``model.config`` for a converted robot."""
    return (
        '<?xml version="1.0" ?>\n<model>\n'
        f"  <name>{text(name)}</name>\n  <version>1.0</version>\n"
        '  <sdf version="1.7">model.sdf</sdf>\n'
        f"  <description>{text(name)}, converted by urdfsdf</description>\n</model>\n")


def run_job(command: str, job: Job, out_dir: str, options: ConvertOptions) -> Outcome:
    """Convert one file (in a worker process); never raises."""
    from urdfsdf.cli import write_atomic

    try:
        result = convert(command, str(job.source), options)
        if not result.ok(options.strict) or result.text is None:
            return Outcome(job, False, result.diagnostics)
        target = Path(out_dir) / job.output
        target.parent.mkdir(parents=True, exist_ok=True)
        problem = write_atomic(str(target), result.text, [str(job.source)])
        if problem is None and job.model_folder:
            name = _model_name(result.text) or target.parent.name
            problem = write_atomic(str(target.parent / "model.config"), model_config(name))
        if problem is not None:
            return Outcome(job, False, result.diagnostics, problem)
        return Outcome(job, True, result.diagnostics)
    except Exception as exc:  # a crash is a bug; report it, keep the batch going
        return Outcome(job, False, error=f"{type(exc).__name__}: {exc}")


def _model_name(sdf_text: str) -> str | None:
    start = sdf_text.find('<model name="')
    if start < 0:
        return None
    start += len('<model name="')
    return sdf_text[start: sdf_text.find('"', start)]


class Progress:
    """A progress bar on a terminal, plain lines otherwise."""

    def __init__(self, total: int, stream: TextIO) -> None:
        self.total = total
        self.done = 0
        self.stream = stream
        self.tty = stream.isatty()
        self.start = time.monotonic()

    def update(self, outcome: Outcome) -> None:
        """One more job finished."""
        self.done += 1
        status = "ok" if outcome.ok else "FAILED"
        if self.tty:
            width = 30
            filled = int(width * self.done / max(self.total, 1))
            bar = "#" * filled + "-" * (width - filled)
            name = outcome.job.source.name[:40]
            self.stream.write(f"\r[{bar}] {self.done}/{self.total} {name:40}")
            if self.done == self.total:
                self.stream.write("\n")
        else:
            self.stream.write(f"[{self.done}/{self.total}] {status} {outcome.job.source}\n")
        self.stream.flush()


def run_batch(command: str, src: Path, out_dir: Path, options: ConvertOptions,
              err: TextIO, jobs_n: int | None = None,
              on_done: Callable[[Outcome], None] | None = None) -> list[Outcome]:
    """Convert every input below ``src`` into ``out_dir``, in parallel."""
    jobs = find_jobs(command, src)
    progress = Progress(len(jobs), err)
    outcomes: list[Outcome] = []
    workers = max(1, jobs_n or os.cpu_count() or 1)
    if workers == 1 or len(jobs) <= 1:
        for job in jobs:
            outcome = run_job(command, job, str(out_dir), options)
            outcomes.append(outcome)
            progress.update(outcome)
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = [pool.submit(run_job, command, job, str(out_dir), options)
                       for job in jobs]
            for future in as_completed(futures):
                outcome = future.result()
                outcomes.append(outcome)
                progress.update(outcome)
    outcomes.sort(key=lambda o: str(o.job.source))
    return outcomes


def summary(outcomes: Sequence[Outcome], elapsed: float | None = None) -> list[str]:
    """Summary lines: counts, and each failure with its first error codes."""
    ok = sum(1 for o in outcomes if o.ok)
    failed = [o for o in outcomes if not o.ok]
    warnings = sum(1 for o in outcomes for d in o.diagnostics if d.severity == "warning")
    lines = [f"converted {ok} of {len(outcomes)} files"
             + (f" in {elapsed:.1f}s" if elapsed is not None else "")
             + f"; {len(failed)} failed; {warnings} warnings"]
    codes: Counter[str] = Counter()
    for o in failed:
        first = [d for d in o.diagnostics if d.severity == "error"]
        codes.update({d.code for d in first} or {"CRASH" if o.error else "FAILED"})
        reason = o.error or (first[0].format() if first else "failed")
        lines.append(f"  FAILED {o.job.source}: {reason}")
    if codes:
        lines.append("  by code: " + ", ".join(f"{c} {n}" for c, n in codes.most_common()))
    return lines


def print_summary(outcomes: Iterable[Outcome], out: TextIO, elapsed: float) -> None:
    """Print :func:`summary` lines."""
    for line in summary(list(outcomes), elapsed):
        print(line, file=out)

