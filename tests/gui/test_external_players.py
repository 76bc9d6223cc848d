"""External engines in the window: chosen in the dock, played, logged, and never left running."""

from __future__ import annotations

import csv

import pytest
from PySide6.QtWidgets import QComboBox, QLabel, QPushButton, QSpinBox

from tests.gomocup.processes import gone_with, running_with
from tictactoe_qt.engine.game import GameConfig
from tictactoe_qt.engine.players import LOG_ENV, PlayerSpec
from tictactoe_qt.gui.settings_store import SettingsStore
from tictactoe_qt.gui.stats.stats_controller import StatsController
from tictactoe_qt.gui.stats.stats_panel import StatsPanel

from .settings_steps import choose
from .status_lines import shown_error

SMALL_GOMOKU = GameConfig(7, 7, 5)


@pytest.fixture
def window(shown_window):
    return shown_window(move_delay=0)


@pytest.fixture
def pick_file(monkeypatch):
    """``pick_file(path)``: the next file dialog answers ``path`` (``""``: cancelled)."""
    answers: list[str] = []

    def answer(*_args, **_kwargs):
        return (answers.pop(0) if answers else "", "")

    monkeypatch.setattr("tictactoe_qt.gui.extra_player_fields.QFileDialog.getOpenFileName", answer)
    return answers.append


def set_board(window, rows: int, cols: int, k: int) -> None:
    for name, value in (("rows", rows), ("cols", cols), ("k", k)):
        window.findChild(QSpinBox, name).setValue(value)


def watch_series(qtbot, window, x: str, o: str, games: int):
    """Watch ``games`` games of ``x`` against ``o`` on 7x7 five in a row, at full speed;
    the kept run."""
    from PySide6.QtCore import Qt

    from tictactoe_qt.gui.stats.watch_series import SPEEDS

    set_board(window, 7, 7, 5)
    choose(window, "x", x)
    choose(window, "o", o)
    window.watch_controls.speed_slider.setValue(SPEEDS.index(0.0))
    with qtbot.waitSignal(window.stats_panel.run_added, timeout=60_000) as added:
        window.watch_controls.games_box.setValue(games)
        qtbot.mouseClick(window.watch_controls.watch_button, Qt.MouseButton.LeftButton)
    return added.args[0]


def test_external_engine_is_picked_in_a_file_dialog_and_named_by_about(qtbot, window, pick_file, fake_engine):
    path = fake_engine("good")
    pick_file(path)
    set_board(window, 7, 7, 5)
    choose(window, "o", "engine")
    assert window.findChild(QLabel, "oEngineProgram").text() == "pbrain-fake-good"
    name = window.findChild(QLabel, "oEngineName")
    qtbot.waitUntil(lambda: name.text() == "Calls itself: fake good", timeout=15_000)
    side = window.settings_dock.settings().o
    assert (side.kind, side.extra) == ("engine", path)
    assert window.settings_dock.sides["o"].note.text() == ""
    set_board(window, 3, 3, 3)
    assert "k=5" in window.settings_dock.sides["o"].note.text()  # said before any game
    SettingsStore().save(window.settings_dock.settings())
    loaded, problems = SettingsStore().load()
    assert loaded.o.extra == path and loaded.o.kind == "engine" and problems == []
    assert gone_with(path) == []  # asked its name, then ended


def test_a_file_that_is_not_a_program_is_refused_and_the_choice_undone(window, pick_file, tmp_path):
    text_file = tmp_path / "notes.txt"
    text_file.write_text("not an engine")
    pick_file(str(text_file))
    choose(window, "o", "perfect")
    choose(window, "o", "engine")
    assert window.findChild(QComboBox, "oPlayer").currentData() == "perfect"
    assert "is not executable" in window.settings_dock.sides["o"].note.text()


def test_an_engine_plays_and_is_ended_on_new_game_and_on_close(qtbot, window, pick_file, fake_engine):
    path = fake_engine("good")
    pick_file(path)
    set_board(window, 7, 7, 5)
    choose(window, "x", "engine")
    choose(window, "o", "random")
    with qtbot.waitSignal(window.game_over, timeout=30_000):
        window.new_game_action.trigger()
    assert window.controller.board.ply >= 9
    assert len(running_with(path)) == 1  # kept for the next move while the game lasts
    choose(window, "x", "human")
    window.new_game_action.trigger()
    qtbot.waitUntil(lambda: running_with(path) == [], timeout=10_000)
    choose(window, "x", "engine")
    window.new_game_action.trigger()
    qtbot.waitUntil(lambda: window.controller.board.ply >= 1, timeout=15_000)
    assert len(running_with(path)) == 1
    window.close()
    qtbot.waitUntil(lambda: running_with(path) == [], timeout=10_000)


def test_an_engine_fault_in_play_is_a_forfeit_with_its_reason(qtbot, window, pick_file, fake_engine):
    pick_file(fake_engine("offboard"))
    set_board(window, 7, 7, 5)
    choose(window, "x", "engine")
    with qtbot.waitSignal(window.game_over, timeout=30_000) as over:
        window.new_game_action.trigger()
    assert over.args == ["o"]  # the other side wins
    assert window.controller.forfeited == ("x", "fake offboard played 7,7, off the 7x7 board")
    assert window.banner.text() == "X (External engine) forfeits. O (Perfect) wins."
    assert shown_error(window) == "X (External engine) forfeits: fake offboard played 7,7, off the 7x7 board."
    assert window.controller.seat_to_move is None
    choose(window, "x", "human")
    window.new_game_action.trigger()
    assert window.controller.forfeited is None and window.controller.result() is None


@pytest.fixture
def panel(qtbot, tmp_path, monkeypatch):
    monkeypatch.setenv(LOG_ENV, str(tmp_path / "engines.log"))
    panel = StatsPanel(StatsController())
    qtbot.addWidget(panel)
    yield panel
    panel.shutdown()


def run_batch(qtbot, panel, x: str, o: str, games: int) -> dict:
    panel.set_match_source(lambda: (SMALL_GOMOKU, PlayerSpec.parse(x), PlayerSpec.parse(o)))
    panel.findChild(QSpinBox, "simGames").setValue(games)
    panel.simulate_bar.seed_box.setValue(1)
    with qtbot.waitSignal(panel.simulation_finished, timeout=60_000) as finished:
        panel.findChild(QPushButton, "simulateButton").click()
    return finished.args[0]


def test_a_batch_counts_forfeits_in_report_and_csv(qtbot, panel, fake_engine, tmp_path):
    path = fake_engine("crash")
    summary = run_batch(qtbot, panel, "random", f"engine:path={path}", 3)
    assert summary["forfeits"] == 3 and summary["o"]["forfeits"] == 3
    assert panel.report.text_at("Lost by forfeit (X / O)").startswith(
        "0 / 3  (3× O forfeits: fake crash exited (status 3))"
    )
    target = tmp_path / "games.csv"
    panel.export_results(target)
    with open(target, newline="") as stream:
        rows = list(csv.DictReader(stream))
    assert [row["forfeit"] for row in rows] == ["O forfeits: fake crash exited (status 3)"] * 3
    assert [row["winner"] for row in rows] == ["x"] * 3
    assert gone_with(path) == []


def test_engine_messages_and_stderr_are_in_the_log_the_user_opens(qtbot, panel, fake_engine):
    path = fake_engine("chatty")
    run_batch(qtbot, panel, f"engine:path={path}", "random", 2)
    assert gone_with(path) == []
    panel.show_engine_log()
    from tictactoe_qt.gui.stats.engine_log import EngineLogDialog

    dialog = panel.findChild(EngineLogDialog)
    text = dialog.text.toPlainText()
    assert "[fake chatty] MESSAGE thinking hard" in text
    assert "[fake chatty] stderr: a note on stderr" in text
    dialog.findChild(QPushButton, "engineLogClear").click()
    assert "Nothing yet" in dialog.text.toPlainText()


def test_an_unusable_engine_stops_the_batch_before_it_starts(qtbot, panel):
    panel.set_match_source(
        lambda: (SMALL_GOMOKU, PlayerSpec.parse("engine:path=/no/such/pbrain"), PlayerSpec("random"))
    )
    assert panel.start_simulation() is False
    assert "no engine at /no/such/pbrain" in panel.simulate_bar.status_label.text()


def test_the_tournament_tab_plays_an_engine_and_counts_its_forfeits(qtbot, panel, fake_engine):
    good, crash = fake_engine("good"), fake_engine("crash")
    panel.set_match_source(lambda: (SMALL_GOMOKU, PlayerSpec("random"), PlayerSpec("random")))
    view = panel.tournament
    view.new_player.setText(f"engine:path={good}")
    view.add_player_from_text()
    view.set_players(["random", f"engine:path={good}", f"engine:path={crash}"])
    view.games_per_pairing.setValue(2)
    with qtbot.waitSignal(view.tournament_finished, timeout=60_000) as finished:
        assert view.start(seed=1)
    result = finished.args[0]
    assert result.games_played == 6
    crash_row = result.players.index(f"engine:path={crash}")
    assert result.forfeits == {crash_row: 4}
    assert view.ranking.item(view.ranking.rowCount() - 1, 1).toolTip() == f"engine:path={crash}"
    assert gone_with(good) == gone_with(crash) == []


def test_the_tournament_tab_refuses_an_engine_on_a_board_it_does_not_play(panel, fake_engine):
    panel.set_match_source(lambda: (GameConfig(3, 3, 3), PlayerSpec("random"), PlayerSpec("random")))
    view = panel.tournament
    view.set_players(["random", f"engine:path={fake_engine('good')}"])
    assert not view.start()
    assert "k=5" in view.message.text()


def test_watch_plays_a_series_with_an_engine_and_ends_it(qtbot, window, pick_file, fake_engine):
    path = fake_engine("good")
    pick_file(path)
    run = watch_series(qtbot, window, "engine", "random", 2)
    assert run.games == 2 and not run.cancelled
    window.close()
    qtbot.waitUntil(lambda: running_with(path) == [], timeout=10_000)


def test_an_engine_seated_on_a_board_it_refuses_is_said_in_one_line(qtbot, window, pick_file, fake_engine):
    path = fake_engine("squareonly")
    pick_file(path)
    set_board(window, 7, 9, 5)
    choose(window, "x", "engine")
    window.new_game_action.trigger()  # X moves first: the engine is started to play
    qtbot.waitUntil(lambda: window.controller.forfeited is not None, timeout=15_000)
    seat, reason = window.controller.forfeited
    assert seat == "x" and "\n" not in reason
    assert "'ERROR Rectangular board is not supported.' to RECTSTART" in reason
    window.close()
    qtbot.waitUntil(lambda: running_with(path) == [], timeout=10_000)
