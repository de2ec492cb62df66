"""``urdfsdf diff A B`` (issue 27 item 10), run as a user runs it: the console script.

Exit status 0 for no difference, 1 for differences (or an invalid input, with its
diagnostic), 2 for usage; text and ``--format json`` list the same differences;
the README's example is the command's actual output.
"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest

from console_script import urdfsdf
from urdfsdf.compare import assert_same_kinematics, kinematics_differences

from conftest import ROOT, SAMPLES

PARITY = SAMPLES / "parity.urdf"


def edited(tmp_path: Path, name: str, *replacements: tuple[str, str],
           source: Path = PARITY) -> Path:
    text = source.read_text()
    for old, new in replacements:
        assert old in text
        text = text.replace(old, new)
    out = tmp_path / name
    out.write_text(text)
    return out


MOVED = ('xyz="0.1234 -0.5 1e-3"', 'xyz="0.1244 -0.5 1e-3"')   # joint1 1 mm along x
HEAVIER = ('<mass value="0.875"/>', '<mass value="0.9"/>')      # link3
TURNED = ('rpy="1.0471975511965976 -2e-2 0.3"', 'rpy="1.0471975511965976 -2e-2 0.31"')


def _paths(result: subprocess.CompletedProcess[str]) -> list[tuple[str, str]]:
    """(check, path) of each difference line of the text output."""
    return [(line.split(": ", 2)[0], line.split(": ", 2)[1])
            for line in result.stdout.splitlines()[:-1]]


def test_no_difference(tmp_path: Path) -> None:
    result = urdfsdf("diff", str(PARITY), str(PARITY))
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout.strip().endswith("no difference")
    result = urdfsdf("diff", str(PARITY), str(PARITY), "--format", "json", "--document")
    assert (result.returncode, json.loads(result.stdout)) == (0, [])


def test_urdf_and_its_sdf_in_any_mix(tmp_path: Path) -> None:
    sdf = tmp_path / "parity.sdf"
    assert urdfsdf("urdf2sdf", str(PARITY), "-o", str(sdf)).returncode == 0
    for a, b in ((PARITY, sdf), (sdf, PARITY), (sdf, sdf)):
        result = urdfsdf("diff", str(a), str(b), "--document")
        assert (result.returncode, result.stderr) == (0, ""), result.stdout
    # an edited URDF against the SDF: the document compared in URDF form
    result = urdfsdf("diff", str(sdf), str(edited(tmp_path, "e.urdf", MOVED)), "--document")
    assert result.returncode == 1
    assert _paths(result) == [("kinematics", "link[@name='link2']"),
                              ("document", "joint[@name='joint1']/origin/@xyz")]


def test_a_moved_joint_and_a_changed_mass(tmp_path: Path) -> None:
    b = edited(tmp_path, "edited.urdf", MOVED, HEAVIER)
    result = urdfsdf("diff", str(PARITY), str(b))
    assert result.returncode == 1 and result.stderr == ""
    assert _paths(result) == [("kinematics", "link[@name='link2']"),
                              ("inertia", "link[@name='link3']/inertial/mass"),
                              ("inertia", "link[@name='link3']/inertial/inertia")]
    link2 = result.stdout.splitlines()[0]
    assert "at zero" in link2 and "0.001 m" in link2 and "joint 'joint1'" in link2
    assert result.stdout.splitlines()[-1].endswith("3 difference(s) (1 kinematics, 2 inertia)")
    # --document adds the elements; --format json gives the same differences
    text = urdfsdf("diff", str(PARITY), str(b), "--document")
    js = urdfsdf("diff", str(PARITY), str(b), "--document", "--format", "json")
    assert js.returncode == 1
    found = json.loads(js.stdout)
    assert [f"{d['check']}: {d['path']}: {d['message']}" for d in found] == \
        text.stdout.splitlines()[:-1]
    assert {"check": "document", "path": "link[@name='link3']/inertial/mass/@value",
            "message": "'0.875' != '0.9'"} in found


def test_a_turned_joint_names_what_moved_and_by_how_much(tmp_path: Path) -> None:
    result = urdfsdf("diff", str(PARITY), str(edited(tmp_path, "t.urdf", TURNED)))
    assert result.returncode == 1
    lines = result.stdout.splitlines()
    assert _paths(result) == [("kinematics", "link[@name='link3']"),
                              ("kinematics", "link[@name='link4']"),
                              ("kinematics", "joint[@name='joint2']/axis"),
                              ("kinematics", "joint[@name='joint3']/axis")]
    assert re.search(r"rotation off by 0\.01 rad; moved by joint 'joint2'$", lines[0])
    # link4 hangs from joint3, which did not change: joint2 moved it
    assert "position off by" in lines[1] and lines[1].endswith("moved by joint 'joint2'")


def test_random_configurations_are_reproducible(tmp_path: Path) -> None:
    """An axis flipped: no frame moves at zero; at the seeded random values it does."""
    b = edited(tmp_path, "f.urdf", ('<axis xyz="1 0 0"/>', '<axis xyz="-1 0 0"/>'))
    first = urdfsdf("diff", str(PARITY), str(b))
    assert first.returncode == 1
    assert "link[@name='link3']: at {joint1: " in first.stdout
    assert urdfsdf("diff", str(PARITY), str(b)).stdout == first.stdout
    only_zero = urdfsdf("diff", str(PARITY), str(b), "--samples", "0")
    assert _paths(only_zero) == [("kinematics", "joint[@name='joint2']/axis")]


def test_tol(tmp_path: Path) -> None:
    b = edited(tmp_path, "edited.urdf", MOVED, HEAVIER)
    # 1 mm is within 0.01 (m); the mass is 2.8 % off: above 0.01, within 0.05 (relative)
    assert _paths(urdfsdf("diff", str(PARITY), str(b), "--tol", "0.01"))[0] == \
        ("inertia", "link[@name='link3']/inertial/mass")
    assert urdfsdf("diff", str(PARITY), str(b), "--tol", "0.05").returncode == 0


def test_invalid_input_and_usage(tmp_path: Path) -> None:
    bad = edited(tmp_path, "bad.urdf", ('<child link="link2"/>', '<child link="lnk2"/>'))
    result = urdfsdf("diff", str(PARITY), str(bad))
    assert result.returncode == 1 and result.stdout == ""
    assert f"{bad}:19: error[JOINT_CHILD_LINK_INVALID]" in result.stderr
    result = urdfsdf("diff", str(PARITY), str(tmp_path / "missing.urdf"))
    assert result.returncode == 1 and "error[FILE_READ]" in result.stderr
    result = urdfsdf("diff", str(PARITY), str(bad), "--format", "json")
    assert result.returncode == 1
    assert [d["code"] for d in json.loads(result.stderr)] == ["JOINT_CHILD_LINK_INVALID"]
    assert urdfsdf("diff", str(PARITY)).returncode == 2
    assert urdfsdf("diff", str(PARITY), str(PARITY), "--tol", "-1").returncode == 2
    world = SAMPLES / "worlds" / "classic" / "world.sdf"
    models = str(SAMPLES / "worlds" / "classic" / "models")
    result = urdfsdf("diff", str(world), str(world), "--resource-path", models)
    assert result.returncode == 2 and "error[ARGUMENT_INVALID]" in result.stderr
    result = urdfsdf("diff", str(world), str(world), "--resource-path", models,
                     "--model", "pendulum_robot")
    assert result.returncode == 0, result.stderr
    result = urdfsdf("diff", str(world), str(world), "--resource-path", models,
                     "--model", "nope")
    assert result.returncode == 2 and "error[ARGUMENT_INVALID]" in result.stderr


def test_stdin(tmp_path: Path) -> None:
    result = urdfsdf("diff", "-", str(PARITY), stdin=PARITY.read_text())
    assert result.returncode == 0 and result.stdout.startswith("<stdin> -> ")


def test_the_assertion_raises_the_differences_listed() -> None:
    """One home for the rule: the assertion's lines are kinematics_differences'."""
    moved = PARITY.read_text().replace(*MOVED)
    found = kinematics_differences(PARITY.read_text(), moved)
    with pytest.raises(AssertionError) as exc:
        assert_same_kinematics(PARITY.read_text(), moved)
    assert str(exc.value).splitlines()[1:] == [f"  {d}" for d in found]


def test_readme_example_is_the_actual_output(tmp_path: Path) -> None:
    """README's "Comparing two robots" block: the commands, then their output as shown."""
    text = (ROOT / "README.md").read_text()
    section = text.split("### Comparing two robots", 1)[1].split("\n#", 1)[0]
    block = re.findall(r"```sh\n(.*?)```", section, re.S)[0]
    commands = [line[2:] for line in block.splitlines() if line.startswith("$ ")]
    shown = [line for line in block.splitlines() if line and not line.startswith("$ ")]
    assert len(commands) == 2 and shown
    edit, run = (c.replace("/tmp/", f"{tmp_path}/") for c in commands)
    assert subprocess.run(edit, shell=True, cwd=ROOT, check=False).returncode == 0
    result = urdfsdf(*run.split()[1:])
    assert result.returncode == 1
    assert result.stdout.replace(f"{tmp_path}/", "/tmp/").splitlines() == shown
