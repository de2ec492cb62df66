"""A batch names every failure and loses no output (issue 49, items 3 and 4): inputs that
would share an output get distinct ones; a folder it cannot read is a failure
(``FILE_READ``), as is a file in one for every command; ``-q`` prints failures only.
Each test runs the console scripts as a user does."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from xml.etree import ElementTree

import pytest
from test_scripts import codes

from console_script import urdfsdf

from conftest import SAMPLES

BROKEN = '<robot name="b">\n  <link name="a"/>\n  <link/>\n</robot>\n'
#: what root keeps while permissions bar the way: reading and searching any folder
DAC_CAPABILITIES = "--bounding-set=-dac_override,-dac_read_search"


def _json_items(result: subprocess.CompletedProcess[str]) -> dict[str, dict[str, object]]:
    """A batch's ``--format json`` lines, by input path."""
    return {str(item["path"]): item for item in map(json.loads, result.stdout.splitlines())}


# -- item 3: no two inputs share an output ------------------------------------------------

@pytest.mark.parametrize("second", ["panda.urdf.xacro", "panda.v2.urdf"])
def test_urdf_inputs_that_would_share_a_model_folder(second: str, tmp_path: Path) -> None:
    if second.endswith(".xacro"):
        pytest.importorskip("xacro")
    src = tmp_path / "in" / "urdf"
    src.mkdir(parents=True)
    shutil.copy(SAMPLES / "parity.urdf", src / "panda.urdf")  # robot "model"
    shutil.copy(SAMPLES / "pendulum_with_base.urdf", src / second)
    shutil.copy(SAMPLES / "parity.urdf", src / "other.urdf")
    out = tmp_path / "out"
    result = urdfsdf("urdf2sdf", str(tmp_path / "in"), "-o", str(out), "--format", "json")
    assert result.returncode == 0, result.stderr
    items = _json_items(result)
    outputs = {Path(path).name: Path(str(item["output"])) for path, item in items.items()}
    # each its own model folder, named after its whole file name; the others unchanged
    assert outputs == {"panda.urdf": out / "urdf" / "panda.urdf" / "model.sdf",
                       second: out / "urdf" / second / "model.sdf",
                       "other.urdf": out / "urdf" / "other" / "model.sdf"}
    for name, output in outputs.items():  # each holds the robot of its input
        robot = ElementTree.parse(src / name).getroot().get("name")
        assert ElementTree.parse(output).getroot().find("model").get("name") == robot  # type: ignore[union-attr]
    assert not (out / "urdf" / "panda").exists()


def test_sdf_inputs_that_would_share_a_urdf(tmp_path: Path) -> None:
    src = tmp_path / "in"
    src.mkdir()
    for name in ("a.sdf", "a.world", "b.sdf", "c.sdf"):
        shutil.copy(SAMPLES / "pendulum_with_base.sdf", src / name)
    shutil.copytree(SAMPLES / "worlds" / "classic" / "models" / "pendulum_robot", src / "b")
    out = tmp_path / "out"
    result = urdfsdf("sdf2urdf", str(src), "-o", str(out), "--format", "json")
    assert result.returncode == 0, result.stderr
    outputs = {Path(path).relative_to(src).parts[0]: Path(str(item["output"])).name
               for path, item in _json_items(result).items()}
    assert outputs == {"a.sdf": "a.sdf.urdf", "a.world": "a.world.urdf", "b": "b.urdf",
                       "b.sdf": "b.sdf.urdf", "c.sdf": "c.urdf"}
    assert sorted(p.name for p in out.iterdir()) == sorted(outputs.values())


@pytest.mark.skipif(sys.platform == "win32", reason="symbolic links need privileges")
def test_no_output_is_written_over_another_inputs(tmp_path: Path) -> None:
    """Two names of one folder (here a link; a case-insensitive file system does the
    same with ``Robot.urdf`` and ``robot.urdf``): the second output is refused, naming the
    first, and the batch stops."""
    src = tmp_path / "in"
    src.mkdir()
    shutil.copy(SAMPLES / "parity.urdf", src / "a.urdf")
    shutil.copy(SAMPLES / "pendulum_with_base.urdf", src / "b.urdf")
    out = tmp_path / "out"
    (out / "a").mkdir(parents=True)
    (out / "b").symlink_to("a")
    result = urdfsdf("urdf2sdf", str(src), "-o", str(out), "-j", "1", "--format", "json")
    assert result.returncode == 1
    items = _json_items(result)
    assert items[str(src / "a.urdf")]["status"] == "ok"
    refused = items[str(src / "b.urdf")]
    assert refused["status"] == "failed"
    assert [d["code"] for d in refused["diagnostics"]] == ["OUTPUT_REFUSED"]  # type: ignore[attr-defined, index]
    assert str(src / "a.urdf") in refused["diagnostics"][0]["message"]  # type: ignore[index]
    assert "model" in (out / "a" / "model.sdf").read_text()  # a's output is whole


# -- item 4: every failure named -----------------------------------------------------------

@pytest.fixture
def unprivileged(tmp_path: Path) -> Iterator[list[str]]:
    """The prefix that runs a command bound by file permissions: none for a user; for
    root, ``setpriv`` without the capabilities that bypass them (root's uid stays: the
    interpreter may live where only root reads, as under /root)."""
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        yield []
        return
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.skip("running as root without setpriv (util-linux): a folder cannot be made "
                    "unreadable to the command")
    prefix = [setpriv, DAC_CAPABILITIES, "--"]
    locked = tmp_path / "probe"
    locked.mkdir()
    locked.chmod(0)
    probe = subprocess.run([*prefix, sys.executable, "-c",
                            "import os, sys; os.listdir(sys.argv[1])", str(locked)],
                           capture_output=True, text=True, check=False, timeout=60)
    locked.chmod(0o755)
    if "PermissionError" not in probe.stderr:
        pytest.skip(f"setpriv cannot drop root's capabilities here: {probe.stderr.strip()}")
    yield prefix


@pytest.fixture
def locked(tmp_path: Path) -> Iterator[Path]:
    """A folder holding a URDF and its SDF, that the command cannot read (mode 000; put
    back after the test)."""
    folder = tmp_path / "locked"
    folder.mkdir()
    shutil.copy(SAMPLES / "parity.urdf", folder / "r.urdf")
    shutil.copy(SAMPLES / "pendulum_with_base.sdf", folder / "r.sdf")
    folder.chmod(0)
    yield folder
    folder.chmod(0o755)


def test_a_batch_counts_a_folder_it_cannot_read(tmp_path: Path, unprivileged: list[str],
                                                 locked: Path) -> None:
    shutil.copy(SAMPLES / "parity.urdf", tmp_path / "ok.urdf")
    for fmt in ("text", "json"):
        out = tmp_path / f"out_{fmt}"
        result = urdfsdf("urdf2sdf", str(tmp_path), "-o", str(out), "--format", fmt,
                         prefix=unprivileged)
        assert result.returncode == 1, result.stderr
        assert "converted 1 of 2 files" in result.stderr
        if fmt == "text":
            assert codes(result.stderr).count(("FILE_READ", None)) == 2  # line, summary
        else:
            item = _json_items(result)[str(locked)]
            assert item["status"] == "failed" and item["output"] is None
            assert [(d["code"], d["line"]) for d in item["diagnostics"]] == \
                [("FILE_READ", None)]  # type: ignore[attr-defined]
        assert (out / "ok" / "model.sdf").is_file()
    # the folder given is the one that cannot be read
    result = urdfsdf("urdf2sdf", str(locked), "-o", str(tmp_path / "out"),
                     prefix=unprivileged)
    assert result.returncode == 1 and "converted 0 of 1 files" in result.stderr
    assert ("FILE_READ", None) in codes(result.stderr)


def test_a_batch_names_a_model_config_it_cannot_read(tmp_path: Path,
                                                      unprivileged: list[str]) -> None:
    src = tmp_path / "in"
    shutil.copytree(SAMPLES / "worlds" / "classic" / "models" / "pendulum_robot",
                    src / "robot")
    config = src / "robot" / "model.config"
    config.chmod(0)
    try:
        result = urdfsdf("sdf2urdf", str(src), "-o", str(tmp_path / "out"), "--format",
                         "json", prefix=unprivileged)
    finally:
        config.chmod(0o644)
    assert result.returncode == 1
    items = _json_items(result)
    # the model folder is named, its SDF files are not converted as files of their own
    assert list(items) == [str(config)]
    assert [d["code"] for d in items[str(config)]["diagnostics"]] == ["FILE_READ"]  # type: ignore[attr-defined]


@pytest.mark.parametrize("command", [
    ["urdf2sdf", "r.urdf"], ["sdf2urdf", "r.sdf"], ["check", "r.urdf"], ["poses", "r.sdf"],
    ["roundtrip", "r.urdf"], ["diff", "r.urdf", "r.sdf"], ["graph", "r.urdf", "-o", "{g}"]])
def test_every_command_names_a_file_in_a_folder_it_cannot_read(
        command: list[str], tmp_path: Path, unprivileged: list[str], locked: Path) -> None:
    argv = [str(locked / arg) if arg.startswith("r.") else arg.format(g=tmp_path / "g.dot")
            for arg in command]
    result = urdfsdf(*argv, prefix=unprivileged)
    assert result.returncode == 1
    assert "INTERNAL_ERROR" not in result.stderr
    inputs = [arg for arg in argv if arg.startswith(str(locked))]
    assert [c for c in codes(result.stderr)] == [("FILE_READ", None)] * len(inputs)
    assert not (tmp_path / "g.dot").exists()


def test_quiet_batch_prints_failures_only(tmp_path: Path) -> None:
    src = tmp_path / "in"
    src.mkdir()
    shutil.copy(SAMPLES / "parity.urdf", src / "a.urdf")
    shutil.copy(SAMPLES / "every_element.urdf", src / "b.urdf")  # warnings
    result = urdfsdf("urdf2sdf", str(src), "-o", str(tmp_path / "out"), "-q")
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "")
    (src / "c.urdf").write_text(BROKEN)
    result = urdfsdf("urdf2sdf", str(src), "-o", str(tmp_path / "out2"), "-q", "-j", "1")
    assert result.returncode == 1
    lines = result.stderr.splitlines()
    assert [line for line in lines if line.startswith("[")] == \
        [f"[3/3] FAILED {src / 'c.urdf'}: 1 error, 0 warnings"]
    assert codes(result.stderr).count(("ATTRIBUTE_MISSING", 3)) == 2  # its line, summary
    assert not [c for c in codes(result.stderr) if c[0] != "ATTRIBUTE_MISSING"]
    assert "converted 2 of 3 files" in lines[-3]
    assert (tmp_path / "out2" / "a" / "model.sdf").is_file()
