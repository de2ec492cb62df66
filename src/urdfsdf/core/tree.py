"""The joint tree over a model's links: the edge above each link, the roots, loops.

One walk serves every place that needs the tree (the URDF reader's check,
the URDF-shape check of SDF models, the transform path); each maps what it
finds to its own diagnostics.  Iterative and linear: each link is visited
once, so a 100k-link chain is fine.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Generic, TypeVar

E = TypeVar("E")


@dataclass(slots=True)
class Tree(Generic[E]):
    """What :func:`tree_of` found."""

    #: the edge (joint) above each child link
    above: dict[str, E] = field(default_factory=dict)
    #: the links with no edge above, in the order they were given
    roots: list[str] = field(default_factory=list)
    #: a link on a loop of edges (the first found, walking the links in order)
    loop: str | None = None


def tree_of(links: Iterable[str], edges: Iterable[E], parent: Callable[[E], str],
            child: Callable[[E], str], repeat: Callable[[E, E], E] | None = None) -> Tree[E]:
    """The tree of ``edges`` (each from ``parent(e)`` to ``child(e)``) over ``links``.

    ``repeat(kept, new)`` chooses the edge above a link that several name as child
    (default: the first); the caller reports the choice.  A parent that is not in
    ``links`` (``world``) ends a walk up like a root.
    """
    above: dict[str, E] = {}
    for e in edges:
        c = child(e)
        kept = above.get(c)
        above[c] = e if kept is None else (repeat(kept, e) if repeat is not None else kept)
    order = list(links)
    tree = Tree(above, [n for n in order if n not in above])
    # walk up from each link; a walk that meets its own path is a loop
    done: set[str] = set()
    for start in order:
        path: list[str] = []
        on_path: set[str] = set()  # a list search here made long chains quadratic
        node = start
        while node not in done:
            if node in on_path:
                tree.loop = node
                return tree
            path.append(node)
            on_path.add(node)
            up = above.get(node)
            if up is None:
                break
            node = parent(up)
        done.update(path)
    return tree
