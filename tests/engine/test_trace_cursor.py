"""Stepping a trace forward and back, and the pseudocode line of each event."""

from __future__ import annotations

import pytest

from tictactoe_qt.engine.game import Board
from tictactoe_qt.engine.players import TextbookOptions
from tictactoe_qt.engine.teaching import TraceCursor, board_events, line_for, tree_events
from tictactoe_qt.engine.teaching.trace import pseudocode

AIMA_TREE = "[[3,12,8],[2,4,6],[14,5,2]]"


def aima_cursor(keep: int = 1000) -> TraceCursor:
    return TraceCursor(lambda: tree_events(AIMA_TREE, "alphabeta"), keep=keep)


def test_steps_show_the_stream_in_order_and_end_with_none():
    expected = list(tree_events(AIMA_TREE, "alphabeta"))
    cursor = aima_cursor()
    shown = [cursor.step() for _ in expected]
    assert shown == expected
    assert cursor.step() is None and cursor.finished
    assert (cursor.summary.nodes, cursor.summary.cutoffs, cursor.summary.value) == (11, 1, 3)


@pytest.mark.parametrize("keep", [1, 3, 1000])
def test_back_undoes_one_step_at_a_time_even_past_the_kept_window(keep):
    expected = list(tree_events(AIMA_TREE, "alphabeta"))
    cursor = aima_cursor(keep)
    cursor.to_end()
    for position in range(len(expected) - 1, 0, -1):
        assert cursor.back() == expected[position - 1]
        assert cursor.position == position
        assert cursor.summary.nodes == sum(e["event"] == "enter" for e in expected[:position])
        assert not cursor.finished
    assert cursor.back() is None and cursor.position == 0 and cursor.current is None
    assert cursor.back() is None
    assert [cursor.step() for _ in expected] == expected  # and forward again


def test_step_over_runs_a_subtree_and_step_out_finishes_the_node():
    cursor = aima_cursor()
    cursor.step()  # enter the root
    entered = cursor.step()
    assert entered["event"] == "enter" and entered["path"] == [0]
    over = cursor.step_over()
    assert over["event"] == "return" and over["path"] == [0] and over["value"] == 3
    cursor.step()  # the root's alpha rises to 3
    cursor.step()  # enter [1]
    cursor.step()  # enter [1, 0]
    out = cursor.step_out()
    assert out["event"] == "return" and out["path"] == [1, 0]
    out = cursor.step_out()
    assert out["event"] == "return" and out["path"] == [1] and cursor.summary.cutoffs == 1


def test_run_to_the_next_cutoff():
    cursor = aima_cursor()
    event = cursor.run_to_cutoff()
    assert event["event"] == "cutoff" and event["pruned"] == [1, 2]
    assert cursor.run_to_cutoff()["path"] == []  # no more cut-offs: to the end


def test_to_the_end_keeps_only_a_bounded_window():
    cursor = TraceCursor(lambda: board_events(Board(), "alphabeta"), keep=500)
    last = cursor.to_end()
    assert last["event"] == "return" and last["path"] == []
    assert cursor.summary.nodes == 18_297 and cursor.position == 48_535
    assert len(cursor.recent()) == 500


def test_each_event_names_its_pseudocode_line():
    lines = pseudocode("alphabeta", "textbook")
    previous = None
    seen = []
    for event in tree_events(AIMA_TREE, "alphabeta"):
        seen.append((event["event"], lines[line_for(event, "alphabeta", "textbook", previous)]))
        previous = event
    assert ("cutoff", "    if v ≤ α then return v") in seen
    assert ("alpha", "    α ← MAX(α, v)") in seen
    assert ("beta", "    β ← MIN(β, v)") in seen
    assert seen[0] == ("enter", "function MAX-VALUE(state, α, β) returns a utility value")
    assert seen[-1] == ("return", "  return v")


def test_negamax_and_table_pseudocode_have_their_own_lines():
    negamax = pseudocode("alphabeta", "negamax")
    assert "    v ← MAX(v, −NEGAMAX(RESULT(state, a), −β, −α))" in negamax
    assert not any("β ←" in line for line in negamax)
    table = pseudocode("alphabeta-tt", "textbook")
    hit = next(e for e in board_events(Board(), "alphabeta-tt", TextbookOptions()) if e.get("table"))
    assert "TABLE settles" in table[line_for(hit, "alphabeta-tt", "textbook")]
    assert not any("α" in line for line in pseudocode("minimax", "textbook"))


def test_runs_go_in_slices_and_end_where_one_long_run_ends():
    whole = TraceCursor(lambda: board_events(Board(), "alphabeta"))
    sliced = TraceCursor(lambda: board_events(Board(), "alphabeta"))
    moves = ("step", "step", "step_over", "step", "step", "step", "step_out", "run_to_cutoff", "to_end")
    for move in moves:
        target = getattr(whole, move)()
        if move == "step":
            sliced.step()
            continue
        slices = 0
        while True:
            event = getattr(sliced, move)(budget=100)
            slices += 1
            if not sliced.paused:
                break
        assert event == target and sliced.position == whole.position, move
    assert sliced.finished and slices > 300  # the last run: over 30,000 events, 100 at a time


def test_keep_none_keeps_every_event_shown():
    cursor = TraceCursor(lambda: tree_events(AIMA_TREE, "alphabeta"), keep=None)
    cursor.to_end()
    assert cursor.recent() == list(tree_events(AIMA_TREE, "alphabeta"))
