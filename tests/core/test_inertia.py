"""Mass properties (urdfsdf.core.inertia): shapes, frames, sums, the automatic inertial.

Shapes against their closed forms (and gz-math's own formula for the capsule),
sums against direct parallel-axis computations and numpy, algebraic
properties with hypothesis, and, where Drake is installed, shapes and sums
against ``pydrake.multibody.tree.SpatialInertia``.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from urdfsdf.core import transforms as tf
from urdfsdf.core.inertia import (
    ZERO,
    MassProperties,
    auto_inertial,
    combined,
    from_inertial,
    rescaled,
    rotate_moments,
    shape_mass_properties,
    to_inertial,
    transformed,
)
from urdfsdf.core.ir import Inertial, Pose

PI = math.pi


def _matrix(moments: tuple[float, ...]) -> np.ndarray:
    xx, xy, xz, yy, yz, zz = moments
    return np.array([[xx, xy, xz], [xy, yy, yz], [xz, yz, zz]])


def _close(a: MassProperties, b: MassProperties, rel: float = 1e-12) -> bool:
    """Equal within ``rel`` of the mass, of the positions' size, of the largest moment."""
    scale = max(1e-300, *map(abs, a.moments), *map(abs, b.moments))
    reach = max(1.0, *map(abs, a.com), *map(abs, b.com))
    return (math.isclose(a.mass, b.mass, rel_tol=rel)
            and all(abs(x - y) <= rel * reach for x, y in zip(a.com, b.com, strict=True))
            and all(abs(x - y) <= rel * scale
                    for x, y in zip(a.moments, b.moments, strict=True)))


def _diag(props: MassProperties | None) -> tuple[float, float, float, float]:
    assert props is not None
    assert props.com == (0.0, 0.0, 0.0)
    xx, xy, xz, yy, yz, zz = props.moments
    assert (xy, xz, yz) == (0.0, 0.0, 0.0)
    return props.mass, xx, yy, zz


# -- shapes ------------------------------------------------------------------------

def test_box() -> None:
    m, ixx, iyy, izz = _diag(shape_mass_properties("box", 500.0, size=(1.0, 2.0, 3.0)))
    assert m == 3000.0
    assert (ixx, iyy, izz) == pytest.approx((m * 13 / 12, m * 10 / 12, m * 5 / 12), rel=1e-15)


def test_cylinder() -> None:
    r, ln, rho = 0.3, 1.5, 800.0
    m, ixx, iyy, izz = _diag(shape_mass_properties("cylinder", rho, radius=r, length=ln))
    assert m == pytest.approx(rho * PI * r * r * ln, rel=1e-15)
    assert ixx == iyy == pytest.approx(m * (3 * r * r + ln * ln) / 12, rel=1e-15)
    assert izz == pytest.approx(m * r * r / 2, rel=1e-15)


def test_sphere() -> None:
    m, ixx, iyy, izz = _diag(shape_mass_properties("sphere", 1000.0, radius=0.2))
    assert m == pytest.approx(1000.0 * 4 / 3 * PI * 0.2**3, rel=1e-15)
    assert ixx == iyy == izz == pytest.approx(0.4 * m * 0.04, rel=1e-15)


def test_ellipsoid() -> None:
    a, b, c = 0.5, 0.25, 2.0
    m, ixx, iyy, izz = _diag(shape_mass_properties("ellipsoid", 2.0, size=(a, b, c)))
    assert m == pytest.approx(2.0 * 4 / 3 * PI * a * b * c, rel=1e-15)
    assert (ixx, iyy, izz) == pytest.approx(
        (m * (b * b + c * c) / 5, m * (a * a + c * c) / 5, m * (a * a + b * b) / 5), rel=1e-15)


def test_cone() -> None:
    r, ln = 0.5, 2.0
    m, ixx, iyy, izz = _diag(shape_mass_properties("cone", 1000.0, radius=r, length=ln))
    assert m == pytest.approx(1000.0 * PI * r * r * ln / 3, rel=1e-15)
    # about the centroid (gz-math SetFromConeZ), placed at the shape origin
    assert ixx == iyy == pytest.approx(3 * m * (4 * r * r + ln * ln) / 80, rel=1e-15)
    assert izz == pytest.approx(3 * m * r * r / 10, rel=1e-15)


def test_capsule_is_gz_maths_formula() -> None:
    r, ln, rho = 0.2, 0.7, 1200.0
    m, ixx, iyy, izz = _diag(shape_mass_properties("capsule", rho, radius=r, length=ln))
    # gz-math's test (Capsule_TEST.cc) states the sum in closed form
    cylinder_mass = rho * PI * r * r * ln
    sphere_mass = rho * 4 / 3 * PI * r**3
    assert m == pytest.approx(cylinder_mass + sphere_mass, rel=1e-15)
    expected_ixx = (cylinder_mass * (ln * ln / 12 + r * r / 4)
                    + sphere_mass * (0.4 * r * r + 0.375 * r * ln + 0.25 * ln * ln))
    assert ixx == iyy == pytest.approx(expected_ixx, rel=1e-14)
    assert izz == pytest.approx(r * r * (0.5 * cylinder_mass + 0.4 * sphere_mass), rel=1e-14)


def test_capsule_of_length_zero_is_a_sphere() -> None:
    # gz-math: the cylinder part fails (length 0), the two hemispheres remain
    capsule = shape_mass_properties("capsule", 1000.0, radius=0.3, length=0.0)
    sphere = shape_mass_properties("sphere", 1000.0, radius=0.3)
    assert capsule is not None and sphere is not None
    assert _close(capsule, sphere, 1e-14)


@pytest.mark.parametrize("kind", ["mesh", "plane", "heightmap", "polyline", "empty", "Box"])
def test_unsupported_kinds(kind: str) -> None:
    assert shape_mass_properties(kind, 1000.0, size=(1, 1, 1), radius=1.0, length=1.0) is None


@pytest.mark.parametrize(("kind", "dims"), [
    ("box", {"size": (1.0, 0.0, 1.0)}), ("box", {"size": (1.0, -1.0, 1.0)}),
    ("box", {"size": (1.0, 1.0)}), ("box", {}),
    ("ellipsoid", {"size": (0.0, 1.0, 1.0)}),
    ("sphere", {"radius": 0.0}), ("sphere", {"radius": -1.0}), ("sphere", {}),
    ("cylinder", {"radius": 1.0, "length": 0.0}), ("cylinder", {"radius": 0.0, "length": 1.0}),
    ("cylinder", {"radius": 1.0}),
    ("cone", {"radius": 1.0, "length": -1.0}), ("capsule", {"radius": 1.0, "length": -1.0}),
    ("capsule", {"radius": 0.0, "length": 1.0}),
])
def test_non_positive_dimensions(kind: str, dims: dict[str, object]) -> None:
    assert shape_mass_properties(kind, 1000.0, **dims) is None  # type: ignore[arg-type]


@pytest.mark.parametrize("density", [0.0, -1.0, math.nan])
@pytest.mark.parametrize("kind", ["box", "cylinder", "sphere", "ellipsoid", "capsule", "cone"])
def test_non_positive_density(kind: str, density: float) -> None:
    assert shape_mass_properties(kind, density, size=(1, 1, 1), radius=1.0, length=1.0) is None


# -- frames and sums -------------------------------------------------------------------

def test_two_offset_boxes() -> None:
    a = shape_mass_properties("box", 1000.0, size=(0.2, 0.4, 0.6))
    b = shape_mass_properties("box", 250.0, size=(1.0, 0.1, 0.1))
    assert a is not None and b is not None
    pa, pb = np.array([0.5, -0.2, 0.1]), np.array([-1.0, 0.3, 0.7])
    total = combined(transformed(a, tf.from_xyz_rpy(pa.tolist(), (0, 0, 0))),
                     transformed(b, tf.from_xyz_rpy(pb.tolist(), (0, 0, 0))))
    m = a.mass + b.mass
    c = (a.mass * pa + b.mass * pb) / m
    expected = np.zeros((3, 3))
    for props, p in ((a, pa), (b, pb)):
        d = p - c
        expected += _matrix(props.moments) + props.mass * (d @ d * np.eye(3) - np.outer(d, d))
    assert total.mass == m
    assert total.com == pytest.approx(tuple(c), rel=1e-15, abs=1e-15)
    assert _matrix(total.moments) == pytest.approx(expected, rel=1e-14, abs=1e-12)


def test_rotated_box() -> None:
    box = shape_mass_properties("box", 1000.0, size=(0.1, 0.2, 0.3))
    assert box is not None
    # a quarter turn about z swaps the x and y moments
    quarter = transformed(box, tf.from_xyz_rpy((1, 2, 3), (0, 0, PI / 2)))
    xx, xy, xz, yy, yz, zz = quarter.moments
    assert quarter.com == (1, 2, 3) and quarter.mass == box.mass
    assert (xx, yy, zz) == pytest.approx((box.moments[3], box.moments[0], box.moments[5]))
    assert (xy, xz, yz) == pytest.approx((0, 0, 0), abs=1e-15)
    # any rotation: R I R^T, products of inertia appear, the trace stays
    x = tf.from_xyz_rpy((0, 0, 0), (0.3, -0.7, 1.9))
    rotated = transformed(box, x)
    r = np.asarray(x[0]).reshape(3, 3)
    assert _matrix(rotated.moments) == pytest.approx(r @ _matrix(box.moments) @ r.T,
                                                     rel=1e-13, abs=1e-16)
    assert abs(rotated.moments[1]) > 1e-5
    assert sum(rotated.moments[i] for i in (0, 3, 5)) == pytest.approx(
        sum(box.moments[i] for i in (0, 3, 5)), rel=1e-14)


def test_rotate_moments_matches_numpy() -> None:
    moments = (3.0, 0.1, -0.2, 2.0, 0.05, 1.5)
    r = tf.rot_from_rpy(1.0, 0.2, -2.5)
    m = np.asarray(r).reshape(3, 3)
    got = _matrix(rotate_moments(moments, r))
    assert got == pytest.approx(m @ _matrix(moments) @ m.T, rel=1e-14, abs=1e-15)
    assert rotate_moments(moments, tf.ROT_IDENTITY) is moments


def test_combined_with_no_mass() -> None:
    a = MassProperties(2.0, (1.0, 2.0, 3.0), (1.0, 0.0, 0.0, 1.0, 0.0, 1.0))
    # gz-math: a zero or negative total leaves the left operand as it is
    assert combined(ZERO, ZERO) is ZERO
    assert combined(a, MassProperties(-2.0)) is a
    # adding nothing: the same body (the parallel-axis terms vanish)
    assert _close(combined(a, ZERO), a, 1e-15) and _close(combined(ZERO, a), a, 1e-15)


# -- the automatic inertial ---------------------------------------------------------------

def test_auto_inertial() -> None:
    box = shape_mass_properties("box", 1000.0, size=(0.2, 0.2, 0.2))
    sphere = shape_mass_properties("sphere", 500.0, radius=0.1)
    assert box is not None and sphere is not None
    x1 = tf.from_xyz_rpy((0, 0, 0.5), (0, 0, 0))
    x2 = tf.from_xyz_rpy((0.3, 0, 0), (0, 0.4, 0))
    got = auto_inertial([(box, x1), (None, x2), (sphere, x2)])
    assert got is not None
    # libsdformat's loop: from a zero inertial, each collision in document order
    assert got == combined(combined(ZERO, transformed(box, x1)), transformed(sphere, x2))
    assert got.mass == box.mass + sphere.mass
    assert auto_inertial([]) is None  # no collision: ELEMENT_MISSING, nothing computed
    assert auto_inertial([(None, x1)]) == ZERO  # collisions, none valid: mass 0
    # one collision: its inertia at its pose (identity rotation of the result)
    one = auto_inertial([(box, x1)])
    assert one is not None and one.com == (0, 0, 0.5) and one.moments == box.moments


def test_auto_inertial_with_mass() -> None:
    cylinder = shape_mass_properties("cylinder", 1000.0, radius=0.1, length=0.4)
    assert cylinder is not None
    x = tf.from_xyz_rpy((0.1, 0.2, 0.3), (0.5, 0, 0))
    computed = auto_inertial([(cylinder, x)])
    given_mass = auto_inertial([(cylinder, x)], mass=2.0)
    assert computed is not None and given_mass is not None
    assert given_mass.mass == 2.0 and given_mass.com == computed.com
    scale = 2.0 / computed.mass
    assert given_mass.moments == pytest.approx(tuple(v * scale for v in computed.moments),
                                               rel=1e-15)
    # density does not matter once the mass is given
    other = shape_mass_properties("cylinder", 7.0, radius=0.1, length=0.4)
    assert other is not None
    again = auto_inertial([(other, x)], mass=2.0)
    assert again is not None and _close(again, given_mass, 1e-14)
    assert rescaled(ZERO, 5.0) is ZERO  # nothing to scale


def test_ir_inertial() -> None:
    props = MassProperties(1.5, (0.25, -1e-17, 3.0), (0.1, 1e-18, 0.0, 0.2, -0.05, 0.3))
    inertial = to_inertial(props, line=7)
    assert inertial.mass == "1.5" and inertial.line == 7
    assert inertial.inertia == ("0.1", "0", "0", "0.2", "-0.05", "0.3")
    assert inertial.pose.tokens() == ("0.25", "0", "3", "0", "0", "0")
    assert inertial.pose.relative_to is None and inertial.pose.text is None
    back = from_inertial(inertial)
    assert back.mass == 1.5 and back.com == (0.25, 0.0, 3.0)
    # an inertial pose's rotation is taken into the link axes
    turned = Inertial("2", ("1", "0", "0", "2", "0", "3"), Pose((1.0, 0.0, 0.0), (0, 0, PI / 2)))
    xx, _, _, yy, _, zz = from_inertial(turned).moments
    assert (xx, yy, zz) == pytest.approx((2, 1, 3))
    # in another frame F: the link pose composed with the inertial pose
    x_fl = tf.from_xyz_rpy((0.5, 0.0, -1.0), (0.2, 0.0, 0.3))
    assert _close(from_inertial(turned, x_fl), transformed(from_inertial(turned), x_fl), 1e-14)


# -- properties -----------------------------------------------------------------------------

coordinate = st.floats(-10, 10, allow_nan=False)
angle = st.floats(-PI, PI, allow_nan=False)


@st.composite
def bodies(draw: st.DrawFn) -> MassProperties:
    """A physical body: principal moments obeying the triangle inequality, rotated, placed."""
    mass = draw(st.floats(1e-3, 1e3))
    a, b = draw(st.floats(1e-3, 10)), draw(st.floats(1e-3, 10))
    c = draw(st.floats(abs(a - b), a + b))
    principal = MassProperties(mass, moments=(a, 0.0, 0.0, b, 0.0, c))
    x = tf.from_xyz_rpy([draw(coordinate) for _ in range(3)], [draw(angle) for _ in range(3)])
    return transformed(principal, x)


@given(bodies(), bodies())
def test_combining_commutes(a: MassProperties, b: MassProperties) -> None:
    assert _close(combined(a, b), combined(b, a))


@given(bodies(), bodies(), bodies())
def test_combining_associates(a: MassProperties, b: MassProperties, c: MassProperties) -> None:
    assert _close(combined(combined(a, b), c), combined(a, combined(b, c)))


@given(bodies())
def test_identity_transform_is_a_no_op(a: MassProperties) -> None:
    assert transformed(a, tf.IDENTITY) == a
    assert transformed(a, tf.from_xyz_rpy((0, 0, 0), (0, 0, 0))) == a


@given(bodies(), st.lists(coordinate, min_size=3, max_size=3),
       st.lists(angle, min_size=3, max_size=3))
def test_transforms_compose(a: MassProperties, xyz: list[float], rpy: list[float]) -> None:
    x = tf.from_xyz_rpy(xyz, rpy)
    y = tf.from_xyz_rpy(rpy, xyz)
    assert _close(transformed(transformed(a, x), y), transformed(a, tf.compose(y, x)), 1e-11)


@given(st.floats(0.01, 10), st.floats(0.01, 10), st.floats(0.01, 10), st.floats(1.0, 1e4),
       st.lists(coordinate, min_size=3, max_size=3), st.lists(angle, min_size=3, max_size=3))
def test_box_halves_combine_to_the_box(x: float, y: float, z: float, density: float,
                                       xyz: list[float], rpy: list[float]) -> None:
    whole = shape_mass_properties("box", density, size=(x, y, z))
    half = shape_mass_properties("box", density, size=(x / 2, y, z))
    assert whole is not None and half is not None
    place = tf.from_xyz_rpy(xyz, rpy)  # the split holds in any frame
    left = transformed(half, tf.compose(place, tf.from_xyz_rpy((-x / 4, 0, 0), (0, 0, 0))))
    right = transformed(half, tf.compose(place, tf.from_xyz_rpy((x / 4, 0, 0), (0, 0, 0))))
    assert _close(combined(left, right), transformed(whole, place), 1e-11)


# -- Drake ------------------------------------------------------------------------------------

def _drake_central(spatial: object) -> MassProperties:
    """A Drake SpatialInertia as mass, COM and central inertia."""
    com = spatial.get_com()  # type: ignore[attr-defined]
    central = spatial.Shift(com).CalcRotationalInertia().CopyToFullMatrix3()  # type: ignore[attr-defined]
    return MassProperties(spatial.get_mass(), tuple(com),  # type: ignore[attr-defined]
                          (central[0, 0], central[0, 1], central[0, 2], central[1, 1],
                           central[1, 2], central[2, 2]))


def test_shapes_against_drake() -> None:
    tree = pytest.importorskip("pydrake.multibody.tree")
    s = tree.SpatialInertia
    z = [0.0, 0.0, 1.0]
    cases = [
        (shape_mass_properties("box", 700.0, size=(0.3, 0.5, 1.1)),
         s.SolidBoxWithDensity(700.0, 0.3, 0.5, 1.1)),
        (shape_mass_properties("cylinder", 900.0, radius=0.2, length=0.9),
         s.SolidCylinderWithDensity(900.0, 0.2, 0.9, z)),
        (shape_mass_properties("sphere", 300.0, radius=0.45),
         s.SolidSphereWithDensity(300.0, 0.45)),
        (shape_mass_properties("ellipsoid", 50.0, size=(0.1, 0.7, 0.3)),
         s.SolidEllipsoidWithDensity(50.0, 0.1, 0.7, 0.3)),
        (shape_mass_properties("capsule", 1100.0, radius=0.15, length=0.6),
         s.SolidCapsuleWithDensity(1100.0, 0.15, 0.6, z)),
    ]
    for ours, drake in cases:
        assert ours is not None
        assert _close(ours, _drake_central(drake), 1e-13), (ours, drake)


def test_sum_against_drake() -> None:
    tree = pytest.importorskip("pydrake.multibody.tree")
    math_ = pytest.importorskip("pydrake.math")
    s = tree.SpatialInertia
    x1 = tf.from_xyz_rpy((0.2, -0.1, 0.4), (0.3, 0.2, -0.9))
    x2 = tf.from_xyz_rpy((-0.5, 0.6, 0.1), (0, 1.1, 0.4))
    box = shape_mass_properties("box", 700.0, size=(0.3, 0.5, 1.1))
    capsule = shape_mass_properties("capsule", 1100.0, radius=0.15, length=0.6)
    assert box is not None and capsule is not None
    ours = auto_inertial([(box, x1), (capsule, x2)])
    assert ours is not None
    total = s.Zero()
    for drake, x in ((s.SolidBoxWithDensity(700.0, 0.3, 0.5, 1.1), x1),
                     (s.SolidCapsuleWithDensity(1100.0, 0.15, 0.6, [0.0, 0.0, 1.0]), x2)):
        pose = math_.RigidTransform(math_.RotationMatrix(np.asarray(x[0]).reshape(3, 3)),
                                    np.asarray(x[1]))
        # about the link origin, along the link axes
        in_link = drake.ReExpress(pose.rotation()).Shift(-pose.translation())
        total += in_link  # Drake's sum of spatial inertias about one point
    assert _close(ours, _drake_central(total), 1e-12)
