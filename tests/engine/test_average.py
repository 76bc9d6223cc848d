"""The average player: random-play averages, beatable on purpose, never skips a win."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tictactoe_qt.engine.game import Board, Move
from tictactoe_qt.engine.players import make_player
from tictactoe_qt.engine.search import average_search, minimax_search

from .sample_positions import immediate_wins, reachable_open_positions


def random_play_average(board: Board) -> Fraction:
    """Expected result for the side to move if both sides play uniformly at random."""
    moves = board.legal_indices()
    total = Fraction(0)
    for cell in moves:
        board.push_index(cell)
        if board.winner() is not None:
            total += 1
        elif not board.is_full():
            total -= random_play_average(board)
        board.pop()
    return total / len(moves)


@pytest.mark.parametrize("notation", ["x../.o./...", "xo./.x./...", "x../.../..o", "xo./..x/..."])
def test_move_scores_are_random_play_averages(notation: str) -> None:
    board = Board.from_notation(notation)
    result = average_search(board)
    for move, score in result.move_scores.items():
        child = board.copy()
        child.push(move)
        if child.winner() is not None:
            expected = Fraction(1)
        elif child.is_full():
            expected = Fraction(0)
        else:
            expected = -random_play_average(child)
        assert score == pytest.approx(float(expected)), move
    assert result.score == max(result.move_scores.values())


def test_misses_a_forced_block_that_minimax_finds() -> None:
    # X threatens the middle column; only (0, 1) holds the draw. The average
    # player prefers a corner because most random continuations look fine.
    board = Board.from_notation(".../.x./.xo")
    average = average_search(board)
    best = minimax_search(board)
    assert best.move == Move(0, 1) and best.result == "draw"
    assert average.move != best.move
    assert best.move_scores[average.move] < best.score  # the average move loses


def test_minimax_beats_the_average_player_from_some_openings() -> None:
    minimax_wins = average_wins = 0
    for first in range(9):
        for minimax_side in ("x", "o"):
            board = Board()
            board.push_index(first)
            players = {minimax_side: make_player("minimax"), "xo".replace(minimax_side, ""): make_player("average")}
            while not board.is_game_over():
                board.push(players[board.turn].choose(board).move)  # type: ignore[arg-type]
            minimax_wins += board.winner() == minimax_side
            average_wins += board.winner() not in (None, minimax_side)
    assert average_wins == 0
    assert minimax_wins > 0


def test_never_skips_an_immediate_win() -> None:
    skipped = []
    for board in reachable_open_positions():
        wins = immediate_wins(board)
        if wins:
            result = average_search(board)
            if result.move not in wins:
                skipped.append(board.notation())
            assert result.exact and result.plies == 1
    assert skipped == []


def test_depth_limit_keeps_the_search_small_and_inexact() -> None:
    full = average_search(Board())
    shallow = average_search(Board(), depth=2)
    assert shallow.stats.nodes < full.stats.nodes
    assert shallow.stats.max_ply <= 2
    assert not shallow.exact
    assert -1 <= shallow.score <= 1


def test_symmetric_moves_tie_exactly() -> None:
    scores = average_search(Board()).move_scores
    corners = {scores[Move(r, c)] for r in (0, 2) for c in (0, 2)}
    assert len(corners) == 1


def test_cancelled_search_still_returns_a_legal_move() -> None:
    board = Board()
    result = average_search(board, should_stop=lambda: True)
    assert result.cancelled
    assert result.move in board.legal_moves()


def test_the_average_player_is_registered() -> None:
    board = Board.from_notation(".../.x./.xo")
    choice = make_player("average", seed=0).choose(board)
    assert choice.algorithm == "average"
    assert choice.move == average_search(board).move
