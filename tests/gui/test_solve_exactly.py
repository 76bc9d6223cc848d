""" "Solve exactly" in the window: the overlay filled with exact values, Cancel, stale
answers dropped, a dead solver reported, too-big positions refused, O moving first.

Each test sets the game up in the settings dock and plays by clicking, as a user
would, then triggers the action and reads the overlay, the bar under the board and
the status line. Expected values come from the engine's own exact analysis.
"""

from __future__ import annotations

import os
import signal

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QPushButton, QSpinBox

from tictactoe_qt.engine.analysis import analyze_exactly
from tictactoe_qt.engine.text import SideNames, outcome_badge
from tictactoe_qt.gui import game_texts

#: Seconds a solve of a small board may take on a loaded machine, at most.
SOLVE_MS = 60_000


@pytest.fixture
def window(shown_window):
    return shown_window((1200, 800))


def start(window, rows: int, cols: int, k: int, first: str = "x") -> None:
    """A new game of two humans on a ``rows`` x ``cols`` board, ``first`` moving first."""
    dock = window.settings_dock
    for seat in "xo":
        combo = window.findChild(QComboBox, f"{seat}Player")
        combo.setCurrentIndex(combo.findData("human"))
    for name, value in (("rows", rows), ("cols", cols), ("k", k)):
        dock.findChild(QSpinBox, name).setValue(value)
    first_box = window.findChild(QComboBox, "firstPlayer")
    first_box.setCurrentIndex(first_box.findData(first))
    dock.findChild(QPushButton, "applySettingsButton").click()
    assert window.controller.seat_to_move == first
    assert window.controller.board.config.rows == rows


def play(window, click_cell, *cells):
    for cell in cells:
        click_cell(window.board, *cell)


def solve_bar(window):
    return window.analysis.solve.bar


def wait_solved(qtbot, window):
    bar = solve_bar(window)
    qtbot.waitUntil(lambda: bar.title.text() == "Solved exactly:", timeout=SOLVE_MS)
    return bar


def expected_badges(window) -> dict[tuple[int, int], str]:
    """Every move's badge from the engine's exact analysis, players named as the game names them."""
    board = window.controller.board
    names = game_texts.side_names(window.controller)
    return {(v.move.row, v.move.col): outcome_badge(v.result, v.plies, names) for v in analyze_exactly(board).moves}


@pytest.mark.parametrize("first", ["x", "o"])
def test_solve_exactly_fills_the_overlay_with_exact_values(qtbot, window, click_cell, first):
    start(window, 3, 3, 3, first)
    play(window, click_cell, (1, 1), (0, 0))
    overlay = window.analysis.overlay
    assert not window.analysis.overlay_action.isChecked()
    window.analysis.solve.action.trigger()
    bar = wait_solved(qtbot, window)
    assert window.analysis.overlay_action.isChecked()  # the answer is shown on the board
    data = overlay.data
    assert data is not None and data.exact
    shown = {cell: note.text for cell, note in data.notes.items()}
    assert shown == expected_badges(window)
    assert len(shown) == 7 and all(note.kind in ("win", "draw", "loss") for note in data.notes.values())
    mover = "X" if first == "x" else "O"  # the first mover moves again after two plies
    assert data.mover == mover
    assert window.analysis.legend.text().startswith("Exact: ")
    assert f"{mover} to move" in window.analysis.legend.text()
    assert "wins" in bar.line.text() or "draw" in bar.line.text()
    assert window.analysis.solve.action.isEnabled()


def test_o_first_names_o_as_the_winner(qtbot, window, click_cell):
    # O moves first and has two in a row with a free end: O wins at once.
    start(window, 3, 3, 3, "o")
    play(window, click_cell, (0, 0), (1, 1), (0, 1), (2, 2))
    window.analysis.solve.action.trigger()
    bar = wait_solved(qtbot, window)
    assert bar.line.text().startswith("O wins in 1 ply")
    assert window.analysis.overlay.data.notes[(0, 2)].text == "O1"
    names = game_texts.side_names(window.controller)
    assert names == SideNames.of(window.controller.seating, {"x": "X", "o": "O"})


def test_a_second_solve_comes_from_the_cache_with_the_same_values(qtbot, window, click_cell):
    start(window, 4, 4, 4)
    play(window, click_cell, (0, 0), (1, 1))
    window.analysis.solve.action.trigger()
    bar = wait_solved(qtbot, window)
    first = dict(window.analysis.overlay.data.notes)
    assert "cache" not in bar.line.text()
    bar.title.setText("")
    window.analysis.solve.action.trigger()
    wait_solved(qtbot, window)
    assert "from the cache" in bar.line.text()
    assert window.analysis.overlay.data.notes == first


def test_cancel_stops_the_solve_and_leaves_the_window_as_it_was(qtbot, window, click_cell):
    start(window, 7, 7, 5)  # hours of proof: it is still running when Cancel comes
    play(window, click_cell, (2, 2))
    solve = window.analysis.solve
    solve.action.trigger()
    bar = solve_bar(window)
    qtbot.waitUntil(lambda: solve.bar.isVisible() and bar.cancel_button.isVisible(), timeout=5_000)
    qtbot.waitUntil(lambda: "nodes" in bar.line.text(), timeout=SOLVE_MS)  # it is searching
    assert "depth" in bar.line.text() and "/s" in bar.line.text() and "best" in bar.line.text()
    before = window.position()
    qtbot.mouseClick(bar.cancel_button, Qt.MouseButton.LeftButton)
    assert not solve.bar.isVisible() and not solve.solver.running
    assert solve.action.isEnabled()
    qtbot.waitUntil(lambda: not solve.solver.runner.is_busy(), timeout=10_000)  # child stopped
    assert window.position() == before
    assert not window.analysis.overlay_action.isChecked()  # nothing was turned on


def test_a_position_change_drops_the_stale_solve(qtbot, window, click_cell):
    start(window, 7, 7, 5)
    play(window, click_cell, (2, 2))
    solve = window.analysis.solve
    solve.action.trigger()
    assert solve.solver.running
    solved = []
    solve.solver.solved.connect(solved.append)
    play(window, click_cell, (3, 3))  # the game moves on while the solve runs
    assert not solve.solver.running and not solve.bar.isVisible()
    qtbot.waitUntil(lambda: not solve.solver.runner.is_busy(), timeout=10_000)
    assert solved == []
    assert window.analysis.overlay.data is None or not window.analysis.overlay.data.exact


def test_a_dead_solver_is_a_clear_message_not_a_hang(qtbot, window, click_cell):
    start(window, 7, 7, 5)
    play(window, click_cell, (2, 2))
    solve = window.analysis.solve
    solve.action.trigger()
    process = solve.solver.runner.process
    qtbot.waitUntil(lambda: process.is_ready, timeout=SOLVE_MS)
    os.kill(process.pid, signal.SIGKILL)
    bar = solve_bar(window)
    qtbot.waitUntil(lambda: bar.title.text() == "⚠", timeout=SOLVE_MS)
    assert "Solve exactly failed" in bar.line.text() and "stopped unexpectedly" in bar.line.text()
    assert solve.action.isEnabled() and not solve.solver.running


def test_a_board_too_big_to_solve_is_refused_with_an_estimate(qtbot, window):
    start(window, 9, 9, 5)
    solve = window.analysis.solve
    solve.action.trigger()
    bar = solve_bar(window)
    assert not solve.solver.running
    assert bar.title.text() == "⚠" and solve.bar.isVisible()
    assert "81 empty cells" in bar.line.text() and "10^" in bar.line.text()
    bar.close_button.click()
    assert not solve.bar.isVisible()


def test_closing_the_window_mid_solve_ends_the_thread_and_the_child(qtbot, window, click_cell):
    start(window, 7, 7, 5)
    play(window, click_cell, (2, 2))
    solve = window.analysis.solve
    solve.action.trigger()
    process = solve.solver.runner.process
    qtbot.waitUntil(lambda: process.is_ready, timeout=SOLVE_MS)
    pid = process.pid
    window.close()
    assert not solve.solver.runner.worker_thread.isRunning()
    assert not process.is_running
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)


def test_a_corrupt_cache_is_a_status_message_and_the_solve_goes_on(qtbot, window, click_cell, isolated_solved_cache):
    (isolated_solved_cache / "solved-positions.json").write_text("garbage")
    start(window, 3, 3, 3)
    play(window, click_cell, (1, 1))
    window.analysis.solve.action.trigger()
    bar = wait_solved(qtbot, window)
    assert "cache" not in bar.line.text()
    message = window.statusBar().currentMessage()
    assert message.startswith("warning: ignoring the solved-positions cache")
    assert "\n" not in message
    assert window.analysis.overlay.data.exact


def test_a_bar_left_open_does_not_come_back_with_the_next_window(qtbot, shown_window):
    first = shown_window((1200, 800))
    start(first, 9, 9, 5)
    first.analysis.solve.action.trigger()  # refused: the bar shows why
    assert first.analysis.solve.bar.isVisible()
    first.close()
    second = shown_window((1200, 800))
    assert second.controller.board.config.rows == 9  # the saved settings came back ...
    assert not second.analysis.solve.bar.isVisible()  # ... but not the bar


def test_the_overlay_shows_a_solved_position_exactly_from_the_cache():
    # Once solved (Solve exactly, analyze --exact), the overlay's own analysis reads the
    # answer back: a budget far too short to prove anything still gives every cell exact.
    from tictactoe_qt.engine.analysis import SolvedCache, analyze_exactly_cached
    from tictactoe_qt.engine.game import GameConfig
    from tictactoe_qt.engine.text import BOARD_NAMES
    from tictactoe_qt.gui.analysis import search_jobs

    config = GameConfig(5, 4, 4)
    history = (0, 6)
    board = search_jobs.board_from(config, history)
    unsolved = search_jobs.overlay_analysis(config, history, 0.001, should_stop=lambda: True, report=lambda _: None)
    assert not unsolved.exact
    analysis, cached = analyze_exactly_cached(board, SolvedCache())
    assert analysis.exact and not cached
    shown = search_jobs.overlay_analysis(config, history, 0.001, should_stop=lambda: True, report=lambda _: None)
    assert shown.exact
    assert {cell: note.text for cell, note in shown.notes.items()} == {
        (v.move.row, v.move.col): outcome_badge(v.result, v.plies, BOARD_NAMES) for v in analysis.moves
    }


@pytest.mark.parametrize("size", [(1200, 800), (900, 660)])
def test_the_bar_moves_nothing_and_covers_no_cell(qtbot, shown_window, click_cell, size):
    # The strip stands in the room the board always leaves free below itself, as the
    # game-over banner does: showing and hiding it keeps every cell where it was.
    window = shown_window(size)
    start(window, 7, 7, 5)
    play(window, click_cell, (3, 3))
    board = window.board
    cells = [board.cell_rect(row, col) for row in range(7) for col in range(7)]
    solve = window.analysis.solve
    solve.action.trigger()
    qtbot.waitUntil(lambda: solve.bar.isVisible() and "nodes" in solve.bar.line.text(), timeout=SOLVE_MS)
    assert [board.cell_rect(row, col) for row in range(7) for col in range(7)] == cells
    strip = solve.bar.geometry()
    assert board.rect().contains(strip)
    assert not any(strip.intersects(cell) for cell in cells)
    assert solve.bar.cancel_button.isVisible() and solve.bar.cancel_button.width() > 0
    qtbot.mouseClick(solve.bar.cancel_button, Qt.MouseButton.LeftButton)
    assert not solve.bar.isVisible()
    assert [board.cell_rect(row, col) for row in range(7) for col in range(7)] == cells
