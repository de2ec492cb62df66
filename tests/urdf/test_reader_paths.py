"""Reading as the document streams in gives the whole tree's IR and diagnostics
(reader_paths.py).

Every document any test reads is compared by conftest.py's ``both_reader_paths``
fixture; this module also compares every corpus file and sample directly, and
shows that the comparison notices a streamed read that goes wrong.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

import urdfsdf
from urdfsdf.xml import parse

import conftest
import reader_paths
from conftest import CORPUS, ROOT, SAMPLES

FILES = sorted([*SAMPLES.glob("*.urdf"), *SAMPLES.glob("*.sdf"), *SAMPLES.glob("spec/*.sdf"),
                *(ROOT / "tests" / "golden").glob("*"),
                *CORPUS.glob("**/*.urdf"), *CORPUS.glob("**/*.sdf"), *CORPUS.glob("**/*.world")])


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(p.parents[1])))
def test_both_paths_read_every_file_alike(path: Path) -> None:
    assert reader_paths.paths_differ(path.read_bytes()) is None


def test_every_document_a_test_reads_is_recorded() -> None:
    before = conftest.RECORDER.calls
    urdfsdf.urdf_to_sdf(str(SAMPLES / "parity.urdf"))
    urdfsdf.sdf_to_urdf(str(SAMPLES / "pendulum_with_base.sdf"))
    assert conftest.RECORDER.calls - before == 2


def test_a_streamed_read_that_differs_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    real = parse.Stream.children

    def lossy(self: parse.Stream, el: object, *args: object) -> Iterator[object]:
        kids = list(real(self, el, *args))  # type: ignore[arg-type]
        return iter(kids[:-1])  # the last child of the root lost

    monkeypatch.setattr(parse.Stream, "children", lossy)
    diff = reader_paths.paths_differ((SAMPLES / "parity.urdf").read_bytes())
    assert diff is not None
