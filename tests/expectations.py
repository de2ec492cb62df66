"""Expected outcomes written inside test files: ``<!-- EXPECT: CODE -->`` marks.

A sample marks each line where a diagnostic is expected with ``<!-- EXPECT:
CODE[, CODE] -->`` (errors) or ``<!-- EXPECT WARNING: CODE -->`` (warnings);
see samples/spec/README.md and tests/data/README.md.
"""

from __future__ import annotations

import re
from pathlib import Path

MARK = re.compile(r"<!--\s*EXPECT:\s*([A-Z_, ]+?)\s*-->")
WARNING_MARK = re.compile(r"<!--\s*EXPECT WARNING:\s*([A-Z_, ]+?)\s*-->")


def expected(path: Path, mark: re.Pattern[str] = MARK) -> set[tuple[str, int]]:
    """The (code, line) pairs ``path`` marks (errors; warnings with ``WARNING_MARK``)."""
    out = set()
    for number, line in enumerate(path.read_text().splitlines(), start=1):
        for m in mark.finditer(line):
            out.update((code.strip(), number) for code in m.group(1).split(","))
    return out
