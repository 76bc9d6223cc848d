"""Once the window has closed, a signal ends the program at once: nothing in the shutdown
(a helper thread's join, a worker pool's grace) may keep it alive against a SIGTERM."""

from __future__ import annotations

import signal
import subprocess
import sys

import pytest

from .fresh_process import seat_humans, settings_env

#: Runs the real program (``app.run``), closes its window after a moment, then makes the
#: shutdown slow on purpose: an exit hook that would sleep for a minute.
SCRIPT = """
import atexit, sys, time
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
from tictactoe_qt.gui import app as app_module

def slow_exit():
    print("shutting down", flush=True)
    time.sleep(60)

atexit.register(slow_exit)
application = QApplication(["tictactoe-qt"])
QTimer.singleShot(500, lambda: [w.close() for w in application.topLevelWidgets()])
sys.exit(app_module.run([]))
"""


@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT])
def test_a_signal_after_the_window_closed_ends_the_program_at_once(tmp_path, number) -> None:
    seat_humans(tmp_path)  # no game is played: the seats' engine process would be unused
    program = subprocess.Popen(
        [sys.executable, "-c", SCRIPT],
        stdout=subprocess.PIPE,
        text=True,
        env=settings_env(tmp_path),
        start_new_session=True,
    )
    try:
        assert program.stdout is not None
        assert program.stdout.readline().strip() == "shutting down"
        program.send_signal(number)
        status = program.wait(timeout=20)  # against the minute the exit hook would take
    finally:
        if program.poll() is None:
            program.kill()
            program.wait()
    assert status == -number
