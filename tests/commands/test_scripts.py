"""The console scripts as a user runs them (issue 27): each test starts a process.

``urdf2sdf``, ``sdf2urdf`` and ``urdfsdf`` are run from the virtual environment's
``bin`` folder when they are installed there, else through ``python -c`` calling the
same entry point; either way with ``PYTHONPATH`` set to the source tree the tests
import, so the scripts run the code under test.
"""

from __future__ import annotations

import os
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
        cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """``script ARGS`` in a process: its exit status, stdout and stderr."""
    exe = Path(sys.executable).parent / script
    cmd = [str(exe)] if exe.exists() else [
        sys.executable, "-c",
        f"from urdfsdf.commands.cli import {ENTRIES[script]}; {ENTRIES[script]}()"]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
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
