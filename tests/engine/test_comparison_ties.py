"""Compare says when its rows chose different moves among equally good ones, and why."""

from __future__ import annotations

import dataclasses

import pytest

from tictactoe_qt.engine.analysis import VARIANTS, ComparisonRow, compare, find_ties, tie_order
from tictactoe_qt.engine.game import Board, Move, move_text
from tictactoe_qt.engine.players import TextbookOptions
from tictactoe_qt.engine.teaching import ORDERING_TIES, READING_ORDER, ties_text


@pytest.fixture(scope="module", params=["centre", "none"])
def empty_board_rows(request: pytest.FixtureRequest) -> list[ComparisonRow]:
    # Without plain minimax's 549,946 nodes: it tries the moves in the order the other
    # textbook rows with these options do, so it picks their move; every order of a row
    # is still here, and the rows still disagree.
    variants = tuple(variant for variant in VARIANTS if variant.key != "minimax")
    return list(compare(Board(), options=TextbookOptions(ordering=request.param), variants=variants))


def test_rows_that_pick_different_draws_on_the_empty_board_are_explained(empty_board_rows: list[ComparisonRow]) -> None:
    moves = {row.result.move for row in empty_board_rows if row.result is not None}
    assert len(moves) > 1  # the premise: the rows disagree on the move
    ties = find_ties(Board(), empty_board_rows)
    assert ties is not None
    # Every move of the empty 3x3 board draws.
    assert ties.equal == ties.legal == len(Board().legal_moves())
    text = ties.text()
    assert text.startswith(f"All {ties.legal} moves are equally good here (a draw)")
    ran = [row for row in empty_board_rows if row.result is not None]
    assert [title for title, _, _ in ties.picks] == [row.title for row in ran]
    for row, (_, order, move) in zip(ran, ties.picks, strict=True):
        assert move == row.result.move  # type: ignore[union-attr]
        assert order == tie_order(row)
        assert move_text(move) in text and order in text


def test_the_textbook_rows_name_the_order_they_ran_with(empty_board_rows: list[ComparisonRow]) -> None:
    baseline = next(row for row in empty_board_rows if row.variant.key == "alphabeta")
    assert tie_order(baseline) == READING_ORDER  # the reading-order baseline, always
    for row in empty_board_rows:
        if row.options is not None:
            assert tie_order(row) == ORDERING_TIES[row.options.ordering]


def test_rows_that_agree_need_no_tie_note() -> None:
    board = Board.from_notation("xx./oo./...")  # X wins at once, one way only
    rows = list(compare(board))
    assert {row.result.move for row in rows if row.result is not None} == {Move(0, 2)}
    assert find_ties(board, rows) is None


def test_a_row_that_picks_a_worse_move_is_no_tie() -> None:
    board = Board.from_notation("xx./oo./...")
    rows = list(compare(board))
    assert rows[0].result is not None
    worse = dataclasses.replace(rows[0].result, move=Move(2, 2))  # lets O win
    rows[0] = dataclasses.replace(rows[0], result=worse)
    assert find_ties(board, rows) is None


def test_depth_limited_rows_are_no_tie() -> None:
    rows = list(compare(Board(), depth=2))
    assert find_ties(Board(), rows) is None


def test_the_move_most_rows_chose_is_named_last_as_the_others() -> None:
    picks = [
        ("Minimax", READING_ORDER, "row 1, column 1"),
        ("Alpha-beta", READING_ORDER, "row 1, column 1"),
        ("Engine", "centre-first order", "row 2, column 2"),
    ]
    text = ties_text(9, 9, "draw", picks)
    assert text.endswith("Engine row 2, column 2 (centre-first order); the others row 1, column 1 (reading order).")
    assert ties_text(3, 5, "X wins in 5", picks[1:]).startswith("3 of the 5 moves are equally good here (X wins in 5)")
