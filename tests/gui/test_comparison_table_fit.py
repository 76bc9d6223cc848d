"""The Compare table fits its dock: at the default window size every column and a row per
algorithm show, the figures in full and the note ending in '…' with its whole text in the
tooltip; the chart below takes the rest and keeps its labels. A review found 3½ rows and
the Value and Note columns scrolled out of sight; a later one found a depth limit's long
heuristic values ('-1 for B (heuristic, depth 2)') cut and the note scrolled away: the
Value cell is the short form ('-1', 'B3', 'D'), the long one in its tooltip. Another found
only 3-4 rows at the default size while the chart kept all its height: the table now comes
first, unless the user drags the handle between them."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QComboBox, QPushButton, QSpinBox

from tictactoe_qt.engine.analysis import VARIANTS
from tictactoe_qt.engine.game import cell_text
from tictactoe_qt.gui.analysis.comparison_panel import ComparisonDock
from tictactoe_qt.gui.analysis.comparison_table import CUTOFFS, MIN_ROWS, MOVE, NODES, NOTE, TIME, VALUE

from .shared_window import click, module_window, wait_until
from .waits import HANG_MS


def compare(window, depth: int | None, click: Callable[[int, int], None], wait_until: Callable) -> ComparisonDock:
    """Seat two humans in ``window``, play r1c1, r2c2 and compare that position to ``depth``
    (None: to the end) in its Compare dock; the dock once the table is filled."""
    for seat in "xo":
        combo = window.findChild(QComboBox, f"{seat}Player")
        combo.setCurrentIndex(combo.findData("human"))
    window.findChild(QPushButton, "applySettingsButton").click()
    click(0, 0)
    click(1, 1)
    dock = window.analysis.comparison
    dock.show()
    dock.raise_()
    wait_until(dock.isVisible)
    dock.depth_box.setCurrentIndex(dock.depth_box.findData(depth))
    wait_until(dock.run_button.isEnabled)
    dock.run_button.click()
    wait_until(lambda: not dock.is_running() and dock.table.rowCount() == len(VARIANTS))
    return dock


@pytest.fixture(params=[None, 2], ids=["full depth", "depth 2"])
def compared(request, qtbot, shown_window, click_cell):
    """The default-sized window's Compare dock after comparing the position after r1c1, r2c2,
    to the end and with a depth limit: for the tests that resize or drag."""
    window = shown_window((1040, 680))
    dock = compare(
        window,
        request.param,
        lambda row, col: click_cell(window.board, row, col),
        lambda condition: qtbot.waitUntil(condition, timeout=HANG_MS),
    )
    qtbot.wait(50)  # the layout settles
    return window, dock


@pytest.fixture(scope="module", params=[None, 2], ids=["full depth", "depth 2"])
def read_only(request, qapp, tmp_path_factory):
    """As :func:`compared`, one window per depth shared by the tests that only read its
    table (they never resize, drag or run anything)."""
    with module_window(qapp, tmp_path_factory, (1040, 680)) as window:
        dock = compare(window, request.param, lambda row, col: click(window.board, row, col), wait_until)
        QTest.qWait(50)  # the layout settles
        yield window, dock


def cells(table, column: int) -> list[str]:
    return [table.item(row, column).text() for row in range(table.rowCount())]


def shown_width(table, column: int) -> int:
    """How much of ``column`` is inside the table's viewport, in pixels."""
    header = table.horizontalHeader()
    left = header.sectionViewportPosition(column)
    return max(0, min(left + header.sectionSize(column), table.viewport().width()) - max(left, 0))


def whole_rows(table) -> int:
    """How many rows show from top to bottom."""
    return sum(
        table.visualRect(table.model().index(row, 0)).bottom() < table.viewport().height()
        for row in range(table.rowCount())
    )


def test_every_column_and_row_shows_at_the_default_size(read_only) -> None:
    _window, dock = read_only
    table = dock.table
    assert table.rowCount() == len(VARIANTS)
    assert table.horizontalScrollBar().maximum() == 0
    for column in range(table.columnCount()):
        assert shown_width(table, column) == table.horizontalHeader().sectionSize(column) > 0, column
    # Even with a depth limit's warning line above it.
    assert whole_rows(table) == len(VARIANTS)
    assert table.verticalScrollBar().maximum() == 0
    assert dock.chart_box.chart.height() >= dock.chart_box.chart.minimumHeight()  # its labels


def test_a_taller_window_gives_the_chart_the_room(qtbot, compared) -> None:
    window, dock = compared
    table, chart = dock.table, dock.chart_box.chart
    before = table.height(), chart.height()
    window.resize(1040, 800)
    qtbot.waitUntil(lambda: chart.height() >= before[1] + 100, timeout=HANG_MS)
    assert table.height() == before[0] and whole_rows(table) == len(VARIANTS)


def test_a_short_window_squeezes_the_chart_first_then_the_table(qtbot, compared) -> None:
    window, dock = compared
    table, chart = dock.table, dock.chart_box.chart
    window.resize(1040, 600)
    qtbot.waitUntil(lambda: chart.height() == chart.minimumHeight(), timeout=HANG_MS)
    qtbot.wait(50)
    assert MIN_ROWS <= whole_rows(table) < len(VARIANTS)
    window.resize(1040, 680)  # room again: the table gets its rows back
    qtbot.waitUntil(lambda: whole_rows(table) == len(VARIANTS), timeout=HANG_MS)


def test_the_split_stays_where_the_user_drags_it(qtbot, compared) -> None:
    window, dock = compared
    table, chart = dock.table, dock.chart_box.chart
    handle = dock.splitter.handle(1)
    middle = handle.rect().center()
    qtbot.mousePress(handle, Qt.MouseButton.LeftButton, pos=middle)
    qtbot.mouseMove(handle, middle - QPoint(0, 40))
    qtbot.mouseRelease(handle, Qt.MouseButton.LeftButton, pos=middle - QPoint(0, 40))
    qtbot.waitUntil(lambda: whole_rows(table) < len(VARIANTS), timeout=HANG_MS)
    dragged = table.height()
    window.resize(1040, 760)
    qtbot.waitUntil(lambda: chart.height() > 200, timeout=HANG_MS)
    assert table.height() == dragged  # the taller window's room went to the chart


def test_figures_move_and_value_read_in_full(read_only) -> None:
    _window, dock = read_only
    table = dock.table
    metrics = table.fontMetrics()
    for column in (NODES, CUTOFFS, TIME, MOVE, VALUE):
        widest = max(metrics.horizontalAdvance(text) for text in cells(table, column))
        assert table.horizontalHeader().sectionSize(column) > widest, column
    if dock.depth_box.currentData() is None:  # the winning replies, and O's best defence
        assert set(cells(table, MOVE)) <= {"r1c2", "r1c3", "r2c1", "r1c1"}
    for row in range(table.rowCount()):
        move = table.item(row, MOVE).text()
        words = cell_text(int(move[1]) - 1, int(move[3]) - 1)
        assert words in table.item(row, MOVE).toolTip()
        assert table.item(row, NOTE).text() in table.item(row, NOTE).toolTip()
    assert table.textElideMode() == Qt.TextElideMode.ElideRight and not table.wordWrap()


def test_a_wider_dock_shows_the_whole_note(qtbot, compared) -> None:
    window, dock = compared
    window.resize(1500, 680)
    qtbot.waitUntil(lambda: not window.dock_column.settling, timeout=HANG_MS)
    window.resizeDocks([dock], [900], Qt.Orientation.Horizontal)
    table = dock.table
    # The wide window alone gives the column about 825 px: wait for the 900.
    qtbot.waitUntil(lambda: table.viewport().width() > 860, timeout=HANG_MS)
    metrics = table.fontMetrics()
    header = table.horizontalHeader()
    for column in (0, NOTE):
        widest = max(metrics.horizontalAdvance(text) for text in cells(table, column))
        assert header.sectionSize(column) > widest, column
    assert shown_width(table, NOTE) == header.sectionSize(NOTE)  # the note takes the spare room
    assert header.sectionViewportPosition(NOTE) + header.sectionSize(NOTE) >= table.viewport().width() - 1


@pytest.mark.parametrize("read_only", [2], indirect=True, ids=["depth 2"])
def test_a_depth_limited_value_is_short_with_the_long_form_in_its_tooltip(read_only) -> None:
    _window, dock = read_only
    assert dock.depth_box.currentData() == 2
    table = dock.table
    heuristic = [number for number, row in enumerate(dock.rows) if row.result is not None and not row.result.exact]
    assert heuristic  # the textbook rows stop at the limit and score the leaves
    for row in heuristic:
        value = table.item(row, VALUE)
        assert len(value.text()) <= 6 and "heuristic" not in value.text(), value.text()
        words = value.toolTip().splitlines()[0]  # '-1 for O (heuristic, depth 2)'
        assert words.endswith("(heuristic, depth 2)") and " for " in words, words


@pytest.mark.parametrize("size", [(1040, 680), (1400, 950)])
def test_every_column_shows_at_both_sizes(qtbot, compared, size) -> None:
    window, dock = compared
    window.resize(*size)
    table = dock.table
    qtbot.waitUntil(lambda: table.viewport().width() > 0, timeout=HANG_MS)
    qtbot.wait(50)
    assert table.horizontalScrollBar().maximum() == 0
    metrics = table.fontMetrics()
    header = table.horizontalHeader()
    for column in range(table.columnCount()):
        assert shown_width(table, column) == header.sectionSize(column) > 0, column
    widest = max(metrics.horizontalAdvance(text) for text in cells(table, VALUE))
    assert header.sectionSize(VALUE) > widest


def test_7x7_counts_and_a_depth_limit_fit_the_default_window(qtbot, shown_window, click_cell):
    """Five-digit counts beside heuristic values ('+6', 'B3') on 7x7, k=4, at depth 3."""
    window = shown_window((1040, 680))
    for seat in "xo":
        combo = window.findChild(QComboBox, f"{seat}Player")
        combo.setCurrentIndex(combo.findData("human"))
    for name, value in (("rows", 7), ("cols", 7), ("k", 4)):
        window.findChild(QSpinBox, name).setValue(value)
    window.findChild(QPushButton, "applySettingsButton").click()
    for row, col in ((2, 2), (3, 3), (2, 3), (4, 3)):
        click_cell(window.board, row, col)
    dock = window.analysis.comparison
    dock.show()
    dock.raise_()
    qtbot.waitExposed(dock)
    dock.depth_box.setCurrentIndex(dock.depth_box.findData(3))
    qtbot.waitUntil(dock.run_button.isEnabled, timeout=HANG_MS)
    dock.run_button.click()
    qtbot.waitUntil(lambda: not dock.is_running() and dock.table.rowCount() == len(VARIANTS), timeout=HANG_MS)
    qtbot.wait(50)
    table = dock.table
    assert any(len(text) >= 6 for text in cells(table, NODES))  # '87,166': minimax's count
    assert table.horizontalScrollBar().maximum() == 0
    for column in range(table.columnCount()):
        assert shown_width(table, column) == table.horizontalHeader().sectionSize(column) > 0, column
    assert all(len(text) <= 6 for text in cells(table, VALUE)), cells(table, VALUE)
