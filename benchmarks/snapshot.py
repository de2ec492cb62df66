"""Snapshot every output of every input, to show that a change alters no output.

A refactoring must leave each conversion byte-identical.  This takes every robot file
the project has at hand (``../shared/corpus``, ``../shared/sdformat_tests``,
``samples/``, ``tests/data``, ``tests/corpus_extra``) and records, per input, a digest
of each output and its diagnostics (code, severity, line, message):

- a URDF: ``urdf2sdf``, ``urdf2sdf --lump-fixed-joints``, ``sdf2urdf`` of that SDF,
  and ``poses``;
- an SDF: ``sdf2urdf`` of each model, ``urdf2sdf`` of each URDF made, and ``poses``.

Usage::

    python benchmarks/snapshot.py write before.json       # before the change
    python benchmarks/snapshot.py compare before.json     # after: every difference

``compare`` exits 1 on any difference (listing the outputs that differ).  Files are
spread over the cores (``-j``).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
URDF_SUFFIXES = (".urdf",)
SDF_SUFFIXES = (".sdf", ".world")


def sources(shared: Path) -> tuple[Path, ...]:
    """The folders of inputs: ``shared``'s corpora, and this checkout's own files."""
    return (shared / "corpus", shared / "sdformat_tests", ROOT / "samples",
            ROOT / "tests" / "data", ROOT / "tests" / "corpus_extra")


def inputs(roots: Iterable[Path]) -> list[tuple[str, Path]]:
    """Every URDF and SDF file below ``roots``: (its name in the snapshot, its path)."""
    found = [(f"{root.name}/{p.relative_to(root)}", p) for root in roots if root.is_dir()
             for p in root.rglob("*")
             if p.is_file() and p.suffix in URDF_SUFFIXES + SDF_SUFFIXES]
    return sorted(found)


def _digest(text: str | None, diagnostics: Sequence[object]) -> str:
    """A digest of an output and its diagnostics, the same wherever the checkout is."""
    lines = [repr(text)]
    for d in diagnostics:
        file = Path(str(getattr(d, "file", "") or "")).name
        lines.append(f"{d.code} {d.severity} {file}:{d.line} {d.message}")  # type: ignore[attr-defined]
    found = "\n".join(lines)
    found = found.replace(str(ROOT) + "/", "<checkout>/")
    return hashlib.sha256(found.encode()).hexdigest()[:16]


def _poses(path: Path) -> str:
    from urdfsdf.commands.poses import poses_source

    report, diags = poses_source(str(path))
    return _digest(json.dumps(report, sort_keys=True), diags)


def _urdf_outputs(path: Path) -> Iterator[tuple[str, str]]:
    from urdfsdf.api import sdf_to_urdf_result, urdf_to_sdf_result

    sdf = urdf_to_sdf_result(str(path))
    yield "urdf2sdf", _digest(sdf.text, sdf.diagnostics)
    lumped = urdf_to_sdf_result(str(path), lump_fixed_joints=True)
    yield "urdf2sdf --lump-fixed-joints", _digest(lumped.text, lumped.diagnostics)
    if sdf.text is not None:
        back = sdf_to_urdf_result(sdf.text)
        yield "sdf2urdf of urdf2sdf", _digest(back.text, back.diagnostics)
    yield "poses", _poses(path)


def _sdf_outputs(path: Path) -> Iterator[tuple[str, str]]:
    from urdfsdf.api import load_sdf, sdf_to_urdf_result, urdf_to_sdf_result
    from urdfsdf.compare.kinematics import sdf_model_names

    doc, diags = load_sdf(str(path))
    names: list[str | None] = list(dict.fromkeys(sdf_model_names(doc))) \
        if doc is not None and not diags.has_errors() else []
    for name in names or [None]:
        urdf = sdf_to_urdf_result(str(path), name)
        yield f"sdf2urdf --model {name}", _digest(urdf.text, urdf.diagnostics)
        if urdf.text is not None:
            again = urdf_to_sdf_result(urdf.text)
            yield f"urdf2sdf of sdf2urdf --model {name}", _digest(again.text,
                                                                 again.diagnostics)
    yield "poses", _poses(path)


def outputs(item: tuple[str, Path]) -> dict[str, str]:
    """``{"NAME | operation": digest}`` of one input (a crash: its message)."""
    key, path = item
    found: dict[str, str] = {}
    steps = _urdf_outputs(path) if path.suffix in URDF_SUFFIXES else _sdf_outputs(path)
    try:
        for op, digest in steps:
            found[f"{key} | {op}"] = digest
    except Exception as exc:  # recorded: a crash must stay the same crash
        found[f"{key} | crash"] = f"{type(exc).__name__}: {exc}"
    return found


def snapshot(paths: Sequence[tuple[str, Path]], jobs: int) -> dict[str, str]:
    """Every output of ``paths``, over ``jobs`` processes."""
    result: dict[str, str] = {}
    with ProcessPoolExecutor(jobs) as pool:
        for found in pool.map(outputs, paths, chunksize=4):
            result.update(found)
    return result


def main(argv: Sequence[str] | None = None) -> int:
    """``write FILE`` or ``compare FILE``; returns the exit status."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("action", choices=("write", "compare"))
    p.add_argument("file", type=Path)
    p.add_argument("-j", "--jobs", type=int, default=2)
    p.add_argument("--shared", type=Path, default=ROOT.parent / "shared",
                   help="the shared folder (corpus, sdformat_tests); default: ../shared")
    args = p.parse_args(argv)
    paths = inputs(sources(args.shared))
    current = snapshot(paths, args.jobs)
    if args.action == "write":
        args.file.write_text(json.dumps(current, indent=0, sort_keys=True))
        print(f"{len(paths)} inputs, {len(current)} outputs -> {args.file}")
        return 0
    before = json.loads(args.file.read_text())
    differ = sorted(k for k in before.keys() | current.keys()
                    if before.get(k) != current.get(k))
    for key in differ:
        print(f"differs: {key}: {before.get(key)} -> {current.get(key)}")
    print(f"{len(paths)} inputs, {len(current)} outputs: {len(differ)} differ")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
