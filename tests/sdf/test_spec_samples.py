"""Every VALID/INVALID example of the spec documents: the right codes at the right lines.

The samples in samples/spec/ mark each invalid line with ``<!-- EXPECT: CODE -->``
(see samples/spec/README.md).  ``urdfsdf check`` must report exactly those
(code, line) pairs as errors: no fewer, and no cascades.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from urdfsdf.commands.check import check_source
from urdfsdf.commands.cli import main

from conftest import SAMPLES
from expectations import expected

SPEC = SAMPLES / "spec"
FILES = sorted(SPEC.glob("*.sdf"))


def test_there_are_spec_samples() -> None:
    assert len(FILES) >= 60
    assert sum(1 for f in FILES if expected(f)) >= 25


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_spec_sample_verdict(path: Path) -> None:
    report = check_source(str(path))
    got = {(d.code, d.line) for d in report.diagnostics if d.severity == "error"}
    assert got == expected(path)


@pytest.mark.parametrize("path", [f for f in FILES if expected(f)][:3], ids=lambda p: p.stem)
def test_check_cli_json(path: Path) -> None:
    out = io.StringIO()
    status = main(["check", str(path), "--format", "json"], stdout=out, stderr=io.StringIO())
    assert status == 1
    items = json.loads(out.getvalue())
    got = {(d["code"], d["line"]) for d in items if d["severity"] == "error"}
    assert got == expected(path)
    assert all(d["file"] == str(path) for d in items)


def test_check_valid_exit_0() -> None:
    assert main(["check", str(SAMPLES / "pendulum_with_base.sdf")], stdout=io.StringIO(),
                stderr=io.StringIO()) == 0
