"""Mesh URIs that resolve in Gazebo, RViz and Drake (issue 38, item 2), through the
console scripts: ``--meshes`` (``MESH_NOT_FOUND``), ``--uri-style`` and folder output
copying each model's meshes.  The meshes are tiny OBJ files the tests write, in a fake
ROS package (with package.xml) and a Gazebo model folder; Drake loads the outputs with
their meshes through its package map.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from test_scripts import codes, run

import urdfsdf

OBJ = "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n"
URDF = """<?xml version="1.0"?>
<robot name="arm">
  <link name="base">
    <visual><geometry><mesh filename="package://arm_description/meshes/base.obj"/></geometry>
      <material name="m"><texture filename="package://arm_description/textures/skin.png"/></material></visual>
    <collision><geometry><mesh filename="../meshes/base.obj"/></geometry></collision>
  </link>
  <link name="hand">
    <visual><geometry><mesh filename="package://arm_parts/meshes/hand.obj"/></geometry></visual>
  </link>
  <joint name="j" type="fixed"><parent link="base"/><child link="hand"/></joint>
</robot>
"""
#: the lines of URDF's URIs
BASE_VISUAL, BASE_COLLISION, HAND_VISUAL = 4, 6, 9
MODEL_SDF = """<?xml version="1.0"?>
<sdf version="1.7">
  <model name="cart">
    <link name="body">
      <visual name="v"><geometry><mesh><uri>model://cart/meshes/body.obj</uri></mesh></geometry></visual>
      <collision name="c"><geometry><mesh><uri>meshes/body.obj</uri></mesh></geometry></collision>
      <visual name="w"><geometry><mesh><uri>model://wheel/meshes/wheel.obj</uri></mesh></geometry></visual>
    </link>
  </model>
</sdf>
"""
MISSING_WHEEL = 7


def _package(folder: Path, name: str, files: dict[str, str]) -> Path:
    folder.mkdir(parents=True)
    (folder / "package.xml").write_text(
        f'<?xml version="1.0"?>\n<package format="3"><name>{name}</name>'
        "<version>1.0.0</version></package>\n")
    for rel, text in files.items():
        (folder / rel).parent.mkdir(parents=True, exist_ok=True)
        (folder / rel).write_text(text)
    return folder


@pytest.fixture
def ros(tmp_path: Path) -> dict[str, Path]:
    """A ROS 2 source tree: arm_description (the URDF, a mesh, a texture) and, in an
    install space, arm_parts (share/arm_parts)."""
    desc = _package(tmp_path / "src" / "arm_description", "arm_description",
                    {"meshes/base.obj": OBJ, "textures/skin.png": "png",
                     "urdf/arm.urdf": URDF})
    install = tmp_path / "install"
    parts = _package(install / "share" / "arm_parts", "arm_parts", {"meshes/hand.obj": OBJ})
    return {"urdf": desc / "urdf" / "arm.urdf", "desc": desc, "install": install,
            "parts": parts}


@pytest.fixture
def gazebo(tmp_path: Path) -> dict[str, Path]:
    """A Gazebo model folder ``models/cart`` (model.config, model.sdf, a mesh)."""
    cart = tmp_path / "models" / "cart"
    (cart / "meshes").mkdir(parents=True)
    (cart / "meshes" / "body.obj").write_text(OBJ)
    (cart / "model.sdf").write_text(MODEL_SDF)
    (cart / "model.config").write_text(
        '<?xml version="1.0"?>\n<model><name>cart</name><sdf version="1.7">model.sdf</sdf>'
        "</model>\n")
    return {"models": tmp_path / "models", "cart": cart}


def _env(**variables: str) -> dict[str, str]:
    """The scripts' environment: the tests' own, without any root variable unless given."""
    names = ("AMENT_PREFIX_PATH", "ROS_PACKAGE_PATH", "GZ_SIM_RESOURCE_PATH", "SDF_PATH",
             "IGN_GAZEBO_RESOURCE_PATH")
    env = {k: v for k, v in os.environ.items() if k not in names}
    return {**env, **variables}


def _uris(text: str) -> list[str]:
    return re.findall(r"<uri>([^<]*)</uri>", text)


# -- 1. resolve every mesh URI, report what is missing ---------------------------------

def test_check_looks_for_meshes_unless_told_not_to(ros: dict[str, Path]) -> None:
    # issue 52 made looking check's default (it was silent unless --meshes)
    result = run("urdfsdf", "check", ros["urdf"], env=_env())
    assert result.returncode == 0, result.stderr
    assert codes(result.stderr) == [("MESH_NOT_FOUND", HAND_VISUAL)]
    told = run("urdfsdf", "check", "--no-meshes", ros["urdf"], env=_env())
    assert (told.returncode, codes(told.stderr)) == (0, [])


def test_check_meshes_reports_each_file_not_found(ros: dict[str, Path]) -> None:
    # the package the URDF is in resolves by itself, and ../meshes from its folder;
    # arm_parts is known to no root
    result = run("urdfsdf", "check", "--meshes", ros["urdf"], env=_env())
    assert result.returncode == 0, result.stderr
    assert codes(result.stderr) == [("MESH_NOT_FOUND", HAND_VISUAL)]
    strict = run("urdfsdf", "check", "--meshes", "--strict", ros["urdf"], env=_env())
    assert strict.returncode == 1


@pytest.mark.parametrize("how", ["package-path", "AMENT_PREFIX_PATH", "ROS_PACKAGE_PATH"])
def test_each_package_root_finds_the_package(ros: dict[str, Path], how: str) -> None:
    args: list[str | Path] = ["check", "--meshes", ros["urdf"]]
    env = _env()
    if how == "package-path":
        args += ["--package-path", f"arm_parts={ros['parts']}"]
    elif how == "AMENT_PREFIX_PATH":
        env = _env(AMENT_PREFIX_PATH=str(ros["install"]))
    else:
        env = _env(ROS_PACKAGE_PATH=str(ros["install"]))
    result = run("urdfsdf", *args, env=env)
    assert (result.returncode, codes(result.stderr)) == (0, []), result.stderr


def test_a_missing_relative_mesh_is_reported_at_its_line(tmp_path: Path) -> None:
    src = tmp_path / "robot.urdf"
    src.write_text('<?xml version="1.0"?>\n<robot name="r">\n  <link name="a">\n'
                   '    <visual><geometry><mesh filename="meshes/body.stl"/></geometry>'
                   "</visual>\n  </link>\n</robot>\n")
    result = run("urdf2sdf", src, "--meshes", env=_env())
    assert result.returncode == 0, result.stderr
    assert codes(result.stderr) == [("MESH_NOT_FOUND", 4)]
    assert _uris(result.stdout) == ["meshes/body.stl"]  # kept as written


def test_model_uris_resolve_through_the_resource_paths(gazebo: dict[str, Path]) -> None:
    args = ("check", "--meshes", gazebo["cart"] / "model.sdf")
    by_env = run("urdfsdf", *args, env=_env(GZ_SIM_RESOURCE_PATH=str(gazebo["models"])))
    assert codes(by_env.stderr) == [("MESH_NOT_FOUND", MISSING_WHEEL)], by_env.stderr
    wheel = gazebo["models"].parent / "more" / "wheel"
    (wheel / "meshes").mkdir(parents=True)
    (wheel / "meshes" / "wheel.obj").write_text(OBJ)
    by_flag = run("urdfsdf", *args, "--resource-path", wheel.parent, env=_env())
    assert (by_flag.returncode, codes(by_flag.stderr)) == (0, []), by_flag.stderr


def test_a_network_uri_is_reported_and_never_fetched(tmp_path: Path) -> None:
    src = tmp_path / "robot.urdf"
    src.write_text('<robot name="r"><link name="a"><visual><geometry>'
                   '<mesh filename="https://example.invalid/a.stl"/></geometry></visual>'
                   "</link></robot>\n")
    result = run("urdfsdf", "check", "--meshes", src, env=_env())
    assert codes(result.stderr) == [("MESH_NOT_FOUND", 1)]
    assert "never fetched" in result.stderr


def test_mesh_roots_without_mesh_resolution_are_a_usage_error(ros: dict[str, Path]) -> None:
    for argv in (["urdfsdf", "check", ros["urdf"], "--no-meshes", "--package-path", "a=/tmp"],
                 ["urdf2sdf", ros["urdf"], "--resource-path", "/tmp"],
                 ["sdf2urdf", "-", "--package-path", "a=/tmp"]):
        result = run(*argv, stdin="", env=_env())
        assert result.returncode == 2, (argv, result.stderr)
        assert argv[-2] in result.stderr


# -- 2. --uri-style ----------------------------------------------------------------------

def test_uri_style_writes_each_found_uri_in_the_asked_form(ros: dict[str, Path]) -> None:
    env = _env(AMENT_PREFIX_PATH=str(ros["install"]))
    base = ros["desc"] / "meshes" / "base.obj"
    hand = ros["parts"] / "meshes" / "hand.obj"
    expected = {
        "package": ["package://arm_description/meshes/base.obj"] * 2 +
                   ["package://arm_parts/meshes/hand.obj"],
        "model": ["model://arm_description/meshes/base.obj"] * 2 +
                 ["model://arm_parts/meshes/hand.obj"],
        "file": [base.as_uri()] * 2 + [hand.as_uri()],
        "keep": ["package://arm_description/meshes/base.obj", "../meshes/base.obj",
                 "package://arm_parts/meshes/hand.obj"],
    }
    for style, uris in expected.items():
        result = run("urdf2sdf", ros["urdf"], "--uri-style", style, env=env)
        assert (result.returncode, codes(result.stderr)) == (0, []), result.stderr
        assert _uris(result.stdout) == uris, style


def test_uri_style_keeps_what_it_cannot_find_with_a_warning(ros: dict[str, Path]) -> None:
    result = run("urdf2sdf", ros["urdf"], "--uri-style", "package", env=_env())
    assert codes(result.stderr) == [("MESH_NOT_FOUND", HAND_VISUAL)], result.stderr
    assert _uris(result.stdout)[2] == "package://arm_parts/meshes/hand.obj"


def test_a_gazebo_model_to_urdf_with_file_uris_loads_in_drake(gazebo: dict[str, Path],
                                                              tmp_path: Path) -> None:
    (gazebo["cart"] / "model.sdf").write_text(MODEL_SDF.replace(
        "model://wheel/meshes/wheel.obj", "meshes/body.obj"))
    out = tmp_path / "cart.urdf"
    result = run("sdf2urdf", gazebo["cart"], "--uri-style", "file", "-o", out,
                 "--resource-path", gazebo["models"], env=_env())
    assert (result.returncode, codes(result.stderr)) == (0, []), result.stderr
    body = (gazebo["cart"] / "meshes" / "body.obj").as_uri()
    assert re.findall(r'filename="([^"]*)"', out.read_text()) == [body] * 3
    _drake_loads(out, {})


def test_package_style_output_loads_in_drake_through_its_package_map(
        ros: dict[str, Path], tmp_path: Path) -> None:
    out = tmp_path / "arm.sdf"
    result = run("urdf2sdf", ros["urdf"], "--uri-style", "package", "-o", out,
                 env=_env(AMENT_PREFIX_PATH=str(ros["install"])))
    assert result.returncode == 0, result.stderr
    _drake_loads(out, {"arm_description": ros["desc"], "arm_parts": ros["parts"]})


def test_the_api_refuses_an_unknown_uri_style() -> None:
    result = urdfsdf.urdf_to_sdf_result(URDF, uri_style="gazebo")
    assert result.text is None
    assert [d.code for d in result.diagnostics] == ["ARGUMENT_INVALID"]


# -- 3. folder output: Gazebo model folders that work -------------------------------------

def test_folder_output_copies_meshes_and_textures_into_each_model_folder(
        ros: dict[str, Path], tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = run("urdf2sdf", ros["desc"] / "urdf", "-o", out, "--format", "json",
                 env=_env(AMENT_PREFIX_PATH=str(ros["install"])))
    assert result.returncode == 0, result.stderr
    model = out / "arm"
    assert sorted(p.relative_to(model).as_posix() for p in model.rglob("*")
                  if p.is_file()) == ["meshes/base.obj", "meshes/hand.obj",
                                      "meshes/textures/skin.png", "model.config", "model.sdf"]
    sdf = (model / "model.sdf").read_text()
    assert _uris(sdf) == ["model://arm/meshes/base.obj"] * 2 + ["model://arm/meshes/hand.obj"]
    assert "model://arm/meshes/textures/skin.png" in sdf  # the texture, carried for URDF
    assert (model / "meshes" / "base.obj").read_text() == OBJ
    _drake_loads(model / "model.sdf", {"arm": model})


def test_folder_output_keeps_what_it_cannot_find_with_a_warning(ros: dict[str, Path],
                                                                tmp_path: Path) -> None:
    # arm_parts is known to no root: its URI stays, a warning (issue 52: it was an info,
    # shown with -v only; the model folder is broken for Gazebo without it)
    out = tmp_path / "out"
    quiet = run("urdf2sdf", ros["desc"] / "urdf", "-o", out, "-v", env=_env())
    assert quiet.returncode == 0, quiet.stderr
    assert ("MESH_NOT_FOUND", HAND_VISUAL) in codes(quiet.stderr)
    assert "warning[MESH_NOT_FOUND]" in quiet.stderr and ": 1 warning" in quiet.stderr
    assert _uris((out / "arm" / "model.sdf").read_text())[2] == \
        "package://arm_parts/meshes/hand.obj"
    asked = run("urdf2sdf", ros["desc"] / "urdf", "-o", tmp_path / "o2", "--meshes",
                env=_env())
    assert ": 1 warning" in asked.stderr


def test_folder_output_never_reads_a_file_outside_the_roots(tmp_path: Path) -> None:
    secret = tmp_path / "secret.obj"
    secret.write_text(OBJ)
    src = tmp_path / "in"
    src.mkdir()
    (src / "r.urdf").write_text(
        f'<robot name="r"><link name="a"><visual><geometry><mesh filename="{secret}"/>'
        "</geometry></visual></link></robot>\n")
    out = tmp_path / "out"
    result = run("urdf2sdf", src, "-o", out, "--meshes", "-v", env=_env())
    assert ("MESH_NOT_FOUND", 1) in codes(result.stderr), result.stderr
    assert "outside the folders" in result.stderr
    assert not (out / "r" / "meshes").exists()
    assert _uris((out / "r" / "model.sdf").read_text()) == [str(secret)]


def test_keep_style_folder_output_copies_nothing(ros: dict[str, Path],
                                                 tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = run("urdf2sdf", ros["desc"] / "urdf", "-o", out, "--uri-style", "keep",
                 env=_env())
    assert result.returncode == 0, result.stderr
    assert not (out / "arm" / "meshes").exists()
    assert _uris((out / "arm" / "model.sdf").read_text())[0] == \
        "package://arm_description/meshes/base.obj"


def _drake_loads(path: Path, packages: dict[str, Path]) -> None:
    """Drake parses ``path`` (it checks that every mesh file exists)."""
    pytest.importorskip("pydrake")
    from pydrake.multibody.parsing import Parser
    from pydrake.multibody.plant import AddMultibodyPlantSceneGraph
    from pydrake.systems.framework import DiagramBuilder

    builder = DiagramBuilder()
    plant, _ = AddMultibodyPlantSceneGraph(builder, 0.0)
    parser = Parser(plant)
    for name, folder in packages.items():
        parser.package_map().Add(name, str(folder))
    assert parser.AddModels(str(path))
    plant.Finalize()
    assert plant.num_bodies() > 1
