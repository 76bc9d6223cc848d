"""Run the window in a fresh Python process with its settings in a temporary folder.

QSettings caches its file's path per process, so a test of what survives a
restart starts the program anew for each run (``XDG_CONFIG_HOME`` points at
the test's folder; the settings file is ``<folder>/tictactoe-qt/tictactoe-qt.conf``).
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

TIMEOUT_S = 120


def settings_env(folder: Path) -> dict[str, str]:
    """The environment of a program run whose settings (and cache, and data) live in ``folder``."""
    from tictactoe_qt.gui.stats.recovery_files import FOLDER_VARIABLE

    env = dict(
        os.environ,
        XDG_CONFIG_HOME=str(folder),
        XDG_DATA_HOME=str(folder),
        HOME=str(folder),
        QT_QPA_PLATFORM="offscreen",
        PYTHONPATH=str(Path(__file__).resolve().parents[2]),
    )
    env.pop(FOLDER_VARIABLE, None)  # the program finds its data folder as it would for a user
    return env


def group_members(pgid: int) -> list[int]:
    """Processes (not zombies) whose process group is ``pgid`` (Linux's /proc; as the CLI tests'
    process_tree, which this package cannot import)."""
    members = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[2]) == pgid and fields[0] not in ("Z", "X"):
                members.append(int(entry))
    return members


def wait_until_group_gone(pgid: int, timeout: float) -> list[int]:
    """Wait until no process of group ``pgid`` runs; those still running at ``timeout``."""
    deadline = time.monotonic() + timeout
    while (left := group_members(pgid)) and time.monotonic() < deadline:
        time.sleep(0.05)
    return left


def recovery_folder(folder: Path) -> Path:
    """Where a run with :func:`settings_env` (``folder``) keeps its unsaved runs."""
    return folder / "tictactoe-qt" / "tictactoe-qt" / "recovery"


def settings_file(folder: Path) -> Path:
    """The settings file of a run with :func:`settings_env` (``folder``)."""
    return folder / "tictactoe-qt" / "tictactoe-qt.conf"


def seat_humans(folder: Path) -> None:
    """Settings in ``folder`` (as :func:`settings_env` points at) with both seats human, so
    the window starts no engine process: for a run whose window plays no game itself
    (a batch has players of its own)."""
    path = settings_file(folder)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("[x]\nkind=human\n\n[o]\nkind=human\n", encoding="utf-8")


def run_script(script: str, env: dict[str, str], *args: str) -> str:
    """``python -c script args``'s output; the run must end cleanly."""
    done = subprocess.run(
        [sys.executable, "-c", script, *args], capture_output=True, text=True, timeout=TIMEOUT_S, env=env
    )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr, done.stderr
    return done.stdout


#: The start of every windowed script: the program's own application set-up and signal
#: handling, and a shown ``window``; the script's body follows, then the event loop.
#: A crash (SIGSEGV, SIGABRT) prints the Python stacks on stderr, so a window that ends
#: without a word in a test still names where it was.
_WINDOW_PRELUDE = """
import faulthandler
import sys
faulthandler.enable()
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
from tictactoe_qt.gui import app as program

if __name__ == "__main__":
    qapp = QApplication([program.APP_NAME])
    program.configure_application(qapp)
    from tictactoe_qt.gui.main_window import MainWindow

    window = MainWindow()
    window.show()
    program.close_on_termination(window)
"""


def window_script(body: str) -> str:
    """A ``python -c`` script that shows the window as the program does (see
    :data:`_WINDOW_PRELUDE`: ``sys``, ``QTimer``, ``qapp``, ``program`` and ``window``
    are there), runs ``body`` and then the event loop until the window is closed."""
    return (
        _WINDOW_PRELUDE + textwrap.indent(textwrap.dedent(body).strip("\n"), "    ") + "\n    sys.exit(qapp.exec())\n"
    )
