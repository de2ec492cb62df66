"""The SDFormat elements the SDF reader reads, declared: their attributes, children, defaults.

Each element is a :class:`~urdfsdf.xml.declared_text.Record` (an element whose values
are its children's texts) or a :class:`~urdfsdf.xml.declared_text.Value` (a leaf: how
its text reads, the value the IR takes when it is absent or does not read); the format
is described in :mod:`urdfsdf.xml.declared_text`.  :mod:`urdfsdf.sdf.reader` reads
every element against its declaration and keeps only what it means (the diagonal
inertia check, the shape defaults, joint types, the axis and its mimic).

A child is read once (:func:`~urdfsdf.xml.declared.one`: libsdformat reads the first
of an element that may occur once) or as often as it comes
(:func:`~urdfsdf.xml.declared.many`; for some the reader keeps the last, as the IR
holds one).  What the IR does not model travels as written: a child of another tag is
kept in the node's extras (``others=KEPT``; a link's keep their //pose,
:func:`urdfsdf.sdf.posed.posed_extra`), except where the IR has no extras
(``others=NOT_TAKEN``): there it is reported (``ELEMENT_DROPPED``, a warning at its line:
:meth:`~urdfsdf.xml.declared_text.TextReading.not_taken`), as is a second shape in a
``<geometry>`` and a shape's attribute.  What becomes of each element in the other
format is said in one place: :mod:`urdfsdf.translate.fates`.  The ``urdf:`` forms of the
URDF joint's children SDFormat lacks derive from their URDF declarations
(:data:`URDF_PARTS`); the other ``urdf:`` custom elements the SDF writer writes are
declared where it writes them.

Every SDFormat child declared here is one SDFormat 1.7's description allows there
(``tests/sdf/test_elements.py`` checks them against :mod:`urdfsdf.sdf.schema`).
"""

from __future__ import annotations

from lxml import etree

from urdfsdf.core.ir import IDENTITY, INERTIA_KEYS, Dynamics, Extra, Geometry, Limit
from urdfsdf.sdf.defaults import (
    BOX_SIZE,
    CAPSULE_RADIUS,
    CYLINDER_LENGTH,
    CYLINDER_RADIUS,
    DEFAULT_INERTIA,
    DEFAULT_MASS,
    SPHERE_RADIUS,
)
from urdfsdf.sdf.posed import posed_extra
from urdfsdf.sdf.values import (
    DEGREES,
    RELATIVE_TO,
    ROTATION_FORMAT,
    boolean,
    colour,
    limit_value,
    number,
    plain,
    pose,
    required_text,
    text_of,
    tokens3,
    vector3,
)
from urdfsdf.urdf import elements as urdf
from urdfsdf.xml.declared import NOT_TAKEN, many, name, one, text
from urdfsdf.xml.declared_text import Record, Value
from urdfsdf.xml.namespaces import D, U
from urdfsdf.xml.parse import line_of


def _posed(el: etree._Element) -> Extra:
    """A link's child kept as written, with its //pose (:func:`posed_extra`)."""
    return posed_extra(el, line_of(el))


#: absent: the identity, relative to the default frame
def _number(tag: str, default: str | None = None, empty: str | None = None) -> Value:
    """A leaf holding one number (:func:`~urdfsdf.sdf.values.number`; its plain form
    first: :func:`~urdfsdf.sdf.values.plain`); ``empty``: optional, with this default
    (:class:`~urdfsdf.xml.declared_text.Value`)."""
    return Value(tag, number, default=default, plain=plain, empty=empty)


POSE = Value("pose", pose, RELATIVE_TO, ROTATION_FORMAT, DEGREES, default=IDENTITY)

#: (``empty=``: optional in SDFormat's description, libsdformat's default for an empty text;
#: tests/sdf/test_elements.py checks them against the description files where installed)
MASS = _number("mass", DEFAULT_MASS, empty="1")
#: ixx ixy ixz iyy iyz izz, in the IR's order, each with its default
MOMENTS = tuple(_number(key, default)
                for key, default in zip(INERTIA_KEYS, DEFAULT_INERTIA, strict=True))
INERTIA = Record("inertia", children=tuple(one(moment) for moment in MOMENTS),
                 others=NOT_TAKEN)
#: its <density> (SDFormat 1.11) is read with auto="true" (sdf/auto_inertial.py)
INERTIAL = Record("inertial", text("auto"), children=(one(MASS), one(INERTIA), one(POSE),
                                                      one(Record("density"))),
                  others=NOT_TAKEN)

#: the shapes the IR reads: each fills a Geometry (its values' tags are its fields)
BOX = Record("box", children=(one(Value("size", tokens3, default=BOX_SIZE)),),
             others=NOT_TAKEN, record=Geometry)
SPHERE = Record("sphere", children=(one(_number("radius", SPHERE_RADIUS)),),
                others=NOT_TAKEN, record=Geometry)
_LENGTH = _number("length", CYLINDER_LENGTH)
CYLINDER = Record("cylinder", children=(one(_number("radius", CYLINDER_RADIUS)), one(_LENGTH)),
                  others=NOT_TAKEN, record=Geometry)
CAPSULE = Record("capsule", children=(one(_number("radius", CAPSULE_RADIUS)), one(_LENGTH)),
                 others=NOT_TAKEN, record=Geometry)
#: one part of the mesh file (Geometry.submesh), kept as written
SUBMESH = Record("submesh")
#: its <uri> is required and not empty (absent: "", which sdf2urdf refuses)
MESH = Record("mesh", children=(one(Value("uri", required_text, default="")), one(SUBMESH),
                                one(Value("scale", tokens3, empty="1 1 1"))),
              others=NOT_TAKEN, record=Geometry)
#: the shapes the IR reads, by tag (SDFormat's others keep their XML)
SHAPES = {shape.tag: shape for shape in (BOX, CYLINDER, CAPSULE, SPHERE, MESH)}
#: its first child element is the shape, whatever its tag
GEOMETRY = Record("geometry", children=tuple(one(shape) for shape in SHAPES.values()))

#: //material's colours, by tag: each read (the last that reads kept)
COLOURS = {tag: Value(tag, colour, empty="0 0 0 1")
           for tag in ("ambient", "diffuse", "specular", "emissive")}
#: //material/script and //material/shader are kept as written, checked (Material.cc)
SCRIPT = Record("script")
SHADER = Record("shader", text("type"))
MATERIAL = Record("material", children=(*(many(c) for c in COLOURS.values()), many(SCRIPT),
                                        many(SHADER)))
#: a URDF material carried in SDF (its URDF name, when renamed: urdf:name)
URDF_MATERIAL = Record(U + "material", text("name"), text(U + "name"),
                       children=(one(Record("color", text("rgba"))),
                                 one(Record("texture", text("filename")))))
#: the reader keeps the last material and urdf:material
VISUAL = Record("visual", name("name"), text(U + "name"),
                children=(one(GEOMETRY), one(POSE), many(MATERIAL), many(URDF_MATERIAL)))
COLLISION = Record("collision", name("name"), text(U + "name"),
                   children=(one(GEOMETRY), one(POSE)))

#: //axis/xyz: three numbers, not all zero; its expressed_in kept as written
XYZ = Value("xyz", vector3, text("expressed_in"))
#: effort and velocity -1: no limit; //axis2/limit's bounds are optional too
_LIMIT_EMPTY = {"effort": "-1", "velocity": "-1"}
_LIMIT2_EMPTY = {**_LIMIT_EMPTY, "lower": "-1e16", "upper": "1e16"}
LIMIT = Record("limit", children=tuple(
    one(Value(tag, limit_value, plain=plain, empty=_LIMIT_EMPTY.get(tag)))
    for tag in ("lower", "upper", "effort", "velocity")), record=Limit)
LIMIT2 = Record("limit", children=tuple(
    one(Value(tag, limit_value, plain=plain, empty=_LIMIT2_EMPTY.get(tag)))
    for tag in ("lower", "upper", "effort", "velocity")), record=Limit)
DYNAMICS = Record("dynamics", children=tuple(
    one(_number(tag, empty="0" if tag in ("damping", "friction") else None))
    for tag in ("damping", "friction", "spring_reference", "spring_stiffness")),
    others=NOT_TAKEN, record=Dynamics)
AXIS = Record("axis", children=(one(XYZ), one(LIMIT), one(DYNAMICS)))
AXIS2 = Record("axis2", children=(one(XYZ), one(LIMIT2), one(DYNAMICS)))
#: the axes, by tag, and their limits
AXES = {axis.tag: axis for axis in (AXIS, AXIS2)}
AXIS_LIMITS = {AXIS.tag: LIMIT, AXIS2.tag: LIMIT2}
#: the URDF joint children SDFormat has no element for (:data:`urdf.URDF_ONLY`), carried
#: as urdf: custom elements with their URDF attributes, as written (a name URDF requires
#: reads "" when absent), in the same order
URDF_PARTS = tuple(Record(U + decl.tag, *(text(a.name, default="" if a.kind == "name" else None)
                                          for a in decl.attributes))
                   for decl in urdf.URDF_ONLY)
#: Drake's form of a mimic (sdf/mimic.py): the joint's mimic when it has no other
DRAKE_MIMIC = Record(D + "mimic", text("joint", default=""), text("multiplier"),
                     text("offset"))
PARENT = Value("parent", text_of)
CHILD = Value("child", text_of)
#: its name and type are checked first (a joint without them is not read); the reader
#: keeps the last of each axis and urdf: element
JOINT = Record("joint", name("name"), text("type"), text(U + "name"),
               children=(one(PARENT), one(CHILD), one(POSE), many(AXIS), many(AXIS2),
                         *(many(part) for part in URDF_PARTS), many(DRAKE_MIMIC)))

#: the reader keeps the last inertial (each is read)
LINK = Record("link", name("name"), text(U + "name"),
              children=(one(POSE), many(INERTIAL), many(VISUAL), many(COLLISION)),
              keep=_posed)
#: urdf:joint: the fixed joint of the URDF link it stands for (urdf2sdf --massless-as-frames)
#: read through its declaration (:func:`~urdfsdf.sdf.values.attribute`)
ATTACHED_TO = text("attached_to")
FRAME = Record("frame", name("name"), ATTACHED_TO, text(U + "joint"),
               children=(one(POSE),),
               others=NOT_TAKEN)
#: read by sdf/include_read.py
INCLUDE = Record("include")
#: a nested model, read as MODEL (a declaration cannot hold itself)
NESTED_MODEL = Record("model")
#: a URDF joint SDFormat has no type for, carried in SDF (read by the URDF reader)
URDF_JOINT = Record(U + "joint")
#: the reader keeps the last <static>
STATIC = Value("static", boolean, default=False, empty="false")
MODEL = Record("model", name("name"), text("canonical_link"), text("placement_frame"),
               text(U + "version"),
               children=(one(POSE), many(STATIC), many(LINK),
                         many(JOINT), many(FRAME), many(NESTED_MODEL), many(INCLUDE),
                         many(URDF_MATERIAL), many(URDF_JOINT)))
WORLD = Record("world", name("name"),
               children=(many(MODEL), many(FRAME), many(JOINT), many(INCLUDE)))
#: libsdformat reads <light> and <actor> at the document level; the IR does not hold them
ROOT_OTHERS = {tag: Record(tag) for tag in ("light", "actor")}
SDF = Record("sdf", text("version"),
             children=(many(MODEL), many(WORLD), *(many(other) for other in ROOT_OTHERS.values())),
             others=NOT_TAKEN)

#: the children declared here that SDFormat defines after 1.7 (read in any version, as
#: libsdformat reads them), as (parent, child): <capsule> (1.8), world joints (1.9), the
#: automatic inertial's density (1.11)
AFTER_1_7 = frozenset({("geometry", "capsule"), ("world", "joint"), ("inertial", "density")})
