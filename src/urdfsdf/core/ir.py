"""The kinematic intermediate representation shared by both formats.

Records (:mod:`urdfsdf.core.record`: slots dataclasses, frozen to the type checker) of
plain floats and strings, never changed once made: equality and hashing come free and
no numpy lives here (pose math is in :mod:`urdfsdf.core.transforms`).  The one
exception is :class:`Pose`, the most numerous node: a small immutable class with the
same equality and hashing, kept compact by hand.

Numbers follow one rule: what is copied is kept as the text the author wrote.
A :class:`Pose` gives float values for the frame engine *and* the six tokens it
was written with (``text``); every other number (mass, inertia, limits, sizes,
colours) is kept only as its text, validated as a finite number when read.
Pose names in code follow the spec's ``X_AB`` convention: pose of B in A.

Elements a format holds that the IR does not model are kept verbatim as XML
strings in ``extras`` so writers can put them back as they were.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from functools import cache
from operator import attrgetter
from typing import Any, Literal, TypeVar, get_args

from urdfsdf.core.record import record

Vec3 = tuple[float, float, float]
#: every joint type of either format (URDF: revolute continuous prismatic fixed floating
#: planar; SDFormat adds ball gearbox revolute2 screw universal)
JointType = Literal["revolute", "continuous", "prismatic", "fixed", "floating", "planar",
                    "ball", "gearbox", "revolute2", "screw", "universal"]
JOINT_TYPES: tuple[JointType, ...] = get_args(JointType)
#: URDF's joint types (urdfdom)
URDF_JOINT_TYPES: tuple[JointType, ...] = ("revolute", "continuous", "prismatic", "fixed",
                                          "floating", "planar")
#: SDFormat's joint types (1.7 to 1.12, libsdformat Joint.cc)
SDF_JOINT_TYPES: tuple[JointType, ...] = ("ball", "continuous", "fixed", "gearbox", "prismatic",
                                         "revolute", "revolute2", "screw", "universal")
#: the joint types both formats have (an SDF joint of another type has no URDF form)
COMMON_JOINT_TYPES: tuple[JointType, ...] = ("revolute", "continuous", "prismatic", "fixed")
#: the joint types with one axis of motion in both formats
ONE_AXIS_JOINT_TYPES: tuple[JointType, ...] = ("revolute", "continuous", "prismatic")
#: the joint types whose motion is bounded by //limit lower and upper
LIMITED_JOINT_TYPES: tuple[JointType, ...] = ("revolute", "prismatic")
#: a shape's kind: those the IR reads into fields (``empty``: a geometry with no shape),
#: and SDFormat's others, kept as XML in :attr:`Geometry.raw`
GeometryKind = Literal["box", "cylinder", "capsule", "sphere", "mesh", "empty", "plane",
                       "ellipsoid", "heightmap", "image", "polyline", "cone"]
GEOMETRY_KINDS: tuple[GeometryKind, ...] = get_args(GeometryKind)
#: the order of :attr:`Inertial.inertia`'s moments (the attributes and elements of both
#: formats' ``<inertia>``)
INERTIA_KEYS = ("ixx", "ixy", "ixz", "iyy", "iyz", "izz")
#: the world frame, both formats' name for it: a joint's parent that holds its child
#: fixed (URDF's root link ``world``; SDFormat reserves the name)
WORLD = "world"


def joint_type(text: str | None, allowed: tuple[JointType, ...] = JOINT_TYPES
               ) -> JointType | None:
    """``text`` as one of the ``allowed`` joint types, or None when it is not one."""
    return text if text in allowed else None


#: whose pose rules a model follows (see :attr:`Model.convention`)
Convention = Literal["sdf", "urdf"]
#: a file format: what a document is read as, what a translation writes
Format = Literal["urdf", "sdf"]
#: the link children that hold a shape (:class:`Visual`, :class:`Collision`)
ShapeElement = Literal["visual", "collision"]
Tokens = tuple[str, ...]

ZERO3: Vec3 = (0.0, 0.0, 0.0)


@record
class Extra:
    """An element the IR does not model, kept verbatim.

    ``tag`` is the element's tag in Clark notation (``{ns}local`` for
    namespaced custom elements), ``xml`` its serialisation, ``line`` where it
    was read (None when urdfsdf made it).
    """

    tag: str
    xml: str
    line: int | None = None
    #: the element's //pose, for the link children that have one (sensor, light...:
    #: :data:`urdfsdf.sdf.posed.POSED_TAGS`): as written, with its relative_to; the
    #: identity when it has none; None for other elements, or a pose that does not read
    pose: Pose | None = None


# -- carried content, typed --------------------------------------------------------------
#
# What one format holds and the other lacks travels as an element of the other format's
# custom namespace (:mod:`urdfsdf.translate.carriers`).  The carriers whose content is
# read back are typed: they are Extras (their ``tag`` and ``xml`` are the element as it
# is written, so they keep their place among a node's extras) whose content the readers
# took once, as values, when they kept the element (:func:`urdfsdf.xml.parse.extra`).


@record
class AsWritten(Extra):
    """``<urdf:as_written fingerprint="F">ELEMENT</urdf:as_written>``: a URDF element as
    written (:mod:`urdfsdf.urdf.as_written`)."""

    #: the URDF element, as written
    element: str = ""
    #: what the carrier was sealed with (:func:`urdfsdf.translate.carriers.seal`); None: not
    fingerprint: str | None = None


@record
class SdfLimit(Extra):
    """``<sdf:limit effort=".." velocity=".."/>`` in a URDF joint: SDF's effort and
    velocity limits as written (None: absent in the SDF)."""

    effort: str | None = None
    velocity: str | None = None


@record
class UrdfRoot(Extra):
    """``<urdf:root link=".."/>`` in an SDF model (in its ``<urdf:model>``): a root link of
    the URDF besides the first, a link with no joint above it in SDF too (a free body)."""

    #: the link's SDF name
    link: str = ""


Extras = tuple[Extra, ...]


class Pose:
    """A pose ``xyz rpy`` measured in frame ``relative_to``.

    ``relative_to`` is the attribute as written: ``None`` when absent, ``""``
    when empty (both mean "the default frame" of //pose/@relative_to).
    ``text`` holds the six number tokens as written, or ``None`` when the pose
    was absent or computed.

    Immutable, compared and hashed by value like the records of this
    module.  It is the most numerous IR node (4 to 5 per link), so it is kept
    compact: the text as one string, and for a pose read from text
    (:meth:`parsed`) no floats at all; ``xyz`` and ``rpy`` are parsed from it
    when asked for (measured: ~760 -> ~130 bytes per pose, 290 MB less for a
    100k-link SDF).  Its fields are read-only properties over private slots, which
    :func:`_pose` sets once: a class with a refusing ``__setattr__`` has every
    assignment go through it (docs/performance.md, "Session 25").
    """

    __slots__ = ("_v", "_t", "_relative_to", "_line")
    _v: tuple[float, ...] | None
    _t: str | None
    _relative_to: str | None
    _line: int | None

    def __new__(cls, xyz: Vec3 = ZERO3, rpy: Vec3 = ZERO3, relative_to: str | None = None,
                text: Tokens | None = None, line: int | None = None) -> Pose:
        return _pose(_ZERO6 if xyz is ZERO3 and rpy is ZERO3 else (*xyz, *rpy),
                     None if text is None else " ".join(text), relative_to, line)

    @classmethod
    def parsed(cls, text: str, relative_to: str | None = None,
               line: int | None = None) -> Pose:
        """A pose read from ``text``: six finite numbers (the caller checked them).

        Its values are ``float()`` of each token, computed when asked for.
        """
        return _pose(None, text, relative_to, line)

    @property
    def relative_to(self) -> str | None:
        """The frame the pose is measured in, as written (None: absent)."""
        return self._relative_to

    @property
    def line(self) -> int | None:
        """The line the pose was read from (None: computed)."""
        return self._line

    @property
    def values(self) -> tuple[float, ...]:
        """``x y z roll pitch yaw`` as floats."""
        v = self._v
        if v is None:
            v = tuple(map(float, self._t.split()))  # type: ignore[union-attr]
        return v

    @property
    def xyz(self) -> Vec3:
        """The translation."""
        v = self.values
        return (v[0], v[1], v[2])

    @property
    def rpy(self) -> Vec3:
        """Roll, pitch, yaw (fixed axes X, Y, Z)."""
        v = self.values
        return (v[3], v[4], v[5])

    @property
    def text(self) -> Tokens | None:
        """The six tokens as written (None: absent or computed)."""
        t = self._t
        return None if t is None else tuple(t.split())

    @property
    def frame(self) -> str:
        """``relative_to`` with absent folded into ``""`` (the default frame)."""
        return self.relative_to or ""

    @property
    def is_identity(self) -> bool:
        """True when every value is exactly zero."""
        v = self._v
        if v is not None:
            return v == _ZERO6
        for token in self._t.split():  # type: ignore[union-attr]
            if float(token) != 0.0:  # most poses stop at their first number
                return False
        return True

    def tokens(self) -> Tokens:
        """The six tokens to write: original text when kept, else shortest repr."""
        t = self._t
        if t is not None:
            return tuple(t.split())
        from urdfsdf.core.numbers import fmt_all

        return fmt_all(self.values)

    def with_frame(self, relative_to: str | None) -> Pose:
        """The same pose (text and values as they are) measured in ``relative_to``."""
        return _pose(self._v, self._t, relative_to, self.line)

    def _key(self) -> tuple[object, ...]:
        return (self.values, self.relative_to, self.text, self.line)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not Pose:
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (f"Pose(xyz={self.xyz!r}, rpy={self.rpy!r}, relative_to={self.relative_to!r}, "
                f"text={self.text!r}, line={self.line!r})")

    def __reduce__(self) -> tuple[object, ...]:  # pickling (batch workers)
        return (Pose, (self.xyz, self.rpy, self.relative_to, self.text, self.line))


def _pose(values: tuple[float, ...] | None, text: str | None, relative_to: str | None,
          line: int | None) -> Pose:
    """A :class:`Pose` of these fields (``values`` None: parsed from ``text`` when asked),
    each set once."""
    pose = _new(Pose)
    pose._v = values
    pose._t = text
    pose._relative_to = relative_to
    pose._line = line
    return pose


_new = object.__new__


_ZERO6 = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0)


_N = TypeVar("_N")


def evolve(node: _N, **changes: Any) -> _N:
    """A copy of ``node`` (a dataclass) with ``changes``, as ``dataclasses.replace`` makes
    it (its ``__init__`` called with every field), and for a :class:`Pose` its fields as
    its constructor names them.  Unknown field names raise ``TypeError``.

    Not ``dataclasses.replace`` itself: it sorts a class's fields and calls ``__init__``
    with keywords (a dict, in Python 3.11) on every call, which made it a sixth of
    translating a URDF model (issue 35); here the fields are sorted once per class
    (:func:`_init_fields`) and passed in their order.
    """
    cls: type[_N] = node.__class__
    if cls is Pose:
        return _evolve_pose(node, changes)  # type: ignore[arg-type,return-value]
    index, values_of, positional = _init_fields(cls)  # type: ignore[arg-type]  # a class
    values = list(values_of(node))
    for key, value in changes.items():
        at = index.get(key)
        if at is None:
            raise TypeError(f"{cls.__name__} has no field {key!r}")
        values[at] = value
    if positional:
        return cls(*values)
    return cls(**dict(zip(index, values, strict=True)))


@cache
def _init_fields(cls: type) -> tuple[dict[str, int], Callable[[Any], tuple[Any, ...]], bool]:
    """The fields of the dataclass ``cls`` its ``__init__`` takes: where each stands
    among them, by name; a function of an instance that gives their values in that
    order; whether ``__init__`` takes them by position (no field is keyword-only)."""
    taken = [f for f in fields(cls) if f.init]
    get = attrgetter(*(f.name for f in taken))
    return ({f.name: i for i, f in enumerate(taken)},
            get if len(taken) > 1 else lambda node: (get(node),),
            not any(f.kw_only for f in taken))


def _evolve_pose(pose: Pose, changes: dict[str, Any]) -> Pose:
    """:func:`evolve` for a :class:`Pose` (its fields as the constructor names them)."""
    bad = set(changes) - {"xyz", "rpy", "relative_to", "text", "line"}
    if bad:
        raise TypeError(f"Pose has no field {sorted(bad)[0]!r}")
    if not changes.keys() - {"relative_to", "line"}:  # text and values unchanged
        return _pose(pose._v, pose._t, changes.get("relative_to", pose.relative_to),
                     changes.get("line", pose.line))
    return Pose(changes.get("xyz", pose.xyz), changes.get("rpy", pose.rpy),
                changes.get("relative_to", pose.relative_to), changes.get("text", pose.text),
                changes.get("line", pose.line))


IDENTITY = Pose()


@record
class Inertial:
    """Mass properties: //inertial or URDF <inertial>; inertia about the CoM frame."""

    mass: str = "0"
    #: ixx ixy ixz iyy iyz izz as text
    inertia: Tokens = ("0", "0", "0", "0", "0", "0")
    pose: Pose = IDENTITY
    line: int | None = None
    #: why an ``<inertial auto="true">`` could not be computed (the values are then
    #: libsdformat's default, as it reads them; sdf2urdf refuses the link)
    unresolved: str | None = None


@record
class Geometry:
    """A shape. ``kind`` is box, cylinder, sphere, mesh, or an SDF-only shape.

    SDF-only shapes (plane, capsule, ellipsoid, heightmap, polyline, ...) keep
    their XML in ``raw``.  A shape element SDFormat does not define keeps its tag
    as ``kind`` (the reader reports nothing for it; the translators refuse it).
    """

    kind: GeometryKind
    size: Tokens | None = None
    radius: str | None = None
    length: str | None = None
    uri: str | None = None
    scale: Tokens | None = None
    raw: str | None = None
    line: int | None = None
    #: a mesh's ``<submesh>`` (SDFormat: one part of the mesh file), as written: URDF
    #: has no form for it (``sdf2urdf`` refuses it; ``--lossy`` writes the whole file
    #: and carries it as ``<sdf:submesh>``, :mod:`urdfsdf.translate.carriers`)
    submesh: Extra | None = None


@record
class Material:
    """A material: URDF name/rgba/texture and the SDF colour channels."""

    name: str | None = None
    rgba: Tokens | None = None
    texture: str | None = None
    ambient: Tokens | None = None
    diffuse: Tokens | None = None
    specular: Tokens | None = None
    emissive: Tokens | None = None
    #: SDF material children the IR does not model (script, shader, pbr, ...)
    extras: Extras = ()
    line: int | None = None


@record
class Visual:
    """A visual shape attached to a link."""

    name: str | None
    geometry: Geometry | None
    pose: Pose = IDENTITY
    material: Material | None = None
    extras: Extras = ()
    line: int | None = None
    #: the URDF name when SDFormat forbids it (carried as urdf:name)
    original_name: str | None = None


@record
class Collision:
    """A collision shape attached to a link."""

    name: str | None
    geometry: Geometry | None
    pose: Pose = IDENTITY
    extras: Extras = ()
    line: int | None = None
    #: the URDF name when SDFormat forbids it (carried as urdf:name)
    original_name: str | None = None


@record
class Limit:
    """Joint limits as text (URDF <limit>, SDF //axis/limit)."""

    lower: str | None = None
    upper: str | None = None
    effort: str | None = None
    velocity: str | None = None
    #: SDF-only limit children (stiffness, dissipation) as XML
    extras: Extras = ()
    line: int | None = None


@record
class Dynamics:
    """Joint dynamics as text (URDF <dynamics>, SDF //axis/dynamics)."""

    damping: str | None = None
    friction: str | None = None
    spring_reference: str | None = None
    spring_stiffness: str | None = None
    line: int | None = None


@record
class Axis:
    """A joint axis: unit vector ``xyz`` expressed in ``expressed_in``.

    ``expressed_in`` is //axis/xyz/@expressed_in as written (None: absent,
    meaning the joint frame).  ``text`` keeps the three tokens as written.
    """

    xyz: Vec3 = (1.0, 0.0, 0.0)
    text: Tokens | None = None
    expressed_in: str | None = None
    limit: Limit | None = None
    dynamics: Dynamics | None = None
    #: SDF-only axis children (initial_position, ...) as XML
    extras: Extras = ()
    line: int | None = None

    def tokens(self) -> Tokens:
        """The three tokens to write."""
        if self.text is not None:
            return self.text
        from urdfsdf.core.numbers import fmt_all

        return fmt_all(self.xyz)


@record
class Mimic:
    """URDF <mimic>."""

    joint: str
    multiplier: str | None = None
    offset: str | None = None
    line: int | None = None


@record
class SafetyController:
    """URDF <safety_controller>."""

    k_velocity: str | None = None
    k_position: str | None = None
    soft_lower_limit: str | None = None
    soft_upper_limit: str | None = None
    line: int | None = None


@record
class Calibration:
    """URDF <calibration>."""

    rising: str | None = None
    falling: str | None = None
    reference_position: str | None = None
    line: int | None = None


@record
class Joint:
    """A joint between ``parent`` and ``child`` links (names in its model)."""

    name: str
    type: JointType
    parent: str
    child: str
    pose: Pose = IDENTITY
    axis: Axis | None = None
    axis2: Axis | None = None
    mimic: Mimic | None = None
    safety_controller: SafetyController | None = None
    calibration: Calibration | None = None
    extras: Extras = ()
    line: int | None = None
    #: the URDF name when SDFormat forbids it (carried as urdf:name)
    original_name: str | None = None


@record
class FrameLink:
    """``<sdf:frame>`` in a URDF link: the link stands for an SDF //frame.

    sdf2urdf writes an explicit frame as a massless leaf link on a fixed joint,
    marked with it; urdf2sdf turns such a link back into a //frame.
    ``attached_to`` and ``pose`` are the frame's as written in SDF (``pose``:
    None when it had no ``<pose>``).  ``flattened``: a frame of a flattened
    nested model, which comes back attached to the link's parent, posed by the
    joint.
    """

    attached_to: str | None = None
    pose: Pose | None = None
    flattened: bool = False
    line: int | None = None


@record
class Link:
    """A rigid body with its frame, mass properties and shapes."""

    name: str
    pose: Pose = IDENTITY
    inertial: Inertial | None = None
    visuals: tuple[Visual, ...] = ()
    collisions: tuple[Collision, ...] = ()
    #: SDF link children the IR does not model (sensor, light, gravity, ...) as XML
    extras: Extras = ()
    line: int | None = None
    #: the URDF name when SDFormat forbids it (carried as urdf:name)
    original_name: str | None = None
    #: a URDF link standing for an SDF //frame (``<sdf:frame>``)
    sdf_frame: FrameLink | None = None


@record
class Frame:
    """An explicit //model/frame or //world/frame."""

    name: str
    attached_to: str | None = None
    pose: Pose = IDENTITY
    line: int | None = None
    #: ``urdf:joint``: the frame stands for a massless leaf URDF link on this fixed joint
    #: (``urdf2sdf --massless-as-frames``), which sdf2urdf writes back
    urdf_joint: str | None = None


@record
class Model:
    """A model (SDF //model, URDF <robot>), possibly with nested models."""

    name: str
    links: tuple[Link, ...] = ()
    joints: tuple[Joint, ...] = ()
    frames: tuple[Frame, ...] = ()
    models: tuple[Model, ...] = ()
    pose: Pose = IDENTITY
    canonical_link: str | None = None
    static: bool = False
    #: URDF top-level named materials
    materials: tuple[Material, ...] = ()
    #: elements the IR does not model (plugins, transmissions, gazebo, ...) as XML
    extras: Extras = ()
    #: URDF <robot version=...>
    version: str | None = None
    line: int | None = None
    #: whose pose rules apply: "sdf" (//pose/@relative_to, defaults of the
    #: spec) or "urdf" (joint origin in the parent link, link frame = joint frame)
    convention: Convention = "sdf"
    #: SDF convention: URDF joints SDFormat 1.7 has no type for (floating, planar),
    #: carried as ``<urdf:joint>``; their child links are free in the SDF model
    urdf_joints: tuple[Joint, ...] = ()
    #: //model/@placement_frame (SDFormat 1.8+): the frame whose pose //model/pose gives
    placement_frame: str | None = None
    #: the file the model was read from, when it came through an <include>
    file: str | None = None
    #: the file //model/pose was written in when an <include>'s <pose> gave it (the
    #: including file; its lines are that file's); None: the model's own
    pose_file: str | None = None

    def link(self, name: str) -> Link | None:
        """The link called ``name`` in this model (not nested ones), or None."""
        for link in self.links:
            if link.name == name:
                return link
        return None

    def joint(self, name: str) -> Joint | None:
        """The joint called ``name`` in this model, or None."""
        for joint in self.joints:
            if joint.name == name:
                return joint
        return None


@record
class World:
    """An SDF //world: models and explicit frames in the world scope."""

    name: str
    models: tuple[Model, ...] = ()
    frames: tuple[Frame, ...] = ()
    extras: Extras = ()
    line: int | None = None
    #: //world/joint (SDFormat 1.10+): joints between models, frames and the world
    joints: tuple[Joint, ...] = ()


@record
class SdfDocument:
    """An SDF file: its version and its top-level models and worlds."""

    version: str
    models: tuple[Model, ...] = ()
    worlds: tuple[World, ...] = ()
    #: namespace prefixes declared on <sdf> (custom elements), prefix -> uri
    namespaces: tuple[tuple[str, str], ...] = ()

    def every_model(self) -> list[Model]:
        """Its models, its own then its worlds' (in document order each)."""
        return [*self.models, *(m for w in self.worlds for m in w.models)]

