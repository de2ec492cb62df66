"""Issue 36: URDFs a reference reader loads and urdfdom refuses (or reads otherwise) convert.

One small file per tolerance in ``tests/data/lenient`` (docs/lenient.md is the table):
each converts with a warning per value supplied or reinterpreted, at its line; ``--strict``
refuses it; the round trip gives the file back as written; and where Drake loads the
input it loads the output with the same body poses and spatial inertias.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import urdfsdf
from readers import drake_inertias, inertia_differences, isolated
from urdfsdf.api import urdf_to_sdf_result
from urdfsdf.commands.roundtrip import roundtrip_source

from conftest import ROOT

LENIENT = ROOT / "tests" / "data" / "lenient"

#: file -> the warnings its conversion gives, (code, line)
EXPECTED = {
    "inertial_without_mass.urdf": [("ELEMENT_MISSING", 5)],
    "mass_without_value.urdf": [("ATTRIBUTE_MISSING", 7)],
    "inertia_without_products.urdf": [("ATTRIBUTE_MISSING", 6)] * 3,
    "limit_without_velocity.urdf": [("ATTRIBUTE_MISSING", 13)],
    "revolute_without_limit.urdf": [("ELEMENT_MISSING", 9)],
    "number_with_stray_quote.urdf": [("VALUE_TOLERATED", 4), ("VALUE_TOLERATED", 10),
                                     ("VALUE_TOLERATED", 12), ("VALUE_TOLERATED", 12)],
}


def test_every_file_has_its_expectation() -> None:
    assert sorted(p.name for p in LENIENT.glob("*.urdf")) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_converts_with_a_warning_per_value_supplied(name: str) -> None:
    result = urdf_to_sdf_result(LENIENT / name)
    assert result.ok and result.text is not None
    assert sorted((d.code, d.line) for d in result.diagnostics
                  if d.severity != "info") == EXPECTED[name]


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_strict_refuses_each_tolerance(name: str) -> None:
    result = urdf_to_sdf_result(LENIENT / name)
    assert not result.ok_strict
    assert {d.code for d in result.diagnostics if d.severity == "warning"} == {
        code for code, _ in EXPECTED[name]}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_comes_back_as_written(name: str) -> None:
    assert roundtrip_source(LENIENT / name).ok
    back = urdfsdf.sdf_to_urdf(urdfsdf.urdf_to_sdf(LENIENT / name))
    lines = (LENIENT / name).read_text().splitlines()
    for _, line in EXPECTED[name]:  # each line read leniently, as written
        assert lines[line - 1].strip() in back
    assert ("<limit" in back) == ("<limit" in "\n".join(lines))  # none supplied


def test_the_stray_quote_comes_back() -> None:
    back = urdfsdf.sdf_to_urdf(urdfsdf.urdf_to_sdf(LENIENT / "number_with_stray_quote.urdf"))
    assert 'velocity="2.356194490192345&quot;"' in back and '"-1.57."' in back


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_drake_reads_the_same_bodies(name: str) -> None:
    pytest.importorskip("pydrake")
    source = (LENIENT / name).read_text()
    status, before = isolated(drake_inertias, source, "urdf")
    if status != "ok":
        pytest.skip(f"Drake refuses the input: {before}")
    status, after = isolated(drake_inertias, urdfsdf.urdf_to_sdf(Path(LENIENT / name)), "sdf")
    assert status == "ok", after
    assert inertia_differences(before, after) == []
