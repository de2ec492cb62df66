"""Every option is honoured or refused, and ``-o`` writes through symbolic links (issue 34).

Each test runs the console script as a user does (``urdfsdf COMMAND ...`` in a process).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from lxml import etree

from console_script import urdfsdf

from conftest import SAMPLES

PARITY = SAMPLES / "parity.urdf"
PENDULUM = SAMPLES / "pendulum_with_base.sdf"
#: a URDF that reads with one warning (a link that is the child of two joints)
WARNS = Path(__file__).resolve().parent.parent / "data" / "urdf" / "child_of_two_joints.urdf"


def _model_sdf(*names: str, world: bool = False) -> str:
    models = "".join(f'<model name="{n}"><link name="l"/></model>' for n in names)
    body = f'<world name="w">{models}</world>' if world else models
    return f'<?xml version="1.0"?>\n<sdf version="1.7">{body}</sdf>\n'


# -- no option is silently ignored ----------------------------------------------------

@pytest.mark.parametrize(("argv", "flag"), [
    (["urdf2sdf", str(PARITY), "-j", "2"], "-j/--jobs"),
    (["urdf2sdf", str(PARITY), "--timeout", "5"], "--timeout"),
    (["sdf2urdf", str(PENDULUM), "-j", "2"], "-j/--jobs"),
    (["sdf2urdf", "-", "--timeout", "5"], "--timeout"),
    (["urdf2sdf", str(PARITY), "--xacro-arg", "a:=1"], "--xacro-arg"),
    (["urdf2sdf", "-", "--package-path", "pkg=/tmp"], "--package-path"),
    (["urdf2sdf", str(SAMPLES), "-o", "/tmp/never", "-j", "0"], "-j/--jobs"),
])
def test_an_option_the_input_cannot_use_is_a_usage_error(argv: list[str], flag: str) -> None:
    result = urdfsdf(*argv, stdin=PARITY.read_text())
    assert result.returncode == 2, result.stderr
    assert flag in result.stderr and "error:" in result.stderr
    assert result.stdout == ""


def test_model_applies_to_every_file_of_a_folder(tmp_path: Path) -> None:
    src = tmp_path / "in"
    src.mkdir()
    (src / "one.sdf").write_text(_model_sdf("arm"))
    (src / "two.sdf").write_text(_model_sdf("arm", "cart", world=True))
    (src / "three.sdf").write_text(_model_sdf("cart"))
    out = tmp_path / "out"
    result = urdfsdf("sdf2urdf", str(src), "-o", str(out), "--model", "arm",
                     "--format", "json")
    assert result.returncode == 0, result.stderr
    items = {Path(i["path"]).name: i for i in map(json.loads, result.stdout.splitlines())}
    assert {n: i["status"] for n, i in items.items()} == {
        "one.sdf": "ok", "two.sdf": "ok", "three.sdf": "skipped"}
    assert [d["code"] for d in items["three.sdf"]["diagnostics"]] == ["ELEMENT_MISSING"]
    for name in ("one", "two"):  # the model asked for, even in a world of two
        robot = etree.parse(str(out / f"{name}.urdf")).getroot()
        assert robot.get("name") == "arm"
    assert not (out / "three.urdf").exists()
    assert "skipped" in result.stderr and "three.sdf" in result.stderr


def test_model_no_file_holds_fails(tmp_path: Path) -> None:
    src = tmp_path / "in"
    src.mkdir()
    (src / "one.sdf").write_text(_model_sdf("arm"))
    result = urdfsdf("sdf2urdf", str(src), "-o", str(tmp_path / "out"), "--model", "nope")
    assert result.returncode == 1
    assert "no file holds a model named 'nope'" in result.stderr
    assert not list((tmp_path / "out").rglob("*.urdf"))


def test_strict_makes_a_warning_fail_poses_too() -> None:
    assert urdfsdf("poses", str(WARNS)).returncode == 0
    strict = urdfsdf("poses", str(WARNS), "--strict")
    assert strict.returncode == 1
    assert "warning[" in strict.stderr


def test_diff_model_on_two_urdfs_is_a_usage_error() -> None:
    result = urdfsdf("diff", str(PARITY), str(PARITY), "--model", "x")
    assert result.returncode == 2
    assert "ARGUMENT_INVALID" in result.stderr and "--model" in result.stderr


# -- -o through a symbolic link ----------------------------------------------------------

def _is_sdf(path: Path) -> bool:
    return etree.parse(str(path)).getroot().tag == "sdf"


def test_output_through_a_link_writes_its_target(tmp_path: Path) -> None:
    target = tmp_path / "share" / "robot.sdf"
    target.parent.mkdir()
    target.write_text("old")
    link = tmp_path / "robot.sdf"
    link.symlink_to(target)
    result = urdfsdf("urdf2sdf", str(PARITY), "-o", str(link))
    assert result.returncode == 0, result.stderr
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert _is_sdf(target)
    assert sorted(p.name for p in target.parent.iterdir()) == ["robot.sdf"]  # no temp file


def test_a_dangling_link_creates_its_target(tmp_path: Path) -> None:
    link = tmp_path / "robot.sdf"
    link.symlink_to("built/robot.sdf")
    (tmp_path / "built").mkdir()
    result = urdfsdf("urdf2sdf", str(PARITY), "-o", str(link))
    assert result.returncode == 0, result.stderr
    assert link.is_symlink() and _is_sdf(tmp_path / "built" / "robot.sdf")


def test_a_link_to_the_input_is_refused(tmp_path: Path) -> None:
    src = tmp_path / "parity.urdf"
    src.write_bytes(PARITY.read_bytes())
    link = tmp_path / "out.urdf"
    link.symlink_to(src)
    result = urdfsdf("urdf2sdf", str(src), "-o", str(link))
    assert result.returncode == 1
    assert "OUTPUT_REFUSED" in result.stderr
    assert src.read_bytes() == PARITY.read_bytes() and link.is_symlink()


def test_a_loop_of_links_is_refused(tmp_path: Path) -> None:
    (tmp_path / "a.sdf").symlink_to("b.sdf")
    (tmp_path / "b.sdf").symlink_to("a.sdf")
    result = urdfsdf("urdf2sdf", str(PARITY), "-o", str(tmp_path / "a.sdf"))
    assert result.returncode == 1 and "OUTPUT_REFUSED" in result.stderr
    assert (tmp_path / "a.sdf").is_symlink() and (tmp_path / "b.sdf").is_symlink()


def test_batch_outputs_write_through_links(tmp_path: Path) -> None:
    src = tmp_path / "in"
    src.mkdir()
    (src / "parity.urdf").write_bytes(PARITY.read_bytes())
    installed = tmp_path / "install" / "model.sdf"
    installed.parent.mkdir()
    installed.write_text("old")
    model = tmp_path / "out" / "parity" / "model.sdf"
    model.parent.mkdir(parents=True)
    model.symlink_to(installed)
    result = urdfsdf("urdf2sdf", str(src), "-o", str(tmp_path / "out"))
    assert result.returncode == 0, result.stderr
    assert model.is_symlink() and _is_sdf(installed)


def test_graph_model_draws_that_model_only(tmp_path: Path) -> None:
    src = tmp_path / "two.sdf"
    src.write_text(_model_sdf("arm", "cart"))
    out = tmp_path / "g.dot"
    assert urdfsdf("graph", str(src), "-o", str(out)).returncode == 0
    both = out.read_text()
    assert "arm" in both and "cart" in both
    result = urdfsdf("graph", str(src), "-o", str(out), "--model", "cart")
    assert result.returncode == 0, result.stderr
    assert "cart" in out.read_text() and "arm" not in out.read_text()
    missing = urdfsdf("graph", str(src), "-o", str(tmp_path / "n.dot"), "--model", "nope")
    assert missing.returncode == 1 and "error[ARGUMENT_INVALID]" in missing.stderr
    assert not (tmp_path / "n.dot").exists()


def test_graph_model_on_a_urdf_is_said_not_silent(tmp_path: Path) -> None:
    result = urdfsdf("graph", str(PARITY), "-o", str(tmp_path / "g.dot"), "--model", "x")
    assert result.returncode == 0 and "warning[ARGUMENT_INVALID]" in result.stderr


def test_graph_strict_fails_on_a_warning(tmp_path: Path) -> None:
    assert urdfsdf("graph", str(WARNS), "-o", str(tmp_path / "g.dot")).returncode == 0
    strict = urdfsdf("graph", str(WARNS), "-o", str(tmp_path / "s.dot"), "--strict")
    assert strict.returncode == 1 and (tmp_path / "s.dot").exists()


def test_a_model_config_is_read_as_safely_as_any_input(tmp_path: Path) -> None:
    from urdfsdf.commands.batch import model_config_sdf

    (tmp_path / "robot.sdf").write_text(_model_sdf("arm"))
    config = tmp_path / "model.config"
    config.write_text('<?xml version="1.0"?>\n<model><sdf version="1.7">robot.sdf</sdf></model>')
    assert model_config_sdf(tmp_path) == tmp_path / "robot.sdf"
    config.write_text('<?xml version="1.0"?>\n<!DOCTYPE model [<!ENTITY f "robot.sdf">]>\n'
                      '<model><sdf version="1.7">&f;</sdf></model>')
    assert model_config_sdf(tmp_path) is None  # entity declarations are refused
    config.write_text('<?xml version="1.0"?>\n<!DOCTYPE model SYSTEM "names.dtd">\n'
                      '<model><sdf version="1.7">robot.sdf</sdf></model>')
    assert model_config_sdf(tmp_path) is None  # so is an external DTD
