"""URDF -> SDF -> URDF on every corpus URDF that urdfdom accepts: same kinematics as text."""

from __future__ import annotations

import pytest

import urdfsdf

from conftest import CORPUS, corpus_rows, requires_corpus
from tiers import sample
from urdf_facts import kinematics

ACCEPTED = [r["path"] for r in corpus_rows() if r["format"] == "urdf" and r["check_urdf"] == "ok"]


def _normalise(facts: dict[str, object]) -> dict[str, object]:
    """urdfdom's default lower/upper (0) made explicit, as urdf2sdf must (README)."""
    joints = {}
    for name, j in facts["joints"].items():  # type: ignore[attr-defined]
        jtype, *rest = j
        limit = dict(rest[4])
        if jtype in ("revolute", "prismatic") and limit:
            limit.setdefault("lower", "0")
            limit.setdefault("upper", "0")
        rest[4] = tuple(sorted(limit.items()))
        joints[name] = (jtype, *rest)
    return {**facts, "joints": joints}


@requires_corpus
def test_corpus_has_urdfs() -> None:
    assert len(ACCEPTED) >= 150


@requires_corpus
@pytest.mark.parametrize("path", sample(ACCEPTED, 20))
def test_urdf_sdf_urdf_same_kinematics(path: str) -> None:
    original = (CORPUS / path).read_bytes()
    sdf = urdfsdf.urdf_to_sdf(str(CORPUS / path))
    assert 'version="1.7"' in sdf
    back = urdfsdf.sdf_to_urdf(sdf)
    before = _normalise(kinematics(original))
    after = _normalise(kinematics(back))
    assert after["name"] == before["name"]
    assert after["joints"] == before["joints"]
    assert after["links"].keys() == before["links"].keys()  # type: ignore[attr-defined]
    for name, link in before["links"].items():  # type: ignore[attr-defined]
        assert after["links"][name] == link, name  # type: ignore[index]
