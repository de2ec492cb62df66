"""Records: the small immutable classes of the IR (and a few others), built cheaply.

``@record`` turns an annotated class into what ``@dataclass(frozen=True,
slots=True)`` makes of it: an ``__init__`` taking the fields in order (with their
defaults), ``__slots__``, equality and hashing by value (same class, same field
values), a ``repr``, assignment refused (``AttributeError``), pickling, and an
:func:`evolve` copy with some fields changed.  ``@record(frozen=False)`` leaves
instances mutable (and unhashable, as a dataclass with ``eq`` is);
``factory(list)`` as a default gives each instance its own value, as
``field(default_factory=list)`` does; ``kw_only=True`` is dataclasses' own.  Type
checkers read such classes as dataclasses (``typing.dataclass_transform``, PEP 681).

Why not ``dataclasses``: command-line users pay for every import on every call
(issue 18's cold start target).  Importing ``dataclasses`` (which imports
``inspect``) and building the IR's classes with it compiled ~160 small functions
at start-up, a third of urdfsdf's import time.  Here each class costs one small
``exec``; equality, hashing, ``repr`` and :func:`evolve` are shared functions over
an ``operator.attrgetter`` of the fields.

Building a frozen record is a hot path (every IR node).  A frozen class refuses
assignment with its own ``__setattr__``, which every ``self.x = v`` would call;
setting each slot through its descriptor costs ~85 ns a field.  Instead each frozen
record has a hidden *unfrozen twin*: a subclass with the same layout and plain
assignment.  ``__new__`` makes the node as the twin, assigns the fields, then gives it
its real class (``__class__`` assignment between classes of one layout): measured
800 -> 280 ns for eight fields.  :func:`evolve` copies the same way.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import TYPE_CHECKING, Any, TypeVar, cast, overload

if TYPE_CHECKING:
    from typing_extensions import dataclass_transform
else:
    def dataclass_transform(**_: object) -> Callable[[Any], Any]:
        """PEP 681's marker: nothing to do at run time (``typing`` has it from 3.11)."""
        return lambda f: f

_T = TypeVar("_T")
_C = TypeVar("_C", bound=type)
_new = object.__new__


class _Factory:
    """A default made afresh for each instance (see :func:`factory`)."""

    __slots__ = ("make",)

    def __init__(self, make: Callable[[], Any]) -> None:
        self.make = make


def factory(make: Callable[[], _T]) -> _T:
    """A field default made afresh for each instance: ``items: list[X] = factory(list)``
    (``dataclasses.field(default_factory=list)``)."""
    return cast(_T, _Factory(make))


def _eq(self: Any, other: Any) -> Any:
    if other.__class__ is not self.__class__:
        return NotImplemented
    key = self._key
    return key(self) == key(other)


def _ne(self: Any, other: Any) -> Any:
    if other.__class__ is not self.__class__:
        return NotImplemented
    key = self._key
    return key(self) != key(other)


def _hash(self: Any) -> int:
    return hash(self._key(self))


def _repr(self: Any) -> str:
    values = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields)
    return f"{self.__class__.__qualname__}({values})"


def _frozen_setattr(self: Any, name: str, value: object) -> None:
    raise AttributeError(f"cannot assign to field {name!r} of a frozen "
                         f"{self.__class__.__name__}")


def _frozen_delattr(self: Any, name: str) -> None:
    raise AttributeError(f"cannot delete field {name!r} of a frozen {self.__class__.__name__}")


def _reduce(self: Any) -> tuple[object, ...]:
    cls = self.__class__
    values = tuple(getattr(self, name) for name in self._fields)
    if cls._kw_only:
        return (_make_kw, (cls, dict(zip(self._fields, values, strict=True))))
    return (cls, values)


def _make_kw(cls: type[_T], values: dict[str, Any]) -> _T:
    """Unpickle a keyword-only record."""
    return cls(**values)


#: per record class, its evolve function (see :func:`evolve`)
_EVOLVE: dict[type, Callable[[Any, dict[str, Any]], Any]] = {}


def _fields_of(cls: type) -> list[str]:
    """The annotated fields of ``cls`` and its record bases, in definition order."""
    names: list[str] = []
    for klass in reversed(cls.__mro__):
        for name, hint in klass.__dict__.get("__annotations__", {}).items():
            if "ClassVar" in str(hint) or name in names:
                continue
            names.append(name)
    return names


def _unfrozen_twin(frozen_cls: type) -> type:
    """A subclass of ``frozen_cls`` with its layout and plain slot assignment
    (``object.__setattr__`` in the class dict makes the type's setattr slot the generic
    C one again), never seen outside this module."""
    return type(frozen_cls)(f"{frozen_cls.__name__}", (frozen_cls,),
                            {"__slots__": (), "__setattr__": object.__setattr__,
                             "__delattr__": object.__delattr__,
                             "__qualname__": f"{frozen_cls.__qualname__}.<unfrozen>",
                             "__module__": frozen_cls.__module__})


def _build(cls: type, frozen: bool, kw_only: bool) -> type:
    names = _fields_of(cls)
    defaults: dict[str, object] = {}
    body = {k: v for k, v in cls.__dict__.items() if k not in ("__dict__", "__weakref__")}
    for name in names:
        if name in body:
            defaults[name] = body.pop(name)
        elif defaults and not kw_only:
            raise TypeError(f"{cls.__name__}: field {name!r} without a default follows one "
                            "with a default")
    inherited = _slots_of_bases(cls)
    own = [n for n in names if n not in inherited]
    body["__slots__"] = tuple(own)
    new_cls: type = type(cls)(cls.__name__, cls.__bases__, body)
    new_cls.__qualname__ = cls.__qualname__

    env: dict[str, object] = {}
    # sets: plain assignments (a mutable record, or a frozen one's unfrozen twin);
    # through_slots: the slots' descriptors, for a frozen class's own subclasses (not
    # records), which may have another layout
    args, sets, through_slots = [], [], []
    for name in names:
        setter = f"_s_{name}"
        env[setter] = getattr(new_cls, name).__set__
        value = name
        if name in defaults:
            default = defaults[name]
            env[f"_d_{name}"] = default
            args.append(f"{name}=_d_{name}")
            if isinstance(default, _Factory):
                value = f"{name}.make() if {name} is _d_{name} else {name}"
        else:
            args.append(name)
        sets.append(f"    self.{name} = {value}\n")
        through_slots.append(f"        {setter}(self, {value})\n")
    if kw_only and args:
        args.insert(0, "*")
    params = ", ".join(args)
    env["_new"], env["_cls"], env["_names"] = _new, new_cls, frozenset(names)
    if frozen:
        twin = _unfrozen_twin(new_cls)
        env["_twin"] = twin
        make = (f"def __new__(cls, {params}):\n"
                f"    if cls is not _cls:\n"
                f"        self = _new(cls)\n{''.join(through_slots)}"
                f"        return self\n"
                f"    self = _new(_twin)\n{''.join(sets)}"
                f"    self.__class__ = _cls\n"
                f"    return self\n")
        start, finish = "    new = _new(_twin)\n", "    new.__class__ = _cls\n"
    else:
        make = f"def __init__(self, {params}):\n{''.join(sets) or '    pass'}\n"
        start, finish = "    new = _new(_cls)\n", ""
    # evolve: the node's values, some replaced, set without a constructor call
    copies = "".join(f"    new.{name} = changes[{name!r}] if {name!r} in changes "
                     f"else node.{name}\n" for name in names)
    src = (f"{make}"
           f"def _evolve(node, changes):\n"
           f"    if not _names.issuperset(changes):\n"
           f"        bad = sorted(set(changes) - _names)[0]\n"
           f"        raise TypeError(f'{cls.__name__} has no field {{bad!r}}')\n"
           f"{start}{copies}{finish}    return new\n")
    namespace: dict[str, Any] = {}
    exec(src, env, namespace)  # noqa: S102 - generated from field names only
    if frozen:
        maker = namespace["__new__"]
        maker.__qualname__ = f"{cls.__qualname__}.__new__"
        new_cls.__new__ = maker  # type: ignore[method-assign]
    else:
        init = namespace["__init__"]
        init.__qualname__ = f"{cls.__qualname__}.__init__"
        new_cls.__init__ = init  # type: ignore[misc]
    new_cls._fields = tuple(names)  # type: ignore[attr-defined]
    new_cls._kw_only = kw_only  # type: ignore[attr-defined]
    new_cls._frozen = frozen  # type: ignore[attr-defined]
    new_cls._defaults = defaults  # type: ignore[attr-defined]
    new_cls.__dataclass_fields__ = _AsDataclass("__dataclass_fields__")  # type: ignore[attr-defined]
    new_cls.__dataclass_params__ = _AsDataclass("__dataclass_params__")  # type: ignore[attr-defined]
    new_cls.__match_args__ = tuple(names)  # type: ignore[misc,attr-defined]
    new_cls._key = (attrgetter(*names) if len(names) > 1  # type: ignore[attr-defined]
                    else (lambda self, g=attrgetter(names[0]): (g(self),)) if names
                    else (lambda self: ()))
    new_cls.__eq__ = _eq  # type: ignore[assignment]
    new_cls.__ne__ = _ne  # type: ignore[assignment]
    new_cls.__hash__ = _hash if frozen else None  # type: ignore[assignment]
    if "__repr__" not in body:
        new_cls.__repr__ = _repr  # type: ignore[assignment]
    new_cls.__reduce__ = _reduce  # type: ignore[assignment]
    if frozen:
        new_cls.__setattr__ = _frozen_setattr  # type: ignore[assignment]
        new_cls.__delattr__ = _frozen_delattr  # type: ignore[assignment]
    _EVOLVE[new_cls] = namespace["_evolve"]
    return new_cls


class _AsDataclass:
    """``__dataclass_fields__`` and ``__dataclass_params__`` of a record, made when first
    asked for, so that ``dataclasses.fields``, ``replace``, ``asdict`` and
    ``is_dataclass`` take records as the dataclasses they stand for (IR users may rely on
    them) while a command that never asks does not import ``dataclasses`` at all."""

    __slots__ = ("attribute",)

    def __init__(self, attribute: str) -> None:
        self.attribute = attribute

    def __get__(self, instance: object, owner: type) -> Any:
        import dataclasses

        names: tuple[str, ...] = owner._fields  # type: ignore[attr-defined]
        defaults: dict[str, object] = owner._defaults  # type: ignore[attr-defined]
        hints: dict[str, Any] = {}
        for klass in reversed(owner.__mro__):
            hints.update(klass.__dict__.get("__annotations__", {}))
        specs: list[tuple[str, Any, Any]] = []
        for name in names:
            if name not in defaults:
                specs.append((name, hints.get(name, Any), dataclasses.field()))
                continue
            default = defaults[name]
            spec = (dataclasses.field(default_factory=default.make)
                    if isinstance(default, _Factory) else dataclasses.field(default=default))
            specs.append((name, hints.get(name, Any), spec))
        twin = dataclasses.make_dataclass(owner.__name__, specs,
                                          frozen=owner._frozen,  # type: ignore[attr-defined]
                                          kw_only=owner._kw_only)  # type: ignore[attr-defined]
        for attribute in ("__dataclass_fields__", "__dataclass_params__"):
            setattr(owner, attribute, getattr(twin, attribute))
        return getattr(owner, self.attribute)


def _slots_of_bases(cls: type) -> set[str]:
    found: set[str] = set()
    for base in cls.__mro__[1:]:
        found.update(base.__dict__.get("__slots__", ()))
    return found


@overload
def record(cls: _C, /) -> _C: ...
@overload
def record(*, frozen: bool = True, kw_only: bool = False) -> Callable[[_C], _C]: ...


@dataclass_transform(frozen_default=True, field_specifiers=())
def record(cls: Any = None, /, *, frozen: bool = True, kw_only: bool = False) -> Any:
    """Make ``cls`` a record (see the module docstring); ``frozen=False``: mutable;
    ``kw_only``: ``__init__`` takes keywords only."""
    if cls is None:
        return lambda c: _build(c, frozen, kw_only)
    return _build(cls, frozen, kw_only)


def evolve(node: _T, **changes: Any) -> _T:
    """A copy of ``node`` with ``changes`` (``dataclasses.replace`` for records).

    Unknown field names raise ``TypeError``, as ``replace`` does.  Other dataclasses
    are copied with ``dataclasses.replace``.
    """
    fast = _EVOLVE.get(type(node))
    if fast is None:  # another dataclass (a converter's own)
        from dataclasses import replace

        return replace(node, **changes)  # type: ignore[type-var]
    return fast(node, changes)  # type: ignore[no-any-return]


def register_evolve(cls: type, fn: Callable[[Any, dict[str, Any]], Any]) -> None:
    """Let :func:`evolve` copy ``cls`` (a hand-made immutable class) with ``fn``."""
    _EVOLVE[cls] = fn
