"""Closing the window with simulation runs nobody saved asks first; the runs are never lost
silently. Save writes them (CSV and JSON) into a chosen folder, Discard closes, Cancel keeps
the window open with its runs."""

from __future__ import annotations

import csv
import json
import threading
import time

import pytest
from PySide6.QtWidgets import QComboBox, QFileDialog, QMessageBox, QPushButton, QSpinBox

from tictactoe_qt.gui.stats.unsaved_runs import CloseChoice, UnsavedRunsQuestion

from .waits import HANG_MS


@pytest.fixture
def window(shown_window, monkeypatch):
    monkeypatch.setattr(UnsavedRunsQuestion, "answer", None)  # ask, as for a user
    window = shown_window()
    for seat in "xo":
        combo = window.findChild(QComboBox, f"{seat}Player")
        combo.setCurrentIndex(combo.findData("random"))
    yield window
    # The windows close after the test without asking: their threads must stop.
    monkeypatch.setattr(UnsavedRunsQuestion, "answer", CloseChoice.DISCARD)


def simulate(qtbot, window, games: int = 200) -> None:
    panel = window.stats_panel
    panel.findChild(QSpinBox, "simGames").setValue(games)
    with qtbot.waitSignal(panel.simulation_finished, timeout=HANG_MS):
        qtbot.mouseClick(panel.findChild(QPushButton, "simulateButton"), _left())


def _left():
    from PySide6.QtCore import Qt

    return Qt.MouseButton.LeftButton


def question(qtbot, window) -> QMessageBox:
    qtbot.waitUntil(
        lambda: (
            window.findChild(QMessageBox, "unsavedRunsDialog") is not None
            and window.findChild(QMessageBox, "unsavedRunsDialog").isVisible()
        ),
        timeout=HANG_MS,
    )
    return window.findChild(QMessageBox, "unsavedRunsDialog")


def answer(qtbot, box: QMessageBox, button: QMessageBox.StandardButton) -> None:
    qtbot.mouseClick(box.button(button), _left())


def test_the_question_about_one_run_speaks_of_it(qtbot, window) -> None:
    simulate(qtbot, window)
    assert not window.close()
    box = question(qtbot, window)
    assert box.text() == "Save the simulation run before closing?"
    assert "Discard deletes it for good" in box.informativeText()
    answer(qtbot, box, QMessageBox.StandardButton.Cancel)
    qtbot.waitUntil(lambda: window.findChild(QMessageBox, "unsavedRunsDialog") is None, timeout=HANG_MS)


def test_close_asks_and_cancel_keeps_the_window_and_its_runs(qtbot, window) -> None:
    simulate(qtbot, window)
    simulate(qtbot, window)
    run = window.stats_panel.latest_run()
    assert not window.close()  # the close waits for the answer; nothing blocks
    box = question(qtbot, window)
    assert box.text() == "Save the 2 simulation runs before closing?"
    # Since the recovery folder, runs outlive the window: the question says what Discard does.
    assert "Discard deletes them for good" in box.informativeText()
    assert "kept only while the window is open" not in box.informativeText()
    # Said beside "deletes them for good", the recovery after a crash read as a contradiction.
    assert "come back" not in box.informativeText()
    answer(qtbot, box, QMessageBox.StandardButton.Cancel)
    qtbot.waitUntil(lambda: window.findChild(QMessageBox, "unsavedRunsDialog") is None, timeout=HANG_MS)
    assert window.isVisible()
    assert window.stats_panel.latest_run() is run and len(window.stats_panel.unsaved_runs()) == 2
    simulate(qtbot, window)  # the window still works: its threads were not stopped
    assert not window.close()
    answer(qtbot, question(qtbot, window), QMessageBox.StandardButton.Discard)
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=HANG_MS)


def test_save_writes_every_run_into_the_chosen_folder_then_closes(qtbot, window, tmp_path, monkeypatch) -> None:
    (tmp_path / "run1.csv").write_text("an older file\n")  # kept: the new one gets another name
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", lambda *a, **k: str(tmp_path))
    simulate(qtbot, window, 150)
    simulate(qtbot, window, 250)
    window.close()
    box = question(qtbot, window)
    answer(qtbot, box, QMessageBox.StandardButton.Save)
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=HANG_MS)
    assert (tmp_path / "run1.csv").read_text() == "an older file\n"
    with open(tmp_path / "run1 (2).csv", newline="") as stream:
        assert len(list(csv.reader(stream))) == 1 + 150
    with open(tmp_path / "run2.csv", newline="") as stream:
        assert len(list(csv.reader(stream))) == 1 + 250
    assert json.loads((tmp_path / "run2.json").read_text())["summary"]["games"] == 250
    assert not list(tmp_path.glob(".*.tmp"))


def test_no_folder_chosen_keeps_the_window_open(qtbot, window, monkeypatch) -> None:
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", lambda *a, **k: "")
    simulate(qtbot, window)
    window.close()
    answer(qtbot, question(qtbot, window), QMessageBox.StandardButton.Save)
    qtbot.waitUntil(lambda: window.findChild(QMessageBox, "unsavedRunsDialog") is None, timeout=HANG_MS)
    assert window.isVisible() and window.stats_panel.latest_run() is not None


def test_runs_already_exported_close_without_a_question(qtbot, window, tmp_path, monkeypatch) -> None:
    simulate(qtbot, window)
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(tmp_path / "mine.csv"), ""))
    window.stats_panel.exports.choose_csv_file()  # the Runs tab's "Export CSV"
    assert (tmp_path / "mine.csv").exists()
    assert window.close()
    assert window.findChild(QMessageBox, "unsavedRunsDialog") is None


def test_a_window_without_runs_closes_at_once(qtbot, window) -> None:
    assert window.close()


def watch(qtbot, window, games: int = 2) -> None:
    """Watch a series of ``games`` on the board, at once, until it is kept."""
    from tictactoe_qt.gui.stats.watch_series import SPEEDS

    window.watch_controls.speed_slider.setValue(SPEEDS.index(0.0))
    with qtbot.waitSignal(window.stats_panel.run_added, timeout=HANG_MS):
        window.watch_controls.games_box.setValue(games)
        qtbot.mouseClick(window.watch_controls.watch_button, _left())


def test_the_question_counts_watched_series_apart_from_simulation_runs(qtbot, window) -> None:
    simulate(qtbot, window)
    watch(qtbot, window)
    window.close()
    box = question(qtbot, window)
    assert box.text() == "Save the simulation run and the watched series before closing?"
    answer(qtbot, box, QMessageBox.StandardButton.Cancel)
    qtbot.waitUntil(lambda: window.findChild(QMessageBox, "unsavedRunsDialog") is None, timeout=HANG_MS)
    simulate(qtbot, window)
    watch(qtbot, window)
    window.close()
    box = question(qtbot, window)
    assert box.text() == "Save the 2 simulation runs and 2 watched series before closing?"
    answer(qtbot, box, QMessageBox.StandardButton.Discard)
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=HANG_MS)


def test_a_watched_series_alone_is_named_so(qtbot, window) -> None:
    watch(qtbot, window)
    watch(qtbot, window)
    window.close()
    assert question(qtbot, window).text() == "Save the 2 watched series before closing?"


#: Seconds one game row takes to write in the slow-disk test below.
SLOW_ROW_SECONDS = 0.005
#: Rows of the run being written then: 2,000 rows at 5 ms are 10 s of writing.
SLOW_ROWS = 2000


def test_discard_gives_up_the_recovery_writes_and_closes_at_once(qtbot, window, monkeypatch) -> None:
    """Seen with a big run: Discard kept the program alive for seconds while the unsaved runs
    were still being written into the recovery folder that the close then deleted."""
    from tictactoe_qt.engine.game import GameConfig
    from tictactoe_qt.engine.players import PlayerSpec
    from tictactoe_qt.gui.stats.run_data import RunData

    run = RunData(GameConfig(3, 3, 3), PlayerSpec("random"), PlayerSpec("random"), SLOW_ROWS)
    run.add_endings(bytes([9 << 2]) * SLOW_ROWS, 1e-5)
    run.finish()
    writing = threading.Event()
    real_row = RunData.row

    def slow_row(self, position):  # a slow disk: the run takes SLOW_ROWS * SLOW_ROW_SECONDS to write
        writing.set()
        time.sleep(SLOW_ROW_SECONDS)
        return real_row(self, position)

    monkeypatch.setattr(RunData, "row", slow_row)
    window.stats_panel.keep_run(run)  # written to the recovery folder in the writer thread
    folder = window.stats_panel.recovery.folder
    assert writing.wait(HANG_MS / 1000), "the recovery writer should be writing the run"
    assert not window.close()
    box = question(qtbot, window)
    started = time.monotonic()
    answer(qtbot, box, QMessageBox.StandardButton.Discard)
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=HANG_MS)
    # The point is the wait itself: well under the 10 s the writes would still take.
    assert time.monotonic() - started < SLOW_ROWS * SLOW_ROW_SECONDS / 2
    assert not [thread.name for thread in threading.enumerate() if thread.name.startswith("runRecoveryWriter")]
    assert not folder.exists()  # discarded: nothing is left for the next start
