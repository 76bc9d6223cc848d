"""The rules of m,n,k-games: wins in every direction, draws, legal moves and errors."""

from __future__ import annotations

import pytest

from tictactoe_qt.engine import IllegalMoveError, InvalidConfigError
from tictactoe_qt.engine.game import MAX_SIZE, Board, GameConfig, Move


def play(board: Board, *cells: tuple[int, int]) -> Board:
    for cell in cells:
        board.push(cell)
    return board


def x_line_game(config: GameConfig, line: list[tuple[int, int]]) -> Board:
    """X plays ``line`` in order; O answers on the first free cells far from it."""
    board = Board(config)
    spare = [(r, c) for r in range(config.rows) for c in range(config.cols) if (r, c) not in line]
    # O takes cells in the reverse of row-major order: away from the lines tested.
    spare.reverse()
    for step, cell in enumerate(line):
        board.push(cell)
        if step < len(line) - 1:
            board.push(next(s for s in spare if board.mark_at(*s) is None))
    return board


@pytest.mark.parametrize(
    ("name", "line"),
    [
        ("row", [(0, 0), (0, 1), (0, 2)]),
        ("column", [(0, 0), (1, 0), (2, 0)]),
        ("diagonal", [(0, 0), (1, 1), (2, 2)]),
        ("anti-diagonal", [(0, 2), (1, 1), (2, 0)]),
    ],
)
def test_three_in_a_row_wins_in_every_direction(name: str, line: list[tuple[int, int]]) -> None:
    board = x_line_game(GameConfig(), line)
    assert board.winner() == "x", name
    assert set(board.winning_line()) == {Move(*cell) for cell in line}
    assert board.status == "x_won"
    assert board.is_game_over()
    assert board.legal_moves() == []


@pytest.mark.parametrize(
    ("rows", "cols", "k", "line"),
    [
        (3, 5, 3, [(1, 2), (1, 3), (1, 4)]),
        (5, 3, 3, [(2, 0), (3, 0), (4, 0)]),
        (4, 6, 4, [(0, 2), (1, 3), (2, 4), (3, 5)]),
        (6, 4, 4, [(2, 3), (3, 2), (4, 1), (5, 0)]),
        (3, 7, 5, [(2, 1), (2, 2), (2, 3), (2, 4), (2, 5)]),
    ],
)
def test_wins_on_rectangular_boards(rows: int, cols: int, k: int, line: list[tuple[int, int]]) -> None:
    board = x_line_game(GameConfig(rows, cols, k), line)
    assert board.winner() == "x"
    assert set(board.winning_line()) == {Move(*cell) for cell in line}


def test_k_smaller_than_the_board_wins_with_k_marks() -> None:
    board = x_line_game(GameConfig(5, 5, 3), [(2, 1), (2, 2), (2, 3)])
    assert board.winner() == "x"
    assert len(board.winning_line()) == 3


def test_k_minus_one_in_a_row_is_not_a_win() -> None:
    board = Board(GameConfig(5, 5, 4))
    play(board, (2, 0), (0, 0), (2, 1), (0, 4), (2, 2))
    assert board.winner() is None
    assert not board.is_game_over()


def test_a_line_broken_by_the_opponent_is_not_a_win() -> None:
    board = Board(GameConfig(4, 4, 4))
    play(board, (0, 0), (0, 2), (0, 1), (1, 0), (0, 3))
    assert board.winner() is None


def test_o_can_win_too() -> None:
    board = play(Board(), (0, 0), (1, 0), (0, 1), (1, 1), (2, 2), (1, 2))
    assert board.winner() == "o"
    assert board.status == "o_won"


def test_a_full_board_without_a_line_is_a_draw() -> None:
    board = play(Board(), (0, 0), (1, 1), (0, 1), (0, 2), (2, 0), (1, 0), (1, 2), (2, 1), (2, 2))
    assert board.winner() is None
    assert board.status == "draw"
    outcome = board.outcome()
    assert outcome is not None and outcome.winner is None and outcome.result == "draw"


def test_pop_undoes_a_win() -> None:
    board = x_line_game(GameConfig(), [(0, 0), (0, 1), (0, 2)])
    assert board.pop() == Move(0, 2)
    assert board.winner() is None
    assert board.status == "ongoing"
    assert Move(0, 2) in board.legal_moves()


def test_turns_alternate_starting_with_x() -> None:
    board = Board()
    assert board.turn == "x"
    board.push((1, 1))
    assert board.turn == "o"
    assert board.mark_at(1, 1) == "x"


def test_occupied_cell_is_illegal_and_names_the_move() -> None:
    board = play(Board(), (1, 1))
    with pytest.raises(IllegalMoveError, match=r"Move\(1, 1\).*taken"):
        board.push((1, 1))
    assert board.ply == 1


@pytest.mark.parametrize("cell", [(3, 0), (0, 3), (-1, 0), (0, -1)])
def test_off_board_cell_is_illegal_and_names_the_move(cell: tuple[int, int]) -> None:
    with pytest.raises(IllegalMoveError, match=r"off the 3x3 board"):
        Board().push(cell)


def test_move_after_the_game_ended_is_illegal() -> None:
    board = x_line_game(GameConfig(), [(0, 0), (0, 1), (0, 2)])
    with pytest.raises(IllegalMoveError, match="after the game ended"):
        board.push((2, 2))


def test_pop_on_an_empty_board_raises() -> None:
    with pytest.raises(IllegalMoveError, match="no move to take back"):
        Board().pop()


def test_errors_are_value_errors() -> None:
    assert issubclass(IllegalMoveError, ValueError)
    assert issubclass(InvalidConfigError, ValueError)


@pytest.mark.parametrize(
    ("rows", "cols", "k", "message"),
    [
        (2, 3, 3, "rows must be"),
        (3, MAX_SIZE + 1, 3, f"cols must be a whole number from 3 to {MAX_SIZE}"),
        (3, 3, 4, "k must be from 3 to 3"),
        (4, 6, 2, "k must be"),
    ],
)
def test_impossible_configs_are_rejected(rows: int, cols: int, k: int, message: str) -> None:
    with pytest.raises(InvalidConfigError, match=message):
        GameConfig(rows, cols, k)


def test_bad_size_text_is_quoted() -> None:
    with pytest.raises(InvalidConfigError, match="'3by3'"):
        GameConfig.parse("3by3")


def test_legal_moves_are_the_empty_cells_in_row_major_order() -> None:
    board = play(Board(GameConfig(3, 4, 3)), (0, 1), (2, 3))
    moves = board.legal_moves()
    assert len(moves) == 10
    assert moves == sorted(moves)
    assert Move(0, 1) not in moves and Move(2, 3) not in moves


def test_copy_is_independent() -> None:
    board = play(Board(), (0, 0))
    clone = board.copy()
    clone.push((1, 1))
    assert board.ply == 1 and clone.ply == 2
    assert board.mark_at(1, 1) is None
