"""The console scripts as a user runs them (issue 27): each test starts a process.

``urdf2sdf``, ``sdf2urdf`` and ``urdfsdf`` are run from the virtual environment's
``bin`` folder when they are installed there, else through ``python -c`` calling the
same entry point; either way with ``PYTHONPATH`` set to the source tree the tests
import, so the scripts run the code under test.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import urdfsdf

from conftest import SAMPLES

SRC = Path(urdfsdf.__file__).resolve().parent.parent
ENTRIES = {"urdf2sdf": "urdf2sdf_entry", "sdf2urdf": "sdf2urdf_entry",
           "urdfsdf": "urdfsdf_entry"}


def run(script: str, *args: str | Path, stdin: str | None = None,
        cwd: Path | None = None,
        env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """``script ARGS`` in a process (``env``: its environment, default the tests'): its
    exit status, stdout and stderr."""
    exe = Path(sys.executable).parent / script
    cmd = [str(exe)] if exe.exists() else [
        sys.executable, "-c",
        f"from urdfsdf.commands.cli import {ENTRIES[script]}; {ENTRIES[script]}()"]
    base = os.environ if env is None else env
    env = {**base, "PYTHONPATH": os.pathsep.join(
        [str(SRC), *filter(None, [os.environ.get("PYTHONPATH")])])}
    return subprocess.run([*cmd, *map(str, args)], input=stdin, capture_output=True,
                          text=True, env=env, cwd=cwd, timeout=300, check=False)


def codes(stderr: str) -> list[tuple[str, int | None]]:
    """(code, line) of each ``file:line: severity[CODE]: message`` line."""
    found = []
    for line in stderr.splitlines():
        head, sep, _ = line.partition("]: ")
        if not sep or "[" not in head:
            continue
        where, _, sev_code = head.rpartition(": ")
        code = sev_code.partition("[")[2]
        number = where.rpartition(":")[2]
        found.append((code, int(number) if number.isdigit() else None))
    return found


# -- 1. --version ------------------------------------------------------------------

@pytest.mark.parametrize("script", ["urdfsdf", "urdf2sdf", "sdf2urdf"])
def test_version(script: str) -> None:
    from urdfsdf.commands.cli import version

    result = run(script, "--version")
    assert result.returncode == 0, result.stderr
    assert result.stdout == f"{script} {version()}\n"
    assert version() not in ("", "unknown")


# -- 2. each script speaks its own name ----------------------------------------------

@pytest.mark.parametrize("script", ["urdf2sdf", "sdf2urdf"])
def test_script_help_and_errors_use_its_name(script: str) -> None:
    result = run(script, "--help")
    assert result.returncode == 0
    assert result.stdout.startswith(f"usage: {script} ")
    assert "exit status: 0" in result.stdout
    result = run(script, "--no-such-option")
    assert result.returncode == 2
    assert result.stderr.startswith(f"{script}: error: ")
    result = run(script, str(SAMPLES), "--timeout", "-1", "-o", "/nonexistent/out")
    assert result.returncode == 2
    assert result.stderr.startswith(f"{script}: error: ")


def test_umbrella_help_names_its_commands() -> None:
    result = run("urdfsdf", "check", "--help")
    assert result.returncode == 0
    assert result.stdout.startswith("usage: urdfsdf check ")


# -- 3. poses and check take URDF; a converter given the other format says so ---------

def _close(a: object, b: object) -> bool:
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_close(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_close(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, float) and isinstance(b, float):
        return abs(a - b) <= 1e-9
    return a == b


@pytest.mark.parametrize("name", ["parity.urdf", "pendulum_with_base.urdf"])
def test_poses_of_a_urdf_are_those_of_its_sdf(name: str, tmp_path: Path) -> None:
    """Every link and joint frame of a URDF, as the frame engine poses its SDF form."""
    result = run("urdfsdf", "poses", SAMPLES / name, "--json")
    assert result.returncode == 0, result.stderr
    ours = json.loads(result.stdout)
    sdf = tmp_path / "robot.sdf"
    assert run("urdf2sdf", SAMPLES / name, "-o", sdf).returncode == 0
    result = run("urdfsdf", "poses", sdf, "--format", "json")
    assert result.returncode == 0, result.stderr
    theirs = json.loads(result.stdout)
    assert ours["errors"] == [] and ours["worlds"] == {}
    (model, got), = ours["models"].items()
    expected = theirs["models"][model]
    assert set(got["links"]) == set(expected["links"]) and got["links"]
    assert set(got["joints"]) == set(expected["joints"]) and got["joints"]
    assert _close(got, expected)


def test_poses_of_a_urdf_every_joint(tmp_path: Path) -> None:
    """Floating and planar joints (no SDF 1.7 form) are posed too; the text listing works."""
    from lxml import etree

    result = run("urdfsdf", "poses", SAMPLES / "every_element.urdf", "--json")
    assert result.returncode == 0, result.stderr
    (model,) = json.loads(result.stdout)["models"].values()
    robot = etree.parse(str(SAMPLES / "every_element.urdf")).getroot()
    assert set(model["links"]) == {el.get("name") for el in robot.iterfind("link")}
    assert set(model["joints"]) == {el.get("name") for el in robot.iterfind("joint")}
    assert all(p is not None for p in [*model["links"].values(), *model["joints"].values()])
    text = run("urdfsdf", "poses", SAMPLES / "every_element.urdf")
    assert text.returncode == 0 and "joint     floating_joint: xyz" in text.stdout


def test_poses_of_a_broken_urdf(tmp_path: Path) -> None:
    bad = tmp_path / "bad.urdf"
    bad.write_text('<robot name="r">\n  <link name="a"/>\n  <joint name="j" type="fixed">\n'
                   '    <parent link="a"/><child link="b"/>\n  </joint>\n</robot>\n')
    result = run("urdfsdf", "poses", bad, "--json")
    assert result.returncode == 1
    report = json.loads(result.stdout)
    assert report["models"] == {}
    assert [(d["code"], d["line"]) for d in report["errors"]] == \
        [("JOINT_CHILD_LINK_INVALID", 3)]


CHECK_URDF = shutil.which("check_urdf") or shutil.which(
    "check_urdf", path=str(Path(sys.executable).parent))


@pytest.mark.parametrize(("text", "expected"), [
    ('<robot name="r">\n  <link name="a"/>\n</robot>\n', []),
    ('<robot name="r">\n  <link name="a"/>\n  <joint name="j" type="fixed">\n'
     '    <parent link="a"/><child link="b"/>\n  </joint>\n</robot>\n',
     [("JOINT_CHILD_LINK_INVALID", 3)]),
    ('<robot name="r">\n  <link name="a"/>\n  <link name="b"/>\n'
     '  <joint name="j" type="fixed"><parent link="a"/><child link="b"/></joint>\n'
     '  <joint name="k" type="fixed"><parent link="b"/><child link="a"/></joint>\n</robot>\n',
     [("URDF_TREE_INVALID", 1)]),
    ('<robot name="r">\n  <link name="a"/>\n  <link name="b"/>\n  <joint name="j" '
     'type="fixed">\n    <origin xyz="1 2"/>\n    <parent link="a"/>\n    <child link="b"/>\n'
     '  </joint>\n</robot>\n', [("ATTRIBUTE_INVALID", 5)]),
], ids=["valid", "missing_child", "loop", "bad_number"])
def test_check_of_a_urdf(text: str, expected: list[tuple[str, int]], tmp_path: Path) -> None:
    path = tmp_path / "robot.urdf"
    path.write_text(text)
    result = run("urdfsdf", "check", path)
    assert result.returncode == (1 if expected else 0), result.stderr
    found = codes(result.stderr)
    assert set(expected) <= set(found) and (expected or found == [])
    if CHECK_URDF is not None:  # urdfdom agrees on well-formed or not
        theirs = subprocess.run([CHECK_URDF, str(path)], capture_output=True, check=False)
        assert (theirs.returncode == 0) == (not expected)


def test_check_of_a_urdf_with_two_roots(tmp_path: Path) -> None:
    """Drake reads each root as a free body: a warning, an error with --strict (urdfdom
    refuses the robot: docs/lenient.md, row 5)."""
    path = tmp_path / "robot.urdf"
    path.write_text('<robot name="r">\n  <link name="a"/>\n  <link name="b"/>\n</robot>\n')
    lenient, strict = run("urdfsdf", "check", path), run("urdfsdf", "check", path, "--strict")
    assert (lenient.returncode, codes(lenient.stderr), strict.returncode) == (
        0, [("URDF_TREE_INVALID", 3)], 1)


def test_converter_given_the_other_format_names_the_command(tmp_path: Path) -> None:
    result = run("sdf2urdf", SAMPLES / "parity.urdf")
    assert result.returncode == 1 and result.stdout == ""
    assert codes(result.stderr) == [("WRONG_FORMAT", 9)]
    assert "urdf2sdf" in result.stderr
    result = run("urdf2sdf", SAMPLES / "pendulum_with_base.sdf", "-o", tmp_path / "x.sdf")
    assert result.returncode == 1 and not (tmp_path / "x.sdf").exists()
    (code, line), = codes(result.stderr)
    assert code == "WRONG_FORMAT" and line is not None
    assert "sdf2urdf" in result.stderr


# -- 4. a Gazebo model folder is one input ----------------------------------------------

def _model_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "pendulum_robot"
    shutil.copytree(SAMPLES / "worlds" / "classic" / "models" / "pendulum_robot", folder)
    return folder


def test_model_folder_is_one_input(tmp_path: Path) -> None:
    from lxml import etree

    folder = _model_folder(tmp_path)
    out = tmp_path / "ur5.urdf"
    result = run("sdf2urdf", folder, "-o", out)
    assert result.returncode == 0, result.stderr
    assert out.is_file()
    assert etree.parse(str(out)).getroot().tag == "robot"
    result = run("sdf2urdf", folder)  # no -o: the URDF on stdout
    assert result.returncode == 0, result.stderr
    assert result.stdout == out.read_text()
    before = sorted(p.name for p in folder.iterdir())
    result = run("sdf2urdf", folder, "-o", folder / "model.sdf")  # never over its input
    assert result.returncode == 1
    assert [c for c, _ in codes(result.stderr)] == ["OUTPUT_REFUSED"]
    assert sorted(p.name for p in folder.iterdir()) == before
    for command in (["urdfsdf", "check"], ["urdfsdf", "poses"]):
        assert run(*command, folder).returncode == 0


def test_urdf2sdf_of_a_model_folder_names_sdf2urdf(tmp_path: Path) -> None:
    folder = _model_folder(tmp_path)
    result = run("urdf2sdf", folder, "-o", tmp_path / "out")
    assert result.returncode == 1
    assert [c for c, _ in codes(result.stderr)] == ["WRONG_FORMAT"]
    assert "sdf2urdf" in result.stderr
    assert not (tmp_path / "out").exists()


def test_folder_of_model_folders_is_still_a_batch(tmp_path: Path) -> None:
    _model_folder(tmp_path / "models")
    result = run("sdf2urdf", tmp_path / "models", "-o", tmp_path / "out")
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "out" / "pendulum_robot.urdf").is_file()


# -- 5. stdout carries data only; --json is --format json -------------------------------

def test_status_lines_go_to_stderr(tmp_path: Path) -> None:
    result = run("urdfsdf", "graph", SAMPLES / "parity.urdf", "-o", tmp_path / "g.dot")
    assert result.returncode == 0, result.stderr
    assert result.stdout == "" and "wrote" in result.stderr
    bad = tmp_path / "bad.urdf"
    bad.write_text('<robot name="r">\n  <link name="a"/>\n'
                   '  <joint name="j" type="fixed"><parent link="a"/><child link="b"/></joint>\n'
                   '</robot>\n')
    for path, status in ((SAMPLES / "parity.urdf", 0), (bad, 1),
                         (SAMPLES / "pendulum_with_base.sdf", 0)):
        result = run("urdfsdf", "check", path)
        assert result.returncode == status, result.stderr
        assert result.stdout == "" and str(path) in result.stderr
    result = run("urdfsdf", "check", bad, "--format", "json")  # data: on stdout
    assert result.returncode == 1
    assert [(d["code"], d["line"]) for d in json.loads(result.stdout)] == \
        [("JOINT_CHILD_LINK_INVALID", 3)]
    result = run("urdfsdf", "roundtrip", SAMPLES / "parity.urdf")
    assert result.returncode == 0 and result.stdout == ""
    assert "no difference" in result.stderr


@pytest.mark.parametrize("command", [["urdfsdf", "poses"], ["urdfsdf", "check"],
                                     ["urdfsdf", "roundtrip"], ["urdf2sdf"]])
def test_json_is_one_option(command: list[str]) -> None:
    sample = SAMPLES / ("parity.urdf" if command[-1] != "poses" else "pendulum_with_base.sdf")
    long = run(*command, sample, "--format", "json")
    short = run(*command, sample, "--json")
    assert long.returncode == short.returncode == 0, long.stderr
    assert (long.stdout, long.stderr) == (short.stdout, short.stderr)
    if command[-1] != "urdf2sdf":
        json.loads(long.stdout)
    usage = run(*command, "--help").stdout
    assert "--format {text,json}" in usage and "--json" not in usage.replace(
        "--json is", "")


def test_batch_json_lines(tmp_path: Path) -> None:
    src = tmp_path / "in"
    src.mkdir()
    shutil.copy(SAMPLES / "parity.urdf", src)
    shutil.copy(SAMPLES / "every_element.urdf", src)  # converts, with warnings
    (src / "broken.urdf").write_text('<robot name="b">\n  <link name="a"/>\n  <link/>\n'
                                     '</robot>\n')
    result = run("urdf2sdf", src, "-o", tmp_path / "out", "--format", "json", "-j", "1")
    assert result.returncode == 1
    items = [json.loads(line) for line in result.stdout.splitlines()]
    assert sorted(Path(i["path"]).name for i in items) == \
        ["broken.urdf", "every_element.urdf", "parity.urdf"]
    by_name = {Path(i["path"]).name: i for i in items}
    assert all(set(i) == {"path", "status", "output", "diagnostics"} for i in items)
    assert by_name["broken.urdf"]["status"] == "failed"
    assert by_name["broken.urdf"]["output"] is None
    assert [(d["code"], d["line"]) for d in by_name["broken.urdf"]["diagnostics"]
            if d["severity"] == "error"] == [("ATTRIBUTE_MISSING", 3)]
    for name in ("parity.urdf", "every_element.urdf"):
        assert by_name[name]["status"] == "ok"
        assert Path(by_name[name]["output"]).is_file()
    assert any(d["severity"] == "warning" for d in by_name["every_element.urdf"]["diagnostics"])
    assert "converted 2 of 3 files" in result.stderr  # progress and summary: stderr


# -- 6. batch reports what matters -------------------------------------------------------

def _batch_input(tmp_path: Path) -> Path:
    src = tmp_path / "in"
    src.mkdir()
    shutil.copy(SAMPLES / "every_element.urdf", src / "a_warned.urdf")  # 2 warnings
    shutil.copy(SAMPLES / "parity.urdf", src / "b_clean.urdf")
    (src / "c_broken.urdf").write_text('<robot name="b">\n  <link name="a"/>\n  <link/>\n'
                                       '</robot>\n')
    return src


def test_batch_one_line_per_file_with_its_warnings(tmp_path: Path) -> None:
    src = _batch_input(tmp_path)
    result = run("urdf2sdf", src, "-o", tmp_path / "out", "-j", "1")
    assert result.returncode == 1
    lines = result.stderr.splitlines()
    per_file = {name: [line for line in lines if line.startswith("[")
                       and str(src / name) + ":" in line]
                for name in ("a_warned.urdf", "b_clean.urdf", "c_broken.urdf")}
    assert all(len(found) == 1 for found in per_file.values()), per_file
    # 2 warnings, and (issue 52: they were infos) its 6 meshes the model folder lacks
    assert per_file["a_warned.urdf"][0].endswith(": 8 warnings")
    assert per_file["b_clean.urdf"][0].endswith(": 0 warnings")
    assert " FAILED " in per_file["c_broken.urdf"][0]
    assert codes(result.stderr).count(("ATTRIBUTE_MISSING", 3)) >= 1
    assert not [c for c in codes(result.stderr) if c[0] == "VALUE_APPROXIMATED"]
    # each line names a path once (was: "FAILED X: X:3: error[...]")
    for line in lines:
        assert all(line.count(str(src / name)) <= 1 for name in per_file), line
    assert any(line.strip().startswith(f"FAILED {src / 'c_broken.urdf'}:3: error[") for
               line in lines)
    verbose = run("urdf2sdf", src, "-o", tmp_path / "out2", "-j", "1", "-v")
    assert [c for c, _ in codes(verbose.stderr)].count("VALUE_APPROXIMATED") == 2


def test_batch_unwritable_output_folder_is_refused_once(tmp_path: Path) -> None:
    src = _batch_input(tmp_path)
    (tmp_path / "file").write_text("")
    result = run("urdf2sdf", src, "-o", tmp_path / "file" / "out")  # not a folder
    assert result.returncode == 1
    assert codes(result.stderr) == [("OUTPUT_REFUSED", None)]
    assert result.stderr.count("OUTPUT_REFUSED") == 1
    assert "CRASH" not in result.stderr and "converted" not in result.stderr


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_batch_stops_at_an_output_it_cannot_write(tmp_path: Path, jobs: str) -> None:
    src = _batch_input(tmp_path)
    for i in range(4):
        shutil.copy(SAMPLES / "parity.urdf", src / f"d{i}.urdf")
    out = tmp_path / "out"
    out.mkdir()
    (out / "a_warned").write_text("")  # where the first file's model folder goes
    result = run("urdf2sdf", src, "-o", out, "-j", jobs, "--format", "json")
    assert result.returncode == 1
    items = {Path(i["path"]).name: i for i in map(json.loads, result.stdout.splitlines())}
    assert len(items) == 7
    assert items["a_warned.urdf"]["status"] == "failed"
    assert [d["code"] for d in items["a_warned.urdf"]["diagnostics"]
            if d["severity"] == "error"] == ["OUTPUT_REFUSED"]
    skipped = [name for name, i in items.items() if i["status"] == "skipped"]
    if jobs == "1":  # in order: the batch stopped at the first file
        assert len(skipped) == 6
    # (-j 2: the files another worker finished first are written; none after the refusal)
    assert sum(1 for i in items.values() for d in i["diagnostics"]
               if d["code"] == "OUTPUT_REFUSED") == 1
    assert "CRASH" not in result.stderr
    assert ("not converted" in result.stderr) == bool(skipped)
    assert sorted(p.name for p in out.iterdir() if p.name not in
                  {Path(i["output"]).parent.name for i in items.values() if i["output"]}) == \
        ["a_warned"]


def test_batch_lines_on_a_terminal_stay_above_the_bar() -> None:
    """On a terminal each file's line is printed above the bar, which is cleared at a stop."""
    import io

    from urdfsdf.commands.batch import Job, Outcome, Progress

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    term = Terminal()
    progress = Progress(3, term)
    progress.update(Outcome(Job(Path("a.urdf"), Path("a")), True))
    progress.update(Outcome(Job(Path("b.urdf"), Path("b")), False), ["b.urdf:1: error[X]: m"])
    progress.close()
    screen = term.getvalue().split("\r\x1b[K")
    assert screen == ["", "[1/3] ok     a.urdf: 0 warnings\n[##########" + "-" * 20 + "] 1/3",
                      "[2/3] FAILED b.urdf: 0 warnings\nb.urdf:1: error[X]: m\n[" + "#" * 20
                      + "-" * 10 + "] 2/3", ""]
