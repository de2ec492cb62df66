"""Benchmark urdfsdf against the lxml floor and its peers, and check the performance targets.

One command measures, in one interleaved run (every repeat is a round over all
operations, in rotating order; the figure is the median over repeats):

* through the Python API, on inputs from ``gen_models.py``: ``urdf2sdf``
  (``urdf_chain``, ``urdf_tree``), ``sdf2urdf`` copy path (``sdf_parity``) and
  transform path (``sdf_absolute``), ``check`` and ``poses`` (``sdf_absolute``,
  ``sdf_relative_chain``, ``sdf_frames``, ``sdf_nested``);
* the lxml floor of every input: ``etree.fromstring`` + ``for el in root.iter()``
  + ``etree.tostring`` of the same bytes;
* the "lxml walk" of ``urdf_chain`` and ``sdf_absolute`` (up to 10k links):
  ``etree.fromstring``, then the tag, attributes, text and line of every
  element read once from Python: the least an lxml-based reader does;
* peers when available (otherwise "n/a"): ``urdf_parser_py`` (PyPI
  ``urdfdom-py``) and ``urchin`` loading ``urdf_chain``, and libsdformat through
  ``$SDF_ORACLE --time 1 FILE``;
* peak resident memory of each API operation and lxml floor, each run once in a
  fresh subprocess that reports its own peak RSS (``VmHWM``, see ``_peak_rss_mb``);
* CLI cold start (``urdf2sdf samples/parity.urdf`` as a whole process) and a
  summary of ``python -X importtime -c "import urdfsdf.api"``;
* the real-file suite (``real_files.py``): urdfsdf, yourdfpy, urdf_parser_py, urchin
  and python-sdformat on every URDF and SDF file of ``../shared/corpus`` and
  ``../shared/sdformat_tests``, over the files every reader of a format reads, best of
  interleaved passes, as ratios to the lxml floor and to the peer of each target.

It prints the tables, then each target as PASS, FAIL or SKIP (and the targets issue
26 retired, as information only), and exits 1 when a target fails.  Usage::

    python benchmarks/run.py [--quick] [--full] [--sizes 10,100,1000,10000,100000]
                             [--repeats 5] [--real-passes 7] [--no-real-files]
                             [--real-files-only] [--json OUT]

See ``benchmarks/README.md`` for how to read the output.
"""

from __future__ import annotations

import argparse
import datetime
import gc
import importlib
import importlib.util
import json
import os
import platform
import resource
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lxml import etree

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
if str(HERE) not in sys.path:  # gen_models.py lives next to this file
    sys.path.insert(0, str(HERE))

import real_files  # noqa: E402
from gen_models import generate  # noqa: E402

DEFAULT_SIZES = (10, 100, 1000, 10_000, 100_000)
QUICK_MAX_SIZE = 10_000
FULL_EXTRA_SIZE = 3000
KINDS = (
    "urdf_chain",
    "urdf_tree",
    "sdf_parity",
    "sdf_absolute",
    "sdf_relative_chain",
    "sdf_frames",
    "sdf_nested",
)
COLD_START_FILE = ROOT / "samples" / "parity.urdf"
#: inputs of the two floor targets: their "lxml walk" row shows the least an
#: lxml-based reader costs, as a multiple of the floor
WALK_KINDS = ("urdf_chain", "sdf_absolute")

# Targets (issue 18, "Performance, restated"; issue 26, "Benchmarks and targets").
#: Retired by issue 26, printed as information only (no PASS/FAIL): at 1000 links,
#: (operation, input) <= this multiple of the lxml floor of the same input.  The
#: real-file targets against peers (``real_files.TARGETS``) replace them.
FLOOR_FACTOR_INFO = {("urdf2sdf", "urdf_chain"): 3.5, ("sdf2urdf transform", "sdf_absolute"): 6.0}
LIBSDFORMAT_SPEEDUP_MIN = 30.0  # urdf2sdf >= 30x faster than libsdformat, 1000-link chain
#: time(100k) / time(1k) <= max(this, the lxml floor's own ratio on the same input)
SCALING_MAX = 130.0
MEMORY_MAX_MB = 1024.0  # peak RSS, 100k links
#: the urdf2sdf process <= this multiple of ``python -c "import lxml.etree"`` (median of
#: the ratios of interleaved pairs)
COLD_START_MAX_RATIO = 2.0
COLD_START_BASELINE = "import lxml.etree"

Op = Callable[[bytes, Path], float]  # (input bytes, input file) -> seconds


# --------------------------------------------------------------------------- operations


def _urdfsdf(module: str) -> Any:
    """Import ``urdfsdf.<module>``, from ``src/`` when the package is not installed."""
    try:
        return importlib.import_module(f"urdfsdf.{module}")
    except ImportError:
        sys.path.insert(0, str(ROOT / "src"))
        return importlib.import_module(f"urdfsdf.{module}")


def _fail_on_errors(what: str, diagnostics: Sequence[Any]) -> None:
    errors = [d for d in diagnostics if getattr(d, "severity", None) == "error"]
    if errors:
        first = errors[0]
        raise RuntimeError(f"{what}: {len(errors)} error(s), first: line {first.line}: "
                           f"[{first.code}] {first.message}")


def op_urdf2sdf(data: bytes, path: Path) -> float:
    api = _urdfsdf("api")
    t0 = time.perf_counter()
    res = api.urdf_to_sdf_result(data)
    dt = time.perf_counter() - t0
    if res.text is None:
        _fail_on_errors("urdf2sdf", res.diagnostics)
        raise RuntimeError("urdf2sdf produced no output")
    return dt


def _sdf2urdf(expected_path: str) -> Op:
    def op(data: bytes, path: Path) -> float:
        api = _urdfsdf("api")
        t0 = time.perf_counter()
        res = api.sdf_to_urdf_result(data)
        dt = time.perf_counter() - t0
        if res.text is None:
            _fail_on_errors("sdf2urdf", res.diagnostics)
            raise RuntimeError("sdf2urdf produced no output")
        if res.path != expected_path:
            raise RuntimeError(f"sdf2urdf took the {res.path} path, not {expected_path}")
        return dt

    return op


def op_check(data: bytes, path: Path) -> float:
    check = _urdfsdf("commands.check")
    t0 = time.perf_counter()
    report = check.check_source(data)
    dt = time.perf_counter() - t0
    _fail_on_errors("check", report.diagnostics)
    return dt


def op_poses(data: bytes, path: Path) -> float:
    poses = _urdfsdf("commands.poses")
    t0 = time.perf_counter()
    _, diagnostics = poses.poses_source(data)
    dt = time.perf_counter() - t0
    _fail_on_errors("poses", diagnostics)
    return dt


def op_lxml_floor(data: bytes, path: Path) -> float:
    t0 = time.perf_counter()
    root = etree.fromstring(data)
    for _ in root.iter():
        pass
    etree.tostring(root)
    return time.perf_counter() - t0


def op_lxml_walk(data: bytes, path: Path) -> float:
    """The least any lxml-based Python reader does: parse, then read every element's
    tag, attributes, text and line once (nothing built, nothing written)."""
    t0 = time.perf_counter()
    root = etree.fromstring(data)
    for el in root.iter():
        el.tag, el.items(), el.text, el.sourceline  # noqa: B018
    return time.perf_counter() - t0


_PEERS: dict[str, Any] = {}


def op_urdf_parser_py(data: bytes, path: Path) -> float:
    if "urdf_parser_py" not in _PEERS:
        core = importlib.import_module("urdf_parser_py.xml_reflection.core")
        # It prints a line per attribute it does not know (such as visual/@name).
        setattr(core, "on_error", lambda message: None)  # noqa: B010
        _PEERS["urdf_parser_py"] = importlib.import_module("urdf_parser_py.urdf").URDF
    urdf_class = _PEERS["urdf_parser_py"]
    text = data.decode("utf-8")
    t0 = time.perf_counter()
    urdf_class.from_xml_string(text)
    return time.perf_counter() - t0


def op_urchin(data: bytes, path: Path) -> float:
    if "urchin" not in _PEERS:
        _PEERS["urchin"] = importlib.import_module("urchin").URDF
    urdf_class = _PEERS["urchin"]
    t0 = time.perf_counter()
    urdf_class.load(str(path), lazy_load_meshes=True)
    return time.perf_counter() - t0


def op_libsdformat(data: bytes, path: Path) -> float:
    """One ``sdf::Root::Load`` as timed inside the oracle (process start not included)."""
    oracle = os.environ["SDF_ORACLE"]
    proc = subprocess.run([oracle, "--time", "1", str(path)], capture_output=True,
                          text=True, timeout=3600, check=False)
    try:
        return float(proc.stdout.strip().splitlines()[-1]) / 1000.0
    except (IndexError, ValueError):
        raise RuntimeError(f"sdf_oracle exit {proc.returncode}: "
                           f"{proc.stderr.strip()[-300:]}") from None


# --------------------------------------------------------------------------- cases


@dataclass
class Cell:
    """The figures of one case at one size."""

    status: str = "ok"  # ok, error, cap (over the case's size cap), budget, n/a
    samples_s: list[float] = field(default_factory=list)
    note: str = ""
    peak_rss_mb: float | None = None
    baseline_rss_mb: float | None = None

    @property
    def median_s(self) -> float | None:
        return statistics.median(self.samples_s) if self.samples_s else None


@dataclass
class Case:
    """One measured operation on one kind of input."""

    label: str
    kind: str
    group: str  # "floor", "api" or "peer"
    op: Op
    max_size: int | None = None
    available: bool = True
    unavailable_reason: str = ""
    cells: dict[int, Cell] = field(default_factory=dict)

    @property
    def key(self) -> str:
        return f"{self.label}/{self.kind}"

    @property
    def memory(self) -> bool:
        return self.group in ("api", "floor")


def _peer_available(module: str) -> tuple[bool, str]:
    try:
        found = importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        found = False
    return found, "" if found else f"{module} is not importable"


def build_cases(full: bool) -> list[Case]:
    """Every case, floor first for each input, in table order."""
    # urdf_parser_py is about linear; urchin is not (minutes for 10k links).
    udp_cap, urchin_cap = (None, 10_000) if full else (10_000, 1000)
    walk_cap = None if full else 10_000
    oracle_cap = FULL_EXTRA_SIZE if full else 1000
    oracle = os.environ.get("SDF_ORACLE", "")
    oracle_ok = bool(oracle) and os.access(oracle, os.X_OK)
    oracle_reason = ("" if oracle_ok else
                     "SDF_ORACLE is not set" if not oracle else f"{oracle} is not executable")
    udp_ok, udp_reason = _peer_available("urdf_parser_py")
    urchin_ok, urchin_reason = _peer_available("urchin")
    api: dict[str, list[tuple[str, Op]]] = {
        "urdf_chain": [("urdf2sdf", op_urdf2sdf)],
        "urdf_tree": [("urdf2sdf", op_urdf2sdf)],
        "sdf_parity": [("sdf2urdf copy", _sdf2urdf("copy"))],
        "sdf_absolute": [("sdf2urdf transform", _sdf2urdf("transform")),
                         ("check", op_check), ("poses", op_poses)],
        "sdf_relative_chain": [("check", op_check), ("poses", op_poses)],
        "sdf_frames": [("check", op_check), ("poses", op_poses)],
        "sdf_nested": [("check", op_check), ("poses", op_poses)],
    }
    cases: list[Case] = []
    for kind in KINDS:
        cases.append(Case("lxml floor", kind, "floor", op_lxml_floor))
        if kind in WALK_KINDS:
            cases.append(Case("lxml walk", kind, "peer", op_lxml_walk, walk_cap))
        cases.extend(Case(label, kind, "api", op) for label, op in api[kind])
        if kind == "urdf_chain":
            cases.append(Case("urdf_parser_py", kind, "peer", op_urdf_parser_py,
                              udp_cap, udp_ok, udp_reason))
            cases.append(Case("urchin", kind, "peer", op_urchin,
                              urchin_cap, urchin_ok, urchin_reason))
            cases.append(Case("libsdformat", kind, "peer", op_libsdformat,
                              oracle_cap, oracle_ok, oracle_reason))
    return cases


def _find_case(cases: Sequence[Case], label: str, kind: str) -> Case:
    return next(c for c in cases if c.label == label and c.kind == kind)


# --------------------------------------------------------------------------- measuring


def _log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def repeats_for(n: int, repeats: int, large_repeats: int) -> int:
    """Fewer repeats for the big models: 3 at 10k links, ``large_repeats`` at 100k."""
    if n >= 100_000:
        return max(1, min(repeats, large_repeats))
    if n >= 10_000:
        return min(repeats, 3)
    return repeats


def _predicted_s(case: Case, n: int) -> float | None:
    """Linear extrapolation of the case's time from its largest measured smaller size."""
    done = [(m, c.median_s) for m, c in case.cells.items() if m < n and c.median_s is not None]
    if not done:
        return None
    m, t = max(done)
    return t * n / m if t is not None else None


class SampleTimeout(Exception):
    """A sample ran longer than ``--budget`` seconds."""


def run_limited(op: Op, data: bytes, path: Path, limit_s: float) -> float:
    """``op(data, path)``, interrupted with :class:`SampleTimeout` after ``limit_s`` seconds.

    SIGALRM interrupts Python code (and the oracle's subprocess, which
    ``subprocess.run`` then kills); a C call such as an lxml parse finishes first.
    """
    if not hasattr(signal, "setitimer"):
        return op(data, path)

    def alarm(signum: int, frame: object) -> None:
        raise SampleTimeout

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, limit_s)
    try:
        return op(data, path)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def measure_size(cases: Sequence[Case], n: int, files: dict[str, Path], rounds: int,
                 warmup: int, budget_s: float, memory: bool) -> None:
    """Time every case at size ``n`` (round-robin over cases), then its peak memory."""
    data = {kind: path.read_bytes() for kind, path in files.items()}
    active: list[Case] = []
    for case in cases:
        if not case.available:
            case.cells[n] = Cell("n/a", note=case.unavailable_reason)
        elif case.max_size is not None and n > case.max_size:
            case.cells[n] = Cell("cap", note=f"not run above {case.max_size} links")
        elif any(c.status == "timeout" for m, c in case.cells.items() if m < n):
            case.cells[n] = Cell("budget", note="ran over --budget at a smaller size")
        elif (p := _predicted_s(case, n)) is not None and p > budget_s:
            case.cells[n] = Cell("budget", note=f"predicted {p:.0f} s > --budget {budget_s:.0f}")
        else:
            case.cells[n] = Cell()
            active.append(case)
    total = warmup + rounds
    for r in range(total):
        t_round = time.perf_counter()
        shift = r % len(active) if active else 0
        for case in active[shift:] + active[:shift]:
            cell = case.cells[n]
            if cell.status != "ok":
                continue
            gc.collect()
            try:
                dt = run_limited(case.op, data[case.kind], files[case.kind], budget_s)
            except SampleTimeout:
                cell.status, cell.note = "timeout", f"a sample ran over --budget {budget_s:.0f} s"
                _log(f"  n={n} {case.key}: {cell.note}")
                continue
            except Exception as exc:  # a broken case must not stop the benchmark
                cell.status, cell.note = "error", f"{type(exc).__name__}: {exc}"
                _log(f"  n={n} {case.key}: {cell.note}")
                continue
            if r >= warmup:
                cell.samples_s.append(dt)
            if dt > 5:
                _log(f"  n={n} {case.key}: {dt:.1f} s")
        tag = " (warm-up)" if r < warmup else ""
        _log(f"n={n} round {r + 1}/{total}{tag}: {time.perf_counter() - t_round:.1f} s")
    del data
    gc.collect()
    if not memory:
        return
    for case in active:
        cell = case.cells[n]
        if not case.memory or cell.status != "ok":
            continue
        peak, base, note = measure_memory(case, files[case.kind], budget_s)
        cell.peak_rss_mb, cell.baseline_rss_mb = peak, base
        if note:
            cell.note = (cell.note + "; " if cell.note else "") + note
    _log(f"n={n} memory done")


def measure_memory(case: Case, path: Path, budget_s: float
                   ) -> tuple[float | None, float | None, str]:
    """Run ``case`` once in a fresh interpreter; its (peak, baseline) RSS in MB."""
    cmd = [sys.executable, str(Path(__file__).resolve()), "--memory-child",
           case.label, case.kind, str(path)]
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, check=False,
                              timeout=budget_s + 120.0)
    except subprocess.TimeoutExpired:
        return None, None, "memory run timed out"
    try:
        out = json.loads(proc.stdout.strip().splitlines()[-1])
        return float(out["peak_mb"]), float(out["baseline_mb"]), ""
    except (IndexError, ValueError, KeyError):
        return None, None, f"memory run failed: {proc.stderr.strip()[-300:]}"


def _peak_rss_mb() -> float:
    """This process's peak resident set size in MB.

    Linux: ``VmHWM`` of ``/proc/self/status``, the high-water mark of this
    process's own memory map.  ``getrusage(RUSAGE_SELF).ru_maxrss`` is not used
    there because it keeps the parent's high-water mark across fork + exec, so a
    child of a big benchmark process would report the parent's size.
    """
    try:
        with open("/proc/self/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024.0
    except OSError:
        pass
    kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return kb / (1024.0 * 1024.0) if sys.platform == "darwin" else kb / 1024.0


def memory_child(label: str, kind: str, path: str) -> int:
    """``--memory-child``: run one case once and print its peak RSS as JSON."""
    case = _find_case(build_cases(full=True), label, kind)
    for module in ("api", "commands.check", "commands.poses"):  # libraries count in the baseline
        _urdfsdf(module)
    data = Path(path).read_bytes()
    baseline = _peak_rss_mb()
    seconds = case.op(data, Path(path))
    print(json.dumps({"peak_mb": _peak_rss_mb(), "baseline_mb": baseline, "seconds": seconds}))
    return 0


# --------------------------------------------------------------------------- cold start


def cli_command(file: Path) -> list[str]:
    """The installed ``urdf2sdf`` console script next to the interpreter, else an equivalent."""
    script = Path(sys.executable).parent / "urdf2sdf"
    if script.is_file() and os.access(script, os.X_OK):
        return [str(script), str(file)]
    found = shutil.which("urdf2sdf")
    if found:
        return [found, str(file)]
    return [sys.executable, "-c",
            "from urdfsdf.commands.cli import urdf2sdf_entry; urdf2sdf_entry()", str(file)]


def measure_cold_start(runs: int) -> dict[str, Any]:
    """Wall time of the whole ``urdf2sdf samples/parity.urdf`` process, in pairs with
    ``python -c "import lxml.etree"`` (same interpreter, interleaved, the order
    alternating); the figure is the median of the per-pair ratios."""
    cmd = cli_command(COLD_START_FILE)
    base = [sys.executable, "-c", COLD_START_BASELINE]
    times: list[float] = []
    base_times: list[float] = []
    rc = 0

    # as installed for users: pip compiles .pyc files at install time; an editable
    # install writes them on first import, unless PYTHONDONTWRITEBYTECODE forbids it
    # (then every run would compile every module, which no installed copy does)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}

    def timed(command: list[str]) -> tuple[float, int]:
        t0 = time.perf_counter()
        proc = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              check=False, env=env)
        return time.perf_counter() - t0, proc.returncode

    for i in range(runs + 1):  # the first pair (writes .pyc files) is not counted
        order = (cmd, base) if i % 2 else (base, cmd)
        got = {id(c): timed(c) for c in order}
        dt, status = got[id(cmd)]
        rc = rc or status
        if i:
            times.append(dt)
            base_times.append(got[id(base)][0])
    ratios = [t / b for t, b in zip(times, base_times, strict=True)]
    return {"command": cmd, "baseline": base, "runs": runs, "exit_status": rc,
            "samples_s": times, "baseline_samples_s": base_times,
            "median_s": statistics.median(times), "min_s": min(times),
            "baseline_median_s": statistics.median(base_times),
            "ratio_median": statistics.median(ratios)}


def _importtime(statement: str) -> list[tuple[str, int, int]]:
    """``(module, self_us, depth)`` for each line of ``python -X importtime -c STATEMENT``."""
    proc = subprocess.run([sys.executable, "-X", "importtime", "-c", statement],
                          capture_output=True, text=True, check=False)
    rows: list[tuple[str, int, int]] = []
    for line in proc.stderr.splitlines():
        if not line.startswith("import time:") or "self [us]" in line:
            continue
        parts = line[len("import time:"):].split("|")
        if len(parts) != 3:
            continue
        name = parts[2].rstrip()
        depth = (len(name) - len(name.lstrip())) // 2
        rows.append((name.strip(), int(parts[0]), depth))
    return rows


def measure_import_time(runs: int) -> dict[str, Any]:
    """Summarise ``-X importtime -c "import urdfsdf.api"`` (median run of ``runs``).

    Modules the interpreter imports at start-up (``-c pass``) are left out; the
    rest is grouped by top-level package (self times summed).
    """
    startup = {name for name, _, _ in _importtime("pass")}
    summaries: list[dict[str, Any]] = []
    for _ in range(runs):
        rows = [r for r in _importtime("import urdfsdf.api") if r[0] not in startup]
        by_package: dict[str, int] = {}
        for name, self_us, _ in rows:
            top = name.split(".")[0]
            by_package[top] = by_package.get(top, 0) + self_us
        summaries.append({
            "total_ms": sum(r[1] for r in rows) / 1000.0,
            "urdfsdf_self_ms": by_package.get("urdfsdf", 0) / 1000.0,
            "modules": len(rows),
            "by_package_ms": {k: v / 1000.0 for k, v in
                              sorted(by_package.items(), key=lambda kv: -kv[1])},
        })
    summaries.sort(key=lambda s: s["total_ms"])
    result = summaries[len(summaries) // 2]
    result["runs_total_ms"] = [s["total_ms"] for s in summaries]
    return result


# --------------------------------------------------------------------------- report


def _fmt_ms(seconds: float | None) -> str:
    if seconds is None:
        return "-"
    ms = seconds * 1000.0
    if ms < 10:
        return f"{ms:.2f}"
    if ms < 100:
        return f"{ms:.1f}"
    return f"{ms:.0f}"


def _fmt(x: float | None, digits: int = 1) -> str:
    return "-" if x is None else f"{x:.{digits}f}"


_STATUS_TEXT = {"n/a": "n/a", "cap": "-", "budget": "budget", "timeout": "t/o", "error": "err"}


def _cell_text(cell: Cell | None, value: Callable[[Cell], str]) -> str:
    if cell is None:
        return ""
    if cell.status != "ok":
        return _STATUS_TEXT.get(cell.status, cell.status)
    return value(cell)


def table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """Plain-text table: first two columns left-aligned, the rest right-aligned."""
    widths = [max(len(str(r[i])) for r in [headers, *rows]) for i in range(len(headers))]

    def line(r: Sequence[str]) -> str:
        return "  ".join(str(v).ljust(w) if i < 2 else str(v).rjust(w)
                         for i, (v, w) in enumerate(zip(r, widths, strict=True))).rstrip()

    return "\n".join([line(headers), line(["-" * w for w in widths]), *map(line, rows)])


def _scaling(case: Case) -> float | None:
    big, small = case.cells.get(100_000), case.cells.get(1000)
    if big is None or small is None or big.median_s is None or not small.median_s:
        return None
    return big.median_s / small.median_s


def report_tables(cases: Sequence[Case], sizes: Sequence[int]) -> str:
    """The time, x-floor and memory tables."""
    size_heads = [f"{n:,}" for n in sizes]
    floors = {c.kind: c for c in cases if c.group == "floor"}
    out: list[str] = []

    rows = []
    for c in cases:
        row = [c.label, c.kind] + [_cell_text(c.cells.get(n), lambda x: _fmt_ms(x.median_s))
                                   for n in sizes]
        rows.append(row + [_fmt(_scaling(c))])
    out += ["Time: median wall ms per operation (repeats: see header of the run)",
            table(["operation", "input", *size_heads, "100k/1k"], rows), ""]

    rows = []
    for c in cases:
        if c.group == "floor":
            continue
        row = [c.label, c.kind]
        for n in sizes:
            floor = floors[c.kind].cells.get(n)
            f = floor.median_s if floor is not None else None

            def ratio(x: Cell, f: float | None = f) -> str:
                return _fmt(x.median_s / f) if f and x.median_s is not None else "-"

            row.append(_cell_text(c.cells.get(n), ratio))
        rows.append(row)
    out += ["Time as a multiple of the lxml floor of the same input (parse + iter + tostring)",
            table(["operation", "input", *size_heads], rows), ""]

    rows = [[c.label, c.kind] + [_cell_text(c.cells.get(n), lambda x: _fmt(x.peak_rss_mb, 0))
                                 for n in sizes]
            for c in cases if c.memory]
    bases = [cell.baseline_rss_mb for c in cases if c.memory
             for cell in [c.cells.get(sizes[0])] if cell and cell.baseline_rss_mb is not None]
    base = f"; before the operation, at {sizes[0]:,} links: {min(bases):.0f} MB" if bases else ""
    out += ["Peak RSS MB of a fresh process running the operation once "
            f"(interpreter, libraries and input bytes included{base})",
            table(["operation", "input", *size_heads], rows)]
    return "\n".join(out)


@dataclass
class Target:
    """One performance target and its verdict."""

    name: str
    status: str  # PASS, FAIL, SKIP, or INFO (a retired target: information only)
    detail: str


def _median_at(case: Case, n: int) -> tuple[float | None, str]:
    cell = case.cells.get(n)
    if cell is None:
        return None, f"{n} links not measured"
    if cell.median_s is None:
        return None, f"{case.key} at {n}: {cell.status} {cell.note}".rstrip()
    return cell.median_s, ""


def evaluate_targets(cases: Sequence[Case], cold: dict[str, Any], quick: bool,
                     memory: bool, real: real_files.SuiteResult | None = None
                     ) -> list[Target]:
    """Each target as PASS, FAIL or SKIP (SKIP: the run was not set up to measure it);
    the targets issue 26 retired as INFO (their ratio, no verdict)."""
    targets: list[Target] = []

    for (label, kind), limit in FLOOR_FACTOR_INFO.items():
        name = f"1000 links: {label} ({kind}) vs {limit:g}x lxml floor (retired)"
        case, floor = _find_case(cases, label, kind), _find_case(cases, "lxml floor", kind)
        if 1000 not in case.cells:
            targets.append(Target(name, "INFO", "1000 not in --sizes"))
            continue
        t, why = _median_at(case, 1000)
        f, why_f = _median_at(floor, 1000)
        if t is None or f is None:
            targets.append(Target(name, "INFO", why or why_f))
            continue
        targets.append(Target(name, "INFO",
                              f"{t / f:.1f}x ({_fmt_ms(t)} ms vs {_fmt_ms(f)} ms)"))

    if real is None:
        targets += [Target(f"real {fmt.upper()} files: {label} <= {limit:g}x {peer}", "SKIP",
                           "--no-real-files") for fmt, label, peer, limit in real_files.TARGETS]
    else:
        targets += [Target(v.name, v.status, v.detail) for v in real_files.evaluate(real)]

    name = f"1000-link urdf_chain: urdf2sdf >= {LIBSDFORMAT_SPEEDUP_MIN:g}x faster than libsdformat"
    oracle, ours = _find_case(cases, "libsdformat", "urdf_chain"), _find_case(
        cases, "urdf2sdf", "urdf_chain")
    if not oracle.available:
        targets.append(Target(name, "SKIP", oracle.unavailable_reason))
    elif 1000 not in oracle.cells:
        targets.append(Target(name, "SKIP", "1000 not in --sizes"))
    else:
        t_lib, why_lib = _median_at(oracle, 1000)
        t, why = _median_at(ours, 1000)
        if t is None or t_lib is None:
            targets.append(Target(name, "FAIL", why or why_lib))
        else:
            speedup = t_lib / t
            targets.append(Target(name, "PASS" if speedup >= LIBSDFORMAT_SPEEDUP_MIN else "FAIL",
                                  f"{speedup:.1f}x ({_fmt_ms(t_lib)} ms vs {_fmt_ms(t)} ms)"))

    name = (f"time(100k) / time(1k) <= max({SCALING_MAX:g}, the lxml floor's own ratio on the "
            "same input) for every operation")
    api = [c for c in cases if c.group == "api"]
    if quick:
        targets.append(Target(name, "SKIP", "--quick"))
    elif any(n not in api[0].cells for n in (1000, 100_000)):
        targets.append(Target(name, "SKIP", "--sizes lacks 1000 or 100000"))
    else:
        floors = {c.kind: _scaling(c) for c in cases if c.group == "floor"}
        limits = {c.key: max(SCALING_MAX, floors.get(c.kind) or 0.0) for c in api}
        ratios = {c.key: _scaling(c) for c in api}
        measured = {k: r for k, r in ratios.items() if r is not None}
        missing = [k for k, r in ratios.items() if r is None]
        over = [f"{k} {r:.0f} > {limits[k]:.0f}" for k, r in measured.items()
                if r > limits[k]]
        worst = max(measured, key=lambda k: measured[k], default=None)
        detail = f"worst {worst} {measured[worst]:.1f}" if worst else "nothing measured"
        if over:
            detail += f"; over: {', '.join(over)}"
        if missing:
            detail += f"; not measured: {', '.join(missing)}"
        targets.append(Target(name, "FAIL" if over or missing else "PASS", detail))

    name = f"peak memory at 100k links <= {MEMORY_MAX_MB:g} MB (every operation)"
    if quick or not memory:
        targets.append(Target(name, "SKIP", "--quick" if quick else "--no-memory"))
    elif 100_000 not in api[0].cells:
        targets.append(Target(name, "SKIP", "100000 not in --sizes"))
    else:
        peaks = {c.key: c.cells[100_000].peak_rss_mb for c in api}
        missing = [k for k, p in peaks.items() if p is None]
        top = max(((p, k) for k, p in peaks.items() if p is not None), default=None)
        detail = f"max {top[0]:.0f} MB ({top[1]})" if top else "nothing measured"
        if missing:
            detail += f"; not measured: {', '.join(missing)}"
        ok = not missing and top is not None and top[0] <= MEMORY_MAX_MB
        targets.append(Target(name, "PASS" if ok else "FAIL", detail))

    name = (f"cold start: urdf2sdf {COLD_START_FILE.name} (whole process) <= "
            f"{COLD_START_MAX_RATIO:g}x python -c \"{COLD_START_BASELINE}\"")
    if cold["exit_status"] != 0:
        targets.append(Target(name, "FAIL", f"urdf2sdf exited {cold['exit_status']}"))
    else:
        ratio = cold["ratio_median"]
        targets.append(Target(name, "PASS" if ratio <= COLD_START_MAX_RATIO else "FAIL",
                              f"{ratio:.2f}x (median of {cold['runs']} interleaved pairs; "
                              f"{_fmt_ms(cold['median_s'])} ms vs "
                              f"{_fmt_ms(cold['baseline_median_s'])} ms)"))
    return targets


def _git(*args: str) -> str:
    try:
        return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True,
                              check=False).stdout.strip()
    except OSError:
        return ""


def machine_info() -> dict[str, Any]:
    """Where and when the figures were taken."""
    return {
        "date": datetime.datetime.now().astimezone().isoformat(timespec="seconds"),
        "nproc": os.cpu_count(),
        "python": platform.python_version(),
        "platform": platform.platform(),
        "lxml": ".".join(map(str, etree.LXML_VERSION)),
        "git_commit": _git("rev-parse", "--short", "HEAD"),
        "git_dirty": bool(_git("status", "--porcelain", "--", "src")),
        "loadavg_start": list(os.getloadavg()),
    }


# --------------------------------------------------------------------------- main


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Benchmark urdfsdf (see benchmarks/README.md).")
    parser.add_argument("--quick", action="store_true",
                        help="stop at 10k links, 3 repeats; skip the 100k targets")
    parser.add_argument("--full", action="store_true",
                        help=f"also {FULL_EXTRA_SIZE} links; libsdformat up to "
                             f"{FULL_EXTRA_SIZE} links, urchin up to 10k, "
                             "urdf_parser_py at every size")
    parser.add_argument("--sizes", default=",".join(map(str, DEFAULT_SIZES)),
                        help="comma-separated link counts (default %(default)s)")
    parser.add_argument("--repeats", type=int, default=None,
                        help="timed repeats per size (default 5, --quick 3; "
                             "at most 3 from 10k links)")
    parser.add_argument("--large-repeats", type=int, default=3,
                        help="repeats at 100k links and more (default %(default)s)")
    parser.add_argument("--budget", type=float, default=900.0,
                        help="seconds: skip a case whose linear extrapolation from the "
                             "previous size exceeds it, stop a sample (or memory run) "
                             "that runs longer (default %(default)s)")
    parser.add_argument("--no-memory", action="store_true",
                        help="do not measure peak memory (halves the time of a run)")
    parser.add_argument("--real-passes", type=int, default=None,
                        help="timed passes of the real-file suite (default "
                             f"{real_files.DEFAULT_PASSES}, --quick {real_files.QUICK_PASSES})")
    parser.add_argument("--no-real-files", action="store_true",
                        help="skip the real-file suite (its targets are SKIP)")
    parser.add_argument("--real-files-only", action="store_true",
                        help="skip the generated models: the real-file suite and the "
                             "cold start only")
    parser.add_argument("--cold-runs", type=int, default=10,
                        help="runs of the cold-start command (default %(default)s)")
    parser.add_argument("--json", metavar="OUT", help="write every figure to OUT as JSON")
    parser.add_argument("--memory-child", nargs=3, metavar=("LABEL", "KIND", "FILE"),
                        help=argparse.SUPPRESS)
    args = parser.parse_args(list(argv))
    if args.memory_child:
        return args
    try:
        sizes = sorted({int(s) for s in args.sizes.split(",") if s.strip()})
    except ValueError:
        parser.error(f"--sizes: not a list of integers: {args.sizes!r}")
    if args.full:
        sizes = sorted({*sizes, FULL_EXTRA_SIZE})
    if args.quick:
        sizes = [n for n in sizes if n <= QUICK_MAX_SIZE]
    if not sizes or sizes[0] < 1:
        parser.error("--sizes: need at least one size >= 1")
    if args.real_files_only:
        if args.no_real_files:
            parser.error("--real-files-only and --no-real-files exclude each other")
        sizes = []
    args.size_list = sizes
    if args.repeats is None:
        args.repeats = 3 if args.quick else 5
    if args.real_passes is None:
        args.real_passes = real_files.QUICK_PASSES if args.quick else real_files.DEFAULT_PASSES
    if min(args.repeats, args.large_repeats, args.cold_runs, args.real_passes) < 1:
        parser.error("--repeats, --large-repeats, --cold-runs and --real-passes must be >= 1")
    return args


def main(argv: Sequence[str]) -> int:
    """Run the benchmark; 0 when no target fails, 1 otherwise (2: usage)."""
    args = parse_args(argv)
    if args.memory_child:
        return memory_child(*args.memory_child)
    sizes: list[int] = args.size_list
    memory = not args.no_memory
    cases = build_cases(args.full)
    info = machine_info()
    _urdfsdf("api")  # fail early when urdfsdf cannot be imported

    _log("cold start ...")
    cold = measure_cold_start(args.cold_runs)
    imports = measure_import_time(5)

    # first, while the process is small (before the 100k-link models)
    real = None if args.no_real_files else real_files.measure(args.real_passes,
                                                               op_lxml_floor, _log)

    inputs: dict[str, dict[int, int]] = {kind: {} for kind in KINDS}
    rounds_by_size: dict[int, int] = {}
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="urdfsdf-bench-") as tmp:
        for n in sizes:
            files: dict[str, Path] = {}
            for kind in KINDS:
                path = Path(tmp) / f"{kind}_{n}.{'urdf' if kind.startswith('urdf') else 'sdf'}"
                path.write_text(generate(kind, n), encoding="utf-8")
                files[kind] = path
                inputs[kind][n] = path.stat().st_size
            rounds = repeats_for(n, args.repeats, args.large_repeats)
            rounds_by_size[n] = rounds
            _log(f"n={n}: {rounds} repeat(s)")
            measure_size(cases, n, files, rounds, 1 if n <= 1000 else 0, args.budget, memory)
            for path in files.values():
                path.unlink()
    elapsed = time.perf_counter() - started
    info["loadavg_end"] = list(os.getloadavg())

    print(f"urdfsdf benchmark  {info['date']}  nproc={info['nproc']}  "
          f"python {info['python']}  lxml {info['lxml']}  "
          f"commit {info['git_commit']}{' +dirty src' if info['git_dirty'] else ''}")
    print(("repeats: " + ", ".join(f"{n:,}: {r}" for n, r in rounds_by_size.items())
           + f"   measuring took {elapsed / 60:.1f} min   " if sizes else "")
          + f"load average start/end: {info['loadavg_start'][0]:.1f} / "
            f"{info['loadavg_end'][0]:.1f}")
    print()
    if sizes:
        print(report_tables(cases, sizes))
        print()
        print("- = over the case's size cap, n/a = peer not available, err = failed "
              "(see below), budget = skipped by --budget, t/o = a sample ran over --budget")
    else:
        print("Generated models: not run (--real-files-only)")
    print()
    if real is not None:
        print(real_files.report(real))
        print(f"(the real-file suite took {real.seconds:.0f} s; failed on = files of the "
              "format the reader raised on; each reader's failures: --json, or "
              "real_files.py --failures)")
        print()
    print(f"CLI cold start: {' '.join(cold['command'])}: median {cold['median_s']:.3f} s, "
          f"min {cold['min_s']:.3f} s over {cold['runs']} runs; python -c "
          f"\"{COLD_START_BASELINE}\": median {cold['baseline_median_s']:.3f} s")
    heavy = ", ".join(f"{k} {v:.0f}" for k, v in list(imports["by_package_ms"].items())[:6])
    print(f"import urdfsdf.api (-X importtime, median of 5): {imports['total_ms']:.0f} ms "
          f"in {imports['modules']} modules; urdfsdf itself {imports['urdfsdf_self_ms']:.0f} ms;"
          f" by package (ms): {heavy}")
    errors = [(c.key, n, cell.note) for c in cases for n, cell in c.cells.items()
              if cell.status in ("error", "timeout") or "memory run" in cell.note]
    for key, n, note in errors:
        print(f"error: {key} at {n} links: {note}")
    print()
    targets = evaluate_targets(cases, cold, args.quick, memory, real)
    print("Targets")
    for t in targets:
        if t.status != "INFO":
            print(f"  {t.status:4}  {t.name}: {t.detail}")
    print("Retired targets (issue 26), information only")
    for t in targets:
        if t.status == "INFO":
            print(f"        {t.name}: {t.detail}")

    if args.json:
        doc = {
            "machine": info,
            "args": {"sizes": sizes, "repeats": rounds_by_size, "quick": args.quick,
                     "full": args.full, "memory": memory, "budget_s": args.budget},
            "input_bytes": inputs,
            "cases": [{
                "operation": c.label, "input": c.kind, "group": c.group,
                "available": c.available, "unavailable_reason": c.unavailable_reason,
                "scaling_100k_1k": _scaling(c),
                "sizes": {str(n): {"status": cell.status, "note": cell.note,
                                   "median_ms": None if cell.median_s is None
                                   else cell.median_s * 1000,
                                   "samples_ms": [s * 1000 for s in cell.samples_s],
                                   "peak_rss_mb": cell.peak_rss_mb,
                                   "baseline_rss_mb": cell.baseline_rss_mb}
                          for n, cell in c.cells.items()},
            } for c in cases],
            "cold_start": cold,
            "import_time": imports,
            "targets": [t.__dict__ for t in targets],
            "real_files": None if real is None else real_files.to_json(real),
        }
        Path(args.json).write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
    return 1 if any(t.status == "FAIL" for t in targets) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
