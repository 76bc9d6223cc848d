"""The counted search visits exactly the trace's nodes, for every option set.

Compare runs :func:`counted_search` instead of the event stream; it may only do
so because, on every position and option set here, it answers what the trace
(through ``textbook_search``, which counts the very events ``trace`` prints) does.
"""

from __future__ import annotations

import itertools
import random

import pytest

from tests.engine.traced_decision import textbook_search
from tictactoe_qt.engine import SearchResult
from tictactoe_qt.engine.game import Board, GameConfig
from tictactoe_qt.engine.players import EVALUATIONS, FORMS, ORDERINGS, SCORINGS, TextbookOptions
from tictactoe_qt.engine.teaching import TraceSummary, board_events, counted_search, limited_values

ALL_OPTIONS = [TextbookOptions(*choice) for choice in itertools.product(ORDERINGS, SCORINGS, EVALUATIONS, FORMS)]


def partial_boards(config: GameConfig, count: int, plies: tuple[int, int], seed: int) -> list[Board]:
    """``count`` random positions still in play, ``plies`` moves in."""
    rng = random.Random(seed)
    boards: list[Board] = []
    while len(boards) < count:
        board = Board(config)
        for _ in range(rng.randint(*plies)):
            if board.is_game_over():
                break
            board.push_index(rng.choice(board.legal_indices()))
        if not board.is_game_over():
            boards.append(board)
    return boards


SAMPLES = (
    [Board(), Board.from_notation("xx./.../..o")]
    + partial_boards(GameConfig(), 4, (2, 5), seed=3)
    + partial_boards(GameConfig(4, 4, 3), 2, (8, 9), seed=4)
    + partial_boards(GameConfig(4, 4, 4), 2, (8, 9), seed=5)
)


def facts(result: SearchResult) -> tuple[object, ...]:
    stats = result.stats
    return (
        stats.nodes,
        stats.cutoffs,
        stats.tt_hits,
        stats.max_ply,
        result.move,
        result.score,
        result.exact,
        result.result,
        result.plies,
    )


# One test per board and algorithm, so parallel runs (``pytest -n``) spread the 4x4 work.
@pytest.mark.parametrize("algorithm", ("minimax", "alphabeta", "alphabeta-tt"))
@pytest.mark.parametrize("board", SAMPLES, ids=lambda b: f"{b.config}:{b.notation()}")
def test_counted_search_agrees_with_the_trace_for_every_option_set(board: Board, algorithm: str) -> None:
    # To the end where the tree is small: up to 9 empty cells, 7 for minimax, which
    # prunes nothing (8 empty 4x4 cells are ~47,000 nodes an option set); to the end
    # on 4x4 k=4 stays held by its 7-empty sample.
    small = board.geometry.cells - board.ply <= (7 if algorithm == "minimax" else 9)
    for options in ALL_OPTIONS:
        if options.ordering == "table" and algorithm != "alphabeta-tt":
            continue
        # Every option set to the end (or 3 plies on the larger 4x4 trees); a depth limit
        # of 2 with two orderings is enough to hold the evaluation to the trace's.
        depths = [None if small else 3]
        if options.ordering in ("none", "table"):
            depths.append(2)
        for depth in depths:
            if algorithm == "minimax" and board.ply == 0 and depth is None:
                continue  # 549,946 nodes: the next test counts it once
            if depth is None and options.evaluation != EVALUATIONS[0] and board.geometry.cells - board.ply >= 7:
                # The evaluation is read only at a depth limit: to the end, the second one
                # would repeat the first's search on these big trees (both run on the rest).
                continue
            traced = textbook_search(board, algorithm, options, depth)
            counted = counted_search(board, algorithm, options, depth)
            assert facts(counted) == facts(traced), (algorithm, options, depth)


def test_the_known_empty_board_counts() -> None:
    board = Board()
    cases = {
        ("minimax", "none"): 549_946,
        ("alphabeta", "none"): 18_297,
        ("alphabeta", "centre"): 11_758,
        ("alphabeta", "wins"): 6_435,
        ("alphabeta-tt", "table"): 4_852,
    }
    for (algorithm, ordering), nodes in cases.items():
        assert counted_search(board, algorithm, TextbookOptions(ordering)).stats.nodes == nodes
    distance = TextbookOptions(scoring="distance")
    assert counted_search(board, "alphabeta", distance).stats.nodes == 20_866
    traced = TraceSummary().consume(board_events(board, "alphabeta", distance))
    assert traced.nodes == 20_866


def test_counted_search_refuses_what_the_trace_refuses() -> None:
    with pytest.raises(ValueError, match="table ordering needs"):
        counted_search(Board(), "alphabeta", TextbookOptions(ordering="table"))
    with pytest.raises(ValueError, match="already over"):
        counted_search(Board.from_notation("xxx/oo./..."), "alphabeta", TextbookOptions())


def test_counted_search_stops_when_asked() -> None:
    result = counted_search(Board(GameConfig(4, 4, 4)), "alphabeta", TextbookOptions(), should_stop=lambda: True)
    assert result.cancelled and result.stats.nodes > 0


@pytest.mark.parametrize("board", SAMPLES[:4] + SAMPLES[-2:], ids=lambda b: b.notation())
def test_limited_values_are_the_traced_minimax_values_at_the_limit(board: Board) -> None:
    for options in ALL_OPTIONS:
        if options.ordering != "none" or options.form != "textbook":
            continue  # the values do not depend on the order or the form
        for depth in (1, 2, 3):
            value = limited_values(board, options, depth)
            assert value(()) == textbook_search(board, "minimax", options, depth).score
            for cell in board.legal_indices()[:3]:
                child = board.copy()
                child.push_index(cell)
                if child.is_game_over() or depth < 2:
                    continue
                below = textbook_search(child, "minimax", options, depth - 1).score
                if options.scoring == "distance" and abs(below) > 100:
                    continue  # a win below counts its plies from the child, not the root
                assert value((cell,), lambda: False) == -below


@pytest.mark.parametrize("board", SAMPLES[1:4], ids=lambda b: b.notation())
def test_window_switches_keep_the_value_and_trace_what_they_count(board: Board) -> None:
    plain = counted_search(board, "alphabeta", TextbookOptions())
    minimax = counted_search(board, "minimax", TextbookOptions())
    switches = [
        TextbookOptions(root_window_restart=True),
        TextbookOptions(strict_pruning=True),
        TextbookOptions(pruning=False),
        TextbookOptions(capped_window=True),
    ]
    for options in switches:
        counted = counted_search(board, "alphabeta", options)
        traced = textbook_search(board, "alphabeta", options)
        assert facts(counted) == facts(traced), options.label()
        assert counted.score == plain.score, options.label()
    assert counted_search(board, "alphabeta", switches[2]).stats.nodes == minimax.stats.nodes
    strict = counted_search(board, "alphabeta", switches[1]).stats.nodes
    assert plain.stats.nodes <= strict <= minimax.stats.nodes


def test_the_restarted_window_is_the_course_codes_30710_nodes() -> None:
    options = TextbookOptions(root_window_restart=True)
    assert counted_search(Board(), "alphabeta", options).stats.nodes == 30_710
    assert TraceSummary().consume(board_events(Board(), "alphabeta", options)).nodes == 30_710
    assert "window restarted at each root move" in options.label()
