"""Issue 37, item 2: SDF written before the quiet carriers still comes back.

Each file of tests/old_forms is urdf2sdf's output of a URDF (its MANIFEST) by the
version before carriers moved out of the direct children of <model>, <link> and
<joint>.  sdf2urdf gives the same URDF from it as from today's SDF of that URDF (which
the lossless tests compare with the URDF itself), with no warning the new form lacks.
"""

from __future__ import annotations

import csv

import pytest

from urdfsdf.api import sdf_to_urdf_result, urdf_to_sdf_result

from conftest import CORPUS, ROOT

OLD = ROOT / "tests" / "old_forms"


def _rows() -> list[tuple[str, str]]:
    with open(OLD / "MANIFEST.tsv", encoding="utf-8") as fh:
        return [(r["sdf"], r["source"]) for r in csv.DictReader(fh, delimiter="\t")]


def _warnings(result: object) -> list[str]:
    return sorted(f"{d.code}: {d.message}" for d in result.diagnostics  # type: ignore[attr-defined]
                  if d.severity != "info")


@pytest.mark.parametrize(("sdf", "source"), _rows(), ids=[r[0] for r in _rows()])
def test_old_form_comes_back_as_the_new_form_does(sdf: str, source: str) -> None:
    kind, _, rel = source.partition(":")
    urdf = (CORPUS / rel) if kind == "corpus" else (ROOT / rel)
    if not urdf.exists():
        pytest.skip(f"{urdf} absent (../shared/corpus)")
    new_sdf = urdf_to_sdf_result(str(urdf))
    assert new_sdf.text is not None
    new = sdf_to_urdf_result(new_sdf.text)
    old = sdf_to_urdf_result(str(OLD / sdf))
    assert old.text == new.text
    assert _warnings(old) == _warnings(new)
