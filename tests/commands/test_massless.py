"""Issue 38, item 3: massless links that physics engines survive, through the commands.

A massless link that a moving joint moves (DART crashes on it: gz-physics issues 849,
854) is a ``LINK_MASSLESS`` warning at its line from ``urdf2sdf`` and ``urdfsdf check``
(URDF and SDF input); ``urdf2sdf --massless-as-frames`` writes massless leaf links on
fixed joints as ``<frame>``s and ``--min-inertia MASS`` gives the moving ones a mass,
and ``sdf2urdf`` gives the URDF back as written after either.
"""

from __future__ import annotations

import contextlib
import io
import json
import subprocess
from pathlib import Path

import pytest
from lxml import etree

from urdfsdf.api import sdf_to_urdf_result, urdf_to_sdf_result
from urdfsdf.commands.cli import main
from urdfsdf.translate.massless import MOMENT_PER_KG

from conftest import oracle_path

DATA = Path(__file__).resolve().parent.parent / "data"
#: the massless links of every kind (tests/data: its marks say which warn, where)
LINKS = DATA / "urdf" / "massless_links.urdf"
FREE_ROOT = DATA / "urdf" / "massless_free_root.urdf"
#: its lines: the links a moving joint moves with no mass fixed to them
HAND, FINGER = 31, 44


def _run(*argv: str | Path) -> tuple[int, str, list[tuple[str, str, int | None]]]:
    """``urdfsdf ARGV --format json``: exit status, stdout, (code, severity, line) of each
    diagnostic."""
    out, err = io.StringIO(), io.StringIO()
    status = main([*map(str, argv), "--format", "json"], stdout=out, stderr=err)
    # (check prints its diagnostics on stdout, the other commands on stderr)
    text = out.getvalue() if argv[0] == "check" else err.getvalue()
    found = json.loads(text[text.index("["):]) if "[" in text else []
    return status, out.getvalue(), [(d["code"], d["severity"], d["line"]) for d in found]


def _warnings(found: list[tuple[str, str, int | None]], code: str) -> list[int | None]:
    return sorted(line for c, severity, line in found if c == code and severity == "warning")


def _urdf2sdf(tmp_path: Path, src: Path, *options: str) -> tuple[Path, list[
        tuple[str, str, int | None]]]:
    out = tmp_path / (src.stem + ".sdf")
    status, _, found = _run("urdf2sdf", src, "-o", out, *options)
    assert status == 0, found
    return out, found


# -- the warning --------------------------------------------------------------------------

def test_urdf2sdf_and_check_warn_of_each_moving_massless_link(tmp_path: Path) -> None:
    sdf, found = _urdf2sdf(tmp_path, LINKS)
    assert _warnings(found, "LINK_MASSLESS") == [HAND, FINGER]
    status, _, checked = _run("check", LINKS)
    assert status == 0 and _warnings(checked, "LINK_MASSLESS") == [HAND, FINGER]
    # the SDF it wrote: the same two links, at their lines there
    root = etree.parse(str(sdf)).getroot()
    lines = sorted(el.sourceline for el in root.iter("link")
                   if el.get("name") in ("hand", "finger"))
    status, _, checked = _run("check", sdf)
    assert status == 0 and _warnings(checked, "LINK_MASSLESS") == lines


def test_a_frame_like_link_and_a_welded_root_do_not_warn(tmp_path: Path) -> None:
    """camera_frame and tool0 (fixed leaves), base_link (a massless root whose fixed child
    has mass), knuckle_link (its fixed child has mass): none warns."""
    _, found = _urdf2sdf(tmp_path, LINKS)
    assert [line for code, _, line in found if code == "LINK_MASSLESS"] == [HAND, FINGER]
    status, _, checked = _run("check", DATA / "urdf" / "massless_fixed_in_world.urdf")
    assert status == 0 and checked == []


def test_a_massless_root_that_a_joint_moves_from_warns(tmp_path: Path) -> None:
    _, found = _urdf2sdf(tmp_path, FREE_ROOT)
    assert _warnings(found, "LINK_MASSLESS") == [5]


def test_a_static_model_moves_nothing(tmp_path: Path) -> None:
    static = tmp_path / "static.urdf"
    static.write_text(LINKS.read_text().replace(
        "</robot>", "<gazebo><static>true</static></gazebo></robot>"))
    _, found = _urdf2sdf(tmp_path, static)
    assert _warnings(found, "LINK_MASSLESS") == []


def test_check_of_sdf_input_warns_at_the_link(tmp_path: Path) -> None:
    sdf = DATA / "sdf" / "massless_links.sdf"
    status, _, found = _run("check", sdf)
    assert status == 0 and _warnings(found, "LINK_MASSLESS") == [9, 24]
    assert _run("check", sdf, "--strict")[0] == 1


# -- --massless-as-frames -----------------------------------------------------------------

def test_massless_as_frames_writes_fixed_leaves_as_frames(tmp_path: Path) -> None:
    sdf, found = _urdf2sdf(tmp_path, LINKS, "--massless-as-frames")
    model = etree.parse(str(sdf)).getroot().find("model")
    assert model is not None
    frames = {f.get("name"): f for f in model.iter("frame")}
    assert sorted(frames) == ["camera_frame", "tool0"]
    assert frames["tool0"].get("attached_to") == "hand"
    assert frames["tool0"].findtext("pose") == "0 0 0.05 0 1.5707963 0"
    assert frames["camera_frame"].get("attached_to") == "body"
    links = [link.get("name") for link in model.iter("link")]
    joints = [joint.get("name") for joint in model.iter("joint")]
    assert "tool0" not in links and "hand_to_tool" not in joints
    # nothing else merged: the other links and joints stay, with their warnings
    assert {"base_link", "body", "hand", "finger", "knuckle_link", "knuckle_mesh"} == set(links)
    assert _warnings(found, "LINK_MASSLESS") == [HAND, FINGER]
    oracle = oracle_path()
    if oracle is not None:  # libsdformat loads it, strictly, without a message
        run = subprocess.run([oracle, "--strict", str(sdf)], capture_output=True, text=True,
                             timeout=120, check=False)
        assert json.loads(run.stdout)["errors"] == [], run.stdout


def test_massless_as_frames_comes_back_as_written(tmp_path: Path) -> None:
    sdf, _ = _urdf2sdf(tmp_path, LINKS, "--massless-as-frames")
    back = tmp_path / "back.urdf"
    status, _, found = _run("sdf2urdf", sdf, "-o", back, "-v")
    assert status == 0 and not [c for c, severity, _ in found if severity != "info"]
    assert "SHAPE_FRAMES" not in {c for c, _, _ in found}  # the copy path: text copied
    status, out, _ = _run("diff", LINKS, back, "--document")
    assert status == 0, out
    status, out, _ = _run("roundtrip", LINKS, "--massless-as-frames")
    assert status == 0, out


def test_massless_as_frames_keeps_links_something_names(tmp_path: Path) -> None:
    """A <gazebo reference> (a sensor on a frame link) keeps the link a link."""
    named = tmp_path / "named.urdf"
    named.write_text(LINKS.read_text().replace(
        "</robot>", '<gazebo reference="camera_frame"><sensor name="cam" type="camera"/>'
                    "</gazebo></robot>"))
    sdf, _ = _urdf2sdf(tmp_path, named, "--massless-as-frames")
    model = etree.parse(str(sdf)).getroot().find("model")
    assert model is not None
    assert [f.get("name") for f in model.iter("frame")] == ["tool0"]
    assert model.find("link[@name='camera_frame']/sensor") is not None


# -- --min-inertia ------------------------------------------------------------------------

def test_min_inertia_gives_each_moving_massless_link_a_mass(tmp_path: Path) -> None:
    sdf, found = _urdf2sdf(tmp_path, LINKS, "--min-inertia", "0.001")
    assert _warnings(found, "LINK_MASSLESS") == []
    assert _warnings(found, "VALUE_APPROXIMATED") == [HAND, FINGER]
    model = etree.parse(str(sdf)).getroot().find("model")
    assert model is not None
    for name in ("hand", "finger"):
        inertial = model.find(f"link[@name='{name}']/inertial")
        assert inertial is not None and inertial.findtext("mass") == "0.001"
        moments = [float(inertial.findtext(f"inertia/{m}") or "nan")
                   for m in ("ixx", "iyy", "izz")]
        assert moments == [0.001 * MOMENT_PER_KG] * 3
    status, _, checked = _run("check", sdf)
    assert status == 0 and _warnings(checked, "LINK_MASSLESS") == []
    # the frame-like links stay massless
    camera = model.find("link[@name='camera_frame']/inertial")
    assert camera is not None and camera.findtext("mass") == "0"


def test_min_inertia_comes_back_massless_as_written(tmp_path: Path) -> None:
    sdf, _ = _urdf2sdf(tmp_path, LINKS, "--min-inertia", "0.001", "--massless-as-frames")
    back = tmp_path / "back.urdf"
    status, _, found = _run("sdf2urdf", sdf, "-o", back)
    assert status == 0 and found == []
    status, out, _ = _run("diff", LINKS, back, "--document")
    assert status == 0, out
    status, out, _ = _run("roundtrip", LINKS, "--min-inertia", "0.001",
                          "--massless-as-frames")
    assert status == 0, out


def test_an_edited_minimal_inertia_is_kept(tmp_path: Path) -> None:
    """A mass edited in the SDF since is the user's: sdf2urdf writes it."""
    sdf, _ = _urdf2sdf(tmp_path, LINKS, "--min-inertia", "0.001")
    edited = sdf.read_text().replace("<mass>0.001</mass>", "<mass>0.5</mass>", 1)
    back = sdf_to_urdf_result(edited)
    assert back.text is not None
    hand = etree.fromstring(back.text.encode()).find("link[@name='hand']/inertial/mass")
    assert hand is not None and hand.get("value") == "0.5"


def test_min_inertia_takes_only_a_mass_above_zero() -> None:
    for bad in ("0", "-1", "heavy", "nan", "inf"):
        assert main(["urdf2sdf", str(LINKS), "--min-inertia", bad], stdout=io.StringIO(),
                    stderr=io.StringIO()) == 2
    result = urdf_to_sdf_result(str(LINKS), min_inertia="heavy")
    assert result.text is None
    assert [d.code for d in result.diagnostics] == ["ARGUMENT_INVALID"]


def test_the_api_takes_both_options() -> None:
    result = urdf_to_sdf_result(str(LINKS), massless_as_frames=True, min_inertia=0.002)
    assert result.ok and result.text is not None
    model = etree.fromstring(result.text.encode()).find("model")
    assert model is not None and model.find("frame[@name='tool0']") is not None
    assert model.findtext("link[@name='hand']/inertial/mass") == "0.002"
    assert sorted(d.line for d in result.diagnostics if d.code == "VALUE_APPROXIMATED") == [
        HAND, FINGER]


@pytest.mark.parametrize("argv", [["urdf2sdf", "--help"], ["roundtrip", "--help"]])
def test_help_lists_the_options(argv: list[str]) -> None:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):  # argparse prints help to sys.stdout
        assert main(argv, stdout=io.StringIO(), stderr=io.StringIO()) == 0
    assert "--massless-as-frames" in out.getvalue() and "--min-inertia MASS" in out.getvalue()


def test_roundtrip_of_sdf_refuses_the_urdf2sdf_options() -> None:
    status, _, found = _run("roundtrip", DATA / "sdf" / "massless_links.sdf",
                            "--min-inertia", "0.001")
    assert status == 2 and [c for c, _, _ in found] == ["ARGUMENT_INVALID"]
