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
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar

from lxml import etree

from urdfsdf.core.diagnostics import Diagnostics, did_you_mean
from urdfsdf.core.inertia import (
    MassProperties,
    auto_inertial,
    shape_mass_properties,
    to_inertial,
)
from urdfsdf.core.ir import (
    Axis,
    Calibration,
    Collision,
    Dynamics,
    Extra,
    Frame,
    Geometry,
    Inertial,
    Joint,
    JointType,
    Limit,
    Link,
    Material,
    Mimic,
    Model,
    Pose,
    SafetyController,
    SdfDocument,
    Visual,
    World,
    evolve,
    joint_type,
)
from urdfsdf.core.numbers import all_finite, fmt, forget_shared, plain_tokens, shared
from urdfsdf.core.transforms import Transform, computed_pose, pose_transform
from urdfsdf.sdf.defaults import DEFAULT_INERTIA, DEFAULT_MASS
from urdfsdf.sdf.frames import analyze_model, placed_model_pose
from urdfsdf.sdf.includes import Included, IncludeResolver
from urdfsdf.sdf.merge import Merged, merged
from urdfsdf.sdf.names import MODEL_FRAME, WORLD
from urdfsdf.sdf.params import Param, apply_params, included_model, params_of
from urdfsdf.sdf.posed import posed_extra
from urdfsdf.sdf.unflatten import unflatten
from urdfsdf.sdf.versions import SUPPORTED, upgrade_to_1_7
from urdfsdf.urdf.reader import read_joint
from urdfsdf.xml.custom import restore_empty_values, unwrap_urdf_element
from urdfsdf.xml.namespaces import URDF_NS, U
from urdfsdf.xml.parse import (
    Reparse,
    Stream,
    children,
    extra,
    from_string,
    parse,
    read_document,
    to_string,
)
from urdfsdf.xml.readctx import ReadContext, inertia_problem, line_of

#: reads an included URDF (bytes) into an SDF-convention model
UrdfReader = Callable[[bytes, Diagnostics], "Model | None"]
#: the children of //axis/limit and //material the IR reads (both paths of this reader)
LIMIT_TAGS = ("lower", "upper", "effort", "velocity")
COLOUR_TAGS = ("ambient", "diffuse", "specular", "emissive")
#: //material/shader/@type values (libsdformat Material.cc)
SHADER_TYPES = ("pixel", "vertex", "normal_map_object_space", "normal_map_tangent_space")
JOINT_TYPES: tuple[JointType, ...] = ("ball", "continuous", "fixed", "gearbox", "prismatic",
                                     "revolute", "revolute2", "screw", "universal")


#: the tags of the SDF elements read as they stream in (see :class:`urdfsdf.xml.parse.Stream`)
STREAM_TAGS = ("sdf", "gazebo", "model", "world")


def read_sdf_bytes(data: bytes, diags: Diagnostics) -> SdfDocument | None:
    """Parse SDF ``data``; diagnostics go to ``diags``.  None when unusable."""
    data = restore_empty_values(data)  # urdf:empty lists (xml/custom.py)
    return read_document(data, diags, STREAM_TAGS,
                         lambda root, stream: read_sdf_root(root, diags, stream))


def read_sdf_root(root: etree._Element, diags: Diagnostics, stream: Stream | None = None,
                  fast: bool = True, includes: IncludeResolver | None = None,
                  read_urdf: UrdfReader | None = None) -> SdfDocument | None:
    """Read an SDF document's root element (``stream``: it is being parsed incrementally).

    ``includes`` follows ``<include>`` (None: kept with a warning); ``read_urdf``
    reads an included URDF.
    """
    forget_shared()  # nothing carried over from an earlier document
    return SdfReader(diags, stream, fast, includes, None, read_urdf).document(root)


def _version_tuple(version: str) -> tuple[int, int]:
    major, _, minor = version.partition(".")
    return int(major), int(minor or 0)


class SdfReader:
    """Reads one SDF document into the IR."""

    def __init__(self, diags: Diagnostics, stream: Stream | None = None,
                 fast: bool = True, includes: IncludeResolver | None = None,
                 file: str | None = None, read_urdf: UrdfReader | None = None,
                 pushed: dict[etree._Element, list[Param]] | None = None) -> None:
        self.ctx = ReadContext(diags, bad_number_code="ELEMENT_INVALID")
        #: parameters an including file hands down to this file's <include>s (sdf/params.py)
        self.pushed = pushed or {}
        #: follows <include> (None: an include is kept, not read, with a warning)
        self.includes = includes
        #: the file read (an included one's path; None for the main input)
        self.file = file
        #: reads an included URDF into the SDF form (given by the pipeline, which can)
        self.read_urdf = read_urdf
        #: links, joints and frames in the common case are read by the fast path
        #: (below); False reads every element with the general one (tests compare them)
        self.fast = fast
        #: when set, the document is read as it is parsed (models and worlds as
        #: they start, their other children as each completes)
        self.stream = stream
        self.version = (1, 7)
        self._last_parent: etree._Element | None = None
        self._last_kids: dict[object, etree._Element] = {}

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

        ``open_tags``: the children the caller reads with this method in turn.
        """
        if self.stream is None:
            return children(el)
        return self.stream.children(el, open_tags, keep)

    def _kid(self, parent: etree._Element, tag: str) -> etree._Element | None:
        """The first child ``tag`` of ``parent``.

        Children are indexed once per parent (the last one asked about): the
        readers ask several tags of one element in a row, and ``find`` per tag
        was the reader's largest cost.
        """
        if parent is not self._last_parent:
            kids: dict[object, etree._Element] = {}
            for c in parent:
                if c.tag not in kids:
                    kids[c.tag] = c
            self._last_parent = parent
            self._last_kids = kids
        return self._last_kids.get(tag)

    def pose(self, parent: etree._Element, what: str) -> Pose:
        """The ``<pose>`` child of ``parent`` (absent: identity, no relative_to)."""
        return self._pose(self._kid(parent, "pose"), what)

    def _pose(self, el: etree._Element | None, what: str) -> Pose:
        """The pose ``el`` (None: identity, no relative_to)."""
        if el is None:
            return Pose()
        if el.get("frame") is not None:
            self.ctx.warning("ATTRIBUTE_INVALID", f"{what}: //pose/@frame has no defined "
                             "meaning and is ignored", el)
        fmt_ = el.get("rotation_format")
        degrees = el.get("degrees")
        if fmt_ is None and degrees is None:
            return self.ctx.pose6(el, el.text, el.get("relative_to"), f"{what} pose")
        return self._pose_1_9(el, what, fmt_ or "euler_rpy", degrees)

    def _pose_1_9(self, el: etree._Element, what: str, fmt_: str, degrees: str | None
                  ) -> Pose:
        """A pose with SDFormat 1.9's //pose/@rotation_format or @degrees (Param.cc).

        ``quat_xyzw``: ``x y z qx qy qz qw`` (normalised here; libsdformat keeps a
        non-unit quaternion as written); ``degrees``: roll, pitch, yaw in degrees.
        An empty pose is the identity, whatever the attributes say.
        """
        import math

        from urdfsdf.core import transforms as tf

        rel = el.get("relative_to")
        empty = Pose(relative_to=rel, line=line_of(el))
        if fmt_ not in ("euler_rpy", "quat_xyzw"):
            self.ctx.error("ATTRIBUTE_INVALID", f"{what}: //pose/@rotation_format {fmt_!r} is "
                           "not euler_rpy or quat_xyzw", el)
            return empty
        in_degrees = False
        if degrees is not None:
            flag = degrees.strip().lower()
            if flag not in ("true", "false", "1", "0"):
                self.ctx.error("ATTRIBUTE_INVALID", f"{what}: //pose/@degrees {degrees!r} is "
                               "not a boolean", el)
                return empty
            in_degrees = flag in ("true", "1")
        if fmt_ == "quat_xyzw" and in_degrees:
            self.ctx.error("ATTRIBUTE_INVALID", f"{what}: //pose/@degrees does not apply to "
                           "quaternions (rotation_format quat_xyzw)", el)
            return empty
        if not (el.text or "").strip():
            return empty
        count = 7 if fmt_ == "quat_xyzw" else 6
        r = self.ctx.numbers(el, el.text, count, f"{what} pose")
        if r is None:
            return empty
        v = r[1]
        if fmt_ == "quat_xyzw":
            x, y, z, w = v[3:7]
            n = math.sqrt(x * x + y * y + z * z + w * w)
            if n == 0.0:
                self.ctx.error("ELEMENT_INVALID", f"{what}: the quaternion is zero", el)
                return empty
            x, y, z, w = x / n, y / n, z / n, w / n
            rot = (1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w),
                   2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w),
                   2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y))
            rpy = tf.rpy_from_rot(rot)
        elif in_degrees:
            rpy = (math.radians(v[3]), math.radians(v[4]), math.radians(v[5]))
        else:
            return Pose((v[0], v[1], v[2]), (v[3], v[4], v[5]), rel, r[0], line_of(el))
        return Pose((v[0], v[1], v[2]), rpy, rel, None, line_of(el))

    def text(self, parent: etree._Element, tag: str) -> tuple[etree._Element, str] | None:
        """``(element, stripped text)`` of the first ``tag`` child, or None."""
        el = self._kid(parent, tag)
        if el is None:
            return None
        return el, (el.text or "").strip()

    def number(self, parent: etree._Element, tag: str, what: str,
               default: str | None = None) -> str | None:
        """The number text of child ``tag`` (default when absent)."""
        found = self.text(parent, tag)
        if found is None:
            return default
        el, text = found
        return self.ctx.number(el, text, f"{what} <{tag}>", required=True, default=default)

    def limit_value(self, parent: etree._Element, tag: str, what: str) -> str | None:
        """A //axis/limit value: a number, or ``inf``/``-inf`` (no limit, as libsdformat reads)."""
        found = self.text(parent, tag)
        if found is not None and found[1].lower().lstrip("+-") in ("inf", "infinity"):
            return found[1]
        return self.number(parent, tag, what)

    def vector(self, parent: etree._Element, tag: str, count: int, what: str
               ) -> tuple[str, ...] | None:
        """The ``count`` number tokens of child ``tag``, or None."""
        found = self.text(parent, tag)
        if found is None:
            return None
        r = self.ctx.numbers(found[0], found[1], count, f"{what} <{tag}>")
        return r[0] if r else None

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
        legacy = _LegacyNames(self.ctx.diags) if self.version < (1, 7) else None
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

    # -- include ----------------------------------------------------------
    def include(self, el: etree._Element, parent_frame: str) -> Model | Merged | None:
        """The model an ``<include>`` names, with the include's overrides (parser.cc readXml).

        A merge-include gives the model's children to merge into the parent
        (:mod:`urdfsdf.sdf.merge`).  None (with a diagnostic, or a warning when
        includes are not followed) when there is nothing to add.
        """
        ctx = self.ctx
        resolver = self.includes
        if resolver is None:
            ctx.warning("ELEMENT_DROPPED", "<include> is not read (--no-includes)", el)
            return None
        kids = _first(el)
        uri_el = kids.get("uri")
        uri = (uri_el.text or "").strip() if uri_el is not None else ""
        line = line_of(el)
        if not uri:
            ctx.error("ATTRIBUTE_MISSING", "<include> has no <uri>", el)
            return None
        included = resolver.load(uri, self.file, line, ctx.diags)
        if included is None or not resolver.enter(included, line, ctx.diags):
            return None
        params = [*params_of(el, ctx.diags.file), *self.pushed.get(el, ())]
        try:
            model = self._included_model(included, el, params)
        finally:
            resolver.leave()
        if model is None:
            return None
        model = self._overridden(model, el, kids)
        if el.get("merge", "false").strip().lower() not in ("true", "1"):
            return model
        return self._merged(model, parent_frame)

    def _included_model(self, included: Included, el: etree._Element,
                        params: list[Param]) -> Model | None:
        """The top-level model of an included file (URDF too), read with its own version.

        ``params``: the include's ``<experimental:params>`` (and those handed down to
        it), applied to the file's model before it is read (:mod:`urdfsdf.sdf.params`).
        """
        sub = Diagnostics(included.display)
        root = parse(included.data, sub)
        model: Model | None = None
        where = f"{included.display!r} (included by <uri>{included.uri}</uri>)"
        if root is not None and root.tag == "robot":
            if params:
                self.ctx.warning("ELEMENT_DROPPED", f"{where} is a URDF: its "
                                 "<experimental:params> are not applied", el)
            if self.read_urdf is None:
                self.ctx.error("ELEMENT_INVALID", f"{where} is a URDF: reading it needs the "
                               "conversion pipeline (urdfsdf.document)", el)
            else:
                model = self.read_urdf(included.data, sub)
        elif root is not None:
            pushed: dict[etree._Element, list[Param]] = {}
            target = included_model(root) if params else None
            if target is not None:
                pushed = apply_params(target, params,
                                      lambda inc: self._include_model_name(inc, included.path),
                                      self.ctx.diags)
            elif params:
                self.ctx.error("ELEMENT_MISSING", f"{where} holds no <model> to apply "
                               "<experimental:params> to", el)
            reader = SdfReader(sub, None, self.fast, self.includes, included.path,
                               self.read_urdf, pushed)
            doc = reader.document(root)
            tops = [c.tag for c in root if c.tag in ("model", "actor", "light")]
            if len(tops) > 1 and len(set(tops)) > 1:
                self.ctx.error("ELEMENT_INCORRECT_TYPE", f"{where} holds <{tops[0]}> and "
                               f"<{next(t for t in tops if t != tops[0])}> at its top level: "
                               "what to include is ambiguous", el)
            if doc is not None and doc.models:
                model = doc.models[0]
            elif doc is not None and not any(c.tag in ("light", "actor") for c in root):
                self.ctx.error("ELEMENT_MISSING", f"{where} holds no top-level <model> to "
                               "include (a <world> cannot be included)", el)
        self.ctx.diags.extend(sub.items)
        if model is None:
            return None
        if model.pose.relative_to and self._kid(el, "pose") is None:
            self.ctx.error("ATTRIBUTE_INVALID", f"{where}: the pose of an included model "
                           "cannot be relative_to a frame of its own file", el)
        return model if model.file is not None else evolve(model, file=included.display)

    def _include_model_name(self, include: etree._Element, file: str) -> str | None:
        """The name of the model the ``<include>`` of ``file`` names (None: unknown).

        Read through the resolver, as the reader reads it later (same checks).
        """
        resolver = self.includes
        uri_el = next((c for c in children(include) if c.tag == "uri"), None)
        uri = (uri_el.text or "").strip() if uri_el is not None else ""
        if resolver is None or not uri:
            return None
        scratch = Diagnostics()
        found = resolver.load(uri, file, None, scratch)
        root = None if found is None else parse(found.data, scratch)
        if root is None:
            return None
        if root.tag == "robot":
            return root.get("name")
        model = included_model(root)
        return None if model is None else model.get("name")

    def _overridden(self, model: Model, el: etree._Element,
                    kids: dict[object, etree._Element]) -> Model:
        """``<name>``, ``<pose>``, ``<static>``, ``<placement_frame>``, ``<plugin>`` applied."""
        changes: dict[str, object] = {}
        name_el = kids.get("name")
        if name_el is not None and (name_el.text or "").strip():
            changes["name"] = (name_el.text or "").strip()
        pose_el = kids.get("pose")
        if pose_el is not None:
            changes["pose"] = self._pose(pose_el, f"include of model {model.name!r}")
        static_el = kids.get("static")
        if static_el is not None:
            changes["static"] = (static_el.text or "").strip().lower() in ("true", "1")
        pf_el = kids.get("placement_frame")
        if pf_el is not None:
            if pose_el is None:
                self.ctx.error("MODEL_PLACEMENT_FRAME_INVALID", "<include> with a "
                               "<placement_frame> needs a <pose>", pf_el)
            else:
                changes["placement_frame"] = (pf_el.text or "").strip()
        plugins = tuple(extra(c) for c in children(el) if c.tag == "plugin")
        if plugins:
            changes["extras"] = (*model.extras, *plugins)
        return evolve(model, **changes) if changes else model

    def _merged(self, model: Model, parent_frame: str) -> Merged:
        """A merge-include's children, M's frame replaced by a proxy frame (sdf/merge.py)."""
        pose = model.pose
        if model.placement_frame:
            check = Diagnostics()
            scope = analyze_model(evolve(model, pose=Pose()), check)
            x_rm = placed_model_pose(scope, model)
            if x_rm is None:
                self.ctx.diags.error("POSE_RELATIVE_TO_INVALID", f"model {model.name!r}: "
                                     f"placement_frame {model.placement_frame!r} names no "
                                     "frame of the model"
                                     f"{did_you_mean(model.placement_frame, scope.names())}",
                                     model.line, file=model.file)
            else:
                pose = computed_pose(x_rm, pose.relative_to, pose.line)
        return merged(model, parent_frame, pose)

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
        legacy = _LegacyNames(self.ctx.diags) if self.version < (1, 7) else None
        for c in self._children(el, ("model",), ("pose",)):
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
                static = (c.text or "").strip().lower() in ("true", "1")
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
        pose = self._pose(pose_el, what)
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
        if self.fast:
            try:
                return _fast_frame(el)
            except _SLOW:
                pass
        name = self.name(el, "<frame>")
        if name is None:
            return None
        return Frame(name, el.get("attached_to"), self.pose(el, f"frame {name!r}"),
                     line_of(el))

    # -- link -------------------------------------------------------------
    def link(self, el: etree._Element) -> Link | None:
        """Read ``<link>``."""
        if self.fast:
            try:
                return _fast_link(el)
            except _SLOW:
                pass
        name = self.name(el, "<link>")
        if name is None:
            return None
        what = f"link {name!r}"
        inertial = None
        visuals: list[Visual] = []
        collisions: list[Collision] = []
        extras: list[Extra] = []
        auto: etree._Element | None = None
        shapes: list[etree._Element] = []
        for c in children(el):
            tag = c.tag
            if tag == "pose":
                continue
            if tag == "inertial":
                inertial = self.inertial(c, what)
                if c.get("auto", "false").strip().lower() in ("true", "1"):
                    auto = c
            elif tag == "visual":
                visuals.append(self.visual(c, what))
            elif tag == "collision":
                collisions.append(self.collision(c, what))
                shapes.append(c)
            else:
                extras.append(posed_extra(c, line_of(c)))
        if auto is not None:
            inertial = self._auto_inertial(auto, list(zip(shapes, collisions, strict=True)),
                                           name, what) or inertial
        return Link(name, self.pose(el, what), inertial, tuple(visuals), tuple(collisions),
                    tuple(extras), line_of(el), el.get(U + "name"))

    def _auto_inertial(self, el: etree._Element,
                       shapes: list[tuple[etree._Element, Collision]], link: str,
                       what: str) -> Inertial | None:
        """``<inertial auto="true">`` (SDFormat 1.11): mass properties of the collisions.

        Each collision weighs its volume times its ``<density>`` (else the inertial's,
        else 1000 kg/m^3, with a warning), as libsdformat's Link::ResolveAutoInertials;
        a ``<mass>`` given too rescales the result to it (libsdformat 14.7).  Shapes
        whose mass properties have no closed form (meshes...) are an error.
        """
        if not shapes:
            self.ctx.error("ELEMENT_MISSING", f"{what}: <inertial auto=\"true\"> but the link "
                           "has no <collision>", el)
            return None
        link_density = self.number(el, "density", f"{what} inertial")
        parts: list[tuple[MassProperties | None, Transform]] = []
        for c_el, col in shapes:
            where = f"{what} collision {col.name!r}"
            density = self.number(c_el, "density", where) or link_density
            if density is None:
                self.ctx.warning("ELEMENT_MISSING", f"{where} has no <density>: 1000 kg/m^3 "
                                 "(water), as libsdformat", c_el)
                density = "1000"
            props = _shape_props(col.geometry, float(density))
            problem = None
            if props is None:
                kind = col.geometry.kind if col.geometry is not None else "no geometry"
                problem = (f"{where}: no automatic inertia for a <{kind}> (box, cylinder, "
                           "sphere, capsule, ellipsoid and cone have one)")
            elif col.pose.frame not in ("", link):
                problem = (f"{where}: urdfsdf computes an automatic inertia only for "
                           "collisions posed in the link frame (no relative_to)")
            if problem is not None:
                # libsdformat reads the default inertial then (mass 1, unit inertia)
                self.ctx.warning("LINK_INERTIA_INVALID", f"{problem}; read as SDFormat's "
                                 "default inertial, as libsdformat does without a mesh "
                                 "calculator (sdf2urdf refuses it)", c_el)
                return Inertial(DEFAULT_MASS, DEFAULT_INERTIA, Pose(), line_of(el), problem)
            parts.append((props, pose_transform(col.pose)))
        mass_el = self._kid(el, "mass")
        mass = self.number(el, "mass", f"{what} inertial") if mass_el is not None else None
        total = auto_inertial(parts, float(mass) if mass is not None else None)
        return to_inertial(total, line_of(el)) if total is not None else None

    def inertial(self, el: etree._Element, what: str) -> Inertial:
        """Read ``<inertial>`` with SDF defaults (mass 1, unit diagonal inertia)."""
        what = f"{what} inertial"
        mass = self.number(el, "mass", what, DEFAULT_MASS) or DEFAULT_MASS
        if float(mass) < 0:
            self.ctx.error("LINK_INERTIA_INVALID", f"{what} has negative mass {mass}",
                           self._kid(el, "mass"))
        moments = list(DEFAULT_INERTIA)
        inertia = self._kid(el, "inertia")
        if inertia is not None:
            before = len(self.ctx.diags)
            for i, key in enumerate(("ixx", "ixy", "ixz", "iyy", "iyz", "izz")):
                moments[i] = self.number(inertia, key, what, moments[i]) or moments[i]
            if len(self.ctx.diags) == before:
                self.ctx.inertia(inertia, moments, what)
        pose = self.pose(el, what)
        if pose.relative_to is not None:
            # //inertial/pose/@relative_to is not SDFormat 1.7 (libsdformat 12 warns
            # and reads the pose in the link frame, as here)
            self.ctx.warning("ATTRIBUTE_INVALID", f"{what}: //inertial/pose/@relative_to is "
                             "not part of SDFormat 1.7 and is ignored (the pose is in the "
                             "link frame)", self._kid(el, "pose"))
            pose = pose.with_frame(None)
        return Inertial(mass, tuple(moments), pose, line_of(el))

    def geometry(self, parent: etree._Element, what: str) -> Geometry | None:
        """Read ``<geometry>``; shapes with no URDF form keep their XML in ``raw``."""
        el = self._kid(parent, "geometry")
        if el is None:  # libsdformat fills in an empty geometry
            return Geometry("empty", line=line_of(parent))
        shapes = children(el)
        if not shapes:
            return Geometry("empty", line=line_of(el))
        s = shapes[0]
        kind = s.tag
        line = line_of(s)
        if not isinstance(kind, str):
            return None
        if kind == "box":
            return Geometry("box", size=self.vector(s, "size", 3, what) or ("1", "1", "1"),
                            line=line)
        if kind in ("cylinder", "capsule"):
            return Geometry(kind, radius=self.number(s, "radius", what, "0.5"),
                            length=self.number(s, "length", what, "1"), line=line)
        if kind == "sphere":
            return Geometry("sphere", radius=self.number(s, "radius", what, "1"), line=line)
        if kind == "mesh" and self._kid(s, "submesh") is None:
            uri = self.text(s, "uri")
            return Geometry("mesh", uri=uri[1] if uri else "",
                            scale=self.vector(s, "scale", 3, what), line=line)
        return Geometry(kind.rsplit("}", 1)[-1], raw=to_string(s), line=line)

    def material(self, el: etree._Element, what: str) -> Material:
        """Read SDF ``<material>`` colours; other children kept as extras."""
        values: dict[str, tuple[str, ...] | None] = {}
        extras: list[Extra] = []
        for c in children(el):
            if c.tag in COLOUR_TAGS:
                r = self.ctx.numbers(c, c.text, None, f"{what} material <{c.tag}>")
                if r is not None and len(r[0]) in (3, 4):
                    values[str(c.tag)] = r[0]
                elif r is not None:
                    self.ctx.error("ELEMENT_INVALID", f"{what} material <{c.tag}> needs 3 or "
                                   f"4 numbers", c)
            else:
                if c.tag in ("script", "shader"):
                    self._check_material_child(c, what)
                extras.append(extra(c))
        return Material(ambient=values.get("ambient"), diffuse=values.get("diffuse"),
                        specular=values.get("specular"), emissive=values.get("emissive"),
                        extras=tuple(extras), line=line_of(el))

    def _check_material_child(self, el: etree._Element, what: str) -> None:
        """//material/script needs a <uri>; //material/shader a known type (Material.cc)."""
        if el.tag == "script":
            if self._kid(el, "uri") is None:
                self.ctx.error("ELEMENT_MISSING", f"{what} material <script> has no <uri>", el)
            return
        kind = el.get("type", "pixel")
        if kind not in SHADER_TYPES:
            self.ctx.error("ELEMENT_INVALID", f"{what} material <shader> type {kind!r} is not "
                           f"one of {', '.join(SHADER_TYPES)}", el)
        elif kind.startswith("normal_map") and self._kid(el, "normal_map") is None:
            self.ctx.error("ELEMENT_MISSING", f"{what} material <shader type={kind!r}> has no "
                           "<normal_map>", el)

    def urdf_material(self, el: etree._Element) -> Material:
        """Read a ``<urdf:material>`` custom element (URDF material carried in SDF)."""
        rgba = None
        color = self._kid(el, "color")
        if color is not None:
            r = self.ctx.numbers(color, color.get("rgba"), 4, "urdf:material color")
            rgba = r[0] if r else None
        tex = self._kid(el, "texture")
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
        name = self.name(el, f"{what} <visual>")
        what = f"{what} visual {name!r}"
        material = None
        extras: list[Extra] = []
        urdf_mat = None
        for c in children(el):
            if c.tag in ("pose", "geometry"):
                continue
            if c.tag == "material":
                material = self.material(c, what)
            elif c.tag == U + "material":
                urdf_mat = self.urdf_material(c)
            else:
                extras.append(extra(c))
        if urdf_mat is not None:
            base = material or Material()
            material = Material(urdf_mat.name, urdf_mat.rgba, urdf_mat.texture, base.ambient,
                                base.diffuse, base.specular, base.emissive, base.extras,
                                base.line or urdf_mat.line)
        return Visual(name, self.geometry(el, what), self.pose(el, what), material,
                      tuple(extras), line_of(el), el.get(U + "name"))

    def collision(self, el: etree._Element, what: str) -> Collision:
        """Read ``<collision>``."""
        name = self.name(el, f"{what} <collision>")
        what = f"{what} collision {name!r}"
        extras = tuple(extra(c) for c in children(el) if c.tag not in ("pose", "geometry"))
        return Collision(name, self.geometry(el, what), self.pose(el, what), extras,
                         line_of(el), el.get(U + "name"))

    # -- joint ------------------------------------------------------------
    def joint(self, el: etree._Element) -> Joint | None:
        """Read ``<joint>``."""
        if self.fast:
            try:
                return _fast_joint(el)
            except _SLOW:
                pass
        name = self.name(el, "<joint>")
        if name is None:
            return None
        what = f"joint {name!r}"
        written = el.get("type")
        if written is None:
            self.ctx.error("ATTRIBUTE_MISSING", f"{what} has no 'type' attribute", el)
            return None
        jtype = joint_type(written, JOINT_TYPES)
        if jtype is None:
            self.ctx.error("ATTRIBUTE_INVALID", f"{what} has unknown type {written!r}", el)
            return None
        parent = self.text(el, "parent")
        child = self.text(el, "child")
        if parent is None:
            self.ctx.error("ELEMENT_MISSING", f"{what} has no <parent>", el)
        if child is None:
            self.ctx.error("ELEMENT_MISSING", f"{what} has no <child>", el)
        if parent is None or child is None:
            return None
        axis = axis2 = None
        mimic = safety = calibration = None
        extras: list[Extra] = []
        for c in children(el):
            tag = c.tag
            if tag in ("pose", "parent", "child"):
                continue
            if tag == "axis":
                axis = self.axis(c, what)
            elif tag == "axis2":
                axis2 = self.axis(c, what)
            elif tag == U + "mimic":
                mimic = Mimic(c.get("joint", ""), c.get("multiplier"), c.get("offset"),
                              line_of(c))
            elif tag == U + "safety_controller":
                safety = SafetyController(c.get("k_velocity"), c.get("k_position"),
                                          c.get("soft_lower_limit"), c.get("soft_upper_limit"),
                                          line_of(c))
            elif tag == U + "calibration":
                calibration = Calibration(c.get("rising"), c.get("falling"),
                                          c.get("reference_position"), line_of(c))
            else:
                extras.append(extra(c))
        if mimic is None and axis is not None and axis.extras:
            axis, mimic = self._axis_mimic(axis, what)
        return Joint(name, jtype, parent[1], child[1], self.pose(el, what), axis, axis2,
                     mimic, safety, calibration, tuple(extras), line_of(el), el.get(U + "name"))

    def _axis_mimic(self, axis: Axis, what: str) -> tuple[Axis, Mimic | None]:
        """//axis/mimic (SDFormat 1.11) as the joint's mimic, URDF's form of it.

        SDF: ``q = multiplier * (q_leader - reference) + offset``; URDF's offset is
        ``offset - multiplier * reference`` (the text as written when reference is 0).
        A mimic of a leader's second axis has no URDF form: it stays in the axis.
        """
        for x in axis.extras:
            if x.tag != "mimic":
                continue
            el = from_string(x.xml)
            leader = el.get("joint")
            if not leader or el.get("axis", "axis") != "axis":
                return axis, None
            kids = _first(el)
            multiplier = self.number(el, "multiplier", f"{what} <mimic>", "1") or "1"
            offset = self.number(el, "offset", f"{what} <mimic>", "0") or "0"
            reference = self.number(el, "reference", f"{what} <mimic>", "0") or "0"
            if float(reference) != 0.0:
                offset = fmt(float(offset) - float(multiplier) * float(reference))
            mimic = Mimic(leader, multiplier if "multiplier" in kids else None,
                          offset if "offset" in kids or float(reference) != 0.0 else None,
                          x.line)
            return evolve(axis, extras=tuple(e for e in axis.extras if e is not x)), mimic
        return axis, None

    def axis(self, el: etree._Element, what: str) -> Axis:
        """Read ``<axis>``/``<axis2>``: xyz (default 0 0 1), expressed_in, limit, dynamics."""
        what = f"{what} <{el.tag}>"
        xyz: tuple[float, float, float] = (0.0, 0.0, 1.0)
        text = None
        expressed_in = None
        xyz_el = self._kid(el, "xyz")
        if xyz_el is not None:
            r = self.ctx.numbers(xyz_el, xyz_el.text, 3, f"{what} <xyz>")
            if r is not None:
                text, v = r
                xyz = (v[0], v[1], v[2])
                if xyz == (0.0, 0.0, 0.0):
                    self.ctx.error("ELEMENT_INVALID", f"{what} <xyz> is the zero vector",
                                   xyz_el)
            expressed_in = xyz_el.get("expressed_in")
        limit = None
        lim = self._kid(el, "limit")
        if lim is not None:
            lextras = tuple(extra(c) for c in children(lim) if c.tag not in LIMIT_TAGS)
            limit = Limit(self.limit_value(lim, "lower", what),
                          self.limit_value(lim, "upper", what),
                          self.limit_value(lim, "effort", what),
                          self.limit_value(lim, "velocity", what), lextras, line_of(lim))
        dynamics = None
        dyn = self._kid(el, "dynamics")
        if dyn is not None:
            dynamics = Dynamics(self.number(dyn, "damping", what),
                                self.number(dyn, "friction", what),
                                self.number(dyn, "spring_reference", what),
                                self.number(dyn, "spring_stiffness", what), line_of(dyn))
        known = ("xyz", "limit", "dynamics")
        extras = tuple(extra(c) for c in children(el) if c.tag not in known)
        # the line of <xyz> (where expressed_in is written), else of the axis
        line = line_of(xyz_el) if xyz_el is not None else line_of(el)
        return Axis(xyz, text, expressed_in, limit, dynamics, extras, line)


Named = TypeVar("Named", Link, Joint, Frame, Model)


class _LegacyNames:
    """Before 1.7, siblings of different kinds could share a name: libsdformat renames.

    ``Model::Load`` (and ``World::Load`` for world frames) reads the children in
    document order; a link, joint or frame named like an earlier sibling of another
    kind is renamed ``NAME_link``/``NAME_joint``/``NAME_frame`` (then ``..._link0``,
    ``..._link1``...), with a warning.  Two siblings of one kind keep their names
    (DUPLICATE_NAME, from the frame engine); models are never renamed.
    """

    def __init__(self, diags: Diagnostics) -> None:
        self.diags = diags
        self.seen: dict[str, str] = {}

    def named(self, node: Named, kind: str) -> Named:
        name = node.name
        first = self.seen.get(name)
        if first is None or first == kind or kind == "model":
            self.seen.setdefault(name, kind)
            return node
        new = f"{name}_{kind}"
        i = 0
        while new in self.seen:
            new = f"{name}_{kind}{i}"
            i += 1
        self.seen[new] = kind
        self.diags.warning("NAME_CHANGED", f"{kind} {name!r} has the name of a {first}; "
                           f"renamed {new!r} (SDFormat 1.7 names are unique among siblings)",
                           node.line)
        return evolve(node, name=new)


# -- fast path ----------------------------------------------------------------
#
# The common case (clean numbers, no attribute or child with a diagnostic, no
# content kept verbatim) is read by the functions below in one pass, with no
# diagnostics.  Anything else raises one of ``_SLOW`` and the element is read
# again by :class:`SdfReader`'s general methods, which report it; the fast
# path only accepts what they read silently, into the same IR.


class _Slow(Exception):
    """Not the common case: read the element with the general path."""


#: what makes the fast path give up (a bad number raises ValueError in float())
_SLOW = (_Slow, ValueError)
_NAME_KEYS = frozenset(("name", U + "name"))
_JOINT_KEYS = frozenset(("name", "type", U + "name"))
_FRAME_KEYS = frozenset(("name", "attached_to"))
_REL_KEYS = frozenset(("relative_to",))
_EXPRESSED_KEYS = frozenset(("expressed_in",))


def _name(el: etree._Element, keys: frozenset[str]) -> tuple[str, str | None]:
    """The ``name`` and ``urdf:name`` of ``el``, whose attributes are all among ``keys``.

    ``keys()`` first (lxml's ``items()`` is quadratic in the number of attributes), then
    ``get()`` only of the attributes present: two lxml calls in the common case.
    """
    present = el.keys()
    if not keys.issuperset(present):
        raise _Slow
    name = el.get("name")
    if name is None or not name.strip():
        raise _Slow
    return name, (el.get(U + "name") if len(present) > 1 else None)


def _number(text: str | None) -> tuple[str, float]:
    """An element's text as one validated number: the stripped text (shared when short)
    and its value; raises for anything else.

    clean_number of the stripped text, inline (a bad number raises ValueError).
    """
    if text is None:
        raise _Slow
    text = text.strip()
    if not text or "_" in text:
        raise _Slow
    value = float(text)
    if value - value != 0.0:  # inf, nan
        raise _Slow
    return (shared(text) if len(text) < 4 else text), value


def _num(el: etree._Element | None, default: str | None) -> str | None:
    """The stripped text of ``el`` as a validated number (absent: ``default``)."""
    if el is None:
        return default
    return _number(el.text)[0]


def _vec3(text: str | None) -> tuple[tuple[str, str, str], tuple[float, float, float]]:
    """An element's text as three finite numbers: the tokens (shared when short) and their
    values; raises for anything else.

    plain_tokens(text, 3), inline: no "_" (float() takes "1_0"), three numbers (a bad
    one raises ValueError); inf or nan make the sum so, as would finite values whose sum
    overflows: all_finite decides then.
    """
    if not text or "_" in text:
        raise _Slow
    tokens = text.split()
    if len(tokens) != 3:
        raise _Slow
    a, b, c = tokens
    values = (float(a), float(b), float(c))
    total = values[0] + values[1] + values[2]
    if total - total != 0.0 and not all_finite(list(values)):
        raise _Slow
    return (shared(a) if len(a) < 4 else a, shared(b) if len(b) < 4 else b,
            shared(c) if len(c) < 4 else c), values


def _fast_pose(el: etree._Element) -> Pose:
    """The pose ``el`` (its caller has the identity for an absent one)."""
    rel = None
    present = el.keys()
    if present:  # relative_to alone: frame, rotation_format, degrees are the general path's
        if not _REL_KEYS.issuperset(present):
            raise _Slow
        rel = el.get("relative_to")
    text = el.text
    if text is None:
        return Pose(relative_to=rel, line=el.sourceline)  # type: ignore[arg-type]
    tokens = text.split()
    if len(tokens) != 6:
        if not tokens:
            return Pose(relative_to=rel, line=el.sourceline)  # type: ignore[arg-type]
        raise _Slow
    # plain_tokens(text, 6), inline: no "_" (float() takes "1_0"), six finite numbers
    # (a bad one raises ValueError; inf or nan make the sum so, as would finite
    # values whose sum overflows: all_finite decides then)
    if "_" in text:
        raise _Slow
    a, b, c, d, e, f = tokens  # six float() calls and sums: ~20% less than sum(map())
    total = float(a) + float(b) + float(c) + float(d) + float(e) + float(f)
    if total - total != 0.0 and not all_finite([float(t) for t in tokens]):
        raise _Slow
    return Pose.parsed(text, rel, el.sourceline)  # type: ignore[arg-type]


def _shape_props(geometry: Geometry | None, density: float) -> MassProperties | None:
    """Mass properties of a collision shape of ``density`` (None: no closed form)."""
    if geometry is None:
        return None
    kind = geometry.kind

    def num(text: str | None) -> float | None:
        return float(text) if text is not None else None

    if geometry.raw is not None and kind in ("ellipsoid", "cone"):
        shape = from_string(geometry.raw)
        radii = shape.findtext("radii")
        size = [float(v) for v in radii.split()] if radii else None
        return shape_mass_properties(kind, density, size=size,
                                     radius=num(shape.findtext("radius")),
                                     length=num(shape.findtext("length")))
    size = [float(v) for v in geometry.size] if geometry.size is not None else None
    return shape_mass_properties(kind, density, size=size, radius=num(geometry.radius),
                                 length=num(geometry.length))


def _first(el: etree._Element) -> dict[object, etree._Element]:
    kids: dict[object, etree._Element] = {}
    for c in el:
        tag = c.tag
        if tag not in kids:
            kids[tag] = c
    return kids


def _fast_frame(el: etree._Element) -> Frame:
    present = el.keys()
    if not _FRAME_KEYS.issuperset(present):
        raise _Slow
    name = el.get("name")
    if name is None or not name.strip():
        raise _Slow
    for c in el:
        if c.tag == "pose":
            pose = _fast_pose(c)
            break
    else:
        pose = Pose()
    attached_to = el.get("attached_to") if len(present) > 1 else None
    return Frame(name, attached_to, pose, el.sourceline)  # type: ignore[arg-type]


#: //inertial/inertia's children: their index in the IR's moments (defaults: DEFAULT_INERTIA)
_MOMENT_INDEX: dict[object, int] = {"ixx": 0, "ixy": 1, "ixz": 2, "iyy": 3, "iyz": 4, "izz": 5}


def _fast_inertial(el: etree._Element) -> Inertial:
    if el.keys():  # auto="true" (1.11): the general path computes it
        raise _Slow
    mass_el = inertia = pose_el = None
    for c in el:  # the first of each; other children are the general path's to ignore too
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
    if mass_el is not None:  # a mass >= 0
        mass, value = _number(mass_el.text)
        if value < 0:
            raise _Slow
    moments: tuple[str, ...] = DEFAULT_INERTIA
    if inertia is not None:
        texts = list(DEFAULT_INERTIA)
        values = [1.0, 0.0, 0.0, 1.0, 0.0, 1.0]  # DEFAULT_INERTIA's
        seen = [False] * 6
        for m in inertia:  # the first of each moment, in one pass
            i = _MOMENT_INDEX.get(m.tag)
            if i is None or seen[i]:
                continue
            seen[i] = True
            texts[i], values[i] = _number(m.text)  # the value for the inertia check
        ixx, ixy, ixz, iyy, iyz, izz = values
        # a diagonal inertia with moments >= 0 that meet the triangle inequality exactly
        # is one inertia_problem() passes (it allows a tolerance more); else it decides
        if not (ixy == 0.0 and ixz == 0.0 and iyz == 0.0 and ixx >= 0.0 and iyy >= 0.0
                and izz >= 0.0 and ixx + iyy >= izz and iyy + izz >= ixx
                and ixx + izz >= iyy) and inertia_problem(values) is not None:
            raise _Slow
        moments = tuple(texts)
    if pose_el is None:
        pose = Pose()
    else:
        pose = _fast_pose(pose_el)
        if pose.relative_to is not None:  # not SDFormat 1.7: the general path reports it
            raise _Slow
    return Inertial(mass, moments, pose, el.sourceline)  # type: ignore[arg-type]


def _fast_geometry(parent: etree._Element, el: etree._Element | None) -> Geometry:
    if el is None:
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
        size: tuple[str, ...] = ("1", "1", "1")
        for c in s:  # the first <size>
            if c.tag == "size":
                size = _vec3(c.text)[0]
                break
        return Geometry("box", size, None, None, None, None, None, line)  # type: ignore[arg-type]
    if kind == "cylinder" or kind == "capsule":
        radius = length = None
        for c in s:  # the first of each
            tag = c.tag
            if tag == "radius":
                if radius is None:
                    radius = c
            elif tag == "length" and length is None:
                length = c
        return Geometry(kind, None, _num(radius, "0.5"), _num(length, "1"), None, None,
                        None, line)  # type: ignore[arg-type]
    if kind == "sphere":
        for c in s:  # the first <radius>
            if c.tag == "radius":
                return Geometry("sphere", None, _num(c, "1"), None, None, None, None,
                                line)  # type: ignore[arg-type]
        return Geometry("sphere", None, "1", None, None, None, None,
                        line)  # type: ignore[arg-type]
    kids = _first(s)
    if kind == "mesh" and "submesh" not in kids:
        uri = kids.get("uri")
        scale_el = kids.get("scale")
        return Geometry("mesh", uri=(uri.text or "").strip() if uri is not None else "",
                        scale=_vec3(scale_el.text)[0] if scale_el is not None else None,
                        line=line)  # type: ignore[arg-type]
    raise _Slow


def _fast_material(el: etree._Element) -> Material:
    values: dict[str, tuple[str, ...]] = {}
    for c in el:
        tag = c.tag
        if tag in COLOUR_TAGS:
            parsed = plain_tokens(c.text, None)
            if parsed is None or len(parsed[0]) not in (3, 4):
                raise _Slow
            values[tag] = tuple(parsed[0])
        elif tag.__class__ is str:
            raise _Slow
    return Material(ambient=values.get("ambient"), diffuse=values.get("diffuse"),
                    specular=values.get("specular"), emissive=values.get("emissive"),
                    line=el.sourceline)  # type: ignore[arg-type]


def _fast_shape(el: etree._Element, visual: bool) -> Visual | Collision:
    present = el.keys()  # _name(el, _NAME_KEYS), inline
    if not _NAME_KEYS.issuperset(present):
        raise _Slow
    name = el.get("name")
    if name is None or not name.strip():
        raise _Slow
    urdf_name = el.get(U + "name") if len(present) > 1 else None
    if len(name) < 10:  # "visual", "collision": often the same in every link
        name = shared(name)
    pose_el = geometry_el = None
    material = None
    for c in el:
        tag = c.tag
        if tag == "pose":
            if pose_el is None:
                pose_el = c
        elif tag == "geometry":
            if geometry_el is None:
                geometry_el = c
        elif visual and tag == "material":
            material = _fast_material(c)
        elif tag.__class__ is str:
            raise _Slow
    geometry = _fast_geometry(el, geometry_el)
    pose = _fast_pose(pose_el) if pose_el is not None else Pose()
    if visual:
        return Visual(name, geometry, pose, material, (), el.sourceline,  # type: ignore[arg-type]
                      urdf_name)
    return Collision(name, geometry, pose, (), el.sourceline,  # type: ignore[arg-type]
                     urdf_name)


def _fast_link(el: etree._Element) -> Link:
    name, urdf_name = _name(el, _NAME_KEYS)
    pose_el = inertial = None
    visuals = []
    collisions = []
    for c in el:
        tag = c.tag
        if tag == "visual":
            visuals.append(_fast_shape(c, True))
        elif tag == "collision":
            collisions.append(_fast_shape(c, False))
        elif tag == "pose":
            if pose_el is None:
                pose_el = c
        elif tag == "inertial":
            inertial = _fast_inertial(c)
        elif tag.__class__ is str:
            raise _Slow
    pose = _fast_pose(pose_el) if pose_el is not None else Pose()
    return Link(name, pose, inertial, tuple(visuals), tuple(collisions), (),  # type: ignore[arg-type]
                el.sourceline, urdf_name)  # type: ignore[arg-type]


def _fast_axis(el: etree._Element) -> Axis:
    xyz: tuple[float, float, float] = (0.0, 0.0, 1.0)
    text = None
    expressed_in = None
    xyz_el = lim = dyn = None
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
        elif tag.__class__ is str:  # use_parent_model_frame, extras
            raise _Slow
    if xyz_el is not None:
        if xyz_el.keys():  # expressed_in alone
            if not _EXPRESSED_KEYS.issuperset(xyz_el.keys()):
                raise _Slow
            expressed_in = xyz_el.get("expressed_in")
        text, xyz = _vec3(xyz_el.text)
        if xyz == (0.0, 0.0, 0.0):
            raise _Slow
    limit = None
    if lim is not None:
        found: dict[object, str] = {}
        for c in lim:
            tag = c.tag
            if tag in LIMIT_TAGS:
                if tag not in found:  # the first of each
                    found[tag] = _number(c.text)[0]
            elif tag.__class__ is str:
                raise _Slow
        get = found.get
        limit = Limit(get("lower"), get("upper"), get("effort"), get("velocity"), (),
                      lim.sourceline)  # type: ignore[arg-type]
    dynamics = None
    if dyn is not None:
        kid = _first(dyn).get
        dynamics = Dynamics(_num(kid("damping"), None), _num(kid("friction"), None),
                            _num(kid("spring_reference"), None),
                            _num(kid("spring_stiffness"), None),
                            dyn.sourceline)  # type: ignore[arg-type]
    line = xyz_el.sourceline if xyz_el is not None else el.sourceline
    return Axis(xyz, text, expressed_in, limit, dynamics, (), line)  # type: ignore[arg-type]


def _fast_joint(el: etree._Element) -> Joint:
    """A joint of SDFormat 1.7 or later (earlier versions have axis rules to apply)."""
    present = el.keys()  # get() only of the attributes present
    if not _JOINT_KEYS.issuperset(present):
        raise _Slow
    name = el.get("name")
    if name is None or not name.strip():
        raise _Slow
    jtype = el.get("type")
    if jtype not in JOINT_TYPES:  # joint_type(), inline
        raise _Slow
    pose_el = parent = child = axis = axis2 = None
    for c in el:
        tag = c.tag
        if tag == "pose":
            if pose_el is None:
                pose_el = c
        elif tag == "parent":
            if parent is None:
                parent = (c.text or "").strip()
        elif tag == "child":
            if child is None:
                child = (c.text or "").strip()
        elif tag == "axis":
            axis = _fast_axis(c)
        elif tag == "axis2":
            axis2 = _fast_axis(c)
        elif tag.__class__ is str:
            raise _Slow
    if parent is None or child is None:
        raise _Slow
    pose = _fast_pose(pose_el) if pose_el is not None else Pose()
    urdf_name = el.get(U + "name") if len(present) > 2 else None
    return Joint(name, jtype, parent, child, pose, axis, axis2,
                 None, None, None, (), el.sourceline, urdf_name)  # type: ignore[arg-type]
