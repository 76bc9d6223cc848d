"""Tactics on gomoku-style boards (k = 5), each found within a 0.2 s budget."""

from __future__ import annotations

import pytest

from tictactoe_qt.engine import WIN_SCORE
from tictactoe_qt.engine.game import Board, GameConfig
from tictactoe_qt.engine.search import PerfectSearcher, threats

BUDGET = 0.2
Cell = tuple[int, int]
Cells = list[Cell]
SMALL = GameConfig(7, 7, 5)
LARGE = GameConfig(15, 15, 5)


def position(config: GameConfig, xs: Cells, os: Cells) -> Board:
    """Play the two lists alternately, X first (the order makes no threat early)."""
    board = Board(config)
    xs, os = list(xs), list(os)
    while xs or os:
        board.push((xs if board.side == 0 else os).pop(0))
    return board


def best(board: Board) -> tuple[int, int]:
    move = PerfectSearcher(board.config).search(board, BUDGET).move
    assert move is not None
    return move.row, move.col


def winning_cells(board: Board, side: int) -> set[tuple[int, int]]:
    cells = threats.winning_cells(board.geometry, board.bits[side], board.bits[side ^ 1])
    cols = board.config.cols
    found = {divmod(cell, cols) for cell in range(board.geometry.cells) if cells >> cell & 1}
    # The per-line lookup agrees with trying every empty cell.
    tried = {
        divmod(cell, board.config.cols)
        for cell in board.legal_indices()
        if board.geometry.wins_with(board.bits[side] | 1 << cell, cell)
    }
    assert found == tried
    return found


@pytest.mark.parametrize(
    ("config", "xs", "os", "wins"),
    [
        (SMALL, [(3, 1), (3, 2), (3, 3), (3, 4)], [(0, 0), (6, 6), (0, 6), (2, 2)], {(3, 0), (3, 5)}),
        (LARGE, [(7, 5), (7, 6), (7, 7), (7, 8)], [(8, 8), (6, 6), (9, 9), (1, 1)], {(7, 4), (7, 9)}),
    ],
)
def test_win_in_one_is_taken(config: GameConfig, xs: Cells, os: Cells, wins: set[Cell]) -> None:
    board = position(config, xs, os)
    result = PerfectSearcher(config).search(board, BUDGET)
    assert (result.move.row, result.move.col) in wins
    assert (result.exact, result.result, result.plies) == (True, "x", 1)


def test_own_win_beats_blocking_the_opponents_four() -> None:
    board = position(SMALL, [(3, 1), (3, 2), (3, 3), (3, 4), (6, 1)], [(3, 0), (5, 2), (5, 3), (5, 4), (5, 5)])
    assert winning_cells(board, 1)  # O threatens too, but X moves first
    assert best(board) == (3, 5)


@pytest.mark.parametrize(
    ("config", "xs", "os", "block"),
    [
        (SMALL, [(3, 1), (3, 2), (3, 3), (3, 4)], [(3, 0), (6, 6), (0, 0)], (3, 5)),
        (LARGE, [(4, 4), (5, 5), (6, 6), (7, 7)], [(3, 3), (10, 1), (12, 12)], (8, 8)),
        (LARGE, [(7, 3), (7, 4), (7, 6), (7, 7)], [(0, 0), (14, 14), (0, 14)], (7, 5)),
    ],
)
def test_a_four_is_blocked(config: GameConfig, xs: Cells, os: Cells, block: Cell) -> None:
    board = position(config, xs, os)
    assert winning_cells(board, 0) == {block}
    assert best(board) == block


@pytest.mark.parametrize(
    ("config", "xs", "os"),
    [
        # An open three in a row and two in a column meeting at (3, 5).
        (SMALL, [(3, 2), (3, 3), (3, 4), (1, 5), (2, 5)], [(0, 0), (6, 6), (6, 0), (0, 6), (0, 3)]),
        # A broken three and a two: (7, 9) makes an open four.
        (LARGE, [(7, 6), (7, 7), (7, 8), (5, 10), (6, 10)], [(0, 0), (14, 14), (14, 0), (0, 14), (2, 2)]),
    ],
)
def test_a_double_threat_is_created_and_wins_in_three(config: GameConfig, xs: Cells, os: Cells) -> None:
    board = position(config, xs, os)
    result = PerfectSearcher(config).search(board, BUDGET)
    assert result.score == WIN_SCORE - 3
    assert (result.exact, result.result, result.plies) == (True, "x", 3)
    board.push(result.move)
    assert len(winning_cells(board, 0)) >= 2
    assert not winning_cells(board, 1)


def test_a_four_three_fork_is_found_as_a_win() -> None:
    # Row 7 becomes a broken four (forcing the block at (7, 9)); column 10 then
    # becomes an open four.
    board = position(LARGE, [(7, 6), (7, 7), (7, 8), (5, 10), (6, 10)], [(0, 0), (14, 14), (14, 0), (0, 14), (7, 5)])
    result = PerfectSearcher(LARGE).search(board, BUDGET)
    assert result.score >= WIN_SCORE - 5


@pytest.mark.parametrize(
    ("config", "xs", "os", "blocks"),
    [
        (SMALL, [(3, 2), (3, 3), (3, 4)], [(2, 3), (5, 5)], {(3, 1), (3, 5)}),
        (LARGE, [(7, 6), (7, 7), (7, 8)], [(6, 7), (9, 9)], {(7, 5), (7, 9)}),
        (LARGE, [(5, 5), (6, 6), (7, 7)], [(5, 6), (10, 3)], {(4, 4), (8, 8)}),
    ],
)
def test_an_open_three_is_blocked_at_one_end(config: GameConfig, xs: Cells, os: Cells, blocks: set[Cell]) -> None:
    board = position(config, xs, os)
    assert board.turn == "o"
    assert best(board) in blocks
