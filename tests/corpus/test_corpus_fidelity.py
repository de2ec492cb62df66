"""Issue 15's acceptance over ../shared/corpus: every URDF check_urdf accepts (manifest).

(a) urdf2sdf's output loads in libsdformat 12 (the oracle) with no error code the
    oracle does not also give for the URDF itself;
(b) URDF -> SDF -> URDF gives the same XML, element by element: the same elements
    (matched by tag and name, order free), the same attributes with the same text,
    the same element text.  The one normalisation allowed: an ``<origin>`` written
    with both ``xyz`` and ``rpy``.  Comments do not count.
"""

from __future__ import annotations

import pytest
from lxml import etree

import urdfsdf

from conftest import CORPUS, corpus_rows, oracle_path, requires_corpus, requires_oracle
from oracle import run as run_oracle
from tiers import sample

ACCEPTED = [r["path"] for r in corpus_rows() if r["format"] == "urdf" and r["check_urdf"] == "ok"]


def _elements(el: etree._Element, path: str = "") -> dict[str, list[str]]:
    """Each element's attributes and text under a path of (tag, name) steps, order free."""
    name = el.get("name") or el.get("reference") or ""
    here = f"{path}/{el.tag}[{name}]"
    attrs = dict(el.attrib)
    if el.tag == "origin":
        attrs.setdefault("xyz", "0 0 0")
        attrs.setdefault("rpy", "0 0 0")
    found = {here: [repr((sorted(attrs.items()), (el.text or "").strip()))]}
    for c in el:
        if isinstance(c.tag, str):
            for k, v in _elements(c, here).items():
                found.setdefault(k, []).extend(v)
    return {k: sorted(v) for k, v in found.items()}


def _differences(original: bytes, back: str) -> list[str]:
    parser = etree.XMLParser(remove_comments=True, resolve_entities=False, recover=True)
    a = _elements(etree.fromstring(original, parser))
    b = _elements(etree.fromstring(back.encode(), parser))
    return [f"{k}: {a.get(k)} != {b.get(k)}" for k in sorted(set(a) | set(b))
            if a.get(k) != b.get(k)]


@requires_corpus
def test_accepted_urdfs_are_many() -> None:
    assert len(ACCEPTED) >= 150


@requires_corpus
@pytest.mark.parametrize("path", sample(ACCEPTED, 20))
def test_b_urdf_sdf_urdf_gives_the_urdf_as_written(path: str) -> None:
    original = (CORPUS / path).read_bytes()
    back = urdfsdf.sdf_to_urdf(urdfsdf.urdf_to_sdf(str(CORPUS / path)))
    assert _differences(original, back) == []


@requires_corpus
@requires_oracle
@pytest.mark.parametrize("path", sample(ACCEPTED, 20))
def test_a_libsdformat_loads_the_sdf_with_no_new_error(path: str, tmp_path: object) -> None:
    from pathlib import Path

    oracle = oracle_path()
    assert oracle is not None
    out = Path(str(tmp_path)) / "out.sdf"
    out.write_text(urdfsdf.urdf_to_sdf(str(CORPUS / path)))
    before = {e.get("code") for e in run_oracle(oracle, str(CORPUS / path))["errors"]}
    after = {e.get("code") for e in run_oracle(oracle, str(out))["errors"]}
    assert after - before == set()
