"""Plain minimax: every node counted, values equal to a brute force, wins by distance."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tictactoe_qt.engine import WIN_SCORE
from tictactoe_qt.engine.game import Board, GameConfig, Move
from tictactoe_qt.engine.players import make_player
from tictactoe_qt.engine.search import ENGINE_OPTIONS, minimax_search, search_order
from tictactoe_qt.engine.teaching import BoardSpace, count_search

from .prompt_stop import assert_stops_promptly_with_a_legal_move
from .sample_positions import immediate_wins, open_positions, reachable_open_positions

INFINITY = float("inf")


def independent_open_lines(board: Board, mover: str) -> int:
    """E(n) from the line cells and marks, without the bitboard code under test."""
    geometry = board.geometry
    cols = board.config.cols
    own_open = opp_open = 0
    for cells in geometry.line_cells:
        marks = {board.mark_at(*divmod(cell, cols)) for cell in cells}
        own_open += all(mark != ("o" if mover == "x" else "x") for mark in marks)
        opp_open += all(mark != mover for mark in marks)
    return own_open - opp_open


def brute_force(board: Board, depth: int | None = None, d: int = 0) -> tuple[float, int]:
    """(score, nodes below) by textbook negamax with push/pop; wins scored by distance."""
    if depth is not None and d >= depth:
        return independent_open_lines(board, board.turn), 0
    best = -INFINITY
    nodes = 0
    for cell in board.legal_indices():
        board.push_index(cell)
        nodes += 1
        if board.winner() is not None:
            score: float = WIN_SCORE - d - 1
        elif board.is_full():
            score = 0
        else:
            child, below = brute_force(board, depth, d + 1)
            score, nodes = -child, nodes + below
        board.pop()
        best = max(best, score)
    return best, nodes


def test_the_full_tree_from_the_empty_board_has_549946_nodes() -> None:
    result = minimax_search(Board())
    assert result.stats.nodes == 549_946
    assert result.stats.max_ply == 9
    assert result.stats.cutoffs == 0
    assert result.exact and result.result == "draw" and result.plies == 9
    assert result.score == 0
    # All nine first moves draw; ties go to the first in centre-first order.
    assert set(result.move_scores.values()) == {0}
    assert result.move == Move(1, 1)


def test_principal_variation_is_a_legal_drawn_game() -> None:
    result = minimax_search(Board())
    board = Board()
    for move in result.pv:
        board.push(move)
    assert board.status == "draw"


@settings(max_examples=40, deadline=None)
@given(open_positions(GameConfig(), min_ply=3))
def test_values_and_node_counts_match_a_brute_force(board: Board) -> None:
    result = minimax_search(board)
    score, nodes = brute_force(board.copy())
    assert result.score == score
    assert result.stats.nodes == nodes + 1
    assert result.exact


@settings(max_examples=30, deadline=None)
@given(open_positions(GameConfig(), min_ply=0), st.integers(1, 3))
def test_depth_limited_values_match_a_brute_force(board: Board, depth: int) -> None:
    result = minimax_search(board, depth=depth)
    score, nodes = brute_force(board.copy(), depth)
    assert result.score == score
    assert result.stats.nodes == nodes + 1
    assert result.stats.max_ply <= depth


@settings(max_examples=15, deadline=None)
@given(open_positions(GameConfig(3, 4, 3), min_ply=6), st.integers(1, 4))
def test_depth_limited_values_match_on_a_rectangle(board: Board, depth: int) -> None:
    assert minimax_search(board, depth=depth).score == brute_force(board.copy(), depth)[0]


def test_every_move_score_matches_a_brute_force() -> None:
    board = Board.from_notation("x../.o./..x")
    result = minimax_search(board)
    for move, score in result.move_scores.items():
        child = board.copy()
        child.push(move)
        if child.winner() is not None:
            expected: float = WIN_SCORE - 1
        else:
            expected = -brute_force(child, None, 1)[0]
        assert score == expected, move
    assert result.score == max(result.move_scores.values())


def test_takes_the_fastest_win() -> None:
    result = minimax_search(Board.from_notation("xx./oo./..."))
    assert result.move == Move(0, 2)
    assert (result.result, result.plies) == ("x", 1)
    assert result.score == WIN_SCORE - 1


def test_delays_a_forced_loss() -> None:
    # O threatens the right column; blocking at the bottom right loses in 4
    # plies, anything else loses in 2.
    result = minimax_search(Board.from_notation("xxo/..o/..."))
    assert result.move == Move(2, 2)
    assert (result.result, result.plies) == ("o", 4)
    others = [score for move, score in result.move_scores.items() if move != Move(2, 2)]
    assert all(score == -(WIN_SCORE - 2) for score in others)


def test_there_are_4520_open_positions_and_minimax_never_skips_an_immediate_win() -> None:
    positions = reachable_open_positions()
    assert len(positions) == 4_520
    skipped = []
    for board in positions:
        wins = immediate_wins(board)
        if wins and minimax_search(board).move not in wins:
            skipped.append(board.notation())
    assert skipped == []


def test_the_kernel_counts_and_values_what_the_textbook_search_visits() -> None:
    # The table-driven kernel values subtrees below the root's moves in one call
    # each; the textbook search, node by node, must find the same numbers.
    for board in (board for board in reachable_open_positions() if board.ply >= 3):
        fast = minimax_search(board)
        space = BoardSpace(board, ENGINE_OPTIONS, cell_order=search_order(board.geometry))
        plain = count_search(space, "minimax", ENGINE_OPTIONS)
        assert (fast.stats.nodes, fast.stats.max_ply, fast.score) == (plain.nodes, plain.deepest, plain.value), (
            board.notation()
        )
        assert list(fast.move_scores.values()) == [score for _, score in plain.root_scores]


@pytest.mark.parametrize("depth", [1, 2])
def test_shallow_minimax_never_skips_an_immediate_win(depth: int) -> None:
    for board in reachable_open_positions():
        wins = immediate_wins(board)
        if wins:
            assert minimax_search(board, depth=depth).move in wins, board.notation()


def test_a_depth_cut_off_scores_with_the_open_lines_heuristic() -> None:
    result = minimax_search(Board(), depth=1)
    # X in the centre: 8 lines open for X, 4 left open for O.
    assert result.move == Move(1, 1)
    assert result.score == 4
    assert not result.exact and result.result is None
    assert result.stats.nodes == 10 and result.stats.depth == 1


def test_a_forced_win_within_the_depth_is_exact() -> None:
    result = minimax_search(Board.from_notation("xx./oo./..."), depth=2)
    assert result.exact and result.result == "x"


def test_the_board_is_not_changed() -> None:
    board = Board.from_notation("x../.o./...")
    before = (list(board.bits), list(board.history))
    minimax_search(board)
    minimax_search(board, depth=2)
    assert (board.bits, board.history) == before


def test_a_finished_game_has_no_move() -> None:
    result = minimax_search(Board.from_notation("xxx/oo./..."))
    assert result.move is None
    assert result.exact and result.result == "x" and result.plies == 0


@pytest.mark.parametrize("depth", [0, -3])
def test_a_depth_below_one_is_rejected(depth: int) -> None:
    with pytest.raises(ValueError, match=f"got {depth}"):
        minimax_search(Board(), depth=depth)


def test_should_stop_cancels_promptly_with_a_legal_move() -> None:
    assert_stops_promptly_with_a_legal_move(minimax_search, Board(GameConfig(4, 4, 4)))


def test_a_stop_after_the_search_only_shortens_the_principal_variation() -> None:
    board = Board()
    calls = 0

    def count_calls() -> bool:
        nonlocal calls
        calls += 1
        return False

    minimax_search(board, should_stop=count_calls)
    total = calls
    calls = 0
    # The polls of the search itself, without the re-searches of the principal variation.
    from tictactoe_qt.engine.search import minimax
    from tictactoe_qt.engine.teaching import SearchCounts

    minimax._search(board, None, count_calls, SearchCounts())
    search_polls = calls
    calls = 0
    # Counting again, but asking to stop from the first poll of the re-search
    # that rebuilds the principal variation (the search itself polls first).

    def stop_late() -> bool:
        nonlocal calls
        calls += 1
        return calls > search_polls

    assert total > search_polls
    result = minimax_search(board, should_stop=stop_late)
    assert not result.cancelled and result.exact and result.stats.nodes == 549_946
    assert 1 <= len(result.pv) < 9 and result.pv[0] == result.move


def test_should_stop_cancels_a_depth_limited_search() -> None:
    board = Board(GameConfig(9, 9, 5))
    result = minimax_search(board, depth=4, should_stop=lambda: True)
    assert result.cancelled
    assert result.move in board.legal_moves()


def test_the_minimax_player_plays_the_search_move() -> None:
    board = Board.from_notation("x../.o./...")
    player = make_player("minimax:depth=3", seed=1)
    choice = player.choose(board)
    assert choice.algorithm == "minimax"
    assert choice.move == minimax_search(board, depth=3).move
    assert choice.stats.depth == 3
