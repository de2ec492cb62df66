"""Negative shape sizes (issue 49): a warning at the line, both ways; written as written.

urdfdom, libsdformat 12 and PyBullet read a negative radius, length or box size as written
(Drake and MuJoCo refuse the robot), so urdfsdf reads and writes it as written, with a
``NEGATIVE_SIZE`` warning at the shape's line (docs/lenient.md, "Negative sizes"). The
files: tests/data/urdf/negative_sizes.urdf, tests/data/sdf/negative_sizes.sdf (their
``EXPECT`` marks are checked by tests/test_data.py).
"""

from __future__ import annotations

from pathlib import Path

import pytest

import urdfsdf
from console_script import urdfsdf as run_urdfsdf
from readers import isolated
from urdfsdf.commands.roundtrip import roundtrip_source

from conftest import ROOT, oracle_path
from expectations import WARNING_MARK, expected
from oracle import run as run_oracle

URDF = ROOT / "tests" / "data" / "urdf" / "negative_sizes.urdf"
SDF = ROOT / "tests" / "data" / "sdf" / "negative_sizes.sdf"


def _warnings(result: urdfsdf.Result) -> set[tuple[str, int | None]]:
    """The NEGATIVE_SIZE warnings of ``result`` (code, line)."""
    return {(d.code, d.line) for d in result.diagnostics
            if d.severity == "warning" and d.code == "NEGATIVE_SIZE"}


def test_urdf2sdf_warns_at_each_line_and_writes_the_sizes_as_written() -> None:
    result = urdfsdf.urdf_to_sdf_result(URDF)
    assert result.ok and not result.ok_strict and result.text is not None
    assert _warnings(result) == expected(URDF, WARNING_MARK)
    for written in ("<radius>-0.05</radius>", "<size>0.1 -0.2 0.3</size>",
                    "<length>-0.2</length>", "<radius>-0</radius>"):
        assert written in result.text


def test_the_round_trip_gives_the_sizes_back() -> None:
    assert roundtrip_source(URDF).ok
    back = urdfsdf.sdf_to_urdf(urdfsdf.urdf_to_sdf(URDF))
    for written in ('<sphere radius="-0.05"/>', '<box size="0.1 -0.2 0.3"/>',
                    '<cylinder radius="0.05" length="-0.2"/>'):
        assert written in back


def test_sdf2urdf_warns_at_each_line_and_writes_the_sizes_as_written() -> None:
    result = urdfsdf.sdf_to_urdf_result(SDF, lossy=True)  # (URDF has no capsule)
    assert result.ok and not result.ok_strict and result.text is not None
    assert _warnings(result) == expected(SDF, WARNING_MARK)
    for written in ('<sphere radius="-0.05"/>', '<box size="0.1 -0.2 0.3"/>',
                    '<cylinder radius="-0.05" length="-0.2"/>', 'scale="-1 1 1"'):
        assert written in result.text


def test_strict_refuses_through_the_console_script(tmp_path: Path) -> None:
    out = tmp_path / "out.sdf"
    done = run_urdfsdf("urdf2sdf", "--strict", str(URDF), "-o", str(out))
    assert done.returncode == 1 and not out.exists()
    assert "warning[NEGATIVE_SIZE]" in done.stderr
    done = run_urdfsdf("urdf2sdf", str(URDF), "-o", str(out))
    assert done.returncode == 0 and done.stderr.count("warning[NEGATIVE_SIZE]") == 3


def _oracle_sizes(report: dict[str, object]) -> list[object]:
    """Every shape size libsdformat holds, sorted (the oracle's JSON)."""
    sizes: list[object] = []
    for model in report["models"].values():  # type: ignore[attr-defined]
        for link in model["links"].values():
            for kind in ("visuals", "collisions"):
                for shape in link[kind].values():
                    geometry = shape["geometry"]
                    sizes.extend(repr(geometry.get(k)) for k in ("radius", "length", "size")
                                 if k in geometry)
    return sorted(sizes)


def test_libsdformat_reads_the_output_as_the_input(tmp_path: Path) -> None:
    """libsdformat 12 reads the negative sizes as written, quietly, from the URDF and from
    urdf2sdf's SDF alike."""
    oracle = oracle_path()
    if oracle is None:
        pytest.skip("SDF_ORACLE not set")
    out = tmp_path / "hull.sdf"
    out.write_text(urdfsdf.urdf_to_sdf(URDF))
    before, after = run_oracle(oracle, str(URDF)), run_oracle(oracle, str(out))
    assert before["errors"] == after["errors"] == []
    assert _oracle_sizes(before) == _oracle_sizes(after)
    assert "-0.2" in " ".join(map(str, _oracle_sizes(after)))


def _drake_loads(text: str, kind: str) -> int:
    from pydrake.geometry import SceneGraph
    from pydrake.multibody.parsing import Parser
    from pydrake.multibody.plant import MultibodyPlant

    plant = MultibodyPlant(0.0)
    plant.RegisterAsSourceForSceneGraph(SceneGraph())
    Parser(plant).AddModelsFromString(text, kind)
    return plant.num_bodies()


def test_drake_refuses_the_output_as_it_refuses_the_input() -> None:
    pytest.importorskip("pydrake")
    before = isolated(_drake_loads, URDF.read_text(), "urdf")
    after = isolated(_drake_loads, urdfsdf.urdf_to_sdf(URDF), "sdf")
    assert before[0] != "ok" and after[0] != "ok", (before, after)
