""" "Solve exactly" past the sizes measured to finish: the strip says it may run for hours.

The note is the engine's (:func:`long_solve_note`); these tests start a solve as a user
would and read the strip: the note shows, in lines that fit, without moving a cell, and
Cancel still ends the solve cleanly.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QLabel

from tictactoe_qt.engine.analysis import long_solve_note
from tictactoe_qt.engine.game import Board, GameConfig
from tictactoe_qt.gui.analysis.solve_bar import fitted_lines

from .test_solve_exactly import SOLVE_MS, play, start

NOTE_7X7 = long_solve_note(Board(GameConfig(7, 7, 5)))
BRIEF_7X7 = long_solve_note(Board(GameConfig(7, 7, 5)), brief=True)


def shown_note(bar) -> str:
    """The note as the strip shows it, its wrapped lines joined again."""
    return bar.note.text().replace("\n", " ") if bar.note.isVisible() else ""


def test_an_empty_7x7_k5_solve_shows_the_note_and_cancel_still_ends_it(qtbot, shown_window):
    window = shown_window((1400, 900))
    start(window, 7, 7, 5)
    solve = window.analysis.solve
    bar = solve.bar
    solve.action.trigger()
    assert solve.solver.running and bar.cancel_button.isVisible()
    assert shown_note(bar) == NOTE_7X7  # whole, at the default size
    assert bar.note.toolTip() == NOTE_7X7
    assert "may run for hours" in NOTE_7X7
    qtbot.waitUntil(lambda: "nodes" in bar.line.text(), timeout=SOLVE_MS)  # it is searching
    assert shown_note(bar) == NOTE_7X7  # progress does not push the note out
    qtbot.mouseClick(bar.cancel_button, Qt.MouseButton.LeftButton)
    assert not bar.isVisible() and not solve.solver.running and solve.action.isEnabled()
    qtbot.waitUntil(lambda: not solve.solver.runner.is_busy(), timeout=10_000)  # child stopped
    runner = solve.solver.runner
    window.close()  # the thread is quit and waited, the child ended: no hang, no abort
    assert not runner.worker_thread.isRunning() and not runner.process.is_running


def test_a_position_within_the_measured_sizes_has_no_note(qtbot, shown_window, click_cell):
    window = shown_window((1400, 900))
    start(window, 4, 4, 4)  # 15 empty cells, well within the 36 measured: solved at once
    play(window, click_cell, (1, 1))
    solve = window.analysis.solve
    solve.action.trigger()
    assert solve.bar.isVisible() and not solve.bar.note.isVisible()
    qtbot.waitUntil(lambda: solve.bar.title.text() == "Solved exactly:", timeout=SOLVE_MS)
    assert not solve.bar.note.isVisible()


def test_the_answer_replaces_the_note(qtbot, shown_window):
    window = shown_window((1400, 900))
    start(window, 7, 7, 5)
    bar = window.analysis.solve.bar
    bar.show_running([NOTE_7X7])
    assert shown_note(bar) == NOTE_7X7
    bar.show_problem("Solve exactly failed: test")
    assert not bar.note.isVisible() and bar.note_text() == ""


@pytest.mark.parametrize("size", [(1040, 680), (1200, 800), (900, 660), (760, 560), (1000, 560), (640, 520)])
def test_the_note_fits_the_room_and_moves_no_cell(qtbot, shown_window, click_cell, size):
    window = shown_window(size)
    start(window, 7, 7, 5)
    board = window.board
    cells = [board.cell_rect(row, col) for row in range(7) for col in range(7)]
    solve = window.analysis.solve
    bar = solve.bar
    solve.action.trigger()
    assert [board.cell_rect(row, col) for row in range(7) for col in range(7)] == cells
    strip = bar.geometry()
    assert board.rect().contains(strip)
    assert not any(strip.intersects(cell) for cell in cells)
    # Every line of the note fits across, and the note fits inside the strip.
    assert bar.note.isVisible()
    metrics = bar.note.fontMetrics()
    lines = bar.note.text().split("\n")
    assert all(metrics.horizontalAdvance(line) <= bar.note.width() for line in lines)
    assert bar.rect().contains(bar.note.geometry())
    assert bar.note.height() >= len(lines) * metrics.lineSpacing() - 1
    # Whole, brief, or the brief one cut at the end with "…": it always leads with the news.
    shown = shown_note(bar)
    assert shown.startswith("This may run for hours")
    assert shown in (NOTE_7X7, BRIEF_7X7) or (shown.endswith("…") and BRIEF_7X7.startswith(shown[:-1].rstrip()))
    if size == (1040, 680):  # the default window: the note whole, at least in brief
        assert shown in (NOTE_7X7, BRIEF_7X7)
    assert bar.note.toolTip() == NOTE_7X7
    qtbot.mouseClick(bar.cancel_button, Qt.MouseButton.LeftButton)
    assert not bar.isVisible()
    assert [board.cell_rect(row, col) for row in range(7) for col in range(7)] == cells
    qtbot.waitUntil(lambda: not solve.solver.runner.is_busy(), timeout=10_000)


def test_fitted_lines_wrap_then_elide(qapp):
    metrics = QFontMetrics(QLabel().font())
    text = "one two three four five six seven eight nine ten"
    width = metrics.horizontalAdvance("one two three") + 1
    whole = fitted_lines(text, metrics, width, 10)
    assert " ".join(whole) == text and len(whole) > 2
    assert all(metrics.horizontalAdvance(line) <= width for line in whole)
    cut = fitted_lines(text, metrics, width, 2)
    assert len(cut) == 2 and cut[0] == whole[0] and cut[1].endswith("…")
    assert metrics.horizontalAdvance(cut[1]) <= width
    assert fitted_lines(text, metrics, width, 0) == []
