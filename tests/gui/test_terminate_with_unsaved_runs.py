"""SIGTERM and SIGHUP end the program even while it would ask about unsaved simulation runs:
nobody is there to answer, so the question must not keep the process (and its children) alive;
the window closes as usual, so the settings are written, and the runs stay in the recovery folder
(the next start shows them again: test_recovery_after_signal)."""

from __future__ import annotations

import json
import signal
import subprocess
import sys

import pytest

from .fresh_process import recovery_folder, seat_humans, settings_env, settings_file, window_script

#: Runs a real window with the program's own signal handling, plays a small batch,
#: then (in "asked" mode) asks to close so the question is on screen.
SCRIPT = window_script("""
    from PySide6.QtWidgets import QComboBox, QMessageBox, QSpinBox

    for seat in "xo":
        combo = window.findChild(QComboBox, seat + "Player")
        combo.setCurrentIndex(combo.findData("random"))
    window.findChild(QSpinBox, "simGames").setValue(200)

    def ready():
        if sys.argv[1] == "asked":
            window.close()
            question = window.findChild(QMessageBox, "unsavedRunsDialog")
            assert question is not None and question.isVisible(), "the question should show"
        print("ready", flush=True)

    window.stats_panel.simulation_finished.connect(lambda *_: QTimer.singleShot(0, ready))
    window.stats_panel.start_simulation()
""")


@pytest.mark.parametrize(
    ("moment", "number"), [("asked", signal.SIGTERM), ("not-asked-yet", signal.SIGTERM), ("asked", signal.SIGHUP)]
)
def test_a_signal_ends_the_program_with_unsaved_runs(tmp_path, moment, number) -> None:
    seat_humans(tmp_path)  # the window starts no engine process for seats the batch replaces
    process = subprocess.Popen(
        [sys.executable, "-c", SCRIPT, moment],
        env=settings_env(tmp_path),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout.readline().strip() == "ready", process.stderr.read()
        before = settings_file(tmp_path).stat()
        process.send_signal(number)
        process.wait(timeout=30)  # before the fix: the window stayed open, asking, forever
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.returncode == 0, process.stderr.read()
    after = settings_file(tmp_path).stat()  # closed as usual: the settings were written
    assert (after.st_ino, after.st_mtime_ns) != (before.st_ino, before.st_mtime_ns)
    (session,) = [path for path in recovery_folder(tmp_path).iterdir() if path.is_dir()]
    assert json.loads((session / "recovery.json").read_text())["runs"] == ["run-1"]
    assert len((session / "run-1.csv").read_text().splitlines()) == 1 + 200
