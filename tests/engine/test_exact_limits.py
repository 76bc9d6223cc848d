"""The exact-solve limits: which positions are refused, and which start with a warning that
they may run for hours (the rule both the window and the command line use)."""

from __future__ import annotations

import doctest

import pytest

from tictactoe_qt.engine.analysis import (
    EXACT_MAX_EMPTY,
    MEASURED_QUICK_EMPTY,
    beyond_measured,
    exact_limits,
    exact_size_estimate,
    long_solve_note,
)
from tictactoe_qt.engine.game import Board, GameConfig


def empty_board(rows: int, cols: int, k: int) -> Board:
    return Board(GameConfig(rows, cols, k))


@pytest.mark.parametrize("shape", [(3, 3, 3), (4, 4, 4), (5, 5, 4), (6, 5, 4), (6, 6, 4)])
def test_boards_measured_to_finish_get_no_note(shape):
    board = empty_board(*shape)
    assert not beyond_measured(board)
    assert long_solve_note(board) is None
    assert exact_size_estimate(board) is None  # and they are not refused either


def test_a_5x5_position_gets_no_note():
    board = empty_board(5, 5, 4)
    board.push((2, 2))
    assert long_solve_note(board) is None


def test_the_empty_7x7_k5_board_gets_the_note():
    board = empty_board(7, 7, 5)
    assert beyond_measured(board)
    note = long_solve_note(board)
    assert note == (
        "This may run for hours: 49 empty cells, more than any measured to "
        "finish (up to 36 cells, under a second). Cancel any time."
    )
    assert "\n" not in note
    assert exact_size_estimate(board) is None  # warned, not refused


def test_the_rule_counts_empty_cells_not_the_board_size():
    board = empty_board(7, 7, 5)
    for cell in range(49 - MEASURED_QUICK_EMPTY - 1):
        board.push_index(cell)
    assert board.empty.bit_count() == MEASURED_QUICK_EMPTY + 1
    assert long_solve_note(board) is not None
    board.push_index(49 - MEASURED_QUICK_EMPTY - 1)
    assert board.empty.bit_count() == MEASURED_QUICK_EMPTY
    assert long_solve_note(board) is None


def test_up_to_the_limit_the_note_applies_and_past_it_the_refusal_does():
    at_limit = empty_board(8, 8, 5)
    assert at_limit.empty.bit_count() == EXACT_MAX_EMPTY
    assert long_solve_note(at_limit) is not None and exact_size_estimate(at_limit) is None
    past = empty_board(9, 9, 5)
    assert long_solve_note(past) is None  # refused instead, with its own text
    assert exact_size_estimate(past) is not None


def test_the_brief_note_leaves_out_only_the_measured_sizes():
    board = empty_board(7, 7, 5)
    brief = long_solve_note(board, brief=True)
    assert brief == ("This may run for hours: 49 empty cells, more than any measured to finish. Cancel any time.")
    assert long_solve_note(board) == brief.replace("finish.", "finish (up to 36 cells, under a second).")
    assert long_solve_note(empty_board(5, 5, 4), brief=True) is None


def test_the_note_ends_with_the_stop_hint_it_is_given():
    note = long_solve_note(empty_board(7, 7, 5), "Ctrl+C stops it.")
    assert note is not None and note.endswith("under a second). Ctrl+C stops it.")


def test_the_documented_examples_hold():
    assert doctest.testmod(exact_limits).failed == 0
