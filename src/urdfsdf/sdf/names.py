"""SDFormat's name rules: the names it reserves and the frames they stand for.

One home for what the frame engine, the readers and the translators all need, kept
small so that ``urdf2sdf`` does not import the frame engine to check a name.
"""

from __future__ import annotations

from urdfsdf.core.ir import WORLD as WORLD  # the world frame (re-exported: SDFormat reserves it)

#: the implicit frame of a model (//pose/@relative_to, //frame/@attached_to)
MODEL_FRAME = "__model__"
#: joins the names of a reference into nested scopes (``outer::inner::frame``)
SCOPE_SEP = "::"


def is_reserved(name: str) -> bool:
    """``world`` and ``__*__`` are reserved (spec 3.3)."""
    return name == WORLD or (len(name) >= 4 and name.startswith("__") and name.endswith("__"))


def version_of(text: str) -> tuple[int, int]:
    """``(major, minor)`` of an SDFormat version text (1.7 if it does not read): which
    name rules apply (``::`` is reserved from 1.8)."""
    parts = text.split(".")[:2]
    try:
        return (int(parts[0]), int(parts[1])) if len(parts) == 2 else (1, 7)
    except ValueError:
        return (1, 7)
