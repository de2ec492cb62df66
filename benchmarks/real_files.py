"""Real files against peers: urdfsdf and other Python URDF/SDFormat readers on the corpus.

The files are every URDF and SDF file listed in ``../shared/corpus/manifest.tsv`` and
``../shared/sdformat_tests/manifest.tsv`` (column ``format``; ``URDFSDF_SHARED`` moves
``../shared``).  The readers, each given the file's bytes in memory:

* URDF: the lxml floor (``run.op_lxml_floor``: parse + iterate + serialise),
  ``urdfsdf.read_urdf``, ``urdfsdf.urdf_to_sdf``, yourdfpy (``URDF.load`` of a file
  object, no scene graphs, no meshes), urdf_parser_py (``URDF.from_xml_string``; PyPI
  ``urdfdom-py``) and urchin (``URDF.load`` of a file object, ``lazy_load_meshes``);
* SDF: the lxml floor, ``urdfsdf.read_sdf_document``, ``urdfsdf.sdf_to_urdf`` of the
  document's first model, and python-sdformat (``pysdf.SDF.from_xml``);
* carried (issue 37): vendor URDFs rich in ``<gazebo>`` blocks and transmissions, from
  two pinned PyPI wheels (``vendor_files.py``: fetched only when asked): the lxml
  floor, ``urdfsdf.urdf_to_sdf`` and yourdfpy.

How: one process.  A first, untimed pass runs every reader on every file and records
which fail (raise); the *common set* of a format is the files that every available
reader of that format reads without error.  Then ``passes`` interleaved passes each run
every reader over the whole common set (the reader order rotates from pass to pass;
``gc.collect()`` before each reader's sweep, outside the timing); a reader's figure is
its best pass.  Ratios are to the lxml floor and to the peer a target names, all over
the same files.  Peers' logging, warnings and prints are silenced while they run.

Run alone: ``python benchmarks/real_files.py [--quick] [--passes 7] [--json OUT]``;
``run.py`` runs it as one of its sections and checks its targets.
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import gc
import importlib
import io
import json
import logging
import os
import sys
import time
import warnings
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SHARED = Path(os.environ.get("URDFSDF_SHARED", ROOT.parent / "shared"))
#: (folder, manifest) pairs; the manifest's paths are relative to its folder
SOURCES = (SHARED / "corpus", SHARED / "sdformat_tests")
#: "carried": the vendor URDFs rich in carried data (``vendor_files.py``), read as URDF
FORMATS = ("urdf", "sdf", "carried")
FLOOR = "lxml floor"

#: issue 26: (format, operation, peer, limit): the operation's time over the common
#: files of its format <= limit x the peer's
TARGETS = (
    ("urdf", "urdfsdf read_urdf", "yourdfpy", 1.0),
    ("urdf", "urdfsdf urdf_to_sdf", "yourdfpy", 1.5),
    ("sdf", "urdfsdf read_sdf_document", "python-sdformat", 1.0),
    ("sdf", "urdfsdf sdf_to_urdf", "python-sdformat", 2.5),
    # issue 37: on vendor files full of <gazebo> blocks and transmissions too
    ("carried", "urdfsdf urdf_to_sdf", "yourdfpy", 1.5),
)
#: the peer each format's ratio column is taken against
REFERENCE_PEER = {"urdf": "yourdfpy", "sdf": "python-sdformat", "carried": "yourdfpy"}
DEFAULT_PASSES = 7
QUICK_PASSES = 3


@dataclass
class Input:
    """One file of the set, read into memory."""

    rel: str  # "corpus/..." or "sdformat_tests/..."
    path: Path
    fmt: str
    data: bytes
    model: str | None = None  # SDF: the first model's name (None: urdfsdf found none)


Reader = Callable[[Input], object]


@dataclass
class ReaderRun:
    """A reader of one format and what it did."""

    label: str
    fmt: str
    fn: Reader | None  # None: not importable
    unavailable: str = ""
    failures: dict[str, str] = field(default_factory=dict)  # rel -> first line of the error
    passes_s: list[float] = field(default_factory=list)

    @property
    def best_s(self) -> float | None:
        return min(self.passes_s) if self.passes_s else None


# --------------------------------------------------------------------------- readers


def _urdfsdf() -> Any:
    try:
        return importlib.import_module("urdfsdf")
    except ImportError:
        sys.path.insert(0, str(ROOT / "src"))
        return importlib.import_module("urdfsdf")


def _quiet_urdf_parser_py() -> None:
    core = importlib.import_module("urdf_parser_py.xml_reflection.core")
    # it prints a line per attribute or tag it does not know
    setattr(core, "on_error", lambda message: None)  # noqa: B010


def _file_object(item: Input) -> io.BytesIO:
    handle = io.BytesIO(item.data)
    handle.name = str(item.path)  # type: ignore[attr-defined]  # urchin takes dirname(name)
    return handle


def build_readers(floor: Callable[[bytes, Path], float]) -> list[ReaderRun]:
    """Every reader of both formats, floor first; peers that cannot be imported as n/a."""
    api = _urdfsdf()

    def peer(label: str, fmt: str, make: Callable[[], Reader]) -> ReaderRun:
        try:
            return ReaderRun(label, fmt, make())
        except ImportError as exc:
            return ReaderRun(label, fmt, None, f"not importable: {exc}")

    def yourdfpy() -> Reader:
        urdf = importlib.import_module("yourdfpy").URDF
        return lambda item: urdf.load(_file_object(item), build_scene_graph=False,
                                      build_collision_scene_graph=False, load_meshes=False,
                                      load_collision_meshes=False)

    def urdf_parser_py() -> Reader:
        urdf = importlib.import_module("urdf_parser_py.urdf").URDF
        _quiet_urdf_parser_py()
        return lambda item: urdf.from_xml_string(item.data)

    def urchin() -> Reader:
        urdf = importlib.import_module("urchin").URDF
        return lambda item: urdf.load(_file_object(item), lazy_load_meshes=True)

    def pysdf() -> Reader:
        sdf = importlib.import_module("pysdf").SDF
        return lambda item: sdf.from_xml(item.data)

    def floor_op(item: Input) -> None:
        floor(item.data, item.path)

    def sdf_to_urdf(item: Input) -> str:
        return str(api.sdf_to_urdf(item.data, model=item.model))

    return [
        ReaderRun(FLOOR, "urdf", floor_op),
        ReaderRun("urdfsdf read_urdf", "urdf", lambda item: api.read_urdf(item.data)),
        ReaderRun("urdfsdf urdf_to_sdf", "urdf", lambda item: api.urdf_to_sdf(item.data)),
        peer("yourdfpy", "urdf", yourdfpy),
        peer("urdf_parser_py", "urdf", urdf_parser_py),
        peer("urchin", "urdf", urchin),
        ReaderRun(FLOOR, "sdf", floor_op),
        ReaderRun("urdfsdf read_sdf_document", "sdf",
                  lambda item: api.read_sdf_document(item.data)),
        ReaderRun("urdfsdf sdf_to_urdf", "sdf", sdf_to_urdf),
        peer("python-sdformat", "sdf", pysdf),
        ReaderRun(FLOOR, "carried", floor_op),
        ReaderRun("urdfsdf urdf_to_sdf", "carried", lambda item: api.urdf_to_sdf(item.data)),
        peer("yourdfpy", "carried", yourdfpy),
    ]


@contextlib.contextmanager
def quiet() -> Iterator[None]:
    """Silence the readers' logging, warnings and prints (stdout and stderr)."""
    sink = io.StringIO()
    logging.disable(logging.CRITICAL)
    try:
        with warnings.catch_warnings(), contextlib.redirect_stdout(sink), \
                contextlib.redirect_stderr(sink):
            warnings.simplefilter("ignore")
            yield
    finally:
        logging.disable(logging.NOTSET)


# --------------------------------------------------------------------------- files


def load_inputs() -> list[Input]:
    """Every URDF and SDF file of the manifests, in manifest order (missing: skipped),
    then the vendor set's URDFs (``carried``: none unless fetched, ``vendor_files.py``)."""
    api = _urdfsdf()
    items: list[Input] = []
    for folder in SOURCES:
        manifest = folder / "manifest.tsv"
        if not manifest.is_file():
            continue
        with manifest.open(encoding="utf-8", newline="") as fh:
            for row in csv.DictReader(fh, delimiter="\t"):
                fmt, path = row.get("format", ""), folder / row["path"]
                if fmt in FORMATS and path.is_file():
                    items.append(Input(f"{folder.name}/{row['path']}", path, fmt,
                                       path.read_bytes()))
    vendor = importlib.import_module("vendor_files")
    for path in vendor.files():
        items.append(Input(f"vendor/{path.relative_to(vendor.DEFAULT_DIR)}", path, "carried",
                           path.read_bytes()))
    for item in items:  # the model sdf_to_urdf converts: the first, in select_model's order
        if item.fmt == "sdf":
            with contextlib.suppress(Exception), quiet():
                doc = api.read_sdf_document(item.data)
                models = list(doc.models) + [m for w in doc.worlds for m in w.models]
                item.model = models[0].name if models else None
    return items


def _error_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0][:160] if text else ''}"


# --------------------------------------------------------------------------- measuring


@dataclass
class SuiteResult:
    """What one run of the suite measured."""

    readers: list[ReaderRun]
    files: dict[str, int]  # format -> files of that format
    common: dict[str, list[str]]  # format -> rel paths every available reader read
    common_bytes: dict[str, int]
    passes: int
    seconds: float = 0.0


def measure(passes: int, floor: Callable[[bytes, Path], float] | None = None,
            log: Callable[[str], None] | None = None) -> SuiteResult:
    """The failure pass, the common sets, then ``passes`` interleaved timed passes."""
    if floor is None:
        sys.path.insert(0, str(HERE))
        floor = importlib.import_module("run").op_lxml_floor
    say = log or (lambda message: print(message, file=sys.stderr, flush=True))
    started = time.perf_counter()
    readers = build_readers(floor)
    items = load_inputs()
    by_fmt = {fmt: [i for i in items if i.fmt == fmt] for fmt in FORMATS}
    say(f"real files: {len(by_fmt['urdf'])} URDF, {len(by_fmt['sdf'])} SDF, "
        f"{len(by_fmt['carried'])} vendor URDF; finding what each reader reads")
    for reader in readers:
        if reader.fn is None:
            continue
        for item in by_fmt[reader.fmt]:
            try:
                with quiet():
                    reader.fn(item)
            except Exception as exc:  # a failure is a result here
                reader.failures[item.rel] = _error_line(exc)
    common = {fmt: [i.rel for i in by_fmt[fmt]
                    if not any(i.rel in r.failures for r in readers
                               if r.fmt == fmt and r.fn is not None)]
              for fmt in FORMATS}
    sets = {fmt: [i for i in by_fmt[fmt] if i.rel in set(common[fmt])] for fmt in FORMATS}
    active = [r for r in readers if r.fn is not None]
    for p in range(passes):
        t_pass = time.perf_counter()
        shift = p % len(active)
        for reader in active[shift:] + active[:shift]:
            fn, files = reader.fn, sets[reader.fmt]
            assert fn is not None
            gc.collect()
            with quiet():
                t0 = time.perf_counter()
                for item in files:
                    fn(item)
                reader.passes_s.append(time.perf_counter() - t0)
        say(f"real files: pass {p + 1}/{passes}: {time.perf_counter() - t_pass:.1f} s")
    return SuiteResult(readers, {fmt: len(v) for fmt, v in by_fmt.items()}, common,
                       {fmt: sum(len(i.data) for i in sets[fmt]) for fmt in FORMATS},
                       passes, time.perf_counter() - started)


# --------------------------------------------------------------------------- report


def _find(result: SuiteResult, fmt: str, label: str) -> ReaderRun | None:
    return next((r for r in result.readers if r.fmt == fmt and r.label == label), None)


def _ms(seconds: float | None) -> str:
    return "-" if seconds is None else f"{seconds * 1000:.1f}"


def _ratio(a: float | None, b: float | None) -> str:
    return f"{a / b:.2f}" if a is not None and b else "-"


def report(result: SuiteResult) -> str:
    """One table per format, then each reader's failures (counts)."""
    out: list[str] = []
    for fmt in FORMATS:
        if not result.files[fmt]:
            out += [f"Real files, {fmt.upper()}: none (vendor_files.py fetch)", ""]
            continue
        floor = _find(result, fmt, FLOOR)
        ref_label = REFERENCE_PEER[fmt]
        ref = _find(result, fmt, ref_label)
        n_common = len(result.common[fmt])
        out.append(f"Real files, {fmt.upper()}: {n_common} of {result.files[fmt]} files "
                   f"read by every reader ({result.common_bytes[fmt] / 1e6:.2f} MB); "
                   f"best of {result.passes} interleaved passes")
        rows = [["reader", "ms", "x floor", f"x {ref_label}", "worst/best", "failed on"]]
        for r in result.readers:
            if r.fmt != fmt:
                continue
            if r.fn is None:
                rows.append([r.label, "n/a", "-", "-", "-", "-"])
                continue
            t = r.best_s
            rows.append([r.label, _ms(t), _ratio(t, floor.best_s if floor else None),
                         _ratio(t, ref.best_s if ref else None),
                         _ratio(max(r.passes_s, default=None), t), str(len(r.failures))])
        widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
        for k, row in enumerate(rows):
            out.append("  ".join(v.ljust(w) if i == 0 else v.rjust(w)
                                 for i, (v, w) in enumerate(zip(row, widths, strict=True))))
            if k == 0:
                out.append("  ".join("-" * w for w in widths))
        missing = [r.label for r in result.readers if r.fmt == fmt and r.fn is None]
        if missing:
            out.append(f"n/a (not in the common set's definition): {', '.join(missing)}")
        out.append("")
    return "\n".join(out).rstrip()


@dataclass
class TargetVerdict:
    """One issue-26 target: PASS, FAIL or SKIP."""

    name: str
    status: str
    detail: str


def evaluate(result: SuiteResult) -> list[TargetVerdict]:
    """The issue-26 targets over the common files."""
    verdicts: list[TargetVerdict] = []
    for fmt, label, peer_label, limit in TARGETS:
        name = f"real {fmt.upper()} files: {label} <= {limit:g}x {peer_label}"
        ours, peer = _find(result, fmt, label), _find(result, fmt, peer_label)
        if peer is None or peer.fn is None:
            verdicts.append(TargetVerdict(name, "SKIP", peer.unavailable if peer else "no peer"))
            continue
        if ours is None or ours.best_s is None or peer.best_s is None:
            verdicts.append(TargetVerdict(name, "FAIL", "not measured"))
            continue
        if not result.files[fmt]:
            verdicts.append(TargetVerdict(name, "SKIP", "no file: the vendor set is fetched by "
                                          "python benchmarks/vendor_files.py fetch"))
            continue
        if not result.common[fmt]:
            verdicts.append(TargetVerdict(name, "FAIL", "no file read by every reader"))
            continue
        ratio = ours.best_s / peer.best_s
        verdicts.append(TargetVerdict(
            name, "PASS" if ratio <= limit else "FAIL",
            f"{ratio:.2f}x ({_ms(ours.best_s)} ms vs {_ms(peer.best_s)} ms over "
            f"{len(result.common[fmt])} files)"))
    return verdicts


def to_json(result: SuiteResult) -> dict[str, Any]:
    """Every figure of the run, with each failure's file and message."""
    return {
        "passes": result.passes,
        "seconds": result.seconds,
        "files": result.files,
        "common_files": result.common,
        "common_bytes": result.common_bytes,
        "readers": [{
            "reader": r.label, "format": r.fmt, "available": r.fn is not None,
            "unavailable_reason": r.unavailable,
            "passes_ms": [s * 1000 for s in r.passes_s],
            "best_ms": None if r.best_s is None else r.best_s * 1000,
            "failures": r.failures,
        } for r in result.readers],
        "targets": [v.__dict__ for v in evaluate(result)],
    }


def main(argv: Sequence[str]) -> int:
    """Run the suite alone; 0 when no target fails."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--quick", action="store_true", help=f"{QUICK_PASSES} passes")
    ap.add_argument("--passes", type=int, default=None,
                    help=f"timed passes (default {DEFAULT_PASSES}, --quick {QUICK_PASSES})")
    ap.add_argument("--failures", action="store_true",
                    help="list each reader's failed files with the error")
    ap.add_argument("--json", metavar="OUT", help="write every figure to OUT as JSON")
    args = ap.parse_args(list(argv))
    passes = args.passes or (QUICK_PASSES if args.quick else DEFAULT_PASSES)
    result = measure(max(1, passes))
    print(report(result))
    if args.failures:
        for r in result.readers:
            for rel, message in r.failures.items():
                print(f"failed: {r.fmt} {r.label}: {rel}: {message}")
    print()
    verdicts = evaluate(result)
    for v in verdicts:
        print(f"  {v.status:4}  {v.name}: {v.detail}")
    if args.json:
        Path(args.json).write_text(json.dumps(to_json(result), indent=1) + "\n",
                                   encoding="utf-8")
    return 1 if any(v.status == "FAIL" for v in verdicts) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
