"""README.md stays a user's page (at most 350 lines), and its links and the docs' resolve.

Every relative link of README.md and docs/*.md names an existing file or folder, and a
``#fragment`` after a Markdown file names one of its headings (GitHub's anchors).  Links in
code (fenced blocks, inline code) are not links.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import ROOT

MAX_README_LINES = 350
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def _without_code_blocks(text: str) -> str:
    """The text without fenced code blocks (whose ``#`` lines are comments, not headings)."""
    return re.sub(r"^```.*?^```", "", text, flags=re.S | re.M)


def _prose(text: str) -> str:
    """The text without fenced code blocks and inline code."""
    return re.sub(r"`[^`]*`", "", _without_code_blocks(text))


def _links(text: str) -> list[str]:
    return re.findall(r"\]\(([^)\s]+)\)", _prose(text))


def _anchor(heading: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation dropped, blanks as hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def _anchors(page: Path) -> set[str]:
    headings = re.findall(r"^#{1,6} (.+)$", _without_code_blocks(page.read_text()), re.M)
    return {_anchor(h) for h in headings}


def test_readme_is_at_most_350_lines() -> None:
    lines = (ROOT / "README.md").read_text().count("\n")
    assert lines <= MAX_README_LINES, f"README.md has {lines} lines; move detail to docs/"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_relative_links_resolve(page: Path) -> None:
    links = _links(page.read_text())
    assert links or page.name != "README.md"
    broken = []
    for link in links:
        if re.match(r"[a-z][a-z0-9+.-]*:", link):  # https:, mailto:, ...
            continue
        path, _, fragment = link.partition("#")
        target = (page.parent / path).resolve() if path else page
        if not target.exists():
            broken.append(link)
        elif fragment and target.suffix == ".md" and fragment not in _anchors(target):
            broken.append(link)
    assert not broken, f"{page.relative_to(ROOT)}: links to nothing: {broken}"


def test_readme_links_every_moved_page() -> None:
    links = set(_links((ROOT / "README.md").read_text()))
    for page in ("docs/development.md", "docs/performance.md", "docs/translation.md",
                 "benchmarks/README.md"):
        assert page in links, page


def test_anchor_of_a_heading() -> None:
    assert _anchor("Lenient where libsdformat and urdfdom are") == \
        "lenient-where-libsdformat-and-urdfdom-are"
    assert _anchor("`read_sdf_document` against python-sdformat") == \
        "read_sdf_document-against-python-sdformat"
    assert _anchor("Compared with libsdformat's parser_urdf and sdformat_urdf") == \
        "compared-with-libsdformats-parser_urdf-and-sdformat_urdf"
