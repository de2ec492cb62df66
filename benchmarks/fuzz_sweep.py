"""Offline fuzzing: the engine of ``tests/fuzzing.py`` on many cases, in parallel.

Each case is drawn from a seeded random generator (the same parameters the
hypothesis tests draw: a sample, up to six tree/structure mutations, maybe junk
bytes or a DOCTYPE, maybe a truncation, a form), then every entry point runs on
it within the time bound.  A case that crashes (any exception but
``TranslationError``) or goes over the bound is written to ``--keep DIR`` with
its parameters, to reproduce it.

Usage::

    python benchmarks/fuzz_sweep.py --cases 100000 [--jobs 2] [--seed 1] [--keep DIR]

Prints the counts, the slowest case (its time against a plain lxml parse of the
same bytes), and every failure.  Exit status 0 when nothing failed, 1 otherwise.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
import traceback
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

import fuzzing  # noqa: E402

_BIG = 2**31


def _params(rng: random.Random) -> dict[str, object]:
    # half the cases mutate the structure only (they mostly stay valid and reach the
    # writers); URDF samples are few, so they are drawn as often as SDF ones
    pool = fuzzing.STRUCTURE_OPS if rng.random() < 0.5 else fuzzing.OPS
    ops = [(rng.choice(pool), rng.randrange(_BIG), rng.randrange(_BIG),
            rng.randrange(_BIG)) for _ in range(rng.randrange(7))]
    n_urdf = len(list(fuzzing.SAMPLES.glob("*.urdf")))
    sample = (rng.randrange(n_urdf) if rng.random() < 0.5
              else rng.randrange(n_urdf, len(fuzzing.TEXTS)))
    return {
        "sample": sample,
        "ops": ops,
        "truncate": rng.randrange(_BIG) if rng.random() < 0.2 else None,
        "junk": (rng.randrange(_BIG), rng.randrange(_BIG)) if rng.random() < 1 / 6 else None,
        "form": rng.randrange(8),
    }


def _chunk(seed: int, first: int, count: int) -> dict[str, object]:
    """Run cases ``first .. first + count - 1`` of ``seed``; their tally."""
    failures: list[dict[str, object]] = []
    slowest: dict[str, object] = {"seconds": 0.0}
    done = 0
    for n in range(first, first + count):
        params = _params(random.Random(f"{seed}:{n}"))
        try:
            data = fuzzing.mutate(params["sample"], params["ops"],  # type: ignore[arg-type]
                                  params["truncate"], params["junk"],  # type: ignore[arg-type]
                                  params["form"])  # type: ignore[arg-type]
        except ValueError:  # a mutation lxml refuses to build: not a case
            continue
        done += 1
        try:
            seconds = fuzzing.run_all(data)
        except Exception as exc:  # a crash, or over the time bound
            failures.append({"case": n, "params": params, "error": f"{type(exc).__name__}: "
                             f"{exc}", "where": traceback.format_exc(limit=-3)})
            continue
        if seconds > float(slowest["seconds"]):  # type: ignore[arg-type]
            slowest = {"case": n, "seconds": seconds, "parse": fuzzing.parse_time(data),
                       "bytes": len(data)}
    return {"cases": done, "failures": failures, "slowest": slowest}


def main(argv: list[str] | None = None) -> int:
    """Run the sweep; 0 when no case failed."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", type=int, default=10_000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", type=Path, default=None,
                        help="write each failing case (and its parameters) here")
    args = parser.parse_args(argv)
    start = time.monotonic()
    step = 500
    chunks = [(args.seed, first, min(step, args.cases - first))
              for first in range(0, args.cases, step)]
    total = 0
    failures: list[dict[str, object]] = []
    slowest: dict[str, object] = {"seconds": 0.0}
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for tally in pool.map(_chunk, *zip(*chunks, strict=True)):
            total += int(tally["cases"])  # type: ignore[call-overload]
            failures += tally["failures"]  # type: ignore[arg-type]
            top = tally["slowest"]
            if float(top["seconds"]) > float(slowest["seconds"]):  # type: ignore[index]
                slowest = top  # type: ignore[assignment]
    elapsed = time.monotonic() - start
    print(f"fuzz sweep: {total} cases (seed {args.seed}) in {elapsed:.0f} s; "
          f"{len(failures)} failed")
    if "case" in slowest:
        ratio = float(slowest["seconds"]) / max(float(slowest["parse"]), 1e-9)  # type: ignore[arg-type]
        print(f"slowest: case {slowest['case']}, {float(slowest['seconds']) * 1e3:.1f} ms "  # type: ignore[arg-type]
              f"for {slowest['bytes']} bytes, {ratio:.0f}x a plain lxml parse "
              f"({float(slowest['parse']) * 1e3:.2f} ms)")  # type: ignore[arg-type]
    for f in failures:
        print(f"FAILED case {f['case']}: {f['error']}\n{f['where']}")
    if args.keep is not None and failures:
        args.keep.mkdir(parents=True, exist_ok=True)
        for f in failures:
            params = f["params"]
            data = fuzzing.mutate(params["sample"], params["ops"], params["truncate"],  # type: ignore[index]
                                  params["junk"], params["form"])  # type: ignore[index]
            raw = data.encode("utf-8", "surrogateescape") if isinstance(data, str) else data
            (args.keep / f"case{f['case']}.xml").write_bytes(raw)
            (args.keep / f"case{f['case']}.json").write_text(json.dumps(f, indent=1))
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
