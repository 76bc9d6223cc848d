"""The event stream: its shape, its invariants, textbook trees, orderings and laziness."""

from __future__ import annotations

import json
import tracemalloc

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tictactoe_qt.engine.game import Board, GameConfig
from tictactoe_qt.engine.players import OptionsError, TextbookOptions
from tictactoe_qt.engine.teaching import TraceSummary, board_events, tree_events

from .sample_positions import board_from

AIMA_TREE = "[[3,12,8],[2,4,6],[14,5,2]]"


def check_invariants(events: list[dict], pruning: bool) -> None:
    """Enter/return nest like calls, cut-offs prune something unvisited, windows stay open."""
    stack: list[list] = []
    visited_children: dict[tuple, list] = {}
    for event in events:
        path = event["path"]
        assert event["depth"] == len(path)
        kind = event["event"]
        if kind == "enter":
            assert path[:-1] == (stack[-1] if stack else [])
            stack.append(path)
            visited_children.setdefault(json.dumps(path[:-1]), []).append(path[-1:])
        else:
            assert stack and stack[-1] == path, event
            if kind == "return":
                stack.pop()
        if pruning:
            assert "alpha" in event and "beta" in event
            if kind != "cutoff":
                assert event["alpha"] < event["beta"], event
        else:
            assert kind in ("enter", "leaf", "return")
        if kind == "cutoff":
            assert event["pruned"], event
            seen = visited_children.get(json.dumps(path), [])
            assert not any([step] in seen for step in event["pruned"])
    assert stack == []
    assert events[-1]["event"] == "return" and events[-1]["path"] == []


def test_the_aima_tree_is_worth_3_and_prunes_4_and_6():
    events = list(tree_events(AIMA_TREE, "alphabeta"))
    check_invariants(events, pruning=True)
    cutoffs = [e for e in events if e["event"] == "cutoff"]
    assert [(c["path"], c["pruned"]) for c in cutoffs] == [([1], [1, 2])]
    assert cutoffs[0]["value"] == 2 and cutoffs[0]["alpha"] == 3
    summary = TraceSummary().consume(events)
    assert summary.as_dict() == {"summary": True, "value": 3, "best": 0, "nodes": 11, "cutoffs": 1}
    leaves = [e["value"] for e in events if e["event"] == "leaf"]
    assert leaves == [3, 12, 8, 2, 14, 5, 2]
    minimax = TraceSummary().consume(tree_events(AIMA_TREE, "minimax"))
    assert (minimax.value, minimax.nodes) == (3, 13)


def test_the_root_widens_alpha_and_min_nodes_lower_beta():
    events = list(tree_events(AIMA_TREE, "alphabeta"))
    assert {"event": "alpha", "path": [], "depth": 0, "value": 3, "alpha": 3, "beta": float("inf")} in events
    betas = [(e["path"], e["beta"]) for e in events if e["event"] == "beta"]
    assert betas == [([0], 3), ([2], 14), ([2], 5)]


def test_negamax_form_reports_values_from_the_side_to_move():
    events = list(tree_events(AIMA_TREE, "alphabeta", TextbookOptions(form="negamax")))
    check_invariants(events, pruning=True)
    returns = {json.dumps(e["path"]): e["value"] for e in events if e["event"] == "return"}
    assert returns["[]"] == 3 and returns["[0]"] == -3 and returns["[0, 1]"] == 12


@pytest.mark.parametrize("algorithm", ["minimax", "alphabeta", "alphabeta-tt"])
@pytest.mark.parametrize("form", ["textbook", "negamax"])
def test_invariants_hold_on_board_traces(algorithm, form):
    for notation, depth in (("x../.o./...", None), (".../.../...", 2), ("xo./.x./...", None)):
        options = TextbookOptions(form=form)
        events = list(board_events(Board.from_notation(notation), algorithm, options, depth))
        check_invariants(events, pruning=algorithm != "minimax")


@settings(max_examples=25, deadline=None)
@given(
    st.lists(st.integers(0, 15), max_size=16),
    st.sampled_from(["none", "centre", "wins"]),
    st.sampled_from(["textbook", "distance"]),
    st.integers(1, 4),
)
def test_invariants_hold_on_random_4x4_positions(cells, ordering, scoring, depth):
    board = board_from(cells, GameConfig(4, 4, 3))
    if board.is_game_over():
        return
    options = TextbookOptions(ordering=ordering, scoring=scoring)
    events = list(board_events(board, "alphabeta", options, depth))
    check_invariants(events, pruning=True)
    minimax = TraceSummary().consume(board_events(board, "minimax", options, depth))
    assert TraceSummary().consume(events).value == minimax.value


@settings(max_examples=40, deadline=None)
@given(
    st.recursive(st.integers(-9, 9), lambda kids: st.lists(kids, min_size=1, max_size=3), max_leaves=30).filter(
        lambda tree: isinstance(tree, list)
    )
)
def test_alphabeta_on_any_tree_finds_the_minimax_value(tree):
    text = json.dumps(tree)
    for form in ("textbook", "negamax"):
        events = list(tree_events(text, "alphabeta", TextbookOptions(form=form)))
        check_invariants(events, pruning=True)
        minimax = TraceSummary().consume(tree_events(text, "minimax"))
        assert TraceSummary().consume(events).value == minimax.value


def test_orderings_choose_the_first_child():
    def first_child(notation: str, ordering: str) -> list[int]:
        events = board_events(Board.from_notation(notation), "alphabeta", TextbookOptions(ordering=ordering))
        return [e for e in events if e["event"] == "enter" and e["depth"] == 1][0]["path"][0]

    assert first_child(".../.../...", "none") == [0, 0]
    assert first_child(".../.../...", "centre") == [1, 1]
    assert first_child("xx./.../..o", "wins") == [0, 2]  # O blocks X's row
    assert first_child("xx./oo./x..", "wins") == [1, 2]  # O's own win comes before the block


def test_depth_limited_leaves_are_evaluations():
    events = board_events(Board(), "alphabeta", TextbookOptions(), depth=1)
    leaves = [e for e in events if e["event"] == "leaf"]
    assert {e["kind"] for e in leaves} == {"evaluation"}
    assert max(e["value"] for e in leaves) == 4  # X in the centre: E(n) = 8 - 4


def test_events_are_produced_lazily():
    """Minimax's stream of the empty board (549,946 nodes) passes through a few kilobytes:
    nothing is kept. 50,000 events are enough to tell: keeping each event would take
    over 10 MB, and a lazy stream's peak (under 10 kB) does not grow with the count."""
    stream = board_events(Board(), "minimax")
    first = next(stream)
    assert first == {"event": "enter", "path": [], "depth": 0}
    tracemalloc.start()
    try:
        count = sum(1 for _ in zip(range(50_000), stream))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert count == 50_000
    assert peak < 1_000_000


def test_events_are_json_ready():
    for event in board_events(Board.from_notation("xo./.x./..."), "alphabeta-tt"):
        assert json.loads(json.dumps(event)) == event


def test_options_parse_with_one_line_errors():
    assert TextbookOptions.parse(" Centre ", "DISTANCE", None, "negamax") == TextbookOptions(
        ordering="centre", scoring="distance", form="negamax"
    )
    with pytest.raises(OptionsError, match=r"unknown ordering 'sideways'; choose from none"):
        TextbookOptions.parse(ordering="sideways")
    with pytest.raises(OptionsError, match="needs a transposition table"):
        list(board_events(Board(), "alphabeta", TextbookOptions(ordering="table")))
    with pytest.raises(OptionsError, match="unknown algorithm"):
        list(board_events(Board(), "expectimax"))
    long = "x" * 500
    with pytest.raises(OptionsError) as error:
        TextbookOptions.parse(form=long)
    assert len(str(error.value)) < 120 and "\n" not in str(error.value)


def test_options_label_every_setting():
    label = TextbookOptions().label()
    assert label == "ordering none, scoring textbook, evaluation open-lines, form textbook"
