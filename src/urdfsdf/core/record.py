"""Records: the small classes of the IR (and a few others), as standard dataclasses.

``@record`` is ``@dataclass(frozen=True, slots=True)`` (``@record(kw_only=True)``: with
keyword-only fields): immutable, equal and hashed by value, with dataclasses' own
``__init__``, ``__repr__``, pickling and ``dataclasses.replace``.  Records that are
meant to change are ``@mutable_record``: ``@dataclass(slots=True)`` (equal by value, so
not hashable).  A record is built whole: its values are computed first, and a change is
a new record (:func:`dataclasses.replace`, :func:`urdfsdf.core.ir.evolve`).

What the standard form costs against the forms it replaced: docs/performance.md,
"Records".
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar, cast, overload

if TYPE_CHECKING:
    from typing_extensions import dataclass_transform
else:
    def dataclass_transform(**_: object) -> Callable[[Any], Any]:
        """PEP 681's marker, for the type checker only (``typing`` has it from 3.11)."""
        return lambda f: f

_C = TypeVar("_C", bound=type)


@overload
def record(cls: _C, /) -> _C: ...
@overload
def record(*, kw_only: bool = False) -> Callable[[_C], _C]: ...


@dataclass_transform(frozen_default=True, field_specifiers=(field,))
def record(cls: Any = None, /, *, kw_only: bool = False) -> Any:
    """``@dataclass(frozen=True, slots=True)``; ``kw_only``: ``__init__`` takes keywords
    only."""
    return dataclass(cls, frozen=True, slots=True, kw_only=kw_only)


@dataclass_transform(field_specifiers=(field,))
def mutable_record(cls: _C) -> _C:
    """``@dataclass(slots=True)``: a record meant to change."""
    made: Any = dataclass(cls, slots=True)
    return cast(_C, made)
