"""The game-tree explorer: lazy children, values, alpha-beta windows and prunings."""

from __future__ import annotations

from functools import cache

import pytest

from tests.engine.traced_decision import textbook_search
from tictactoe_qt.engine import WIN_SCORE
from tictactoe_qt.engine.game import Board, GameConfig, Move
from tictactoe_qt.engine.players import TextbookOptions
from tictactoe_qt.engine.teaching import (
    GameTreeExplorer,
    TraceTooLargeError,
    ValueOracle,
    count_per_depth,
    counted_search,
    trace_alphabeta,
)
from tictactoe_qt.engine.teaching.tree_trace import AlphaBetaTrace

#: The scores the independent search below uses: sooner wins score higher.
DISTANCE = TextbookOptions(scoring="distance")


@cache
def empty_board_trace(options: TextbookOptions = TextbookOptions(), algorithm: str = "alphabeta") -> AlphaBetaTrace:
    """The empty 3x3 board's trace to the end, traced once per option set for the tests that
    only read it."""
    return trace_alphabeta(Board(), None, options, algorithm)


@pytest.fixture(scope="module")
def traced_explorer() -> GameTreeExplorer:
    """The empty 3x3 board's explorer with its alpha-beta trace run (the tests only read it)."""
    explorer = GameTreeExplorer(Board())
    explorer.run_trace()
    return explorer


SMALL_POSITIONS = ["x../.o./...", "xo./.x./...", "x.o/.x./o..", "xo./..x/.o.", "o.x/.x./...", "xxo/o../..."]


def independent_pruned_set(board: Board, order: list[int]) -> set[tuple[int, ...]]:
    """Negamax alpha-beta written from the textbook, returning the pruned paths.

    Scores are from the side to move, wins counted by plies from the root so
    that they match a minimax search that prefers sooner wins.
    """
    pruned: set[tuple[int, ...]] = set()
    work = board.copy()

    def negamax(path: tuple[int, ...], alpha: float, beta: float) -> float:
        if work.winner() is not None:
            return -(WIN_SCORE - len(path))
        moves = [cell for cell in order if cell in work.legal_indices()]
        if not moves:
            return 0
        best = float("-inf")
        for position, cell in enumerate(moves):
            work.push_index(cell)
            score = -negamax(path + (cell,), -beta, -alpha)
            work.pop()
            best = max(best, score)
            alpha = max(alpha, score)
            if alpha >= beta:
                pruned.update(path + (rest,) for rest in moves[position + 1 :])
                break
        return best

    negamax((), float("-inf"), float("inf"))
    return pruned


@pytest.mark.parametrize("notation", SMALL_POSITIONS)
def test_pruned_set_matches_an_independent_alphabeta(notation: str) -> None:
    board = Board.from_notation(notation)
    trace = trace_alphabeta(board, options=DISTANCE)
    assert set(trace.pruned) == independent_pruned_set(board, list(range(9)))


def test_pruned_set_matches_with_centre_first_ordering() -> None:
    board = Board.from_notation("x../.../...")
    trace = trace_alphabeta(board, options=TextbookOptions("centre", "distance"))
    order = list(board.geometry.centre_order)
    assert set(trace.pruned) == independent_pruned_set(board, order)


def test_pruned_set_matches_on_a_4x4_endgame() -> None:
    board = Board.from_notation("xo.x/.ox./o.x./....", k=3)
    trace = trace_alphabeta(board, options=DISTANCE)
    assert set(trace.pruned) == independent_pruned_set(board, list(range(16)))


def test_pruned_children_are_greyed_with_the_bound_that_cut_them(traced_explorer: GameTreeExplorer) -> None:
    pruned_rows = []
    for first in traced_explorer.children(()):
        pruned_rows += [c for c in traced_explorer.children(first.path) if c.pruned]
    assert pruned_rows, "alpha-beta prunes something two plies below the empty board"
    for row in pruned_rows:
        assert row.window is None
        assert "alpha cut-off" in row.pruned_reason() or "beta cut-off" in row.pruned_reason()


def test_root_children_carry_their_alphabeta_windows(traced_explorer: GameTreeExplorer) -> None:
    first, second = traced_explorer.children(())[:2]
    assert first.window == (float("-inf"), float("inf"))
    assert second.window is not None and second.window[0] == 0.0  # alpha raised to a draw


def test_children_values_are_minimax_values() -> None:
    board = Board.from_notation("xx./oo./...")
    by_move = {c.move: c for c in GameTreeExplorer(board).children(())}
    win = by_move[Move(0, 2)]
    assert win.status == "x_won"
    assert win.plies == 1 and win.value.result == "x"
    assert by_move[Move(2, 2)].value.result == "o"  # O then completes the middle row
    assert by_move[Move(2, 2)].plies == 2


def test_empty_board_children_are_draws_filling_the_board() -> None:
    children = GameTreeExplorer(Board()).children(())
    assert len(children) == 9
    assert all(c.value.result == "draw" and c.plies == 9 for c in children)


def test_children_do_not_change_the_root() -> None:
    board = Board.from_notation("x../.o./...")
    explorer = GameTreeExplorer(board)
    explorer.children((2,))
    assert explorer.root == board
    assert explorer.board_at((2, 5)).notation() == "x.x/.oo/..."


def test_counts_per_depth_add_up_to_the_full_tree() -> None:
    counts = count_per_depth(Board())
    assert counts.full_tree[:4] == [1, 9, 72, 504]
    assert sum(counts.full_tree) == 549_946
    assert not counts.truncated


def test_counts_per_depth_stop_early_on_big_boards() -> None:
    counts = count_per_depth(Board(GameConfig(5, 5, 4)), max_level_positions=5_000)
    assert counts.truncated
    assert counts.full_tree[:3] == [1, 25, 600]


@pytest.mark.parametrize("notation", [".../.../...", "..../..../...."])
def test_the_level_a_count_stops_at_is_counted_in_full(notation) -> None:
    """The level too big to walk on from is counted without listing it: the same
    nodes as the count that lists every level."""
    board = Board.from_notation(notation, k=3)
    whole = count_per_depth(board, max_level_positions=10**9)
    stopped = count_per_depth(board, max_level_positions=100)
    assert stopped.truncated and not whole.truncated
    assert 2 < len(stopped.full_tree) < len(whole.full_tree)
    assert stopped.full_tree == whole.full_tree[: len(stopped.full_tree)]


def test_trace_counts_fewer_nodes_than_the_full_tree() -> None:
    trace = empty_board_trace()
    assert sum(trace.visited_per_depth) == trace.visited
    assert trace.visited < 549_946 / 10


def test_depth_limited_trace_uses_the_heuristic() -> None:
    trace = trace_alphabeta(Board(GameConfig(5, 5, 4)), depth=2)
    assert len(trace.visited_per_depth) == 3
    assert trace.nodes[()].value != 0


def test_oversized_trace_is_refused_with_a_clear_error() -> None:
    with pytest.raises(TraceTooLargeError, match="choose a smaller depth"):
        trace_alphabeta(Board(GameConfig(4, 4, 4)), max_nodes=1_000)


def test_finished_position_has_no_tree_to_trace() -> None:
    with pytest.raises(ValueError, match="is already over: X has won"):
        trace_alphabeta(Board.from_notation("xxx/oo./..."))


def test_big_board_values_fall_back_to_a_heuristic() -> None:
    explorer = GameTreeExplorer(Board(GameConfig(7, 7, 5)), ValueOracle(heuristic_depth=1, perfect_budget=0))
    child = explorer.children(())[24]
    assert not child.value.exact
    assert child.plies is None
    assert "heuristic" in child.value.text()


# One test per position and ordering, so parallel runs (``pytest -n``) spread the work.
@pytest.mark.parametrize("ordering", ("none", "centre", "wins", "table"))
@pytest.mark.parametrize(
    "notation,k",
    [("", 3), ("xx./.../..o", 3), ("x.o/.x./...", 3), ("xo../.x../..o./....", 3), ("xo../.x../..o./....", 4)],
)
def test_the_tree_traces_what_the_cli_and_stepper_count_for_every_option_set(
    notation: str, k: int, ordering: str
) -> None:
    board = Board.from_notation(notation, k=k) if notation else Board()
    depth = None if board.geometry.cells == 9 else 3
    for scoring in ("textbook", "distance"):
        for form in ("textbook", "negamax"):
            options = TextbookOptions(ordering, scoring, "open-lines", form)
            algorithm = "alphabeta-tt" if ordering == "table" else "alphabeta"
            if notation:
                trace = trace_alphabeta(board, depth, options, algorithm)
            else:
                trace = empty_board_trace(options, algorithm)
            # The count the CLI prints, which is the stepper's count of the trace's events
            # for every option set (test_counted_search).
            counted = counted_search(board, algorithm, options, depth)
            assert (trace.visited, trace.cutoffs) == (counted.stats.nodes, counted.stats.cutoffs)
            assert trace.nodes[()].value == counted.score


def test_empty_board_trace_counts_the_textbook_numbers() -> None:
    assert empty_board_trace().visited == 18_297
    assert empty_board_trace(TextbookOptions("centre")).visited == 11_758
    table = empty_board_trace(TextbookOptions("table"), "alphabeta-tt")
    assert table.visited == 4_852
    assert any(node.table for node in table.nodes.values())


def test_with_a_depth_limit_children_carry_depth_limited_values() -> None:
    board = Board.from_notation("x.../.o../..../....", k=3)
    for evaluation in ("open-lines", "zero"):
        options = TextbookOptions(evaluation=evaluation)
        explorer = GameTreeExplorer(board, options=options, depth=2)
        children = explorer.children(())
        for child in children:
            assert child.value is None and not child.beyond_limit
            below = board.copy()
            below.push_index(child.path[-1])
            # One ply less below the child; the child's side to move is MIN.
            assert child.limited == -textbook_search(below, "minimax", options, 1).score
        best = max(child.limited for child in children)
        assert best == textbook_search(board, "minimax", options, 2).score
        grandchildren = explorer.children(children[0].path + explorer.children(children[0].path)[0].path[-1:])
        assert all(g.beyond_limit and g.limited is None for g in grandchildren)


def test_without_a_depth_limit_children_keep_the_exact_value() -> None:
    child = GameTreeExplorer(Board.from_notation("xx./oo./...")).children(())[0]
    assert child.value is not None and child.value.exact and child.limited is None
