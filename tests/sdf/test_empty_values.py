"""Empty SDF values (issue 49): read as libsdformat's ``Param`` reads them.

An empty text (``<mass></mass>``, ``<mass/>``, blanks only) of an element SDFormat's
description makes optional is its default to libsdformat, quietly; urdfsdf reads it as
when the element is absent, with a ``VALUE_TOLERATED`` warning, and the conversion writes
that default (the URDF's mass is 1). An empty required value (``<ixx>``, ``<radius>``,
``<size>``, ``<uri>``) is refused by both. Files: tests/data/sdf/empty_optional_values.sdf,
empty_required_values.sdf (their marks are checked by tests/test_data.py); the
declarations' ``empty=`` are checked against libsdformat's description files by
tests/sdf/test_elements.py.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import urdfsdf
from console_script import urdfsdf as run_urdfsdf

from conftest import ROOT, oracle_path
from expectations import MARK, WARNING_MARK, expected
from oracle import run as run_oracle

DATA = ROOT / "tests" / "data" / "sdf"
OPTIONAL = DATA / "empty_optional_values.sdf"
REQUIRED = DATA / "empty_required_values.sdf"


def test_sdf2urdf_writes_the_defaults_with_a_warning_each(tmp_path: Path) -> None:
    out = tmp_path / "sub.urdf"
    done = run_urdfsdf("sdf2urdf", str(OPTIONAL), "-o", str(out), "--format", "json")
    assert done.returncode == 0, done.stderr
    warnings = {(d["code"], d["line"]) for d in json.loads(done.stderr)
                if d["severity"] == "warning"}
    assert warnings == expected(OPTIONAL, WARNING_MARK)
    robot = urdfsdf.read_urdf(out)
    masses = {link.name: link.inertial.mass for link in robot.links if link.inertial}
    assert masses == {"hull": "1", "fin": "0.5"}
    # each empty element reads as when it is absent: the same URDF as without them
    lines = OPTIONAL.read_text().splitlines()
    marked = {line for _, line in expected(OPTIONAL, WARNING_MARK)}
    without = "\n".join(text for number, text in enumerate(lines, 1) if number not in marked)
    assert urdfsdf.sdf_to_urdf(without) == out.read_text()
    assert run_urdfsdf("sdf2urdf", "--strict", str(OPTIONAL), "-o",
                       str(tmp_path / "no.urdf")).returncode == 1


def test_empty_required_values_are_refused() -> None:
    result = urdfsdf.sdf_to_urdf_result(REQUIRED)
    assert result.text is None
    assert {(d.code, d.line) for d in result.diagnostics if d.severity == "error"} == expected(
        REQUIRED, MARK)


def test_a_cylinder_without_radius_reads_as_libsdformat_reads_it() -> None:
    """cylinder_shape.sdf: radius 1 (a capsule's is 0.5)."""
    text = ('<sdf version="1.9"><model name="m"><link name="a"><visual name="v"><geometry>'
            '<cylinder><length>2</length></cylinder></geometry></visual></link></model></sdf>')
    assert '<cylinder radius="1" length="2"/>' in urdfsdf.sdf_to_urdf(text)
    shape = urdfsdf.read_sdf(text.replace("cylinder", "capsule")).links[0].visuals[0].geometry
    assert shape.radius == "0.5"


def _oracle_values(report: dict[str, object]) -> dict[str, object]:
    """What libsdformat read of the files' values (the oracle's JSON)."""
    model = report["models"]["sub"]  # type: ignore[index]
    joint = model["joints"]["rudder"]["axis"]
    return {"static": model["static"],
            "masses": {n: link["inertial"]["mass"] for n, link in model["links"].items()},
            "scale": model["links"]["hull"]["visuals"]["shell"]["geometry"]["scale"],
            "effort": joint["effort"], "damping": joint["damping"]}


def test_libsdformat_reads_the_same_values() -> None:
    oracle = oracle_path()
    if oracle is None:
        pytest.skip("SDF_ORACLE not set")
    report = run_oracle(oracle, str(OPTIONAL))
    assert report["errors"] == []
    model = urdfsdf.read_sdf(OPTIONAL)
    joint = model.joints[0]
    assert joint.axis is not None and joint.axis.limit is not None
    assert joint.axis.dynamics is not None
    ours = {"static": model.static,
            "masses": {link.name: float(link.inertial.mass) for link in model.links
                       if link.inertial},
            "scale": [1, 1, 1] if model.links[0].visuals[0].geometry.scale is None else None,
            "effort": joint.axis.limit.effort, "damping": joint.axis.dynamics.damping or 0.0}
    assert _oracle_values(report) == ours
    required = run_oracle(oracle, str(REQUIRED))
    assert "ELEMENT_INVALID" in {e["code"] for e in required["errors"]}
