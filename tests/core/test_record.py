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


#: run by test_no_record_changes_once_made in a fresh interpreter: every conversion of
#: the files named on the command line, as JSON; with "frozen", every @record is
#: dataclass(frozen=True, slots=True) at run time too, where assigning to a field raises
_CONVERT = r'''
import dataclasses, json, sys
import urdfsdf.core.record as record_module

if sys.argv[1] == "frozen":  # before any record is defined
    record_module.record = lambda cls=None, /, *, kw_only=False: dataclasses.dataclass(
        cls, frozen=True, slots=True, kw_only=kw_only)
from urdfsdf.api import sdf_to_urdf_result, urdf_to_sdf_result
from urdfsdf.commands.check import check_source
from urdfsdf.commands.poses import poses_source
from urdfsdf.core.ir import Link

def codes(diagnostics):
    return [(d.code, d.line) for d in diagnostics]

out = [Link.__dataclass_params__.frozen]
for path in sys.argv[2:]:
    data = open(path, "rb").read()
    steps = ([("urdf2sdf", urdf_to_sdf_result), ("lumped", lambda d: urdf_to_sdf_result(
        d, lump_fixed_joints=True))] if path.endswith(".urdf") else [("sdf2urdf",
        sdf_to_urdf_result)])
    for name, convert in steps:
        try:
            result = convert(data)
            out.append([path, name, result.text, codes(result.diagnostics)])
        except Exception as exc:  # noqa: BLE001 - compared: the same in both runs
            out.append([path, name, type(exc).__name__])
    report = check_source(data)
    poses, diags = poses_source(data)
    out.append([path, "check", report.summary, codes(report.diagnostics)])
    out.append([path, "poses", poses, codes(diags)])
print(json.dumps(out))
'''


def test_no_record_changes_once_made() -> None:
    # Records are not frozen at run time (the module docstring says why): this runs the
    # converters, check and poses on the test files and samples with frozen records
    # (an assignment to a field raises FrozenInstanceError) and with the run-time ones,
    # and the two must give the same outputs and diagnostics.
    import json
    import os
    import subprocess
    import sys

    import urdfsdf

    root = Path(__file__).parents[2]
    files = sorted(str(p) for folder in ("tests/data/urdf", "tests/data/sdf", "samples")
                   for p in (root / folder).glob("*.*df"))
    assert len(files) > 40
    env = {**os.environ, "PYTHONPATH": str(Path(urdfsdf.__file__).parents[1])}
    runs = [subprocess.run([sys.executable, "-c", _CONVERT, mode, *files], env=env,
                           capture_output=True, text=True, check=True, timeout=300)
            for mode in ("frozen", "plain")]
    frozen, plain = (json.loads(run.stdout) for run in runs)
    assert "FrozenInstanceError" not in runs[0].stdout + runs[0].stderr
    assert frozen[0] is True and plain[0] is False  # (what each run made of records)
    assert len(frozen) > 3 * len(files) and frozen[1:] == plain[1:]
