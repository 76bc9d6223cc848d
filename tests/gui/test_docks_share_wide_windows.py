"""A wide window shares its spare width with the dock column, and the texts a review
found cut at the default size (the Runs headers and names, Compare's notes, the
stepper's pseudocode, the Game tree's third column, the Exercise box's placeholder)
show whole at 1600x1000. A width the user drags the column to is theirs, at the next
launch too."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QComboBox, QLineEdit, QPushButton

from tictactoe_qt.engine.analysis import VARIANTS
from tictactoe_qt.gui.analysis.comparison_table import NOTE
from tictactoe_qt.gui.dock_layout import DOCK_WIDTH
from tictactoe_qt.gui.main_window import MainWindow
from tictactoe_qt.gui.stats.run_list import COLUMNS

from .panels import open_panel
from .test_stats_marks import simulate
from .waits import HANG_MS, settled

WIDE = (1600, 1000)
DEFAULT = (1040, 680)


def settled_width(qtbot, window) -> int:
    """The dock column's width once it stopped changing (three equal readings in a row)."""
    return settled(qtbot, window.settings_dock.width, passes=2)


def test_a_wide_window_gives_the_dock_column_more_room(qtbot, shown_window) -> None:
    small = settled_width(qtbot, shown_window(DEFAULT))
    wide = settled_width(qtbot, shown_window(WIDE))
    assert small >= DOCK_WIDTH - 4
    assert wide > small + 100
    # Resizing a window shares the room the same way.
    window = shown_window(DEFAULT)
    window.resize(*WIDE)
    assert settled_width(qtbot, window) == wide


def drag_column_edge(qtbot, window, by: int) -> None:
    """Drag the edge between the board and the dock column ``by`` pixels to the right."""
    dock = window.settings_dock
    start = QPoint(dock.geometry().left() - 3, dock.geometry().center().y())
    qtbot.mouseMove(window, start)  # the pointer comes to the edge first, as a hand's does
    qtbot.wait(20)
    qtbot.mousePress(window, Qt.MouseButton.LeftButton, pos=start)
    for step in range(1, 6):
        qtbot.mouseMove(window, start + QPoint(by * step // 5, 0))
        qtbot.wait(10)
    qtbot.mouseRelease(window, Qt.MouseButton.LeftButton, pos=start + QPoint(by, 0))
    qtbot.wait(50)


def test_the_column_keeps_the_width_the_user_drags_it_to(qtbot, shown_window) -> None:
    window = shown_window(DEFAULT)
    before = settled_width(qtbot, window)
    drag_column_edge(qtbot, window, -120)
    dragged = settled_width(qtbot, window)
    assert dragged > before + 60
    window.resize(*WIDE)
    assert settled_width(qtbot, window) == dragged  # no longer the window's to choose
    window.close()
    again = shown_window(WIDE)
    assert abs(settled_width(qtbot, again) - dragged) <= 2


# -- texts shown whole at 1600x1000 --------------------------------------------------------
def test_the_runs_headers_and_names_show_whole(qtbot, shown_window) -> None:
    window = shown_window(WIDE)
    window.findChild(QLineEdit, "xMark").setText("🐱")
    for seat, player in (("x", "alphabeta"), ("o", "minimax")):
        combo = window.findChild(QComboBox, f"{seat}Player")
        combo.setCurrentIndex(combo.findData(player))
    simulate(qtbot, window, games=4)
    panel = window.stats_panel
    panel.tabs.setCurrentWidget(panel.run_list.parentWidget())
    run_list = panel.run_list
    qtbot.waitUntil(run_list.isVisible)
    qtbot.wait(50)
    header = run_list.header()
    item = run_list.topLevelItem(0)
    assert "🐱" in run_list.headerItem().text(1)
    for column in range(len(COLUMNS)):
        assert header.sectionSize(column) >= header.sectionSizeHint(column), run_list.headerItem().text(column)
        assert run_list.sizeHintForColumn(column) <= header.sectionSize(column), item.text(column)
    assert header.length() <= run_list.viewport().width()


def test_compares_notes_show_whole(qtbot, shown_window, click_cell) -> None:
    window = shown_window(WIDE)
    for seat in "xo":
        combo = window.findChild(QComboBox, f"{seat}Player")
        combo.setCurrentIndex(combo.findData("human"))
    window.findChild(QPushButton, "applySettingsButton").click()
    click_cell(window.board, 0, 0)
    click_cell(window.board, 1, 1)
    dock = open_panel(qtbot, window, "comparisonDock")
    qtbot.waitUntil(dock.run_button.isEnabled, timeout=HANG_MS)
    dock.run_button.click()
    table = dock.table
    qtbot.waitUntil(lambda: not dock.is_running() and table.rowCount() == len(VARIANTS), timeout=HANG_MS)
    qtbot.wait(50)
    header = table.horizontalHeader()
    metrics = table.fontMetrics()
    for row in range(table.rowCount()):
        note = table.item(row, NOTE).text()
        assert metrics.horizontalAdvance(note) + 8 <= header.sectionSize(NOTE), note
    assert header.length() <= table.viewport().width()


def test_the_stepper_pseudocode_and_the_exercise_placeholder_show_whole(qtbot, shown_window) -> None:
    window = shown_window(WIDE)
    dock = open_panel(qtbot, window, "searchStepperDock")
    for form in ("negamax", "textbook"):
        dock.stepper.load("alphabeta", "x../.o./...", form=form)
        qtbot.wait(50)
        code = dock.code
        metrics = code.fontMetrics()
        for row in range(code.count()):
            text = code.item(row).text()
            assert metrics.horizontalAdvance(text) + 8 <= code.viewport().width(), text
    dock.tabs.setCurrentWidget(dock.exercise)
    edit = dock.exercise.value_edit
    qtbot.waitUntil(edit.isVisible)
    qtbot.wait(50)
    # The frame and the text margins: a few pixels either side of the text.
    assert edit.fontMetrics().horizontalAdvance(edit.placeholderText()) + 12 <= edit.width()


def test_the_game_trees_third_column_shows_whole(qtbot, shown_window) -> None:
    window = shown_window(WIDE)
    dock = open_panel(qtbot, window, "treeExplorerDock")
    view = dock.view
    qtbot.waitUntil(lambda: dock.model.rowCount() > 0, timeout=HANG_MS)
    qtbot.wait(50)
    header = view.header()
    third = 2
    right = header.sectionViewportPosition(third) + header.sectionSize(third)
    assert right <= view.viewport().width()
    assert header.sectionSize(third) >= header.sectionSizeHint(third)


@pytest.mark.parametrize("size", [DEFAULT, WIDE], ids=["default", "wide"])
def test_a_new_window_has_the_board_and_the_settings_side_by_side(qtbot, size) -> None:
    window = MainWindow()
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    qtbot.wait(100)
    board, dock = window.board, window.settings_dock
    assert board.geometry().right() < dock.geometry().left()
    assert board.width() > window.width() // 2  # the board keeps most of the room
    window.close()
