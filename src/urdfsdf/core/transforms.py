"""Rigid transforms: ``X_AB`` is the pose of frame B measured in frame A.

A transform is a pair ``(R, p)``: ``R`` the 3x3 rotation as a row-major
9-tuple, ``p`` the translation 3-tuple.  ``compose(X_AB, X_BC) == X_AC``.

Rotations follow URDF/SDFormat ``rpy``: fixed axes X then Y then Z, so
``R = Rz(yaw) @ Ry(pitch) @ Rx(roll)``.

This is plain-float Python on purpose: for 3x3 matrices one numpy call costs
more than the whole product (measured: composing two poses is ~1.1 us here,
~6 us with ``numpy.ndarray``), and the frame engine composes one transform
per frame.  numpy is used where arrays pay (:func:`as_matrix`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from urdfsdf.core.ir import Pose
from urdfsdf.core.numbers import SNAP

if TYPE_CHECKING:  # numpy is imported where arrays are made: it costs ~0.1 s at start-up
    import numpy as np

Rot = tuple[float, float, float, float, float, float, float, float, float]
Vec = tuple[float, float, float]
Transform = tuple[Rot, Vec]

ROT_IDENTITY: Rot = (1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0)
IDENTITY: Transform = (ROT_IDENTITY, (0.0, 0.0, 0.0))


def rot_from_rpy(roll: float, pitch: float, yaw: float) -> Rot:
    """Rotation matrix of fixed-axis roll, pitch, yaw."""
    if roll == 0.0 and pitch == 0.0 and yaw == 0.0:
        return ROT_IDENTITY
    cr, sr = math.cos(roll), math.sin(roll)
    cp, sp = math.cos(pitch), math.sin(pitch)
    cy, sy = math.cos(yaw), math.sin(yaw)
    return (
        cy * cp, cy * sp * sr - sy * cr, cy * sp * cr + sy * sr,
        sy * cp, sy * sp * sr + cy * cr, sy * sp * cr - cy * sr,
        -sp, cp * sr, cp * cr,
    )


def rpy_from_rot(r: Rot) -> Vec:
    """Fixed-axis roll, pitch, yaw of a rotation (pitch in [-pi/2, pi/2]).

    At gimbal lock (|pitch| = pi/2) roll is 0 and yaw carries the rotation
    about the vertical; compare results as matrices, not as rpy.
    """
    r00, r01, r02, r10, r11, r12, r20, r21, r22 = r
    pitch = math.atan2(-r20, math.hypot(r00, r10))  # accurate even near the lock
    # Near the lock r00, r10, r21, r22 are tiny and carry rounding noise large
    # relative to their size: a roll and a yaw each taken from them would be off
    # by up to ~1e-6 and no longer cancel.  So take roll, then solve yaw for it,
    # which keeps rot_from_rpy(rpy_from_rot(r)) within ~1e-15 of r everywhere.
    roll = 0.0 if math.hypot(r21, r22) < 1e-15 else math.atan2(r21, r22)
    sr, cr = math.sin(roll), math.cos(roll)
    return (roll, pitch, math.atan2(sr * r02 - cr * r01, cr * r11 - sr * r12))


def from_xyz_rpy(xyz: Sequence[float], rpy: Sequence[float]) -> Transform:
    """Transform of a pose written as ``xyz rpy``."""
    return (rot_from_rpy(rpy[0], rpy[1], rpy[2]), (xyz[0], xyz[1], xyz[2]))


def pose_transform(pose: Pose) -> Transform:
    """The transform an IR pose writes (in its own ``relative_to`` frame, not followed)."""
    v = pose.values
    return (rot_from_rpy(v[3], v[4], v[5]), (v[0], v[1], v[2]))


def snapped(v: Vec) -> Vec:
    """``v`` with residues below 1e-15 set to 0 (computed values are written clean)."""
    return (0.0 if -SNAP < v[0] < SNAP else v[0], 0.0 if -SNAP < v[1] < SNAP else v[1],
            0.0 if -SNAP < v[2] < SNAP else v[2])


def computed_pose(x: Transform, relative_to: str | None = None,
                  line: int | None = None) -> Pose:
    """A computed IR pose (no original text) of a transform."""
    return Pose(snapped(x[1]), snapped(rpy_from_rot(x[0])), relative_to, line=line)


def to_xyz_rpy(x: Transform) -> tuple[Vec, Vec]:
    """``(xyz, rpy)`` of a transform."""
    return x[1], rpy_from_rot(x[0])


def rot_mul(a: Rot, b: Rot) -> Rot:
    """Product of two rotation matrices."""
    a0, a1, a2, a3, a4, a5, a6, a7, a8 = a
    b0, b1, b2, b3, b4, b5, b6, b7, b8 = b
    return (
        a0 * b0 + a1 * b3 + a2 * b6, a0 * b1 + a1 * b4 + a2 * b7, a0 * b2 + a1 * b5 + a2 * b8,
        a3 * b0 + a4 * b3 + a5 * b6, a3 * b1 + a4 * b4 + a5 * b7, a3 * b2 + a4 * b5 + a5 * b8,
        a6 * b0 + a7 * b3 + a8 * b6, a6 * b1 + a7 * b4 + a8 * b7, a6 * b2 + a7 * b5 + a8 * b8,
    )


def rot_apply(r: Rot, v: Sequence[float]) -> Vec:
    """``R @ v``."""
    x, y, z = v[0], v[1], v[2]
    return (
        r[0] * x + r[1] * y + r[2] * z,
        r[3] * x + r[4] * y + r[5] * z,
        r[6] * x + r[7] * y + r[8] * z,
    )


def rot_transpose(r: Rot) -> Rot:
    """Inverse of a rotation matrix."""
    return (r[0], r[3], r[6], r[1], r[4], r[7], r[2], r[5], r[8])


def compose(x_ab: Transform, x_bc: Transform) -> Transform:
    """``X_AC = X_AB * X_BC``."""
    r_ab, p_ab = x_ab
    r_bc, p_bc = x_bc
    if r_bc is ROT_IDENTITY and p_bc == (0.0, 0.0, 0.0):
        return x_ab
    if r_ab is ROT_IDENTITY and p_ab == (0.0, 0.0, 0.0):
        return x_bc
    d = rot_apply(r_ab, p_bc)
    return rot_mul(r_ab, r_bc), (p_ab[0] + d[0], p_ab[1] + d[1], p_ab[2] + d[2])


def inverse(x_ab: Transform) -> Transform:
    """``X_BA`` from ``X_AB``."""
    r, p = x_ab
    rt = rot_transpose(r)
    d = rot_apply(rt, p)
    return rt, (-d[0], -d[1], -d[2])


def relative(x_ma: Transform, x_mb: Transform) -> Transform:
    """``X_AB`` from two poses measured in a common frame M."""
    return compose(inverse(x_ma), x_mb)


def quat_wxyz(r: Rot) -> tuple[float, float, float, float]:
    """Unit quaternion ``(w, x, y, z)`` of a rotation, with ``w >= 0``."""
    r00, r01, r02, r10, r11, r12, r20, r21, r22 = r
    trace = r00 + r11 + r22
    if trace > 0.0:
        s = math.sqrt(trace + 1.0) * 2.0
        w, x, y, z = 0.25 * s, (r21 - r12) / s, (r02 - r20) / s, (r10 - r01) / s
    elif r00 > r11 and r00 > r22:
        s = math.sqrt(1.0 + r00 - r11 - r22) * 2.0
        w, x, y, z = (r21 - r12) / s, 0.25 * s, (r01 + r10) / s, (r02 + r20) / s
    elif r11 > r22:
        s = math.sqrt(1.0 + r11 - r00 - r22) * 2.0
        w, x, y, z = (r02 - r20) / s, (r01 + r10) / s, 0.25 * s, (r12 + r21) / s
    else:
        s = math.sqrt(1.0 + r22 - r00 - r11) * 2.0
        w, x, y, z = (r10 - r01) / s, (r02 + r20) / s, (r12 + r21) / s, 0.25 * s
    if w < 0.0:
        w, x, y, z = -w, -x, -y, -z
    n = math.sqrt(w * w + x * x + y * y + z * z)
    return (w / n, x / n, y / n, z / n)


def as_matrix(x: Transform) -> np.ndarray:
    """4x4 homogeneous matrix of a transform (for tests and numpy users)."""
    import numpy as np

    r, p = x
    m = np.eye(4)
    m[:3, :3] = np.asarray(r, dtype=float).reshape(3, 3)
    m[:3, 3] = p
    return m
