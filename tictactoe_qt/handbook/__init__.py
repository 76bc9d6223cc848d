"""The handbook: Markdown pages that ship inside the package and open with F1.

The pages are plain ``*.md`` files beside this one, linked to each other by
relative links, so they read the same on a code host and in the window's
Help > Handbook. :data:`PAGES` is their reading order; the first is the one
the handbook opens on. Qt-free.
"""

from __future__ import annotations

from pathlib import Path

#: The folder that holds the pages (in a checkout and in an installed wheel alike).
HANDBOOK_DIR = Path(__file__).resolve().parent
#: Every page, in reading order: the contents list shows them so.
PAGES = (
    "index.md",
    "playing.md",
    "watching.md",
    "understanding.md",
    "learning.md",
    "command-line.md",
    "own-ai.md",
    "cluster.md",
    "developers.md",
    "benchmarks.md",
)


def page_path(name: str) -> Path:
    """The file of page ``name`` (e.g. ``"playing.md"``)."""
    return HANDBOOK_DIR / name


def page_title(name: str) -> str:
    """The page's title: its first ``# `` heading, without the marks (the file name if none)."""
    for line in page_path(name).read_text(encoding="utf-8").splitlines():
        if line.startswith("# "):
            return line[2:].strip().replace("`", "")
    return name
