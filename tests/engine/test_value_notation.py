"""One notation for values: long forms for the tree and tooltips, short forms for badges."""

from __future__ import annotations

import pytest

from tictactoe_qt.engine import MATE_THRESHOLD, WIN_SCORE
from tictactoe_qt.engine.analysis import MoveValue, analyze
from tictactoe_qt.engine.game import O_FIRST, Board, Move
from tictactoe_qt.engine.teaching import NodeValue
from tictactoe_qt.engine.text import (
    BOARD_NAMES,
    SideNames,
    compact_score,
    forced_outcome,
    heuristic_badge,
    heuristic_text,
    outcome_badge,
    outcome_text,
)


@pytest.mark.parametrize(
    ("result", "plies", "long", "short"),
    [
        ("o", 6, "O wins in 6 plies", "O6"),
        ("x", 1, "X wins in 1 ply", "X1"),
        ("draw", 9, "draw in 9 plies", "D"),
        (None, None, "unknown: not searched in the time budget", "?"),
    ],
)
def test_short_form_abbreviates_the_long_form(result, plies, long, short) -> None:
    assert outcome_text(result, plies) == long
    assert outcome_badge(result, plies) == short


def test_heuristic_scores_name_the_side_and_the_depth() -> None:
    assert heuristic_text(1234, "x", 4) == "+1234 for X (heuristic, depth 4)"
    assert heuristic_badge(1234, "x") == compact_score(1234) == "+1.2k"
    assert compact_score(-3) == "-3" and compact_score(0) == "0"


@pytest.mark.parametrize(
    ("score", "viewer", "long", "short"),
    [
        (WIN_SCORE - 7, "o", "O wins in 7 plies against every reply searched (depth 13)", "O7"),
        (-(WIN_SCORE - 4), "o", "X wins in 4 plies against every reply searched (depth 13)", "X4"),
        (WIN_SCORE - 1, "x", "X wins in 1 ply against every reply searched (depth 13)", "X1"),
        (
            -MATE_THRESHOLD,
            "x",
            f"O wins in {WIN_SCORE - MATE_THRESHOLD} plies against every reply searched (depth 13)",
            f"O{WIN_SCORE - MATE_THRESHOLD}",
        ),
    ],
)
def test_a_score_beyond_the_mate_threshold_is_written_as_the_forced_win_it_is(score, viewer, long, short) -> None:
    # A search that is not exact as a whole still proves these: never "+1e+09" or "+1000.0M".
    assert heuristic_text(score, viewer, 13) == long
    assert heuristic_badge(score, viewer) == short
    assert forced_outcome(score, viewer) == (long[0].lower(), int(short[1:]))


def test_a_score_just_inside_the_mate_threshold_stays_a_heuristic_number() -> None:
    score = MATE_THRESHOLD - 1
    assert forced_outcome(score, "x") is None
    assert heuristic_text(score, "x", 5) == f"{score:+g} for X (heuristic, depth 5)"
    assert heuristic_badge(-score, "o") == compact_score(-score) == "-1000.0M"


def test_forced_wins_name_the_players_as_the_seating_says() -> None:
    o_first = SideNames.of(O_FIRST)
    # The board's "x" is O's player when O moves first.
    assert heuristic_badge(WIN_SCORE - 9, "x", o_first) == "O9"
    assert heuristic_text(-(WIN_SCORE - 2), "x", None, o_first) == "X wins in 2 plies against every reply searched"


def test_a_move_label_writes_a_forced_win_from_a_search_that_is_not_exact() -> None:
    value = MoveValue(Move(0, 0), None, None, WIN_SCORE - 7, False, "o", depth=13)
    assert value.label == "O7"
    assert MoveValue(Move(0, 0), None, None, 1234, False, "o", depth=13).label == "+1.2k"


def test_a_move_label_counts_the_move_and_names_the_winner() -> None:
    board = Board.from_notation("xx./oo./...")
    labels = {(v.move.row, v.move.col): v.label for v in analyze(board).moves}
    # X to move: (0,2) wins at once; (2,0) lets O win with its next move.
    assert labels[(0, 2)] == "X1" and labels[(2, 0)] == "O2" and labels[(1, 2)] == "D"


def test_texts_name_the_player_of_each_board_side_as_the_seating_and_marks_say() -> None:
    o_first = SideNames.of(O_FIRST)
    # The board's "x" (its first mover) is O's player when O moves first.
    assert outcome_text("x", 6, o_first) == "O wins in 6 plies"
    assert outcome_badge("o", 1, o_first) == "X1"
    assert heuristic_text(12, "x", 3, o_first) == "+12 for O (heuristic, depth 3)"
    assert NodeValue(WIN_SCORE - 3, True, "x").text(o_first) == "O wins in 3"
    assert (o_first.mark("x"), o_first.mark_of_side(1), o_first.name_of_side(0)) == ("o", "x", "O")
    marks = SideNames.of(O_FIRST, {"x": "\N{DOG FACE}", "o": "B"})
    assert outcome_badge("x", 4, marks) == "B4" and outcome_text("o", 2, marks) == ("\N{DOG FACE} wins in 2 plies")
    # The default is the board's own naming, as the command line shows it.
    assert outcome_badge("x", 3, BOARD_NAMES) == outcome_badge("x", 3) == "X3"
