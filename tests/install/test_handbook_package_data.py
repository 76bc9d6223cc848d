"""Every handbook page ships in the wheel, and every link and picture in it is found there.

The wheel's configuration is read from pyproject.toml: the handbook's glob must
match every page, the contents list must name every page, and whatever a page
links to (another page, a heading of it, a screenshot) must be inside the package.
"""

from __future__ import annotations

import fnmatch
import re
import tomllib
from pathlib import Path

import pytest

from tictactoe_qt.gui.handbook_dialog import heading_anchor
from tictactoe_qt.handbook import HANDBOOK_DIR, PAGES, page_title

ROOT = Path(__file__).resolve().parents[2]
WHEEL = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["hatch"]["build"]["targets"]["wheel"]
PAGE_FILES = sorted(HANDBOOK_DIR.glob("*.md"))
LINK = re.compile(r"(!?)\[[^\]]*\]\(([^)\s]+)\)")


def shipped(path: Path) -> bool:
    """Whether the wheel's configuration puts ``path`` (a file of the checkout) in the wheel."""
    relative = path.resolve().relative_to(ROOT).as_posix()
    in_package = any(relative.startswith(package + "/") for package in WHEEL["packages"])
    named = any(fnmatch.fnmatch(relative, glob) for glob in WHEEL.get("artifacts", []))
    forced = any(relative == source or relative.startswith(source + "/") for source in WHEEL["force-include"])
    return (in_package and named) or forced


def headings(page: Path) -> set[str]:
    text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.S)
    return {
        heading_anchor(line.lstrip("#").replace("`", "")) for line in text.splitlines() if re.match(r"#{1,6} ", line)
    }


def test_the_handbook_is_where_the_package_finds_it():
    assert HANDBOOK_DIR == ROOT / "tictactoe_qt" / "handbook"
    assert PAGE_FILES


def test_every_page_is_in_the_contents_and_every_entry_is_a_page():
    assert sorted(PAGES) == [page.name for page in PAGE_FILES]
    assert PAGES[0] == "index.md"
    for name in PAGES:
        assert page_title(name) != name, f"{name} has no '# ' title"


@pytest.mark.parametrize("page", PAGE_FILES, ids=lambda page: page.name)
def test_every_page_is_in_the_built_package_data(page):
    assert shipped(page), f"{page.name} matches no handbook glob of pyproject.toml"


@pytest.mark.parametrize("page", PAGE_FILES, ids=lambda page: page.name)
def test_every_link_and_picture_of_a_page_ships_with_it(page):
    for picture, target in LINK.findall(page.read_text(encoding="utf-8")):
        if re.match(r"[a-z]+:", target):  # a web address: opens in the browser
            continue
        address, _, anchor = target.partition("#")
        linked = (page.parent / address).resolve() if address else page
        assert linked.is_file(), f"{page.name} links to {target}, which does not exist"
        if picture:  # screenshots: the checkout's resources/, the wheel's own copy
            assert shipped(linked), f"{page.name} shows {target}, which the wheel leaves out"
            assert WHEEL["force-include"][str(linked.parent.relative_to(ROOT))] == "tictactoe_qt/resources/screenshots"
        else:
            assert linked.is_relative_to(ROOT / "tictactoe_qt"), f"{page.name} links out of the package: {target}"
        if anchor:
            assert anchor in headings(linked), f"{page.name} links to {target}: no such heading"
