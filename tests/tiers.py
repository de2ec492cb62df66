"""How much of each kind of test a run does: quick by default, everything for CI.

The default run (``python -m pytest``, the README's command) keeps every kind of test, with
fewer hypothesis examples and an even sample of the corpus files, so that it takes about
two minutes on a 2-core machine.  ``URDFSDF_TESTS=full`` (set by ``.ci/run``) runs every
example and every file.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

#: the full tier: every hypothesis example and every corpus file
FULL = os.environ.get("URDFSDF_TESTS", "").strip().lower() == "full"


def examples(full: int, quick: int | None = None) -> int:
    """Hypothesis examples: ``full`` in the full tier, else ``quick`` (default: a tenth,
    at least 5)."""
    if FULL:
        return full
    return quick if quick is not None else max(5, full // 10)


def sample(items: Sequence[T], quick: int) -> list[T]:
    """Every item in the full tier, else ``quick`` of them spread evenly over ``items``
    (the same ones every run)."""
    items = list(items)
    if FULL or len(items) <= quick:
        return items
    step = len(items) / quick
    return [items[int(i * step)] for i in range(quick)]
