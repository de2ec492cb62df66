"""Lossless round trips (issue: nothing either format holds is lost through the other).

URDF -> SDF -> URDF must give back every element of every corpus URDF that
urdfdom accepts, compared element by element with numbers as text.  The only
normalisations (documented in the README) are:

- child order inside an element is not compared (URDF gives it no meaning);
- an ``<origin>`` is compared with absent ``xyz``/``rpy`` as ``0 0 0``;
- an absent ``<axis>`` of a movable joint is compared as ``xyz="1 0 0"``;
- an absent ``lower``/``upper`` of a revolute/prismatic limit as ``0``;
- attributes URDF does not define, text inside URDF elements (URDF keeps
  every value in attributes), a repeated single element (a second
  ``<origin>`` or ``<axis>``) and shapes after the first in a ``<geometry>``
  are not compared: urdfdom ignores them and urdf2sdf reports each with a
  warning.

SDF -> URDF -> SDF must keep every sensor, plugin and light of every corpus
SDF model that converts.
"""

from __future__ import annotations

import collections
from pathlib import Path

import pytest
from lxml import etree

import urdfsdf
from urdfsdf.api import sdf_to_urdf_result
from urdfsdf.translate.to_urdf_transform import Options
from urdfsdf.xml.parse import canonical

from conftest import CORPUS, SAMPLES, corpus_rows, requires_corpus
from lossless_urdf import urdf_elements
from tiers import sample

URDFS = [r["path"] for r in corpus_rows() if r["format"] == "urdf" and r["check_urdf"] == "ok"]
SDFS = [r["path"] for r in corpus_rows() if r["format"] == "sdf"]


def _round_trip(path: Path) -> tuple[collections.Counter[str], collections.Counter[str]]:
    data = path.read_bytes()
    back = urdfsdf.sdf_to_urdf(urdfsdf.urdf_to_sdf(str(path)))
    return urdf_elements(data), urdf_elements(back.encode())


@requires_corpus
@pytest.mark.parametrize("path", sample(URDFS, 20))
def test_urdf_round_trip_is_lossless(path: str) -> None:
    before, after = _round_trip(CORPUS / path)
    missing = before - after
    added = after - before
    assert not missing and not added, (list(missing)[:2], list(added)[:2])


@pytest.mark.parametrize("name", ["every_element.urdf", "parity.urdf", "pendulum_with_base.urdf"])
def test_sample_urdf_round_trip_is_lossless(name: str) -> None:
    before, after = _round_trip(SAMPLES / name)
    assert before == after


def _sdf_items(data: bytes, model: str) -> collections.Counter[str]:
    """Canonical sensors, plugins and lights inside ``model`` (not in custom elements)."""
    root = etree.fromstring(data, etree.XMLParser(resolve_entities=False, no_network=True))
    out: collections.Counter[str] = collections.Counter()
    for el in root.iter("sensor", "plugin", "light"):
        ancestors = list(el.iterancestors())
        if any(str(a.tag).startswith("{") for a in ancestors):
            continue
        models = [a for a in ancestors if a.tag == "model"]
        if models and models[-1].get("name") == model:
            out[canonical(etree.tostring(el).decode())] += 1
    return out


@requires_corpus
@pytest.mark.parametrize("path", sample(SDFS, 20))
def test_sdf_round_trip_keeps_sensors_plugins_lights(path: str) -> None:
    doc = urdfsdf.read_sdf_document(str(CORPUS / path)) if True else None
    models = [m.name for m in doc.models] + [m.name for w in doc.worlds for m in w.models]
    data = (CORPUS / path).read_bytes()
    converted = 0
    for model in models:
        result = sdf_to_urdf_result(str(CORPUS / path), model, options=Options(lossy=True))
        if result.text is None:
            continue  # refused with a diagnostic (see test_sdf2urdf_corpus)
        converted += 1
        back = urdfsdf.urdf_to_sdf(result.text).encode()
        assert _sdf_items(back, model) == _sdf_items(data, model), model
    if not converted:
        pytest.skip("no model of this file converts")
