"""Nothing on screen is stale, and no hidden setting is carried over."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLabel, QSpinBox

from tictactoe_qt.gui.player_choices import depth_text
from tictactoe_qt.gui.settings_store import SettingsStore
from tictactoe_qt.gui.stats.watch_series import SPEEDS

from .settings_steps import choose


@pytest.fixture
def window(shown_window):
    return shown_window()


def test_the_human_message_goes_once_x_is_a_computer(window) -> None:
    panel = window.stats_panel
    choose(window, "x", "human")
    assert not panel.start_simulation()
    assert "X is a human" in panel.simulate_bar.status_label.text()
    choose(window, "x", "random")
    assert "human" not in panel.simulate_bar.status_label.text()
    assert "Random (X) vs Perfect (O)" in panel.simulate_bar.match_label.text()


def test_the_human_message_stays_while_x_is_still_human(window) -> None:
    panel = window.stats_panel
    choose(window, "x", "human")
    assert not panel.start_simulation()
    window.findChild(QSpinBox, "rows").setValue(4)  # another edit, X still human
    assert "X is a human" in panel.simulate_bar.status_label.text()


def test_watch_counts_say_stopped_and_clear_on_a_new_game(qtbot, window) -> None:
    choose(window, "x", "random")
    choose(window, "o", "random")
    controls = window.watch_controls
    controls.speed_slider.setValue(SPEEDS.index(0.05))
    controls.games_box.setValue(50)
    qtbot.mouseClick(controls.watch_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.watch_series.played >= 1, timeout=10_000)
    qtbot.mouseClick(controls.stop_button, Qt.MouseButton.LeftButton)
    assert "stopped" in controls.score_label.text() and "of 50" in controls.score_label.text()
    window.new_game_action.trigger()
    assert controls.score_label.text() == ""
    assert controls.move_label.text() == ""


def test_a_depth_hidden_under_perfect_is_not_saved_or_used(qtbot, window) -> None:
    choose(window, "o", "minimax")
    window.findChild(QSpinBox, "oDepth").setValue(5)
    choose(window, "o", "perfect")
    preset = window.findChild(QComboBox, "oPreset")
    assert preset.currentText() == "Unbeatable"
    assert window.settings_dock.settings().o.depth is None
    window.new_game_action.trigger()
    assert window.controller.settings.o.depth is None
    window.close()
    saved, _problems = SettingsStore().load()
    assert saved.o.kind == "perfect" and saved.o.depth is None
    assert str(saved.o.spec()) == "perfect"


def test_the_dock_note_and_the_batch_label_name_the_same_depth(window) -> None:
    window.findChild(QSpinBox, "rows").setValue(7)
    window.findChild(QSpinBox, "cols").setValue(7)
    window.findChild(QSpinBox, "k").setValue(5)
    choose(window, "x", "alphabeta")
    choose(window, "o", "random")
    note = window.findChild(QLabel, "xNote")
    text = note.text()
    match_label = window.stats_panel.simulate_bar.match_label
    depth = int(match_label.toolTip().split("alphabeta:depth=")[1].split()[0])  # the spec
    assert note.isVisible() and f"can't look {depth_text(None)} on a 7x7 board" in text
    assert f"looks {depth} moves ahead (depth {depth})" in text, (text, match_label.toolTip())
    assert f"Alpha-beta, {depth} moves ahead (X)" in match_label.text()  # the same, in words


def test_the_watched_run_reports_a_pace_not_0_per_second(qtbot, window) -> None:
    choose(window, "x", "random")
    choose(window, "o", "random")
    window.watch_controls.speed_slider.setValue(SPEEDS.index(0.5))
    with qtbot.waitSignal(window.stats_panel.run_added, timeout=30_000):
        window.watch_series.start(1)
    speed = window.stats_panel.report.text_at("Speed")
    assert speed != "0/s" and "0/s" not in speed.split()
    assert "game" in speed


def test_a_finished_batch_line_goes_when_the_match_changes(qtbot, window) -> None:
    panel = window.stats_panel
    bar = panel.simulate_bar
    choose(window, "x", "random")
    choose(window, "o", "random")
    bar.games_box.setValue(20)
    with qtbot.waitSignal(panel.simulation_finished, timeout=30_000):
        qtbot.mouseClick(bar.simulate_button, Qt.MouseButton.LeftButton)
    done, match = bar.status_label.text(), bar.match_label.text()
    assert "20" in done, done
    panel.refresh_match()  # the same match again: the line still describes it
    assert bar.status_label.text() == done
    window.findChild(QSpinBox, "rows").setValue(4)  # the board edited
    assert bar.match_label.text() != match
    assert bar.status_label.text() != done
    assert bar.progress_bar.value() < 20
    assert "20" not in bar.progress_bar.text()  # no count of the previous match's games
    # The run itself is kept.
    assert panel.latest_run() is not None


def test_a_finished_batch_line_goes_when_a_player_changes(qtbot, window) -> None:
    panel = window.stats_panel
    bar = panel.simulate_bar
    choose(window, "x", "random")
    choose(window, "o", "random")
    bar.games_box.setValue(20)
    with qtbot.waitSignal(panel.simulation_finished, timeout=30_000):
        qtbot.mouseClick(bar.simulate_button, Qt.MouseButton.LeftButton)
    done = bar.status_label.text()
    choose(window, "o", "perfect")
    assert "Perfect" in bar.match_label.text()
    assert bar.status_label.text() != done
