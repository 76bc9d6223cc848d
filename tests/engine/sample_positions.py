"""Positions for search tests: every open 3x3 position, and random open ones for hypothesis."""

from __future__ import annotations

from hypothesis import strategies as st

from tictactoe_qt.engine.game import Board, GameConfig, Move


def board_from(cells: list[int], config: GameConfig = GameConfig()) -> Board:
    """Play ``cells`` in order until the game ends."""
    board = Board(config)
    for cell in cells:
        if board.is_game_over():
            break
        board.push_index(cell)
    return board


def reachable_open_positions(config: GameConfig = GameConfig()) -> list[Board]:
    """Every distinct reachable position where the game is still going on."""
    seen: dict[tuple[int, int], Board] = {}

    def walk(board: Board) -> None:
        key = (board.bits[0], board.bits[1])
        if key in seen or board.is_game_over():
            return
        seen[key] = board.copy()
        for cell in board.legal_indices():
            board.push_index(cell)
            walk(board)
            board.pop()

    walk(Board(config))
    return list(seen.values())


def immediate_wins(board: Board) -> set[Move]:
    """The moves that win on the spot for the side to move."""
    wins = set()
    for move in board.legal_moves():
        board.push(move)
        if board.winner() is not None:
            wins.add(move)
        board.pop()
    return wins


@st.composite
def open_positions(draw: st.DrawFn, config: GameConfig, min_ply: int) -> Board:
    """A random game still going on after at least ``min_ply`` moves (fewer if it ended)."""
    cells = draw(st.permutations(range(config.cells)))
    board = board_from(cells[: draw(st.integers(min_ply, config.cells - 1))], config)
    if board.is_game_over():
        board.pop()
    return board
