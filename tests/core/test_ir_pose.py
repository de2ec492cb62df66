"""The compact IR Pose: same fields, equality, hashing and immutability as a dataclass.

A pose read from text (``Pose.parsed``) keeps only the string; its floats are
parsed when asked for and must equal what the full constructor holds.
"""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from urdfsdf.core.ir import IDENTITY, Link, Pose, evolve

finite = st.floats(allow_nan=False, allow_infinity=False, width=64)


@given(st.lists(finite, min_size=6, max_size=6), st.sampled_from([None, "", "L", "__model__"]),
       st.one_of(st.none(), st.integers(1, 10**6)))
def test_parsed_equals_constructed(values: list[float], rel: str | None,
                                   line: int | None) -> None:
    tokens = tuple(repr(v) for v in values)
    parsed = Pose.parsed("  " + "\n ".join(tokens) + " ", rel, line)
    built = Pose(tuple(values[:3]), tuple(values[3:]), rel, tokens, line)  # type: ignore[arg-type]
    assert parsed == built and hash(parsed) == hash(built)
    assert parsed.xyz == tuple(values[:3]) and parsed.rpy == tuple(values[3:])
    assert parsed.text == tokens and parsed.tokens() == tokens
    assert parsed.is_identity == all(v == 0.0 for v in values)


def test_fields_defaults_and_computed_tokens() -> None:
    p = Pose((1.0, 0.5, -0.0), (0.0, 2.0, 3.0), "F", None, 7)
    assert (p.xyz, p.rpy, p.relative_to, p.text, p.line) == (
        (1.0, 0.5, -0.0), (0.0, 2.0, 3.0), "F", None, 7)
    assert p.tokens() == ("1", "0.5", "0", "0", "2", "3")
    assert Pose() == IDENTITY and IDENTITY.is_identity and IDENTITY.text is None
    assert Pose(relative_to="") != Pose()  # relative_to as written: "" is not absent
    assert Pose(relative_to="").frame == Pose().frame == ""


def test_immutable_and_picklable() -> None:
    p = Pose.parsed("1 2 3 0 0 0", "L", 4)
    with pytest.raises(AttributeError):
        p.relative_to = "M"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del p.line  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(p)) == p


def test_evolve_keeps_text_and_checks_fields() -> None:
    p = Pose.parsed("1 2 3 0.1 0.2 0.3", "J", 9)
    moved = evolve(p, relative_to=None)
    assert moved.text == p.text and moved.values == p.values and moved.relative_to is None
    assert p.with_frame("K") == Pose(p.xyz, p.rpy, "K", p.text, 9)
    changed = evolve(p, xyz=(0.0, 0.0, 0.0), text=None)
    assert changed.xyz == (0.0, 0.0, 0.0) and changed.rpy == p.rpy and changed.text is None
    with pytest.raises(TypeError):
        evolve(p, nope=1)
    # nodes holding poses compare by value whichever way the pose was made
    assert Link("a", p) == Link("a", Pose(p.xyz, p.rpy, "J", p.text, 9))
