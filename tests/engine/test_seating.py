"""The one mapping between marks (the players the user chose) and the board's sides."""

from __future__ import annotations

import pytest

from tictactoe_qt.engine.game import O_FIRST, X_FIRST, Board, GameConfig, Move, Seating


def test_x_first_is_the_boards_own_naming():
    assert [X_FIRST.mark_of_side(s) for s in (0, 1)] == ["x", "o"]
    assert X_FIRST.mark_of("x") == "x" and X_FIRST.mark_of(None) is None
    assert X_FIRST.plies("x") == slice(0, None, 2)


def test_o_first_plays_the_boards_first_side():
    board = Board(GameConfig(3, 3, 3))
    for cell in (0, 3, 1, 4, 2):  # the first mover completes the top row
        board.push(Move.from_index(cell, 3))
    assert board.winner() == "x"  # the board calls its first mover "x"
    assert O_FIRST.mark_of(board.winner()) == "o"
    assert O_FIRST.board_mark("o") == "x" and O_FIRST.side_of("o") == 0
    assert [O_FIRST.mark_of_side(s) for s in (0, 1)] == ["o", "x"]
    per_ply = ("o1", "x1", "o2", "x2", "o3")
    assert per_ply[O_FIRST.plies("o")] == ("o1", "o2", "o3")
    assert (O_FIRST.moves("o", 5), O_FIRST.moves("x", 5)) == (3, 2)
    assert O_FIRST.in_play_order("X's", "O's") == ("O's", "X's")
    assert O_FIRST.by_mark("first", "second") == ("second", "first")


@pytest.mark.parametrize("first", ["x", "o"])
def test_swap_alternates_from_the_chosen_first_mover(first):
    starters = [Seating.of_game(first, True, i).first for i in range(4)]
    other = "o" if first == "x" else "x"
    assert starters == [first, other, first, other]
    assert {Seating.of_game(first, False, i).first for i in range(4)} == {first}


def test_only_marks_can_move_first():
    with pytest.raises(ValueError, match="'x' or 'o'"):
        Seating("z")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="got 'X'"):
        Seating.of("X")
