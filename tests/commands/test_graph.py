"""``urdfsdf graph``: the frame graphs as DOT, invalid edges in red."""

from __future__ import annotations

import io
import re
import shutil
from pathlib import Path

import pytest

from urdfsdf.commands.cli import main
from urdfsdf.commands.graph import RED, graph_source

from conftest import SAMPLES

SPEC = SAMPLES / "spec"


def _edges(dot: str) -> list[tuple[str, str, str]]:
    """(from, to, attributes) with the scope prefix removed from names."""
    out = []
    for m in re.finditer(r'"s\d+:([^"]+)" -> "s\d+:([^"]+)" \[([^\]]*)\]', dot):
        out.append((m.group(1), m.group(2), m.group(3)))
    return out


def test_cycle_edges_are_red_and_valid_ones_are_not() -> None:
    dot, diags = graph_source(str(SPEC / "proposal_6_joint_pose_relative_to.sdf"))
    assert dot is not None and diags.has_errors()
    edges = _edges(dot)
    red = {(a, b) for a, b, attrs in edges if RED in attrs}
    assert ("C3", "J3") in red and ("J3", "C3") in red       # the relative_to cycle
    assert ("J2", "P2") not in red and ("C2", "J2") not in red  # valid relative_to
    assert ("P2", "J2") in {(a, b) for a, b, attrs in edges if "bold" in attrs}  # tree


def test_dangling_name_is_a_red_question_node() -> None:
    dot, _ = graph_source(str(SPEC / "proposal_4_2_frame_attaching.sdf"))
    assert dot is not None
    assert re.search(r'"s\d+:A" \[label="\?A", shape=plaintext, fontcolor="' + RED, dot)
    assert any(a == "F3" and b == "A" and RED in attrs for a, b, attrs in _edges(dot))


def test_attached_and_relative_edges_as_in_spec_example_1() -> None:
    dot, diags = graph_source(str(SPEC / "proposal_ex1_relative_to.sdf"))
    assert dot is not None and not diags.has_errors()
    edges = _edges(dot)
    attached = {(a, b) for a, b, attrs in edges if "color=blue" in attrs}
    relative = {(a, b) for a, b, attrs in edges if "dashed" in attrs}
    assert ("Jp", "P") in attached and ("Jp", "J") in relative
    assert ("Jc1", "J") in attached and ("__model__", "P") in attached
    assert not any(RED in attrs for _, _, attrs in edges)


def test_cli_writes_dot_and_svg(tmp_path: Path) -> None:
    out = tmp_path / "g.dot"
    assert main(["graph", str(SAMPLES / "parity.urdf"), "-o", str(out)],
                stdout=io.StringIO(), stderr=io.StringIO()) == 0
    assert out.read_text().startswith("digraph")
    if shutil.which("dot") is None:
        err = io.StringIO()
        assert main(["graph", str(SAMPLES / "parity.urdf"), "-o", str(tmp_path / "g.svg")],
                    stdout=io.StringIO(), stderr=err) == 1
        assert "Graphviz is not installed" in err.getvalue()
        pytest.skip("graphviz absent")
    svg = tmp_path / "g.svg"
    assert main(["graph", str(SPEC / "proposal_ex1_relative_to.sdf"), "-o", str(svg)],
                stdout=io.StringIO(), stderr=io.StringIO()) == 0
    assert "<svg" in svg.read_text()
