"""core/record: the IR's records behave as the frozen dataclasses they stand for.

The IR is public ("the IR for those who want objects"), and users copy and inspect
nodes with ``dataclasses``: ``replace``, ``fields``, ``asdict`` and ``is_dataclass`` must
take records, and a command that never asks must not import ``dataclasses``.
"""

from __future__ import annotations

import dataclasses
import pickle
import subprocess
import sys

import pytest

from urdfsdf.api import Result
from urdfsdf.core.ir import Geometry, Joint, Link, Model, evolve
from urdfsdf.core.record import factory, record


def test_ir_nodes_are_dataclasses_to_the_dataclasses_module() -> None:
    g = Geometry("box", size=("1", "2", "3"), line=7)
    assert dataclasses.is_dataclass(g) and dataclasses.is_dataclass(Link)
    assert [f.name for f in dataclasses.fields(g)] == list(Geometry._fields)  # type: ignore[attr-defined]
    moved = dataclasses.replace(g, line=None)
    assert moved == Geometry("box", size=("1", "2", "3")) and moved.line is None and g.line == 7
    assert dataclasses.asdict(g)["size"] == ("1", "2", "3")
    assert evolve(g, line=None) == moved
    with pytest.raises(TypeError):
        dataclasses.replace(g, colour="red")
    with pytest.raises(TypeError):
        evolve(g, colour="red")


def test_records_are_frozen_hashable_and_picklable() -> None:
    j = Joint("j", "revolute", "a", "b")
    with pytest.raises(AttributeError):
        j.name = "k"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del j.name  # type: ignore[misc]
    assert hash(j) == hash(Joint("j", "revolute", "a", "b"))
    assert j != Joint("k", "revolute", "a", "b")
    assert pickle.loads(pickle.dumps(j)) == j
    m = Model("m", links=(Link("a"),))
    assert pickle.loads(pickle.dumps(m)) == m


def test_frozen_records_are_their_own_class_after_construction() -> None:
    # a frozen record is built as a hidden unfrozen twin and then given its class: what
    # users get is the record's class, frozen, also from evolve, and for a plain
    # subclass and for factory defaults
    @record
    class Box:
        items: tuple[int, ...] = ()
        extra: list[int] = factory(list)

    class Plain(Box):
        pass

    for node in (Box((1,)), evolve(Box((1,)), items=(2,)), Plain((1,)), Box.__new__(Box)):
        assert type(node) in (Box, Plain)
        with pytest.raises(AttributeError):
            node.items = (3,)  # type: ignore[misc]
    assert Box().extra is not Box().extra and Plain().extra == []
    assert type(Plain((1,))) is Plain and Plain((1,)).items == (1,)
    g = Geometry("box", size=("1", "2", "3"))
    assert type(g) is Geometry and type(evolve(g, line=3)) is Geometry


def test_mutable_records_and_factories() -> None:
    @record(frozen=False)
    class Bag:
        items: list[int] = factory(list)
        name: str = "x"

    a, b = Bag(), Bag()
    a.items.append(1)
    assert b.items == [] and a != b
    with pytest.raises(TypeError):
        hash(a)
    assert dataclasses.fields(Result)[1].default_factory is list  # type: ignore[misc]
    assert dataclasses.replace(Result(None), text="t") == Result("t")

    @record(kw_only=True)
    class K:
        a: int
        b: int = 2

    with pytest.raises(TypeError):
        K(1)  # type: ignore[misc]
    assert dataclasses.replace(K(a=1), b=3) == K(a=1, b=3)


def test_a_conversion_does_not_import_dataclasses() -> None:
    code = ("import sys\nfrom urdfsdf.commands.cli import main\n"
            "rc = main(['urdf2sdf', 'samples/parity.urdf'])\n"
            "print(rc, 'dataclasses' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=__file__.rsplit("/tests/", 1)[0])
    assert "<sdf" in out.stdout and out.stdout.splitlines()[-1] == "0 False", out.stderr
