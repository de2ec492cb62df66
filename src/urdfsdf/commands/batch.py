"""Batch conversion: ``urdf2sdf DIR -o OUTDIR`` and ``sdf2urdf DIR -o OUTDIR``.

Inputs are found recursively.  ``urdf2sdf`` reads ``*.urdf`` (and ``*.xacro``
when xacro is installed) and writes each robot as a Gazebo model folder,
``OUTDIR/<relative path>/<stem>/model.sdf`` with a ``model.config``, and the meshes
and textures it names that are found under ``<stem>/meshes/`` (its URIs then
``model://<stem>/meshes/...``: :mod:`urdfsdf.translate.meshes`).
``sdf2urdf`` reads ``*.sdf`` and ``*.world`` files and Gazebo model folders
(``model.config`` naming its SDF file) and writes ``OUTDIR/<relative
path>.urdf``.  Two inputs that would share an output each take one named after
their whole file name instead (``panda.urdf/`` and ``panda.urdf.xacro/``; ``a.sdf.urdf``
and ``a.world.urdf``), and no output is written over one written for another input.
A folder the batch cannot read is a failure of its own (``FILE_READ``).  Files run in
parallel over the cores; a progress bar is shown on a terminal (plain lines otherwise)
and a summary at the end.

Each file is converted in a worker process with a deadline (``--timeout``):
a worker past it is killed, the file is reported as ``CONVERSION_TIMEOUT``
and the batch goes on with a fresh worker.  Workers only compute; the
parent writes every output (atomically), so a killed worker leaves nothing
half written.  SIGINT or SIGTERM (``commands.signals``) stops the batch: the
workers are stopped, the outcomes so far come back in :class:`BatchInterrupted`.
A worker ignores SIGINT and ends on its own when its parent is gone, however it
died (:func:`~urdfsdf.commands.signals.as_worker`).
"""

from __future__ import annotations

import math
import multiprocessing
import os
import time
import weakref
from collections import Counter, deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import field, replace
from multiprocessing.connection import Connection, wait
from pathlib import Path
from typing import TextIO

from urdfsdf.api import Command, convert
from urdfsdf.commands.files import read_resource, write_atomic
from urdfsdf.commands.signals import Interrupted, as_worker, deferred
from urdfsdf.core.diagnostics import Diagnostic
from urdfsdf.core.record import mutable_record
from urdfsdf.translate.meshes import Copy
from urdfsdf.translate.options import ConvertOptions
from urdfsdf.xml.build import text

#: seconds one file may take by default (``--timeout``); far above any real file
DEFAULT_TIMEOUT = 60.0

URDF_SUFFIXES = (".urdf", ".xacro")
SDF_SUFFIXES = (".sdf", ".world")


@mutable_record
class Job:
    """One conversion: input path, output path (relative to OUTDIR) and how to write it.

    ``unreadable``: why the input (a folder, a ``model.config``) cannot be read; such a
    job is a failure (``FILE_READ``) without a conversion.
    """

    source: Path
    output: Path
    model_folder: bool = False
    unreadable: str | None = None


@mutable_record
class Outcome:
    """What one job did."""

    job: Job
    ok: bool
    diagnostics: list[Diagnostic] = field(default_factory=list)
    error: str | None = None
    #: never converted: the batch stopped first (an output that could not be written)
    skipped: bool = False
    #: not converted: the file holds no model of the name ``--model`` asks for (reported,
    #: not a failure)
    no_model: bool = False

    @property
    def refused(self) -> bool:
        """Its output could not be written (``OUTPUT_REFUSED``): the batch stops."""
        return any(d.code == "OUTPUT_REFUSED" for d in self.diagnostics)

    @property
    def warnings(self) -> int:
        """How many warnings it had."""
        return sum(1 for d in self.diagnostics if d.severity == "warning")


def model_config_sdf(folder: Path) -> Path | None:
    """The SDF file a Gazebo ``model.config`` names (highest version), if any.

    The config is read as every input is (:func:`urdfsdf.xml.parse.parse`): a DTD that
    declares entities or names an external file is refused, and nothing else is opened.
    """
    try:
        data = (folder / "model.config").read_bytes()
    except OSError:
        return None
    return _config_sdf(data, folder)


def _config_sdf(data: bytes, folder: Path) -> Path | None:
    """The SDF file the ``model.config`` text ``data`` of ``folder`` names, if any."""
    from urdfsdf.core.diagnostics import Diagnostics
    from urdfsdf.xml.parse import parse

    root = parse(data, Diagnostics())
    if root is None:
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


def find_jobs(command: Command, src: Path) -> list[Job]:
    """Every input below ``src`` for ``command`` ("urdf2sdf" or "sdf2urdf"), and a job
    with ``unreadable`` set for each folder (or ``model.config``) that cannot be read.

    Two inputs whose outputs would be the same each take an output named after their
    whole file name (:func:`_distinct_outputs`).
    """
    files, jobs = _walk(src)
    found: list[tuple[Job, Path]] = []  # each job, and its output by its input's whole name
    if command == "urdf2sdf":
        for path in files:
            if path.name.endswith(URDF_SUFFIXES) and _is_file(path):
                rel = path.relative_to(src).parent
                found.append((Job(path, rel / path.name.split(".")[0] / "model.sdf",
                                  model_folder=True), rel / path.name / "model.sdf"))
        return jobs + _distinct_outputs(found)
    in_model_folder: set[Path] = set()
    for config in (path for path in files if path.name == "model.config"):
        try:
            sdf = _config_sdf(config.read_bytes(), config.parent)
        except OSError as exc:
            in_model_folder.update(config.parent.glob("*.sdf"))
            jobs.append(Job(config, Path(), unreadable=_cannot_read(config, exc, "")))
            continue
        if sdf is not None and sdf.exists():
            in_model_folder.update(config.parent.glob("*.sdf"))
            rel = config.parent.relative_to(src)
            whole = rel.parent / (config.parent.name + ".urdf")
            found.append((Job(sdf, rel.with_suffix(".urdf") if str(rel) != "." else whole),
                          whole))
    for path in files:
        if path.suffix in SDF_SUFFIXES and path not in in_model_folder and _is_file(path):
            rel = path.relative_to(src)
            found.append((Job(path, rel.with_suffix(".urdf")),
                          rel.parent / (path.name + ".urdf")))
    return jobs + _distinct_outputs(found)


def _walk(src: Path) -> tuple[list[Path], list[Job]]:
    """Every path below ``src`` that is not a folder, sorted (a symbolic link to a
    folder is not followed, as ``Path.rglob`` does not), and a job for each folder
    that cannot be read."""
    names: list[Path] = []
    unreadable: list[Job] = []

    def failed(exc: OSError) -> None:
        folder = Path(exc.filename if exc.filename is not None else src)
        unreadable.append(Job(folder, Path(), unreadable=_cannot_read(folder, exc)))

    for folder, _, files in os.walk(src, onerror=failed):
        names += [Path(folder, name) for name in files]
    return sorted(names), unreadable


def _cannot_read(path: Path, exc: OSError, kind: str = "the folder ") -> str:
    """The message of a ``FILE_READ`` of ``path``."""
    return f"cannot read {kind}{str(path)!r}: {exc.strerror or exc}"


def _is_file(path: Path) -> bool:
    """A file (or a link to one); a path that cannot be looked at is one too, for its
    conversion to report (``FILE_READ``)."""
    try:
        return path.is_file()
    except OSError:
        return True


def _distinct_outputs(found: Sequence[tuple[Job, Path]]) -> list[Job]:
    """The jobs of ``found``, no two writing the same output: while some would, each of
    them takes its other output, named after the whole file name of its input
    (``panda.urdf`` and ``panda.urdf.xacro``: ``panda.urdf/`` and ``panda.urdf.xacro/``,
    not both ``panda/``; ``a.sdf`` and ``a.world``: ``a.sdf.urdf``, ``a.world.urdf``).
    Outputs without a collision keep their names."""
    while True:
        users = Counter(job.output for job, _ in found)
        moved = [(job, whole) for job, whole in found
                 if users[job.output] > 1 and job.output != whole]
        if not moved:
            return [job for job, _ in found]
        for job, whole in moved:
            job.output = whole


def model_config(name: str) -> str:
    """A minimal Gazebo ``model.config`` for a converted robot."""
    return (
        '<?xml version="1.0" ?>\n<model>\n'
        f"  <name>{text(name)}</name>\n  <version>1.0</version>\n"
        '  <sdf version="1.7">model.sdf</sdf>\n'
        f"  <description>{text(name)}, converted by urdfsdf</description>\n</model>\n")


@mutable_record
class Converted:
    """What a worker sends back for one job: the output text (None on failure)."""

    text: str | None
    diagnostics: list[Diagnostic] = field(default_factory=list)
    error: str | None = None
    #: the file holds no model of the name asked for (``--model``)
    no_model: bool = False
    #: files to copy beside the output (a model folder's meshes)
    resources: tuple[Copy, ...] = ()


def _lacks_model(diagnostics: Sequence[Diagnostic], model: str | None) -> bool:
    """Whether a failed sdf2urdf failed only for want of the model ``--model`` names."""
    if model is None:
        return False
    from urdfsdf.translate.to_urdf import missing_model_xpath

    missing = missing_model_xpath(model)
    return any(d.code == "ELEMENT_MISSING" and d.xpath == missing for d in diagnostics)


def convert_job(command: Command, job: Job, options: ConvertOptions) -> Converted:
    """Convert one file (in a worker process); never raises, writes nothing."""
    try:
        if options.mesh is not None and options.mesh.copy:  # named after its folder
            options = replace(options, mesh=replace(options.mesh,
                                                    model_folder=job.output.parent.name))
        if options.output is not None:  # the output folder: this file's output in it
            options = replace(options, output=os.path.join(options.output, job.output))
        result = convert(command, str(job.source), options)
        ok = (result.ok_strict if options.strict else result.ok) and result.text is not None
        if not ok and _lacks_model(result.diagnostics, getattr(options, "model", None)):
            info = [replace(d, severity="info") if d.severity == "error" else d
                    for d in result.diagnostics]
            return Converted(None, info, no_model=True)
        return Converted(result.text if ok else None, result.diagnostics,
                         resources=result.resources if ok else ())
    except Exception as exc:  # a crash is a bug; report it, keep the batch going
        return Converted(None, error=f"{type(exc).__name__}: {exc}")


class Written:
    """The files a batch wrote, by identity (device, inode), and the input each was
    written for: an output is never written over the one of another input (two names
    of one file: a case-insensitive file system, a symbolic link)."""

    def __init__(self) -> None:
        self.sources: dict[tuple[int, int], Path] = {}

    def write(self, target: Path, data: str | bytes, source: Path,
              inputs: Sequence[str] = ()) -> str | None:
        """Write ``data`` to ``target`` atomically for ``source``; why not, or None."""
        other = self.sources.get(_identity(target))
        if other is not None and other != source:
            return f"refusing to overwrite {str(target)!r}, written for {str(other)!r}"
        problem = write_atomic(str(target), data, [str(source), *inputs])
        if problem is None:
            self.sources[_identity(target)] = source
        return problem


def _identity(path: Path) -> tuple[int, int]:
    """(device, inode) of the file at ``path``; (-1, -1) when there is none."""
    try:
        info = path.stat()
    except OSError:
        return -1, -1
    return info.st_dev, info.st_ino


def write_job(job: Job, converted: Converted, out_dir: str,
              written: Written | None = None) -> Outcome:
    """Write a converted job's output (and ``model.config``) atomically, never over a
    file ``written`` for another input."""
    if converted.text is None:
        return Outcome(job, False, converted.diagnostics, converted.error,
                       no_model=converted.no_model)
    written = written or Written()
    target = Path(out_dir) / job.output
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        problem: str | None = f"cannot write {str(target)!r}: {exc.strerror or exc}"
    else:
        problem = written.write(target, converted.text, job.source)
        if problem is None and job.model_folder:
            name = _model_name(converted.text) or target.parent.name
            problem = written.write(target.parent / "model.config", model_config(name),
                                    job.source)
        if problem is None:
            problem = _copy_resources(converted.resources, target.parent, job.source,
                                      written)
    if problem is not None:
        refused = Diagnostic("OUTPUT_REFUSED", "error", problem, str(target))
        return Outcome(job, False, [*converted.diagnostics, refused])
    return Outcome(job, True, converted.diagnostics)


def _copy_resources(copies: Sequence[Copy], folder: Path, source: Path,
                    written: Written) -> str | None:
    """Copy each file into ``folder`` (never over the input, nor over the file copied);
    why one cannot be, or None."""
    for copy in copies:
        target = folder / copy.target
        data = read_resource(copy.source)
        if isinstance(data, str):
            return data
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            return f"cannot write {str(target)!r}: {exc.strerror or exc}"
        problem = written.write(target, data, source, [copy.source])
        if problem is not None:
            return problem
    return None


def output_folder_problem(out_dir: Path) -> str | None:
    """Why files cannot be written in ``out_dir`` (made if absent), or None."""
    import tempfile

    try:
        out_dir.mkdir(parents=True, exist_ok=True)
        fd, probe = tempfile.mkstemp(prefix=".urdfsdf-probe.", dir=out_dir)
        os.close(fd)
        os.unlink(probe)
    except OSError as exc:
        return f"cannot write in the output folder {str(out_dir)!r}: {exc.strerror or exc}"
    return None


def run_job(command: Command, job: Job, out_dir: str, options: ConvertOptions) -> Outcome:
    """Convert one file and write its output, in this process (no deadline)."""
    return write_job(job, convert_job(command, job, options), out_dir)


def _timed_out(job: Job, seconds: float) -> Outcome:
    diag = Diagnostic("CONVERSION_TIMEOUT", "error",
                      f"no result after {seconds:g} s (--timeout); the conversion was stopped "
                      "and nothing was written", str(job.source))
    return Outcome(job, False, [diag])


#: the parent's ends of the workers' pipes: a forked worker closes the copies it inherits
#: (else a worker holding its own pipe's other end never sees it close)
_PARENT_ENDS: weakref.WeakSet[Connection] = weakref.WeakSet()


def _serve(conn: Connection, parent: int | None, method: str) -> None:
    """A worker: convert each ``(command, job, options)`` received; stop at None, at
    the end of the pipe, or when the parent is gone (:func:`signals.as_worker`)."""
    for end in list(_PARENT_ENDS):  # inherited through fork: only the parent's
        end.close()
    as_worker(parent, None if method == "fork" else _parent_sentinel())
    while True:
        try:
            task = conn.recv()
        except (EOFError, OSError):
            return
        if task is None:
            return
        try:
            conn.send(convert_job(*task))
        except OSError:  # the parent is gone
            return


def _parent_sentinel() -> object:
    parent = multiprocessing.parent_process()
    return None if parent is None else parent.sentinel


class _Worker:
    """One worker process and the job it is on (with its deadline)."""

    def __init__(self, ctx: multiprocessing.context.BaseContext) -> None:
        parent, child = ctx.Pipe()
        _PARENT_ENDS.add(parent)
        method = ctx.get_start_method()
        # a fork server's child has the server for parent: it watches its sentinel
        pid = None if method == "forkserver" else os.getpid()
        self.process = ctx.Process(target=_serve, args=(child, pid, method),  # type: ignore[attr-defined]
                                   daemon=True)
        self.process.start()
        child.close()
        self.conn = parent
        self.job: Job | None = None
        self.deadline = math.inf

    def give(self, task: tuple[str, Job, ConvertOptions], timeout: float | None) -> None:
        self.job = task[1]
        self.deadline = time.monotonic() + timeout if timeout else math.inf
        self.conn.send(task)

    def stop(self, kill: bool = False) -> None:
        if not kill:
            try:
                self.conn.send(None)
            except OSError:
                kill = True
        if not kill:
            self.process.join(5)
        if self.process.is_alive():
            self.process.kill()
            self.process.join()
        _PARENT_ENDS.discard(self.conn)
        self.conn.close()


class _Pool:
    """A batch's worker processes: the idle ones, and the busy ones by their pipe."""

    def __init__(self, ctx: multiprocessing.context.BaseContext) -> None:
        self.ctx = ctx
        self.idle: list[_Worker] = []
        self.busy: dict[Connection, _Worker] = {}

    def grow(self, size: int) -> None:
        """Start workers until there are ``size``."""
        while len(self.idle) + len(self.busy) < size:
            self.idle.append(_Worker(self.ctx))

    def hand_out(self, pending: deque[Job], command: Command, options: ConvertOptions,
                 timeout: float | None) -> None:
        """Give each idle worker the next pending job."""
        while self.idle and pending:
            worker = self.idle.pop()
            self.busy[worker.conn] = worker
            worker.give((command, pending.popleft(), options), timeout)

    def finished(self, timeout: float | None) -> list[tuple[Job, Converted | Outcome]]:
        """Wait until a busy worker is done or past its deadline; the jobs that ended:
        converted (to write), or an outcome (the worker died or ran out of time)."""
        wait_for = min(w.deadline for w in self.busy.values()) - time.monotonic()
        ready = wait(list(self.busy), None if math.isinf(wait_for) else max(wait_for, 0.0))
        ended = [self._result(self.busy.pop(conn)) for conn in ready]  # type: ignore[call-overload]
        now = time.monotonic()
        for conn, worker in list(self.busy.items()):
            if worker.deadline <= now:
                del self.busy[conn]
                self._replace(worker)
                assert worker.job is not None and timeout is not None
                ended.append((worker.job, _timed_out(worker.job, timeout)))
        return ended

    def _result(self, worker: _Worker) -> tuple[Job, Converted | Outcome]:
        job = worker.job
        assert job is not None
        try:
            converted: Converted = worker.conn.recv()
        except (EOFError, OSError):  # the worker died (a crash of the interpreter)
            code = self._replace(worker)
            return job, Outcome(job, False, error=f"the worker process died (exit {code})")
        self.idle.append(worker)
        return job, converted

    def _replace(self, worker: _Worker) -> int | None:
        """Kill ``worker`` and start another; its exit status."""
        worker.stop(kill=True)
        self.idle.append(_Worker(self.ctx))
        code: int | None = worker.process.exitcode
        return code

    def busy_jobs(self) -> list[Job]:
        """The jobs in progress."""
        return [w.job for w in self.busy.values() if w.job is not None]

    def close(self) -> None:
        """Stop every worker: the idle ones when they have stopped, the busy ones now."""
        for worker in self.idle:
            worker.stop()
        for worker in self.busy.values():
            worker.stop(kill=True)


def _run_in_workers(command: Command, jobs: Sequence[Job], options: ConvertOptions,
                    workers: int, timeout: float | None,
                    write: Callable[[Job, Converted], bool],
                    done: Callable[[Outcome], bool]) -> list[Job]:
    """Convert ``jobs`` in ``workers`` processes, each job within ``timeout`` seconds.

    ``write(job, converted)`` writes and records a converted job, ``done(outcome)``
    records a job that failed in its worker; either returns True to stop the batch:
    the jobs in progress are abandoned (their workers killed, nothing written).
    Returns the jobs not done.  The workers are stopped whatever happens
    (:class:`~urdfsdf.commands.signals.Interrupted` too).
    """
    pending = deque(jobs)
    pool = _Pool(multiprocessing.get_context())
    try:
        pool.grow(min(workers, len(jobs)))
        while pending or pool.busy:
            pool.hand_out(pending, command, options, timeout)
            ended = pool.finished(timeout)
            for i, (job, result) in enumerate(ended):
                if isinstance(result, Outcome) and done(result) or \
                        isinstance(result, Converted) and write(job, result):
                    return [*(j for j, _ in ended[i + 1:]), *pool.busy_jobs(), *pending]
        return []
    finally:
        pool.close()


def _model_name(sdf_text: str) -> str | None:
    start = sdf_text.find('<model name="')
    if start < 0:
        return None
    start += len('<model name="')
    return sdf_text[start: sdf_text.find('"', start)]


def file_line(outcome: Outcome) -> str:
    """The report line of one file: status, path, its error and warning counts."""
    if outcome.no_model:
        why = next((d.message for d in outcome.diagnostics if d.code == "ELEMENT_MISSING"),
                   "no such model")
        return f"skipped {outcome.job.source}: {why}"
    errors = sum(1 for d in outcome.diagnostics if d.severity == "error")
    counts = [f"{errors} error{'s' if errors != 1 else ''}"] if errors else []
    if outcome.error is not None:
        counts.insert(0, "crashed")
    warnings = outcome.warnings
    counts.append(f"{warnings} warning{'s' if warnings != 1 else ''}")
    return f"{'ok' if outcome.ok else 'FAILED':6} {outcome.job.source}: {', '.join(counts)}"


class Progress:
    """One line per finished file (and its details); on a terminal, a bar below them."""

    def __init__(self, total: int, stream: TextIO, quiet: bool = False) -> None:
        self.total = total
        self.done = 0
        self.stream = stream
        #: ``-q``: the lines of failed files only, and no bar
        self.quiet = quiet
        self.tty = stream.isatty() and not quiet
        self.start = time.monotonic()

    def update(self, outcome: Outcome, details: Sequence[str] = ()) -> None:
        """One more job finished: its line, then ``details`` (its diagnostics)."""
        self.done += 1
        if self.quiet and (outcome.ok or outcome.no_model):
            return
        lines = [f"[{self.done}/{self.total}] {file_line(outcome)}", *details]
        if self.tty:
            width = 30
            filled = int(width * self.done / max(self.total, 1))
            bar = "#" * filled + "-" * (width - filled)
            # the lines above the bar, which is redrawn after them
            self.stream.write("\r\x1b[K" + "".join(line + "\n" for line in lines))
            if self.done < self.total:
                self.stream.write(f"[{bar}] {self.done}/{self.total}")
        else:
            self.stream.write("".join(line + "\n" for line in lines))
        self.stream.flush()

    def close(self) -> None:
        """Clear the bar of a batch that stopped before its last file."""
        if self.tty and 0 < self.done < self.total:
            self.stream.write("\r\x1b[K")
            self.stream.flush()


class BatchInterrupted(Interrupted):
    """SIGINT or SIGTERM stopped a batch after ``elapsed`` seconds: ``outcomes`` are
    those of every file, the files not done ``skipped``."""

    def __init__(self, signum: int, outcomes: list[Outcome], elapsed: float) -> None:
        super().__init__(signum)
        self.outcomes = outcomes
        self.elapsed = elapsed


class _Record:
    """A batch's outcomes so far, each reported as it comes (a line on ``err``,
    ``details``, ``on_done``)."""

    def __init__(self, total: int, err: TextIO, on_done: Callable[[Outcome], None] | None,
                 details: Callable[[Outcome], Sequence[str]] | None,
                 quiet: bool = False) -> None:
        self.outcomes: list[Outcome] = []
        self.progress = Progress(total, err, quiet)
        self.on_done = on_done
        self.details = details
        self.files = Written()

    def written(self, job: Job, converted: Converted, out_dir: str) -> bool:
        """Write a converted job and record it; True: the batch stops (OUTPUT_REFUSED).

        A stopping signal waits for both: a file written is whole, and counted.
        """
        with deferred():
            outcome = write_job(job, converted, out_dir, self.files)
            self.outcomes.append(outcome)
        self._report(outcome)
        return outcome.refused

    def done(self, outcome: Outcome) -> bool:
        """Record a job that ended without being written; True: the batch stops."""
        self.outcomes.append(outcome)
        self._report(outcome)
        return outcome.refused

    def _report(self, outcome: Outcome) -> None:
        self.progress.update(outcome, self.details(outcome) if self.details else ())
        if self.on_done is not None:
            self.on_done(outcome)

    def close(self, jobs: Sequence[Job]) -> list[Outcome]:
        """Every outcome, in path order: the jobs of ``jobs`` without one are ``skipped``
        (given to ``on_done`` too)."""
        self.progress.close()
        recorded = {id(o.job) for o in self.outcomes}
        for job in jobs:
            if id(job) not in recorded:
                self.outcomes.append(Outcome(job, False, skipped=True))
                if self.on_done is not None:
                    self.on_done(self.outcomes[-1])
        return sorted(self.outcomes, key=lambda o: str(o.job.source))


def run_batch(command: Command, src: Path, out_dir: Path, options: ConvertOptions,
              err: TextIO, jobs_n: int | None = None,
              on_done: Callable[[Outcome], None] | None = None,
              timeout: float | None = DEFAULT_TIMEOUT,
              details: Callable[[Outcome], Sequence[str]] | None = None,
              quiet: bool = False) -> list[Outcome]:
    """Convert every input below ``src`` into ``out_dir``, in parallel.

    Each file gets ``timeout`` seconds (None or 0: no limit; then one worker
    converts in this process).  ``err`` gets one line per file as it finishes
    (``quiet``: per file that failed), followed by ``details(outcome)``.  A folder
    or ``model.config`` that cannot be read is a failure (``FILE_READ``), reported
    first.  An output that cannot be written
    (``OUTPUT_REFUSED``) stops the batch: the files not converted come back as
    ``skipped`` outcomes (also given to ``on_done``, not to ``err``).  So does a
    stopping signal (under :func:`~urdfsdf.commands.signals.stop_on_signals`): it
    raises :class:`BatchInterrupted` with the outcomes, once every worker is stopped.
    """
    start = time.monotonic()
    found = find_jobs(command, src)
    record = _Record(len(found), err, on_done, details, quiet)

    def write(job: Job, converted: Converted) -> bool:
        return record.written(job, converted, str(out_dir))

    workers = max(1, jobs_n or os.cpu_count() or 1)
    left: Sequence[Job] = ()
    try:
        for job in found:
            if job.unreadable is not None:
                record.done(Outcome(job, False, [Diagnostic("FILE_READ", "error",
                                                            job.unreadable, str(job.source))]))
        jobs = [job for job in found if job.unreadable is None]
        if not timeout and (workers == 1 or len(jobs) <= 1):
            for i, job in enumerate(jobs):
                if write(job, convert_job(command, job, options)):
                    left = jobs[i + 1:]
                    break
        elif jobs:
            left = _run_in_workers(command, jobs, options, workers, timeout or None, write,
                                   record.done)
        return record.close(left)
    except Interrupted as exc:
        raise BatchInterrupted(exc.signum, record.close(found),
                               time.monotonic() - start) from None


def outcome_json(outcome: Outcome, out_dir: Path) -> dict[str, object]:
    """One file of a batch as JSON: ``{path, status, output, diagnostics}``.

    ``status`` is ``"ok"``, ``"failed"`` or ``"skipped"`` (not converted: the batch
    stopped first, or the file holds no model of ``--model``'s name); ``output`` the
    file written (None when nothing was); a crash of the converter adds ``error``.
    """
    status = "ok" if outcome.ok else "skipped" if outcome.skipped or outcome.no_model \
        else "failed"
    item: dict[str, object] = {
        "path": str(outcome.job.source), "status": status,
        "output": str(out_dir / outcome.job.output) if outcome.ok else None,
        "diagnostics": [d.to_dict() for d in outcome.diagnostics]}
    if outcome.error is not None:
        item["error"] = outcome.error
    return item


def summary(outcomes: Sequence[Outcome], elapsed: float | None = None,
            stopped_by: str = "OUTPUT_REFUSED") -> list[str]:
    """Summary lines: counts, and each failure with its first error (its path once).

    ``stopped_by`` is why files were ``skipped``: ``OUTPUT_REFUSED``, or a signal
    (``SIGTERM``).
    """
    done = [o for o in outcomes if not o.skipped and not o.no_model]
    failed = [o for o in done if not o.ok]
    lines = [_counts(outcomes, done, len(failed), elapsed, stopped_by)]
    codes: Counter[str] = Counter()
    for o in failed:
        first = [d for d in o.diagnostics if d.severity == "error"]
        codes.update({d.code for d in first} or {"CRASH" if o.error else "FAILED"})
        lines.append(_failure(o, first))
    if codes:
        lines.append("  by code: " + ", ".join(f"{c} {n}" for c, n in codes.most_common()))
    return lines


def _counts(outcomes: Sequence[Outcome], done: list[Outcome], failed: int,
            elapsed: float | None, stopped_by: str) -> str:
    """The summary's first line: files converted, failed, warnings, skipped."""
    ok = sum(1 for o in done if o.ok)
    skipped = sum(1 for o in outcomes if o.skipped)
    no_model = sum(1 for o in outcomes if o.no_model)
    warnings = sum(o.warnings for o in done)
    return (f"converted {ok} of {len(outcomes)} files"
            + (f" in {elapsed:.1f}s" if elapsed is not None else "")
            + f"; {failed} failed; {warnings} warnings"
            + (f"; {no_model} without the model asked for (skipped)" if no_model else "")
            + (f"; stopped ({stopped_by}): {skipped} not converted" if skipped else ""))


def _failure(o: Outcome, errors: list[Diagnostic]) -> str:
    """A failed file's summary line, with its first error (its path once)."""
    if o.error is not None or not errors:
        return f"  FAILED {o.job.source}: {o.error or 'failed'}"
    if errors[0].file == str(o.job.source):  # the path once: file:line: error[..]
        return f"  FAILED {errors[0].format()}"
    # an error in another file (an include, the output)
    return f"  FAILED {o.job.source}: {errors[0].format()}"


def print_summary(outcomes: Iterable[Outcome], out: TextIO, elapsed: float,
                  stopped_by: str = "OUTPUT_REFUSED") -> None:
    """Print :func:`summary` lines."""
    for line in summary(list(outcomes), elapsed, stopped_by):
        print(line, file=out)

