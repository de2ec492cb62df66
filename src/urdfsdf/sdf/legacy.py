"""Names of SDFormat documents older than 1.7, renamed as libsdformat renames them."""

from __future__ import annotations

from typing import TypeVar

from urdfsdf.core.diagnostics import Diagnostics
from urdfsdf.core.ir import Frame, Joint, Link, Model, evolve

Named = TypeVar("Named", Link, Joint, Frame, Model)


class LegacyNames:
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
