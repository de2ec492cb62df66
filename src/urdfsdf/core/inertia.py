"""Mass properties: shapes' inertias, moving them between frames, and summing them.

One home for the spatial-inertia arithmetic of urdfsdf: SDFormat 1.11's
``<inertial auto="true">`` (a link's inertial computed from its collisions and
their densities, as libsdformat's ``Link::ResolveAutoInertials`` does) and
fixed-joint lumping (:mod:`urdfsdf.translate.lump`) both use it.

A :class:`MassProperties` is a mass, its centre of mass and its rotational
inertia about that centre, all expressed in one frame F.  Rigid transforms are
those of :mod:`urdfsdf.core.transforms` (``X_FS``: frame S measured in F).

The arithmetic follows gz-math, which libsdformat computes with, operation for
operation where that is known, so that results agree to the last bit where the
inputs do:

- shapes (:func:`shape_mass_properties`): ``MassMatrix3::SetFromBox``,
  ``SetFromCylinderZ``, ``SetFromSphere``, ``SetFromConeZ`` and
  ``Ellipsoid::MassMatrix``, ``Capsule::MassMatrix`` (a cylinder and two
  hemispheres summed with ``Inertial::operator+``), each about the shape's
  origin with its principal axes along the shape's axes;
- sums (:func:`combined`): ``gz::math::Inertial::operator+=``: masses add, the
  centre of mass is the mass-weighted mean, each inertia is expressed in F,
  the two are added, then each body's parallel-axis terms; a total mass
  ``<= 0`` leaves the first operand as it is;
- the automatic inertial (:func:`auto_inertial`): the collisions summed in
  document order starting from a zero inertial; the result is posed at its
  centre of mass with the identity rotation, so a rotated collision gives
  products of inertia rather than a rotated inertial frame.  A ``<mass>``
  given beside ``auto="true"`` rescales the result to that mass (libsdformat
  14.7 / 15.2: moments divided by the computed mass, then multiplied by the
  given one; centre of mass unchanged; taken from the change's description
  and migration note, its code was not read).

Known differences in the last bits: gz-math turns a pose's rotation into a
quaternion and back into a matrix, here the caller's rotation matrix is used
as it is, so a rotated collision may round differently.  Fixed-joint lumping
in libsdformat's URDF parser uses ODE's ``dMass`` arithmetic instead of
gz-math's; :mod:`urdfsdf.translate.lump` sums with :func:`combined` and agrees
with it to rounding (``tests/translate/test_lump.py``: 1e-9).

Plain-float Python, as :mod:`urdfsdf.core.transforms` (3x3 arithmetic costs
less than one numpy call).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from urdfsdf.core.ir import GeometryKind, Inertial, Pose
from urdfsdf.core.numbers import fmt, fmt_all
from urdfsdf.core.record import record
from urdfsdf.core.transforms import (
    ROT_IDENTITY,
    Rot,
    Transform,
    Vec,
    compose,
    pose_transform,
    snapped,
)

#: ``ixx ixy ixz iyy iyz izz``
Moments = tuple[float, float, float, float, float, float]

ZERO_MOMENTS: Moments = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0)

#: the shapes :func:`shape_mass_properties` knows (SDFormat geometry names)
SHAPES = frozenset({"box", "cylinder", "sphere", "ellipsoid", "capsule", "cone"})


@record
class MassProperties:
    """Mass, centre of mass and rotational inertia about it, all in one frame F."""

    mass: float
    #: the centre of mass, measured in F
    com: Vec = (0.0, 0.0, 0.0)
    #: ``ixx ixy ixz iyy iyz izz`` about the centre of mass, along the axes of F
    moments: Moments = ZERO_MOMENTS


#: no mass at the origin of F: what a sum starts from (gz-math's ``Inertiald()``)
ZERO = MassProperties(0.0)


# -- shapes -------------------------------------------------------------------------

def shape_mass_properties(kind: GeometryKind, density: float, *,
                          size: Sequence[float] | None = None, radius: float | None = None,
                          length: float | None = None) -> MassProperties | None:
    """Mass properties of a solid shape of uniform ``density``, about its origin.

    ``kind`` is the SDFormat geometry name: ``box`` (``size`` x y z),
    ``cylinder`` and ``cone`` (``radius``, ``length`` along z), ``sphere``
    (``radius``), ``ellipsoid`` (radii a b c as ``size``), ``capsule``
    (``radius``, ``length`` of its cylinder along z).  The centre of mass is
    the origin (the cone's too: libsdformat places the cone's centroidal
    inertia at the shape origin).

    None, as gz-math's ``std::nullopt``, for other kinds (mesh, plane,
    heightmap...), a missing dimension, and a density or dimension that is not
    positive; the one exception is gz-math's own: a capsule of length 0 is the
    two hemispheres, a sphere.
    """
    if not density > 0.0:  # also rejects nan
        return None
    if kind == "box" or kind == "ellipsoid":
        if size is None or len(size) != 3:
            return None
        x, y, z = float(size[0]), float(size[1]), float(size[2])
        if not (x > 0.0 and y > 0.0 and z > 0.0):
            return None
        if kind == "box":
            return _box(density, x, y, z)
        return _ellipsoid(density, x, y, z)
    if radius is None or not radius > 0.0:
        return None
    r = float(radius)
    if kind == "sphere":
        return _sphere(density, r)
    if length is None:
        return None
    ln = float(length)
    if kind == "capsule":
        return _capsule(density, r, ln) if ln >= 0.0 else None
    if not ln > 0.0:
        return None
    if kind == "cylinder":
        return _cylinder(density, r, ln)
    if kind == "cone":
        return _cone(density, r, ln)
    return None


def _diagonal(mass: float, ixx: float, iyy: float, izz: float) -> MassProperties:
    return MassProperties(mass, (0.0, 0.0, 0.0), (ixx, 0.0, 0.0, iyy, 0.0, izz))


def _box(density: float, x: float, y: float, z: float) -> MassProperties:
    # MassMatrix3::SetFromBox(Material, size) -> SetFromBox(mass, size)
    mass = density * (x * y * z)
    x2, y2, z2 = x * x, y * y, z * z
    return _diagonal(mass, mass / 12.0 * (y2 + z2), mass / 12.0 * (z2 + x2),
                     mass / 12.0 * (x2 + y2))


def _cylinder_mass(density: float, r: float, length: float) -> tuple[float, float, float]:
    # MassMatrix3::SetFromCylinderZ(Material, length, radius): mass, Ixx = Iyy, Izz
    mass = density * (math.pi * r * r * length)
    r2 = r * r
    return mass, mass / 12.0 * (3 * r2 + length * length), mass / 2.0 * r2


def _cylinder(density: float, r: float, length: float) -> MassProperties:
    mass, ixx, izz = _cylinder_mass(density, r, length)
    return _diagonal(mass, ixx, ixx, izz)


def _sphere(density: float, r: float) -> MassProperties:
    # MassMatrix3::SetFromSphere(Material, radius)
    mass = density * ((4.0 / 3.0) * math.pi * math.pow(r, 3))
    i = 0.4 * mass * (r * r)
    return _diagonal(mass, i, i, i)


def _ellipsoid(density: float, a: float, b: float, c: float) -> MassProperties:
    # Ellipsoid::MassMatrix: Volume() = (4 pi / 3) a b c
    mass = density * (4.0 * math.pi / 3.0 * a * b * c)
    a2, b2, c2 = a * a, b * b, c * c
    return _diagonal(mass, (mass / 5.0) * (b2 + c2), (mass / 5.0) * (a2 + c2),
                     (mass / 5.0) * (a2 + b2))


def _cone(density: float, r: float, length: float) -> MassProperties:
    # MassMatrix3::SetFromConeZ(Material, length, radius): about the centroid
    mass = density * (math.pi * r * r * length / 3.0)
    r2 = r * r
    ixx = 3.0 * mass * (4.0 * r2 + length * length) / 80.0
    return _diagonal(mass, ixx, ixx, 3.0 * mass * r2 / 10.0)


def _capsule(density: float, r: float, length: float) -> MassProperties:
    # Capsule::MassMatrix: the cylinder about its centroid (none when length is 0:
    # SetFromCylinderZ fails and leaves a zero mass matrix), plus two hemispheres
    # whose centroids are 3r/8 from their flat faces, summed with Inertial::operator+
    cylinder = ZERO if length == 0.0 else _cylinder(density, r, length)
    r2 = r * r
    hemisphere_mass = density * 2.0 / 3.0 * math.pi * r2 * r
    ixx = 83.0 / 320.0 * hemisphere_mass * r2
    izz = 2.0 / 5.0 * hemisphere_mass * r2
    dz = length / 2.0 + r * 3.0 / 8.0
    cap = (ixx, 0.0, 0.0, ixx, 0.0, izz)
    upper = MassProperties(hemisphere_mass, (0.0, 0.0, dz), cap)
    lower = MassProperties(hemisphere_mass, (0.0, 0.0, -dz), cap)
    total = combined(combined(cylinder, upper), lower)
    # the sum is posed at its centre of mass, the origin by symmetry
    return MassProperties(total.mass, (0.0, 0.0, 0.0), total.moments)


# -- frames and sums -----------------------------------------------------------------

def rotate_moments(moments: Moments, r: Rot) -> Moments:
    """``R I R^T``: an inertia along the axes of S, expressed along those of F (``R = R_FS``).

    The full product ``(R I) R^T`` as gz-math's ``Inertial::Moi`` computes it,
    of which the upper triangle is kept.
    """
    if r is ROT_IDENTITY:
        return moments
    ixx, ixy, ixz, iyy, iyz, izz = moments
    r0, r1, r2, r3, r4, r5, r6, r7, r8 = r
    # A = R I (rows of R times the symmetric I)
    a0 = r0 * ixx + r1 * ixy + r2 * ixz
    a1 = r0 * ixy + r1 * iyy + r2 * iyz
    a2 = r0 * ixz + r1 * iyz + r2 * izz
    a3 = r3 * ixx + r4 * ixy + r5 * ixz
    a4 = r3 * ixy + r4 * iyy + r5 * iyz
    a5 = r3 * ixz + r4 * iyz + r5 * izz
    a6 = r6 * ixx + r7 * ixy + r8 * ixz
    a7 = r6 * ixy + r7 * iyy + r8 * iyz
    a8 = r6 * ixz + r7 * iyz + r8 * izz
    # B = A R^T: B[i][j] = sum_k A[i][k] R[j][k]
    return (a0 * r0 + a1 * r1 + a2 * r2, a0 * r3 + a1 * r4 + a2 * r5,
            a0 * r6 + a1 * r7 + a2 * r8, a3 * r3 + a4 * r4 + a5 * r5,
            a3 * r6 + a4 * r7 + a5 * r8, a6 * r6 + a7 * r7 + a8 * r8)


def transformed(props: MassProperties, x_fs: Transform) -> MassProperties:
    """``props`` (given in frame S) expressed in frame F, where ``x_fs`` is ``X_FS``."""
    r, p = x_fs
    cx, cy, cz = props.com
    if cx == 0.0 and cy == 0.0 and cz == 0.0:
        com = p  # R 0 + p: a shape's inertial takes the pose's position as it is
    else:
        com = (p[0] + (r[0] * cx + r[1] * cy + r[2] * cz),
               p[1] + (r[3] * cx + r[4] * cy + r[5] * cz),
               p[2] + (r[6] * cx + r[7] * cy + r[8] * cz))
    return MassProperties(props.mass, com, rotate_moments(props.moments, r))


def combined(a: MassProperties, b: MassProperties) -> MassProperties:
    """The sum of two bodies given in the same frame (gz-math ``Inertial::operator+=``).

    A total mass ``<= 0`` returns ``a`` itself, as gz-math leaves the left
    operand unchanged then.
    """
    m1, m2 = a.mass, b.mass
    mass = m1 + m2
    if not mass > 0.0:
        return a
    (ax, ay, az), (bx, by, bz) = a.com, b.com
    com = ((m1 * ax + m2 * bx) / mass, (m1 * ay + m2 * by) / mass,
           (m1 * az + m2 * bz) / mass)
    i, j = a.moments, b.moments
    xx, xy, xz = i[0] + j[0], i[1] + j[1], i[2] + j[2]
    yy, yz, zz = i[3] + j[3], i[4] + j[4], i[5] + j[5]
    for m, (px, py, pz) in ((m1, a.com), (m2, b.com)):  # parallel axes, a's then b's
        dx, dy, dz = px - com[0], py - com[1], pz - com[2]
        xx += m * (dy * dy + dz * dz)
        yy += m * (dz * dz + dx * dx)
        zz += m * (dx * dx + dy * dy)
        xy -= m * dx * dy
        xz -= m * dx * dz
        yz -= m * dy * dz
    return MassProperties(mass, com, (xx, xy, xz, yy, yz, zz))


def rescaled(props: MassProperties, mass: float) -> MassProperties:
    """``props`` with its mass set to ``mass``, every moment scaled alike, COM kept.

    libsdformat 14.7 / 15.2 for ``<mass>`` beside ``auto="true"``: the computed
    inertia divided by the computed mass (a unit-mass inertia), times ``mass``.
    A body without positive mass has no such scale and is returned as it is.
    """
    computed = props.mass
    if not computed > 0.0:
        return props
    i = props.moments
    return MassProperties(mass, props.com, (
        mass * (i[0] / computed), mass * (i[1] / computed), mass * (i[2] / computed),
        mass * (i[3] / computed), mass * (i[4] / computed), mass * (i[5] / computed)))


def auto_inertial(shapes: Iterable[tuple[MassProperties | None, Transform]],
                  mass: float | None = None) -> MassProperties | None:
    """A link's automatic inertial from its collisions, in the link frame.

    ``shapes`` holds, in document order, each collision's
    :func:`shape_mass_properties` (None where that is None: libsdformat
    reports LINK_INERTIA_INVALID and the collision adds nothing) and its pose
    ``X_LC`` in the link frame.  None when there are no collisions at all
    (libsdformat: ELEMENT_MISSING, the link keeps its default inertial).
    ``mass``: a ``<mass>`` written beside ``auto="true"``, see :func:`rescaled`.
    The result's ``com`` is the inertial pose's position; its rotation is the
    identity.
    """
    total: MassProperties | None = None
    for props, x_lc in shapes:
        if total is None:
            total = ZERO
        if props is not None:
            total = combined(total, transformed(props, x_lc))
    if total is None:
        return None
    return total if mass is None else rescaled(total, mass)


# -- the IR ---------------------------------------------------------------------------

def from_inertial(inertial: Inertial, x_fl: Transform | None = None) -> MassProperties:
    """An IR inertial (numbers valid, as the readers leave them) in frame F.

    ``x_fl``: ``X_FL``, the pose of the inertial's link frame L in F (None: F
    is L).  The inertial pose is taken in L (its ``relative_to`` is not
    followed) and composed with ``x_fl`` before the inertia is rotated, once.
    """
    ixx, ixy, ixz, iyy, iyz, izz = (float(t) for t in inertial.inertia)
    x = pose_transform(inertial.pose)
    return transformed(MassProperties(float(inertial.mass), (0.0, 0.0, 0.0),
                                      (ixx, ixy, ixz, iyy, iyz, izz)),
                       x if x_fl is None else compose(x_fl, x))


def to_inertial(props: MassProperties, line: int | None = None) -> Inertial:
    """The IR inertial libsdformat's result writes: posed at the COM, no rotation.

    Numbers are computed ones (:func:`urdfsdf.core.numbers.fmt`), the pose has
    no ``relative_to`` (the link frame).
    """
    return Inertial(mass=fmt(props.mass), inertia=fmt_all(props.moments),
                    pose=Pose(snapped(props.com), line=line), line=line)
