"""The URDF elements, declared: what urdfdom reads of each, and what urdfsdf reports.

Each element is one :class:`~urdfsdf.xml.declared.Element` (the format is described
in :mod:`urdfsdf.xml.declared`); :mod:`urdfsdf.urdf.reader` reads every element
against its declaration and keeps only what it means (the default axis, the limits
a joint type requires, the mimic joint, the inertia check...).  An element whose values
are all it means names its IR record (``record=``): the reader fills it and the writers
write it from the declaration alone (:data:`URDF_ONLY`, the joint's children only URDF
has, are also carried in SDF from it).  The tables other modules use derive from here:
:data:`ATTRIBUTES` (the attributes URDF defines, per element), :data:`CHILDREN` (the
children, per element read as a record).

What urdfdom tolerates, and urdfsdf reports (an info, ``URDF_IGNORED``) and keeps as
written: an attribute URDF does not define (``reports``: the element's own reading
reports it; ``reports_children``: the parent's, after it collects its children); a
second child urdfdom does not read (``reports_repeats``; a link's second
``<inertial>`` has its own message); a second shape in a ``<geometry>``
(:func:`urdfsdf.urdf.reader._geometry`).  What SDFormat (through the IR) cannot hold
travels as written: a child URDF does not define is kept in the node's extras
(``others=KEPT``), or, where the IR has no extras (``<inertial>``, ``<sdf:frame>``),
the whole link does (``others=NOT_TAKEN``).

Two elements declare no attribute, so they are not in :data:`ATTRIBUTES`:
``<geometry>`` and ``<inertial>``.  Their attributes and a repeat of them go
unreported, and ``<inertial>`` reports the attributes of its ``<origin>`` twice
(``reports_children="all"``): urdfsdf has always done so, and outputs stay as they
were.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any

from urdfsdf.core.ir import (
    INERTIA_KEYS,
    Calibration,
    Dynamics,
    Joint,
    JointType,
    Limit,
    Mimic,
    SafetyController,
)
from urdfsdf.urdf.lenient import one_for_three, opaque_black, spherical_as_ball
from urdfsdf.xml.declared import (
    KEPT,
    NOT_TAKEN,
    Element,
    Format,
    Tolerance,
    many,
    name,
    number,
    numbers,
    one,
    text,
)
from urdfsdf.xml.namespaces import SDF_FRAME, SDF_POSE, SDF_SUBMESH, D

#: joint types whose <axis> is meaningful (the others read one only when written)
AXIS_TYPES: tuple[JointType, ...] = ("revolute", "continuous", "prismatic", "planar")

ORIGIN = Element("origin", numbers("xyz", 3), numbers("rpy", 3), reports=True)

#: what the reference readers make of a URDF they read anyway (docs/lenient.md)
NO_MASS = Tolerance("ELEMENT_MISSING", "urdfdom and Drake read mass 0 (PyBullet and MuJoCo "
                    "refuse the file); written as 0")
NO_MOMENT = Tolerance("ATTRIBUTE_MISSING", "Drake reads 0, and PyBullet too for a product "
                      "(urdfdom reads all six moments as 0; MuJoCo refuses the file); "
                      "written as 0")
NO_LIMIT = Tolerance("ELEMENT_MISSING", "Drake and MuJoCo read an unlimited joint (urdfdom "
                     "and PyBullet refuse the file); written without limits")
NO_LIMIT_VALUE = Tolerance("ATTRIBUTE_MISSING", "Drake reads no limit (PyBullet 0; urdfdom "
                           "refuses the file); written without one")

NO_MASS_VALUE = Tolerance("ATTRIBUTE_MISSING", NO_MASS.reading)
ONE_SCALE = Tolerance("VALUE_TOLERATED", "Drake and PyBullet read one number as all three "
                      "(urdfdom drops the geometry)", read=one_for_three)
RGB = Tolerance("VALUE_TOLERATED", "urdfdom reads a colour of three values as opaque black "
                "(PyBullet reads 0 0 0 0; Drake and MuJoCo refuse the file)", read=opaque_black)
SPHERICAL = Tolerance("VALUE_TOLERATED", "PyBullet reads a ball joint (urdfdom and Drake "
                      "refuse the file); written as an SDF ball joint", read=spherical_as_ball)
NO_AXIS_XYZ = Tolerance("ATTRIBUTE_MISSING", "Drake reads 1 0 0, URDF's default axis "
                        "(urdfdom reads 0 0 0; MuJoCo refuses the file); written as 1 0 0")

MASS = Element("mass", number("value", required=True, default="0", tolerated=NO_MASS_VALUE),
               absent=NO_MASS)
NO_INERTIA = Tolerance("ELEMENT_MISSING", "read as zero, as urdfdom reads it (urdfdom also "
                       "skips the link's visuals and collisions; urdfsdf keeps them)")
INERTIA = Element("inertia", *(number(key, required=True, default="0", tolerated=NO_MOMENT)
                               for key in INERTIA_KEYS), absent=NO_INERTIA)
INERTIAL = Element("inertial", children=(one(ORIGIN), one(MASS), one(INERTIA)),
                   others=NOT_TAKEN, reports_repeats=True, reports_children="all")

BOX = Element("box", numbers("size", 3, required=True, default="0 0 0"), reports=True)
CYLINDER = Element("cylinder", number("radius", required=True, default="0"),
                   number("length", required=True, default="0"), reports=True)
CAPSULE = Element("capsule", number("radius", required=True, default="0"),
                  number("length", required=True, default="0"), reports=True)
SPHERE = Element("sphere", number("radius", required=True, default="0"), reports=True)
#: urdfsdf's carrier of an SDF //mesh/submesh, kept as written (not URDF: urdfdom,
#: Drake and PyBullet ignore it and read the whole mesh)
SUBMESH = Element(SDF_SUBMESH)
MESH = Element("mesh", text("filename", required=True, default="",
                            missing="mesh has no filename"),
               numbers("scale", 3, tolerated=ONE_SCALE), children=(one(SUBMESH),),
               others=NOT_TAKEN, reports=True)
#: the shapes, by tag
SHAPES = {shape.tag: shape for shape in (BOX, CYLINDER, CAPSULE, SPHERE, MESH)}
#: Drake's shapes in a URDF ``<geometry>`` (``detail_urdf_geometry.cc``), by tag: urdfdom
#: skips the visual or collision that holds one, Drake reads the shape
DRAKE_CAPSULE = Element(D + "capsule", number("radius", required=True, default="0"),
                        number("length", required=True, default="0"))
DRAKE_ELLIPSOID = Element(D + "ellipsoid", *(number(key, required=True, default="0")
                                             for key in ("a", "b", "c")))
DRAKE_SHAPES = {shape.tag: shape for shape in (DRAKE_CAPSULE, DRAKE_ELLIPSOID)}
#: Drake's ``<drake:joint>`` and the types of it SDFormat has (``detail_urdf_parser.cc``,
#: ``ParseJoint``): read as those joints (urdf/reader.py) and carried; another (planar,
#: screw, curvilinear) stays kept as written
DRAKE_JOINT = D + "joint"
DRAKE_JOINT_TYPES: tuple[JointType, ...] = ("ball", "universal")
#: one of the shapes: urdfdom reads its first child element as the shape, whatever its
#: tag (:func:`urdfsdf.urdf.reader._geometry`)
GEOMETRY = Element("geometry", children=tuple(one(shape) for shape in SHAPES.values()))

COLOR = Element("color", numbers("rgba", 4, required=True, tolerated=RGB))
TEXTURE = Element("texture", text("filename", default=""))
#: its name is required at the top level (the reader checks it first)
MATERIAL = Element("material", text("name"), children=(one(COLOR), one(TEXTURE)))

VISUAL = Element("visual", text("name"),
                 children=(one(ORIGIN), one(GEOMETRY), one(MATERIAL)),
                 reports=True, reports_repeats=True)
COLLISION = Element("collision", text("name"), children=(one(ORIGIN), one(GEOMETRY)),
                    reports=True, reports_repeats=True)

#: its text is the pose (SDF's ``x y z roll pitch yaw``)
FRAME_POSE = Element(SDF_POSE, text("relative_to"), holds_text=True)
#: urdfsdf's mark of a link standing for an SDF //frame (not URDF: urdfdom ignores it)
FRAME = Element(SDF_FRAME, text("attached_to"), text("flattened"),
                children=(one(FRAME_POSE),), others=NOT_TAKEN)

LINK = Element(
    "link", name("name"),
    children=(one(INERTIAL, report="{what}: second <{tag}> ignored (urdfdom reads the "
                                   "first); kept as written"),
              many(VISUAL), many(COLLISION), one(FRAME, second=KEPT)),
    reports=True)

PARENT = Element("parent", name("link", label="<parent>"))
CHILD = Element("child", name("link", label="<child>"))
AXIS = Element("axis", numbers("xyz", 3))
#: the axis of a joint type that moves along it (AXIS_TYPES)
MOVING_AXIS = Element("axis", numbers("xyz", 3, required=True, default="1 0 0",
                                      tolerated=NO_AXIS_XYZ))
#: effort and velocity are required of the joint types in LIMITED_JOINT_TYPES (LIMITED)
LIMIT = Element("limit", number("lower"), number("upper"), number("effort"),
                number("velocity"), record=Limit)
LIMITED = Element("limit", number("lower"), number("upper"),
                  number("effort", required=True, tolerated=NO_LIMIT_VALUE),
                  number("velocity", required=True, tolerated=NO_LIMIT_VALUE), absent=NO_LIMIT,
                  record=Limit)
DYNAMICS = Element("dynamics", number("damping"), number("friction"), record=Dynamics)
#: its joint is checked first (a mimic without one is not read)
MIMIC = Element("mimic", name("joint"), number("multiplier"), number("offset"), record=Mimic)
#: written in urdfdom's order, the limits first
SAFETY_CONTROLLER = Element(
    "safety_controller",
    number("k_velocity", required=True, label="safety k_velocity"),
    number("k_position", label="safety k_position"),
    number("soft_lower_limit", label="soft_lower_limit"),
    number("soft_upper_limit", label="soft_upper_limit"), record=SafetyController,
    order=("soft_lower_limit", "soft_upper_limit", "k_position", "k_velocity"))
CALIBRATION = Element("calibration", number("rising"), number("falling"),
                      number("reference_position", label="reference_position"),
                      record=Calibration)
#: the joint's children only URDF has: each is the joint's field of its tag's name
#: (:func:`urdf_parts`), read and written from its declaration alone (no meaning but
#: the mimic's joint), and carried in SDF as ``<urdf:TAG>`` with the same attributes
#: (:data:`urdfsdf.sdf.elements.URDF_PARTS`), in this order
URDF_ONLY = (MIMIC, SAFETY_CONTROLLER, CALIBRATION)
#: the children a joint writes after its ``<axis>``, in urdfdom's order (the limit and
#: dynamics are the axis's in the IR, the others the joint's)
WRITTEN_AFTER_AXIS = (CALIBRATION, DYNAMICS, LIMIT, SAFETY_CONTROLLER, MIMIC)
#: its name and type are checked first (a joint without them is not read)
#: a joint's type: one of URDF's (checked by the reader), or PyBullet's spherical
JOINT_TYPE = text("type", tolerated=SPHERICAL)
JOINT = Element(
    "joint", name("name"), JOINT_TYPE,
    children=(one(ORIGIN), one(PARENT), one(CHILD), one(AXIS), one(LIMIT), one(DYNAMICS),
              one(MIMIC), one(SAFETY_CONTROLLER), one(CALIBRATION)),
    reports=True, reports_repeats=True, reports_children="unread")

ROBOT = Element("robot", name("name"), text("version"),
                children=(many(LINK), many(JOINT), many(MATERIAL)))

URDF = Format(
    (ROBOT, LINK, JOINT, ORIGIN, MASS, INERTIA, VISUAL, COLLISION, BOX, CYLINDER, CAPSULE,
     SPHERE, MESH, MATERIAL, COLOR, TEXTURE, PARENT, CHILD, AXIS, LIMIT, DYNAMICS, MIMIC,
     SAFETY_CONTROLLER, CALIBRATION, INERTIAL, GEOMETRY),
    code="URDF_IGNORED",
    unknown="<{tag}> attribute {key!r} is not part of URDF (urdfdom ignores it); kept as "
            "written",
    repeated="second <{tag}> in <{parent}> ignored (urdfdom reads the first); kept as written")

#: the attributes URDF defines, per element that has any (urdfdom ignores any other)
ATTRIBUTES: dict[str, tuple[str, ...]] = URDF.attributes
#: the children URDF defines, per element read as a record or sequence (urdfdom reads
#: the first of each one-child; any other child is kept as written)
CHILDREN: dict[str, tuple[str, ...]] = {
    e.tag: tuple(c.tag for c in e.children if not c.tag.startswith("{"))
    for e in (LINK, INERTIAL, VISUAL, COLLISION, MATERIAL, JOINT)}


#: the joint's fields holding them
URDF_FIELDS = tuple(decl.tag for decl in URDF_ONLY)
#: a joint's URDF-only parts (:data:`URDF_ONLY`), as a tuple in that order
urdf_parts = attrgetter(*URDF_FIELDS)
#: a joint without any
NO_URDF_PARTS = (None,) * len(URDF_ONLY)


def urdf_fields(joint: Joint) -> dict[str, Any]:
    """A joint's URDF-only parts, by field (to make another joint with them)."""
    return dict(zip(URDF_FIELDS, urdf_parts(joint), strict=True))
