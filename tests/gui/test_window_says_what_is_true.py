"""The window says what is true now: every line, header, note and enabled state follows the
game and the settings as they are, whichever view the user looks at."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication, QComboBox, QDialog, QFileDialog, QLabel, QLineEdit, QMenu, QSpinBox

from .waits import HANG_MS

#: O wins along the middle row; X (a human) moved first.
O_WON = [[0, 0], [1, 0], [0, 1], [1, 1], [2, 2], [1, 2]]


@pytest.fixture
def window(shown_window):
    return shown_window(move_delay=0)


def game_file(path, moves, o_spec="perfect"):
    path.write_text(
        json.dumps(
            {
                "format": "tictactoe-qt/game",
                "version": 1,
                "config": {"rows": 3, "cols": 3, "k": 3},
                "first": "x",
                "players": {"x": {"spec": "human"}, "o": {"spec": o_spec}},
                "moves": moves,
            }
        ),
        encoding="utf-8",
    )
    return path


def type_mark(qtbot, window, seat: str, mark: str) -> None:
    field = window.findChild(QLineEdit, f"{seat}Mark")
    field.clear()
    qtbot.keyClicks(field, mark)


def choose_players(window, x_kind: str, o_kind: str) -> None:
    for seat, kind in (("x", x_kind), ("o", o_kind)):
        combo = window.findChild(QComboBox, f"{seat}Player")
        combo.setCurrentIndex(combo.findData(kind))


def test_banner_and_status_bar_name_the_winner_by_the_mark_typed_after_the_end(qtbot, window, tmp_path):
    assert window.open_game(game_file(tmp_path / "lost.json", O_WON))
    assert window.banner.isVisible()
    type_mark(qtbot, window, "o", "Z")
    assert window.banner.text() == "Z (Perfect) wins. Try again?"
    assert window.status_panel.turn.text() == window.banner.text()


def test_the_match_header_says_who_starts_as_the_report_will(qtbot, window):
    panel = window.stats_panel
    first = window.findChild(QComboBox, "firstPlayer")
    first.setCurrentIndex(first.findData("o"))
    type_mark(qtbot, window, "o", "Z")
    header = panel.simulate_bar.match_label
    assert header.text().endswith(", Z first")
    panel.simulate_bar.swap_box.click()  # "Swap who starts"
    assert header.text().endswith(", first move alternates")
    panel.simulate_bar.swap_box.click()
    assert header.text().endswith(", Z first")


def test_the_note_on_a_shrunk_k_leaves_with_new_game(qtbot, window, click_cell):
    window.findChild(QSpinBox, "rows").setValue(4)
    window.findChild(QSpinBox, "cols").setValue(4)
    window.findChild(QSpinBox, "k").setValue(4)
    choose_players(window, "human", "human")
    window.new_game_action.trigger()
    click_cell(window.board, 0, 0)  # a game under way: the edits wait for New Game
    window.findChild(QSpinBox, "rows").setValue(3)
    window.findChild(QSpinBox, "cols").setValue(3)
    note = window.findChild(QLabel, "boardNote")
    assert note.isVisible() and "so k is now 3" in note.text()
    window.new_game_action.trigger()
    assert "so k is now" not in note.text()  # its line stays reserved, empty: nothing moves


def test_search_statistics_leave_when_the_human_moves(qtbot, window, click_cell):
    choose_players(window, "human", "random")
    window.new_game_action.trigger()
    with qtbot.waitSignal(window.controller.ai_moved, timeout=HANG_MS):
        click_cell(window.board, 1, 1)
    stats = window.status_panel.stats
    assert stats.text().startswith("O played · ")
    cell = next(divmod(i, 3) for i, ch in enumerate(window.position().replace("/", "")) if ch == ".")
    click_cell(window.board, *cell)  # X's move is the last one now, until O answers
    assert window.controller.board.ply == 3
    assert stats.text() == ""


def simulate_menu(window) -> QMenu:
    return next(menu for menu in window.menuBar().findChildren(QMenu) if menu.title() == "&Simulate")


def menu_and_buttons(window):
    """Each Simulate menu item that has a button, with that button."""
    menu = {action.objectName(): action for action in simulate_menu(window).actions()}
    controls, bar = window.watch_controls, window.stats_panel.simulate_bar
    return [
        (menu["actionWatch"], controls.watch_button),
        (menu["actionNextMove"], controls.next_button),
        (menu["actionStopWatching"], controls.stop_button),
        (menu["actionSimulate"], bar.simulate_button),
        (menu["actionCancelSimulation"], bar.cancel_button),
    ]


def assert_menu_agrees_with_buttons(window, state: str) -> None:
    for action, button in menu_and_buttons(window):
        assert action.isEnabled() == button.isEnabled(), f"{action.objectName()} when {state}"


def test_menu_items_and_their_buttons_are_enabled_alike(qtbot, window):
    from tictactoe_qt.gui.stats.watch_series import SPEEDS

    assert_menu_agrees_with_buttons(window, "a human plays")
    choose_players(window, "random", "random")
    assert_menu_agrees_with_buttons(window, "two computers are seated")
    window.watch_controls.speed_slider.setValue(SPEEDS.index(None))  # step by step
    assert window.watch_series.start(2)
    assert window.watch_controls.next_button.isEnabled()
    assert_menu_agrees_with_buttons(window, "watching step by step")
    next_move = dict(menu_and_buttons(window))
    moved = window.position()
    with qtbot.waitSignal(window.controller.ai_moved, timeout=HANG_MS):
        next(a for a in next_move if a.objectName() == "actionNextMove").trigger()
    assert window.position() != moved
    next(a for a in next_move if a.objectName() == "actionStopWatching").trigger()
    assert not window.watch_series.running
    assert_menu_agrees_with_buttons(window, "watching stopped")
    panel = window.stats_panel
    from tictactoe_qt.gui.stats.stats_controller import SMALL_BATCH

    panel.simulate_bar.games_box.setValue(SMALL_BATCH)  # played in the batch thread: no processes
    assert panel.start_simulation()
    assert_menu_agrees_with_buttons(window, "simulating")  # running until its end is seen here
    cancel = next(a for a, _ in menu_and_buttons(window) if a.objectName() == "actionCancelSimulation")
    assert cancel.isEnabled()
    cancel.trigger()
    qtbot.waitUntil(lambda: not panel.is_simulating(), timeout=HANG_MS)
    assert_menu_agrees_with_buttons(window, "the simulation was cancelled")


def test_watch_is_disabled_with_a_human_seat_and_says_why(qtbot, window):
    choose_players(window, "human", "perfect")
    button = window.watch_controls.watch_button
    assert not button.isEnabled()
    assert "choose a computer player for X" in button.toolTip()
    choose_players(window, "random", "perfect")
    assert button.isEnabled()
    assert "choose a computer player" not in button.toolTip()


def window_colour(widget) -> int:
    return widget.palette().color(QPalette.ColorRole.Window).lightness()


def banner_colour(window) -> int:
    """The lightness of the banner's card, beside its text."""
    banner = window.banner
    return banner.grab().toImage().pixelColor(6, banner.height() // 2).lightness()


def test_dark_theme_darkens_the_window_where_the_platform_ignores_the_colour_scheme(qtbot, window, tmp_path):
    # The offscreen platform, like a plain X11 session, ignores QStyleHints.setColorScheme.
    assert window.open_game(game_file(tmp_path / "lost.json", O_WON))
    assert banner_colour(window) >= 128
    try:
        window.theme_actions["dark"].trigger()
        qtbot.waitUntil(lambda: window_colour(window) < 128)
        assert window_colour(window.board) < 128
        qtbot.waitUntil(lambda: banner_colour(window) < 128)  # the banner on show turns too
        assert window.theme_actions["dark"].isChecked()
        window.theme_actions["light"].trigger()
        qtbot.waitUntil(lambda: window_colour(window) >= 128)
    finally:
        window.theme_actions["system"].trigger()  # the palette is the application's
    assert window_colour(QApplication.instance()) >= 128


def play_digit_on_focus(qtbot, window, key: Qt.Key) -> None:
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.board, timeout=HANG_MS)
    qtbot.keyClick(QApplication.focusWidget(), key)


def close_dialog_soon(qtbot) -> None:
    """Close the modal dialog about to open, as the user would, once it has the focus."""

    def close() -> None:
        dialog, focus = QApplication.activeModalWidget(), QApplication.focusWidget()
        if dialog is None or focus is None or focus.window() is not dialog:
            QTimer.singleShot(50, close)
            return
        dialog.done(QDialog.DialogCode.Accepted)

    QTimer.singleShot(50, close)


def test_digits_play_at_once_after_open(qtbot, window, tmp_path, monkeypatch):
    path = game_file(tmp_path / "start.json", [], o_spec="human")

    def pick(parent, *args, **kwargs):
        dialog = QFileDialog(parent)
        dialog.setOption(QFileDialog.Option.DontUseNativeDialog)
        close_dialog_soon(qtbot)
        dialog.exec()
        return str(path), ""

    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(pick))
    window.board.setFocus()
    window.open_action.trigger()
    assert window.controller.board.ply == 0
    assert window.statusBar().currentMessage() == "Opened start.json."
    play_digit_on_focus(qtbot, window, Qt.Key.Key_5)
    assert window.position() == ".../.x./..."


def test_digits_play_at_once_after_a_message_box(qtbot, window, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{ not a game", encoding="utf-8")
    window.board.setFocus()
    close_dialog_soon(qtbot)
    assert not window.open_game(bad)  # says why in a message box
    play_digit_on_focus(qtbot, window, Qt.Key.Key_1)
    assert window.position() == ".../.../x.."


def test_digits_play_at_once_after_the_rules(qtbot, window):
    window.board.setFocus()
    close_dialog_soon(qtbot)
    window.rules_action.trigger()
    play_digit_on_focus(qtbot, window, Qt.Key.Key_9)
    assert window.position() == "..x/.../..."


def test_digits_play_at_once_after_a_settings_dialog(qtbot, window, monkeypatch):
    def pick(parent, *args, **kwargs):  # the engine's program: the user cancels
        dialog = QFileDialog(parent)
        dialog.setOption(QFileDialog.Option.DontUseNativeDialog)
        close_dialog_soon(qtbot)
        dialog.exec()
        return "", ""

    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(pick))
    choose_players(window, "human", "human")
    window.new_game_action.trigger()
    window.board.setFocus()
    combo = window.findChild(QComboBox, "oPlayer")
    combo.setCurrentIndex(combo.findData("engine"))  # asks for the program at once
    assert combo.currentData() == "human"  # none chosen: O stays a human
    play_digit_on_focus(qtbot, window, Qt.Key.Key_7)
    assert window.position() == "x../.../..."
