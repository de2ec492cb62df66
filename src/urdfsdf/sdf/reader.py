"""SDFormat reader: XML -> :class:`urdfsdf.ir.SdfDocument`.

Reads ``<sdf>`` documents with their models (nested too), worlds, links,
joints and frames, keeping every pose with its ``relative_to`` as written.
Validity of names and frame references is the frame engine's job
(:mod:`urdfsdf.frames`); this module only reports what it cannot read.

Versions: 1.7 is read as specified.  1.4-1.6 use the same pose defaults
(1.7 chose them for compatibility); their axis rules are mapped here:
``use_parent_model_frame`` (1.5, 1.6) and the 1.4 rule that axes are in the
model frame become ``expressed_in="__model__"``.  ``//pose/@frame`` (1.5,
1.6) had no defined meaning and is ignored with a warning.

Content the IR does not model (sensors, plugins, lights, surface, ...) is
kept verbatim in ``extras``; ``urdf:`` custom elements written by
:mod:`urdfsdf.sdf.writer` are folded back into the IR fields they came from.
"""

from __future__ import annotations

from dataclasses import replace

from lxml import etree

from urdfsdf.diagnostics import Diagnostics
from urdfsdf.ir import (
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
    Visual,
    World,
)
from urdfsdf.readctx import ReadContext, line_of
from urdfsdf.xmlio import URDF_NS, children, extra, parse, to_string

U = "{" + URDF_NS + "}"
SUPPORTED = ("1.4", "1.5", "1.6", "1.7", "1.8", "1.9", "1.10", "1.11")
JOINT_TYPES = ("ball", "continuous", "fixed", "gearbox", "prismatic", "revolute",
               "revolute2", "screw", "universal")


def read_sdf_bytes(data: bytes, diags: Diagnostics) -> SdfDocument | None:
    """Parse SDF ``data``; diagnostics go to ``diags``.  None when unusable."""
    root = parse(data, diags)
    if root is None:
        return None
    return SdfReader(diags).document(root)


def _version_tuple(version: str) -> tuple[int, int]:
    major, _, minor = version.partition(".")
    return int(major), int(minor or 0)


class SdfReader:
    """Reads one SDF document into the IR."""

    def __init__(self, diags: Diagnostics) -> None:
        self.ctx = ReadContext(diags, bad_number_code="ELEMENT_INVALID")
        self.version = (1, 7)
        self._last_parent: etree._Element | None = None
        self._last_kids: dict[object, etree._Element] = {}

    # -- document ---------------------------------------------------------
    def document(self, root: etree._Element) -> SdfDocument | None:
        """Read the ``<sdf>`` root element."""
        ctx = self.ctx
        tag = root.tag
        if tag == "gazebo":  # pre-1.0 <gazebo version=...> roots hold the same content
            ctx.warning("ELEMENT_INVALID", "legacy <gazebo> root element read as <sdf>", root)
        elif tag != "sdf":
            ctx.error("ELEMENT_INVALID", f"the root element is <{tag}>, not <sdf>", root)
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
        if self.version > (1, 7):
            ctx.warning("ELEMENT_INVALID", f"SDFormat {version} is read with the 1.7 rules "
                        "(1.8+ features such as '::' references are not interpreted)", root)
        models: list[Model] = []
        worlds: list[World] = []
        for el in children(root):
            if el.tag == "model":
                m = self.model(el)
                if m is not None:
                    models.append(m)
            elif el.tag == "world":
                w = self.world(el)
                if w is not None:
                    worlds.append(w)
            else:
                ctx.warning("ELEMENT_DROPPED", f"<{el.tag}> at the document level is "
                            "not read", el)
        if not models and not worlds:
            ctx.error("ELEMENT_MISSING", "the document holds no <model> or <world>", root)
        ns = tuple((k, v) for k, v in root.nsmap.items() if k is not None and v != URDF_NS)
        return SdfDocument(version, tuple(models), tuple(worlds), ns)

    # -- helpers ----------------------------------------------------------
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
        el = self._kid(parent, "pose")
        if el is None:
            return Pose()
        if el.get("frame") is not None:
            self.ctx.warning("ATTRIBUTE_INVALID", f"{what}: //pose/@frame has no defined "
                             "meaning and is ignored", el)
        if el.get("rotation_format", "euler_rpy") != "euler_rpy" or \
                el.get("degrees", "false") == "true":
            return self._pose_1_9(el, what)
        return self.ctx.pose6(el, el.text, el.get("relative_to"), f"{what} pose")

    def _pose_1_9(self, el: etree._Element, what: str) -> Pose:
        import math

        from urdfsdf import transforms as tf

        fmt_ = el.get("rotation_format", "euler_rpy")
        count = 7 if fmt_ == "quat_xyzw" else 6
        r = self.ctx.numbers(el, el.text, count, f"{what} pose")
        if r is None:
            return Pose(relative_to=el.get("relative_to"), line=line_of(el))
        v = r[1]
        if fmt_ == "quat_xyzw":
            x, y, z, w = v[3:7]
            n = math.sqrt(x * x + y * y + z * z + w * w) or 1.0
            x, y, z, w = x / n, y / n, z / n, w / n
            rot = (1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w),
                   2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w),
                   2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y))
            rpy = tf.rpy_from_rot(rot)
        else:
            rpy = (math.radians(v[3]), math.radians(v[4]), math.radians(v[5]))
        return Pose((v[0], v[1], v[2]), rpy, el.get("relative_to"), None, line_of(el))

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
        extras: list[Extra] = []
        for c in children(el):
            if c.tag == "model":
                m = self.model(c)
                if m is not None:
                    models.append(m)
            elif c.tag == "frame":
                f = self.frame(c)
                if f is not None:
                    frames.append(f)
            elif c.tag == "include":
                self.ctx.warning("ELEMENT_DROPPED", "<include> is not resolved (urdfsdf "
                                 "never reads files a document points at)", c)
                extras.append(extra(c))
            else:
                extras.append(extra(c))
        return World(name or "", tuple(models), tuple(frames), tuple(extras), line_of(el))

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
        extras: list[Extra] = []
        static = False
        for c in children(el):
            tag = c.tag
            if tag == "link":
                link = self.link(c)
                if link is not None:
                    links.append(link)
            elif tag == "joint":
                joint = self.joint(c)
                if joint is not None:
                    joints.append(joint)
            elif tag == "frame":
                frame = self.frame(c)
                if frame is not None:
                    frames.append(frame)
            elif tag == "model":
                nested = self.model(c)
                if nested is not None:
                    models.append(nested)
            elif tag == "static":
                static = (c.text or "").strip().lower() in ("true", "1")
            elif tag == "pose":
                continue
            elif tag == U + "material":
                materials.append(self.urdf_material(c))
            elif tag == "include":
                self.ctx.warning("ELEMENT_DROPPED", f"{what}: <include> is not resolved "
                                 "(urdfsdf never reads files a document points at)", c)
                extras.append(extra(c))
            else:
                extras.append(extra(c))
        if self.version < (1, 7):
            joints = self._legacy_joint_names(links, joints)
        return Model(
            name=name or "",
            links=tuple(links),
            joints=tuple(joints),
            frames=tuple(frames),
            models=tuple(models),
            pose=self.pose(el, what),
            canonical_link=el.get("canonical_link"),
            static=static,
            materials=tuple(materials),
            extras=tuple(extras),
            version=el.get(U + "version"),
            line=line_of(el),
        )

    def _legacy_joint_names(self, links: list[Link], joints: list[Joint]) -> list[Joint]:
        """Before 1.7 a joint could share a link's name; rename it as libsdformat does.

        libsdformat's 1.6 -> 1.7 conversion appends ``_joint`` to such a joint.
        """
        link_names = {link.name for link in links}
        taken = link_names | {j.name for j in joints}
        out = []
        for joint in joints:
            if joint.name in link_names:
                new = joint.name + "_joint"
                while new in taken:
                    new += "_joint"
                taken.add(new)
                self.ctx.diags.warning("NAME_CHANGED", f"joint {joint.name!r} has the name of "
                                       f"a link; renamed {new!r} (SDFormat 1.7 names are "
                                       "unique among siblings)", joint.line)
                joint = replace(joint, name=new)
            out.append(joint)
        return out

    def frame(self, el: etree._Element) -> Frame | None:
        """Read ``<frame name attached_to>``."""
        name = self.name(el, "<frame>")
        if name is None:
            return None
        return Frame(name, el.get("attached_to"), self.pose(el, f"frame {name!r}"),
                     line_of(el))

    # -- link -------------------------------------------------------------
    def link(self, el: etree._Element) -> Link | None:
        """Read ``<link>``."""
        name = self.name(el, "<link>")
        if name is None:
            return None
        what = f"link {name!r}"
        inertial = None
        visuals: list[Visual] = []
        collisions: list[Collision] = []
        extras: list[Extra] = []
        for c in children(el):
            tag = c.tag
            if tag == "pose":
                continue
            if tag == "inertial":
                inertial = self.inertial(c, what)
            elif tag == "visual":
                visuals.append(self.visual(c, what))
            elif tag == "collision":
                collisions.append(self.collision(c, what))
            else:
                extras.append(extra(c))
        return Link(name, self.pose(el, what), inertial, tuple(visuals), tuple(collisions),
                    tuple(extras), line_of(el), el.get(U + "name"))

    def inertial(self, el: etree._Element, what: str) -> Inertial:
        """Read ``<inertial>`` with SDF defaults (mass 1, unit diagonal inertia)."""
        what = f"{what} inertial"
        mass = self.number(el, "mass", what, "1") or "1"
        if float(mass) < 0:
            self.ctx.error("ELEMENT_INVALID", f"{what} has negative mass {mass}",
                           self._kid(el, "mass"))
        moments = ["1", "0", "0", "1", "0", "1"]
        inertia = self._kid(el, "inertia")
        if inertia is not None:
            before = len(self.ctx.diags)
            for i, key in enumerate(("ixx", "ixy", "ixz", "iyy", "iyz", "izz")):
                moments[i] = self.number(inertia, key, what, moments[i]) or moments[i]
            if len(self.ctx.diags) == before:
                self.ctx.inertia(inertia, moments, what)
        pose = self.pose(el, what)
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
            if c.tag in ("ambient", "diffuse", "specular", "emissive"):
                r = self.ctx.numbers(c, c.text, None, f"{what} material <{c.tag}>")
                if r is not None and len(r[0]) in (3, 4):
                    values[str(c.tag)] = r[0]
                elif r is not None:
                    self.ctx.error("ELEMENT_INVALID", f"{what} material <{c.tag}> needs 3 or "
                                   f"4 numbers", c)
            else:
                extras.append(extra(c))
        return Material(ambient=values.get("ambient"), diffuse=values.get("diffuse"),
                        specular=values.get("specular"), emissive=values.get("emissive"),
                        extras=tuple(extras), line=line_of(el))

    def urdf_material(self, el: etree._Element) -> Material:
        """Read a ``<urdf:material>`` custom element (URDF material carried in SDF)."""
        rgba = None
        color = self._kid(el, "color")
        if color is not None:
            r = self.ctx.numbers(color, color.get("rgba"), 4, "urdf:material color")
            rgba = r[0] if r else None
        tex = self._kid(el, "texture")
        extras = tuple(extra(c) for c in children(el) if c.tag not in ("color", "texture"))
        return Material(name=el.get("name"), rgba=rgba,
                        texture=tex.get("filename", "") if tex is not None else None,
                        extras=extras, line=line_of(el))

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
        name = self.name(el, "<joint>")
        if name is None:
            return None
        what = f"joint {name!r}"
        jtype = el.get("type")
        if jtype is None:
            self.ctx.error("ATTRIBUTE_MISSING", f"{what} has no 'type' attribute", el)
            return None
        if jtype not in JOINT_TYPES:
            self.ctx.error("ATTRIBUTE_INVALID", f"{what} has unknown type {jtype!r}", el)
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
        return Joint(name, jtype, parent[1], child[1], self.pose(el, what), axis, axis2,
                     mimic, safety, calibration, tuple(extras), line_of(el), el.get(U + "name"))

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
        upmf = self._kid(el, "use_parent_model_frame")
        if self.version < (1, 7):
            if self.version < (1, 5) or (
                    upmf is not None and (upmf.text or "").strip().lower() in ("true", "1")):
                expressed_in = "__model__"
        limit = None
        lim = self._kid(el, "limit")
        if lim is not None:
            lextras = tuple(extra(c) for c in children(lim)
                            if c.tag not in ("lower", "upper", "effort", "velocity"))
            limit = Limit(self.number(lim, "lower", what), self.number(lim, "upper", what),
                          self.number(lim, "effort", what), self.number(lim, "velocity", what),
                          lextras, line_of(lim))
        dynamics = None
        dyn = self._kid(el, "dynamics")
        if dyn is not None:
            dynamics = Dynamics(self.number(dyn, "damping", what),
                                self.number(dyn, "friction", what),
                                self.number(dyn, "spring_reference", what),
                                self.number(dyn, "spring_stiffness", what), line_of(dyn))
        known = ("xyz", "limit", "dynamics", "use_parent_model_frame")
        extras = tuple(extra(c) for c in children(el) if c.tag not in known)
        # the line of <xyz> (where expressed_in is written), else of the axis
        line = line_of(xyz_el) if xyz_el is not None else line_of(el)
        return Axis(xyz, text, expressed_in, limit, dynamics, extras, line)
