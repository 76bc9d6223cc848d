"""The settings dock's random depth and textbook search for Minimax, Alpha-beta and Average.

The dock builds the spec the games play (through ``player_choices.player_spec``),
drops what the chosen type does not use, and the settings persist and reload.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QCheckBox, QComboBox, QSpinBox

from tictactoe_qt.engine.game import Board, GameConfig
from tictactoe_qt.engine.players import PlayerSpec
from tictactoe_qt.gui.game_controller import GameController
from tictactoe_qt.gui.game_settings import GameSettings, SideSettings
from tictactoe_qt.gui.main_window import MainWindow
from tictactoe_qt.gui.player_choices import capped_depth, player_spec
from tictactoe_qt.gui.settings_dock import SettingsDock
from tictactoe_qt.gui.settings_store import SettingsStore
from tictactoe_qt.gui.stats.install import seat_spec

from .fresh_process import run_script, settings_env

TEXTBOOK_1_10 = "depth=1-10,ordering=centre,scoring=textbook,evaluation=open-lines,form=negamax"


@pytest.fixture
def dock(qtbot):
    dock = SettingsDock()
    qtbot.addWidget(dock)
    dock.resize(440, 900)
    dock.show()
    return dock


def _choose(dock: SettingsDock, seat: str, kind: str) -> None:
    combo = dock.findChild(QComboBox, f"{seat}Player")
    combo.setCurrentIndex(combo.findData(kind))


def _set_random_centre_negamax(dock: SettingsDock, seat: str) -> None:
    dock.findChild(QCheckBox, f"{seat}RandomDepth").setChecked(True)
    dock.findChild(QSpinBox, f"{seat}Depth").setValue(6)
    dock.findChild(QSpinBox, f"{seat}DepthFrom").setValue(2)
    dock.findChild(QCheckBox, f"{seat}Textbook").setChecked(True)
    for name, value in (("Ordering", "centre"), ("Form", "negamax")):
        combo = dock.findChild(QComboBox, f"{seat}{name}")
        combo.setCurrentIndex(combo.findData(value))


def test_the_dock_builds_the_spec_with_a_random_depth_and_textbook_options(dock, qtbot):
    _choose(dock, "x", "minimax")
    with qtbot.waitSignal(dock.settings_changed):
        _set_random_centre_negamax(dock, "x")
    side = dock.settings().x
    assert str(side.spec()) == ("minimax:depth=2-6,ordering=centre,scoring=textbook,evaluation=open-lines,form=negamax")
    assert side.depth == 6  # the deepest a move may look
    assert dock.findChild(QComboBox, "xPreset").currentData() == ""  # Custom


def test_the_random_range_never_runs_backwards(dock):
    _choose(dock, "x", "alphabeta")
    dock.findChild(QCheckBox, "xRandomDepth").setChecked(True)
    dock.findChild(QSpinBox, "xDepthFrom").setValue(5)
    dock.findChild(QSpinBox, "xDepth").setValue(3)
    assert dock.settings().x.spec().depth_range == (3, 3)
    dock.findChild(QSpinBox, "xDepth").setValue(1)
    assert dock.findChild(QSpinBox, "xDepth").value() == 1  # no "Unlimited" while random
    assert dock.settings().x.spec().depth_range == (1, 1)


def test_options_the_type_does_not_use_are_dropped(dock):
    _choose(dock, "x", "alphabeta")
    _set_random_centre_negamax(dock, "x")
    _choose(dock, "x", "average")  # takes a range, not the textbook options
    assert str(dock.settings().x.spec()) == "average:depth=2-6"
    assert not dock.findChild(QCheckBox, "xTextbook").isVisibleTo(dock)
    _choose(dock, "x", "perfect")
    side = dock.settings().x
    assert (side.extra, str(side.spec())) == ("", "perfect")
    assert not dock.findChild(QCheckBox, "xRandomDepth").isVisibleTo(dock)
    _choose(dock, "x", "minimax")  # the widgets kept their values for the types that show them
    assert dock.settings().x.spec().textbook is not None


def test_the_table_ordering_is_alpha_betas_only(dock):
    _choose(dock, "o", "alphabeta")
    dock.findChild(QCheckBox, "oTextbook").setChecked(True)
    ordering = dock.findChild(QComboBox, "oOrdering")
    ordering.setCurrentIndex(ordering.findData("table"))
    assert dock.settings().o.spec().search_algorithm == "alphabeta-tt"
    _choose(dock, "o", "minimax")
    assert dock.settings().o.spec().textbook.ordering == "none"
    assert not ordering.model().item(ordering.findData("table")).isEnabled()


def test_a_preset_plays_the_engines_search_at_its_depth(dock):
    _choose(dock, "x", "alphabeta")
    _set_random_centre_negamax(dock, "x")
    preset = dock.findChild(QComboBox, "xPreset")
    preset.activated.emit(preset.findData("hard"))
    assert str(dock.settings().x.spec()) == "alphabeta:depth=4"
    assert preset.currentData() == "hard"


def test_the_game_and_the_batches_play_the_options(qtbot):
    side = SideSettings("alphabeta", 10, mark="O", extra=TEXTBOOK_1_10)
    settings = GameSettings(SideSettings("human", mark="X"), side)
    controller = GameController(settings)
    try:
        controller.new_game()  # X, a person, moves first: nothing searches yet
        # Depths past the 9 cells search to the end: the window plays 1-9, the same player.
        played = PlayerSpec.parse(f"alphabeta:{TEXTBOOK_1_10}".replace("1-10", "1-9"))
        assert controller.players["o"].spec == played
        assert seat_spec(settings, "o") == controller.players["o"].spec
    finally:
        controller.shutdown()


def test_the_games_depth_note_tells_the_drawn_range_the_dock_tells(qtbot):
    side = SideSettings("alphabeta", 10, mark="O", extra=TEXTBOOK_1_10)
    settings = GameSettings(SideSettings("human", mark="X"), side, rows=4, cols=4, k=3)
    controller = GameController(settings)
    notes: list[str] = []
    controller.message.connect(notes.append)
    try:
        controller.new_game()
        low, high = controller.players["o"].spec.depth_range
        assert high < 10  # capped on 4x4: the game says so, as the dock does
        assert notes == [
            f"O: Alpha-beta can't look 10 moves ahead on a 4x4 board; it draws a depth from {low} to {high} each move."
        ]
    finally:
        controller.shutdown()


def test_on_a_big_board_the_range_is_capped_at_its_top():
    config = GameConfig(7, 7, 4)
    spec = player_spec("alphabeta", 10, 1.0, config, "depth=1-10")
    cap = capped_depth("alphabeta", 10, 49, 76)
    assert spec.depth_range == (1, cap) and cap < 10
    textbook = player_spec("alphabeta", 10, 1.0, config, "depth=1-10,ordering=none")
    assert textbook.depth_range[1] <= cap  # reading order prunes less: never a deeper cap
    assert (
        player_spec("minimax", 10, 1.0, config, "depth=8-10").depth_range == (capped_depth("minimax", 10, 49, 76),) * 2
    )


def _ini(folder: Path) -> SettingsStore:
    return SettingsStore(QSettings(str(folder / "test.ini"), QSettings.Format.IniFormat))


def test_the_options_persist_and_reload(tmp_path):
    settings = GameSettings(
        SideSettings("minimax", 10, mark="X", extra=TEXTBOOK_1_10),
        SideSettings("average", 5, mark="O", extra="depth=2-5"),
    )
    _ini(tmp_path).save(settings)
    loaded, problems = _ini(tmp_path).load()
    assert (loaded, problems) == (settings, [])


@pytest.mark.parametrize(
    "stored", ["ordering=banana", "depth=5-2", "ordering=table", "depth=3", "x" * 2000, "form=negamax,depth=0-4"]
)
def test_stale_stored_options_fall_back_to_the_plain_search_with_a_note(tmp_path, dock, stored):
    (tmp_path / "test.ini").write_text(
        f"[General]\nversion=1\n[x]\nkind=minimax\ndepth=4\nextra={stored}\n", encoding="utf-8"
    )
    loaded, problems = _ini(tmp_path).load()
    assert loaded.x.kind == "minimax" and loaded.x.extra == ""
    assert str(loaded.x.spec()) == "minimax:depth=4"
    assert problems
    dock.set_settings(loaded)
    assert dock.settings() == loaded


def test_saved_games_keep_the_options():
    settings = GameSettings(
        SideSettings("alphabeta", 10, mark="X", extra=TEXTBOOK_1_10), SideSettings("human", mark="O")
    )
    saved = settings.saved_game(Board())
    assert str(saved.players["x"].spec) == f"alphabeta:{TEXTBOOK_1_10}"
    assert GameSettings.from_saved_game(saved).x == settings.x


def test_the_window_remembers_the_options(qtbot):
    first = MainWindow()
    qtbot.addWidget(first)
    _choose(first.settings_dock, "o", "alphabeta")
    _set_random_centre_negamax(first.settings_dock, "o")
    wanted = first.settings_dock.settings().o
    first.close()
    second = MainWindow()
    qtbot.addWidget(second)
    assert second.settings_dock.settings().o == wanted
    assert second.findChild(QSpinBox, "oDepthFrom").value() == 2
    assert second.findChild(QComboBox, "oOrdering").currentData() == "centre"


# -- a fresh process: QSettings caches its path per process ---------------------------------

ROUND_TRIP = textwrap.dedent(
    """
    import sys
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QCheckBox, QComboBox, QSpinBox
    app = QApplication(["tictactoe-qt"])
    from tictactoe_qt.gui import app as gui_app

    def act():
        window = next(w for w in app.topLevelWidgets() if type(w).__name__ == "MainWindow")
        dock = window.settings_dock
        if sys.argv[1] == "set":
            combo = window.findChild(QComboBox, "xPlayer")
            combo.setCurrentIndex(combo.findData("minimax"))
            window.findChild(QCheckBox, "xRandomDepth").setChecked(True)
            window.findChild(QSpinBox, "xDepthFrom").setValue(3)
            window.findChild(QCheckBox, "xTextbook").setChecked(True)
            scoring = window.findChild(QComboBox, "xScoring")
            scoring.setCurrentIndex(scoring.findData("distance"))
        print("spec", dock.settings().x.spec(), "|", window.statusBar().currentMessage(),
              flush=True)
        window.close()
        app.quit()

    QTimer.singleShot(0, act)
    sys.exit(gui_app.run([]))
    """
)


def _run_window(env: dict[str, str], action: str) -> str:
    out = run_script(ROUND_TRIP, env, action)
    return next(line for line in out.splitlines() if line.startswith("spec"))


def test_a_new_run_of_the_program_plays_the_saved_options(tmp_path):
    env = settings_env(tmp_path)
    wanted = "spec minimax:depth=3-10,ordering=none,scoring=distance,evaluation=open-lines,form=textbook |"
    assert _run_window(env, "set").startswith(wanted)
    again = _run_window(env, "show")
    assert again.startswith(wanted) and "reset" not in again


def test_a_window_on_a_stale_stored_option_plays_the_plain_search_and_says_so(qtbot, settings_path):
    settings_path.parent.mkdir(parents=True, exist_ok=True)
    extra = "depth=3-10,ordering=none,scoring=42,evaluation=open-lines,form=textbook"
    settings_path.write_text(f"[General]\nversion=1\n[x]\nkind=minimax\ndepth=10\nextra={extra}\n", encoding="utf-8")
    window = MainWindow()
    qtbot.addWidget(window)
    assert str(window.settings_dock.settings().x.spec()) == "minimax:depth=10"
    assert "reset" in window.statusBar().currentMessage()


def test_the_windows_ai_plays_the_textbook_search_at_a_drawn_depth(qtbot):
    from tests.engine.traced_decision import textbook_search
    from tictactoe_qt.engine.players import TextbookOptions

    side = SideSettings("alphabeta", 4, mark="O", extra="depth=2-4,ordering=centre")
    controller = GameController(GameSettings(SideSettings("human", mark="X"), side))
    controller.set_move_delay(0)
    try:
        controller.new_game()
        with qtbot.waitSignal(controller.ai_moved, timeout=60_000) as moved:
            controller.play(0, 0)
        result = moved.args[1]
        assert result.stats.depth in (2, 3, 4)
        expected = textbook_search(
            Board.from_notation("x../.../..."), "alphabeta", TextbookOptions(ordering="centre"), result.stats.depth
        )
        assert (result.move, result.stats.nodes) == (expected.move, expected.stats.nodes)
    finally:
        controller.shutdown()


def test_random_and_textbook_rows_fit_the_dock_column_without_a_sideways_scrollbar(qtbot, shown_window):
    # Both players with a random depth range and the textbook search, with their depth
    # notes: the widest rows the dock has. The depth spin boxes share what is left.
    window = shown_window()
    dock = window.settings_dock
    for seat, kind in (("x", "minimax"), ("o", "alphabeta")):
        side = dock.sides[seat]
        side.player.setCurrentIndex(side.player.findData(kind))
        side.depth_field.random.setChecked(True)
        side.textbook.enabled.setChecked(True)
    dock.rows.setValue(7)
    dock.cols.setValue(7)
    dock.k.setValue(5)
    qtbot.waitUntil(lambda: dock.sides["x"].depth_field.depth_from.isVisible())
    qtbot.wait(50)  # the layout settles
    assert not dock.scroll_area.horizontalScrollBar().isVisible()
    for seat in "xo":
        depth = dock.sides[seat].depth_field
        assert depth.depth_from.width() >= 64 and depth.depth_spin.width() >= 64
        assert depth.random.isVisible() and dock.sides[seat].textbook.enabled.isVisible()
