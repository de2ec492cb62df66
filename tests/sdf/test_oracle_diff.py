"""Differential test: ``urdfsdf poses`` agrees with libsdformat 12 within 1e-9.

Runs on every valid spec sample, every bundled SDF sample, and every
../shared/corpus SDF that the oracle loads without errors.  Needs $SDF_ORACLE
(built by .ci/run); skips without it.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from urdfsdf.commands.cli import main

from conftest import CORPUS, SAMPLES, corpus_rows, oracle_path, requires_oracle
from expectations import expected
from oracle import compare, run
from tiers import sample

VALID_SAMPLES = [p for p in sorted((SAMPLES / "spec").glob("*.sdf")) if not expected(p)]
SDF_SAMPLES = sorted(SAMPLES.glob("*.sdf"))
CORPUS_SDF = [CORPUS / r["path"] for r in corpus_rows() if r["format"] == "sdf"]


def _diff(path: Path) -> tuple[list[str], int]:
    oracle = oracle_path()
    assert oracle is not None
    result = run(oracle, str(path))
    if result.get("errors"):
        pytest.skip(f"the oracle reports errors: {[e['code'] for e in result['errors']]}")
    out = io.StringIO()
    err = io.StringIO()
    assert main(["poses", str(path), "--json"], stdout=out, stderr=err) == 0, err.getvalue()
    ours = json.loads(out.getvalue())  # exactly what `urdfsdf poses FILE --json` prints
    assert ours["errors"] == []
    count = sum(len(m.get(k, {})) for m in result.get("models", {}).values()
                for k in ("links", "joints", "frames", "models"))
    return compare(result, ours), count


@requires_oracle
@pytest.mark.parametrize("path", VALID_SAMPLES + SDF_SAMPLES, ids=lambda p: p.stem)
def test_samples_agree_with_libsdformat(path: Path) -> None:
    problems, _count = _diff(path)
    assert problems == []


@requires_oracle
@pytest.mark.parametrize("path", sample(CORPUS_SDF, 25), ids=lambda p: p.name)
def test_corpus_sdf_agrees_with_libsdformat(path: Path) -> None:
    problems, count = _diff(path)
    assert problems == []
    assert count > 0
