"""SDFormat's default values that more than one stage needs (the reader, both translators).

Their source is SDFormat's element descriptions (``inertial.sdf``, ``joint.sdf``) and
libsdformat's reading of them.
"""

from __future__ import annotations

from urdfsdf.core.ir import Inertial

#: SDFormat's inertial where a link has none, or leaves values out: mass 1, unit inertia
#: (ixx ixy ixz iyy iyz izz), at the link origin (//inertial/mass, //inertial/inertia)
DEFAULT_MASS = "1"
DEFAULT_INERTIA = ("1", "0", "0", "1", "0", "1")
DEFAULT_INERTIAL = Inertial(DEFAULT_MASS, DEFAULT_INERTIA)
#: the values SDFormat gives a shape's children when they are absent, as the reader
#: reads them (//box/size, //sphere/radius, //cylinder and //capsule radius and length)
BOX_SIZE = ("1", "1", "1")
SPHERE_RADIUS = "1"
CYLINDER_RADIUS = "1"
CYLINDER_LENGTH = "1"
#: (cylinder_shape.sdf and capsule_shape.sdf: a capsule's radius is 0.5, a cylinder's 1)
CAPSULE_RADIUS = "0.5"
#: //axis/limit/lower and upper at or beyond +-1e16 mean "no limit" (libsdformat)
UNBOUNDED_LIMIT = 1e16
