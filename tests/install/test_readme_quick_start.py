"""README's Quick start works as written on a fresh clone, and README stays a five-minute read.

The commands are read from README's two shell blocks and held to the project's
own definitions: the clone lands in the folder the next line enters, the pip
extras exist in pyproject.toml, the pytest options come with the test extra, and
the launch command is one of the console scripts the package installs.
"""

from __future__ import annotations

import re
import shlex
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
#: A newcomer's five minutes.
MOST_LINES = 250


def section(title: str) -> str:
    """The text of README's ``## title`` section."""
    match = re.search(rf"^## {re.escape(title)}\n(.*?)(?=^## |\Z)", README, re.S | re.M)
    assert match, f"README has no '## {title}' section"
    return match.group(1)


def shell_blocks() -> list[list[str]]:
    """The commands of each shell block under ``## Quick start``."""
    blocks = re.findall(r"```bash\n(.*?)```", section("Quick start"), re.S)
    return [[line for line in block.splitlines() if line.strip()] for block in blocks]


def pip_extras(commands: list[str]) -> set[str]:
    """The extras the block's ``pip install`` names (``.[test]`` -> ``{"test"}``)."""
    installs = [shlex.split(command) for command in commands if command.startswith("pip install")]
    assert installs, f"no pip install in {commands}"
    target = installs[0][-1]
    assert target.startswith("."), f"pip install should install this checkout, not {target!r}"
    extras = re.fullmatch(r"\.(?:\[(.*)\])?", target)
    assert extras, target
    return {name.strip() for name in (extras.group(1) or "").split(",") if name.strip()}


def test_quick_start_has_the_two_blocks_install_and_launch_then_install_and_test():
    blocks = shell_blocks()
    assert len(blocks) == 2
    assert blocks[0][-1].split()[0] in PROJECT["scripts"]
    assert "pytest" in blocks[1][-1]


def test_the_first_block_clones_and_enters_the_clone():
    first = shell_blocks()[0]
    clone = shlex.split(first[0])
    assert clone[:2] == ["git", "clone"], first[0]
    url = clone[2]
    folder = clone[3] if len(clone) > 3 else url.rstrip("/").rsplit("/", 1)[-1].removesuffix(".git")
    assert shlex.split(first[1]) == ["cd", folder]
    # The address the package itself names, if it names one.
    for address in PROJECT.get("urls", {}).values():
        if address.endswith(".git") or "github.com" in address:
            assert url.removesuffix(".git") == address.removesuffix(".git")


@pytest.mark.parametrize("block", [0, 1])
def test_the_pip_extras_exist(block):
    assert pip_extras(shell_blocks()[block]) <= set(PROJECT.get("optional-dependencies", {}))


def test_the_test_command_needs_only_what_the_test_extra_installs():
    second = shell_blocks()[1]
    extras = pip_extras(second)
    installed = " ".join(dependency for extra in extras for dependency in PROJECT["optional-dependencies"][extra])
    command = second[-1]
    assert "pytest" in installed
    if " -n " in f" {command} ":
        assert "pytest-xdist" in installed


def test_the_launch_command_is_a_console_script_of_the_package():
    launch = shell_blocks()[0][-1].split()
    assert launch[0] in PROJECT["scripts"]
    assert PROJECT["scripts"][launch[0]] == "tictactoe_qt.cli.main:main"


def test_readme_says_what_to_do_without_a_display():
    quick_start = section("Quick start")
    assert "QT_QPA_PLATFORM=offscreen" in quick_start
    assert "tictactoe-qt --help" in quick_start


def test_readme_is_a_five_minute_read_that_points_to_the_handbook():
    assert len(README.splitlines()) <= MOST_LINES
    assert "| work | target | ours |" not in README  # the benchmark table lives in the handbook
    for title in ("Quick start", "Learning", "Architecture", "Read on"):
        section(title)
    links = re.findall(r"\]\((tictactoe_qt/handbook/[^)#]+)", README)
    assert links
    for link in links:
        assert (ROOT / link).is_file(), link
    assert "benchmarks.md" in " ".join(links)


def test_the_architecture_owners_name_files_that_exist():
    paths = re.findall(r"`((?:engine|gui|cli|cluster)/[\w/]+(?:\.py)?)`", section("Architecture"))
    assert len(paths) >= 6
    for path in paths:
        assert (ROOT / "tictactoe_qt" / path).exists(), path
