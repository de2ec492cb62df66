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


def test_testing_extra_runs_the_example_with_pytest(tmp_path: Path) -> None:
    """`pip install 'urdfsdf[testing]'` then `pytest test_prefix.py`, as README says."""
    import os
    import subprocess
    import sys

    import urdfsdf

    # the extra's one line in pyproject.toml (tomllib is Python 3.11+; 3.10 is supported)
    (line,) = re.findall(r"^testing = \[(.*)\]$", (ROOT / "pyproject.toml").read_text(), re.M)
    extras = [e.strip().strip('"') for e in line.split(",")]
    assert {re.split(r"[<>=\[ ]", e, maxsplit=1)[0] for e in extras} >= {"hypothesis", "pytest"}
    text = (ROOT / "README.md").read_text()
    section = text.split("## Testing your own robot code", 1)[1].split("\n## ", 1)[0]
    (block,) = re.findall(r"```python\n(.*?)```", section, re.S)
    assert "pytest test_prefix.py" in block
    (tmp_path / "test_prefix.py").write_text(block)
    src = str(Path(urdfsdf.__file__).resolve().parent.parent)
    env = {**os.environ, "PYTHONPATH": src}
    result = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                             "test_prefix.py"], cwd=tmp_path, env=env, capture_output=True,
                            text=True, timeout=600, check=False)
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    assert "1 passed" in result.stdout
