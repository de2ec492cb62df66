"""Fitting ROS workflows: xacro input, robot_description, batch folders, URI maps."""

from __future__ import annotations

import io
import shutil
import subprocess
from pathlib import Path

import pytest
from lxml import etree

import urdfsdf
from urdfsdf.commands.cli import main
from urdfsdf.ros import robot_description

from conftest import CORPUS, SAMPLES, requires_corpus

XACRO = """<?xml version="1.0"?>
<robot xmlns:xacro="http://www.ros.org/wiki/xacro" name="arm">
  <xacro:arg name="length" default="0.5"/>
  <xacro:property name="len" value="$(arg length)"/>
  <xacro:include filename="$(find arm_parts)/link.xacro"/>
  <xacro:part name="base"/>
  <xacro:part name="tip"/>
  <joint name="j" type="revolute">
    <origin xyz="0 0 ${len}" rpy="0 0 0"/>
    <parent link="base"/><child link="tip"/>
    <axis xyz="0 0 1"/><limit lower="-1" upper="1" effort="1" velocity="1"/>
  </joint>
</robot>
"""
PART = """<?xml version="1.0"?>
<robot xmlns:xacro="http://www.ros.org/wiki/xacro">
  <xacro:macro name="part" params="name"><link name="${name}"/></xacro:macro>
</robot>
"""


def _xacro_files(tmp_path: Path) -> Path:
    pytest.importorskip("xacro")
    (tmp_path / "parts").mkdir()
    (tmp_path / "parts" / "link.xacro").write_text(PART)
    src = tmp_path / "arm.urdf.xacro"
    src.write_text(XACRO)
    return src


def test_xacro_input_with_args_and_package_path(tmp_path: Path) -> None:
    src = _xacro_files(tmp_path)
    out = io.StringIO()
    err = io.StringIO()
    status = main(["urdf2sdf", str(src), "--xacro-arg", "length:=0.75",
                   "--package-path", f"arm_parts={tmp_path / 'parts'}"], stdout=out, stderr=err)
    assert status == 0, err.getvalue()
    pose = etree.fromstring(out.getvalue().encode()).find("model/joint/pose")
    assert pose.get("relative_to") == "base"
    assert pose.text.split()[:3] == ["0", "0", "0.75"]


def test_xacro_unresolved_package_is_a_clear_error(tmp_path: Path) -> None:
    src = _xacro_files(tmp_path)
    err = io.StringIO()
    assert main(["urdf2sdf", str(src)], stdout=io.StringIO(), stderr=err) == 1
    assert "XACRO_FAILED" in err.getvalue()
    assert "--package-path" in err.getvalue()
    assert "Traceback" not in err.getvalue()


def test_robot_description_from_each_format(tmp_path: Path) -> None:
    urdf_text = (SAMPLES / "parity.urdf").read_text()
    assert robot_description(str(SAMPLES / "parity.urdf")) == urdf_text
    from_sdf = robot_description(str(SAMPLES / "pendulum_with_base.sdf"))
    assert etree.fromstring(from_sdf.encode()).tag == "robot"
    assert robot_description(urdfsdf.urdf_to_sdf(urdf_text)).count("<joint ") == 3
    if shutil.which("check_urdf"):
        path = tmp_path / "rd.urdf"
        path.write_text(from_sdf)
        assert subprocess.run(["check_urdf", str(path)], capture_output=True,
                              check=False).returncode == 0
    with pytest.raises(urdfsdf.TranslationError):
        robot_description("<robot name='x'><link/></robot>")


def test_uri_map_rewrites_prefixes() -> None:
    sdf = urdfsdf.urdf_to_sdf(str(SAMPLES / "every_element.urdf"))
    out = io.StringIO()
    err = io.StringIO()

    class _In(io.StringIO):
        buffer = io.BytesIO(sdf.encode())

    status = main(["sdf2urdf", "--uri-map", "package://every_element_description/=model://ee/"],
                  stdout=out, stderr=err, stdin=_In())
    assert status == 0
    assert "model://ee/meshes/" in out.getvalue()
    assert "package://every_element_description/" not in out.getvalue()
    # model:// cannot be resolved by ROS tools: a warning says so
    assert "model://" in err.getvalue() and "warning[VALUE_APPROXIMATED]" in err.getvalue()


@requires_corpus
def test_batch_folder_both_ways(tmp_path: Path) -> None:
    src = tmp_path / "in"
    shutil.copytree(CORPUS / "urdf_tutorial" / "urdf", src)
    (src / "broken.urdf").write_text("<robot name='b'><link/></robot>")
    err = io.StringIO()
    status = main(["urdf2sdf", str(src), "-o", str(tmp_path / "sdf"), "-j", "2"],
                  stdout=io.StringIO(), stderr=err)
    assert status == 1  # one file failed
    text = err.getvalue()
    assert "converted 8 of 9 files" in text
    assert "FAILED" in text and "broken.urdf" in text
    folders = sorted(p.parent.name for p in (tmp_path / "sdf").rglob("model.sdf"))
    assert len(folders) == 8
    for sdf in (tmp_path / "sdf").rglob("model.sdf"):
        assert (sdf.parent / "model.config").exists()
        # the same checks as a single-file conversion: valid SDF, copies back
        from urdfsdf.commands.check import check_source

        report = check_source(str(sdf))
        assert not [d for d in report.diagnostics if d.severity == "error"]
        assert report.paths == {sdf.parent.name.split(".")[0]: "copy"} or \
            set(report.paths.values()) == {"copy"}
    err = io.StringIO()
    assert main(["sdf2urdf", str(tmp_path / "sdf"), "-o", str(tmp_path / "urdf")],
                stdout=io.StringIO(), stderr=err) == 0
    urdfs = sorted(p.name for p in (tmp_path / "urdf").rglob("*.urdf"))
    assert len(urdfs) == 8
    for path in (tmp_path / "urdf").rglob("*.urdf"):
        urdfsdf.read_urdf(str(path))
        if shutil.which("check_urdf"):
            assert subprocess.run(["check_urdf", str(path)], capture_output=True,
                                  check=False).returncode == 0


def test_batch_needs_output_folder(tmp_path: Path) -> None:
    err = io.StringIO()
    assert main(["urdf2sdf", str(tmp_path)], stdout=io.StringIO(), stderr=err) == 2


@requires_corpus
def test_batch_of_the_corpus_equals_single_file_conversions(tmp_path: Path) -> None:
    """Every corpus URDF: batch succeeds exactly where urdf2sdf on the file succeeds."""
    from urdfsdf.api import urdf_to_sdf_result
    from urdfsdf.commands.check import check_source

    err = io.StringIO()
    status = main(["urdf2sdf", str(CORPUS), "-o", str(tmp_path / "out")],
                  stdout=io.StringIO(), stderr=err)
    text = err.getvalue()
    summary = [line for line in text.splitlines() if line.startswith("converted ")]
    assert len(summary) == 1 and "Traceback" not in text
    sources = sorted(p for p in CORPUS.rglob("*") if p.suffix in (".urdf", ".xacro"))
    single_ok = {p for p in sources if urdf_to_sdf_result(str(p)).ok}
    outputs = {p.parent for p in (tmp_path / "out").rglob("model.sdf")}
    assert len(outputs) == len(single_ok)
    assert summary[0].startswith(f"converted {len(single_ok)} of {len(sources)} files")
    assert status == (0 if len(single_ok) == len(sources) else 1)
    for sdf in (tmp_path / "out").rglob("model.sdf"):
        report = check_source(str(sdf))
        assert not [d for d in report.diagnostics if d.severity == "error"], sdf
        assert set(report.paths.values()) == {"copy"}
