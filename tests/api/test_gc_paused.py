"""The collector is paused while a conversion, a check or a pose listing runs.

The IR has no reference cycles, and the collector's scans over a big model's records
made conversions superlinear (``api.gc_paused``): each entry point pauses it.  A helper
placed between a decorator and its function once took the pause from ``check_source``
(``check`` at 100k links nearly twice as slow): this catches that.
"""

from __future__ import annotations

import gc

import pytest

import urdfsdf.api as api
import urdfsdf.commands.check as check
import urdfsdf.commands.poses as poses
import urdfsdf.document as document

SDF = '<sdf version="1.7"><model name="m"><link name="a"/></model></sdf>'
URDF = '<robot name="r"><link name="a"/></robot>'


@pytest.mark.parametrize(("fn", "text"), [
    (api.urdf_to_sdf_result, URDF), (api.sdf_to_urdf_result, SDF),
    (check.check_source, SDF), (poses.poses_source, SDF)])
def test_the_collector_is_paused_during_the_call(fn: object, text: str,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[bool] = []
    load = document.load_document

    def spy(*args: object, **kwargs: object) -> object:
        seen.append(gc.isenabled())
        return load(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(document, "load_document", spy)
    for module in (check, poses):
        if hasattr(module, "load_document"):
            monkeypatch.setattr(module, "load_document", spy)
    assert gc.isenabled()
    fn(text)  # type: ignore[operator]
    assert seen and not any(seen)
    assert gc.isenabled()
