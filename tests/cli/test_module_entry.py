"""``python -m tictactoe_qt`` runs the command, and importing it runs nothing."""

import importlib
import subprocess
import sys

from tictactoe_qt import __version__


def test_python_dash_m_runs_the_command():
    done = subprocess.run(
        [sys.executable, "-m", "tictactoe_qt", "--version"], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert __version__ in done.stdout + done.stderr


def test_importing_the_main_module_opens_no_window(monkeypatch):
    # Worker processes started with "spawn" import the main module again.
    calls = []
    monkeypatch.setattr("tictactoe_qt.cli.main.main", lambda *a: calls.append(a) or 0)
    sys.modules.pop("tictactoe_qt.__main__", None)
    importlib.import_module("tictactoe_qt.__main__")
    assert calls == []
