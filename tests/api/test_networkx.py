"""Issue 27 item 11: the graphs as networkx graphs, and ``urdfsdf graph --format graphml``.

The node poses are the frame engine's (SDF) and the joint chain's (URDF); the
GraphML the console script writes reads back into the same graphs; nothing but
:mod:`urdfsdf.interop` imports networkx.
"""

from __future__ import annotations

import math
import os
import subprocess
import sys
from pathlib import Path

import pytest

import urdfsdf
from console_script import urdfsdf as run_urdfsdf
from urdfsdf.compare.kinematics import kinematic_model
from urdfsdf.core import transforms as tf
from urdfsdf.interop import FrameGraphs, to_networkx
from urdfsdf.sdf.frames import analyze

from conftest import ROOT, SAMPLES

nx = pytest.importorskip("networkx")


def _pose(attrs: dict[str, object]) -> tf.Transform:
    return tf.from_xyz_rpy([float(attrs[k]) for k in "xyz"],  # type: ignore[arg-type]
                           [float(attrs[k]) for k in ("roll", "pitch", "yaw")])  # type: ignore[arg-type]


def _close(a: tf.Transform, b: tf.Transform) -> bool:
    return all(math.isclose(x, y, abs_tol=1e-9) for x, y in
               zip(tf.as_matrix(a).ravel(), tf.as_matrix(b).ravel(), strict=True))


def test_sdf_graphs_and_poses_are_the_frame_engines() -> None:
    path = SAMPLES / "versions" / "sdf_1_8.sdf"
    g = to_networkx(str(path))
    assert isinstance(g, FrameGraphs) and isinstance(g.kinematic, nx.DiGraph)
    doc = urdfsdf.read_sdf_document(str(path))
    scope = analyze(doc, urdfsdf.Diagnostics()).models[doc.models[0].name]
    for graph in (g.attached_to, g.relative_to):
        for name, attrs in graph.nodes(data=True):
            assert _close(_pose(attrs), scope.pose_of(name)), name
    # nested names are scoped; a nested model's own frame is its node
    assert g.attached_to.nodes["arm"]["kind"] == "model"
    assert ("arm", "arm::link1") in g.attached_to.edges        # its canonical link
    assert ("arm::link1", "arm") in g.relative_to.edges
    assert ("__model__", "base") in g.attached_to.edges
    assert g.attached_to.nodes["tool_flange"]["kind"] == "frame"
    assert nx.is_tree(g.kinematic) and set(g.kinematic) == {
        n for n, k in g.attached_to.nodes(data="kind") if k == "link"}
    edge = g.kinematic.edges["base", "arm::link1"]
    assert edge == {"joint": "j1", "type": edge["type"]}
    # every frame leads to __model__ in relative_to, to a link in attached_to
    for name in g.relative_to:
        assert nx.has_path(g.relative_to, name, "__model__"), name


def test_urdf_graphs_are_derived_from_the_tree() -> None:
    g = to_networkx(str(SAMPLES / "parity.urdf"))
    assert g.kinematic.graph["pose_frame"] == "link1"
    assert sorted(g.kinematic.edges(data="joint")) == [
        ("link1", "link2", "joint1"), ("link1", "link3", "joint2"), ("link3", "link4", "joint3")]
    assert ("joint3", "link4") in g.attached_to.edges
    assert {("joint3", "link3"), ("link4", "joint3")} <= set(g.relative_to.edges)
    zero = kinematic_model(str(SAMPLES / "parity.urdf")).poses({})
    for link, x in zero.items():
        got = tf.as_matrix(_pose(g.kinematic.nodes[link]))
        assert abs(got - x).max() < 1e-9, link
        assert _close(_pose(g.relative_to.nodes[link]), _pose(g.kinematic.nodes[link]))


def test_invalid_input_raises() -> None:
    with pytest.raises(urdfsdf.TranslationError) as exc:
        to_networkx(str(SAMPLES / "spec" / "proposal_6_joint_pose_relative_to.sdf"))
    assert exc.value.codes == ["POSE_RELATIVE_TO_CYCLE"]


def test_only_interop_imports_networkx() -> None:
    src = ROOT / "src" / "urdfsdf"
    users = sorted(str(p.relative_to(src)) for p in src.rglob("*.py")
                   if "import networkx" in p.read_text() or '"networkx"' in p.read_text())
    assert users == ["interop.py"]
    code = ("import sys, urdfsdf; t = urdfsdf.urdf_to_sdf(open('samples/parity.urdf').read()); "
            "urdfsdf.sdf_to_urdf(t); from urdfsdf.commands.cli import main; "
            "assert 'networkx' not in sys.modules")
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, check=True, timeout=120)


def _read_graphml(path: Path) -> dict[str, object]:
    reader = nx.readwrite.graphml.GraphMLReader()
    return {g.graph["name"]: g for g in reader(path=str(path))}


@pytest.mark.parametrize("sample", ["parity.urdf", "versions/sdf_1_8.sdf"])
def test_graph_command_writes_graphml(tmp_path: Path, sample: str) -> None:
    out = tmp_path / "g.graphml"
    result = run_urdfsdf("graph", str(SAMPLES / sample), "-o", str(out))
    assert result.returncode == 0, result.stderr
    read = _read_graphml(out)
    expected = to_networkx(str(SAMPLES / sample))
    assert list(read) == ["kinematic", "attached_to", "relative_to"]
    for name, g in zip(read, expected, strict=True):
        back = read[name]
        assert set(back.edges) == set(g.edges) and set(back.nodes) == set(g.nodes), name
        for node, attrs in g.nodes(data=True):
            assert back.nodes[node] == attrs, node
    # --format graphml whatever the file name
    other = tmp_path / "g.xml"
    assert run_urdfsdf("graph", str(SAMPLES / sample), "--format", "graphml",
                       "-o", str(other)).returncode == 0
    assert other.read_text() == out.read_text()


def test_graph_command_graphml_of_an_invalid_file(tmp_path: Path) -> None:
    out = tmp_path / "g.graphml"
    result = run_urdfsdf("graph", str(SAMPLES / "spec" / "proposal_6_joint_pose_relative_to.sdf"),
                         "-o", str(out))
    assert result.returncode == 1 and "error[POSE_RELATIVE_TO_CYCLE]" in result.stderr
    assert not out.exists()
    result = run_urdfsdf("graph", str(SAMPLES / "parity.urdf"), "--format", "graphml", "-o",
                         str(out), "--model", "x")
    assert result.returncode == 0  # a URDF holds one robot: --model is for SDF files
    world = SAMPLES / "worlds" / "classic" / "world.sdf"
    models = str(SAMPLES / "worlds" / "classic" / "models")
    result = run_urdfsdf("graph", str(world), "--resource-path", models, "--model", "nope",
                         "-o", str(out))
    assert result.returncode == 1 and "error[ARGUMENT_INVALID]" in result.stderr
    result = run_urdfsdf("graph", str(world), "--resource-path", models, "--model",
                         "pendulum_robot", "-o", str(out))
    assert result.returncode == 0, result.stderr
    assert "kinematic" in _read_graphml(out)
