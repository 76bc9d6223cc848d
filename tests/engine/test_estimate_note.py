"""When a textbook search can rank an estimate above a real win, and the words that say so.

Textbook scoring counts a win as +1 while open-lines E(n) = M(n) - O(n) is often 2
or more: with a depth limit the search may pick an estimate over a win (as course
code that mixes the two does). The counts stay as they are; the engine only says
when this can happen, and these tests hold the rule to real searches.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import assume, given, settings

from tictactoe_qt.engine.game import Board, GameConfig, Move
from tictactoe_qt.engine.players import (
    ESTIMATE_NOTE,
    ESTIMATE_NOTE_SHORT,
    EVALUATIONS,
    SCORINGS,
    TextbookOptions,
    estimate_note,
    estimates_can_outrank_wins,
)
from tictactoe_qt.engine.teaching import counted_search

from .sample_positions import immediate_wins, open_positions

#: X to move can win at row 1, column 4, yet r2c3's E(n) = 2 beats the win's +1.
ROW_WIN = "xxx./..../..../ooo."
COLUMN_WIN = "x.../x.../x.../.ooo"


@pytest.mark.parametrize("scoring, evaluation, depth", list(itertools.product(SCORINGS, EVALUATIONS, (None, 1, 3))))
def test_only_textbook_scoring_with_open_lines_and_a_depth_limit_can(scoring, evaluation, depth):
    options = TextbookOptions(scoring=scoring, evaluation=evaluation)
    expected = scoring == "textbook" and evaluation == "open-lines" and depth is not None
    assert estimates_can_outrank_wins(options, depth) is expected
    assert estimate_note(options, depth) == (ESTIMATE_NOTE if expected else "")


def test_ordering_and_form_change_nothing():
    for ordering, form in itertools.product(("none", "centre", "wins", "table"), ("textbook", "negamax")):
        assert estimates_can_outrank_wins(TextbookOptions(ordering=ordering, form=form), 2)


def test_a_depth_limit_that_reaches_every_end_estimates_nothing():
    options = TextbookOptions()
    assert estimates_can_outrank_wins(options, 8, empty_cells=9)
    assert not estimates_can_outrank_wins(options, 9, empty_cells=9)
    assert not estimates_can_outrank_wins(options, 12, empty_cells=9)
    board = Board.from_notation("xo./.x./o..")  # 5 empty cells
    assert counted_search(board, "minimax", options, 5).exact
    assert not counted_search(board, "minimax", options, 4).exact


@pytest.mark.parametrize("notation, win", [(ROW_WIN, Move(0, 3)), (COLUMN_WIN, Move(3, 0))])
def test_where_the_rule_says_so_the_search_passes_a_win_by(notation, win):
    board = Board.from_notation(notation)
    textbook = TextbookOptions()
    assert win in immediate_wins(board)
    assert estimates_can_outrank_wins(textbook, 1, board.empty.bit_count())
    chosen = counted_search(board, "minimax", textbook, 1)
    assert chosen.move != win and chosen.score >= 2  # an estimate, above the win's +1
    for options in (TextbookOptions(scoring="distance"), TextbookOptions(evaluation="zero")):
        assert not estimates_can_outrank_wins(options, 1, board.empty.bit_count())
        assert counted_search(board, "minimax", options, 1).move in immediate_wins(board)
    # To the end nothing is estimated and the win is taken: alpha-beta with a table in
    # reading order, minimax's value and move in ~20,000 nodes instead of ~3 million.
    assert counted_search(board, "alphabeta-tt", textbook).move in immediate_wins(board)


@settings(max_examples=60, deadline=None)
@given(open_positions(GameConfig(4, 4, 3), min_ply=3))
def test_where_the_rule_says_no_a_win_at_hand_is_always_taken(board):
    wins = immediate_wins(board)
    assume(wins)
    for scoring, evaluation in itertools.product(SCORINGS, EVALUATIONS):
        options = TextbookOptions(scoring=scoring, evaluation=evaluation)
        if estimates_can_outrank_wins(options, 1, board.empty.bit_count()):
            continue
        for algorithm in ("minimax", "alphabeta"):
            assert counted_search(board, algorithm, options, 1).move in wins, options


def test_the_words_say_what_happens_and_what_to_do():
    assert "+1" in ESTIMATE_NOTE and "E(n)" in ESTIMATE_NOTE
    assert "scoring: distance" in ESTIMATE_NOTE
    assert "E(n)" in ESTIMATE_NOTE_SHORT and len(ESTIMATE_NOTE_SHORT) < 70
