"""The README shows exactly two set-up commands, and CI runs the second one verbatim."""

from __future__ import annotations

import re
from pathlib import Path

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


def test_readme_commands_work_as_written(tmp_path: Path) -> None:
    """Each command of README's "Commands" block, with its /tmp/ paths in tmp_path."""
    import os
    import subprocess
    import sys

    bindir = Path(sys.executable).parent
    if not (bindir / "urdf2sdf").exists():
        import pytest

        pytest.skip("console scripts not installed")
    env = {**os.environ, "PATH": f"{bindir}{os.pathsep}{os.environ.get('PATH', '')}"}
    lines = _command_lines()
    assert len(lines) >= 6
    assert all("/tmp/" in line for line in lines if " -o " in line)
    for line in lines:
        line = line.replace("/tmp/", f"{tmp_path}/")
        result = subprocess.run(line, shell=True, cwd=ROOT, env=env, capture_output=True,
                                text=True, timeout=300, check=False)
        assert result.returncode == 0, (line, result.stderr[-2000:])
        assert "Traceback" not in result.stderr
    assert (tmp_path / "parity.urdf").read_text().startswith("<?xml")
    assert (tmp_path / "frames.dot").read_text().startswith("digraph")
    assert (tmp_path / "models" / "parity" / "model.sdf").exists()
