"""CLI behaviour: stdin/stdout, -o written atomically, never over the input, console scripts."""

from __future__ import annotations

import io
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from urdfsdf.commands.cli import main

from conftest import SAMPLES


class _Stdin(io.StringIO):
    def __init__(self, data: bytes) -> None:
        super().__init__()
        self.buffer = io.BytesIO(data)


def test_stdin_to_stdout() -> None:
    out = io.StringIO()
    data = (SAMPLES / "parity.urdf").read_bytes()
    assert main(["urdf2sdf"], stdout=out, stderr=io.StringIO(), stdin=_Stdin(data)) == 0
    assert '<sdf version="1.7"' in out.getvalue() or "version=\"1.7\"" in out.getvalue()
    back = io.StringIO()
    assert main(["sdf2urdf", "-"], stdout=back, stderr=io.StringIO(),
                stdin=_Stdin(out.getvalue().encode())) == 0
    assert back.getvalue().lstrip().startswith("<?xml")
    assert '<robot name="model"' in back.getvalue()


def test_output_file_and_no_temp_left(tmp_path: Path) -> None:
    out = tmp_path / "robot.sdf"
    assert main(["urdf2sdf", str(SAMPLES / "parity.urdf"), "-o", str(out)],
                stdout=io.StringIO(), stderr=io.StringIO()) == 0
    assert out.read_text().startswith("<?xml")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["robot.sdf"]


def test_refuses_to_overwrite_input(tmp_path: Path) -> None:
    src = tmp_path / "robot.urdf"
    shutil.copy(SAMPLES / "parity.urdf", src)
    before = src.read_bytes()
    err = io.StringIO()
    assert main(["urdf2sdf", str(src), "-o", str(src)], stdout=io.StringIO(), stderr=err) == 1
    assert src.read_bytes() == before
    assert "OUTPUT_REFUSED" in err.getvalue()


def test_strict_turns_warnings_into_errors(tmp_path: Path) -> None:
    out = tmp_path / "o.sdf"
    # every_element.urdf has floating and planar joints: approximated, with warnings
    err = io.StringIO()
    assert main(["urdf2sdf", str(SAMPLES / "every_element.urdf"), "--strict", "-o", str(out)],
                stdout=io.StringIO(), stderr=err) == 1
    assert not out.exists()
    assert "warning[VALUE_APPROXIMATED]" in err.getvalue()
    assert main(["urdf2sdf", str(SAMPLES / "every_element.urdf"), "-o", str(out)],
                stdout=io.StringIO(), stderr=io.StringIO()) == 0
    assert out.exists()


@pytest.mark.parametrize("script", ["urdf2sdf", "sdf2urdf", "urdfsdf"])
def test_console_scripts_installed(script: str) -> None:
    exe = Path(sys.executable).parent / script
    if not exe.exists():
        pytest.skip("package not installed as scripts")
    result = subprocess.run([str(exe), "--help"] if script == "urdfsdf" else
                            [str(exe), "--help"], capture_output=True, text=True, check=False)
    assert result.returncode == 0
    assert "usage" in result.stdout.lower()


def test_json_diagnostics() -> None:
    import json

    err = io.StringIO()
    status = main(["urdf2sdf", "--format", "json"], stdout=io.StringIO(), stderr=err,
                  stdin=_Stdin(b"<robot name='r'><link/></robot>"))
    assert status == 1
    items = json.loads(err.getvalue())
    assert items[0]["code"] == "ATTRIBUTE_MISSING"
    assert items[0]["line"] == 1
    assert items[0]["file"] == "<stdin>"
