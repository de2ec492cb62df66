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

One reader per element kind, each iterating its children once: the common case
is fast because the one path is lean (values in their plain form first:
:mod:`urdfsdf.sdf.values`).  The other jobs have their own modules:
``<include>`` (:mod:`urdfsdf.sdf.include_read`), merge-includes
(:mod:`urdfsdf.sdf.merge`), ``<inertial auto="true">``
(:mod:`urdfsdf.sdf.auto_inertial`), ``//axis/mimic`` (:mod:`urdfsdf.sdf.mimic`),
renames before 1.7 (:mod:`urdfsdf.sdf.legacy`).
"""

from __future__ import annotations

from collections.abc import Iterable

from lxml import etree

from urdfsdf.core.diagnostics import Diagnostics
from urdfsdf.core.ir import (
    IDENTITY,
    INERTIA_KEYS,
    SDF_JOINT_TYPES,
    Axis,
    Calibration,
    Collision,
    Dynamics,
    Extra,
    Frame,
    Geometry,
    Inertial,
    Joint,
    Limit,
    Link,
    Material,
    Mimic,
    Model,
    Pose,
    SafetyController,
    SdfDocument,
    ShapeElement,
    Visual,
    World,
    evolve,
    joint_type,
)
from urdfsdf.core.numbers import forget_shared, shared
from urdfsdf.sdf.auto_inertial import auto_inertial_of
from urdfsdf.sdf.defaults import (
    BOX_SIZE,
    CYLINDER_LENGTH,
    CYLINDER_RADIUS,
    DEFAULT_INERTIA,
    DEFAULT_MASS,
    SPHERE_RADIUS,
)
from urdfsdf.sdf.include_read import IncludeReader, Pushed, UrdfReader
from urdfsdf.sdf.includes import IncludeResolver
from urdfsdf.sdf.legacy import LegacyNames
from urdfsdf.sdf.merge import Merged
from urdfsdf.sdf.mimic import axis_mimic
from urdfsdf.sdf.names import MODEL_FRAME, WORLD
from urdfsdf.sdf.posed import posed_extra
from urdfsdf.sdf.unflatten import unflatten
from urdfsdf.sdf.values import is_true, limit_value, number, plain, plain_pose, vector3
from urdfsdf.sdf.values import pose as read_pose
from urdfsdf.sdf.versions import SUPPORTED, upgrade_to_1_7
from urdfsdf.urdf.reader import read_joint
from urdfsdf.xml.carried import model_children
from urdfsdf.xml.custom import restore_empty_values, unwrap_urdf_element
from urdfsdf.xml.namespaces import URDF_NS, U
from urdfsdf.xml.parse import (
    Reparse,
    Stream,
    children,
    extra,
    first_child,
    first_of_each,
    read_document,
    to_string,
)
from urdfsdf.xml.readctx import ReadContext, line_of

#: the children of //axis/limit and //material the IR reads (both paths of this reader)
LIMIT_TAGS = ("lower", "upper", "effort", "velocity")
COLOUR_TAGS = ("ambient", "diffuse", "specular", "emissive")
#: the urdf: custom elements the reader folds back into the IR
URDF_MATERIAL = U + "material"
URDF_MIMIC = U + "mimic"
URDF_SAFETY = U + "safety_controller"
URDF_CALIBRATION = U + "calibration"
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
    forget_shared()  # nothing carried over from an earlier document
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
        self.ctx = ReadContext(diags, bad_number_code="ELEMENT_INVALID")
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
        version = version.strip()
        self.version = _version_tuple(version)
        if tag == "gazebo" or self.version < (1, 7):
            # libsdformat rewrites older documents with its .convert recipes, then reads
            # them with the current rules (sdf/versions.py); that needs the whole tree
            if self.stream is not None:
                raise Reparse
            upgrade_to_1_7(root, ctx.diags)
        models: list[Model] = []
        worlds: list[World] = []
        others = 0
        for el in self._children(root, ("model", "world")):
            if el.tag.__class__ is not str:
                continue
            if el.tag == "model":
                m = self.model(el)
                if m is None:
                    continue
                if models:
                    # libsdformat: "Root object can only contain one model" (any version)
                    ctx.error("ELEMENT_INCORRECT_TYPE", f"the document holds a second model "
                              f"{m.name!r}: SDFormat allows one model at its root", el)
                models.append(m)
            elif el.tag == "world":
                w = self.world(el)
                if w is not None:
                    worlds.append(w)
            else:
                others += el.tag in ("light", "actor")
                ctx.warning("ELEMENT_DROPPED", f"<{el.tag}> at the document level is "
                            "not read", el)
        if not models and not worlds and not others:
            # libsdformat loads an empty <sdf> (and refuses any <gazebo> root)
            report = ctx.error if tag == "gazebo" else ctx.warning
            report("ELEMENT_MISSING", "the document holds no <model>, <world>, <light> or "
                   "<actor>", root)
        ns = tuple((k, v) for k, v in root.nsmap.items() if k is not None and v != URDF_NS)
        return SdfDocument(version, tuple(models), tuple(worlds), ns)

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
        """The required ``name`` attribute."""
        return self.ctx.name(el, what)

    # -- world ------------------------------------------------------------
    def world(self, el: etree._Element) -> World | None:
        """Read ``<world>``."""
        name = self.name(el, "<world>")
        models: list[Model] = []
        frames: list[Frame] = []
        joints: list[Joint] = []
        extras: list[Extra] = []
        legacy = LegacyNames(self.ctx.diags) if self.version < (1, 7) else None
        for c in self._children(el, ("model",)):
            if c.tag.__class__ is not str:
                continue
            if c.tag == "model":
                m = self.model(c)
                if m is not None and self.version <= (1, 7):
                    m = unflatten(m)  # libsdformat's 1.7 -> 1.8 step (sdf/unflatten.py)
                if m is not None:
                    models.append(legacy.named(m, "model") if legacy else m)
            elif c.tag == "frame":
                f = self.frame(c)
                if f is not None:
                    frames.append(legacy.named(f, "frame") if legacy else f)
            elif c.tag == "joint":
                j = self.joint(c)
                if j is not None:
                    joints.append(j)
            elif c.tag == "include":
                included = self.include(c, WORLD)
                if isinstance(included, Merged):
                    models.extend(included.models)
                    frames.extend(included.frames)
                    joints.extend(included.joints)
                    extras.extend(included.extras)
                    for link in included.links:
                        self.ctx.error("MERGE_INCLUDE_UNSUPPORTED", f"link {link.name!r}: a "
                                       "merge-include into a <world> cannot hold links", c)
                elif included is not None:
                    models.append(included)
                else:
                    extras.append(extra(c))
            else:
                extras.append(extra(c))
        return World(name or "", tuple(models), tuple(frames), tuple(extras), line_of(el),
                     tuple(joints))

    # -- model ------------------------------------------------------------
    def model(self, el: etree._Element) -> Model | None:
        """Read ``<model>`` (nested models recursively, iteratively per level)."""
        name = self.name(el, "<model>")
        what = f"model {name!r}"
        links: list[Link] = []
        joints: list[Joint] = []
        frames: list[Frame] = []
        models: list[Model] = []
        materials: list[Material] = []
        urdf_joints: list[Joint] = []
        extras: list[Extra] = []
        static = False
        pose_el = None
        legacy = LegacyNames(self.ctx.diags) if self.version < (1, 7) else None
        for c in model_children(el, self._children(el, ("model",), ("pose",))):
            tag = c.tag
            if tag.__class__ is not str:
                continue
            if tag == "link":
                link = self.link(c)
                if link is not None:
                    links.append(legacy.named(link, "link") if legacy else link)
            elif tag == "joint":
                joint = self.joint(c)
                if joint is not None:
                    joints.append(legacy.named(joint, "joint") if legacy else joint)
            elif tag == "frame":
                frame = self.frame(c)
                if frame is not None:
                    frames.append(legacy.named(frame, "frame") if legacy else frame)
            elif tag == "model":
                nested = self.model(c)
                if nested is not None:
                    models.append(legacy.named(nested, "model") if legacy else nested)
            elif tag == "static":
                static = is_true(c.text)
            elif tag == "pose":
                if pose_el is None:
                    pose_el = c
            elif tag == U + "material":
                materials.append(self.urdf_material(c))
            elif tag == U + "joint":
                joint = self.urdf_joint(c)
                if joint is not None:
                    urdf_joints.append(joint)
            elif tag == "include":
                included = self.include(c, MODEL_FRAME)
                if isinstance(included, Merged):
                    links.extend(included.links)
                    joints.extend(included.joints)
                    frames.extend(included.frames)
                    models.extend(included.models)
                    extras.extend(included.extras)
                elif included is not None:
                    models.append(legacy.named(included, "model") if legacy else included)
                else:
                    extras.append(extra(c))
            else:
                extras.append(extra(c))
        pose = read_pose(self.ctx, pose_el, what)
        return Model(
            name=name or "",
            links=tuple(links),
            joints=tuple(joints),
            frames=tuple(frames),
            models=tuple(models),
            pose=pose,
            canonical_link=el.get("canonical_link"),
            static=static,
            placement_frame=el.get("placement_frame"),
            materials=tuple(materials),
            extras=tuple(extras),
            version=el.get(U + "version"),
            line=line_of(el),
            urdf_joints=tuple(urdf_joints),
        )

    def frame(self, el: etree._Element) -> Frame | None:
        """Read ``<frame name attached_to>``."""
        name = el.get("name")
        if name is None or not name.strip():
            name = self.name(el, "<frame>")  # reports it
            if name is None:
                return None
        pose_el = None
        for c in el:
            if c.tag == "pose":
                pose_el = c
                break
        pose = IDENTITY if pose_el is None else \
            plain_pose(pose_el) or read_pose(self.ctx, pose_el, f"frame {name!r}")
        return Frame(name, el.get("attached_to"), pose, el.sourceline)  # type: ignore[arg-type]

    # -- link -------------------------------------------------------------
    def link(self, el: etree._Element) -> Link | None:
        """Read ``<link>``."""
        name = el.get("name")
        if name is None or not name.strip():
            name = self.name(el, "<link>")  # reports it
            if name is None:
                return None
        what = f"link {name!r}"
        pose_el = inertial = auto = None
        visuals: list[Visual] = []
        collisions: list[Collision] = []
        extras: list[Extra] = []
        shapes: list[etree._Element] = []
        for c in el:
            tag = c.tag
            if tag == "visual":
                visuals.append(self.visual(c, what))
            elif tag == "collision":
                collisions.append(self.collision(c, what))
                shapes.append(c)
            elif tag == "pose":
                if pose_el is None:
                    pose_el = c
            elif tag == "inertial":
                inertial = self.inertial(c, what)
                if is_true(c.get("auto")):
                    auto = c
            elif tag.__class__ is str:
                extras.append(posed_extra(c, c.sourceline))  # type: ignore[arg-type]
        if auto is not None:
            inertial = auto_inertial_of(self.ctx, auto, list(zip(shapes, collisions, strict=True)),
                                           name, what) or inertial
        pose = IDENTITY if pose_el is None else read_pose(self.ctx, pose_el, what)
        return Link(name, pose, inertial, tuple(visuals), tuple(collisions), tuple(extras),
                    el.sourceline, el.get(U + "name"))  # type: ignore[arg-type]

    def inertial(self, el: etree._Element, what: str) -> Inertial:
        """Read ``<inertial>`` with SDF defaults (mass 1, unit diagonal inertia)."""
        what = f"{what} inertial"
        mass_el = inertia = pose_el = None
        for c in el:  # the first of each
            tag = c.tag
            if tag == "mass":
                if mass_el is None:
                    mass_el = c
            elif tag == "inertia":
                if inertia is None:
                    inertia = c
            elif tag == "pose" and pose_el is None:
                pose_el = c
        mass = DEFAULT_MASS
        if mass_el is not None:
            mass = plain(mass_el.text) or number(self.ctx, mass_el, what, DEFAULT_MASS) \
                or DEFAULT_MASS
            if mass[0] == "-" and float(mass) < 0:
                self.ctx.error("LINK_INERTIA_INVALID", f"{what} has negative mass {mass}",
                               mass_el)
        moments: tuple[str, ...] = DEFAULT_INERTIA
        if inertia is not None:
            found: list[etree._Element | None] = [None] * 6
            for m in inertia:  # the first of each moment
                i = _MOMENT_INDEX.get(m.tag)
                if i is not None and found[i] is None:
                    found[i] = m
            before = len(self.ctx.diags)
            texts = list(DEFAULT_INERTIA)
            for i, moment in enumerate(found):
                if moment is not None:
                    texts[i] = plain(moment.text) or number(self.ctx, moment, what, texts[i]) \
                        or texts[i]
            ixx, ixy, ixz, iyy, iyz, izz = map(float, texts)
            # a diagonal inertia with moments >= 0 that meet the triangle inequality
            # exactly is one the check passes (it allows a tolerance more); else it decides
            if not (ixy == 0.0 and ixz == 0.0 and iyz == 0.0 and ixx >= 0.0 and iyy >= 0.0
                    and izz >= 0.0 and ixx + iyy >= izz and iyy + izz >= ixx
                    and ixx + izz >= iyy) and len(self.ctx.diags) == before:
                self.ctx.inertia(inertia, texts, what)
            moments = tuple(texts)
        if pose_el is None:
            pose = IDENTITY
        else:
            pose = read_pose(self.ctx, pose_el, what)
            if pose.relative_to is not None:
                # //inertial/pose/@relative_to is not SDFormat 1.7 (libsdformat 12 warns
                # and reads the pose in the link frame, as here)
                self.ctx.warning("ATTRIBUTE_INVALID", f"{what}: //inertial/pose/@relative_to "
                                 "is not part of SDFormat 1.7 and is ignored (the pose is in "
                                 "the link frame)", pose_el)
                pose = pose.with_frame(None)
        return Inertial(mass, moments, pose, el.sourceline)  # type: ignore[arg-type]

    def geometry(self, parent: etree._Element, el: etree._Element | None, what: str
                 ) -> Geometry:
        """Read ``<geometry>`` (``el``) of ``parent``; shapes with no URDF form keep their
        XML in ``raw``."""
        if el is None:  # libsdformat fills in an empty geometry
            return Geometry("empty", line=parent.sourceline)  # type: ignore[arg-type]
        s = None
        for c in el:
            if c.tag.__class__ is str:
                s = c
                break
        if s is None:
            return Geometry("empty", line=el.sourceline)  # type: ignore[arg-type]
        kind = s.tag
        line = s.sourceline
        # Geometry(kind, size, radius, length, uri, scale, raw, line): positional, as
        # keywords cost ~0.1 us a record
        if kind == "box":
            size: tuple[str, ...] | None = None
            size_el = first_child(s, "size")
            if size_el is not None:
                r = vector3(self.ctx, size_el, what)
                size = r[0] if r is not None else None
            return Geometry("box", size or BOX_SIZE, None, None, None, None, None,
                            line)  # type: ignore[arg-type]
        if kind == "cylinder" or kind == "capsule" or kind == "sphere":
            radius_el = length_el = None
            for c in s:  # the first of each
                tag = c.tag
                if tag == "radius":
                    if radius_el is None:
                        radius_el = c
                elif tag == "length" and length_el is None:
                    length_el = c
            if kind == "sphere":
                radius = number(self.ctx, radius_el, what, SPHERE_RADIUS)
                return Geometry("sphere", None, radius, None, None, None, None,
                                line)  # type: ignore[arg-type]
            radius = number(self.ctx, radius_el, what, CYLINDER_RADIUS)
            length = number(self.ctx, length_el, what, CYLINDER_LENGTH)
            return Geometry("cylinder" if kind == "cylinder" else "capsule", None, radius,
                            length, None, None, None, line)  # type: ignore[arg-type]
        if kind == "mesh":
            uri_el = scale_el = submesh = None
            for c in s:  # the first of each
                tag = c.tag
                if tag == "uri":
                    if uri_el is None:
                        uri_el = c
                elif tag == "scale":
                    if scale_el is None:
                        scale_el = c
                elif tag == "submesh":
                    submesh = c
            if submesh is None:
                scale = None
                if scale_el is not None:
                    r = vector3(self.ctx, scale_el, what)
                    scale = r[0] if r is not None else None
                uri = (uri_el.text or "").strip() if uri_el is not None else ""
                return Geometry("mesh", None, None, None, uri, scale, None,
                                line)  # type: ignore[arg-type]
        # SDFormat's other shapes (GeometryKind), or a shape element it does not define,
        # under its tag
        return Geometry(str(kind).rsplit("}", 1)[-1], raw=to_string(s),  # type: ignore[arg-type]
                        line=line)  # type: ignore[arg-type]

    def material(self, el: etree._Element, what: str) -> Material:
        """Read SDF ``<material>`` colours; other children kept as extras."""
        values: dict[str, tuple[str, ...] | None] = {}
        extras: list[Extra] = []
        for c in el:
            tag = c.tag
            if tag in COLOUR_TAGS:
                r = self.ctx.numbers(c, c.text, None, f"{what} material <{tag}>")
                if r is not None and len(r[0]) in (3, 4):
                    values[str(tag)] = r[0]
                elif r is not None:
                    self.ctx.error("ELEMENT_INVALID", f"{what} material <{tag}> needs 3 or "
                                   f"4 numbers", c)
            elif tag.__class__ is str:
                if tag in ("script", "shader"):
                    self._check_material_child(c, what)
                extras.append(extra(c))
        return Material(ambient=values.get("ambient"), diffuse=values.get("diffuse"),
                        specular=values.get("specular"), emissive=values.get("emissive"),
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
        rgba = None
        color = first_child(el, "color")
        if color is not None:
            r = self.ctx.numbers(color, color.get("rgba"), 4, "urdf:material color")
            rgba = r[0] if r else None
        tex = first_child(el, "texture")
        extras = tuple(extra(c) for c in children(el) if c.tag not in ("color", "texture"))
        # urdf:name: the URDF name of a material renamed to be unique among the model's
        # children (translate/to_sdf.py)
        original = el.get(U + "name")
        return Material(name=el.get("name") if original is None else original, rgba=rgba,
                        texture=tex.get("filename", "") if tex is not None else None,
                        extras=extras, line=line_of(el))

    def urdf_joint(self, el: etree._Element) -> Joint | None:
        """Read a ``<urdf:joint>``: a URDF joint SDFormat has no type for (floating, planar).

        It is read as the URDF joint it carries, under its URDF name (``urdf:name``).
        """
        joint_el = unwrap_urdf_element(el)
        joint = read_joint(joint_el, ReadContext(self.ctx.diags))
        return None if joint is None else evolve(joint, line=line_of(el))

    def visual(self, el: etree._Element, what: str) -> Visual:
        """Read ``<visual>``."""
        name, geometry, pose, material, extras = self._shaped(el, what, "visual")
        return Visual(name, geometry, pose, material, extras,
                      el.sourceline, el.get(U + "name"))  # type: ignore[arg-type]

    def collision(self, el: etree._Element, what: str) -> Collision:
        """Read ``<collision>``."""
        name, geometry, pose, _material, extras = self._shaped(el, what, "collision")
        return Collision(name, geometry, pose, extras,
                         el.sourceline, el.get(U + "name"))  # type: ignore[arg-type]

    def _shaped(self, el: etree._Element, what: str, kind: ShapeElement
                ) -> tuple[str | None, Geometry, Pose, Material | None, tuple[Extra, ...]]:
        """What ``<visual>`` and ``<collision>`` share: the name, ``<geometry>``, ``<pose>``
        and the rest kept; a visual's ``<material>`` (and the ``<urdf:material>`` it
        carries) too."""
        name = el.get("name")
        if name is None or not name.strip():
            name = self.name(el, f"{what} <{kind}>")  # reports it
        elif len(name) < 10:  # "visual", "collision": often the same in every link
            name = shared(name)
        what = f"{what} {kind} {name!r}"
        pose_el = geometry_el = material = urdf_mat = None
        visual = kind == "visual"
        extras: list[Extra] = []
        for c in el:
            tag = c.tag
            if tag == "geometry":
                if geometry_el is None:
                    geometry_el = c
            elif tag == "pose":
                if pose_el is None:
                    pose_el = c
            elif visual and tag == "material":
                material = self.material(c, what)
            elif visual and tag == URDF_MATERIAL:
                urdf_mat = self.urdf_material(c)
            elif tag.__class__ is str:
                extras.append(extra(c))
        if urdf_mat is not None:
            base = material or Material()
            material = Material(urdf_mat.name, urdf_mat.rgba, urdf_mat.texture, base.ambient,
                                base.diffuse, base.specular, base.emissive, base.extras,
                                base.line or urdf_mat.line)
        geometry = self.geometry(el, geometry_el, what)
        pose = IDENTITY if pose_el is None else read_pose(self.ctx, pose_el, what)
        return name, geometry, pose, material, tuple(extras)

    # -- joint ------------------------------------------------------------
    def joint(self, el: etree._Element) -> Joint | None:
        """Read ``<joint>``."""
        name = el.get("name")
        if name is None or not name.strip():
            name = self.name(el, "<joint>")  # reports it
            if name is None:
                return None
        written = el.get("type")
        jtype = joint_type(written, SDF_JOINT_TYPES)
        if jtype is None:
            if written is None:
                self.ctx.error("ATTRIBUTE_MISSING", f"joint {name!r} has no 'type' attribute",
                               el)
            else:
                self.ctx.error("ATTRIBUTE_INVALID", f"joint {name!r} has unknown type "
                               f"{written!r}", el)
            return None
        what = f"joint {name!r}"
        pose_el = parent = child = axis = axis2 = None
        mimic = safety = calibration = None
        axes: list[etree._Element] = []
        extras: list[Extra] = []
        for c in el:
            tag = c.tag
            if tag == "parent":
                if parent is None:
                    parent = (c.text or "").strip()
            elif tag == "child":
                if child is None:
                    child = (c.text or "").strip()
            elif tag == "pose":
                if pose_el is None:
                    pose_el = c
            elif tag == "axis" or tag == "axis2":
                axes.append(c)
            elif tag.__class__ is not str:
                continue
            elif tag == URDF_MIMIC:
                mimic = Mimic(c.get("joint", ""), c.get("multiplier"), c.get("offset"),
                              line_of(c))
            elif tag == URDF_SAFETY:
                safety = SafetyController(c.get("k_velocity"), c.get("k_position"),
                                          c.get("soft_lower_limit"), c.get("soft_upper_limit"),
                                          line_of(c))
            elif tag == URDF_CALIBRATION:
                calibration = Calibration(c.get("rising"), c.get("falling"),
                                          c.get("reference_position"), line_of(c))
            else:
                extras.append(extra(c))
        if parent is None or child is None:  # reported before what the axes hold
            if parent is None:
                self.ctx.error("ELEMENT_MISSING", f"{what} has no <parent>", el)
            if child is None:
                self.ctx.error("ELEMENT_MISSING", f"{what} has no <child>", el)
            return None
        for a in axes:  # each read (and reported); the last of each kind kept
            if a.tag == "axis":
                axis = self.axis(a, what)
            else:
                axis2 = self.axis(a, what)
        if mimic is None and axis is not None and axis.extras:
            axis, mimic = axis_mimic(self.ctx, axis, what)
        pose = IDENTITY if pose_el is None else read_pose(self.ctx, pose_el, what)
        return Joint(name, jtype, parent, child, pose, axis, axis2, mimic, safety, calibration,
                     tuple(extras), el.sourceline, el.get(U + "name"))  # type: ignore[arg-type]

    def axis(self, el: etree._Element, what: str) -> Axis:
        """Read ``<axis>``/``<axis2>``: xyz (default 0 0 1), expressed_in, limit, dynamics."""
        what = f"{what} <{el.tag}>"
        xyz: tuple[float, float, float] = (0.0, 0.0, 1.0)
        text = None
        expressed_in = None
        xyz_el = lim = dyn = None
        extras: list[Extra] = []
        for c in el:
            tag = c.tag
            if tag == "xyz":
                if xyz_el is None:
                    xyz_el = c
            elif tag == "limit":
                if lim is None:
                    lim = c
            elif tag == "dynamics":
                if dyn is None:
                    dyn = c
            elif tag.__class__ is str:  # use_parent_model_frame, mimic...
                extras.append(extra(c))
        if xyz_el is not None:
            r = vector3(self.ctx, xyz_el, what)
            if r is not None:
                text, xyz = r
                if xyz == (0.0, 0.0, 0.0):
                    self.ctx.error("ELEMENT_INVALID", f"{what} <xyz> is the zero vector",
                                   xyz_el)
            if xyz_el.keys():
                expressed_in = xyz_el.get("expressed_in")
        limit = None
        if lim is not None:
            found: dict[object, etree._Element] = {}
            lextras: list[Extra] = []
            for c in lim:
                tag = c.tag
                if tag in LIMIT_TAGS:
                    if tag not in found:  # the first of each
                        found[tag] = c
                elif tag.__class__ is str:
                    lextras.append(extra(c))
            get = found.get
            limit = Limit(limit_value(self.ctx, get("lower"), what),
                          limit_value(self.ctx, get("upper"), what),
                          limit_value(self.ctx, get("effort"), what),
                          limit_value(self.ctx, get("velocity"), what), tuple(lextras),
                          lim.sourceline)  # type: ignore[arg-type]
        dynamics = None
        if dyn is not None:
            kids = first_of_each(dyn)
            dynamics = Dynamics(number(self.ctx, kids.get("damping"), what),
                                number(self.ctx, kids.get("friction"), what),
                                number(self.ctx, kids.get("spring_reference"), what),
                                number(self.ctx, kids.get("spring_stiffness"), what),
                                dyn.sourceline)  # type: ignore[arg-type]
        # the line of <xyz> (where expressed_in is written), else of the axis
        line = xyz_el.sourceline if xyz_el is not None else el.sourceline
        return Axis(xyz, text, expressed_in, limit, dynamics, tuple(extras),
                    line)  # type: ignore[arg-type]


#: //inertial/inertia's children: their index in the IR's moments (defaults: DEFAULT_INERTIA)
_MOMENT_INDEX: dict[object, int] = {key: i for i, key in enumerate(INERTIA_KEYS)}
