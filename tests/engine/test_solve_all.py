"""The all-positions solver's checker (the solver itself is compared in test_perfect)."""

from __future__ import annotations

import pytest

from tictactoe_qt.engine.game import GameConfig
from tictactoe_qt.engine.search import solution_errors, solve_every_position

TTT = GameConfig(3, 3, 3)


def test_a_fresh_solution_passes_every_check() -> None:
    assert solution_errors(TTT, solve_every_position(TTT)) == []


def test_a_wrong_score_is_reported() -> None:
    solutions = solve_every_position(TTT)
    key = (1 << 4, 1 << 0)  # X in the centre, O in a corner: a draw
    score, cell = solutions[key]
    solutions[key] = (score + 1, cell)
    errors = solution_errors(TTT, solutions)
    assert any(str(key) in error for error in errors)


def test_a_move_that_does_not_reach_the_score_is_reported() -> None:
    solutions = solve_every_position(TTT)
    key = (1 << 0 | 1 << 1, 1 << 3 | 1 << 4)  # X wins at once in the top row
    score, _ = solutions[key]
    solutions[key] = (score, 8)
    assert any("cell 8 does not reach" in error for error in solution_errors(TTT, solutions))


def test_a_missing_position_is_reported() -> None:
    solutions = solve_every_position(TTT)
    del solutions[(1 << 4, 0)]
    assert any("no answer" in error for error in solution_errors(TTT, solutions))


def test_the_checker_refuses_boards_too_big_to_solve() -> None:
    with pytest.raises(ValueError, match="at most"):
        solution_errors(GameConfig(4, 4, 4), {})
