"""Watching AI-vs-AI games in the window: step by step, pace, pause, series, stop; and the contract."""

from __future__ import annotations

import csv
import re

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QDockWidget, QPushButton, QSpinBox

from tictactoe_qt.gui.stats.watch_series import SPEEDS

from .panels import open_panel
from .waits import HANG_MS


@pytest.fixture
def window(shown_window):
    return shown_window()


def choose_players(window, x_kind: str, o_kind: str) -> None:
    for seat, kind in (("x", x_kind), ("o", o_kind)):
        combo = window.findChild(QComboBox, f"{seat}Player")
        combo.setCurrentIndex(combo.findData(kind))


def set_speed(window, seconds) -> None:
    window.watch_controls.speed_slider.setValue(SPEEDS.index(seconds))


def moves_on_board(window) -> int:
    return sum(ch in "xo" for ch in window.position())


def test_step_mode_plays_one_move_per_next(qtbot, window) -> None:
    choose_players(window, "random", "perfect")
    set_speed(window, None)
    assert window.watch_series.start(1)
    qtbot.wait(100)
    assert moves_on_board(window) == 0
    for expected in (1, 2, 3):
        assert window.watch_series.next_move()
        qtbot.waitUntil(lambda expected=expected: moves_on_board(window) == expected, timeout=HANG_MS)
        qtbot.wait(50)
        assert moves_on_board(window) == expected  # and no further on its own
    assert window.watch_controls.next_button.isEnabled()
    assert re.search(r"\b1 node\b|\bnodes\b", window.watch_controls.move_label.text())
    assert "1 nodes" not in window.watch_controls.move_label.text()


def test_series_plays_every_game_and_counts_it(qtbot, window) -> None:
    choose_players(window, "random", "random")
    set_speed(window, 0.0)
    with qtbot.waitSignal(window.stats_panel.run_added, timeout=HANG_MS) as added:
        window.watch_controls.games_box.setValue(2)  # more than one: each game after the first counts too
        qtbot.mouseClick(window.watch_controls.watch_button, Qt.MouseButton.LeftButton)
    run = added.args[0]
    assert run.games == 2 and not run.cancelled
    score = window.watch_series.score
    assert sum(score.values()) == 2
    assert "(2 of 2)" in window.watch_controls.score_label.text()
    assert window.stats_panel.report.text_at("Games").startswith("2")
    assert not window.watch_series.running


def test_paced_moves_wait_between_moves(qtbot, window) -> None:
    choose_players(window, "random", "random")
    set_speed(window, 0.5)
    window.watch_series.start(1)
    qtbot.waitUntil(lambda: moves_on_board(window) >= 1, timeout=HANG_MS)
    qtbot.wait(150)
    assert moves_on_board(window) <= 2


def test_pause_holds_and_resume_continues(qtbot, window) -> None:
    choose_players(window, "random", "random")
    set_speed(window, 0.05)
    window.watch_series.start(1)
    qtbot.waitUntil(lambda: moves_on_board(window) >= 1, timeout=HANG_MS)
    qtbot.mouseClick(window.watch_controls.pause_button, Qt.MouseButton.LeftButton)
    assert window.watch_controls.pause_button.text() == "Resume"
    qtbot.wait(100)  # a move already asked for may still land
    held = moves_on_board(window)
    qtbot.wait(300)
    assert moves_on_board(window) == held
    qtbot.mouseClick(window.watch_controls.pause_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: moves_on_board(window) > held or window.controller.result(), timeout=HANG_MS)


def test_stop_ends_the_series_and_keeps_the_games_played(qtbot, window) -> None:
    choose_players(window, "random", "random")
    set_speed(window, 0.05)
    window.watch_series.start(50)
    qtbot.waitUntil(lambda: window.watch_series.played >= 1, timeout=HANG_MS)
    with qtbot.waitSignal(window.stats_panel.run_added, timeout=HANG_MS) as added:
        qtbot.mouseClick(window.watch_controls.stop_button, Qt.MouseButton.LeftButton)
    assert added.args[0].cancelled and 1 <= added.args[0].games < 50
    assert not window.watch_series.running
    held = window.position()
    qtbot.wait(200)
    assert window.position() == held


def test_watching_with_a_human_side_is_explained(qtbot, window) -> None:
    choose_players(window, "human", "random")
    assert not window.watch_series.start(1)
    assert "computer player for X" in window.statusBar().currentMessage()


def test_new_game_after_watching_plays_normally(qtbot, window) -> None:
    choose_players(window, "random", "random")
    set_speed(window, None)
    window.watch_series.start(3)
    window.watch_series.stop()
    set_speed(window, 0.0)
    window.findChild(type(window.new_game_action), "actionNewGame").trigger()
    qtbot.waitUntil(lambda: window.controller.result() is not None, timeout=HANG_MS)


def test_window_keeps_the_simulation_contract(qtbot, window, tmp_path) -> None:
    assert isinstance(window.findChild(QDockWidget, "statsPanel"), QDockWidget)
    games = window.findChild(QSpinBox, "simGames")
    assert games.maximum() == 1_000_000
    choose_players(window, "perfect", "random")
    games.setValue(100)
    with qtbot.waitSignal(window.simulation_finished, timeout=HANG_MS) as finished:
        qtbot.mouseClick(window.findChild(QPushButton, "simulateButton"), Qt.MouseButton.LeftButton)
    summary = finished.args[0]
    assert summary["games"] == 100 and summary["o"]["wins"] == 0
    assert summary["x"]["spec"].startswith("perfect")
    path = tmp_path / "latest.csv"
    assert window.export_results(path) == 100
    with open(path, newline="", encoding="utf-8") as stream:
        assert len(list(csv.DictReader(stream))) == 100


def test_closing_the_window_during_a_batch_stops_it(qtbot, window) -> None:
    choose_players(window, "random", "random")
    window.findChild(QSpinBox, "simGames").setValue(1_000_000)
    with qtbot.waitSignal(window.stats_panel.batch.progress, timeout=HANG_MS):
        assert window.stats_panel.start_simulation()
    window.close()
    assert not window.stats_panel.is_simulating()


CLOSE_SCRIPT = """
import sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QComboBox, QSpinBox

app = QApplication([])
app.setOrganizationName("tictactoe-qt")
app.setApplicationName("tictactoe-qt")
from tictactoe_qt.gui.main_window import MainWindow

window = MainWindow()
for seat in "xo":
    combo = window.findChild(QComboBox, seat + "Player")
    combo.setCurrentIndex(combo.findData("random"))
window.findChild(QSpinBox, "simGames").setValue(1_000_000)
window.show()
window.stats_panel.start_simulation()
window.stats_panel.tournament.games_per_pairing.setValue(100_000)
window.stats_panel.tournament.start()

def close():
    assert window.stats_panel.is_simulating(), "the batch should be running"
    window.close()
    app.quit()

QTimer.singleShot(500, close)
sys.exit(app.exec())
"""


def test_closing_during_a_batch_and_a_tournament_exits_cleanly(tmp_path) -> None:
    import subprocess
    import sys

    from .fresh_process import seat_humans, settings_env

    seat_humans(tmp_path)  # the window starts no engine process for seats the batch replaces
    done = subprocess.run(
        [sys.executable, "-c", CLOSE_SCRIPT], env=settings_env(tmp_path), capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert "QThread: Destroyed" not in done.stderr


def test_statistics_charts_are_built_only_when_their_tab_is_raised(qtbot, window) -> None:
    from tictactoe_qt.gui.stats import chart_loader

    panel = window.stats_panel
    assert chart_loader.wait_until_loaded()
    qtbot.wait(20)
    assert panel.charts is None  # hidden until opened: not on screen
    open_panel(qtbot, window, "statsPanel")
    qtbot.waitUntil(lambda: panel.charts is not None, timeout=HANG_MS)
    window.settings_dock.raise_()
    assert not panel.charts_on_screen()


def test_stop_after_pause_ends_the_series_cleanly(qtbot, window) -> None:
    choose_players(window, "random", "perfect")
    set_speed(window, 0.5)
    window.watch_series.start(1)
    qtbot.waitUntil(lambda: moves_on_board(window) >= 1, timeout=HANG_MS)
    controls = window.watch_controls
    qtbot.mouseClick(controls.pause_button, Qt.MouseButton.LeftButton)
    if window.controller.result() is None:
        qtbot.waitUntil(lambda: not window.controller.is_thinking, timeout=HANG_MS)
        assert "Paused" in window.status_panel.turn.text()
        assert "thinking" not in window.status_panel.turn.text()
    qtbot.mouseClick(controls.stop_button, Qt.MouseButton.LeftButton)
    assert not window.watch_series.running
    assert controls.pause_button.text() == "Pause"
    assert not controls.pause_button.isEnabled() and not controls.next_button.isEnabled()
    assert controls.watch_button.isEnabled()
    assert not window.controller.is_thinking
    if window.controller.result() is None:
        assert "Stopped" in window.status_panel.turn.text()
    held = window.position()
    qtbot.wait(300)
    assert window.position() == held
    window.findChild(type(window.new_game_action), "actionNewGame").trigger()
    qtbot.waitUntil(lambda: moves_on_board(window) >= 1, timeout=HANG_MS)


def test_pause_and_next_are_disabled_without_a_watched_series(qtbot, window) -> None:
    choose_players(window, "human", "perfect")
    window.findChild(type(window.new_game_action), "actionNewGame").trigger()
    controls = window.watch_controls
    for name in ("watchPause", "watchNext", "watchStop"):
        assert not controls.actions_by_button[name].isEnabled()
    assert not controls.pause_button.isEnabled()
    assert not controls.actions_by_button["watchButton"].isEnabled()  # X is a human
    choose_players(window, "random", "perfect")
    assert controls.actions_by_button["watchButton"].isEnabled()


def test_watch_score_uses_the_players_marks(qtbot, window) -> None:
    from PySide6.QtWidgets import QLineEdit

    choose_players(window, "random", "random")
    for seat, mark in (("x", "🐱"), ("o", "🐶")):
        field = window.findChild(QLineEdit, f"{seat}Mark")
        field.setText(mark)
        field.textEdited.emit(mark)
    set_speed(window, 0.0)
    window.watch_series.start(1)
    qtbot.waitUntil(lambda: not window.watch_series.running, timeout=HANG_MS)
    text = window.watch_controls.score_label.text()
    assert "🐱" in text and "🐶" in text and "X " not in text


def test_watch_move_line_names_the_player_by_mark_with_o_first(qtbot, window) -> None:
    """A review saw 'O: 60,213 nodes, …' beside 'A 0 · B 0' when O's player wrote B."""
    from .seating import start

    start(qtbot, window, "o", {"x": "A", "o": "B"})
    choose_players(window, "random", "random")
    window.settings_dock.findChild(QPushButton, "applySettingsButton").click()
    set_speed(window, None)
    assert window.watch_series.start(1)
    with qtbot.waitSignal(window.controller.ai_moved, timeout=HANG_MS):
        assert window.watch_series.next_move()  # O's player (B) moves first
    qtbot.waitUntil(lambda: window.watch_controls.move_label.text().startswith("B: "), timeout=HANG_MS)
    with qtbot.waitSignal(window.controller.ai_moved, timeout=HANG_MS):
        assert window.watch_series.next_move()
    qtbot.waitUntil(lambda: window.watch_controls.move_label.text().startswith("A: "), timeout=HANG_MS)
    window.watch_series.stop()
