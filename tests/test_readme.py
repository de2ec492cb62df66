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
