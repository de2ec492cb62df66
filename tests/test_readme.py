"""The README shows exactly two set-up commands, and CI runs the second one verbatim."""

from __future__ import annotations

import re

from conftest import ROOT


def _setup_commands() -> list[str]:
    text = (ROOT / "README.md").read_text()
    section = text.split("## Set up", 1)[1].split("\n## ", 1)[0]
    return [b.strip() for b in re.findall(r"```sh\n(.*?)```", section, re.S)]


def test_two_setup_commands() -> None:
    commands = _setup_commands()
    assert len(commands) == 2
    assert "urdf2sdf samples/" in commands[0]
    assert "pytest" in commands[1]


def test_ci_runs_the_readme_test_command() -> None:
    ci = (ROOT / ".ci" / "run").read_text()
    assert _setup_commands()[1] in ci.splitlines()


def _command_lines() -> list[str]:
    text = (ROOT / "README.md").read_text()
    section = text.split("## Commands", 1)[1].split("\n## ", 1)[0]
    block = re.findall(r"```sh\n(.*?)```", section, re.S)[0]
    return [line for line in block.splitlines() if line.strip()]


def test_readme_commands_work_as_written() -> None:
    import os
    import shutil
    import subprocess
    import sys
    from pathlib import Path

    bindir = Path(sys.executable).parent
    if not (bindir / "urdf2sdf").exists():
        import pytest

        pytest.skip("console scripts not installed")
    shutil.rmtree("/tmp/models", ignore_errors=True)
    env = {**os.environ, "PATH": f"{bindir}{os.pathsep}{os.environ.get('PATH', '')}"}
    lines = _command_lines()
    assert len(lines) >= 6
    for line in lines:
        result = subprocess.run(line, shell=True, cwd=ROOT, env=env, capture_output=True,
                                text=True, timeout=300, check=False)
        assert result.returncode == 0, (line, result.stderr[-2000:])
        assert "Traceback" not in result.stderr
    assert Path("/tmp/parity.urdf").read_text().startswith("<?xml")
    assert Path("/tmp/frames.dot").read_text().startswith("digraph")
    assert (Path("/tmp/models") / "parity" / "model.sdf").exists()
