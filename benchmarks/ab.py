"""Interleaved A/B timing of two urdfsdf source trees (is a change slower?).

``python benchmarks/ab.py OLD_SRC NEW_SRC [--links 1000] [--rounds 5] [--only OP]
[--max-slowdown PCT]``

Each round runs both trees in fresh processes, in alternating order, on the same
generated inputs (``gen_models.py``, the kinds ``run.py --quick`` uses); each process
times every operation 5 times and reports the median; the report is the median over
rounds and the change in percent.  Interleaving cancels most of a shared machine's
drift, which moves two sequential ``run.py`` runs by more than 5%.  An ``OLD_SRC``
from before the package layout (``urdfsdf/check.py``) works too.

``--max-slowdown 10`` makes it a check (issue 26: the generated models, the 1000-link
chain among them, no more than 10% slower than a reference commit): exit status 1 when
any operation's change is over +10%, with the operations over it named.

``--instructions`` counts instead of timing: each operation of each tree runs in a
process under valgrind's callgrind once and twice after a warm-up call, and the
difference is the instructions of one call.  A shared or busy machine moves timings by
more than 10% (issue 26's budget); instruction counts do not move.  They do not see
memory stalls, so a change that allocates differently is still to be timed.
"""

from __future__ import annotations

import argparse
import compileall
import concurrent.futures
import gc
import importlib
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

KINDS = ("urdf_chain", "urdf_tree", "sdf_parity", "sdf_absolute", "sdf_relative_chain",
         "sdf_frames", "sdf_nested")


def _module(*names: str) -> Any:
    for name in names:
        try:
            return importlib.import_module(name)
        except ImportError:
            continue
    raise ImportError(names[0])


def operations(src: str) -> list[tuple[str, str, Callable[[bytes], object]]]:
    """The operations timed, of the tree at ``src``: (name, input kind, function)."""
    sys.path.insert(0, src)
    api = _module("urdfsdf.api")
    check = _module("urdfsdf.commands.check", "urdfsdf.check")
    poses = _module("urdfsdf.commands.poses", "urdfsdf.poses")
    if not str(api.__file__).startswith(src):
        raise SystemExit(f"urdfsdf came from {api.__file__}, not {src}")
    ops: list[tuple[str, str, Callable[[bytes], object]]] = [
        ("urdf2sdf", "urdf_chain", api.urdf_to_sdf_result),
        ("urdf2sdf", "urdf_tree", api.urdf_to_sdf_result),
        ("sdf2urdf copy", "sdf_parity", api.sdf_to_urdf_result),
        ("sdf2urdf transform", "sdf_absolute", api.sdf_to_urdf_result)]
    for kind in KINDS[3:]:
        ops += [("check", kind, check.check_source), ("poses", kind, poses.poses_source)]
    return ops


def child(src: str, folder: str, only: str | None) -> dict[str, float]:
    """Time every operation of the tree at ``src`` on the inputs in ``folder``."""
    out: dict[str, float] = {}
    for name, kind, fn in operations(src):
        if only and only not in f"{name} {kind}":
            continue
        data = (Path(folder) / f"{kind}.bin").read_bytes()
        fn(data)
        times = []
        for _ in range(5):
            gc.collect()
            t0 = time.perf_counter()
            fn(data)
            times.append(time.perf_counter() - t0)
        out[f"{name} {kind}"] = statistics.median(times)
    return out


def count_child(src: str, folder: str, op: str, calls: int) -> None:
    """Run operation ``op`` of the tree at ``src`` once, then ``calls`` times (counted)."""
    for name, kind, fn in operations(src):
        if f"{name} {kind}" == op:
            data = (Path(folder) / f"{kind}.bin").read_bytes()
            for _ in range(1 + calls):
                fn(data)
            return
    raise SystemExit(f"no operation {op!r}")


_COLLECTED = re.compile(r"Collected : (\d+)")


def _instructions(src: str, folder: str, op: str, calls: int) -> int:
    """Instructions of a process running ``op`` after a warm-up call, ``calls`` times."""
    cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
           sys.executable, __file__, "x", "y", "--count-child", src, folder, op, str(calls)]
    # one hash seed for every process: the count of two calls less that of one is then
    # one call's, not a difference of two layouts of the same sets and dicts
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False, env=env)
    found = _COLLECTED.search(proc.stderr)
    if proc.returncode or found is None:
        raise SystemExit(f"{' '.join(cmd)} failed:\n{proc.stderr[-2000:]}")
    return int(found.group(1))


def count(trees: dict[str, str], folder: str, only: str | None) -> dict[str, dict[str, int]]:
    """Instructions of one call of each operation, per side (two processes at a time)."""
    ops = [f"{name} {kind}" for name, kind, _ in operations(trees["before"])]
    ops = [op for op in ops if not only or only in op]
    for src in trees.values():
        # bytecode written before the counts: else the first process of a tree compiles
        # what the others load (and a one-call process may pay for it, not a two-call one)
        compileall.compile_dir(src, quiet=1)
    jobs = [(side, op, calls) for side in trees for op in ops for calls in (1, 2)]
    workers = max(1, min(len(jobs), os.cpu_count() or 1))
    with concurrent.futures.ThreadPoolExecutor(workers) as pool:
        counted = list(pool.map(lambda job: _instructions(trees[job[0]], folder, job[1],
                                                          job[2]), jobs))
    per: dict[tuple[str, str, int], int] = {job: n for job, n in zip(jobs, counted,
                                                                    strict=True)}
    return {side: {op: per[side, op, 2] - per[side, op, 1] for op in ops} for side in trees}


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("--links", type=int, default=1000)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--only", help="operations whose 'OP KIND' contains this text")
    ap.add_argument("--max-slowdown", type=float, metavar="PCT",
                    help="exit 1 when an operation is more than PCT%% slower than OLD_SRC")
    ap.add_argument("--instructions", action="store_true",
                    help="count instructions under valgrind (callgrind) instead of timing")
    ap.add_argument("--child", nargs=2, metavar=("SRC", "FOLDER"), help=argparse.SUPPRESS)
    ap.add_argument("--count-child", nargs=4, metavar=("SRC", "FOLDER", "OP", "CALLS"),
                    help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        print(json.dumps(child(args.child[0], args.child[1], args.only)))
        return 0
    if args.count_child:
        src, folder, op, calls = args.count_child
        count_child(src, folder, op, int(calls))
        return 0
    if args.instructions and shutil.which("valgrind") is None:
        ap.error("--instructions needs valgrind (apt-get install valgrind)")
    sys.path.insert(0, str(Path(__file__).parent))
    from gen_models import generate

    with tempfile.TemporaryDirectory() as folder:
        for kind in KINDS:
            (Path(folder) / f"{kind}.bin").write_bytes(generate(kind, args.links).encode())
        trees = {"before": str(Path(args.old).resolve()), "after": str(Path(args.new).resolve())}
        if args.instructions:
            counts = count(trees, folder, args.only)
            pairs = {op: (float(b), float(counts["after"][op]))
                     for op, b in counts["before"].items()}
            return _report(f"{args.links} links, instructions of one call (callgrind), "
                           "millions", pairs, 1e-6, "more instructions", args.max_slowdown)
        results: dict[str, list[dict[str, float]]] = {"before": [], "after": []}
        for r in range(args.rounds):
            for side in (("before", "after") if r % 2 == 0 else ("after", "before")):
                cmd = [sys.executable, __file__, "x", "y", "--child", trees[side], folder]
                if args.only:
                    cmd += ["--only", args.only]
                proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
                if proc.returncode:
                    print(proc.stderr, file=sys.stderr)
                    return 1
                results[side].append(json.loads(proc.stdout))
    medians = {op: (statistics.median(x[op] for x in results["before"]),
                    statistics.median(x[op] for x in results["after"]))
               for op in results["before"][0]}
    return _report(f"{args.links} links, {args.rounds} interleaved rounds (median of the "
                   "per-round medians of 5), ms", medians, 1000, "slower", args.max_slowdown)


def _report(title: str, pairs: dict[str, tuple[float, float]], scale: float, worse: str,
            max_slowdown: float | None) -> int:
    """Print each operation's figure before and after (times ``scale``) and its change;
    with ``max_slowdown``, the verdict.  1 when an operation is over it, else 0."""
    print(title)
    over: list[str] = []
    for op, (b, a) in pairs.items():
        change = 100 * (a / b - 1)
        print(f"{op:40s} before {b * scale:8.1f}  after {a * scale:8.1f}  "
              f"change {change:+6.1f}%")
        if max_slowdown is not None and change > max_slowdown:
            over.append(f"{op} {change:+.1f}%")
    if max_slowdown is not None:
        verdict = "FAIL" if over else "PASS"
        print(f"{verdict}  no operation more than {max_slowdown:g}% {worse} than OLD_SRC"
              + (f": over: {', '.join(over)}" if over else ""))
    return 1 if over else 0


if __name__ == "__main__":
    raise SystemExit(main())
