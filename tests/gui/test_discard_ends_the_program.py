"""Discard in the close question ends the program at once, leaving nothing running: no
window, no worker process, no writer still filling the recovery folder the close deletes.

Seen before: with a big unsaved run the process lived on for seconds after Discard, writing
that run into the recovery folder only to delete it next.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

from tictactoe_qt.gui.stats.stats_controller import SMALL_BATCH

from .fresh_process import (
    TIMEOUT_S,
    group_members,
    recovery_folder,
    seat_humans,
    settings_env,
    wait_until_group_gone,
    window_script,
)

#: A row of the recovery CSV takes this long in the slow-disk script below...
SLOW_ROW_SECONDS = 0.01
#: ...and the batch has this many games: 30 s of writing the old close waited for.
GAMES = SMALL_BATCH * 3

#: Plays a batch in worker processes (and a watched series), with a disk so slow that
#: writing the recovery folder takes long; then closes, answering Discard in the question.
SCRIPT = window_script(f"""
    import time
    from PySide6.QtWidgets import QComboBox, QMessageBox, QSpinBox
    from tictactoe_qt.gui.stats.run_data import RunData
    from tictactoe_qt.gui.stats.watch_series import SPEEDS

    real_row = RunData.row

    def slow_row(self, position):
        time.sleep({SLOW_ROW_SECONDS})
        return real_row(self, position)

    RunData.row = slow_row
    for seat in "xo":
        combo = window.findChild(QComboBox, seat + "Player")
        combo.setCurrentIndex(combo.findData("random"))
    window.findChild(QSpinBox, "simGames").setValue({GAMES})
    window.watch_controls.speed_slider.setValue(SPEEDS.index(0.0))

    def discard():
        box = window.findChild(QMessageBox, "unsavedRunsDialog")
        print("asked:", box.text(), flush=True)
        box.button(QMessageBox.StandardButton.Discard).click()

    def close():
        window.close()
        QTimer.singleShot(0, discard)

    def watch(*_):
        window.stats_panel.run_added.disconnect(watch)
        window.stats_panel.run_added.connect(lambda *_: QTimer.singleShot(0, close))
        window.watch_series.start(1)

    window.stats_panel.run_added.connect(watch)
    window.stats_panel.start_simulation()
""")


def test_discard_ends_the_program_at_once_and_leaves_nothing_running(tmp_path) -> None:
    seat_humans(tmp_path)  # the window starts no engine process for seats the batch replaces
    env = settings_env(tmp_path)
    process = subprocess.Popen(
        [sys.executable, "-c", SCRIPT],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        line = process.stdout.readline()
        asked = time.monotonic()
        assert line.strip() == "asked: Save the simulation run and the watched series before closing?", (
            process.stderr.read()
        )
        _, err = process.communicate(timeout=TIMEOUT_S)
        ended = time.monotonic() - asked
        left = wait_until_group_gone(process.pid, TIMEOUT_S)
        assert not left, f"left running in the program's group: {left}"
    finally:
        if group_members(process.pid):
            os.killpg(process.pid, signal.SIGKILL)
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.returncode == 0 and "Traceback" not in err, err
    # The point is the wait: the recovery writes still due would take GAMES * SLOW_ROW_SECONDS.
    assert ended < GAMES * SLOW_ROW_SECONDS / 3
    folder = recovery_folder(tmp_path)
    assert not folder.exists() or not [path for path in folder.iterdir() if path.is_dir()]
