"""``urdfsdf graph``'s own errors are diagnostics with a code, as every command's are:
``FILE: error[CODE]: message`` (a JSON list with ``--format json``)."""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path

import pytest

import urdfsdf.commands.graph as graph
from urdfsdf.commands.cli import main

from conftest import SAMPLES

PARITY = str(SAMPLES / "parity.urdf")


def _graph(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    return main(["graph", *argv], stdout=out, stderr=err), out.getvalue(), err.getvalue()


def test_an_output_that_cannot_be_written_is_output_refused(tmp_path: Path) -> None:
    target = str(tmp_path / "no" / "such" / "dir" / "x.dot")
    status, _, err = _graph(PARITY, "-o", target)
    assert status == 1
    assert err.startswith(f"{target}: error[OUTPUT_REFUSED]: cannot write "), err
    status, _, err = _graph(PARITY, "-o", target, "--format", "json")
    assert status == 1
    assert [(d["code"], d["file"]) for d in json.loads(err)] == [("OUTPUT_REFUSED", target)]


def test_a_graphml_output_that_cannot_be_written_is_output_refused(tmp_path: Path) -> None:
    pytest.importorskip("networkx")
    target = str(tmp_path / "no" / "x.graphml")
    status, _, err = _graph(PARITY, "-o", target)
    assert status == 1 and f"{target}: error[OUTPUT_REFUSED]: cannot write " in err


def test_graphviz_missing_is_graphviz_unavailable(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(graph.shutil, "which", lambda name: None)
    target = str(tmp_path / "g.svg")
    status, _, err = _graph(PARITY, "-o", target)
    assert status == 1
    assert err.startswith(f"{target}: error[GRAPHVIZ_UNAVAILABLE]: Graphviz is not installed")


@pytest.mark.skipif(shutil.which("dot") is None, reason="graphviz absent")
def test_graphviz_failing_is_graphviz_failed(tmp_path: Path) -> None:
    target = str(tmp_path / "no" / "x.svg")
    status, _, err = _graph(PARITY, "-o", target)
    assert status == 1 and err.startswith(f"{target}: error[GRAPHVIZ_FAILED]: Graphviz failed")
