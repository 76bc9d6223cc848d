"""Board notation: ``x.o/.x./..o`` parses, round-trips and rejects impossible boards."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tictactoe_qt.engine import InvalidConfigError, NotationError
from tictactoe_qt.engine.game import Board, GameConfig


@st.composite
def played_boards(draw: st.DrawFn) -> Board:
    """A board reached by legal play on a random size (up to 6x6, any legal k)."""
    rows = draw(st.integers(3, 6))
    cols = draw(st.integers(3, 6))
    k = draw(st.integers(3, max(rows, cols)))
    board = Board(GameConfig(rows, cols, k))
    moves = draw(st.integers(0, rows * cols))
    for _ in range(moves):
        if board.is_game_over():
            break
        legal = board.legal_indices()
        board.push_index(legal[draw(st.integers(0, len(legal) - 1))])
    return board


@given(played_boards())
def test_notation_round_trips(board: Board) -> None:
    text = board.notation()
    parsed = Board.from_notation(text, k=board.config.k)
    assert parsed.notation() == text
    assert parsed.bits == board.bits
    assert parsed.turn == board.turn
    assert parsed.status == board.status
    if board.winner():
        assert parsed.winner() == board.winner()
        assert len(parsed.winning_line()) == board.config.k


@given(played_boards())
def test_parsing_is_case_insensitive(board: Board) -> None:
    text = board.notation()
    assert Board.from_notation(text.upper(), k=board.config.k) == board


def test_notation_format() -> None:
    board = Board()
    for cell in [(0, 0), (0, 2), (1, 1), (2, 2)]:
        board.push(cell)
    assert board.notation() == "x.o/.x./..o"
    assert str(board) == "x.o/.x./..o"


def test_k_defaults_to_the_shorter_side() -> None:
    assert Board.from_notation("..../..../....").config == GameConfig(3, 4, 3)
    assert Board.from_notation("..../..../..../....").config == GameConfig(4, 4, 4)


def test_a_parsed_win_reports_its_line() -> None:
    board = Board.from_notation("xxx/oo./...")
    assert board.winner() == "x"
    assert board.turn == "o"
    assert board.is_game_over()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        # Rows and columns counted from 1, as every text for people counts them.
        ("xo./.x", "row 2 of 'xo./.x' has 2 cells but row 1 has 3"),
        ("xo./.z./...", "unknown cell 'z' at row 2, column 2 of 'xo./.z./...'; use x, o or ."),
        ("xx./.../...", "'xx./.../...' has 2 x and 0 o"),
        ("o../.../...", "'o../.../...' has 0 x and 1 o"),
        ("xxx/ooo/...", "both players have a line in 'xxx/ooo/...'"),
        ("xxx/oo./o..", "'xxx/oo./o..' has play after x won"),
        ("", "empty board string ''"),
        # One row said 'rows must be a whole number from 3 to 19, got 1'.
        ("x.o.x.o..", "'x.o.x.o..' is one row; write the rows joined by '/'"),
    ],
)
def test_impossible_notation_says_what_and_where(text: str, message: str) -> None:
    with pytest.raises(NotationError) as caught:
        Board.from_notation(text)
    assert message in str(caught.value)


def test_two_separate_lines_cannot_come_from_one_move() -> None:
    with pytest.raises(NotationError, match="play after a win"):
        Board.from_notation("xxx../oo.o./xxx../o..o.", k=3)


def test_notation_errors_are_value_errors() -> None:
    with pytest.raises(ValueError):
        Board.from_notation("x?./.../...")


@pytest.mark.parametrize("text", ["xo/ox", "x.o./...."])
def test_impossible_sizes_raise_config_errors(text: str) -> None:
    with pytest.raises((InvalidConfigError, NotationError)):
        Board.from_notation(text)


def test_k_larger_than_the_board_is_rejected() -> None:
    with pytest.raises(InvalidConfigError, match="k must be"):
        Board.from_notation(".../.../...", k=4)
