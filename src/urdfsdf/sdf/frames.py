"""SDFormat pose frame semantics (1.7, and the 1.8+ scoped rules): build -> validate -> resolve.

Implements ../shared/spec/pose_frame_semantics_proposal.md ("Phases of parsing
kinematics": 9 phases for a model, 7 for a world) the way libsdformat's
FrameSemantics does: each scope (a model, or a world) gets two directed graphs
over its frames,

- the ``attached_to`` graph (//frame/@attached_to, joint -> child frame,
  ``__model__`` -> canonical link), which must lead every frame to a body;
- the ``relative_to`` graph (//pose/@relative_to with the spec's defaults),
  which must lead every frame to the scope's root (``__model__`` or
  ``world``) without cycles.

SDFormat 1.8 lets a reference name a frame of a nested model, ``N::F``
(downward only: nothing outside a model can be named from inside it), a joint
name any frame as its parent or child, and a model be placed by one of its
frames (``@placement_frame``).  libsdformat applies these rules to files of
every version, and so does this engine.  A reference ``N::F`` is an edge to the
nested model vertex ``N`` as far as this scope's graphs are concerned (``F``
lies inside ``N``, whose own graphs are checked first and lead to ``N``'s
root): cycles stay within one scope, and each scope is checked once.  World
scopes hold //world/joint too (1.10).

Both graphs have at most one outgoing edge per vertex, so validation and
resolution are linear iterative walks with memoisation: no recursion over
frames (a 100k-frame chain is fine), every pose computed once.

Diagnostics: one per cause, never a cascade.  A vertex whose edge is invalid
gets no edge; vertices that lead to it, or into a cycle, are unresolvable but
not reported again.  A cycle is reported once, at its member written last.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import field
from typing import Literal

from urdfsdf.core import transforms as tf
from urdfsdf.core.diagnostics import Diagnostics, did_you_mean
from urdfsdf.core.ir import Axis, Extra, Frame, Joint, Link, Model, Pose, SdfDocument, World
from urdfsdf.core.record import mutable_record, record
from urdfsdf.core.transforms import Transform
from urdfsdf.sdf.names import MODEL_FRAME, SCOPE_SEP, WORLD, is_reserved, version_of
from urdfsdf.xml.parse import tag_and_name

#: what a vertex of a frame graph stands for: a scope's root (``__model__`` or ``world``),
#: an implicit frame (link, joint, nested model) or an explicit one
VertexKind = Literal["root", "link", "joint", "frame", "model"]
ScopeKind = Literal["model", "world"]


@mutable_record
class Vertex:
    """A frame of a scope: an implicit (link, joint, model) or explicit one."""

    name: str
    kind: VertexKind
    line: int | None
    #: the pose as written: values, and where relative_to was written
    pose: Pose = field(default_factory=Pose)
    #: relative_to target vertex (None: the root, or an invalid edge); for a
    #: reference into a nested model (``N::F``), the nested model vertex ``N``
    rel: str | None = None
    #: attached_to target vertex (None: a body, a reference into a nested model,
    #: or an invalid edge)
    att: str | None = None
    #: the line to blame for a relative_to problem of this vertex
    rel_line: int | None = None
    #: the outcome of the graph checks (:class:`_GraphCheck`)
    mark: int = 0
    #: the relative_to reference as written when it names a frame of a nested model
    rel_ref: str | None = None
    #: the attached_to reference when it names a frame of a nested model
    att_ref: str | None = None
    #: a nested model's //model/@placement_frame: its pose is that frame's
    placement: str | None = None


#: :attr:`Vertex.mark` once the attached_to graph check found the vertex
#: leads to a body (+1: it does not); then the same for the relative_to graph
_ATT_FINE = 1
_REL_FINE = 3


class Scope:
    """The frames of one model or world, their graphs and resolved poses."""

    def __init__(self, kind: ScopeKind, name: str, scoped_name: str) -> None:
        self.kind: ScopeKind = kind
        self.name = name
        self.scoped_name = scoped_name
        self.root = MODEL_FRAME if kind == "model" else WORLD
        self.vertices: dict[str, Vertex] = {self.root: Vertex(self.root, "root", None)}
        self.children: dict[str, Scope] = {}
        self.model: Model | None = None
        self.world: World | None = None
        self.canonical_link: str | None = None
        self.static = False
        #: X_root_v for resolvable vertices (None: unresolvable)
        self._pose: dict[str, Transform | None] = {self.root: tf.IDENTITY}
        #: the body each vertex is attached to ("" for the world/static)
        self._body: dict[str, str | None] = {}
        self.links: dict[str, Link] = {}
        self.joints: dict[str, Joint] = {}
        self.frames: dict[str, Frame] = {}

    # -- references ---------------------------------------------------------
    def find(self, ref: str) -> tuple[Scope, str, str] | None:
        """``(scope, vertex, prefix)`` of a frame reference, or None when it names nothing.

        ``ref`` is a vertex of this scope, or ``N::ref`` for one of nested model
        ``N`` (``N::__model__`` is ``N``'s own frame); ``prefix`` is the path to
        the scope found (``"N::"``, ``""`` for this one).  A name written with
        ``::`` (a flattened 1.7 model's link) is a vertex of its own first.
        """
        scope: Scope = self
        rest = ref
        prefix = ""
        while rest not in scope.vertices:
            head, sep, tail = rest.partition(SCOPE_SEP)
            child = scope.children.get(head) if sep else None
            if child is None or not tail:
                return None
            scope, rest, prefix = child, tail, f"{prefix}{head}{SCOPE_SEP}"
        return scope, rest, prefix

    def pose_of(self, ref: str) -> Transform | None:
        """``X_RF`` of a reference ``ref`` (:meth:`find`) in this scope's root R."""
        if ref in self.vertices:
            return self.pose(ref)
        x: Transform | None = tf.IDENTITY
        scope: Scope = self
        rest = ref
        while rest not in scope.vertices:
            head, sep, tail = rest.partition(SCOPE_SEP)
            child = scope.children.get(head) if sep else None
            if child is None or not tail:
                return None
            x_sh = scope.pose(head)
            if x_sh is None or x is None:
                return None
            x = tf.compose(x, x_sh)
            scope, rest = child, tail
        x_sv = scope.pose(rest)
        return None if x_sv is None or x is None else tf.compose(x, x_sv)

    def body_of(self, ref: str) -> str | None:
        """The link (scoped from this scope) a reference ``ref`` is attached to.

        ``""`` means the world (frames of a static model, world frames); None: unresolvable.
        """
        found = self.find(ref)
        if found is None:
            return None
        scope, local, prefix = found
        inner = scope.body(local)
        return f"{prefix}{inner}" if inner else inner

    # -- resolution -------------------------------------------------------
    def pose(self, name: str) -> Transform | None:
        """``X_RV``: pose of vertex ``name`` in the scope root R (None: unresolvable)."""
        memo = self._pose
        if name in memo:
            return memo[name]
        if name not in self.vertices:  # an invalid reference, reported when validated
            return None
        chain: list[str] = []
        cur: str | None = name
        while cur is not None and cur not in memo:
            chain.append(cur)
            cur = self.vertices[cur].rel
        base = memo[cur] if cur is not None else None
        vertices = self.vertices
        for n in reversed(chain):
            if base is not None:
                v = vertices[n]
                if v.rel_ref is not None or v.placement is not None:
                    base = self._special_edge(v, base)
                if base is not None:
                    base = tf.compose(base, tf.pose_transform(v.pose))
                    if v.placement is not None:
                        base = self._placed(v, base)
            memo[n] = base
        return base

    def _special_edge(self, v: Vertex, x_rn: Transform) -> Transform | None:
        """The frame ``v``'s pose is measured in, given ``X_RN`` (N: ``v.rel``)."""
        if v.rel_ref is None:
            return x_rn
        child = self.children.get(v.rel or "")
        if child is None:
            return None
        _, _, rest = v.rel_ref.partition(SCOPE_SEP)
        x_nf = child.pose_of(rest)
        return None if x_nf is None else tf.compose(x_rn, x_nf)

    def _placed(self, v: Vertex, x_rpf: Transform) -> Transform | None:
        """``X_RM`` of a nested model placed by a frame Pf: ``X_RPf * inv(X_MPf)``."""
        child = self.children.get(v.name)
        x_mpf = child.pose_of(v.placement or "") if child is not None else None
        return None if x_mpf is None else tf.compose(x_rpf, tf.inverse(x_mpf))

    def relative(self, frame_a: str, frame_b: str) -> Transform | None:
        """``X_AB``: pose of frame B measured in frame A (both references from this scope)."""
        if frame_a == self.root:  # X_RB itself, without composing with the identity
            return self.pose_of(frame_b)
        x_ra = self.pose_of(frame_a)
        x_rb = self.pose_of(frame_b)
        if x_ra is None or x_rb is None:
            return None
        return tf.relative(x_ra, x_rb)

    def body(self, name: str) -> str | None:
        """The link (``nested::link`` for a nested model's) frame ``name`` is attached to.

        ``""`` means the world (frames of a static model, world frames).
        """
        memo = self._body
        if name in memo:
            return memo[name]
        if name not in self.vertices:
            return self.body_of(name) if SCOPE_SEP in name else None
        chain: list[str] = []
        cur: str | None = name
        result: str | None = None
        while cur is not None:
            if cur in memo:
                result = memo[cur]
                break
            chain.append(cur)
            v = self.vertices[cur]
            if v.kind == "link":
                result = cur
                break
            if v.att_ref is not None:
                result = self.body_of(v.att_ref)
                break
            if v.kind == "model":
                child = self.children.get(cur)
                inner = child.body(MODEL_FRAME) if child is not None else None
                result = f"{cur}{SCOPE_SEP}{inner}" if inner else inner
                break
            if v.kind == "root":
                # spec 2.1: the model frame is attached to the canonical link,
                # which may be any link of a nested model (8.2: canonical_link
                # "nested::link"), not only that model's own canonical link;
                # a static model's frame and the world's are fixed in the world
                static = self.kind == "world" or self.static
                result = "" if static else self.canonical_link
                break
            cur = v.att
        for n in chain:
            memo[n] = result
        return result

    def joint_bodies(self, name: str) -> tuple[str | None, str | None]:
        """The links (scoped from this scope) joint ``name`` connects: ``(parent, child)``.

        A joint names links or, since SDFormat 1.8, any frame: its link is the body
        that frame is attached to.  ``world`` (a parent) stays ``world``.
        """
        joint = self.joints[name]
        parent = WORLD if joint.parent == WORLD else self.body_of(joint.parent)
        return parent, self.body_of(joint.child)

    def element_pose(self, link: str, pose: Pose) -> Transform | None:
        """``X_RE`` of a visual/collision/light/sensor of ``link`` (pose as written)."""
        frame = pose.relative_to or link
        base = self.pose_of(frame)
        if base is None:
            return None
        return tf.compose(base, tf.pose_transform(pose))

    def axis_in(self, joint: Joint, axis: Axis, frame: str) -> tuple[float, float, float] | None:
        """Unit vector of ``axis`` expressed in ``frame`` (of this scope)."""
        source = axis.expressed_in or joint.name
        x = self.relative(frame, source)
        if x is None:
            return None
        v = tf.rot_apply(x[0], axis.xyz)
        n = (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]) ** 0.5 or 1.0
        return (v[0] / n, v[1] / n, v[2] / n)

    def walk(self) -> Iterator[Scope]:
        """This scope and every nested model scope below it, parents first."""
        stack: list[Scope] = [self]
        while stack:
            s = stack.pop()
            yield s
            stack.extend(reversed(list(s.children.values())))

    def did_you_mean(self, ref: str, names: Iterable[str]) -> str:
        """What a message about the undefined ``ref`` adds: that it names the model of an
        ``<include>`` of this scope that was not read (a network URI, ``--no-includes``),
        else "did you mean" among ``names``."""
        holder = self.model if self.model is not None else self.world
        for x in holder.extras if holder is not None else ():
            name = _included_name(x) if x.tag == "include" else None
            if name is not None and (ref == name or ref.startswith(name + SCOPE_SEP)):
                return (f"; {name!r} is the model of the <include> at line {x.line}, which "
                        "is not read")
        return did_you_mean(ref, names)

    def names(self, kinds: Iterable[str] | None = None, but: str = "") -> Iterator[str]:
        """Every reference this scope can make (``N::F`` into nested model ``N``), to
        frames of ``kinds`` (default: any), except ``but``: what "did you mean" picks
        from, gathered only when a name is reported undefined."""
        wanted = None if kinds is None else set(kinds)
        stack: list[tuple[Scope, str]] = [(self, "")]
        while stack:
            scope, prefix = stack.pop()
            for name, v in scope.vertices.items():
                if (wanted is None or v.kind in wanted) and prefix + name != but:
                    yield prefix + name
            stack.extend((child, f"{prefix}{name}{SCOPE_SEP}")
                         for name, child in scope.children.items())


@mutable_record
class Semantics:
    """Every scope of a document, by scoped name."""

    models: dict[str, Scope] = field(default_factory=dict)
    worlds: dict[str, Scope] = field(default_factory=dict)


#: the vertex kinds a joint may name as parent or child (SDFormat 1.8: any frame)
_JOINT_FRAME_KINDS = ("link", "frame", "joint", "model", "root")


# -- building and validating ------------------------------------------------

class _Builder:
    def __init__(self, diags: Diagnostics, version: tuple[int, int]) -> None:
        self.diags = diags
        self.version = version
        # before 1.7 only a joint could share a link's name, and the reader
        # renames it as libsdformat does; every other duplicate is an error
        self.strict_names = True
        #: 1.8 reserves "::" in names (it joins scoped references)
        self.no_scope_sep = version >= (1, 8)
        #: the file the scope being built came from (an included model's), for diagnostics
        self.file: str | None = None

    def error(self, code: str, message: str, line: int | None) -> None:
        self.diags.add(code, message, line, file=self.file)

    # phase 2: names --------------------------------------------------------
    def check_names(self, items: Iterable[tuple[str, str, int | None]], where: str,
                    unique: bool = True) -> set[tuple[str, str]]:
        """Reserved and duplicate names among siblings; returns the rejected (kind, name)."""
        seen: dict[str, tuple[str, int | None]] = {}
        rejected: set[tuple[str, str]] = set()
        for kind, name, line in items:
            if is_reserved(name):
                self.error("RESERVED_NAME", f"{kind} name {name!r} in {where} is reserved "
                           "(world and names starting and ending with __)", line)
                rejected.add((kind, name))
                continue
            if self.no_scope_sep and SCOPE_SEP in name:
                self.error("RESERVED_NAME", f"{kind} name {name!r} in {where}: '::' is "
                           "reserved for scoped references since SDFormat 1.8", line)
                rejected.add((kind, name))
                continue
            if name in seen:
                if unique:
                    first_kind, first_line = seen[name]
                    self.error("DUPLICATE_NAME", f"{kind} {name!r} in {where} has the same "
                               f"name as the {first_kind} at line {first_line}", line)
                rejected.add((kind, name))
                continue
            seen[name] = (kind, line)
        return rejected

    def check_other_names(self, model: Model, where: str) -> None:
        """Every other named child of a model (plugins, custom elements, carried URDF
        materials and joints) named like a sibling: DUPLICATE_NAME, a warning.

        libsdformat 12 warns ("Non-unique name[..] detected N times in XML children of
        model", Model.cc), whatever the children's tags and namespaces; the newer
        libsdformat inside Drake refuses the model.
        """
        seen = {x.name for x in model.links} | {x.name for x in model.joints} | {
            x.name for x in model.frames} | {x.name for x in model.models}
        named: list[tuple[str, str, int | None]] = [
            ("urdf:material", m.name, m.line) for m in model.materials if m.name is not None]
        named += [("urdf:joint", j.name, j.line) for j in model.urdf_joints]
        for x in model.extras:
            head = x.xml[: x.xml.find(">") + 1]
            if " name=" in head:
                tag, name = tag_and_name(x.xml)
                if name is not None:
                    named.append((tag, name, x.line))
        for tag, name, line in named:
            if name in seen:
                self.diags.add("DUPLICATE_NAME", f"<{tag}> {name!r} in {where} has the same "
                               "name as another child of the model (libsdformat warns; "
                               "Drake refuses)", line, severity="warning", file=self.file)
            seen.add(name)

    # model scope (9 phases) -------------------------------------------------
    def model_scope(self, model: Model, scoped: str, is_nested: bool = False) -> Scope:
        """The scope of ``model``: a root or world model, or (``is_nested``) one in a model."""
        outer_file = self.file
        if model.file is not None:
            self.file = model.file
        try:
            return self._model_scope(model, scoped, is_nested)
        finally:
            self.file = outer_file

    def _model_scope(self, model: Model, scoped: str, is_nested: bool) -> Scope:
        s = Scope("model", model.name, scoped)
        s.model = model
        s.static = model.static
        rejected = self.model_names(model, f"model {scoped!r}")
        self.model_vertices(s, model, rejected)  # phase 3
        self.joint_links(s)                      # phase 4
        self.canonical(s, model)                 # phase 5
        self.attached_to(s)                      # phases 6, 7
        self.joint_bodies(s, is_nested)          # phase 7: the links joints connect
        self.placements(s)                       # the frames nested models are placed by
        self.relative_to(s)                      # phases 8, 9
        self.other_poses(s)                      # phase 8 for visuals, ..., and axes
        return s

    def model_names(self, model: Model, where: str) -> set[tuple[str, str]]:
        """Phase 2 for a model: its children's names, and its links' shapes'."""
        rejected = self.check_names(
            [("link", x.name, x.line) for x in model.links]
            + [("joint", x.name, x.line) for x in model.joints]
            + [("frame", x.name, x.line) for x in model.frames]
            + [("model", x.name, x.line) for x in model.models], where, self.strict_names)
        if model.extras or model.materials or model.urdf_joints:
            self.check_other_names(model, where)
        for link in model.links:
            self.shape_names(link)
        return rejected

    def shape_names(self, link: Link) -> None:
        """Reserved and duplicate names among a link's visuals, and among its collisions."""
        # one shape can only have a reserved name: no list to build for it
        vis, col = link.visuals, link.collisions
        if len(vis) > 1 or (vis and is_reserved(vis[0].name or "")):
            self.check_names([("visual", v.name or "", v.line) for v in vis],
                             f"link {link.name!r}")
        if len(col) > 1 or (col and is_reserved(col[0].name or "")):
            self.check_names([("collision", c.name or "", c.line) for c in col],
                             f"link {link.name!r}")

    def model_vertices(self, s: Scope, model: Model, rejected: set[tuple[str, str]]) -> None:
        """Phase 3: a vertex per accepted child, nested models first (their scopes are
        built here: their canonical links are needed by phase 5)."""
        vs = s.vertices
        for nested in model.models:
            if ("model", nested.name) in rejected:
                continue
            scoped = f"{s.scoped_name}::{nested.name}"
            s.children[nested.name] = self.model_scope(nested, scoped, is_nested=True)
            vs[nested.name] = Vertex(nested.name, "model", nested.line, nested.pose)
        links, joints = s.links, s.joints
        for link in model.links:
            name = link.name
            if not rejected or ("link", name) not in rejected:
                links[name] = link
                vs[name] = Vertex(name, "link", link.line, link.pose)
        for joint in model.joints:
            name = joint.name
            if not rejected or ("joint", name) not in rejected:
                joints[name] = joint
                vs[name] = Vertex(name, "joint", joint.line, joint.pose)
        self.add_frames(s, model.frames, rejected)

    @staticmethod
    def add_frames(s: Scope, frames: Iterable[Frame], rejected: set[tuple[str, str]]) -> None:
        """A vertex per explicit frame whose name was accepted."""
        for frame in frames:
            if ("frame", frame.name) not in rejected:
                s.frames[frame.name] = frame
                s.vertices[frame.name] = Vertex(frame.name, "frame", frame.line, frame.pose)

    def _joint_frame(self, s: Scope, ref: str) -> bool:
        """Whether a joint may name ``ref`` (a link, or since 1.8 any frame) in scope ``s``."""
        if ref in s.links:
            return True
        found = s.find(ref)
        return found is not None and found[0].vertices[found[1]].kind in _JOINT_FRAME_KINDS

    def joint_links(self, s: Scope) -> None:
        """Phase 4: parent and child name frames of the scope (``world`` only as parent)."""
        where = "world" if s.kind == "world" else "model"
        for joint in s.joints.values():
            what = f"joint {joint.name!r}"
            if joint.child == joint.parent:
                self.error("JOINT_PARENT_SAME_AS_CHILD", f"{what}: parent and child are both "
                           f"{joint.child!r}", joint.line)
            if joint.child == WORLD:
                self.error("JOINT_CHILD_LINK_INVALID", f"{what}: the child cannot be world",
                           joint.line)
            elif joint.child == joint.name or not self._joint_frame(s, joint.child):
                self.error("JOINT_CHILD_LINK_INVALID", f"{what}: child {joint.child!r} is not "
                           f"a link or frame of this {where}"
                           f"{self._suggest(s, joint.child, joint.name)}", joint.line)
            if joint.parent != WORLD and (joint.parent == joint.name
                                          or not self._joint_frame(s, joint.parent)):
                self.error("JOINT_PARENT_LINK_INVALID", f"{what}: parent {joint.parent!r} is "
                           f"not a link or frame of this {where}"
                           f"{self._suggest(s, joint.parent, joint.name)}", joint.line)

    @staticmethod
    def _suggest(s: Scope, ref: str, joint: str) -> str:
        """"did you mean" for a joint's parent or child (not the joint itself)."""
        if ref == joint:
            return ""
        return s.did_you_mean(ref, s.names(_JOINT_FRAME_KINDS, but=joint))

    def joint_bodies(self, s: Scope, is_nested: bool = False) -> None:
        """Phase 7 for joints naming frames: the links they resolve to must differ.

        Only in a root model, a world's models and a world (``is_nested`` false), as in
        libsdformat: the check that a joint's parent and child frames resolve to
        different links is ``checkScopedJointParentChildNames`` (sdf12:
        ``checkJointParentChildNames``) in src/parser.cc, which ``Root::Load``
        (src/Root.cc) calls for ``Root::Model()``, each ``World::ModelByIndex`` and
        (libsdformat 14) the world itself, never for the models nested in those.  So
        libsdformat 12 loads a nested model's joint whose parent and child are two
        frames on one link (gz-sim's test/worlds/models/nested_models/model.sdf,
        tests/data/sdf/nested_joint_same_link.sdf), and refuses the same joint in a
        root model (sdformat test/sdf/joint_invalid_resolved_parent_same_as_child.sdf).
        Equal parent and child *names* are refused at every depth (phase 4, as
        ``Joint::Load`` does in src/Joint.cc).
        """
        for joint in s.joints.values():
            if joint.child in s.links and (joint.parent in s.links or joint.parent == WORLD):
                continue  # links (the common case): checked in phase 4
            if joint.child == joint.parent or joint.child == WORLD:
                continue  # reported in phase 4
            parent, child = s.joint_bodies(joint.name)
            if child == "":
                self.error("JOINT_CHILD_LINK_INVALID", f"joint {joint.name!r}: child "
                           f"{joint.child!r} is fixed in the world", joint.line)
            elif parent is not None and parent == child and not is_nested:
                self.error("JOINT_PARENT_SAME_AS_CHILD", f"joint {joint.name!r}: parent "
                           f"{joint.parent!r} and child {joint.child!r} are both attached to "
                           f"link {child!r}", joint.line)

    def canonical(self, s: Scope, model: Model) -> None:
        """Phase 5: the canonical link (attribute, first link, first nested model's)."""
        attr = model.canonical_link
        if attr:
            if "::" in attr:
                head, _, rest = attr.partition("::")
                child = s.children.get(head)
                ok = child is not None and _has_scoped_link(child, rest)
                target = head
            else:
                ok = attr in s.links
                target = attr
            if not ok:
                self.error("MODEL_CANONICAL_LINK_INVALID", f"model {s.scoped_name!r}: "
                           f"canonical_link {attr!r} is not a link of this model"
                           f"{s.did_you_mean(attr, s.names(('link',)))}", model.line)
                return
            s.canonical_link = attr
            if not s.static:
                s.vertices[MODEL_FRAME].att = target
            return
        if s.links:
            first = next(iter(s.links))
            s.canonical_link = first
            if not s.static:
                s.vertices[MODEL_FRAME].att = first
            return
        for name, child in s.children.items():
            if child.canonical_link is not None:
                s.canonical_link = f"{name}::{child.canonical_link}"
                if not s.static:
                    s.vertices[MODEL_FRAME].att = name
                return
        if not s.static and not model.links and not model.models:
            self.error("MODEL_WITHOUT_LINK", f"model {s.scoped_name!r} has no link",
                       model.line)

    def _target(self, s: Scope, v: Vertex, target: str, edge: str) -> bool:
        """Point ``v``'s ``edge`` ("rel" or "att") at ``target``; False when it names nothing."""
        if target in s.vertices:  # a frame of this scope (v itself too): the common case
            if edge == "rel":
                v.rel = target
            else:
                v.att = target
            return True
        found = s.find(target) if SCOPE_SEP in target else None
        if found is None:
            return False
        if edge == "rel":
            v.rel = target.partition(SCOPE_SEP)[0]  # the nested model the frame lies in
            v.rel_ref = target
        else:
            v.att_ref = target  # the body is found in the nested scope (checked already)
        return True

    def attached_to(self, s: Scope) -> None:
        """Phases 6-7: //frame/@attached_to values, then the graph."""
        vs = s.vertices
        bad: set[str] = set()
        for joint in s.joints.values():
            if not self._target(s, vs[joint.name], joint.child, "att") or \
                    joint.child == joint.name:
                vs[joint.name].att = None
                bad.add(joint.name)  # reported as JOINT_CHILD_LINK_INVALID
        for frame in s.frames.values():
            if not self._frame_attached(s, frame):
                bad.add(frame.name)
        for v in vs.values():
            if v.att_ref is not None and s.body_of(v.att_ref) is None:
                bad.add(v.name)  # the nested scope reported why
        if s.kind == "world":
            self._attached_graph(s, bad, lambda v: v.kind in ("model", "root")
                                 or v.att_ref is not None)
        else:
            self._attached_graph(s, bad, lambda v: v.kind in ("link", "model")
                                 or v.att_ref is not None
                                 or (v.kind == "root" and (s.static or v.att is None)))

    def _frame_attached(self, s: Scope, frame: Frame) -> bool:
        """The attached_to edge of an explicit frame; False (reported) when invalid."""
        target = frame.attached_to or ""
        v = s.vertices[frame.name]
        if not target:
            v.att = s.root
            return True
        if self._world_kinds(s, target) and self._target(s, v, target, "att"):
            return True
        where = f"world {s.name!r}" if s.kind == "world" else f"model {s.scoped_name!r}"
        self.error("FRAME_ATTACHED_TO_INVALID", f"frame {frame.name!r}: attached_to "
                   f"{target!r} names no frame of {where}"
                   f"{s.did_you_mean(target, s.names(but=frame.name))}", frame.line)
        return False

    @staticmethod
    def _world_kinds(s: Scope, target: str) -> bool:
        """A world frame is attached to a model, a frame, the world or (1.8) a model's frame."""
        if s.kind != "world" or target not in s.vertices:
            return True
        return s.vertices[target].kind in ("model", "frame", "root", "joint")

    def placements(self, s: Scope) -> None:
        """//model/@placement_frame of nested models: a frame of the model itself."""
        for name, child in s.children.items():
            model = child.model
            pf = model.placement_frame if model is not None else None
            if not pf:
                continue
            if child.find(pf) is None:
                self.error("POSE_RELATIVE_TO_INVALID", f"model {child.scoped_name!r}: "
                           f"placement_frame {pf!r} names no frame of the model"
                           f"{did_you_mean(pf, child.names())}",
                           model.line if model is not None else None)
                continue
            s.vertices[name].placement = pf

    def relative_to(self, s: Scope) -> None:
        """Phases 8-9: //pose/@relative_to values (and defaults), then the graph."""
        vs = s.vertices
        bad: set[str] = set()
        where = f"model {s.scoped_name!r}"
        unnamed = _unnamed_children(s)
        for name, v in vs.items():
            if v.kind == "root":
                continue
            written = v.pose.relative_to or ""
            if written:
                target, line = written, v.pose.line or v.line
            elif v.kind == "joint":
                target, line = s.joints[name].child, v.line
                if name in unnamed:
                    bad.add(name)  # reported as JOINT_CHILD_LINK_INVALID
                    continue
            elif v.kind == "frame":
                frame = s.frames[name]
                target, line = frame.attached_to or MODEL_FRAME, v.line
            else:
                target, line = MODEL_FRAME, v.pose.line or v.line
            v.rel_line = line
            if not self._target(s, v, target, "rel"):
                what = "its attached_to" if not written else "relative_to"
                self.error("POSE_RELATIVE_TO_INVALID", f"{v.kind} {name!r}: {what} "
                           f"{target!r} names no frame of {where}"
                           f"{s.did_you_mean(target, s.names(but=name))}", line)
                bad.add(name)
        self._relative_graph(s, bad)

    def _attached_graph(self, s: Scope, bad: set[str],
                        is_body: Callable[[Vertex], bool]) -> None:
        """The attached_to graph of a scope: cycles and dead ends reported once each."""
        graph = _Graph(edge="att", label="attached_to", cycle_code="FRAME_ATTACHED_TO_CYCLE",
                       graph_code="FRAME_ATTACHED_TO_GRAPH_ERROR", end="a link",
                       is_terminal=is_body, line_of=_vertex_line, fine=_ATT_FINE)
        for name in _GraphCheck(self, s, graph, bad).run():
            s._body[name] = None  # in or into a cycle: body() must not walk it

    def _relative_graph(self, s: Scope, bad: set[str]) -> None:
        """The relative_to graph of a scope: every frame must lead to its root."""
        graph = _Graph(edge="rel", label="relative_to", cycle_code="POSE_RELATIVE_TO_CYCLE",
                       graph_code="POSE_RELATIVE_TO_GRAPH_ERROR", end=s.root,
                       is_terminal=_is_root, line_of=_rel_line, fine=_REL_FINE)
        for name in _GraphCheck(self, s, graph, bad).run():
            s._pose[name] = None

    def other_poses(self, s: Scope) -> None:
        """Phase 8 for poses that are not frames (visual, collision, light, sensor) and axes."""
        for link in s.links.values():
            self._link_poses(s, link)
        for joint in s.joints.values():
            for axis in (joint.axis, joint.axis2):
                if axis is not None and axis.expressed_in:
                    self._axis_frame(s, joint, axis, axis.expressed_in)

    def _link_poses(self, s: Scope, link: Link) -> None:
        """The relative_to of a link's visuals, collisions and kept elements (lights,
        sensors...) name frames of the scope."""
        posed: list[tuple[str, str | None, Pose]] = [
            ("visual", v.name, v.pose) for v in link.visuals if v.pose.relative_to]
        posed += [("collision", c.name, c.pose) for c in link.collisions if c.pose.relative_to]
        if link.extras:
            posed += list(_extra_poses(link.extras))
        for kind, name, pose in posed:
            target = pose.relative_to or ""
            if target and target not in s.vertices and s.find(target) is None:
                self.error("POSE_RELATIVE_TO_INVALID", f"link {link.name!r} {kind} "
                           f"{name!r}: relative_to {target!r} names no frame of model "
                           f"{s.scoped_name!r}{s.did_you_mean(target, s.names())}", pose.line)

    def _axis_frame(self, s: Scope, joint: Joint, axis: Axis, frame: str) -> None:
        """An axis's expressed_in (``frame``) names a frame of the scope."""
        if frame in s.vertices or s.find(frame) is not None:
            return
        self.error("JOINT_AXIS_EXPRESSED_IN_INVALID", f"joint {joint.name!r}: axis "
                   f"expressed_in {frame!r} names no frame of model {s.scoped_name!r}"
                   f"{s.did_you_mean(frame, s.names())}", axis.line or joint.line)

    # world scope (7 phases) -------------------------------------------------
    def world_scope(self, world: World) -> Scope:
        s = Scope("world", world.name, world.name)
        s.world = world
        rejected = self.check_names(
            [("model", m.name, m.line) for m in world.models]
            + [("frame", f.name, f.line) for f in world.frames]
            + [("joint", j.name, j.line) for j in world.joints], f"world {world.name!r}",
            self.strict_names)
        self.world_vertices(s, world, rejected)
        self.joint_links(s)
        self.attached_to(s)
        self.joint_bodies(s)
        self.placements(s)
        self.world_relative_to(s)
        return s

    def world_vertices(self, s: Scope, world: World, rejected: set[tuple[str, str]]) -> None:
        """A vertex per accepted model (its scope built here), frame and joint of a world."""
        vs = s.vertices
        for model in world.models:
            if ("model", model.name) in rejected:
                continue
            s.children[model.name] = self.model_scope(model, model.name)
            vs[model.name] = Vertex(model.name, "model", model.line, model.pose)
        self.add_frames(s, world.frames, rejected)
        for joint in world.joints:
            if ("joint", joint.name) not in rejected:
                s.joints[joint.name] = joint
                vs[joint.name] = Vertex(joint.name, "joint", joint.line, joint.pose)

    def world_relative_to(self, s: Scope) -> None:
        """The relative_to values of a world's vertices (and defaults), then the graph."""
        bad: set[str] = set()
        unnamed = _unnamed_children(s)
        for name, v in s.vertices.items():
            if v.kind == "root":
                continue
            if v.kind == "joint" and not v.pose.relative_to and name in unnamed:
                bad.add(name)  # reported as JOINT_CHILD_LINK_INVALID
                continue
            if not self._world_relative(s, v):
                bad.add(name)
        self._relative_graph(s, bad)

    def _world_relative(self, s: Scope, v: Vertex) -> bool:
        """The relative_to edge of a world's vertex ``v``; False (reported) when invalid."""
        name = v.name
        written = v.pose.relative_to or ""
        if written:
            target, line = written, v.pose.line or v.line
        elif v.kind == "frame":
            target, line = s.frames[name].attached_to or WORLD, v.line
        elif v.kind == "joint":
            target, line = s.joints[name].child, v.line
        else:
            target, line = WORLD, v.pose.line or v.line
        v.rel_line = line
        if v.kind == "model" and written == MODEL_FRAME:
            # the model's own frame: its pose would be relative to itself
            self.error("POSE_RELATIVE_TO_CYCLE", f"model {name!r}: pose relative_to "
                       "__model__ (its own frame) is a cycle", line)
            return False
        if v.kind == "model" and written == name:
            self.error("POSE_RELATIVE_TO_INVALID", f"model {name!r}: a model cannot "
                       f"place itself relative_to its own name in world {s.name!r}", line)
            return False
        if not self._target(s, v, target, "rel"):
            self.error("POSE_RELATIVE_TO_INVALID", f"{v.kind} {name!r}: relative_to "
                       f"{target!r} names no frame or model of world {s.name!r}"
                       f"{s.did_you_mean(target, s.names(but=name))}", line)
            return False
        return True

    def top_model_pose(self, model: Model) -> None:
        """A model at the document root has no outer scope for its relative_to."""
        written = model.pose.relative_to or ""
        if written == MODEL_FRAME:
            self.error("POSE_RELATIVE_TO_CYCLE", f"model {model.name!r}: pose relative_to "
                       "__model__ (its own frame) is a cycle", model.pose.line or model.line)
        elif written:
            self.error("POSE_RELATIVE_TO_INVALID", f"model {model.name!r}: relative_to "
                       f"{written!r} names no frame outside the model",
                       model.pose.line or model.line)


@record(kw_only=True)
class _Graph:
    """One of a scope's two frame graphs, as :class:`_GraphCheck` walks it."""

    #: the :class:`Vertex` field holding each vertex's one edge ("att" or "rel")
    edge: str
    #: the graph's name in messages, and what every vertex must lead to
    label: str
    end: str
    cycle_code: str
    graph_code: str
    is_terminal: Callable[[Vertex], bool]
    #: the line to blame for a vertex
    line_of: Callable[[Vertex], int | None]
    #: the :attr:`Vertex.mark` of a vertex that leads to a terminal (+1: it does not;
    #: marks below are an earlier graph's)
    fine: int


def _vertex_line(v: Vertex) -> int | None:
    return v.line


def _rel_line(v: Vertex) -> int | None:
    return v.rel_line or v.line


def _is_root(v: Vertex) -> bool:
    return v.kind == "root"


class _GraphCheck:
    """Walk a one-edge-per-vertex graph of a scope: report cycles and dead ends once each.

    Each vertex's outcome is kept in its ``mark`` (:attr:`_Graph.fine`, or one more
    when it does not lead to a terminal); ``bad`` vertices have an invalid edge,
    already reported.
    """

    def __init__(self, builder: _Builder, s: Scope, graph: _Graph, bad: set[str]) -> None:
        self.builder = builder
        self.s = s
        self.graph = graph
        self.bad = bad
        self.scope_word = "world" if s.kind == "world" else "model"
        #: document order, made when a cycle needs it
        self.order: dict[str, int] = {}

    def run(self) -> list[str]:
        """The vertices that do not reach a terminal (unresolvable), by name."""
        fine = self.graph.fine
        lost = fine + 1
        unresolvable: list[str] = []
        for v in self.s.vertices.values():
            if v.mark >= fine:
                continue
            if self._one_step(v):
                if v.mark == lost:
                    unresolvable.append(v.name)
                continue
            path, outcome = self._follow(v)
            for c in path:
                c.mark = outcome
                if outcome == lost:
                    unresolvable.append(c.name)
        return unresolvable

    def _one_step(self, v: Vertex) -> bool:
        """The common case: ``v`` leads in one step to a vertex already decided, whose
        outcome it takes."""
        graph = self.graph
        if v.name in self.bad or graph.is_terminal(v):
            return False
        nxt = getattr(v, graph.edge)
        if nxt is None or nxt == v.name:
            return False
        known = self.s.vertices[nxt].mark
        if known < graph.fine:
            return False
        v.mark = known
        return True

    def _follow(self, v: Vertex) -> tuple[list[Vertex], int]:
        """The path walked from ``v`` to a decided, terminal, bad or repeated vertex (the
        vertices to mark), and their outcome."""
        graph, vs = self.graph, self.s.vertices
        lost = graph.fine + 1
        path: list[Vertex] = []
        on_path: dict[str, int] = {}
        cur = v
        while cur.mark < graph.fine:
            name = cur.name
            if name in on_path:
                self._cycle(path[on_path[name]:])
                return path, lost
            if name in self.bad or graph.is_terminal(cur):
                path.append(cur)
                return path, lost if name in self.bad else graph.fine
            on_path[name] = len(path)
            path.append(cur)
            nxt = getattr(cur, graph.edge)
            if nxt is None:
                self.builder.error(graph.graph_code, f"{cur.kind} {name!r}: the {graph.label} "
                                   f"graph of {self.scope_word} {self.s.scoped_name!r} does "
                                   f"not lead to {graph.end}", cur.line)
                return path, lost
            cur = vs[nxt]
        return path, cur.mark

    def _cycle(self, cycle: list[Vertex]) -> None:
        """Report a cycle once, at its member written last."""
        if not self.order:
            self.order = {n: i for i, n in enumerate(self.s.vertices)}
        line_of, order = self.graph.line_of, self.order
        last = max(cycle, key=lambda c: (line_of(c) or 0, order[c.name]))
        names = " -> ".join([*(c.name for c in cycle), cycle[0].name])
        self.builder.error(self.graph.cycle_code, f"cycle in the {self.graph.label} graph of "
                           f"{self.scope_word} {self.s.scoped_name!r}: {names}", line_of(last))


def _included_name(x: Extra) -> str | None:
    """The name of the model an ``<include>`` kept unread (``x``) would add: its
    ``<name>``, else the model a Fuel URI names (the model's own name is in the file)."""
    from urdfsdf.sdf.includes import uri_model_name
    from urdfsdf.xml.parse import from_string

    el = from_string(x.xml)
    name = (el.findtext("name") or "").strip()
    return name or uri_model_name(el.findtext("uri") or "")


def _unnamed_children(s: Scope) -> set[str]:
    """Joints whose child names no frame of the scope (phase 4 reported them)."""
    return {j.name for j in s.joints.values() if j.child == j.name or j.child == WORLD
            or not (j.child in s.vertices or s.find(j.child) is not None)}


def _has_scoped_link(scope: Scope, path: str) -> bool:
    head, sep, rest = path.partition("::")
    if not sep:
        return head in scope.links
    child = scope.children.get(head)
    return child is not None and _has_scoped_link(child, rest)


def _extra_poses(extras: tuple[Extra, ...]) -> Iterator[tuple[str, str | None, Pose]]:
    """Poses with relative_to of lights, sensors, ... kept verbatim in a link."""
    for x in extras:
        pose = x.pose
        if pose is not None and pose.relative_to:
            yield x.tag, tag_and_name(x.xml)[1], pose


def placed_model_pose(scope: Scope, model: Model) -> Transform | None:
    """``X_RM`` of a model placed by its //model/pose (and @placement_frame), in R.

    R is the frame the pose is measured in; ``scope`` is the model's own.
    """
    x_rpf = tf.pose_transform(model.pose)
    if not model.placement_frame:
        return x_rpf
    x_mpf = scope.pose_of(model.placement_frame)
    return None if x_mpf is None else tf.compose(x_rpf, tf.inverse(x_mpf))


def analyze(doc: SdfDocument, diags: Diagnostics) -> Semantics:
    """Validate every model and world of ``doc`` and prepare their poses."""
    builder = _Builder(diags, version_of(doc.version))
    sem = Semantics()
    builder.check_names([("model", m.name, m.line) for m in doc.models]
                        + [("world", w.name, w.line) for w in doc.worlds], "the document")
    for model in doc.models:
        builder.top_model_pose(model)
        scope = builder.model_scope(model, model.name)
        if model.placement_frame and scope.find(model.placement_frame) is None:
            builder.error("POSE_RELATIVE_TO_INVALID", f"model {model.name!r}: placement_frame "
                          f"{model.placement_frame!r} names no frame of the model"
                          f"{did_you_mean(model.placement_frame, scope.names())}",
                          model.line)
        for sub in scope.walk():
            sem.models[sub.scoped_name] = sub
    for world in doc.worlds:
        ws = builder.world_scope(world)
        sem.worlds[world.name] = ws
        for child in ws.children.values():
            for sub in child.walk():
                sem.models[sub.scoped_name] = sub
    return sem


def analyze_model(model: Model, diags: Diagnostics, version: str = "1.7") -> Scope:
    """Validate one model (with its nested models) and return its scope."""
    return analyze(SdfDocument(version, (model,)), diags).models[model.name]
