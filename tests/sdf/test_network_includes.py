"""An ``<include>`` of a network URI (issue 49): never fetched, a warning, the rest read.

libsdformat without a fetch callback (the oracle; Gazebo sets one that fetches from Fuel)
returns ``URI_LOOKUP`` for such an include and loads the rest of the world; urdfsdf warns
(``URI_LOOKUP``, once per include, at its line), reads the rest, and ``--strict`` refuses.
What names the model of such an include names nothing: an error, as libsdformat's, saying
whose model it is. Files: tests/data/sdf/network_include.sdf, network_include_named.sdf.
"""

from __future__ import annotations

import json
import socket
from pathlib import Path

import pytest

import urdfsdf
from console_script import urdfsdf as run_urdfsdf

from conftest import ROOT, oracle_path
from expectations import MARK, WARNING_MARK, expected
from oracle import run as run_oracle

DATA = ROOT / "tests" / "data" / "sdf"
WORLD = DATA / "network_include.sdf"
NAMED = DATA / "network_include_named.sdf"


@pytest.fixture(autouse=True)
def no_network(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("network access")

    monkeypatch.setattr(socket, "create_connection", refuse)
    monkeypatch.setattr(socket.socket, "connect", refuse)


def test_check_warns_once_per_include_and_reads_the_rest() -> None:
    done = run_urdfsdf("check", str(WORLD), "--format", "json")
    assert done.returncode == 0, done.stderr
    diagnostics = json.loads(done.stdout)  # check --format json: the diagnostics
    found = {(d["code"], d["line"]) for d in diagnostics if d["severity"] == "warning"}
    assert found == expected(WORLD, WARNING_MARK) and len(found) == 2
    assert not [d for d in diagnostics if d["severity"] == "error"]


def test_strict_refuses() -> None:
    assert run_urdfsdf("check", "--strict", str(WORLD)).returncode == 1
    result = urdfsdf.sdf_to_urdf_result(WORLD)
    assert result.ok and not result.ok_strict


def test_the_rest_of_the_world_converts() -> None:
    result = urdfsdf.sdf_to_urdf_result(WORLD)
    assert result.ok and result.text is not None
    robot = urdfsdf.read_urdf(result.text)
    assert (robot.name, [link.name for link in robot.links]) == ("plane", ["body"])
    poses = run_urdfsdf("poses", str(WORLD))
    assert poses.returncode == 0 and "plane" in poses.stdout


def test_what_names_the_unread_model_is_an_error_naming_the_include() -> None:
    done = run_urdfsdf("check", str(NAMED), "--format", "json")
    assert done.returncode == 1 and "Traceback" not in done.stderr
    diagnostics = json.loads(done.stdout)
    errors = {(d["code"], d["line"]) for d in diagnostics if d["severity"] == "error"}
    assert errors == expected(NAMED, MARK)
    include_line = min(line for _, line in expected(NAMED, WARNING_MARK))
    assert all(f"<include> at line {include_line}" in d["message"]
               for d in diagnostics if d["severity"] == "error")


def test_libsdformat_reads_the_same_rest() -> None:
    """The oracle: URI_LOOKUP for each include (its only errors), the same models."""
    oracle = oracle_path()
    if oracle is None:
        pytest.skip("SDF_ORACLE not set")
    report = run_oracle(oracle, str(WORLD), env={}, cwd=str(Path(WORLD).parent))
    assert [e["code"] for e in report["errors"]] == ["URI_LOOKUP", "URI_LOOKUP"]
    doc = urdfsdf.read_sdf_document(WORLD)
    ours = {m.name: [link.name for link in m.links] for w in doc.worlds for m in w.models}
    theirs = {name: sorted(m["links"]) for name, m in report["models"].items()}
    assert ours == theirs == {"plane": ["body"]}
