"""Shared test fixtures: paths to samples, the shared corpus and the oracle."""

from __future__ import annotations

import csv
import os
import shutil
from pathlib import Path

import pytest

# Every document a test reads is also read as it streams in and as a whole tree
# (reader_paths.py): the wrapper must be in place before any urdfsdf module binds
# read_document by name, so nothing else of urdfsdf is imported before it
# (urdfsdf/__init__ imports lazily).
from urdfsdf.xml import parse as _parse  # noqa: E402  (first urdfsdf import of the run)

if not hasattr(_parse.read_document, "original"):
    from recorder import Recorder

    RECORDER = Recorder()
    _parse.read_document = RECORDER.wrap(_parse.read_document)  # type: ignore[assignment]

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
SHARED = Path(os.environ.get("URDFSDF_SHARED", ROOT.parent / "shared"))
CORPUS = SHARED / "corpus"
#: the classic Gazebo models the corpus worlds include (model://sun, model://ground_plane),
#: as a user's model path would hold them: SDF_PATH is where libsdformat (the oracle) and
#: urdfsdf both look for model:// includes
CLASSIC_MODELS = SAMPLES / "worlds" / "classic" / "models"
os.environ.setdefault("SDF_PATH", str(CLASSIC_MODELS))


def corpus_rows() -> list[dict[str, str]]:
    """Rows of ../shared/corpus/manifest.tsv (empty when the corpus is absent)."""
    manifest = CORPUS / "manifest.tsv"
    if not manifest.exists():
        return []
    with manifest.open(newline="") as fh:
        return list(csv.DictReader(fh, delimiter="\t"))


def oracle_path() -> str | None:
    """The sdf_oracle binary named by $SDF_ORACLE, if it exists."""
    path = os.environ.get("SDF_ORACLE")
    return path if path and os.access(path, os.X_OK) else None


requires_corpus = pytest.mark.skipif(not corpus_rows(), reason="../shared/corpus absent")
requires_oracle = pytest.mark.skipif(oracle_path() is None, reason="SDF_ORACLE not set")
requires_check_urdf = pytest.mark.skipif(shutil.which("check_urdf") is None,
                                         reason="check_urdf (liburdfdom-tools) absent")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Long tests first: pytest-xdist hands tests out in this order, and a long test
    handed out last keeps one worker busy after the others are done."""
    items.sort(key=lambda item: item.get_closest_marker("long") is None)


@pytest.fixture(autouse=True)
def both_reader_paths() -> object:
    """After each test, read every new document it read streamed and as a whole tree."""
    yield
    import reader_paths

    for data in RECORDER.take():
        diff = reader_paths.paths_differ(data)
        assert diff is None, f"streamed and whole-tree reading disagree on a document " \
            f"of this test ({data[:200]!r}...): {diff}"
