"""The test session keeps compiled modules only in a private folder of its own."""

from __future__ import annotations

import os
import subprocess
import sys

from tests import compiled_modules


def test_a_folder_others_can_write_is_not_used(tmp_path, monkeypatch):
    monkeypatch.setattr(compiled_modules.tempfile, "gettempdir", lambda: str(tmp_path))
    folder = tmp_path / f"tictactoe-qt-tests-{os.getuid()}"
    folder.mkdir(mode=0o777)
    folder.chmod(0o777)
    assert compiled_modules.private_folder() is None
    folder.chmod(0o700)
    assert compiled_modules.private_folder() == folder / "pycache"


def test_a_link_in_place_of_the_folder_is_not_followed(tmp_path, monkeypatch):
    monkeypatch.setattr(compiled_modules.tempfile, "gettempdir", lambda: str(tmp_path))
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir(mode=0o700)
    (tmp_path / f"tictactoe-qt-tests-{os.getuid()}").symlink_to(elsewhere)
    assert compiled_modules.private_folder() is None


def test_programs_the_tests_start_reuse_compiled_modules_when_the_user_said_not_to_write_them():
    if os.environ.get(compiled_modules.NO_WRITE_ENV):
        raise AssertionError("the session should have replaced PYTHONDONTWRITEBYTECODE")
    code = "import sys; print(sys.dont_write_bytecode, sys.pycache_prefix)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    if os.environ.get(compiled_modules.PREFIX_ENV):  # the variable was set for the session
        assert done.stdout.split() == ["False", os.environ[compiled_modules.PREFIX_ENV]]
        assert not sys.dont_write_bytecode
