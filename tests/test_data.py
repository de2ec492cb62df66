"""tests/data/: each file states its expected outcome (tests/data/README.md); check gives it."""

from __future__ import annotations

from pathlib import Path

import pytest

from urdfsdf.commands.check import check_source

from expectations import WARNING_MARK, expected

DATA = Path(__file__).resolve().parent / "data"
# data/includes/: include fixtures that need a resource root (tests/sdf/test_hostile_includes.py)
FILES = sorted(p for p in DATA.rglob("*") if p.suffix in (".urdf", ".sdf", ".world")
               and "includes" not in p.relative_to(DATA).parts)


def test_there_are_data_files() -> None:
    assert {p.parent.name for p in FILES} >= {"urdf", "sdf"}


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_data_file_outcome(path: Path) -> None:
    report = check_source(str(path))
    errors = {(d.code, d.line) for d in report.diagnostics if d.severity == "error"}
    warnings = {(d.code, d.line) for d in report.diagnostics if d.severity == "warning"}
    assert errors == expected(path)
    assert warnings == expected(path, WARNING_MARK)
