"""Tab moves between controls a user can see, never to a dock's scrolling frame.

Seen in a real window: from the board, Tab first stopped on the Settings dock's scroll
area, which shows no focus at all (and the arrow keys then scrolled it, unseen), before
the X player's box; the Stepper dock's frame did the same."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QComboBox, QDockWidget, QScrollArea

from tictactoe_qt.gui.stats.charts_page import ChartsPage


def tab_stops(qtbot, window, start, count: int) -> list:
    """The widgets focused by ``count`` presses of Tab from ``start``."""
    start.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(start.hasFocus)
    stops = []
    for _ in range(count):
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
        stops.append(QApplication.focusWidget())
    return stops


def test_tab_from_the_board_goes_to_the_x_players_box(qtbot, shown_window) -> None:
    window = shown_window()
    [first] = tab_stops(qtbot, window, window.board, 1)
    assert first is window.settings_dock.findChild(QComboBox, "xPlayer")


def test_no_dock_frame_is_a_tab_stop(qtbot, shown_window) -> None:
    window = shown_window()
    for dock in window.findChildren(QDockWidget):
        dock.show()
        dock.raise_()
        qtbot.wait(10)
        stops = tab_stops(qtbot, window, window.board, 30)
        frames = [stop for stop in stops if isinstance(stop, QScrollArea) and not isinstance(stop, ChartsPage)]
        assert frames == [], f"{dock.objectName()}: Tab stopped on {frames[0].objectName() or 'a scroll area'}"


def test_the_board_shows_its_cursor_when_tab_reaches_it(qtbot, shown_window) -> None:
    """Seen in a real window: Shift+Tab back to the board showed nothing focused until an
    arrow was pressed. A click still shows no cursor (the mouse says where it is)."""
    window = shown_window()
    board = window.board
    unfocused = board.grab().toImage()
    box = window.settings_dock.findChild(QComboBox, "xPlayer")
    box.setFocus(Qt.FocusReason.OtherFocusReason)
    qtbot.waitUntil(box.hasFocus)
    qtbot.keyClick(box, Qt.Key.Key_Backtab)
    qtbot.waitUntil(board.hasFocus)
    assert board.grab().toImage() != unfocused  # the cursor is drawn
    box.setFocus(Qt.FocusReason.OtherFocusReason)
    qtbot.waitUntil(box.hasFocus)
    qtbot.mouseClick(board, Qt.MouseButton.LeftButton, pos=QPoint(2, 2))
    qtbot.waitUntil(board.hasFocus)
    assert board.grab().toImage() == unfocused  # clicked outside the cells: nothing drawn
