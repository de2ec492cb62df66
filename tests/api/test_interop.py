"""Interop with urdf_parser_py and urchin; urchin also checks forward kinematics."""

from __future__ import annotations

import numpy as np
import pytest

import urdfsdf
from urdfsdf.core import transforms as tf
from urdfsdf.interop import from_urdf_parser_py, to_urchin, to_urdf_parser_py
from urdfsdf.sdf.frames import analyze

from conftest import SAMPLES


def test_urdf_parser_py_both_ways() -> None:
    pytest.importorskip("urdf_parser_py.urdf")
    robot = to_urdf_parser_py(str(SAMPLES / "pendulum_with_base.sdf"))
    assert [link.name for link in robot.links] == ["base", "pendulum"]
    assert robot.joints[0].origin.xyz == [0.0, 0.0, 0.73]
    model = from_urdf_parser_py(robot)
    assert model.joint("joint") is not None
    assert model.joint("joint").pose.xyz == (0.0, 0.0, 0.73)


def test_urchin_forward_kinematics_matches_the_frame_engine() -> None:
    """Independent check: urchin's FK of sdf2urdf output vs urdfsdf's own SDF frames."""
    pytest.importorskip("urchin")
    path = SAMPLES / "spec" / "proposal_ex1_1_urdf_parity.sdf"
    robot = to_urchin(str(path))
    fk = robot.link_fk()  # zero configuration
    by_name = {link.name: pose for link, pose in fk.items()}
    doc = urdfsdf.read_sdf_document(str(path))
    scope = analyze(doc, urdfsdf.Diagnostics()).models[doc.models[0].name]
    root = scope.pose("link1")
    for name in ("link2", "link3", "link4"):
        expected = tf.as_matrix(tf.relative(root, scope.pose(name)))
        np.testing.assert_allclose(by_name[name], expected, atol=1e-9)
