"""Issue 50: Drake builds the same robot (``MultibodyPlant``) from the input and from the
output, category by category (:mod:`drake_plants`), over the corpus and generated robots.

- urdf2sdf (default, Gazebo's reading where the two differ): the same bodies, kinematics,
  constraints (mimic couplers), collision filters and geometry (shape, size, pose,
  proximity) for at least 95% of the files Drake loads;
- urdf2sdf ``--for drake``: the joints (types, links, limits) and the actuators (which
  joint, what effort) too;
- sdf2urdf (``--for drake``): the same masses, constraints, collision filters, and
  actuators;
- every output loads in Drake wherever its input does.

The quick tier takes an even sample of the corpus (``tests/tiers.py``); what differs is
explained in docs/targets.md ("What no target changes": a sphere of radius 0, several
shapes in one ``<geometry>``, a joint named like a link, actuator names).
"""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings

from drake_plants import KEPT, differences, snapshot
from urdfsdf.api import sdf_to_urdf_result, urdf_to_sdf_result
from urdfsdf.testing import urdf_documents

from conftest import CORPUS, corpus_rows, requires_corpus
from tiers import examples, sample

pytestmark = pytest.mark.long

#: inputs whose difference docs/targets.md explains: a sphere of radius 0 (SDF reads 1),
#: several shapes in one <geometry> (urdfdom and Drake pick different ones)
EXPLAINED = re.compile(r'<sphere\s+radius="0(?:\.0*)?"|<geometry>\s*<\w+[^>]*/>\s*<\w')


def _urdfs(quick: int) -> list[str]:
    return sample([r["path"] for r in corpus_rows() if r["format"] == "urdf"], quick)


def _compare(paths: list[str], target: str, categories: tuple[str, ...]
             ) -> tuple[int, dict[str, dict[str, list[str]]], list[str]]:
    """(compared, differences of the files that differ in ``categories``, outputs Drake
    refuses whose input it loads) of urdf2sdf over ``paths``."""
    compared, differing, refused = 0, {}, []
    for path in paths:
        text = (CORPUS / path).read_text(errors="replace")
        before = snapshot(text, "urdf")
        result = urdf_to_sdf_result(str(CORPUS / path), target=target)  # type: ignore[arg-type]
        if before is None or result.text is None:
            continue
        after = snapshot(result.text, "sdf")
        if after is None:
            refused.append(path)
            continue
        compared += 1
        found = {k: v for k, v in differences(before, after).items() if k in categories}
        if found and not EXPLAINED.search(text):
            differing[path] = found
    return compared, differing, refused


@requires_corpus
@pytest.mark.parametrize(("target", "categories"), [
    ("gazebo", KEPT), ("drake", (*KEPT, "joints", "actuators"))])
def test_drake_builds_the_inputs_plant_from_urdf2sdf_outputs(
        target: str, categories: tuple[str, ...]) -> None:
    pytest.importorskip("pydrake")
    compared, differing, refused = _compare(_urdfs(10), target, categories)
    assert refused == []
    assert compared >= 3
    # a joint named like a link is renamed in SDF (docs/targets.md): its name alone differs
    renamed = {p for p, d in differing.items() if set(d) == {"joints"} and all(
        "only in" in m for m in d["joints"])}
    assert len(differing) - len(renamed) <= 0.05 * compared, differing


def _sdfs() -> list[str]:
    return sample([r["path"] for r in corpus_rows() if r["format"] == "sdf"], 12)


def _masses(snap: dict[str, object]) -> dict[str, float]:
    bodies = snap["bodies"]
    assert isinstance(bodies, dict)
    return {name: m[35] for name, m in bodies.items()}  # the mass: M[5][5]


@requires_corpus
def test_drake_builds_the_inputs_plant_from_sdf2urdf_for_drake_outputs() -> None:
    pytest.importorskip("pydrake")
    compared, problems = 0, {}
    for path in _sdfs():
        before = snapshot((CORPUS / path).read_text(errors="replace"), "sdf")
        result = sdf_to_urdf_result(str(CORPUS / path), target="drake")
        if before is None or result.text is None:
            continue
        after = snapshot(result.text, "urdf")
        assert after is not None, path
        compared += 1
        found = {k: v for k, v in differences(before, after).items()
                 if k in ("constraints", "collision_filters", "actuators", "actuator_names")}
        masses = {k: v for k, v in _masses(after).items() if v != 0.0}  # split links: 0
        if found or masses != _masses(before):
            problems[path] = found or {"bodies": ["masses differ"]}
    assert compared >= 1
    assert len(problems) <= 0.05 * compared, problems


@settings(max_examples=examples(20, 3), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(urdf=urdf_documents(links=(2, 5), materials=False, gazebo=False,
                           forbidden_names=False))
def test_generated_robots_keep_their_plant_for_drake(urdf: str) -> None:
    """Mimic couplers, transmissions: Drake's actuators and constraints of a generated URDF
    and of its ``--for drake`` SDF are the same (where Drake loads the URDF)."""
    pytest.importorskip("pydrake")
    before = snapshot(urdf, "urdf")
    result = urdf_to_sdf_result(urdf, target="drake")
    if before is None or result.text is None:
        return
    after = snapshot(result.text, "sdf")
    assert after is not None
    found = differences(before, after)
    assert {k: v for k, v in found.items() if k in ("actuators", "constraints", "bodies")} == {}
