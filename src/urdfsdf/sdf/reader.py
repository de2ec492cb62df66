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

import math
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
from urdfsdf.core.numbers import all_finite, fmt, forget_shared, shared
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
from urdfsdf.xml.readctx import ReadContext, line_of

#: reads an included URDF (bytes) into an SDF-convention model
UrdfReader = Callable[[bytes, Diagnostics], "Model | None"]
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
        #: when set, the document is read as it is parsed (models and worlds as
        #: they start, their other children as each completes)
        self.stream = stream
        self.version = (1, 7)

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

    def child(self, parent: etree._Element, tag: str) -> etree._Element | None:
        """The first child ``tag`` of ``parent`` (None: there is none)."""
        for c in parent:
            if c.tag == tag:
                return c
        return None

    def pose(self, el: etree._Element | None, what: str) -> Pose:
        """The pose ``el`` (None: identity, no relative_to).

        The common case (no attribute but ``relative_to``, six plain finite numbers)
        is read here in one pass; anything else by :meth:`_pose`, which reports it.
        """
        if el is None:
            return Pose()
        keys = el.keys()
        if not keys or (len(keys) == 1 and keys[0] == "relative_to"):
            rel = el.get("relative_to") if keys else None
            text = el.text
            if text is None:
                return Pose(relative_to=rel, line=el.sourceline)  # type: ignore[arg-type]
            tokens = text.split()
            if not tokens:
                return Pose(relative_to=rel, line=el.sourceline)  # type: ignore[arg-type]
            if len(tokens) == 6 and "_" not in text:  # float() takes "1_0"
                a, b, c, d, e, f = tokens
                try:
                    total = float(a) + float(b) + float(c) + float(d) + float(e) + float(f)
                except ValueError:
                    total = math.nan
                # inf or nan make the sum so, as would finite values whose sum
                # overflows: all_finite decides then
                if total - total == 0.0 or (total == total and
                                            all_finite([float(t) for t in tokens])):
                    return Pose.parsed(text, rel, el.sourceline)  # type: ignore[arg-type]
        return self._pose(el, what)

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

    def number(self, el: etree._Element | None, what: str, default: str | None = None
               ) -> str | None:
        """The text of ``el`` as one number, stripped (``default`` when it is not one,
        with a diagnostic naming it ``{what} <{tag}>``, or when ``el`` is None)."""
        if el is None:
            return default
        text = el.text
        if text is not None:
            t = text.strip()
            if t and "_" not in t:  # float() takes "1_0"
                try:
                    value = float(t)
                except ValueError:
                    value = math.nan
                if value - value == 0.0:  # finite
                    return shared(t) if len(t) < 4 else t
        return self.ctx.number(el, (text or "").strip(), f"{what} <{el.tag}>", required=True,
                               default=default)

    def number_of(self, parent: etree._Element, tag: str, what: str,
                  default: str | None = None) -> str | None:
        """The number text of the first child ``tag`` of ``parent`` (absent: ``default``)."""
        return self.number(self.child(parent, tag), what, default)

    def limit_value(self, el: etree._Element | None, what: str) -> str | None:
        """A //axis/limit value: a number, or ``inf``/``-inf`` (no limit, as libsdformat reads)."""
        if el is None:
            return None
        text = (el.text or "").strip()
        if text.lower().lstrip("+-") in ("inf", "infinity"):
            return text
        return self.number(el, what)

    def vector3(self, el: etree._Element, what: str
                ) -> tuple[tuple[str, ...], tuple[float, float, float]] | None:
        """The text of ``el`` as three finite numbers: their tokens (short ones shared)
        and values; None (with a diagnostic naming it ``{what} <{tag}>``) otherwise."""
        text = el.text
        if text and "_" not in text:  # float() takes "1_0"
            tokens = text.split()
            if len(tokens) == 3:
                a, b, c = tokens
                try:
                    values = (float(a), float(b), float(c))
                except ValueError:
                    values = (math.nan, 0.0, 0.0)
                total = values[0] + values[1] + values[2]
                if total - total == 0.0 or (total == total and all_finite(list(values))):
                    return (shared(a) if len(a) < 4 else a, shared(b) if len(b) < 4 else b,
                            shared(c) if len(c) < 4 else c), values
        r = self.ctx.numbers(el, (text or "").strip(), 3, f"{what} <{el.tag}>")
        if r is None:
            return None
        v = r[1]
        return r[0], (v[0], v[1], v[2])

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
            reader = SdfReader(sub, None, self.includes, included.path,
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
        if model.pose.relative_to and self.child(el, "pose") is None:
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
            changes["pose"] = self.pose(pose_el, f"include of model {model.name!r}")
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
        pose = self.pose(pose_el, what)
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
        pose = Pose() if pose_el is None else self.pose(pose_el, f"frame {name!r}")
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
                flag = c.get("auto")
                if flag is not None and flag.strip().lower() in ("true", "1"):
                    auto = c
            elif tag.__class__ is str:
                extras.append(posed_extra(c, c.sourceline))  # type: ignore[arg-type]
        if auto is not None:
            inertial = self._auto_inertial(auto, list(zip(shapes, collisions, strict=True)),
                                           name, what) or inertial
        pose = Pose() if pose_el is None else self.pose(pose_el, what)
        return Link(name, pose, inertial, tuple(visuals), tuple(collisions), tuple(extras),
                    el.sourceline, el.get(U + "name"))  # type: ignore[arg-type]

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
        link_density = self.number_of(el, "density", f"{what} inertial")
        parts: list[tuple[MassProperties | None, Transform]] = []
        for c_el, col in shapes:
            where = f"{what} collision {col.name!r}"
            density = self.number_of(c_el, "density", where) or link_density
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
        mass = self.number_of(el, "mass", f"{what} inertial")
        total = auto_inertial(parts, float(mass) if mass is not None else None)
        return to_inertial(total, line_of(el)) if total is not None else None

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
            mass = self.number(mass_el, what, DEFAULT_MASS) or DEFAULT_MASS
            if float(mass) < 0:
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
                    texts[i] = self.number(moment, what, texts[i]) or texts[i]
            if len(self.ctx.diags) == before:
                self.ctx.inertia(inertia, texts, what)
            moments = tuple(texts)
        if pose_el is None:
            pose = Pose()
        else:
            pose = self.pose(pose_el, what)
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
            size_el = self.child(s, "size")
            if size_el is not None:
                r = self.vector3(size_el, what)
                size = r[0] if r is not None else None
            return Geometry("box", size or ("1", "1", "1"), None, None, None, None, None,
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
                radius = "1" if radius_el is None else self.number(radius_el, what, "1")
                return Geometry("sphere", None, radius, None, None, None, None,
                                line)  # type: ignore[arg-type]
            radius = "0.5" if radius_el is None else self.number(radius_el, what, "0.5")
            length = "1" if length_el is None else self.number(length_el, what, "1")
            return Geometry(kind, None, radius, length, None, None, None,
                            line)  # type: ignore[arg-type]
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
                    r = self.vector3(scale_el, what)
                    scale = r[0] if r is not None else None
                uri = (uri_el.text or "").strip() if uri_el is not None else ""
                return Geometry("mesh", None, None, None, uri, scale, None,
                                line)  # type: ignore[arg-type]
        return Geometry(str(kind).rsplit("}", 1)[-1], raw=to_string(s),
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
            if self.child(el, "uri") is None:
                self.ctx.error("ELEMENT_MISSING", f"{what} material <script> has no <uri>", el)
            return
        kind = el.get("type", "pixel")
        if kind not in SHADER_TYPES:
            self.ctx.error("ELEMENT_INVALID", f"{what} material <shader> type {kind!r} is not "
                           f"one of {', '.join(SHADER_TYPES)}", el)
        elif kind.startswith("normal_map") and self.child(el, "normal_map") is None:
            self.ctx.error("ELEMENT_MISSING", f"{what} material <shader type={kind!r}> has no "
                           "<normal_map>", el)

    def urdf_material(self, el: etree._Element) -> Material:
        """Read a ``<urdf:material>`` custom element (URDF material carried in SDF)."""
        rgba = None
        color = self.child(el, "color")
        if color is not None:
            r = self.ctx.numbers(color, color.get("rgba"), 4, "urdf:material color")
            rgba = r[0] if r else None
        tex = self.child(el, "texture")
        extras = tuple(extra(c) for c in children(el) if c.tag not in ("color", "texture"))
        return Material(name=el.get("name"), rgba=rgba,
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
        name = el.get("name")
        if name is None or not name.strip():
            name = self.name(el, f"{what} <visual>")  # reports it
        elif len(name) < 10:  # "visual": often the same in every link
            name = shared(name)
        what = f"{what} visual {name!r}"
        pose_el = geometry_el = material = urdf_mat = None
        extras: list[Extra] = []
        for c in el:
            tag = c.tag
            if tag == "geometry":
                if geometry_el is None:
                    geometry_el = c
            elif tag == "pose":
                if pose_el is None:
                    pose_el = c
            elif tag == "material":
                material = self.material(c, what)
            elif tag == URDF_MATERIAL:
                urdf_mat = self.urdf_material(c)
            elif tag.__class__ is str:
                extras.append(extra(c))
        if urdf_mat is not None:
            base = material or Material()
            material = Material(urdf_mat.name, urdf_mat.rgba, urdf_mat.texture, base.ambient,
                                base.diffuse, base.specular, base.emissive, base.extras,
                                base.line or urdf_mat.line)
        geometry = self.geometry(el, geometry_el, what)
        pose = Pose() if pose_el is None else self.pose(pose_el, what)
        return Visual(name, geometry, pose, material, tuple(extras),
                      el.sourceline, el.get(U + "name"))  # type: ignore[arg-type]

    def collision(self, el: etree._Element, what: str) -> Collision:
        """Read ``<collision>``."""
        name = el.get("name")
        if name is None or not name.strip():
            name = self.name(el, f"{what} <collision>")  # reports it
        elif len(name) < 10:  # "collision": often the same in every link
            name = shared(name)
        what = f"{what} collision {name!r}"
        pose_el = geometry_el = None
        extras: list[Extra] = []
        for c in el:
            tag = c.tag
            if tag == "geometry":
                if geometry_el is None:
                    geometry_el = c
            elif tag == "pose":
                if pose_el is None:
                    pose_el = c
            elif tag.__class__ is str:
                extras.append(extra(c))
        geometry = self.geometry(el, geometry_el, what)
        pose = Pose() if pose_el is None else self.pose(pose_el, what)
        return Collision(name, geometry, pose, tuple(extras),
                         el.sourceline, el.get(U + "name"))  # type: ignore[arg-type]

    # -- joint ------------------------------------------------------------
    def joint(self, el: etree._Element) -> Joint | None:
        """Read ``<joint>``."""
        name = el.get("name")
        if name is None or not name.strip():
            name = self.name(el, "<joint>")  # reports it
            if name is None:
                return None
        written = el.get("type")
        jtype = joint_type(written, JOINT_TYPES)
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
            axis, mimic = self._axis_mimic(axis, what)
        pose = Pose() if pose_el is None else self.pose(pose_el, what)
        return Joint(name, jtype, parent, child, pose, axis, axis2, mimic, safety, calibration,
                     tuple(extras), el.sourceline, el.get(U + "name"))  # type: ignore[arg-type]

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
            multiplier = self.number_of(el, "multiplier", f"{what} <mimic>", "1") or "1"
            offset = self.number_of(el, "offset", f"{what} <mimic>", "0") or "0"
            reference = self.number_of(el, "reference", f"{what} <mimic>", "0") or "0"
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
            r = self.vector3(xyz_el, what)
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
            limit = Limit(self.limit_value(get("lower"), what),
                          self.limit_value(get("upper"), what),
                          self.limit_value(get("effort"), what),
                          self.limit_value(get("velocity"), what), tuple(lextras),
                          lim.sourceline)  # type: ignore[arg-type]
        dynamics = None
        if dyn is not None:
            kids = _first(dyn)
            dynamics = Dynamics(self.number(kids.get("damping"), what),
                                self.number(kids.get("friction"), what),
                                self.number(kids.get("spring_reference"), what),
                                self.number(kids.get("spring_stiffness"), what),
                                dyn.sourceline)  # type: ignore[arg-type]
        # the line of <xyz> (where expressed_in is written), else of the axis
        line = xyz_el.sourceline if xyz_el is not None else el.sourceline
        return Axis(xyz, text, expressed_in, limit, dynamics, tuple(extras),
                    line)  # type: ignore[arg-type]


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


#: //inertial/inertia's children: their index in the IR's moments (defaults: DEFAULT_INERTIA)
_MOMENT_INDEX: dict[object, int] = {"ixx": 0, "ixy": 1, "ixz": 2, "iyy": 3, "iyz": 4, "izz": 5}
