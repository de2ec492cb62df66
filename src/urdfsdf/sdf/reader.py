"""SDFormat reader: XML -> :class:`urdfsdf.core.ir.SdfDocument`.

Reads ``<sdf>`` documents with their models (nested too), worlds, links,
joints and frames, keeping every pose with its ``relative_to`` as written.
Validity of names and frame references is the frame engine's job
(:mod:`urdfsdf.sdf.frames`); this module only reports what it cannot read.

Versions: every published one, 1.0 to 1.12, as libsdformat reads them.  A
document older than 1.7 is first rewritten into its 1.7 form with libsdformat's
``.convert`` recipes (:mod:`urdfsdf.sdf.versions`: 1.0 attributes become
elements, 1.4 axes and ``use_parent_model_frame`` become
``expressed_in="__model__"``, ``//pose/@frame`` becomes ``@relative_to``); the
rules that still depend on the original version (renames of siblings sharing a
name before 1.7, ``::`` reserved in names from 1.8) are applied with it.  The
1.8+ forms (scoped references, placement frames, 1.9 poses, world joints,
``<include>``) are read in any version, as libsdformat does.

Content the IR does not model (sensors, plugins, lights, surface, ...) is
kept verbatim in ``extras``; ``urdf:`` custom elements written by
:mod:`urdfsdf.sdf.writer` are folded back into the IR fields they came from.

Each element is read against its declaration (:mod:`urdfsdf.sdf.elements`) by the
generic reader (:class:`urdfsdf.xml.declared_text.TextReading`): its children
collected in one scan (or, for a document, world or model, handed out as they are
parsed), each value through its form (plain first: :mod:`urdfsdf.sdf.values`).  The
methods below keep what each element means.  The other jobs have their own modules:
``<include>`` (:mod:`urdfsdf.sdf.include_read`), merge-includes
(:mod:`urdfsdf.sdf.merge`), ``<inertial auto="true">``
(:mod:`urdfsdf.sdf.auto_inertial`), ``//axis/mimic`` (:mod:`urdfsdf.sdf.mimic`),
renames before 1.7 (:mod:`urdfsdf.sdf.legacy`).
"""

from __future__ import annotations

from collections.abc import Iterable
from sys import intern
from typing import Any, cast

from lxml import etree

from urdfsdf.core.diagnostics import Diagnostics
from urdfsdf.core.ir import (
    INERTIA_KEYS,
    SDF_JOINT_TYPES,
    Axis,
    Collision,
    Dynamics,
    Extra,
    Frame,
    Geometry,
    GeometryKind,
    Inertial,
    Joint,
    JointType,
    Limit,
    Link,
    Material,
    Model,
    Pose,
    SdfDocument,
    ShapeElement,
    Visual,
    World,
    evolve,
    joint_type,
)
from urdfsdf.sdf.auto_inertial import auto_inertial_of
from urdfsdf.sdf.defaults import (
    DEFAULT_INERTIA,
)
from urdfsdf.sdf.elements import (
    ATTACHED_TO,
    AXES,
    AXIS_LIMITS,
    CHILD,
    COLLISION,
    COLOURS,
    DRAKE_MIMIC,
    DYNAMICS,
    FRAME,
    GEOMETRY,
    INERTIA,
    INERTIAL,
    JOINT,
    LINK,
    MASS,
    MATERIAL,
    MODEL,
    PARENT,
    POSE,
    ROOT_OTHERS,
    SHAPES,
    STATIC,
    URDF_JOINT,
    URDF_MATERIAL,
    URDF_PARTS,
    VISUAL,
    XYZ,
)
from urdfsdf.sdf.elements import WORLD as WORLD_ELEMENT
from urdfsdf.sdf.include_read import IncludeReader, Pushed, UrdfReader
from urdfsdf.sdf.includes import IncludeResolver
from urdfsdf.sdf.legacy import LegacyNames, Named
from urdfsdf.sdf.merge import Merged
from urdfsdf.sdf.mimic import axis_mimic
from urdfsdf.sdf.names import MODEL_FRAME, WORLD
from urdfsdf.sdf.param_text import tolerated
from urdfsdf.sdf.unflatten import unflatten
from urdfsdf.sdf.values import attribute, is_true, trimmed
from urdfsdf.sdf.versions import SUPPORTED, upgrade_to_1_7
from urdfsdf.urdf import elements as urdf
from urdfsdf.urdf.reader import read_joint
from urdfsdf.xml.carried import LINKLESS, LINKLESS_MARKER, model_children
from urdfsdf.xml.custom import restore_empty_values, unwrap_urdf_element
from urdfsdf.xml.declared import Element
from urdfsdf.xml.declared_text import Record, TextReading
from urdfsdf.xml.namespaces import URDF_NS, U
from urdfsdf.xml.parse import (
    Reparse,
    Stream,
    extra,
    first_child,
    line_of,
    read_document,
    to_string,
)
from urdfsdf.xml.readctx import ReadContext

#: who reads a negative shape size as written, and who refuses it (docs/lenient.md)
NEGATIVE_SIZES = ("read and written as written, as libsdformat 12 reads it (Drake, which reads "
                  "SDFormat through it, refuses the model)")
#: //material/shader/@type values (libsdformat Material.cc)
SHADER_TYPES = ("pixel", "vertex", "normal_map_object_space", "normal_map_tangent_space")


#: the tags of the SDF elements read as they stream in (see :class:`urdfsdf.xml.parse.Stream`)
STREAM_TAGS = ("sdf", "gazebo", "model", "world")


def read_sdf_bytes(data: bytes, diags: Diagnostics) -> SdfDocument | None:
    """Parse SDF ``data``; diagnostics go to ``diags``.  None when unusable."""
    data = restore_empty_values(data)  # urdf:empty lists (xml/custom.py)
    return read_document(data, diags, STREAM_TAGS,
                         lambda root, stream: read_sdf_root(root, diags, stream))


def read_sdf_root(root: etree._Element, diags: Diagnostics, stream: Stream | None = None,
                  includes: IncludeResolver | None = None,
                  read_urdf: UrdfReader | None = None) -> SdfDocument | None:
    """Read an SDF document's root element (``stream``: it is being parsed incrementally).

    ``includes`` follows ``<include>`` (None: kept with a warning); ``read_urdf``
    reads an included URDF.
    """
    return SdfReader(diags, stream, includes, None, read_urdf).document(root)


def _version_tuple(version: str) -> tuple[int, int]:
    major, _, minor = version.partition(".")
    return int(major), int(minor or 0)


class SdfReader:
    """Reads one SDF document into the IR."""

    def __init__(self, diags: Diagnostics, stream: Stream | None = None,
                 includes: IncludeResolver | None = None,
                 file: str | None = None, read_urdf: UrdfReader | None = None,
                 pushed: Pushed | None = None) -> None:
        self.ctx = ReadContext(diags, bad_number_code="ELEMENT_INVALID",
                               tolerate=tolerated, reader="libsdformat's")
        #: reads each element against its declaration (sdf/elements.py)
        self.reading = TextReading(self.ctx)
        #: follows <include> (None: an include is kept, not read, with a warning)
        self.includes = includes
        #: reads an included URDF into the SDF form (given by the pipeline, which can)
        self.read_urdf = read_urdf
        #: the file read (an included one's path; None for the main input)
        self.file = file
        #: parameters handed down to this file's <include>s (sdf/params.py)
        self.pushed = pushed
        #: reads this file's <include>s (sdf/include_read.py), made at the first one
        self._includes_reader: IncludeReader | None = None
        #: when set, the document is read as it is parsed (models and worlds as
        #: they start, their other children as each completes)
        self.stream = stream
        self.version = (1, 7)

    def _read_included(self, root: etree._Element, diags: Diagnostics, file: str,
                       pushed: Pushed) -> SdfDocument | None:
        """An included SDF file's root, read with its own version's rules."""
        return SdfReader(diags, None, self.includes, file, self.read_urdf, pushed).document(root)

    def include(self, el: etree._Element, parent_frame: str) -> Model | Merged | None:
        """Read an ``<include>`` (:meth:`IncludeReader.include`)."""
        reader = self._includes_reader
        if reader is None:
            reader = self._includes_reader = IncludeReader(
                self.ctx, self.includes, self.file, self.read_urdf, self.pushed or {},
                self._read_included)
        return reader.include(el, parent_frame)

    # -- document ---------------------------------------------------------
    def document(self, root: etree._Element) -> SdfDocument | None:
        """Read the ``<sdf>`` root element."""
        version = self._version(root)
        if version is None:
            return None
        self.version = _version_tuple(version)
        gazebo = root.tag == "gazebo"  # (the upgrade renames it)
        if gazebo or self.version < (1, 7):
            # libsdformat rewrites older documents with its .convert recipes, then reads
            # them with the current rules (sdf/versions.py); that needs the whole tree
            if self.stream is not None:
                raise Reparse
            upgrade_to_1_7(root, self.ctx.diags)
        models, worlds, others = self._document_children(root)
        if not models and not worlds and not others:
            # libsdformat loads an empty <sdf> (and refuses any <gazebo> root)
            report = self.ctx.error if gazebo else self.ctx.warning
            report("ELEMENT_MISSING", "the document holds no <model>, <world>, <light> or "
                   "<actor>", root)
        ns = tuple((k, v) for k, v in root.nsmap.items() if k is not None and v != URDF_NS)
        return SdfDocument(version=version, models=tuple(models), worlds=tuple(worlds),
                           namespaces=ns)

    def _version(self, root: etree._Element) -> str | None:
        """The version of the document ``root`` (None, reported: not an SDFormat root, or
        no version urdfsdf reads)."""
        ctx = self.ctx
        tag = root.tag
        if tag not in ("sdf", "gazebo"):  # <gazebo>: the root of SDFormat 1.0 and 1.2
            if tag == "robot":
                ctx.error("WRONG_FORMAT", "the root element is <robot>, not <sdf>: the input "
                          "is URDF, not SDFormat (convert it with urdf2sdf)", root)
            else:  # libsdformat: "XML does not seem to be an SDFormat or an URDF file"
                ctx.error("PARSING_ERROR", f"the root element is <{tag}>, not <sdf>: the "
                          "document is neither SDFormat nor URDF", root)
            return None
        version = root.get("version")
        if version is None:
            ctx.error("ATTRIBUTE_MISSING", "<sdf> has no 'version' attribute", root)
            return None
        if version.strip() not in SUPPORTED:
            ctx.error("UNSUPPORTED_VERSION", f"SDFormat version {version!r} is not one of "
                      f"{', '.join(SUPPORTED)}", root)
            return None
        return version.strip()

    def _document_children(self, root: etree._Element
                           ) -> tuple[list[Model], list[World], int]:
        """The models and worlds of the document ``root``, and how many of its other
        children are SDFormat's (ROOT_OTHERS: read by libsdformat, not by urdfsdf)."""
        models: list[Model] = []
        worlds: list[World] = []
        others = 0
        for el in self._children(root, ("model", "world")):
            tag = el.tag
            if tag == "model":
                self._root_model(el, models)
            elif tag == "world":
                w = self.world(el)
                if w is not None:
                    worlds.append(w)
            elif isinstance(tag, str):
                others += tag in ROOT_OTHERS
                self.ctx.warning("ELEMENT_DROPPED", f"<{tag}> at the document level is not "
                                 "read", el)
        return models, worlds, others

    def _root_model(self, el: etree._Element, models: list[Model]) -> None:
        """Read a model at the document level into ``models`` (one only is SDFormat)."""
        m = self.model(el)
        if m is None:
            return
        if models:
            # libsdformat: "Root object can only contain one model" (any version)
            self.ctx.error("ELEMENT_INCORRECT_TYPE", f"the document holds a second model "
                           f"{m.name!r}: SDFormat allows one model at its root", el)
        models.append(m)

    # -- helpers ----------------------------------------------------------
    def _children(self, el: etree._Element, open_tags: tuple[str, ...],
                  keep: tuple[str, ...] = ()) -> Iterable[etree._Element]:
        """The children of a document, world or model, as they are parsed.

        ``open_tags``: the children the caller reads with this method in turn.  Comments
        and processing instructions come too (in a whole tree, the element itself is
        iterated): the callers skip what is not an element.
        """
        if self.stream is None:
            return el
        return self.stream.children(el, open_tags, keep)

    def name(self, el: etree._Element, what: str) -> str | None:
        """The required ``name`` attribute (trimmed as libsdformat trims it: :func:`trimmed`)."""
        name = self.ctx.name(el, what)
        return name if name is None else trimmed(self.ctx, el, "name", what)

    def _name(self, el: etree._Element, what: str) -> str | None:
        """The required ``name`` of a link, joint or frame (None, reported: none)."""
        name = el.get("name")
        if not name or name.strip() != name:  # (blanks at an end, or only blanks)
            return self.name(el, what)  # reports or trims it
        return name

    def _legacy(self) -> LegacyNames | None:
        """The renames of siblings sharing a name, before 1.7 (sdf/legacy.py)."""
        return LegacyNames(self.ctx.diags) if self.version < (1, 7) else None

    # -- world ------------------------------------------------------------
    def world(self, el: etree._Element) -> World | None:
        """Read ``<world>``: its models, frames, joints and includes; the rest kept."""
        name = self.name(el, "<world>")
        held = _Held(self._legacy())
        for c in self.reading.each(self._children(el, ("model",)), WORLD_ELEMENT,
                                   held.extras):
            tag = c.tag
            if tag == "model":
                m = self.model(c)
                if m is not None and self.version <= (1, 7):
                    m = unflatten(m)  # libsdformat's 1.7 -> 1.8 step (sdf/unflatten.py)
                held.add(held.models, m, "model")
            elif tag == "frame":
                held.add(held.frames, self.frame(c), "frame")
            elif tag == "joint":
                held.add(held.joints, self.joint(c))
            else:
                self._world_include(c, held)
        return World(name=name or "", models=tuple(held.models), frames=tuple(held.frames),
                     extras=tuple(held.extras), line=line_of(el), joints=tuple(held.joints))

    def _world_include(self, el: etree._Element, held: _Held) -> None:
        """Read an ``<include>`` of a world into ``held`` (kept, not read: extras)."""
        included = self.include(el, WORLD)
        if isinstance(included, Merged):
            held.merge(included, links=False)
            for link in included.links:
                self.ctx.error("MERGE_INCLUDE_UNSUPPORTED", f"link {link.name!r}: a "
                               "merge-include into a <world> cannot hold links", el)
        elif included is not None:
            held.models.append(included)
        else:
            held.extras.append(extra(el))

    # -- model ------------------------------------------------------------
    def model(self, el: etree._Element) -> Model | None:
        """Read ``<model>`` (nested models recursively, iteratively per level)."""
        name = self.name(el, "<model>")
        what = f"model {name!r}"
        held = _Held(self._legacy())
        static = False
        pose_el = None
        for c in self.reading.each(model_children(el, self._children(el, ("model",),
                                                                     ("pose",))),
                                   MODEL, held.extras):
            tag = c.tag
            if tag == "static":
                static = self.reading.value(c, STATIC, what)
            elif tag == "pose":
                pose_el = c
            else:
                self._model_child(c, held)
        return Model(name=name or "", links=tuple(held.links), joints=tuple(held.joints),
                     frames=tuple(held.frames), models=tuple(held.models),
                     pose=self.reading.value(pose_el, POSE, what),
                     canonical_link=trimmed(self.ctx, el, "canonical_link", what),
                     static=static, placement_frame=trimmed(self.ctx, el, "placement_frame", what),
                     materials=tuple(held.materials), extras=_marked(el, held.extras),
                     version=el.get(U + "version"), line=line_of(el),
                     urdf_joints=tuple(held.urdf_joints))

    def _model_child(self, c: etree._Element, held: _Held) -> None:
        """Read a link, joint, frame, nested model, include or urdf: element of a model
        into ``held``."""
        tag = c.tag
        if tag == "link":
            held.add(held.links, self.link(c), "link")
        elif tag == "joint":
            held.add(held.joints, self.joint(c), "joint")
        elif tag == "frame":
            held.add(held.frames, self.frame(c), "frame")
        elif tag == "model":
            held.add(held.models, self.model(c), "model")
        elif tag == URDF_MATERIAL.tag:
            held.materials.append(self.urdf_material(c))
        elif tag == URDF_JOINT.tag:
            held.add(held.urdf_joints, self.urdf_joint(c))
        else:
            included = self.include(c, MODEL_FRAME)
            if isinstance(included, Merged):
                held.merge(included)
            elif included is not None:
                held.add(held.models, included, "model")
            else:
                held.extras.append(extra(c))

    def frame(self, el: etree._Element) -> Frame | None:
        """Read ``<frame name attached_to>``."""
        name = self._name(el, "<frame>")
        if name is None:
            return None
        what = f"frame {name!r}"
        pose_el = self.reading.collect(el, FRAME, None, what)[0].get("pose")
        pose = self.reading.value(pose_el, POSE, what)
        return Frame(name=name, attached_to=attribute(self.ctx, el, ATTACHED_TO, what),
                     pose=pose, line=line_of(el),
                     urdf_joint=el.get(U + "joint"))

    # -- link -------------------------------------------------------------
    def link(self, el: etree._Element) -> Link | None:
        """Read ``<link>``: its children the IR does not model kept, with their //pose."""
        name = self._name(el, "<link>")
        if name is None:
            return None
        what = f"link {name!r}"
        extras: list[Extra] = []
        first, every = self.reading.collect(el, LINK, extras)
        visuals: list[Visual] = []
        collisions: list[Collision] = []
        shapes: list[etree._Element] = []
        inertial = auto = None
        for c in every:  # in document order
            tag = c.tag
            if tag == "visual":
                visuals.append(self.visual(c, what))
            elif tag == "collision":
                collisions.append(self.collision(c, what))
                shapes.append(c)
            else:
                inertial = self.inertial(c, what)
                if is_true(c.get("auto")):
                    auto = c
        if auto is not None:
            inertial = auto_inertial_of(self.ctx, auto, list(zip(shapes, collisions, strict=True)),
                                        name, what) or inertial
        return Link(name=name, pose=self.reading.value(first.get("pose"), POSE, what),
                    inertial=inertial, visuals=tuple(visuals), collisions=tuple(collisions),
                    extras=tuple(extras), line=line_of(el), original_name=el.get(U + "name"))

    def inertial(self, el: etree._Element, what: str) -> Inertial:
        """Read ``<inertial>`` with SDF defaults (mass 1, unit diagonal inertia)."""
        what = f"{what} inertial"
        first = self.reading.collect(el, INERTIAL, None, what)[0]
        mass_el = first.get("mass")
        mass: str = self.reading.value(mass_el, MASS, what)
        if mass_el is not None and mass[0] == "-" and float(mass) < 0:
            self.ctx.error("LINK_INERTIA_INVALID", f"{what} has negative mass {mass}", mass_el)
        inertia = first.get("inertia")
        moments = DEFAULT_INERTIA if inertia is None else self._moments(inertia, what)
        pose = self._inertial_pose(first.get("pose"), what)
        return Inertial(mass=mass, inertia=moments, pose=pose, line=line_of(el))

    def _moments(self, el: etree._Element, what: str) -> tuple[str, ...]:
        """The moments of ``<inertia>`` (each absent one: SDFormat's default), checked when
        all of them read."""
        before = len(self.ctx.diags)
        values = self.reading.values(el, INERTIA, what)
        moments = tuple(map(values.__getitem__, INERTIA_KEYS))
        if not _diagonal_physical(moments) and len(self.ctx.diags) == before:
            self.ctx.inertia(el, moments, what)
        return moments

    def _inertial_pose(self, el: etree._Element | None, what: str) -> Pose:
        """//inertial/pose, in the link frame."""
        pose: Pose = self.reading.value(el, POSE, what)
        if pose.relative_to is None:
            return pose
        # //inertial/pose/@relative_to is not SDFormat 1.7 (libsdformat 12 warns and reads
        # the pose in the link frame, as here)
        self.ctx.warning("ATTRIBUTE_INVALID", f"{what}: //inertial/pose/@relative_to is not "
                         "part of SDFormat 1.7 and is ignored (the pose is in the link frame)",
                         el)
        return pose.with_frame(None)

    def geometry(self, parent: etree._Element, el: etree._Element | None, what: str
                 ) -> Geometry:
        """Read ``<geometry>`` (``el``) of ``parent``: its first child element is the shape;
        shapes with no URDF form keep their XML in ``raw``."""
        if el is None:  # libsdformat fills in an empty geometry
            return Geometry(kind="empty", line=line_of(parent))
        shape = first_child(el)
        if shape is None:
            return Geometry(kind="empty", line=line_of(el))
        tag = shape.tag
        raw = self._shapes(el, shape, what) if len(el) > 1 else None
        if shape.attrib:
            self._not_taken_attributes(shape, what)
        decl = SHAPES.get(tag)
        if decl is None:
            # SDFormat's other shapes (GeometryKind), or a shape element it does not
            # define, under its tag
            return Geometry(kind=cast(GeometryKind, str(tag).rsplit("}", 1)[-1]),
                            raw=raw or to_string(shape), line=line_of(shape))
        first = self.reading.collect(shape, decl, None, what)[0]
        submesh = first.get("submesh")  # (a mesh's: one part of its file)
        read: Geometry = self.reading.fill(shape, decl, what, first, kind=tag,
                                           submesh=None if submesh is None else extra(submesh))
        if tag != "mesh":
            self.ctx.sizes(shape, read, what, NEGATIVE_SIZES)
        return read

    def _shapes(self, el: etree._Element, shape: etree._Element, what: str) -> str | None:
        """The XML of a ``<geometry>``'s polylines (SDFormat: one shape of several
        ``<polyline>``), else None; a second shape is not read (reported)."""
        polylines = shape.tag == "polyline"
        for c in el:
            if c is not shape and isinstance(c.tag, str) and not (
                    polylines and c.tag == "polyline"):
                self.reading.not_taken(c, GEOMETRY, what)
        if not polylines:
            return None
        return "".join(to_string(c) for c in el if c.tag == "polyline")

    def _not_taken_attributes(self, shape: etree._Element, what: str) -> None:
        """Report the attributes of a shape element (SDFormat 1.11's
        ``<mesh optimization>``): no shape the IR reads has any."""
        if shape.tag not in SHAPES:
            return  # kept as written
        for key in shape.keys():
            self.ctx.warning("ELEMENT_DROPPED", f"{what}: attribute {key!r} of <{shape.tag}> "
                             "is not read (urdfsdf has no place for it): no conversion keeps "
                             "it", shape)

    def material(self, el: etree._Element, what: str) -> Material:
        """Read SDF ``<material>`` colours; other children kept as extras."""
        colours: dict[str, tuple[str, ...]] = {}
        extras: list[Extra] = []
        for c in self.reading.each(el, MATERIAL, extras):
            tag = str(c.tag)
            decl = COLOURS.get(tag)
            if decl is None:  # script, shader
                self._check_material_child(c, what)
                extras.append(extra(c))
                continue
            found = self.reading.value(c, decl, what)
            if found is not None:
                colours[tag] = found
        get = colours.get
        return Material(ambient=get("ambient"), diffuse=get("diffuse"),
                        specular=get("specular"), emissive=get("emissive"),
                        extras=tuple(extras), line=line_of(el))

    def _check_material_child(self, el: etree._Element, what: str) -> None:
        """//material/script needs a <uri>; //material/shader a known type (Material.cc)."""
        if el.tag == "script":
            if first_child(el, "uri") is None:
                self.ctx.error("ELEMENT_MISSING", f"{what} material <script> has no <uri>", el)
            return
        kind = el.get("type", "pixel")
        if kind not in SHADER_TYPES:
            self.ctx.error("ELEMENT_INVALID", f"{what} material <shader> type {kind!r} is not "
                           f"one of {', '.join(SHADER_TYPES)}", el)
        elif kind.startswith("normal_map") and first_child(el, "normal_map") is None:
            self.ctx.error("ELEMENT_MISSING", f"{what} material <shader type={kind!r}> has no "
                           "<normal_map>", el)

    def urdf_material(self, el: etree._Element) -> Material:
        """Read a ``<urdf:material>`` custom element (URDF material carried in SDF)."""
        extras: list[Extra] = []
        first = self.reading.collect(el, URDF_MATERIAL, extras)[0]
        rgba = None
        color = first.get("color")
        if color is not None:
            r = self.ctx.numbers(color, color.get("rgba"), 4, "urdf:material color")
            rgba = r[0] if r else None
        tex = first.get("texture")
        # urdf:name: the URDF name of a material renamed to be unique among the model's
        # children (translate/to_sdf.py)
        original = el.get(U + "name")
        return Material(name=el.get("name") if original is None else original, rgba=rgba,
                        texture=tex.get("filename", "") if tex is not None else None,
                        extras=tuple(extras), line=line_of(el))

    def urdf_joint(self, el: etree._Element) -> Joint | None:
        """Read a ``<urdf:joint>``: a URDF joint SDFormat has no type for (floating, planar).

        It is read as the URDF joint it carries, under its URDF name (``urdf:name``).
        """
        joint_el = unwrap_urdf_element(el)
        joint = read_joint(joint_el, ReadContext(self.ctx.diags))
        return None if joint is None else evolve(joint, line=line_of(el))

    def visual(self, el: etree._Element, what: str) -> Visual:
        """Read ``<visual>``: its geometry, pose and material; the rest kept."""
        name, what = self._shaped_name(el, what, "visual")
        extras: list[Extra] = []
        first, every = self.reading.collect(el, VISUAL, extras)
        material = urdf_material = None
        for c in every:  # each read (and reported); the last of each kept
            if c.tag == "material":
                material = self.material(c, what)
            else:
                urdf_material = self.urdf_material(c)
        if urdf_material is not None:
            material = _with_urdf(material or Material(), urdf_material)
        return Visual(name=name, geometry=self.geometry(el, first.get("geometry"), what),
                      pose=self.reading.value(first.get("pose"), POSE, what),
                      material=material, extras=tuple(extras), line=line_of(el),
                      original_name=el.get(U + "name"))

    def collision(self, el: etree._Element, what: str) -> Collision:
        """Read ``<collision>``: its geometry and pose; the rest kept."""
        name, what = self._shaped_name(el, what, "collision")
        extras: list[Extra] = []
        first = self.reading.collect(el, COLLISION, extras)[0]
        return Collision(name=name, geometry=self.geometry(el, first.get("geometry"), what),
                         pose=self.reading.value(first.get("pose"), POSE, what),
                         extras=tuple(extras), line=line_of(el),
                         original_name=el.get(U + "name"))

    def _shaped_name(self, el: etree._Element, what: str, kind: ShapeElement
                     ) -> tuple[str | None, str]:
        """The name of a ``<visual>`` or ``<collision>`` (reported when it has none), and
        how diagnostics name it."""
        name = el.get("name")
        if not name or name.strip() != name:  # (blanks at an end, or only blanks)
            name = self.name(el, f"{what} <{kind}>")  # reports or trims it
        elif len(name) < 10:  # "visual", "collision": often the same in every link
            name = intern(name)
        return name, f"{what} {kind} {name!r}"

    # -- joint ------------------------------------------------------------
    def joint(self, el: etree._Element) -> Joint | None:
        """Read ``<joint>`` (none without a name, a known type, a parent and a child)."""
        name = self._name(el, "<joint>")
        if name is None:
            return None
        jtype = self._joint_type(el, name)
        if jtype is None:
            return None
        what = f"joint {name!r}"
        extras: list[Extra] = []
        first, every = self.reading.collect(el, JOINT, extras)
        parent = self.reading.value(first.get("parent"), PARENT, what)
        child = self.reading.value(first.get("child"), CHILD, what)
        if parent is None or child is None:  # reported before what the axes hold
            if parent is None:
                self.ctx.error("ELEMENT_MISSING", f"{what} has no <parent>", el)
            if child is None:
                self.ctx.error("ELEMENT_MISSING", f"{what} has no <child>", el)
            return None
        axis = axis2 = None
        last: dict[str, etree._Element] = {}  # the last urdf: element of each tag
        for c in every:  # each axis read (and reported); the last of each kept
            tag = c.tag
            if tag == "axis":
                axis = self.axis(c, what)
            elif tag == "axis2":
                axis2 = self.axis(c, what)
            else:
                last[str(tag)] = c
        parts = _urdf_parts(last) if last else {}
        mimic = parts.pop("mimic", None)
        if mimic is None and axis is not None and axis.extras:
            axis, mimic = axis_mimic(self.ctx, axis, what)
        if mimic is None and last:  # Drake's form (sdf/mimic.py): beside the others
            mimic = _carried(last.get(DRAKE_MIMIC.tag), urdf.MIMIC, DRAKE_MIMIC)
        pose = self.reading.value(first.get("pose"), POSE, what)
        return Joint(name=name, type=jtype, parent=parent, child=child, pose=pose, axis=axis,
                     axis2=axis2, mimic=mimic, extras=tuple(extras), line=line_of(el),
                     original_name=el.get(U + "name"), **parts)

    def _joint_type(self, el: etree._Element, name: str) -> JointType | None:
        """The type of the joint ``el`` (None, reported: absent or unknown)."""
        written = el.get("type")
        jtype = joint_type(written, SDF_JOINT_TYPES)
        if jtype is None and written is None:
            self.ctx.error("ATTRIBUTE_MISSING", f"joint {name!r} has no 'type' attribute", el)
        elif jtype is None:
            self.ctx.error("ATTRIBUTE_INVALID", f"joint {name!r} has unknown type {written!r}",
                           el)
        return jtype

    def axis(self, el: etree._Element, what: str) -> Axis:
        """Read ``<axis>``/``<axis2>``: xyz (default 0 0 1), expressed_in, limit, dynamics."""
        tag = str(el.tag)  # axis or axis2
        what = f"{what} <{tag}>"
        extras: list[Extra] = []
        decl = AXES[tag]
        first = self.reading.collect(el, decl, extras)[0]
        xyz_el = first.get("xyz")
        found = self.reading.value(xyz_el, XYZ, what)
        text, xyz = (None, (0.0, 0.0, 1.0)) if found is None else found
        if xyz == (0.0, 0.0, 0.0):
            self.ctx.error("ELEMENT_INVALID", f"{what} <xyz> is the zero vector", xyz_el)
        lim = first.get("limit")
        limit = None if lim is None else self._limit(lim, what, AXIS_LIMITS[tag])
        dyn = first.get("dynamics")
        dynamics = None if dyn is None else self._dynamics(dyn, what)
        # the line of <xyz> (where expressed_in is written), else of the axis
        return Axis(xyz=xyz, text=text,
                    expressed_in=None if xyz_el is None else trimmed(self.ctx, xyz_el,
                                                                     "expressed_in", what),
                    limit=limit, dynamics=dynamics, extras=tuple(extras),
                    line=line_of(el if xyz_el is None else xyz_el))

    def _limit(self, el: etree._Element, what: str, decl: Record) -> Limit:
        """Read //axis/limit (its children the IR does not read kept; ``decl``: //axis's
        or //axis2's, :data:`~urdfsdf.sdf.elements.LIMIT`, ``LIMIT2``)."""
        extras: list[Extra] = []
        first = self.reading.collect(el, decl, extras)[0]
        limit: Limit = self.reading.fill(el, decl, what, first, extras=tuple(extras))
        return limit

    def _dynamics(self, el: etree._Element, what: str) -> Dynamics:
        """Read //axis/dynamics."""
        dynamics: Dynamics = self.reading.fill(el, DYNAMICS, what)
        return dynamics


def _urdf_parts(last: dict[str, etree._Element]) -> dict[str, Any]:
    """The joint's URDF-only parts (:data:`~urdfsdf.urdf.elements.URDF_ONLY`) it carries
    (``last``: the last ``urdf:`` element of each tag), by field (None: not carried)."""
    return {decl.tag: _carried(last.get(form.tag), decl, form)
            for decl, form in zip(urdf.URDF_ONLY, URDF_PARTS, strict=True)}


def _carried(el: etree._Element | None, decl: Element, form: Record) -> Any:
    """The IR record of the URDF element ``decl`` carried in SDF as ``el`` (None: not
    carried): the attributes its SDF ``form`` declares, as written (absent: their
    default)."""
    if el is None:
        return None
    assert decl.record is not None  # (URDF_ONLY's are declared with one)
    return decl.record(**{a.name: el.get(a.name, a.default) for a in form.attributes},
                       line=line_of(el))


class _Held:
    """What a model or world holds, as its children are read (renamed by ``legacy``,
    before 1.7)."""

    __slots__ = ("links", "joints", "frames", "models", "materials", "urdf_joints", "extras",
                 "legacy")

    def __init__(self, legacy: LegacyNames | None) -> None:
        self.links: list[Link] = []
        self.joints: list[Joint] = []
        self.frames: list[Frame] = []
        self.models: list[Model] = []
        self.materials: list[Material] = []
        self.urdf_joints: list[Joint] = []
        self.extras: list[Extra] = []
        self.legacy = legacy

    def add(self, items: list[Named], item: Named | None, kind: str = "") -> None:
        """Append ``item`` (None: not read) to ``items``, renamed as a ``kind`` before 1.7
        (``kind`` empty: never)."""
        if item is None:
            return
        items.append(self.legacy.named(item, kind) if self.legacy and kind else item)

    def merge(self, merged: Merged, links: bool = True) -> None:
        """Add what a merge-include adds (its links only when ``links``)."""
        if links:
            self.links.extend(merged.links)
        self.joints.extend(merged.joints)
        self.frames.extend(merged.frames)
        self.models.extend(merged.models)
        self.extras.extend(merged.extras)


def _marked(model: etree._Element, extras: list[Extra]) -> tuple[Extra, ...]:
    """A model's extras, with ``<urdf:linkless/>`` first when its ``urdf:linkless`` marks
    it (xml/carried.py: the URDF robot had no link)."""
    if model.get(LINKLESS) != "true":
        return tuple(extras)
    return (LINKLESS_MARKER, *extras)


def _with_urdf(base: Material, urdf: Material) -> Material:
    """The SDF material ``base`` with the URDF name, colour and texture of ``urdf``."""
    return evolve(base, name=urdf.name, rgba=urdf.rgba, texture=urdf.texture,
                  line=base.line or urdf.line)


def _diagonal_physical(moments: tuple[str, ...]) -> bool:
    """``moments`` are a diagonal inertia with moments >= 0 that meet the triangle
    inequality exactly: one the inertia check passes (it allows a tolerance more); for
    any other, it decides."""
    ixx, ixy, ixz, iyy, iyz, izz = map(float, moments)
    return (ixy == 0.0 and ixz == 0.0 and iyz == 0.0 and ixx >= 0.0 and iyy >= 0.0
            and izz >= 0.0 and ixx + iyy >= izz and iyy + izz >= ixx and ixx + izz >= iyy)
