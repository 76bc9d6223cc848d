"""The stepper's shown tree (plain Python): exact on small traces, bounded on long ones,
and Back restores it exactly."""

from __future__ import annotations

from tictactoe_qt.engine.game import Board
from tictactoe_qt.engine.players import TextbookOptions
from tictactoe_qt.engine.teaching import board_events, counted_search, tree_events
from tictactoe_qt.gui.stepper.session import StepperSession
from tictactoe_qt.gui.stepper.trace_tree import PRUNED, TraceTree


def snapshot(tree: TraceTree) -> dict:
    return {
        key: (node.state, node.value, node.alpha, node.beta, tuple(node.children)) for key, node in tree.nodes.items()
    }


def test_aima_tree_nodes_values_and_prunes():
    tree = TraceTree()
    for event in tree_events("[[3,12,8],[2,4,6],[14,5,2]]", "alphabeta"):
        tree.apply(event)
    assert tree.root.value == 3
    assert tree.node((1, 1)).state == PRUNED and tree.node((1, 2)).state == PRUNED
    assert tree.node((1, 1)).cut_by == "α = 3"
    assert "remaining 2 moves are pruned" in tree.node((1, 2)).cut_note
    assert len(tree.nodes) == 13


def test_back_restores_the_tree_exactly_at_every_step():
    board = Board.from_notation("x../.o./...")
    session = StepperSession(lambda: board_events(board, "alphabeta"), negamax=False, tree_limit=40)
    seen = [snapshot(session.tree)]
    while session.step() is not None:
        seen.append(snapshot(session.tree))
    for expected in reversed(seen[:-1]):
        session.back()
        assert snapshot(session.tree) == expected


def test_long_traces_keep_a_bounded_tree():
    # X in the centre: about 2,300 alpha-beta nodes, several times the bound below, so a
    # tree that kept them all would show (the empty board's 18,297 cost 8 times the steps).
    board = Board.from_notation(".../.x./...")
    session = StepperSession(lambda: board_events(board, "alphabeta"), negamax=False, tree_limit=100)
    largest = 0
    while session.step() is not None:
        largest = max(largest, len(session.tree.nodes))
    # The limit, plus along the path each open node's children with theirs (sum of b*b).
    bound = 100 + sum(b * b for b in range(1, board.empty.bit_count() + 1))
    nodes = counted_search(board, "alphabeta", TextbookOptions()).stats.nodes
    assert largest <= bound < nodes // 4
    assert session.summary()["nodes"] == nodes


def test_back_past_the_kept_window_replays():
    session = StepperSession(lambda: tree_events("[[3,12,8],[2,4,6],[14,5,2]]", "alphabeta"), negamax=False, keep=4)
    events = [session.step() for _ in range(10)]
    for index in range(9, 0, -1):
        assert session.back() == events[index - 1]
    assert snapshot(session.tree) == snapshot(_tree_after(events[:1]))


def _tree_after(events):
    tree = TraceTree()
    for event in events:
        tree.apply(event)
    return tree
