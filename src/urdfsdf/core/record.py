"""Records: the small immutable classes of the IR (and a few others), as dataclasses.

``@record`` is ``@dataclass(frozen=True, slots=True)`` to the type checker (PEP 681's
``dataclass_transform``: assigning to a field is a type error) and
``@dataclass(slots=True)`` at run time, with equality and hashing by value and a
``repr`` as ``@dataclass(slots=True, unsafe_hash=True)`` gives them: the same
``__init__``, ``__slots__``, ``__eq__``, ``__hash__``, ``repr``, pickling and
``dataclasses.replace``; ``@record(kw_only=True)`` is dataclasses' own.  Records that
are meant to change are ``@mutable_record``: ``@dataclass(slots=True)``, with the same
shared ``__eq__`` and ``__repr__`` and no hash (as dataclasses makes them).

``__eq__``, ``__hash__`` and ``__repr__`` are three functions every record shares (they
take the fields' values with one :func:`operator.attrgetter` made per class), not
compiled for each class: dataclasses compiles each method from source, about 0.15 ms
a method, and the 38 records on ``urdf2sdf``'s path made that a tenth of its start
(``urdf2sdf samples/parity.urdf``, whole process: 374M instructions against 422M; the
six mutable records on it: 320M against 313M).

Why not frozen at run time, nor dataclasses' own ``__eq__``/``__hash__``/``__repr__``:
measured in session 22 (issue 51) against this module, Python 3.11, lxml 6.1, 2-core
machine (instructions: callgrind; docs/performance.md, "Records"):

=============================================  ======  ======================  ============
..                                             here    ``unsafe_hash=True``    frozen slots
=============================================  ======  ======================  ============
``urdf2sdf samples/parity.urdf``, process      314M    362M (+15%)             407M (+30%)
the same, time against ``import lxml.etree``   1.99x   2.33x                   2.42x
``ab.py``'s operations, 300 links              --      -0.4% to +0.2%          +5% to +20%
=============================================  ======  ======================  ============

A frozen dataclass's ``__init__`` sets each field through ``object.__setattr__``, and
each class compiles five methods at import; with ``unsafe_hash=True`` dataclasses
compiles three per class more than here (38 records on ``urdf2sdf``'s path).  Both miss
the start's target (2x ``python -c "import lxml.etree"``).  Records are still never
changed once made: assigning to a field is a type error (tested in
``tests/core/test_record.py``), and that test also runs conversions with every record
frozen at run time, where an assignment raises.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from operator import attrgetter
from typing import TYPE_CHECKING, Any, TypeVar, cast, overload

if TYPE_CHECKING:
    from typing_extensions import dataclass_transform
else:
    def dataclass_transform(**_: object) -> Callable[[Any], Any]:
        """PEP 681's marker: nothing to do at run time (``typing`` has it from 3.11)."""
        return lambda f: f

_C = TypeVar("_C", bound=type)


@overload
def record(cls: _C, /) -> _C: ...
@overload
def record(*, kw_only: bool = False) -> Callable[[_C], _C]: ...


@dataclass_transform(frozen_default=True, field_specifiers=(field,))
def record(cls: Any = None, /, *, kw_only: bool = False) -> Any:
    """Make ``cls`` a record (see the module docstring); ``kw_only``: ``__init__`` takes
    keywords only."""
    make = _record_kw if kw_only else _record
    return make if cls is None else make(cls)


@dataclass_transform(field_specifiers=(field,))
def mutable_record(cls: _C) -> _C:
    """Make ``cls`` a record meant to change (see the module docstring)."""
    made: Any = _make(cls, False)
    made.__hash__ = None  # (dataclasses' eq=True: equal by value, so not hashable)
    return cast(_C, made)


def _make(cls: Any, kw_only: bool) -> Any:
    """``cls`` as a slots dataclass whose ``__init__`` dataclasses compiles, with the
    value methods every record shares."""
    made: Any = dataclass(slots=True, eq=False, repr=False, kw_only=kw_only)(cls)
    names = tuple(f.name for f in fields(made))
    made._values = attrgetter(*names) if names else _no_values  # noqa: SLF001
    made.__eq__ = _eq
    made.__hash__ = _hash
    made.__repr__ = _repr
    return made


def _record(cls: Any) -> Any:
    """``@record``."""
    return _make(cls, False)


def _record_kw(cls: Any) -> Any:
    """``@record(kw_only=True)``."""
    return _make(cls, True)


def _no_values(_: object) -> tuple[()]:
    """The values of a record without fields."""
    return ()


def _eq(self: Any, other: Any) -> Any:
    """Equal: a record of the same class whose fields are equal, in order (dataclasses'
    ``__eq__``)."""
    if other.__class__ is not self.__class__:
        return NotImplemented
    return self._values(self) == self._values(other)


def _hash(self: Any) -> int:
    """The hash of the fields' values (dataclasses' ``unsafe_hash``)."""
    return hash(self._values(self))


def _repr(self: Any) -> str:
    """``Class(field=value, ...)``, as dataclasses writes it."""
    shown = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in fields(self))
    return f"{self.__class__.__qualname__}({shown})"
