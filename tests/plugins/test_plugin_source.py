"""Reading a plugin's module from the file system: found, described or refused, never run."""

from __future__ import annotations

import importlib
import sys

import pytest

from tictactoe_qt.engine.players import MAX_SOURCE_BYTES, ModuleFacts, module_facts

EXITS = 'raise SystemExit("this module must never run")\n'


def facts_of(name: str) -> ModuleFacts:
    """:func:`module_facts`, after files were written in this test (the finders cache folders)."""
    importlib.invalidate_caches()
    return module_facts(name)


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(tmp_path))
    yield tmp_path
    for name in [name for name in sys.modules if name.startswith("srcprobe")]:
        del sys.modules[name]


def test_a_module_is_found_and_described_by_its_docstring_without_running(folder):
    (folder / "srcprobe_bot.py").write_text('"""\n  Plays the corners.\n\nMore."""\n' + EXITS)
    facts = facts_of("srcprobe_bot")
    assert facts.error is None and facts.about == "Plays the corners."
    assert facts.file == str(folder / "srcprobe_bot.py")
    assert "srcprobe_bot" not in sys.modules


def test_a_module_inside_a_package_is_found_without_running_the_package(folder):
    package = folder / "srcprobe_pkg"
    package.mkdir()
    (package / "__init__.py").write_text(EXITS)
    (package / "bot.py").write_text('"""The inner bot."""\n' + EXITS)
    assert facts_of("srcprobe_pkg.bot").about == "The inner bot."
    assert facts_of("srcprobe_pkg.nothere").error == ("ModuleNotFoundError: No module named 'srcprobe_pkg.nothere'")
    assert "srcprobe_pkg" not in sys.modules


def test_a_missing_module_or_a_non_package_parent_is_said_as_import_would(folder):
    (folder / "srcprobe_flat.py").write_text("")
    assert facts_of("srcprobe_missing").error == ("ModuleNotFoundError: No module named 'srcprobe_missing'")
    assert facts_of("srcprobe_flat.inner").error == (
        "ModuleNotFoundError: No module named 'srcprobe_flat.inner'; 'srcprobe_flat' is not a package"
    )


def test_a_module_that_does_not_parse_is_broken_in_one_line(folder):
    (folder / "srcprobe_typo.py").write_text("def make(:\n    pass\n")
    error = facts_of("srcprobe_typo").error
    assert error is not None and error.startswith("SyntaxError: ")
    assert "(srcprobe_typo.py, line 1)" in error and "\n" not in error


def test_what_cannot_be_read_stays_unknown_rather_than_broken(folder):
    (folder / "srcprobe_huge.py").write_text("x = 1\n" * (MAX_SOURCE_BYTES // 6 + 1) + "def (")
    facts = facts_of("srcprobe_huge")
    assert facts.error is None and facts.about is None  # too big to read at start: not judged
    (folder / "srcprobe_latin.py").write_bytes(b"# -*- coding: no-such-codec -*-\n")
    assert facts_of("srcprobe_latin").error is None
