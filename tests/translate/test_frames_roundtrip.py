"""Explicit SDF frames survive SDF -> URDF -> SDF as //frame elements.

URDF has no frames: sdf2urdf writes each //frame as a massless link on a fixed
joint, marked with ``<sdf:frame>`` (convert.frame_marker).  urdf2sdf recognises
the marked link and writes the //frame back: top-level frames exactly as
written (name, attached_to, pose relative_to and number text), frames of
nested models attached to their parent link at the same pose.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from urdfsdf import read_sdf_document
from urdfsdf.api import sdf_to_urdf_result, urdf_to_sdf_result
from urdfsdf.commands.poses import poses_source
from urdfsdf.core import transforms as tf
from urdfsdf.core.ir import Frame, Model

from conftest import SAMPLES

SPEC = SAMPLES / "spec"


def _valid_with_frames() -> list[Path]:
    out = []
    for path in sorted(SPEC.glob("*.sdf")):
        text = path.read_text()
        if "EXPECT" in text or "<frame" not in text:
            continue
        if sdf_to_urdf_result(str(path)).text is not None:
            out.append(path)
    return out


CASES = _valid_with_frames()


def _frames(model: Model) -> dict[str, Frame]:
    return {f.name: f for f in model.frames}


def _xf(p: dict[str, Any]) -> np.ndarray:
    return tf.as_matrix(tf.from_xyz_rpy(p["xyz"], p["rpy"]))


def test_there_are_cases() -> None:
    assert len(CASES) >= 10


def _in_root(model_poses: dict[str, Any], name: str, root: str) -> np.ndarray:
    """A frame's pose in the root link (URDF has no model frame apart from it)."""
    return np.linalg.inv(_xf(model_poses["links"][root])) @ _xf(model_poses["frames"][name])


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.name)
def test_frames_come_back_as_frames(path: Path) -> None:
    urdf = sdf_to_urdf_result(str(path))
    assert urdf.text is not None
    back = urdf_to_sdf_result(urdf.text)
    assert back.text is not None, back.diagnostics
    assert not [d for d in back.diagnostics if d.severity != "info"], back.diagnostics
    moved = {d.message.split("'")[1] for d in back.diagnostics
             if d.code == "VALUE_APPROXIMATED"}
    doc = read_sdf_document(str(path))
    (after,) = read_sdf_document(back.text).models
    got = _frames(after)
    before_poses = next(iter(poses_source(str(path))[0]["models"].values()))
    after_poses = next(iter(poses_source(back.text)[0]["models"].values()))
    model = next(m for m in [*doc.models, *(m for w in doc.worlds for m in w.models)]
                 if m.name == after.name)
    for frame in model.frames:
        assert frame.name in got, frame.name
        g = got[frame.name]
        as_written = (g.attached_to or None, g.pose.relative_to, g.pose.tokens()) == (
            frame.attached_to or None, frame.pose.relative_to, frame.pose.tokens())
        # as written, unless the URDF moved a frame it names (reported)
        assert as_written or frame.name in moved, frame.name
    # every frame is attached to the same body, at the same pose
    root = after.links[0].name
    for name, entry in before_poses["frames"].items():
        assert name in after_poses["frames"], name
        body = entry["attached_to_body"].replace("::", "_")
        assert after_poses["frames"][name]["attached_to_body"] == body, name
        np.testing.assert_allclose(_in_root(after_poses, name, root),
                                   _in_root(before_poses, name, root), atol=1e-9)
    # and no frame came back as a link
    assert not set(after_poses["links"]) & set(got)


def test_frames_of_a_urdf_shaped_model_come_back_as_written() -> None:
    path = SPEC / "proposal_ex2_frame_urdf_parity.sdf"
    back = urdf_to_sdf_result(sdf_to_urdf_result(str(path)).text or "")
    assert back.text is not None
    assert not [d for d in back.diagnostics if d.code == "VALUE_APPROXIMATED"]
    (model,) = read_sdf_document(str(path)).models
    (after,) = read_sdf_document(back.text).models
    assert {f.name: (f.attached_to, f.pose.relative_to, f.pose.tokens())
            for f in after.frames} == {
        f.name: (f.attached_to, f.pose.relative_to, f.pose.tokens()) for f in model.frames}


def test_urdf_with_markers_is_plain_urdf_for_urdfdom(tmp_path: Path) -> None:
    if shutil.which("check_urdf") is None:
        pytest.skip("check_urdf (liburdfdom-tools) absent")
    urdf = sdf_to_urdf_result(str(SPEC / "proposal_ex2_frame_urdf_parity.sdf")).text
    assert urdf is not None and "<sdf:frame" in urdf
    path = tmp_path / "f.urdf"
    path.write_text(urdf)
    out = subprocess.run(["check_urdf", str(path)], capture_output=True, text=True,
                         check=False)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "joint1_frame" in out.stdout


STALE = """<robot name="r">
  <link name="a"/>
  <link name="f"><sdf:frame xmlns:sdf="http://sdformat.org/urdfsdf" attached_to="gone">
    <sdf:pose>1 2 3 0 0 0</sdf:pose></sdf:frame></link>
  <joint name="f_joint" type="fixed"><origin xyz="4 5 6"/><parent link="a"/>
    <child link="f"/></joint>
</robot>
"""


def test_stale_marker_falls_back_to_the_urdf_pose() -> None:
    result = urdf_to_sdf_result(STALE)
    assert result.text is not None
    assert [(d.code, d.line) for d in result.diagnostics if d.severity == "info"] == [
        ("VALUE_APPROXIMATED", 3)]
    (model,) = read_sdf_document(result.text).models
    assert [link.name for link in model.links] == ["a"] and not model.joints
    frame = _frames(model)["f"]
    assert frame.attached_to == "a"
    poses = next(iter(poses_source(result.text)[0]["models"].values()))
    assert poses["frames"]["f"]["xyz"] == pytest.approx([4, 5, 6])


def test_marked_link_with_content_stays_a_link() -> None:
    text = STALE.replace('<link name="f">', '<link name="f"><visual><geometry><sphere '
                         'radius="1"/></geometry></visual>')
    result = urdf_to_sdf_result(text)
    assert result.text is not None
    (model,) = read_sdf_document(result.text).models
    assert {link.name for link in model.links} == {"a", "f"} and not model.frames
    assert re.search(r"<urdf:frame|<sdf:frame", result.text)  # the marker still travels
