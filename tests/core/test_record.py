"""core/record: the IR's records are slots dataclasses, frozen to the type checker.

The IR is public ("the IR for those who want objects"), and users copy and inspect
nodes with ``dataclasses``: ``replace``, ``fields``, ``asdict`` and ``is_dataclass`` take
records; equality and hashing are by value, records pickle, and assigning to a field
is a type error (``@record`` is ``@dataclass(frozen=True, slots=True)`` to mypy).
"""

from __future__ import annotations

import dataclasses
import pickle
from pathlib import Path

import pytest

from urdfsdf.api import Result
from urdfsdf.core.ir import AsWritten, Geometry, Joint, Link, Model, SdfLimit, evolve
from urdfsdf.core.record import record


def test_ir_nodes_are_dataclasses() -> None:
    g = Geometry("box", size=("1", "2", "3"), line=7)
    assert dataclasses.is_dataclass(g) and dataclasses.is_dataclass(Link)
    assert [f.name for f in dataclasses.fields(g)] == list(Geometry.__match_args__)
    moved = dataclasses.replace(g, line=None)
    assert moved == Geometry("box", size=("1", "2", "3")) and moved.line is None and g.line == 7
    assert dataclasses.asdict(g)["size"] == ("1", "2", "3")
    assert evolve(g, line=None) == moved and type(evolve(g, line=3)) is Geometry
    with pytest.raises(TypeError):
        dataclasses.replace(g, colour="red")
    with pytest.raises(TypeError):
        evolve(g, colour="red")
    assert not hasattr(g, "__dict__")  # slots


def test_records_hash_by_value_and_pickle() -> None:
    j = Joint("j", "revolute", "a", "b")
    assert hash(j) == hash(Joint("j", "revolute", "a", "b"))
    assert j != Joint("k", "revolute", "a", "b")
    assert pickle.loads(pickle.dumps(j)) == j
    m = Model("m", links=(Link("a"),))
    assert pickle.loads(pickle.dumps(m)) == m


def test_subclasses_keep_their_parents_defaults() -> None:
    # (the home-made records lost them: AsWritten("t", "x") wanted line and pose)
    assert AsWritten("t", "x") == AsWritten("t", "x", None, None, "", None)
    assert SdfLimit("t", "x", effort="1").pose is None


def test_mutable_dataclasses_and_kw_only_records() -> None:
    a, b = Result(None), Result(None)
    a.diagnostics.append(None)  # type: ignore[arg-type]
    assert b.diagnostics == [] and a != b
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


def test_records_are_read_only_to_the_type_checker(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    api = pytest.importorskip("mypy.api")
    import urdfsdf

    monkeypatch.setenv("MYPYPATH", str(Path(urdfsdf.__file__).parents[1]))  # this tree's
    code = tmp_path / "assign.py"
    code.write_text("from urdfsdf.core.ir import Joint\n"
                    "j = Joint('j', 'revolute', 'a', 'b')\n"
                    "j.name = 'k'\n"
                    "r = Joint('j', 'revolute', 'a', 'b', extras=())\n")
    out, _, status = api.run([str(code), "--no-incremental", "--follow-imports=silent",
                              "--python-version=3.11", "--no-error-summary",
                              "--config-file=", f"--cache-dir={tmp_path / 'cache'}"])
    assert status == 1 and out.strip().endswith('Property "name" defined in "Joint" is '
                                               "read-only  [misc]"), out
    assert out.count("error:") == 1, out
