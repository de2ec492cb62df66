"""Blanks in SDF names (issue 49), read as libsdformat reads them.

libsdformat reads a file with TinyXML2 in ``COLLAPSE_WHITESPACE`` mode, so an element's
text has its blanks collapsed (``<name>steel plate (-1,  -1)</name>`` is ``steel plate
(-1, -1)``, ``<child>arm  link</child>`` is ``arm link``), and ``Param::SetFromString``
trims an attribute's blanks at both ends (``name=" base "`` is ``base``); blanks inside an
attribute are kept (``<model name="steel  plate">``). urdfsdf reads them so, with a
``VALUE_TOLERATED`` warning each. tests/data/sdf/blanks_in_names.sdf holds the cases
(its marks: tests/test_data.py); the oracle (libsdformat 12) is compared where present.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import urdfsdf
from console_script import urdfsdf as run_urdfsdf

from conftest import ROOT, oracle_path
from oracle import compare
from oracle import run as run_oracle

NAMES = ROOT / "tests" / "data" / "sdf" / "blanks_in_names.sdf"

PLATE = """<?xml version="1.0"?>
<sdf version="1.6">
  <model name="steel  plate">
    <link name="body"><inertial><mass>1</mass></inertial></link>
  </model>
</sdf>
"""
CONFIG = '<?xml version="1.0"?><model><name>plate</name><sdf version="1.6">model.sdf</sdf></model>'
#: include <name> as written -> the model's name as libsdformat reads it
INCLUDED = {"steel plate (-1,  -1)": "steel plate (-1, -1)", "  tabbed\tname ": "tabbed name",
            None: "steel  plate"}


def _world(tmp_path: Path) -> Path:
    """A world including one model three times, under each <name> of :data:`INCLUDED`."""
    folder = tmp_path / "models" / "plate"
    folder.mkdir(parents=True)
    (folder / "model.sdf").write_text(PLATE)
    (folder / "model.config").write_text(CONFIG)
    includes = "".join(
        "<include><uri>model://plate</uri>"
        + ("" if name is None else f"<name>{name}</name>")
        + f"<pose>{i} 0 0 0 0 0</pose></include>\n"
        for i, name in enumerate(INCLUDED))
    path = tmp_path / "plates.sdf"  # (not world.sdf: libsdformat finds its own first)
    path.write_text(f'<?xml version="1.0"?>\n<sdf version="1.6"><world name="w">\n{includes}'
                    "</world></sdf>\n")
    return path


def test_an_include_name_has_its_blanks_collapsed(tmp_path: Path) -> None:
    world = _world(tmp_path)
    done = run_urdfsdf("poses", str(world), "--resource-path", str(tmp_path / "models"),
                       "--json")
    assert done.returncode == 0, done.stderr
    assert sorted(json.loads(done.stdout)["worlds"]["w"]["models"]) == sorted(
        INCLUDED.values())
    # a warning at each <include> whose <name> is read otherwise than written
    warned = [(Path(d["file"]).name, d["line"]) for d in json.loads(done.stderr)
              if d["code"] == "VALUE_TOLERATED"]
    assert warned == [("plates.sdf", 3), ("plates.sdf", 4)]


def test_libsdformat_names_the_included_models_alike(tmp_path: Path) -> None:
    oracle = oracle_path()
    if oracle is None:
        pytest.skip("SDF_ORACLE not set")
    world = _world(tmp_path)
    report = run_oracle(oracle, str(world), env={"SDF_PATH": str(tmp_path / "models")},
                        cwd=str(tmp_path))
    assert report["errors"] == []
    assert sorted(report["worlds"]["w"]["models"]) == sorted(INCLUDED.values())


def test_names_and_references_as_libsdformat_reads_them() -> None:
    model = urdfsdf.read_sdf(NAMES)
    assert (model.name, model.canonical_link) == ("steel  plate", "base")
    assert [link.name for link in model.links] == ["base", "arm link"]
    joint = model.joints[0]
    assert (joint.parent, joint.child, joint.pose.relative_to) == ("base", "arm link", "base")
    assert joint.axis is not None and joint.axis.expressed_in == "tip"
    assert [(f.name, f.attached_to) for f in model.frames] == [("tip", "arm link")]


def test_libsdformat_reads_the_same_names_and_poses() -> None:
    oracle = oracle_path()
    if oracle is None:
        pytest.skip("SDF_ORACLE not set")
    report = run_oracle(oracle, str(NAMES))
    done = run_urdfsdf("poses", str(NAMES), "--json")
    assert report["errors"] == [] and done.returncode == 0
    ours = json.loads(done.stdout)
    assert sorted(report["models"]["steel  plate"]["links"]) == sorted(
        ours["models"]["steel  plate"]["links"])
    assert compare(report, ours) == []


def test_a_collapsed_reference_to_a_name_with_two_blanks_names_nothing() -> None:
    """``<child>a  b</child>`` is ``a b`` to libsdformat: a link named ``a  b`` is not it."""
    text = ('<sdf version="1.9"><model name="m"><link name="a"/><link name="b  c"/>'
            '<joint name="j" type="fixed"><parent>a</parent><child>b  c</child></joint>'
            "</model></sdf>")
    result = urdfsdf.sdf_to_urdf_result(text)
    assert result.text is None
    assert {d.code for d in result.diagnostics if d.severity == "error"} == {
        "JOINT_CHILD_LINK_INVALID"}


BLANK_URDF = """<robot name="r">
  <link name=" base "/>
  <link name="arm  link">
    <inertial><mass value="1"/><inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial>
  </link>
  <joint name="j  1" type="revolute">
    <parent link=" base "/><child link="arm  link"/>
    <axis xyz="0 0 1"/><limit lower="-1" upper="1" effort="1" velocity="1"/>
  </joint>
</robot>
"""


def test_urdf_names_libsdformat_would_read_otherwise_are_renamed_and_come_back(
        tmp_path: Path) -> None:
    """urdfdom keeps ``" base "`` and ``arm  link``; in SDF they are written as libsdformat
    reads them (``urdf:name`` carries the URDF's), and come back as written."""
    result = urdfsdf.urdf_to_sdf_result(BLANK_URDF)
    assert result.ok and result.text is not None
    model = urdfsdf.read_sdf(result.text)
    assert [link.name for link in model.links] == ["base", "arm link"]
    assert (model.joints[0].name, model.joints[0].parent) == ("j 1", "base")
    assert sorted(d.code for d in result.diagnostics if d.severity == "warning"
                  and d.code == "NAME_CHANGED") == ["NAME_CHANGED"] * 3
    back = urdfsdf.read_urdf(urdfsdf.sdf_to_urdf(result.text))
    assert [link.name for link in back.links] == [" base ", "arm  link"]
    assert [(j.name, j.parent, j.child) for j in back.joints] == [("j  1", " base ",
                                                                   "arm  link")]
    oracle = oracle_path()
    if oracle is not None:
        out = tmp_path / "r.sdf"
        out.write_text(result.text)
        report = run_oracle(oracle, str(out))
        assert report["errors"] == []
        assert sorted(report["models"]["r"]["links"]) == ["arm link", "base"]
