"""The ``urdfsdf`` console script in a process, as a user runs it (one home for the tests
that run it: skipped where the package is not installed with its scripts)."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

from conftest import ROOT


def urdfsdf(*argv: str, cwd: Path = ROOT, stdin: str | None = None,
            prefix: Sequence[str] = ()) -> subprocess.CompletedProcess[str]:
    """``urdfsdf ARGV`` run from ``cwd`` (with ``stdin``; ``prefix``: the command that
    runs it, e.g. ``setpriv ...``): its exit status, stdout, stderr."""
    exe = Path(sys.executable).parent / "urdfsdf"
    if not exe.exists():
        pytest.skip("console scripts not installed")
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    return subprocess.run([*prefix, str(exe), *argv], capture_output=True, text=True,
                          env=env, cwd=cwd, input=stdin, check=False, timeout=120)
