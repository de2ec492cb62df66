"""Issue 36: URDFs a reference reader loads and urdfdom refuses (or reads otherwise) convert.

One small file per tolerance in ``tests/data/lenient`` (docs/lenient.md is the table):
each converts with a warning per value supplied or reinterpreted, at its line; ``--strict``
refuses it; the round trip gives the file back as written; and where Drake loads the
input it loads the output with the same body poses and spatial inertias.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import urdfsdf
from readers import drake_inertias, inertia_differences, isolated
from urdfsdf.api import urdf_to_sdf_result
from urdfsdf.commands.roundtrip import roundtrip_source

from conftest import ROOT, oracle_path
from oracle import run as run_oracle

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
    "mesh_scale_one_value.urdf": [("VALUE_TOLERATED", 7)],
    "colour_of_three_values.urdf": [("VALUE_TOLERATED", 5), ("VALUE_TOLERATED", 11)],
    "axis_without_xyz.urdf": [("ATTRIBUTE_MISSING", 13)],
    "several_root_links.urdf": [("URDF_TREE_INVALID", 7), ("URDF_TREE_INVALID", 18)],
    "spherical_joint.urdf": [("VALUE_TOLERATED", 13)],
    "robot_without_link.urdf": [("MODEL_WITHOUT_LINK", 3)],
}

#: a robot with several root links: each is a link of its own, not an element read
#: leniently (its round trip: test_the_roots_come_back)
ROOTS = "several_root_links.urdf"
#: a robot with no link: the whole model is read leniently (its round trip:
#: test_a_robot_without_link_is_a_static_model_without_link)
LINKLESS = "robot_without_link.urdf"


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


@pytest.mark.parametrize("name", sorted(set(EXPECTED) - {ROOTS, LINKLESS}))
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


def test_what_is_read_in_place_of_the_value() -> None:
    """The SDF holds the readers' value: the scale three times, urdfdom's opaque black,
    Drake's axis."""
    sdf = {name: urdfsdf.urdf_to_sdf(LENIENT / name) for name in (
        "mesh_scale_one_value.urdf", "colour_of_three_values.urdf", "axis_without_xyz.urdf")}
    assert "<scale>2 2 2</scale>" in sdf["mesh_scale_one_value.urdf"]
    assert "<diffuse>0 0 0 1</diffuse>" in sdf["colour_of_three_values.urdf"]
    assert "<xyz>1 0 0</xyz>" in sdf["axis_without_xyz.urdf"]


def _drake_mesh_scales(path: Path) -> list[tuple[float, ...]]:
    """The scale of each visual mesh of each body Drake reads from the file at ``path``."""
    from pydrake.multibody.parsing import Parser
    from pydrake.multibody.plant import AddMultibodyPlantSceneGraph
    from pydrake.multibody.tree import BodyIndex
    from pydrake.systems.framework import DiagramBuilder

    plant, scene_graph = AddMultibodyPlantSceneGraph(DiagramBuilder(), 0.0)
    Parser(plant).AddModels(str(path))
    plant.Finalize()
    inspector = scene_graph.model_inspector()
    return [tuple(inspector.GetShape(geometry).scale3())
            for body in range(plant.num_bodies())
            for geometry in plant.GetVisualGeometriesForBody(plant.get_body(BodyIndex(body)))]


def test_drake_reads_the_same_mesh_scale(tmp_path: Path) -> None:
    """Drake reads the one-number scale as three; it reads the same from the output."""
    pytest.importorskip("pydrake")
    for name in ("mesh_scale_one_value.urdf", "cube.obj"):
        shutil.copy(LENIENT / name, tmp_path / name)
    urdf = tmp_path / "mesh_scale_one_value.urdf"
    sdf = tmp_path / "mesh_scale_one_value.sdf"
    sdf.write_text(urdfsdf.urdf_to_sdf(urdf))
    status, before = isolated(_drake_mesh_scales, urdf)
    assert (status, before) == ("ok", [(2.0, 2.0, 2.0)])
    assert isolated(_drake_mesh_scales, sdf) == ("ok", before)


def _roots(urdf: str) -> list[str]:
    """The links of a URDF text no joint names as child, in document order."""
    model = urdfsdf.read_urdf(urdf)
    children = {j.child for j in model.joints}
    return [link.name for link in model.links if link.name not in children]


def test_the_roots_come_back() -> None:
    sdf = urdfsdf.urdf_to_sdf(LENIENT / ROOTS)
    back = urdfsdf.sdf_to_urdf_result(sdf)  # no option: <urdf:root> names arm and ball
    assert roundtrip_source(LENIENT / ROOTS).ok and back.text is not None
    assert _roots(back.text) == ["base", "arm", "ball"]


def test_sdf2urdf_warns_of_the_roots_it_gives_back() -> None:
    back = urdfsdf.sdf_to_urdf_result(urdfsdf.urdf_to_sdf(LENIENT / ROOTS))
    assert back.ok and not back.ok_strict
    assert [d.code for d in back.diagnostics if d.severity == "warning"] == [
        "URDF_TREE_INVALID"] * 2


def test_the_extra_roots_are_free_sdf_links() -> None:
    model = urdfsdf.read_sdf(urdfsdf.urdf_to_sdf(LENIENT / ROOTS))
    children = {j.child for j in model.joints}
    assert [(link.name, link.pose.is_identity) for link in model.links
            if link.name not in children] == [("base", True), ("arm", True), ("ball", True)]


def test_libsdformat_accepts_the_free_links(tmp_path: Path) -> None:
    oracle = oracle_path()
    if oracle is None:
        pytest.skip("SDF_ORACLE not set")
    path = tmp_path / "parts.sdf"
    path.write_text(urdfsdf.urdf_to_sdf(LENIENT / ROOTS))
    report = run_oracle(oracle, str(path))
    assert (report["errors"], sorted(report["models"]["parts"]["links"])) == (
        [], ["arm", "ball", "base", "hand"])


def drake_free_bodies(text: str, kind: str) -> tuple[list[str], dict[str, list[float]]]:
    """The free bodies Drake makes of ``text``, and every body's default pose in the world
    (a 4x4 matrix, flattened and rounded)."""
    from pydrake.multibody.parsing import Parser
    from pydrake.multibody.plant import MultibodyPlant
    from pydrake.multibody.tree import BodyIndex

    plant = MultibodyPlant(0.0)
    Parser(plant).AddModelsFromString(text, kind)
    plant.Finalize()
    context = plant.CreateDefaultContext()
    free = sorted(plant.get_body(i).name() for i in plant.GetFloatingBaseBodies())
    poses = {}
    for i in range(1, plant.num_bodies()):  # 0: the world
        body = plant.get_body(BodyIndex(i))
        matrix = plant.EvalBodyPoseInWorld(context, body).GetAsMatrix4()
        poses[body.name()] = [round(float(v), 9) for v in matrix.flatten()]
    return free, poses


def test_drake_floats_each_root_in_the_sdf_too() -> None:
    pytest.importorskip("pydrake")
    status, before = isolated(drake_free_bodies, (LENIENT / ROOTS).read_text(), "urdf")
    assert status == "ok" and before[0] == ["arm", "ball", "base"], before
    status, after = isolated(drake_free_bodies, urdfsdf.urdf_to_sdf(LENIENT / ROOTS), "sdf")
    assert (status, after) == ("ok", before)


def test_a_world_root_with_joints_stays_the_world() -> None:
    """`world` is the world (urdfdom, libsdformat, Drake) when a joint hangs from it: the
    other root, first in the file, is the free link."""
    text = ('<robot name="r"><link name="a"/><link name="world"/><link name="b"/>'
            '<joint name="j" type="fixed"><parent link="world"/><child link="b"/></joint>'
            '</robot>')
    model = urdfsdf.read_sdf(urdfsdf.urdf_to_sdf(text))
    assert ([link.name for link in model.links], [j.parent for j in model.joints],
            roundtrip_source(text).ok) == (["b", "a"], ["world"], True)


def _pybullet_bodies(path: str) -> list[tuple[str, int, tuple[float, ...], float]]:
    """Each link PyBullet reads from the URDF at ``path``: its name, joint type, world
    position of its centre of mass at the zero configuration, and mass."""
    import pybullet

    client = pybullet.connect(pybullet.DIRECT)
    try:
        body = pybullet.loadURDF(path, physicsClientId=client)
        return [(pybullet.getJointInfo(body, j, physicsClientId=client)[12].decode(),
                 pybullet.getJointInfo(body, j, physicsClientId=client)[2],
                 tuple(round(v, 9) for v in pybullet.getLinkState(
                     body, j, physicsClientId=client)[0]),
                 pybullet.getDynamicsInfo(body, j, physicsClientId=client)[0])
                for j in range(pybullet.getNumJoints(body, physicsClientId=client))]
    finally:
        pybullet.disconnect(client)


def _drake_bodies(sdf: str) -> list[tuple[str, str, tuple[float, ...], float]]:
    """Each body Drake reads from ``sdf`` whose joint is not from the world: its name, the
    joint's type, the world position of its centre of mass at the default configuration,
    its mass."""
    from pydrake.multibody.parsing import Parser
    from pydrake.multibody.plant import MultibodyPlant

    plant = MultibodyPlant(0.0)
    Parser(plant).AddModelsFromString(sdf, "sdf")
    plant.Finalize()
    context = plant.CreateDefaultContext()
    out = []
    for index in plant.GetJointIndices():
        joint = plant.get_joint(index)
        if joint.parent_body().name() == "world":
            continue  # a root body's free joint
        body = joint.child_body()
        com = body.EvalPoseInWorld(context).multiply(body.CalcCenterOfMassInBodyFrame(context))
        out.append((body.name(), joint.type_name(), tuple(round(float(v), 9) for v in com),
                    body.default_mass()))
    return out


def test_the_spherical_joint_is_a_ball_joint_in_pybullet_and_drake() -> None:
    """PyBullet reads the input's spherical joint; Drake reads the output's ball joint:
    the same body at the same place, with the same mass."""
    pytest.importorskip("pybullet")
    pytest.importorskip("pydrake")
    path = LENIENT / "spherical_joint.urdf"
    status, before = isolated(_pybullet_bodies, str(path))
    assert status == "ok", before
    status, after = isolated(_drake_bodies, urdfsdf.urdf_to_sdf(path))
    assert status == "ok", after
    spherical = 2  # pybullet.JOINT_SPHERICAL
    assert [(name, kind, com, mass) for name, kind, com, mass in before] == [
        ("head", spherical, com, mass) for _, _, com, mass in after]
    assert [kind for _, kind, _, _ in after] == ["ball_rpy"]


def test_a_robot_without_link_is_a_static_model_without_link() -> None:
    """What SDFormat defines without a link: a static model.  What the robot carries is
    in the model's ``urdf:carried`` attribute (no <inertial> to hold it), where Drake
    and libsdformat do not look; sdf2urdf gives back no link and no <static>."""
    from lxml import etree

    assert roundtrip_source(LENIENT / LINKLESS).ok
    sdf = urdfsdf.urdf_to_sdf(LENIENT / LINKLESS)
    model = etree.fromstring(sdf.encode()).find("model")
    assert model is not None and [c.tag for c in model] == ["static"]
    assert model.get("{http://wiki.ros.org/urdf}linkless") == "true"
    assert "<urdf:deformable" in str(model.get("{http://wiki.ros.org/urdf}carried"))
    back = urdfsdf.sdf_to_urdf(sdf)
    assert "<link" not in back and "static" not in back and '<deformable name="cloth">' in back


def _drake_warnings(text: str) -> list[str]:
    """What Drake logs (warnings and up) while it loads the SDF ``text``."""
    import logging

    from pydrake.multibody.parsing import Parser
    from pydrake.multibody.plant import MultibodyPlant

    found: list[str] = []

    class Collect(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            if record.levelno >= logging.WARNING:
                found.append(record.getMessage())

    logging.getLogger("drake").addHandler(Collect())
    plant = MultibodyPlant(0.0)
    Parser(plant).AddModelsFromString(text, "sdf")
    plant.Finalize()
    return found


def test_a_robot_without_link_loads_quietly_in_drake() -> None:
    pytest.importorskip("pydrake")
    sdf = urdfsdf.urdf_to_sdf(LENIENT / LINKLESS)
    assert isolated(_drake_warnings, sdf) == ("ok", [])
