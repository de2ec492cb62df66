"""Fixed-joint lumping (``urdf2sdf --lump-fixed-joints``), as libsdformat does it.

libsdformat's URDF parser (``parser_urdf.cc``, ``ReduceFixedJoints``) merges
every link attached to its parent by a fixed joint into that parent, so that
Gazebo simulates one body instead of two welded ones.  urdfsdf does not lump
by default (no silent loss); this module reproduces libsdformat's lumping for
users who need the model Gazebo would build.  It works on the SDFormat parity
form made by :func:`urdfsdf.translate.to_sdf.urdf_to_sdf` (joint poses relative to the
parent link, link poses at their joint, ``<gazebo>`` blocks already applied)
and follows libsdformat step by step:

- which joints: ``type="fixed"``, not from ``world``, and not named by a
  ``<gazebo reference="J"><preserveFixedJoint>true`` block;
  ``<disableFixedJointLumping>true`` keeps the joint too but, as in
  libsdformat, turns it into a revolute joint with limits ``0 0`` (when both
  are given, preserveFixedJoint wins);
- order: depth first from the root, a link's children sorted by joint name
  (urdfdom keeps joints in a ``std::map``), a link's fixed children lumped
  into it before it is lumped into its own parent;
- mass properties (``ReduceInertialToParent``): the child's inertia is moved
  into the parent link frame and added (parallel-axis theorem); the parent's
  ``//inertial/pose`` gets the combined centre of mass, keeps its rotation,
  and the combined inertia is expressed in that rotation.  A parent without
  ``<inertial>`` starts from mass 0;
- the massless marker (``urdf:massless``, a URDF link without ``<inertial>``) stays
  on a link only while it has no mass: it does not move with a lumped link, and
  goes when lumping gives the parent mass;
- visuals and collisions move to the parent with their poses composed
  (``X_PV = X_PC * X_CV``) and are named the libsdformat way:
  ``<URDF name or child link name>_visual`` (``_collision``), then ``_<i>``
  for the i-th shape of the parent (i > 0), prefixed with
  ``<parent>_fixed_joint_lump__`` unless it already starts with the parent's
  name;
- sensors, lights and projectors of the child (from its ``<gazebo>`` blocks)
  move to the parent with ``//pose`` composed the same way (a pose with
  ``relative_to`` is left as written), marked ``urdf:lumped`` so that sdf2urdf
  knows the carried block holds them (:func:`urdfsdf.translate.gazebo_keys.mark_lumped`;
  re-aimed plugins too); other link content (self_collide,
  gravity, plugins...) moves too, the child's value winning as in
  libsdformat's ``AddKeyValue``;
- joints below the lumped link now start at the first kept ancestor, their
  poses composed (``ReduceJointsToParent``);
- plugins whose ``bodyName``/``frameName`` is a lumped link name the link it
  went into, their ``xyzOffset``/``rpyOffset`` composed with the lumped link's
  pose in it (``ReduceSDFExtensionPluginFrameReplace``);
- ``//model/frame`` elements remember each lumped joint (attached to the
  parent link, posed by the joint origin as written) and link (attached to
  that joint), so every name of the URDF is still a frame of the SDF.

Deviations, each reported or documented: libsdformat drops links without
mass (and their subtree) when they are not lumped, and joints' ``<gazebo>``
content for lumped joints; urdfsdf keeps the former (with a warning) and
warns about the latter.  For a plugin inside the lumped link's own
``<gazebo>`` block, libsdformat 12 applies the link's pose twice to the
offsets; urdfsdf once.  libsdformat also adds
``<ignition::corrected_offsets>1</ignition::corrected_offsets>`` to such a
plugin, a tag name that namespace-aware XML parsers reject; urdfsdf does not.
urdfdom's ``Rotation::getRPY`` snaps pitches within about 0.0045 rad of
+-pi/2 to exactly +-pi/2; urdfsdf computes rotations exactly
(``samples/spec/ORACLE.md``).
"""

from __future__ import annotations

from collections.abc import Iterable

from lxml import etree

from urdfsdf.core.diagnostics import Diagnostics
from urdfsdf.core.inertia import combined, from_inertial, rotate_moments
from urdfsdf.core.ir import (
    Axis,
    Collision,
    Dynamics,
    Extra,
    Frame,
    Inertial,
    Joint,
    Limit,
    Link,
    Model,
    Pose,
    Visual,
    evolve,
)
from urdfsdf.core.numbers import fmt, fmt_all, split_numbers
from urdfsdf.core.transforms import (
    Transform,
    compose,
    computed_pose,
    from_xyz_rpy,
    pose_transform,
    rot_transpose,
)
from urdfsdf.sdf.posed import with_pose
from urdfsdf.translate.carriers import MASSLESS_MARKER
from urdfsdf.translate.gazebo_keys import is_key_true, mark_lumped
from urdfsdf.xml.carried import UNNAMED
from urdfsdf.xml.parse import from_string, to_string

LUMP_PREFIX = "_fixed_joint_lump__"
#: link children that may appear once: the lumped link's value replaces the parent's
SINGLE_LINK_VALUES = frozenset({"gravity", "self_collide", "kinematic", "velocity_decay",
                                "enable_wind", "must_be_base_link"})
#: link children whose //pose moves with the lumped link (ReduceSDFExtensionsTransform):
#: libsdformat's subset of the posed ones (sdf/posed.py)
POSED = frozenset({"sensor", "light", "projector"})


def lumping_flags(blocks: Iterable[Extra]) -> tuple[set[str], set[str]]:
    """URDF joint names with ``preserveFixedJoint`` and ``disableFixedJointLumping``.

    ``<gazebo reference="J"><preserveFixedJoint>true</preserveFixedJoint>``;
    a joint with both is only preserved (libsdformat's precedence).
    """
    preserve: set[str] = set()
    disable: set[str] = set()
    for x in blocks:
        block = from_string(x.xml)
        ref = block.get("reference") or ""
        for child in block:
            if child.tag in ("preserveFixedJoint", "disableFixedJointLumping"):
                if is_key_true(child.get("value") or child.text or ""):
                    (preserve if child.tag == "preserveFixedJoint" else disable).add(ref)
    return preserve, disable - preserve


# -- mass properties ----------------------------------------------------------

def combine_inertials(parent: Inertial | None, child: Inertial, x_pc: Transform
                      ) -> Inertial:
    """The parent's inertial after adding the child's, posed by ``x_pc`` (module doc).

    Both are summed in the parent link frame (:func:`urdfsdf.core.inertia.combined`);
    the result keeps the parent's inertial rotation (its inertia is expressed
    along those axes).  A total mass that is not positive leaves the parent as
    it is.
    """
    p = parent if parent is not None else Inertial()
    a = from_inertial(p)  # both in the parent link frame
    b = from_inertial(child, x_pc)
    total = combined(a, b)
    if total is a:
        return p
    c = total.com
    # expressed in the parent's inertial rotation, which the pose keeps
    i = rotate_moments(total.moments, rot_transpose(pose_transform(p.pose)[0]))
    rpy = p.pose.text[3:] if p.pose.text is not None else tuple(fmt(v) for v in p.pose.rpy)
    pose = Pose(xyz=c, rpy=p.pose.rpy, text=(*(fmt(v) for v in c), *rpy), line=p.pose.line)
    return evolve(p, mass=fmt(total.mass), inertia=fmt_all(i), pose=pose)


# -- link content ---------------------------------------------------------------

def _posed_extra(x: Extra, x_pc: Transform) -> Extra:
    """A sensor/light/projector posed in the parent link (ReduceSDFExtensionsTransform)."""
    pose = x.pose
    if pose is None or pose.relative_to:
        return x  # relative_to another frame, or a pose that does not read: as written
    return mark_lumped(x, with_pose(x, computed_pose(compose(x_pc, pose_transform(pose)))))


def _offset(plugin: etree._Element) -> Transform:
    """A plugin's ``xyzOffset``/``rpyOffset`` (zero when absent or unreadable)."""
    values: list[float] = []
    for tag in ("xyzOffset", "rpyOffset"):
        node = plugin.find(tag)
        parsed = split_numbers(node.text if node is not None else "0 0 0", 3)
        values.extend(parsed[1] if not isinstance(parsed, str) else (0.0, 0.0, 0.0))
    return from_xyz_rpy(values[:3], values[3:])


def _merge_extras(parent: tuple[Extra, ...], moved: Iterable[Extra], where: str,
                  diags: Diagnostics) -> tuple[Extra, ...]:
    """Link extras after lumping: the moved ones appended, single values replaced."""
    out = list(parent)
    for x in moved:
        if x.tag in SINGLE_LINK_VALUES:
            for i, old in enumerate(out):
                if old.tag == x.tag:
                    if _text(old) != _text(x):
                        diags.warning("VALUE_APPROXIMATED",
                                      f"lumping into link {where!r}: <{x.tag}> "
                                      f"{_text(old)!r} replaced by {_text(x)!r} of a "
                                      "lumped link (as libsdformat)", x.line)
                    del out[i]
                    break
        out.append(x)
    return tuple(out)


def _massless_marked(extras: tuple[Extra, ...], inertial: Inertial | None
                     ) -> tuple[Extra, ...]:
    """A link's extras, its massless marker left out once ``inertial`` has mass."""
    if inertial is None or float(inertial.mass) <= 0.0:
        return extras
    return tuple(x for x in extras if x.tag != MASSLESS_MARKER.tag)


def _text(x: Extra) -> str:
    return " ".join(str(t) for t in from_string(x.xml).itertext()).strip()


# -- the reduction ----------------------------------------------------------------

class _Lumper:
    """State of one model's reduction (libsdformat's ReduceFixedJoints)."""

    def __init__(self, model: Model, preserve: set[str], disable: set[str],
                 diags: Diagnostics) -> None:
        self.diags = diags
        self.links: dict[str, Link] = {link.name: link for link in model.links}
        self.joints: dict[str, Joint] = {j.name: j for j in model.joints}
        self.parent_joint: dict[str, Joint] = {}
        self.children: dict[str, list[Joint]] = {}
        for j in model.joints:
            self.parent_joint[j.child] = j
        for j in self.parent_joint.values():
            self.children.setdefault(j.parent, []).append(j)
        for kids in self.children.values():  # urdfdom: joints in a std::map
            kids.sort(key=lambda j: (j.original_name or j.name).encode())
        self.preserve, self.disable = preserve, disable
        self.frames: list[Frame] = []
        self.lumped: dict[str, tuple[str, Transform]] = {}  # link -> (parent, X_PC)
        #: id(shape) -> the name libsdformat builds a lumped shape's name from
        self.base: dict[int, str] = {}

    def reducible(self, j: Joint) -> bool:
        name = j.original_name or j.name
        return (j.type == "fixed" and j.parent != "world"
                and name not in self.preserve and name not in self.disable)

    def run(self) -> None:
        # the root link, and links below `world` or a floating/planar joint
        roots = [n for n in self.links if n not in self.parent_joint
                 or self.parent_joint[n].parent not in self.links]
        # iterative form of: fixed children first, then self into parent,
        # then the other children (each in joint-name order)
        stack: list[tuple[str, int]] = [(r, 0) for r in reversed(roots)]
        while stack:
            name, phase = stack.pop()
            kids = self.children.get(name, [])
            if phase == 0:
                stack.append((name, 1))
                stack.extend((j.child, 0) for j in reversed(kids) if self.reducible(j))
            else:
                j = self.parent_joint.get(name)
                if j is not None and self.reducible(j) and j.parent in self.links:
                    self.reduce(name, j)
                stack.extend((k.child, 0) for k in reversed(kids) if not self.reducible(k))

    def reduce(self, name: str, joint: Joint) -> None:
        """Merge link ``name`` into its parent across the fixed ``joint``."""
        child, parent = self.links[name], self.links[joint.parent]
        x_pc = pose_transform(joint.pose)
        self.lumped[name] = (parent.name, x_pc)
        self.frames.append(Frame(joint.name, attached_to=parent.name,
                                 pose=evolve(joint.pose, relative_to=None), line=joint.line))
        self.frames.append(Frame(name, attached_to=joint.name, line=child.line))
        inertial = parent.inertial
        if child.inertial is not None:
            inertial = combine_inertials(parent.inertial, child.inertial, x_pc)
        visuals = [*parent.visuals, *(self._move(v, child, x_pc) for v in child.visuals)]
        collisions = [*parent.collisions,
                      *(self._move(c, child, x_pc) for c in child.collisions)]
        moved = [_posed_extra(x, x_pc) if x.tag in POSED else x for x in child.extras
                 if x.tag != MASSLESS_MARKER.tag]
        extras = _merge_extras(_massless_marked(parent.extras, inertial), moved, parent.name,
                               self.diags)
        self.links[parent.name] = evolve(parent, inertial=inertial, visuals=tuple(visuals),
                                         collisions=tuple(collisions), extras=extras)
        if joint.extras and any(not x.tag.startswith("{") for x in joint.extras):
            self.diags.warning("ELEMENT_DROPPED",
                               f"joint {joint.name!r} is lumped: its <gazebo> content is not "
                               "applied (as libsdformat)", joint.line)
        # ReduceJointsToParent: joints below start at the first kept ancestor
        for k in self.children.get(name, []):
            if self.reducible(k):
                continue
            x, top = pose_transform(k.pose), name
            while top in self.parent_joint and self.reducible(self.parent_joint[top]):
                up = self.parent_joint[top]
                x = compose(pose_transform(up.pose), x)
                top = up.parent
            self.joints[k.name] = evolve(k, parent=top, pose=computed_pose(x, top))

    def _move(self, shape: Visual | Collision, link: Link, x_pc: Transform
              ) -> Visual | Collision:
        base = self.base.pop(id(shape), None)
        if base is None:
            unnamed = any(x.tag == UNNAMED for x in shape.extras)
            base = (link.original_name or link.name) if unnamed else (
                shape.original_name or shape.name or link.name)
        moved = evolve(shape, pose=computed_pose(compose(x_pc, pose_transform(shape.pose))))
        self.base[id(moved)] = base
        return moved

    def plugin(self, x: Extra) -> Extra:
        """A plugin naming a lumped link in ``bodyName``/``frameName``, re-aimed.

        libsdformat (ReduceSDFExtensionPluginFrameReplace) names the link it was
        lumped into and composes ``xyzOffset``/``rpyOffset`` with the lumped
        link's pose in it.
        """
        if x.tag != "plugin" or not ("bodyName" in x.xml or "frameName" in x.xml):
            return x
        el = from_string(x.xml)
        changed = False
        for key in ("bodyName", "frameName"):
            ref = el.find(key)
            target = (ref.text or "").strip() if ref is not None else ""
            if ref is None or target not in self.lumped:
                continue
            offset = _offset(el)
            while target in self.lumped:
                target, x_pc = self.lumped[target]
                offset = compose(x_pc, offset)
            ref.text = target
            p = computed_pose(offset)
            for tag, values in (("xyzOffset", p.tokens()[:3]), ("rpyOffset", p.tokens()[3:])):
                node = el.find(tag)
                if node is None:
                    node = etree.SubElement(el, tag)
                node.text = " ".join(values)
            changed = True
        return mark_lumped(x, Extra(x.tag, to_string(el), x.line)) if changed else x

    def finish(self, model: Model) -> Model:
        links = []
        for link in model.links:
            if link.name in self.lumped:
                continue
            link = self.links[link.name]
            links.append(evolve(link, visuals=self._names(link, link.visuals, "_visual"),
                                collisions=self._names(link, link.collisions, "_collision"),
                                extras=tuple(self.plugin(x) for x in link.extras)))
        joints = []
        for j in model.joints:
            if j.child in self.lumped:
                continue
            j = self.joints[j.name]
            if j.type == "fixed" and (j.original_name or j.name) in self.disable:
                # libsdformat: disableFixedJointLumping -> revolute with zero limits
                j = evolve(j, type="revolute", axis=Axis(
                    xyz=(0.0, 0.0, 1.0), text=("0", "0", "1"),
                    limit=Limit(lower="0", upper="0"),
                    dynamics=Dynamics(damping="0", friction="0")))
            joints.append(evolve(j, extras=tuple(self.plugin(x) for x in j.extras)))
        for link in links:
            if link.inertial is None or float(link.inertial.mass) <= 0.0:
                self.diags.warning(
                    "LINK_INERTIA_INVALID",
                    f"link {link.name!r} has no mass after lumping: libsdformat drops such a "
                    "link with its subtree; urdfsdf keeps it", link.line)
        return evolve(model, links=tuple(links), joints=tuple(joints),
                      frames=(*model.frames, *self.frames),
                      extras=tuple(self.plugin(x) for x in model.extras))

    def _names(self, link: Link, shapes: tuple[Visual | Collision, ...], ext: str
               ) -> tuple:  # type: ignore[type-arg]
        used = {s.name for s in shapes if id(s) not in self.base}
        out = []
        for i, s in enumerate(shapes):
            base = self.base.get(id(s))
            if base is None:
                out.append(s)
                continue
            name = base + ext + (f"_{i}" if i else "")
            if not name.startswith(link.name):
                name = link.name + LUMP_PREFIX + name
            if name in used:
                new, n = name, 1
                while new in used:
                    new, n = f"{name}_{n}", n + 1
                self.diags.warning("NAME_CHANGED", f"lumped shape {name!r} renamed {new!r}: "
                                   "the name is taken", s.line)
                name = new
            used.add(name)
            out.append(evolve(s, name=name, original_name=None,
                              extras=tuple(x for x in s.extras if x.tag != UNNAMED)))
        return tuple(out)


def lump_fixed_joints(model: Model, blocks: Iterable[Extra], diags: Diagnostics) -> Model:
    """``model`` (SDF parity form of a URDF) with its fixed joints lumped (module doc).

    ``blocks`` are the URDF's ``<gazebo>`` elements (for preserveFixedJoint and
    disableFixedJointLumping).
    """
    preserve, disable = lumping_flags(blocks)
    lumper = _Lumper(model, preserve, disable, diags)
    lumper.run()
    return lumper.finish(model)
