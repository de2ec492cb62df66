"""The joint tree over a model's links: the edge above each link, the roots, loops.

One walk (:func:`tree_of`) serves every place that needs the tree (the URDF
tree rules below, the URDF-shape check of SDF models, the transform path); each
maps what it finds to its own diagnostics.  Iterative and linear: each link is
visited once, so a 100k-link chain is fine.

The URDF tree rules (:func:`check_urdf_names`, :func:`check_urdf_tree`: each name
defined once, joints naming defined links, one root (or several, a warning: Drake
reads each as a free body), no loop) have their one home
here, beside the walk, so that every caller checks a model the same way without
importing a reader: the URDF reader on its input, the self-check of sdf2urdf's
output (:mod:`urdfsdf.translate.output_check`), urdf2sdf (the root link) and
``urdfsdf poses``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import field
from typing import Generic, Protocol, TypeVar

from urdfsdf.core.diagnostics import Diagnostics, Severity, did_you_mean
from urdfsdf.core.ir import Joint, Model
from urdfsdf.core.record import mutable_record


class Edge(Protocol):
    """A joint, as the tree sees it: the link above and the link below."""

    @property
    def parent(self) -> str: ...

    @property
    def child(self) -> str: ...


E = TypeVar("E", bound=Edge)


@mutable_record
class Tree(Generic[E]):
    """What :func:`tree_of` found."""

    #: the edge (joint) above each child link
    above: dict[str, E] = field(default_factory=dict)
    #: the links with no edge above, in the order they were given
    roots: list[str] = field(default_factory=list)
    #: a link on a loop of edges (the first found, walking the links in order)
    loop: str | None = None


def tree_of(links: Iterable[str], edges: Iterable[E],
            repeat: Callable[[E, E], E] | None = None) -> Tree[E]:
    """The tree of ``edges`` (joints: each from ``e.parent`` to ``e.child``) over ``links``.

    ``repeat(kept, new)`` chooses the edge above a link that several name as child
    (default: the first); the caller reports the choice.  A parent that is not in
    ``links`` (``world``) ends a walk up like a root.
    """
    above: dict[str, E] = {}
    for e in edges:
        c = e.child
        kept = above.get(c)
        above[c] = e if kept is None else (repeat(kept, e) if repeat is not None else kept)
    order = list(links)
    tree = Tree(above, [n for n in order if n not in above])
    # walk up from each link; a walk that meets its own path is a loop
    state: dict[str, bool] = {}  # True: leads to a root; False: on the walk in progress
    for start in order:
        if state.get(start):
            continue
        path: list[str] = []
        node = start
        while True:
            known = state.get(node)
            if known:
                break
            if known is False:
                tree.loop = node
                return tree
            state[node] = False
            path.append(node)
            up = above.get(node)
            if up is None:
                break
            node = up.parent
        for n in path:
            state[n] = True
    return tree


@mutable_record
class Spanning(Generic[E]):
    """What :func:`spanning_forest` kept and cut."""

    #: the edge (joint) above each link reached
    above: dict[str, E] = field(default_factory=dict)
    #: the root of each tree, the first one's first
    roots: list[str] = field(default_factory=list)
    #: the edges left out (each closes a loop, or joins two trees), in the order given
    cut: list[E] = field(default_factory=list)


def spanning_forest(links: Iterable[str], edges: Iterable[E], first: str) -> Spanning[E]:
    """A spanning forest of ``edges`` over ``links``, depth first in the order given.

    The walk starts at ``first`` (a link, or ``world``), then at each link that no
    edge names as child, then at each link still unreached (on a loop no root
    reaches), each in the order of ``links``.  The edges below a link are taken in
    the order given: the first that reaches a link is kept above it, and an edge to
    a link already reached is cut.  Iterative and linear in the edges.
    """
    order = list(links)
    below: dict[str, list[tuple[int, E]]] = {}
    children: set[str] = set()
    for i, e in enumerate(edges):
        below.setdefault(e.parent, []).append((i, e))
        children.add(e.child)
    out: Spanning[E] = Spanning()
    reached: set[str] = set()
    cut: list[tuple[int, E]] = []
    starts = [first, *(n for n in order if n not in children), *order]
    for start in starts:
        if start in reached:
            continue
        out.roots.append(start)
        reached.add(start)
        stack = [iter(below.get(start, ()))]
        while stack:
            step = next(stack[-1], None)
            if step is None:
                stack.pop()
            elif step[1].child in reached:
                cut.append(step)
            else:
                e = step[1]
                out.above[e.child] = e
                reached.add(e.child)
                stack.append(iter(below.get(e.child, ())))
    out.cut = [e for _, e in sorted(cut, key=lambda step: step[0])]
    return out


# -- the URDF tree rules ---------------------------------------------------------------
#
# urdfdom's parseURDF (urdf_parser/src/model.cpp) refuses a repeated name, and its
# initTree and initRoot (urdfdom_headers, urdf_model/model.h) a joint naming an undefined
# link, a link that is its own parent, several roots and loops.

def check_urdf_names(model: Model, diags: Diagnostics) -> None:
    """Links, joints and top-level materials each defined once (urdfdom refuses repeats)."""
    for kind, items in (("link", model.links), ("joint", model.joints),
                        ("material", model.materials)):
        seen: dict[str | None, int | None] = {}
        for item in items:
            if item.name in seen:
                diags.error("DUPLICATE_NAME", f"{kind} {item.name!r} is defined twice "
                            f"(first at line {seen[item.name]})", item.line)
            seen[item.name] = item.line


#: what the readers make of a robot with no link, and what urdf2sdf writes
LINKLESS = ("Drake reads an empty model (urdfdom and PyBullet refuse it); written as an "
            "SDF model without a link, which SDFormat defines only for a static one")


def check_urdf_tree(model: Model, diags: Diagnostics, *,
                    several_roots: Severity = "error") -> str | None:
    """Check the joints form a tree over the links; return the root link name.

    A robot with several root links is ``several_roots`` (a ``URDF_TREE_INVALID`` error,
    or a warning for each root but the first: Drake reads each as a free body); its root
    is then the first, or ``world`` (:func:`urdf_roots`).
    """
    edges, ok = _tree_edges(model, diags)
    links = dict.fromkeys(link.name for link in model.links)
    if implied_world(model):  # Drake's world body: the root (docs/lenient.md)
        links = {"world": None, **links}
    tree = tree_of(links, edges, _last)
    if not ok:
        return None
    if not model.links:  # (and no joint: a joint would name links it lacks)
        diags.warning("MODEL_WITHOUT_LINK", f"the robot has no link: {LINKLESS}", model.line)
        return None
    if not tree.roots:
        diags.error("URDF_TREE_INVALID", "the joints form a loop: no root link", model.line)
        return None
    roots = urdf_roots(tree.roots, any(e.parent == "world" for e in edges))
    if len(roots) > 1:
        _several_roots(model, roots, diags, several_roots)
        if several_roots == "error":
            return None
    if tree.loop is not None:  # loops not reachable from the root
        looped = model.link(tree.loop)
        diags.error("URDF_TREE_INVALID", f"links form a loop through {tree.loop!r}",
                    looped.line if looped else None)
        return None
    return roots[0]


def urdf_roots(roots: list[str], world_parent: bool) -> list[str]:
    """The root links of a URDF robot (``roots``: those no joint names as child, in
    document order), the root of the robot first: ``world`` when it is one and a joint
    hangs from it (``world_parent``: the world, to urdfdom, libsdformat and Drake), else
    the first other than an empty ``world``, which is then a root link like the others."""
    if len(roots) < 2 or "world" not in roots:
        return roots
    if world_parent:
        return ["world", *(r for r in roots if r != "world")]
    if roots[0] == "world":
        return [roots[1], "world", *roots[2:]]
    return roots


def _several_roots(model: Model, roots: list[str], diags: Diagnostics,
                   severity: Severity) -> None:
    """Report each root link but the robot's root (``roots[0]``)."""
    for name in roots[1:]:
        link = model.link(name)
        diags.add("URDF_TREE_INVALID", f"link {name!r} is a root link besides {roots[0]!r} "
                  "(no joint names it as child): a free body, as Drake reads it; urdfdom "
                  "refuses the robot (\"Two root links found\"), PyBullet warns (\"multiple "
                  "root links\")", link.line if link else None, severity=severity)


#: what the readers make of a joint whose parent is ``world`` where no link is
IMPLIED_WORLD = ("read as the world, as Drake reads it (urdfdom and PyBullet refuse the "
                 "robot; a <link name=\"world\"/> makes it valid URDF)")


def implied_world(model: Model) -> bool:
    """Whether a joint of ``model`` has ``world`` as parent and no link is named so:
    Drake reads that parent as its world body (urdfdom and PyBullet refuse the robot)."""
    return any(joint.parent == "world" for joint in model.joints) and \
        model.link("world") is None


def _tree_edges(model: Model, diags: Diagnostics) -> tuple[list[Joint], bool]:
    """The joints between two links of ``model`` (a link's parent: its last joint, as
    urdfdom), and whether every joint names defined links (the errors reported); a
    parent ``world`` where no link is named so is the world (:func:`implied_world`), a
    warning."""
    names = {link.name for link in model.links}
    ok = True
    edges: list[Joint] = []
    children: set[str] = set()
    for joint in model.joints:
        if joint.parent == "world" and "world" not in names:
            diags.warning("JOINT_PARENT_LINK_INVALID", f"joint {joint.name!r}: parent link "
                          f"'world' is not defined: {IMPLIED_WORLD}", joint.line)
        elif joint.parent not in names:
            diags.error("JOINT_PARENT_LINK_INVALID", f"joint {joint.name!r}: parent link "
                        f"{joint.parent!r} is not defined{did_you_mean(joint.parent, names)}",
                        joint.line)
            ok = False
        if joint.child not in names:
            diags.error("JOINT_CHILD_LINK_INVALID", f"joint {joint.name!r}: child link "
                        f"{joint.child!r} is not defined{did_you_mean(joint.child, names)}",
                        joint.line)
            ok = False
        if joint.parent == joint.child:
            diags.error("JOINT_PARENT_SAME_AS_CHILD", f"joint {joint.name!r}: parent and "
                        f"child are both {joint.child!r}", joint.line)
            ok = False
        else:
            if joint.child in children:
                # urdfdom keeps the last joint as the link's parent and accepts the file
                diags.warning("URDF_TREE_INVALID", f"link {joint.child!r} is the child of "
                              "several joints; the last one defines its frame (as urdfdom)",
                              joint.line)
            children.add(joint.child)
            edges.append(joint)
    return edges, ok


def _last(kept: Joint, new: Joint) -> Joint:
    return new
