"""benchmarks/lower_bound.py: its minimal converters must do urdfsdf's job.

The script's figures are a lower bound only if its deliberately minimal
urdf2sdf and transform-path sdf2urdf produce what urdfsdf produces for the
generated inputs: the same elements and texts (urdf2sdf), the same origins
and axes compared as matrices and vectors (transform).  ``verify`` asserts
that; here it runs on two sizes, and a tampered pose must make it fail.
"""

from __future__ import annotations

import sys

import pytest

from conftest import ROOT

sys.path.insert(0, str(ROOT / "benchmarks"))
import lower_bound  # noqa: E402


@pytest.mark.parametrize("links", [2, 37])
def test_minimal_converters_match_urdfsdf(links: int) -> None:
    lower_bound.verify(links)


def test_verify_notices_a_wrong_joint_origin(monkeypatch: pytest.MonkeyPatch) -> None:
    real = lower_bound._relative

    def off_by_a_millimetre(a: lower_bound.Frame, b: lower_bound.Frame
                            ) -> lower_bound.Frame:
        t, r = real(a, b)
        return (t[0] + 1e-3, t[1], t[2]), r

    monkeypatch.setattr(lower_bound, "_relative", off_by_a_millimetre)
    with pytest.raises(AssertionError, match="poses or axes differ"):
        lower_bound.verify(5)


def test_verify_notices_a_missing_element(monkeypatch: pytest.MonkeyPatch) -> None:
    real = lower_bound.minimal_urdf2sdf
    monkeypatch.setattr(lower_bound, "minimal_urdf2sdf",
                        lambda data: real(data).replace("<mass>", "<mass_>", 1)
                        .replace("</mass>", "</mass_>", 1))
    with pytest.raises(AssertionError, match="minimal urdf2sdf differs"):
        lower_bound.verify(5)


def test_verify_notices_an_unchecked_ir_that_is_not_the_readers(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The 'IR, no checks' row counts only if its IR is the reader's: a lost line number
    (one field of one node) makes verify fail."""
    real = lower_bound.ir_model

    def without_a_line(data: bytes, ir: object) -> object:
        model = real(data, ir)
        first = model.links[0]
        return ir.evolve(model, links=(ir.evolve(first, line=None),  # type: ignore[attr-defined]
                                       *model.links[1:]))

    monkeypatch.setattr(lower_bound, "ir_model", without_a_line)
    with pytest.raises(AssertionError, match="unchecked IR differs"):
        lower_bound.verify(5)


def test_verify_notices_an_unchecked_sdf_ir_that_is_not_the_readers(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The transform's 'IR, no checks' row counts only if its SDF IR is the reader's."""
    real = lower_bound.ir_sdf_document

    def without_a_line(data: bytes, ir: object) -> object:
        doc = real(data, ir)
        model = doc.models[0]
        joint = model.joints[0]
        return ir.evolve(doc, models=(ir.evolve(  # type: ignore[attr-defined]
            model, joints=(ir.evolve(joint, line=None), *model.joints[1:])),))  # type: ignore[attr-defined]

    monkeypatch.setattr(lower_bound, "ir_sdf_document", without_a_line)
    with pytest.raises(AssertionError, match="unchecked SDF IR differs"):
        lower_bound.verify(5)
