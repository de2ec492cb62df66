"""The ``urdfsdf`` console script in a process, as a user runs it (one home for the tests
that run it: skipped where the package is not installed with its scripts)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT


def urdfsdf(*argv: str, cwd: Path = ROOT, stdin: str | None = None
            ) -> subprocess.CompletedProcess[str]:
    """``urdfsdf ARGV`` run from ``cwd`` (with ``stdin``): its exit status, stdout, stderr."""
    exe = Path(sys.executable).parent / "urdfsdf"
    if not exe.exists():
        pytest.skip("console scripts not installed")
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    return subprocess.run([str(exe), *argv], capture_output=True, text=True, env=env,
                          cwd=cwd, input=stdin, check=False, timeout=120)
