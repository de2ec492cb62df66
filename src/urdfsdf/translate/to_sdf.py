"""URDF -> SDF: a URDF-convention model in the SDFormat 1.7 parity form.

Always the textual copy ("Parity with URDF" in the spec): each joint gets
``<pose relative_to="PARENT">`` with the URDF origin tokens, each child link
``<pose relative_to="JOINT"/>``, the root link no pose; the root link comes
first so it is the canonical link.  What SDFormat cannot hold travels in the
forms of :mod:`urdfsdf.translate.carriers`; ``<gazebo>`` blocks are applied by
:mod:`urdfsdf.translate.gazebo_to_sdf`; names SDFormat forbids are changed by
:mod:`urdfsdf.translate.names`.
"""
from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, TypeVar

from urdfsdf.core.diagnostics import Diagnostics
from urdfsdf.core.ir import (
    IDENTITY,
    ONE_AXIS_JOINT_TYPES,
    Axis,
    Collision,
    Extra,
    Frame,
    FrameLink,
    Inertial,
    Joint,
    Link,
    Material,
    Model,
    Pose,
    SdfLimit,
    Visual,
    evolve,
)
from urdfsdf.core.transforms import Transform, compose, pose_transform
from urdfsdf.core.tree import check_urdf_tree, implied_world, urdf_roots
from urdfsdf.sdf.defaults import DEFAULT_INERTIA, DEFAULT_MASS, UNBOUNDED_LIMIT
from urdfsdf.sdf.names import is_reserved, version_of
from urdfsdf.translate.carriers import (
    DEFAULT_INERTIAL,
    MASSLESS_MARKER,
    NO_LIMIT,
    UNNAMED_MARKER,
    N,
    implied_world_marker,
    massless_marker,
    root_marker,
    seal,
)
from urdfsdf.translate.drake import (
    STATIC_WELD,
    drake_joint,
    drake_joint_axes,
    urdf_actuated,
)
from urdfsdf.translate.gazebo_keys import block_reference
from urdfsdf.translate.names import repeat_name, sdf_names, unique_name
from urdfsdf.translate.options import ToSdfOptions
from urdfsdf.urdf.as_written import as_written, written_carrier
from urdfsdf.urdf.elements import NO_URDF_PARTS, urdf_parts
from urdfsdf.urdf.writer import axis_elements, joint_element, link_element, sdf_frame_xml
from urdfsdf.xml.build import text
from urdfsdf.xml.carried import LINKLESS_MARKER
from urdfsdf.xml.custom import mark_renamed, urdf_extra
from urdfsdf.xml.drake_forms import DRAKE_SHAPES, sdf_shape_xml
from urdfsdf.xml.namespaces import DRAKE_DIFFUSE_MAP, DRAKE_XMLNS, SDF_FRAME, U
from urdfsdf.xml.parse import from_string, tag_and_name, to_string

if TYPE_CHECKING:
    from urdfsdf.sdf.frames import Scope

_Shape = TypeVar("_Shape", Visual, Collision)


def _fallback_frame(name: str, joint: Joint, parent_frame: str) -> Frame:
    """A marked link's frame attached to its parent link, posed by its fixed joint."""
    return Frame(name, attached_to=parent_frame, pose=evolve(joint.pose, relative_to=None),
                 line=joint.line)


def _marked_frame(mark: FrameLink, name: str) -> Frame | None:
    """The //frame as written in SDF, kept by the mark (None: a flattened model's)."""
    if mark.flattened:
        return None
    return Frame(name=name, attached_to=mark.attached_to, pose=mark.pose or Pose(),
                 line=mark.line)


def _restore_frames(sdf: Model, pending: list[tuple[FrameLink, str, Joint, str]],
                    diags: Diagnostics) -> Model:
    """The model with the //frame of each marked link (see :class:`~urdfsdf.core.ir.FrameLink`).

    A frame comes back as written in SDF when, in this model, it still
    resolves to the pose the URDF gives it (its fixed joint's origin in its
    parent link) and is attached to that link; otherwise (the URDF moved the
    frames it names, or they are gone) it is attached to the parent link,
    posed by the joint, which means the same.
    """
    fallback = [_fallback_frame(name, joint, parent) for _, name, joint, parent in pending]
    verbatim = [_marked_frame(mark, name) for mark, name, _, _ in pending]
    if not any(verbatim):
        return evolve(sdf, frames=(*sdf.frames, *fallback))
    trial = evolve(sdf, frames=(*sdf.frames, *(v or f for v, f in zip(verbatim, fallback,
                                                                       strict=True))))
    from urdfsdf.sdf.frames import analyze_model

    check = Diagnostics()
    scope = analyze_model(trial, check)
    frames = []
    for v, f in zip(verbatim, fallback, strict=True):
        if v is None:
            frames.append(f)
            continue
        ok = not check.has_errors() and _placed_as_fallback(scope, v, f)
        if not ok:
            diags.add("VALUE_APPROXIMATED", f"frame {v.name!r}: the links and joints its SDF "
                      "form names are not where they were; restored attached to its parent "
                      "link, at the same pose", v.line, severity="info")
        frames.append(v if ok else f)
    return evolve(sdf, frames=(*sdf.frames, *frames))


def _placed_as_fallback(scope: Scope, verbatim: Frame, fallback: Frame) -> bool:
    """Whether the frame as written (in ``scope``) is attached to the fallback's link, at
    its pose."""
    if scope.body(verbatim.name) != fallback.attached_to:
        return False
    x_mf, x_mp = scope.pose(verbatim.name), scope.pose(fallback.attached_to or "")
    return x_mf is not None and x_mp is not None and _close(
        x_mf, compose(x_mp, pose_transform(fallback.pose)))


def _close(a: Transform, b: Transform, tol: float = 1e-9) -> bool:
    return all(abs(x - y) <= tol for x, y in zip((*a[0], *a[1]), (*b[0], *b[1]), strict=True))


def name_shapes(link: Link) -> tuple[tuple[Visual, ...], tuple[Collision, ...]]:
    """SDF needs unique visual/collision names: name the unnamed ones.

    Generated names follow libsdformat's ``LINK_visual``/``LINK_collision``
    (``_1``, ``_2``... for more) and carry ``<urdf:unnamed/>`` so sdf2urdf
    restores the absent name.
    """
    return (_sdf_shape_names(link.visuals, link.name, "visual"),
            _sdf_shape_names(link.collisions, link.name, "collision"))


def _sdf_shape_names(shapes: tuple[_Shape, ...], link: str, kind: str) -> tuple[_Shape, ...]:
    """The visuals or collisions of ``link`` under names SDF takes (see :func:`name_shapes`).

    A repeated or reserved name (URDF allows it, SDF does not) becomes
    ``NAME_visual`` (``v_visual`` for a name of underscores only), keeping the
    URDF name as ``original_name``.
    """
    if not shapes or (len(shapes) == 1 and _plain_name(shapes[0].name)):
        return shapes  # the common case: one shape, named as SDF allows
    used = {s.name for s in shapes if s.name}
    seen: set[str] = set()
    out: list[_Shape] = []
    for shape in shapes:
        named = shape
        if not shape.name:
            named = evolve(shape, name=unique_name(f"{link}_{kind}", used),
                           extras=(UNNAMED_MARKER,) + shape.extras)
        elif shape.name in seen or is_reserved(shape.name):
            base = shape.name.strip("_") or kind[0]
            named = evolve(shape, name=unique_name(f"{base}_{kind}", used),
                           original_name=shape.name)
        seen.add(named.name or "")
        out.append(named)
    return tuple(out)


def _plain_name(name: str | None) -> bool:
    """A name SDF takes as it is: not absent, not empty, not reserved."""
    return name is not None and name != "" and not is_reserved(name)


def _resolve_material(material: Material | None, named: dict[str, Material]
                      ) -> Material | None:
    """Fill a by-name URDF material reference with the colour it names."""
    if material is None or material.rgba is not None or material.name is None:
        return material
    ref = named.get(material.name)
    if ref is None or ref.rgba is None:
        return material
    # the SDF colour comes from the named material; the reference stays a name
    return evolve(material, ambient=ref.rgba, diffuse=ref.rgba)


def _frame_link(link: Link, joint: Joint | None, children: dict[str, list[Joint]]) -> bool:
    """True for a URDF link that can stand for an SDF //frame: massless, empty leaf."""
    return (joint is not None and joint.type == "fixed" and link.inertial is None
            and not link.visuals and not link.collisions and not children.get(link.name)
            and not link.extras)


def _gazebo_references(model: Model) -> set[str]:
    """The links and joints the model's ``<gazebo reference=..>`` blocks name."""
    return {block_reference(x.xml) or "" for x in model.extras if x.tag == "gazebo"}


def _static_by_blocks(model: Model) -> bool:
    """Whether the robot's ``<gazebo>`` blocks make its SDF model static."""
    import urdfsdf.translate.gazebo_to_sdf as gazebo  # the module form: see api.py's imports

    return gazebo.model_static([x for x in model.extras if x.tag == "gazebo"])


def _static_weld(joint: Joint) -> bool:
    """A fixed joint from ``world`` that sdf2urdf wrote for a link of a static SDF model
    (:func:`urdfsdf.translate.to_urdf.static_welds`, Drake's name for it): the model's
    ``<static>`` says it, so the SDF has the link alone, at the joint's pose."""
    return joint.parent == "world" and joint.type == "fixed" and _plain_fixed(joint) \
        and joint.name == STATIC_WELD.format(joint.child)


def _plain_fixed(joint: Joint) -> bool:
    """A fixed joint whose SDF form is its name, links and origin: nothing carried."""
    return (joint.axis is None and urdf_parts(joint) == NO_URDF_PARTS and not joint.extras
            and joint.original_name is None)


def urdf_to_sdf(model: Model, diags: Diagnostics, *, tree_checked: bool = False,
                options: ToSdfOptions | None = None) -> Model | None:
    """A URDF model in the SDFormat parity form (textual copy), for the SDFormat version
    ``options`` write (``sdf_version``; default 1.7).

    ``tree_checked``: ``model`` is what the URDF reader read, whose tree check
    (:func:`~urdfsdf.core.tree.check_urdf_tree`) reported no error into ``diags``:
    its root is the one link no joint names as child, found without checking again.
    A model made otherwise (the API takes any) is checked here.  ``options``: urdf2sdf's
    (:class:`~urdfsdf.translate.options.ToSdfOptions`), each used where it applies: the
    ``<gazebo>`` blocks (:func:`~urdfsdf.translate.gazebo_to_sdf.apply_gazebo`), massless links
    (:mod:`urdfsdf.translate.massless`), the target (:mod:`urdfsdf.translate.drake`):
    ``"drake"`` applies no ``<gazebo>`` block (they travel verbatim), writes each joint as
    Drake reads it and a URDF colour as the diffuse one only.
    """
    if diags.has_errors():
        return None
    if not model.links and not model.joints:  # a robot with no link (core/tree.LINKLESS)
        return _linkless(model)
    roots = _roots(model, tree_checked)
    if not roots:
        return None
    options = options or ToSdfOptions()
    target = options.target
    translation = _Translation(model, roots, diags, options)
    sdf = translation.sdf_model()
    blocks = [x for x in model.extras if x.tag == "gazebo"]
    if blocks and target == "gazebo":  # imported when a robot has some (cold start)
        import urdfsdf.translate.gazebo_to_sdf as gazebo  # the module form: see api.py's imports

        sdf = gazebo.apply_gazebo(sdf, blocks, translation.link_map, translation.joint_map,
                                  diags, options)
    return _sealed(_unique_children(sdf, diags))


def _linkless(model: Model) -> Model:
    """A robot with no link in SDF: a static model (SDFormat defines a model without a
    link only static) holding what the robot carries, marked ``urdf:linkless`` so that
    sdf2urdf gives back neither a link nor ``<static>``."""
    return Model(name=model.name, static=True, materials=model.materials,
                 extras=(*map(urdf_extra, model.extras), LINKLESS_MARKER),
                 version=model.version, line=model.line)


def _roots(model: Model, tree_checked: bool) -> list[str]:
    """The root links, the robot's root first (none: the model is no tree; see
    :func:`urdf_to_sdf`).  Several: each but the first is a free link in SDF, as Drake
    reads them (docs/lenient.md, row 5)."""
    if not tree_checked and check_urdf_tree(model, Diagnostics(),
                                            several_roots="warning") is None:
        return []
    children_of = {joint.child for joint in model.joints}
    roots = list(dict.fromkeys(link.name for link in model.links if link.name not in children_of))
    if implied_world(model):  # a parent `world` without a world link: the world (Drake)
        return ["world", *roots]
    return urdf_roots(roots, any(joint.parent == "world" for joint in model.joints))


def _named_materials(model: Model) -> dict[str, Material]:
    """The colour of each material name: top-level materials, then named inline ones."""
    named = {m.name: m for m in model.materials if m.name is not None}
    for link in model.links:
        for v in link.visuals:
            if v.material is not None and v.material.name and v.material.rgba is not None:
                named.setdefault(v.material.name, v.material)
    return named


class _Translation:
    """One URDF model on its way to SDF: its tree, the SDF names, what is made so far."""

    def __init__(self, model: Model, roots: list[str], diags: Diagnostics,
                 options: ToSdfOptions) -> None:
        root = roots[0]
        target = options.target
        #: --for drake: the joints Drake actuates (a transmission drives them); None: Gazebo
        self.actuated = urdf_actuated(model.extras) if target == "drake" else None
        #: a <gazebo> block makes the model static (applied: --for gazebo)
        self.static = target == "gazebo" and any(x.tag == "gazebo" for x in model.extras) \
            and _static_by_blocks(model)
        self.model, self.root, self.diags = model, root, diags
        self.version = options.sdf_version
        #: the other root links: free links in SDF, each named by a <urdf:root> mark
        self.free_roots = roots[1:]
        self.named = _named_materials(model)
        # urdfdom: when several joints name the same child, the last one is its parent
        self.tree_joint = {joint.child: joint for joint in model.joints}
        self.children: dict[str, list[Joint]] = {}
        for joint in model.joints:
            self.children.setdefault(joint.parent, []).append(joint)
        self.links = {link.name: link for link in model.links}
        # a root link named world is the world (urdfdom, libsdformat and Drake agree)
        self.world_root = root == "world"
        self.link_map, self.joint_map = sdf_names(model, root, self.world_root, diags,
                                                  self.version)
        # massless leaf links on a fixed joint marked <sdf:frame>: SDF //frame elements
        # (not one a <gazebo> block names: what the block adds needs a link)
        framed = {link.name: link.sdf_frame for link in model.links
                  if link.sdf_frame is not None}
        named = _gazebo_references(model) if framed else set()
        self.markers = {name: frame for name, frame in framed.items() if name not in named
                        and _frame_link(self.links[name], self.tree_joint.get(name),
                                        self.children)}
        self.out_links: list[Link] = []
        self.out_joints: list[Joint] = []
        self.urdf_joints: list[Joint] = []
        self.pending_frames: list[tuple[FrameLink, str, Joint, str]] = []
        #: --massless-as-frames: the links that become frames, and those frames
        self.as_frames = self.frame_links() if options.massless_as_frames else set()
        self.frames: list[Frame] = []
        self.options = options
        #: the moving massless links given a mass (:func:`~urdfsdf.translate.massless.weighed`)
        self.weighted = self.moving_massless()

    def frame_links(self) -> set[str]:
        """The massless leaf links on a fixed joint that become //frame elements
        (``--massless-as-frames``): those whose SDF form says all there is of them and
        of their joint, which nothing else names (a ``<gazebo>`` block, a mimic)."""
        named = {j.mimic.joint for j in self.model.joints if j.mimic is not None}
        named.update(_gazebo_references(self.model))
        parents = Counter(j.child for j in self.model.joints)
        return {link.name for link in self.model.links
                if parents[link.name] == 1 and self.frame_like(link, named)}

    def frame_like(self, link: Link, named: set[str]) -> bool:
        """Whether ``link`` (the child of one joint) becomes a //frame (:meth:`frame_links`)."""
        joint = self.tree_joint[link.name]
        if link.sdf_frame is not None or not _frame_link(link, joint, self.children):
            return False
        return (_plain_fixed(joint) and link.name not in named and joint.name not in named
                and link.name not in self.link_map and joint.name not in self.joint_map
                and not (self.world_root and joint.parent == "world"))

    def moving_massless(self) -> set[str]:
        """The massless links a physics engine moves (:mod:`urdfsdf.translate.massless`):
        warned of, or given ``--min-inertia``'s mass, with a warning each."""
        import urdfsdf.translate.massless as massless  # the module form: see api.py

        return massless.weighed(massless.urdf_massless(self.model), self.options, self.diags)

    def sdf_model(self) -> Model:
        """The SDF model: carried extras, the links and joints, the restored frames."""
        model = self.model
        extras = self.extras()
        self.walk()
        sdf = Model(name=model.name, links=tuple(self.out_links),
                    joints=tuple(self.out_joints), frames=tuple(self.frames),
                    materials=model.materials, extras=tuple(extras), version=model.version,
                    line=model.line, urdf_joints=tuple(self.urdf_joints))
        if not self.pending_frames:
            return sdf
        order = {link.name: i for i, link in enumerate(model.links)}  # as in the document
        self.pending_frames.sort(key=lambda p: order.get(p[2].child, 0))
        return _restore_frames(sdf, self.pending_frames, self.diags)

    def extras(self) -> list[Extra]:
        """The model's extras as ``urdf:`` elements, a ``<urdf:root>`` mark for each root
        link but the first, and a ``world`` root link's content."""
        extras = [urdf_extra(x) for x in self.model.extras]
        extras += [root_marker(self.link_map.get(r, r), self.links[r].line)
                   for r in self.free_roots]
        if self.world_root and "world" not in self.links:  # core/tree.implied_world
            extras.append(implied_world_marker(self.children["world"][0].line))
        world = self.links.get("world")
        if self.world_root and world is not None and not _is_empty(world):
            self.diags.warning("ELEMENT_DROPPED", "link 'world' is the world frame (as in "
                               "urdfdom, libsdformat and Drake): its inertial, visuals and "
                               "collisions are not part of the SDF model; carried as "
                               "<urdf:link>", world.line)
            extras.append(urdf_extra(Extra("link", _link_xml(world), world.line)))
        return extras

    def walk(self) -> None:
        """Every link and joint, depth first in document order of joints: a joint, then
        its child link (the root link first: the canonical link; then each other root
        link and what hangs from it)."""
        if not self.world_root:
            self.add_link(self.links[self.root], Pose())
        self.walk_below(self.root)
        for root in self.free_roots:
            self.add_link(self.links[root], Pose())
            self.walk_below(root)

    def walk_below(self, root: str) -> None:
        """The joints below link ``root`` and their child links, depth first."""
        stack = list(reversed(self.children.get(root, [])))
        while stack:
            joint = stack.pop()
            if self.add_joint(joint):
                stack.extend(reversed(self.children.get(joint.child, ())))

    def add_joint(self, joint: Joint) -> bool:
        """Translate ``joint`` and its child link; whether the walk goes on below it.

        A floating or planar joint is carried (``<urdf:joint>``), its child link left
        free; a joint closing a loop (its child has another tree joint) comes without
        its child; a marked link's joint becomes a pending //frame.
        """
        parent_frame = self.parent_frame(joint)
        jpose = joint.pose.with_frame(parent_frame)
        if self.static and _static_weld(joint):  # what <static> says: the link, placed
            self.add_link(self.links[joint.child], jpose)
            return True
        if joint.type in ("floating", "planar"):
            self.carry(joint)
            self.add_link(self.links[joint.child], jpose)
            return True
        if self.tree_joint[joint.child] is not joint:
            self.out_joints.append(self.sdf_joint(joint, jpose))
            return False
        if joint.child in self.markers:
            self.pending_frames.append((self.markers[joint.child],
                                        self.link_map.get(joint.child, joint.child),
                                        joint, parent_frame))
            return False
        if joint.child in self.as_frames:
            self.frames.append(evolve(_fallback_frame(joint.child, joint, parent_frame),
                                      line=self.links[joint.child].line,
                                      urdf_joint=joint.name))
            return False
        self.out_joints.append(self.sdf_joint(joint, jpose))
        self.add_link(self.links[joint.child],
                      IDENTITY.with_frame(self.joint_map.get(joint.name, joint.name)))
        return True

    def parent_frame(self, joint: Joint) -> str:
        """The frame a joint's pose is relative_to: its parent link's SDF name."""
        if self.world_root and joint.parent == "world":
            # `world` may be a joint parent but not a relative_to frame inside a
            # model (//pose/@relative_to scope rule); the model frame is the
            # world frame of a URDF, so measure from __model__.
            return "__model__"
        return self.link_map.get(joint.parent, joint.parent)

    def carry(self, joint: Joint) -> None:
        """A floating or planar joint, which SDFormat 1.7 lacks: as ``<urdf:joint>``."""
        self.diags.warning(
            "VALUE_APPROXIMATED",
            f"joint {joint.name!r}: SDFormat 1.7 has no {joint.type} joint; the child "
            f"link is left free in SDF and the joint travels as <urdf:joint>", joint.line)
        # carried with the SDF names of its links (restored with theirs)
        self.urdf_joints.append(evolve(
            joint, parent=self.link_map.get(joint.parent, joint.parent),
            child=self.link_map.get(joint.child, joint.child)))

    def add_link(self, link: Link, pose: Pose) -> None:
        """``link`` in SDF at ``pose``, under its SDF name (:func:`_sdf_link`), given
        ``--min-inertia``'s mass if it is one of :meth:`moving_massless`.

        A colour without a material name is carried with the link as written (SDF keeps
        the colour, not the absent name): taken first, before the link's inertial
        becomes SDF's (H1-2's ``logo_link``, which has none, comes back without one)."""
        if _unnamed_colour(link.visuals):
            link = _with_carrier(link)
        if link.name in self.weighted:
            link = _weighed(link, self.options)
        self.out_links.append(_sdf_link(link, pose, self.link_map.get(link.name),
                                        self.named, self.diags, self.actuated is not None,
                                        self.version))

    def sdf_joint(self, joint: Joint, pose: Pose) -> Joint:
        """``joint`` in SDF at ``pose``: SDF limits (``--for drake``: as Drake reads the
        URDF, :func:`~urdfsdf.translate.drake.drake_joint`), carried when SDF loses what
        it says, under the SDF names."""
        joint = drake_joint_axes(_sdf_limits(joint))
        read = joint if self.actuated is None else drake_joint(joint, self.actuated)
        if read is not joint or _sdf_loses(joint):
            joint = evolve(read, extras=_with_carrier(joint).extras)
        return _with_sdf_names(_sdf_joint(joint, pose, self.actuated is None),
                               self.link_map, self.joint_map)


def _sdf_link(link: Link, pose: Pose, new_name: str | None, named: dict[str, Material],
              diags: Diagnostics, diffuse_only: bool = False, version: str = "1.7") -> Link:
    """A URDF link in SDF at ``pose`` (renamed ``new_name``, if any).

    What SDF cannot hold is carried: a marked link that is no frame, shapes
    SDFormat lacks (a colour without a material name: :meth:`add_link`); SDF's inertial; unique
    shape names; URDF elements inside shapes and materials as ``urdf:`` ones.
    ``diffuse_only``: a URDF colour is the SDF diffuse colour only (Drake's reading;
    libsdformat's is ambient and diffuse).
    """
    if link.sdf_frame is not None:  # a marked link that is no frame: carried
        link = evolve(link, sdf_frame=None, extras=(
            *link.extras, Extra(SDF_FRAME, sdf_frame_xml(link.sdf_frame), link.sdf_frame.line)))
    link = _without_non_sdf_shapes(link, diags, version)
    link = _sdf_inertial(link)
    visuals, collisions = name_shapes(link)
    return evolve(link, name=new_name or link.name, pose=pose,
                  visuals=_sdf_shapes(visuals, named, diffuse_only),
                  collisions=_sdf_shapes(collisions, named),
                  original_name=link.name if new_name else None, extras=_wrapped(link.extras))


def _with_sdf_names(j: Joint, link_map: dict[str, str], joint_map: dict[str, str]) -> Joint:
    """``j`` under the SDF names of itself, its links and the joint it mimics."""
    if not joint_map and not link_map and j.original_name is None:  # nothing renamed
        return j
    mimic = j.mimic
    if mimic is not None and mimic.joint in joint_map:
        mimic = evolve(mimic, joint=joint_map[mimic.joint])
    new = joint_map.get(j.name)
    return evolve(j, name=new or j.name, original_name=j.name if new else None,
                  parent=link_map.get(j.parent, j.parent),
                  child=link_map.get(j.child, j.child), mimic=mimic)


def _unique_children(sdf: Model, diags: Diagnostics) -> Model:
    """``sdf`` with the names of its carried children unique among the model's children.

    SDFormat wants the named children of a model unique, whatever their tag or
    namespace (libsdformat 12 warns, Drake's newer libsdformat refuses): a
    ``drake:collision_filter_group``, a transmission, a carried ``<urdf:joint>``, or
    what a ``<gazebo>`` block adds (a plugin, a Gazebo-0.x ``<joint:slider>``) named
    like another child is renamed ``NAME_2`` with ``urdf:name`` (restored by sdf2urdf),
    and a warning.
    """
    if not sdf.extras and not sdf.urdf_joints and not sdf.materials:
        return sdf  # no carried children
    used = {link.name for link in sdf.links} | {joint.name for joint in sdf.joints} | {
        frame.name for frame in sdf.frames} | {nested.name for nested in sdf.models}
    sdf = _materials_apart(sdf, used)
    return evolve(sdf, extras=tuple([_unique_extra(x, used, diags) for x in sdf.extras]),
                  urdf_joints=tuple([_unique_joint(j, used, diags) for j in sdf.urdf_joints]))


def _materials_apart(sdf: Model, used: set[str]) -> Model:
    """``sdf`` with each top-level material named like a link or joint moved to its
    extras (a ``<urdf:material>``, which :func:`_unique_extra` renames); the names of
    the others taken."""
    materials: list[Material] = []
    moved: list[Extra] = []
    for m in sdf.materials:  # <urdf:material name> is a child of the model too
        if m.name is None or m.name not in used:
            used.add(m.name or "")
            materials.append(m)
        else:
            moved.append(_material_extra(m))
    if not moved:
        return sdf
    return evolve(sdf, materials=tuple(materials), extras=(*moved, *sdf.extras))


def _unique_extra(x: Extra, used: set[str], diags: Diagnostics) -> Extra:
    """A carried child element, renamed if another child has its name (its start tag
    as serialised holds `` name=`` when it has one)."""
    if " name=" not in x.xml[: x.xml.find(">") + 1]:
        return x
    tag, name = tag_and_name(x.xml)
    new = _repeat_renamed(name, tag, x.line, used, diags) if name is not None else None
    if new is None:
        return x
    el = from_string(x.xml)
    mark_renamed(el, new)
    return Extra(tag=x.tag, xml=to_string(el), line=x.line)


def _unique_joint(joint: Joint, used: set[str], diags: Diagnostics) -> Joint:
    """A carried ``<urdf:joint>``, renamed if another child has its name."""
    new = _repeat_renamed(joint.name, "joint", joint.line, used, diags)
    return joint if new is None else evolve(joint, name=new, original_name=joint.name)


def _repeat_renamed(name: str, tag: str, line: int | None, used: set[str],
                    diags: Diagnostics) -> str | None:
    """None for a name no other child has (now taken), else its new name, with a
    warning (:func:`~urdfsdf.translate.names.repeat_name`)."""
    if name not in used:
        used.add(name)
        return None
    new = repeat_name(name, used)
    used.add(new)
    diags.warning("DUPLICATE_NAME", f"<{tag}> {name!r} is named like another child "
                  f"of the model; written as {new!r} with urdf:name={name!r}", line)
    return new


def _material_extra(material: Material) -> Extra:
    """A top-level URDF material as the ``<urdf:material>`` element the SDF writer gives."""
    from urdfsdf.sdf.writer import urdf_material_xml

    return Extra(U + "material", urdf_material_xml(material), material.line)


def _sdf_limits(joint: Joint) -> Joint:
    """A URDF joint's effort and velocity limits as the SDF wrote them (``<sdf:limit>``)."""
    if not joint.extras:
        return joint
    marker = next((x for x in joint.extras if isinstance(x, SdfLimit)), None)
    if marker is None:
        return joint
    extras = tuple(x for x in joint.extras if x is not marker)
    axis = joint.axis
    lim = axis.limit if axis is not None else None
    if axis is None or lim is None:
        return evolve(joint, extras=extras)
    effort = marker.effort if lim.effort == NO_LIMIT else lim.effort
    velocity = marker.velocity if lim.velocity == NO_LIMIT else lim.velocity
    return evolve(joint, extras=extras, axis=evolve(axis, limit=evolve(
        lim, effort=effort, velocity=velocity)))




def _sdf_inertial(link: Link) -> Link:
    """The SDF form of a URDF link's mass properties (carriers.py, default inertials).

    No ``<inertial>``: an explicit zero one, marked ``<urdf:massless/>`` (SDF's default
    is 1 kg).  SDF's default, marked ``<sdf:default_inertial/>`` by sdf2urdf and
    unchanged: left out again.
    """
    if link.inertial is not None and not link.extras:
        return link  # the common case: nothing to change
    marked = any(x.tag == DEFAULT_INERTIAL for x in link.extras)
    if link.inertial is None:
        return evolve(link, inertial=Inertial(line=link.line),
                      extras=(*link.extras, massless_marker()))
    if not marked:
        return link
    extras = tuple(x for x in link.extras if x.tag != DEFAULT_INERTIAL)
    i = link.inertial
    default = i.pose.is_identity and [float(v) for v in (i.mass, *i.inertia)] == [
        float(v) for v in (DEFAULT_MASS, *DEFAULT_INERTIA)]
    return evolve(link, inertial=None if default else i, extras=extras)


def _weighed(link: Link, options: ToSdfOptions) -> Link:
    """A massless link with the mass ``options`` give it (:func:`~urdfsdf.translate.
    massless.weighed_inertial`), and what gives it back massless: the ``urdf:massless``
    marker for a link without ``<inertial>``, the link as written for a zero one."""
    from urdfsdf.translate.massless import weighed_inertial

    if link.inertial is None:
        return evolve(link, inertial=weighed_inertial(options, link.line),
                      extras=(*link.extras, massless_marker()))
    return evolve(_with_carrier(link), inertial=weighed_inertial(options,
                                                                 link.inertial.line))


#: URDF shapes SDFormat 1.7 has (a URDF <capsule>, which Drake reads, it has not)
SDF_SHAPES = ("box", "cylinder", "sphere", "mesh")


def _with_carrier(node: N) -> N:
    """``node`` carrying its URDF text (as the URDF writer gives it back) unless it does."""
    if written_carrier(node.extras) is not None:
        return node
    el = link_element(node) if isinstance(node, Link) else joint_element(node)
    return evolve(node, extras=(*node.extras, as_written(to_string(el), node.line)))


def _sdf_loses(joint: Joint) -> bool:
    """Whether the SDF form of a URDF joint loses what it says (SDF states defaults)."""
    jtype = joint.type
    if jtype not in ONE_AXIS_JOINT_TYPES:
        return False
    axis = joint.axis
    if axis is None or axis.text is None:
        return True  # no <axis>: SDF states 1 0 0
    lim = axis.limit
    if lim is None:
        return False
    if _negative(lim.effort) or _negative(lim.velocity):
        return True  # SDF reads a negative effort/velocity as "no limit": URDF's -1 is lost
    if jtype == "continuous":
        return lim.effort is None or lim.velocity is None
    if lim.lower is None or lim.upper is None:
        return True  # urdfdom's 0: SDF states it
    # limits SDF reads as "none": they would come back as a continuous joint
    return jtype == "revolute" and (float(lim.lower) <= -UNBOUNDED_LIMIT
                                    or float(lim.upper) >= UNBOUNDED_LIMIT)


def _negative(value: str | None) -> bool:
    """True for a number text below zero (``-1``, ``-1.0``: a sentinel some URDFs write)."""
    return value is not None and value.lstrip().startswith("-") and float(value) < 0


def _without_non_sdf_shapes(link: Link, diags: Diagnostics, version: str = "1.7") -> Link:
    """``link`` less the shapes SDFormat has no geometry for, carried as written; a
    capsule or an ellipsoid (Drake reads URDF's ``<capsule>``, ``<drake:capsule>`` and
    ``<drake:ellipsoid>``) in the form of ``version`` (:func:`_sdf_drake_shape`)."""
    lost = _non_sdf_shapes(link)
    if not lost:
        return link
    dropped = [x for x in lost if x.geometry is None or x.geometry.kind not in DRAKE_SHAPES]
    _report_lost(link.name, lost, diags, version)
    carried = _with_carrier(link)
    return evolve(carried, visuals=tuple(_sdf_drake_shape(v, version) for v in link.visuals
                                         if v not in dropped),
                  collisions=tuple(_sdf_drake_shape(c, version) for c in link.collisions
                                   if c not in dropped))


def _sdf_drake_shape(shape: _Shape, version: str) -> _Shape:
    """A capsule or an ellipsoid in SDF: ``<capsule>``, ``<ellipsoid>`` from SDFormat 1.8,
    Drake's ``<drake:capsule>``, ``<drake:ellipsoid>`` before (the forms Drake reads in
    1.7, ``detail_sdf_geometry.cc``; libsdformat reads an empty geometry)."""
    g = shape.geometry
    if g is None or g.kind not in DRAKE_SHAPES:
        return shape
    values = (g.radius or "0", g.length or "0") if g.kind == "capsule" else g.size or ()
    raw = sdf_shape_xml(g.kind, values, version_of(version) < (1, 8))
    return shape if raw is None else evolve(shape, geometry=evolve(g, raw=raw))


def _non_sdf_shapes(link: Link) -> list[Visual | Collision]:
    """The shapes of ``link`` SDFormat 1.7 has no geometry for (most links: none): a
    capsule, and a mesh with an empty filename (libsdformat refuses an empty <uri>)."""
    shapes: tuple[Visual | Collision, ...] = (*link.visuals, *link.collisions)
    lost: list[Visual | Collision] = []
    for s in shapes:
        g = s.geometry
        if g is not None and (g.kind not in SDF_SHAPES or g.kind == "mesh" and
                              not (g.uri or "").strip()):
            lost.append(s)
    return lost


def _report_lost(link: str, lost: list[Visual | Collision], diags: Diagnostics,
                 version: str = "1.7") -> None:
    """Warn of each shape SDFormat has no geometry for (a capsule: before 1.8)."""
    for s in lost:
        kind = "visual" if isinstance(s, Visual) else "collision"
        g = s.geometry
        line = g.line if g is not None and g.line else s.line
        if g is not None and g.kind in DRAKE_SHAPES:
            if version_of(version) < (1, 8):
                diags.warning("ELEMENT_DROPPED", f"link {link!r} {kind}: <{g.kind}> has no "
                              f"SDFormat 1.7 form; written as <drake:{g.kind}>, which Drake "
                              "reads (libsdformat: an empty geometry; --sdf-version 1.8 "
                              f"writes <{g.kind}>)", line)
            continue
        shape = "a <mesh> with an empty filename (libsdformat refuses an empty <uri>)" if (
            g is not None and g.kind == "mesh") else f"<{g.kind if g else '?'}>"
        diags.warning("ELEMENT_DROPPED", f"link {link!r} {kind}: {shape} has no "
                      "SDFormat 1.7 form; left out of the SDF link, which carries the URDF "
                      "link as written", line)


def _sealed(sdf: Model) -> Model:
    """Carriers of URDF elements as written sealed with their SDF element (carriers.py)."""
    if not any(link.extras and written_carrier(link.extras) for link in sdf.links) and not any(
            joint.extras and written_carrier(joint.extras) for joint in sdf.joints):
        return sdf
    return evolve(sdf, links=tuple(seal(link) for link in sdf.links),
                  joints=tuple(seal(joint) for joint in sdf.joints))


def _sdf_shapes(shapes: tuple[_Shape, ...], named: dict[str, Material],
                diffuse_only: bool = False) -> tuple[_Shape, ...]:
    """:func:`_sdf_shape` of each visual or collision."""
    out = []
    for s in shapes:
        out.append(_sdf_shape(s, named, diffuse_only))
    return tuple(out)


def _sdf_shape(shape: _Shape, named: dict[str, Material], diffuse_only: bool = False
               ) -> _Shape:
    """A URDF visual or collision with URDF elements as ``urdf:`` ones (in its material
    too), a visual's material resolved (:func:`_resolve_material`; ``diffuse_only``: its
    colour the diffuse one only)."""
    changes: dict[str, object] = {}
    if isinstance(shape, Visual) and shape.material is not None:
        resolved = _resolve_material(shape.material, named)
        texture = _texture(shape.material, named)
        if diffuse_only and resolved is not None:
            resolved = _diffuse_only(resolved, texture)
        material = _with_diffuse_map(_wrap_material(resolved), texture)
        if material is not shape.material:
            changes["material"] = material
    extras = _wrapped(shape.extras)
    if extras != shape.extras:  # (the unnamed marker stays as it is)
        changes["extras"] = extras
    return evolve(shape, **changes) if changes else shape


def _diffuse_only(material: Material, texture: str | None = None) -> Material:
    """``material`` with its URDF colour as the SDF diffuse colour alone (Drake reads a
    URDF ``rgba`` as the diffuse colour; libsdformat as ambient and diffuse); a textured
    material without colour has Drake's diffuse colour then, ``0 0 0 0``."""
    colour = material.diffuse or material.rgba
    if colour is None and texture:
        colour = ("0", "0", "0", "0")
    if colour is None or (material.ambient is None and material.diffuse == colour):
        return material
    return evolve(material, ambient=None, diffuse=colour)


def _texture(material: Material, named: dict[str, Material]) -> str | None:
    """The texture filename of a visual's URDF material: its own, else the one of the
    material its name refers to (as Drake's URDF parser resolves it)."""
    if material.texture is not None or material.name is None:
        return material.texture
    ref = named.get(material.name)
    return ref.texture if ref is not None else None


def _with_diffuse_map(material: Material | None, texture: str | None) -> Material | None:
    """``material`` with ``texture`` (if any) in Drake's SDF form (:func:`diffuse_map`),
    before what the material carries (the order the SDF reader gives them back in)."""
    if material is None or not texture:
        return material
    return evolve(material, extras=(diffuse_map(texture), *material.extras))


def diffuse_map(texture: str) -> Extra:
    """``<drake:diffuse_map>``: a URDF texture in an SDF ``<material>``, the form Drake
    reads (``detail_sdf_geometry.cc``; libsdformat keeps it quietly, Gazebo ignores it)."""
    return Extra(DRAKE_DIFFUSE_MAP, f"<drake:diffuse_map{DRAKE_XMLNS}>{text(texture)}"
                 "</drake:diffuse_map>")


def _unnamed_colour(visuals: tuple[Visual, ...]) -> bool:
    """Whether a visual has a material with no name (SDF keeps only its colour)."""
    for v in visuals:
        if v.material is not None and v.material.name is None:
            return True
    return False


def _wrapped(extras: tuple[Extra, ...]) -> tuple[Extra, ...]:
    """URDF elements as ``urdf:`` custom elements.

    The unnamed and massless markers stay as they are: ``urdf:`` elements already,
    which :func:`urdf_extra` would parse and serialise again to the same text.
    """
    if not extras:
        return ()
    return tuple([x if x is UNNAMED_MARKER or x is MASSLESS_MARKER else urdf_extra(x)
                  for x in extras])


def _wrap_material(material: Material | None) -> Material | None:
    if material is None or not material.extras:
        return material
    return evolve(material, extras=_wrapped(material.extras))


def _is_empty(link: Link) -> bool:
    return link.inertial is None and not link.visuals and not link.collisions \
        and not link.extras


def _sdf_joint(joint: Joint, pose: Pose, urdfdom_bounds: bool = True) -> Joint:
    """A URDF joint in SDF at ``pose``: URDF elements as ``urdf:`` ones, a fixed joint's
    axis carried, absent bounds made explicit (``urdfdom_bounds``: urdfdom's 0; else
    left absent, no bound, as Drake reads them)."""
    axis = joint.axis
    extras = _wrapped(joint.extras)
    if joint.type == "fixed" and axis is not None:
        return evolve(joint, pose=pose, axis=None, extras=_fixed_axis(joint, axis) + extras)
    if axis is not None and axis.limit is not None and joint.type in ("revolute",
                                                                        "prismatic"):
        lim = axis.limit
        # urdfdom's defaults: absent lower/upper are 0, not SDF's -1e16/1e16
        if urdfdom_bounds and (lim.lower is None or lim.upper is None):
            axis = evolve(axis, limit=evolve(lim, lower=lim.lower or "0",
                                               upper=lim.upper or "0"))
    return evolve(joint, pose=pose, axis=axis, extras=extras)


def _fixed_axis(joint: Joint, axis: Axis) -> tuple[Extra, ...]:
    """A fixed joint's axis, dynamics and limit as ``urdf:`` elements.

    Unused by a fixed joint but not ours to drop; a zero axis (valid URDF) would be
    invalid SDF, so the URDF elements travel verbatim.
    """
    return tuple(urdf_extra(Extra(tag=tag, xml=xml, line=axis.line))
                 for tag, xml in axis_elements(joint))


def _link_xml(link: Link) -> str:
    """URDF XML of a link (the ``world`` link carried verbatim in SDF)."""
    return to_string(link_element(link))
