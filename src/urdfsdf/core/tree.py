"""The joint tree over a model's links: the edge above each link, the roots, loops.

One walk serves every place that needs the tree (the URDF reader's check,
the URDF-shape check of SDF models, the transform path); each maps what it
finds to its own diagnostics.  Iterative and linear: each link is visited
once, so a 100k-link chain is fine.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Generic, Protocol, TypeVar

from urdfsdf.core.record import factory, record


class Edge(Protocol):
    """A joint, as the tree sees it: the link above and the link below."""

    @property
    def parent(self) -> str: ...

    @property
    def child(self) -> str: ...


E = TypeVar("E", bound=Edge)


@record(frozen=False)
class Tree(Generic[E]):
    """What :func:`tree_of` found."""

    #: the edge (joint) above each child link
    above: dict[str, E] = factory(dict)
    #: the links with no edge above, in the order they were given
    roots: list[str] = factory(list)
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
