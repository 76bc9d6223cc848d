"""Tree text, size estimates and the counted (untraced) search."""

from __future__ import annotations

import pytest

from tests.engine.traced_decision import textbook_search
from tictactoe_qt.engine.game import Board, GameConfig
from tictactoe_qt.engine.players import OptionsError, TextbookOptions
from tictactoe_qt.engine.teaching import (
    MAX_TREE_CHARS,
    MAX_TREE_DEPTH,
    TraceSummary,
    TraceTooLarge,
    TreeTextError,
    board_events,
    board_space,
    check_size,
    minimax_size,
    parse_tree,
    trace_events,
    tree_events,
    tree_space,
)
from tictactoe_qt.engine.teaching.trace import size
from tictactoe_qt.engine.teaching.tree_counts import walk_levels


def test_a_tree_parses_with_mixed_depths_and_numbers():
    assert parse_tree(" [[3, -1.5], 4, [[2]]] ") == [[3, -1.5], 4, [[2]]]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "the tree is empty"),
        ("7", "the tree must be a list"),
        ("[[3,12,8],[2,4,6],[14,5,]]", "the tree is not a nested list of numbers: "),
        ("[[3,12],[]]", "node at 2 (children counted from 1) is an empty list"),
        ('[[3,"a"]]', 'node at 1 > 2 (children counted from 1) is "a"'),
        ("[[true]]", "is true; use numbers and lists only"),
        ("[NaN]", "leaves must be finite numbers"),
        ("[" * (MAX_TREE_DEPTH + 1) + "1" + "]" * (MAX_TREE_DEPTH + 1), "nested deeper than"),
        ("[" + "1," * MAX_TREE_CHARS + "1]", "characters; at most"),
    ],
)
def test_bad_trees_are_one_line_errors_with_an_excerpt(text, message):
    with pytest.raises(TreeTextError) as error:
        parse_tree(text)
    assert message in str(error.value)
    assert "\n" not in str(error.value) and len(str(error.value)) < 160


def test_trees_refuse_board_only_options():
    with pytest.raises(OptionsError, match="left to right"):
        tree_space("[[1,2]]", "alphabeta", TextbookOptions(ordering="centre"))
    with pytest.raises(OptionsError, match="alphabeta-tt"):
        tree_space("[[1,2]]", "alphabeta-tt", TextbookOptions())


def test_minimax_size_is_exact_on_the_empty_board():
    space = board_space(Board(), "minimax", TextbookOptions())
    assert minimax_size(space, 10_000) == (549_946, 255_168)
    assert minimax_size(space, 100) is None


def test_plain_minimax_from_the_empty_board_is_refused_with_its_exact_size():
    space = board_space(Board(), "minimax", TextbookOptions())
    with pytest.raises(
        TraceTooLarge,
        match=r"exactly 1,355,060 events, more than the limit of "
        r"1,000,000",
    ):
        check_size(space, "minimax", lambda: trace_events(space, "minimax", TextbookOptions()))
    assert check_size(space, "minimax", lambda: iter(()), limit=1_355_060).events == 1_355_060


def test_alphabeta_size_is_counted_when_no_bound_settles_it():
    options = TextbookOptions()
    space = board_space(Board(), "alphabeta", options)
    events = sum(1 for _ in board_events(Board(), "alphabeta", options))
    estimate = check_size(space, "alphabeta", lambda: trace_events(space, "alphabeta", options), limit=events)
    assert estimate.exact and estimate.events == events
    with pytest.raises(TraceTooLarge, match=f"more than {events - 1:,} events"):
        check_size(space, "alphabeta", lambda: trace_events(space, "alphabeta", options), limit=events - 1)


def test_a_hopeless_board_is_refused_without_walking_it():
    space = board_space(Board(GameConfig(5, 5, 4)), "alphabeta", TextbookOptions())
    with pytest.raises(TraceTooLarge, match=r"up to about [0-9.]+e\+\d+ events"):
        check_size(space, "alphabeta", lambda: pytest.fail("walked"), limit=1000)


def test_a_board_whose_first_plies_pass_the_budget_is_refused_before_the_tree_counter_walks(monkeypatch):
    """20x20 k=5: the first nine plies alone hold some 10^19 positions, so counting
    half a million of them first (seconds of work) cannot change the answer."""
    monkeypatch.setattr(size, "walk_levels", lambda *args, **kwargs: pytest.fail("walked"))
    for algorithm in ("minimax", "alphabeta"):
        space = board_space(Board(GameConfig(20, 20, 5)), algorithm, TextbookOptions())
        with pytest.raises(TraceTooLarge, match=r"up to about [0-9.]+e\+869 events"):
            check_size(space, algorithm, lambda: pytest.fail("streamed"))
        assert minimax_size(space, 500_001) is None


@pytest.mark.parametrize(
    "notation, k, depth",
    [
        (".../.../...", None, None),
        ("..../..../..../....", 3, None),
        ("..../..../..../....", 4, 5),
        ("x..o/..../..../....", 4, 6),
    ],
)
@pytest.mark.parametrize("budget", [300, 3_000, 30_000])
def test_minimax_size_refuses_only_what_the_tree_counter_would(notation, k, depth, budget):
    board = Board.from_notation(notation, k)
    space = board_space(board, "minimax", TextbookOptions(), depth)
    walk = walk_levels(space.geometry, space.root[0], space.root[1], True, max_depth=depth, max_positions=budget)
    sizes = minimax_size(space, budget)
    assert (sizes is None) == walk.truncated
    if sizes is not None:
        assert sizes == (sum(walk.nodes_per_depth), sum(walk.games_ending_per_depth) + walk.open_at_limit)


def test_small_traces_pass_on_a_bound():
    space = tree_space("[[3,12,8],[2,4,6],[14,5,2]]", "alphabeta", TextbookOptions())
    estimate = check_size(space, "alphabeta", lambda: tree_events("[[3,12,8],[2,4,6],[14,5,2]]", "alphabeta"))
    assert estimate.events >= 35  # the real stream's length is within the bound


def test_textbook_search_reports_the_trace_counts_and_result():
    board = Board.from_notation("xx./.../..o")
    for options in (
        TextbookOptions(),
        TextbookOptions(scoring="distance", form="negamax"),
        TextbookOptions(ordering="centre"),
    ):
        result = textbook_search(board, "alphabeta", options)
        summary = TraceSummary().consume(board_events(board, "alphabeta", options))
        assert (result.stats.nodes, result.stats.cutoffs) == (summary.nodes, summary.cutoffs)
        assert [result.move.row, result.move.col] == summary.best == [0, 2]
        assert result.exact and result.result == "o"
    assert textbook_search(board, "alphabeta", TextbookOptions(scoring="distance")).plies == 5


def test_textbook_search_stops_when_asked():
    result = textbook_search(Board(), "minimax", TextbookOptions(), should_stop=lambda: True)
    assert result.cancelled and not result.exact
