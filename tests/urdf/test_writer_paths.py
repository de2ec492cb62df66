"""The URDF writer's one-text shortcuts for plain links and joints write what its
general path writes.

``urdf.writer._plain_link`` and ``_plain_joint`` write a link or joint with nothing
special (no extras, no material, nothing to escape) as one text, for speed (issue 18);
everything else goes element by element.  Both must give the same bytes: here every
corpus URDF, the transform path's outputs (computed poses) and random documents are
written both ways.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

import urdfsdf
from urdfsdf.core.ir import Geometry, Inertial, Joint, Link, Model, Pose, Visual
from urdfsdf.testing import urdf_documents
from urdfsdf.urdf import writer

from conftest import CORPUS, SAMPLES, corpus_rows

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def _both_ways(model: Model, monkeypatch: pytest.MonkeyPatch) -> tuple[str, str]:
    """(text with the shortcuts, text with the general path only)."""
    fast = writer.write_urdf_model(model)
    with monkeypatch.context() as m:
        m.setattr(writer, "_plain_link", lambda pad, link: None)
        m.setattr(writer, "_plain_joint", lambda pad, joint: None)
        general = writer.write_urdf_model(model)
    return fast, general


def _corpus_urdfs() -> list[Path]:
    return sorted(CORPUS / row["path"] for row in corpus_rows()
                  if row["path"].endswith(".urdf"))


@pytest.mark.skipif(not corpus_rows(), reason="../shared/corpus absent")
def test_corpus_urdfs_written_both_ways_are_equal(monkeypatch: pytest.MonkeyPatch) -> None:
    written = 0
    for path in _corpus_urdfs():
        try:
            model = urdfsdf.read_urdf(str(path))
        except urdfsdf.TranslationError:
            continue
        fast, general = _both_ways(model, monkeypatch)
        assert fast == general, path
        written += 1
    assert written > 100


def test_transform_outputs_written_both_ways_are_equal(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Computed origins (the transform path) and copied ones, generated and sample SDF."""
    import sys

    sys.path.insert(0, str(BENCHMARKS))
    from gen_models import generate

    sources: list[bytes] = [generate(kind, 40).encode()
                            for kind in ("sdf_absolute", "sdf_frames", "sdf_parity")]
    sources += [p.read_bytes() for p in sorted((SAMPLES).glob("*.sdf"))]
    compared = 0
    for data in sources:
        try:
            urdf = urdfsdf.sdf_to_urdf(data)
        except urdfsdf.TranslationError:
            continue
        fast, general = _both_ways(urdfsdf.read_urdf(urdf), monkeypatch)
        assert fast == general
        compared += 1
    assert compared >= 3


def test_names_to_escape_take_the_general_path(monkeypatch: pytest.MonkeyPatch) -> None:
    pose = Pose.parsed("1 2 3 0 0 0", None, None)
    link = Link("a&b", Pose(), Inertial("1", ("1", "0", "0", "1", "0", "1"), pose),
                (Visual('v"1', Geometry("box", size=("1", "2", "3")), pose),))
    child = Link("c<d", Pose())
    joint = Joint("j>", "fixed", "a&b", "c<d", pose)
    fast, general = _both_ways(Model("r", (link, child), (joint,)), monkeypatch)
    assert fast == general
    assert 'name="a&amp;b"' in fast and 'name="v&quot;1"' in fast
    assert 'link="c&lt;d"' in fast and 'name="j&gt;"' in fast


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(urdf_documents())
def test_random_documents_written_both_ways_are_equal(
        monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    fast, general = _both_ways(urdfsdf.read_urdf(text), monkeypatch)
    assert fast == general
