"""Traced searches visit exactly what textbook code visits.

The reference below is written from the textbook (AIMA's ALPHA-BETA-SEARCH with
MAX-VALUE and MIN-VALUE) on a plain list of nine characters, in reading order,
scoring +1/0/-1. It shares no code with the engine.
"""

from __future__ import annotations

import pytest

from tictactoe_qt.engine.game import Board
from tictactoe_qt.engine.players import TextbookOptions
from tictactoe_qt.engine.search import alphabeta_search, minimax_search
from tictactoe_qt.engine.teaching import TraceSummary, board_events

from .sample_positions import reachable_open_positions

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
TEXTBOOK = TextbookOptions(ordering="none", scoring="textbook", form="textbook")


class ReadingOrderAlphaBeta:
    """AIMA alpha-beta over a 3x3 board string, counting every MAX-VALUE/MIN-VALUE call."""

    def __init__(self, cells: str) -> None:
        self.cells = list(cells)
        self.max_mark = "x" if cells.count("x") == cells.count("o") else "o"
        self.min_mark = "o" if self.max_mark == "x" else "x"
        self.nodes = 0
        self.cutoffs = 0

    def utility(self) -> int | None:
        for a, b, c in LINES:
            if self.cells[a] != "." and self.cells[a] == self.cells[b] == self.cells[c]:
                return 1 if self.cells[a] == self.max_mark else -1
        return 0 if "." not in self.cells else None

    def actions(self) -> list[int]:
        return [i for i, cell in enumerate(self.cells) if cell == "."]

    def max_value(self, alpha: float, beta: float) -> float:
        self.nodes += 1
        utility = self.utility()
        if utility is not None:
            return utility
        v = float("-inf")
        actions = self.actions()
        for number, a in enumerate(actions):
            self.cells[a] = self.max_mark
            v = max(v, self.min_value(alpha, beta))
            self.cells[a] = "."
            if v >= beta:
                self.cutoffs += number + 1 < len(actions)
                return v
            alpha = max(alpha, v)
        return v

    def min_value(self, alpha: float, beta: float) -> float:
        self.nodes += 1
        utility = self.utility()
        if utility is not None:
            return utility
        v = float("inf")
        actions = self.actions()
        for number, a in enumerate(actions):
            self.cells[a] = self.min_mark
            v = min(v, self.max_value(alpha, beta))
            self.cells[a] = "."
            if v <= alpha:
                self.cutoffs += number + 1 < len(actions)
                return v
            beta = min(beta, v)
        return v


def reference(notation: str) -> ReadingOrderAlphaBeta:
    search = ReadingOrderAlphaBeta(notation.replace("/", ""))
    search.value = search.max_value(float("-inf"), float("inf"))  # type: ignore[attr-defined]
    return search


def traced(
    board: Board, algorithm: str = "alphabeta", options: TextbookOptions = TEXTBOOK, depth: int | None = None
) -> TraceSummary:
    return TraceSummary().consume(board_events(board, algorithm, options, depth))


def test_empty_board_alphabeta_visits_the_textbook_18297_nodes():
    expected = reference(".../.../...")
    summary = traced(Board())
    assert expected.nodes == 18_297  # OpenSpiel's count for its reading-order alpha-beta
    assert summary.nodes == expected.nodes
    assert summary.cutoffs == expected.cutoffs
    assert summary.value == expected.value == 0


def test_every_open_3x3_position_matches_the_textbook_implementation():
    for board in reachable_open_positions():
        expected = reference(board.notation())
        summary = traced(board)
        assert (summary.nodes, summary.cutoffs, summary.value) == (expected.nodes, expected.cutoffs, expected.value), (
            board.notation()
        )


def test_negamax_form_visits_the_same_nodes_as_the_textbook_form():
    for notation in (".../.../...", "x../.o./...", "xx./.../..o"):
        board = Board.from_notation(notation)
        textbook = traced(board)
        negamax = traced(board, options=TextbookOptions(form="negamax"))
        assert (negamax.nodes, negamax.cutoffs, negamax.value, negamax.best) == (
            textbook.nodes,
            textbook.cutoffs,
            textbook.value,
            textbook.best,
        )


def test_plain_minimax_from_the_empty_board_streams_549946_nodes():
    summary = traced(Board(), "minimax")
    assert summary.nodes == 549_946
    assert summary.value == 0 and summary.cutoffs == 0
    # enter and return per node, and a leaf event for each of the 255,168 games
    assert summary.events == 2 * 549_946 + 255_168


@pytest.mark.parametrize(
    ("notation", "k", "depth"),
    [
        (".../.../...", None, None),
        ("xx./.../..o", None, None),
        (".../.x./...", None, 2),
        ("x.../.o../..../....", 3, 4),
        ("...../...../...../...../.....", 4, 3),
    ],
)
def test_negamax_with_distance_scores_counts_what_the_engine_counts(notation, k, depth):
    """Reading order and the engine's scores: the engine's own alpha-beta and minimax."""
    board = Board.from_notation(notation, k)
    options = TextbookOptions(ordering="none", scoring="distance", form="negamax")
    engine = alphabeta_search(board, depth, ordering="none", capped_window=False)
    summary = traced(board, options=options, depth=depth)
    assert (summary.nodes, summary.cutoffs, summary.value) == (engine.stats.nodes, engine.stats.cutoffs, engine.score)
    assert summary.best == [engine.move.row, engine.move.col]
    # Minimax to the end below the empty board only: the scores and form change no
    # minimax count, and the empty board's 549,946-node stream is traced once, below.
    if depth is not None or board.empty.bit_count() < 9:
        plain = minimax_search(board, depth)
        assert traced(board, "minimax", options, depth).nodes == plain.stats.nodes


def test_distance_scoring_prunes_less_than_textbook_scoring_on_the_empty_board():
    """Telling a quick win from a slow one leaves fewer values equal to a bound."""
    assert traced(Board(), options=TextbookOptions(scoring="distance")).nodes == 20_866


def test_a_transposition_table_gives_the_same_value_with_fewer_nodes():
    for notation in (".../.../...", "x../.o./...", "xx./.../..o"):
        board = Board.from_notation(notation)
        plain = traced(board)
        for ordering in ("none", "table"):
            with_table = traced(board, "alphabeta-tt", TextbookOptions(ordering=ordering))
            assert with_table.value == plain.value
            assert with_table.nodes < plain.nodes


def test_depth_limited_values_are_the_depth_limited_minimax_values():
    board = Board.from_notation(".../.x./...")
    for evaluation in ("zero", "open-lines"):
        options = TextbookOptions(evaluation=evaluation)
        minimax = traced(board, "minimax", options, depth=2)
        alphabeta = traced(board, "alphabeta", options, depth=2)
        assert alphabeta.value == minimax.value
    # O to move after X's centre: every O reply leaves X ahead on open lines
    assert traced(board, "minimax", TextbookOptions(), depth=2).value < 0
    assert traced(board, "minimax", TextbookOptions(evaluation="zero"), depth=2).value == 0
