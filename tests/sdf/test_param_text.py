"""SDF numbers past the plain form, read as libsdformat's Param reads them (issue 36).

Each text libsdformat reads gives its value here, with a VALUE_TOLERATED warning at
the element's line; each text it refuses stays refused (ELEMENT_INVALID).  With
``$SDF_ORACLE`` (libsdformat 12) the same file's values are compared with its own.
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from urdfsdf import sdf_to_urdf_result
from urdfsdf.sdf.param_text import tolerated

from conftest import oracle_path, requires_oracle
from oracle import run

#: (text, count, values libsdformat reads; None: it refuses the text)
CASES = [
    ('2.356194490192345"', 1, [2.356194490192345]),  # a stray quote (a Drake model)
    ("1,5", 1, [1.0]),
    ("1e", 1, [1.0]),
    ("1.5e+", 1, [1.5]),
    (" 2.5abc\n", 1, [2.5]),
    ("TRUE", 1, [1.0]),
    ("0x10", 1, [16.0]),
    ("abc", 1, None),
    (",5", 1, None),
    ("1e999", 1, None),  # out of range
    ("1e-310", 1, None),  # below the smallest normal double: out of range for stod
    ("inf", 1, None),  # libsdformat reads it; urdfsdf's IR holds finite numbers
    ("1 2 3 4", 3, [1.0, 2.0, 3.0]),
    ('1 2 3"', 3, [1.0, 2.0, 3.0]),
    ("1-2-3", 3, [1.0, -2.0, -3.0]),
    ("1 2 0x5", 3, [1.0, 2.0, 0.0]),
    ("1e-400 0 1", 3, [0.0, 0.0, 1.0]),  # a stream reads an underflow as 0
    ("1 2", 3, None),
    ("1,2,3", 3, None),
    ("1e 2 3", 3, None),
    ("inf 0 0", 3, None),
    ('0 0 0.1" 0 0 0', 6, [0.0, 0.0, 0.1, 0.0, 0.0, 0.0]),
    ("0 0 0 0 0 0 0", 6, None),
    ("0 0 0 0 0", 6, None),
    ("0 0 abc 0 0 0", 6, None),
    ("0 0 0 0 0 nan", 6, None),
]


@pytest.mark.parametrize(("text", "count", "values"), CASES)
def test_the_rule_reads_what_libsdformat_reads(text: str, count: int,
                                               values: list[float] | None) -> None:
    read = tolerated(text, count)
    if values is None:
        assert read is None
    else:
        assert read is not None and read[1] == values
        assert [float(t) for t in read[0]] == values  # the texts written hold the values


def _model(velocity: str, mass: str, xyz: str, pose: str) -> str:
    return f"""<?xml version="1.0"?>
<sdf version="1.7">
  <model name="m">
    <link name="a"/>
    <link name="b">
      <pose>{pose}</pose>
      <inertial><mass>{mass}</mass></inertial>
    </link>
    <joint name="j" type="revolute">
      <parent>a</parent><child>b</child>
      <axis><xyz>{xyz}</xyz>
        <limit><lower>-1</lower><upper>1</upper><velocity>{velocity}</velocity></limit>
      </axis>
    </joint>
  </model>
</sdf>
"""


TOLERATED = _model('2.356194490192345"', "2.5abc", "1-2-3", '0 0 0.1" 0 0 0')


def test_each_tolerated_value_is_a_warning_at_its_line() -> None:
    result = sdf_to_urdf_result(TOLERATED)
    assert result.ok
    assert sorted((d.code, d.line) for d in result.diagnostics if d.severity == "warning") == [
        ("VALUE_TOLERATED", 6), ("VALUE_TOLERATED", 7), ("VALUE_TOLERATED", 11),
        ("VALUE_TOLERATED", 12)]
    urdf = result.text
    assert 'velocity="2.356194490192345"' in urdf and '<mass value="2.5"/>' in urdf
    assert '<axis xyz="1 -2 -3"/>' in urdf and 'xyz="0 0 0.1"' in urdf


def test_strict_refuses_a_tolerated_value() -> None:
    result = sdf_to_urdf_result(TOLERATED)
    assert not result.ok_strict
    assert {d.code for d in result.diagnostics if d.severity != "info"} == {"VALUE_TOLERATED"}


def test_what_libsdformat_refuses_stays_refused() -> None:
    result = sdf_to_urdf_result(_model("1", "2.5", "1 2", "0 0 0 0 0 0"))
    assert not result.ok
    assert [(d.code, d.line) for d in result.diagnostics if d.severity == "error"] == [
        ("ELEMENT_INVALID", 11)]


@requires_oracle
def test_libsdformat_reads_the_same_values(tmp_path: Path) -> None:
    path = tmp_path / "tolerated.sdf"
    path.write_text(TOLERATED)
    oracle = oracle_path()
    assert oracle is not None
    found = run(oracle, str(path))
    assert found["errors"] == []
    model = found["models"]["m"]
    joint = model["joints"]["j"]
    assert joint["axis"]["velocity"] == 2.356194490192345
    norm = math.sqrt(14.0)
    assert joint["axis"]["xyz"] == pytest.approx([1 / norm, -2 / norm, -3 / norm])
    assert model["links"]["b"]["inertial"]["mass"] == 2.5
    assert model["links"]["b"]["pose_rpy"] == pytest.approx([0, 0, 0.1, 0, 0, 0])
