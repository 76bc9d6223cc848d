"""A closed window leaves nothing behind that can abort the process later.

Qt aborts (exit 134) when a running QThread is deleted. Windows are opened, used (AI
moves, the stepper, a batch, the analysis overlay) and closed one after another in one
fresh process, as a test session does; some closes are refused by the unsaved-runs
question and the window is deleted anyway (pytest-qt's close and ``deleteLater``), one is
deleted while a batch runs, one is closed while its engine process is still starting.
The garbage collector runs after each. Run as a subprocess, so an abort is an exit
status here and not a dead test session.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from .fresh_process import settings_env

SCRIPT = Path(__file__).with_name("open_and_close_windows.py")
TIMEOUT_S = 300


def _group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    return True


def test_windows_closed_and_collected_in_one_process_never_abort(tmp_path) -> None:
    process = subprocess.Popen(
        [sys.executable, str(SCRIPT)],
        env=settings_env(tmp_path),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        out, err = process.communicate(timeout=TIMEOUT_S)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
    code = process.returncode
    assert code == 0, f"exit {code}" + (" (SIGABRT: Qt aborted)" if code in (134, -6) else "") + f"\n{err[-3000:]}"
    assert "QThread: Destroyed" not in err, err[-3000:]
    assert "Traceback" not in err, err[-3000:]
    assert "done; processes left: []" in out, out
    deadline = time.monotonic() + 10
    while _group_alive(process.pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _group_alive(process.pid), "a child process outlived the program"


#: A batch task whose worker ignores the cancel for longer than the shutdown waits.
DEAF_WORKER_SCRIPT = """
import gc, sys, time
from PySide6.QtCore import QCoreApplication, QEvent, QObject, Signal, Slot
from tictactoe_qt.gui.stats.background import BackgroundTask

class DeafWorker(QObject):
    progress = Signal(object)
    finished = Signal(object)
    failed = Signal(str)

    @Slot()
    def run(self):
        time.sleep(1.0)  # deaf to cancel()
        self.finished.emit(None)

    def cancel(self):
        pass

app = QCoreApplication([])
owner = QObject()
task = BackgroundTask("deaf", owner)
task.start(DeafWorker())
time.sleep(0.2)
assert task.shutdown(timeout_ms=50) is None  # it did not stop in time
owner.deleteLater()
del owner, task
QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
gc.collect()
time.sleep(1.5)  # the worker ends meanwhile
gc.collect()
print("done", flush=True)
"""


def test_a_batch_thread_that_outlives_its_shutdown_wait_is_not_deleted_running(tmp_path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", DEAF_WORKER_SCRIPT],
        env=settings_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, f"exit {done.returncode}\n{done.stderr[-3000:]}"
    assert "QThread: Destroyed" not in done.stderr and "Traceback" not in done.stderr, done.stderr
    assert done.stdout.strip() == "done"
