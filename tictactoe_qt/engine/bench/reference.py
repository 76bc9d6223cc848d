"""The benchmark's yardsticks: alpha-beta as course code runs it (window restarted at each
root move) and as OpenSpiel runs it (one window: the textbook alpha-beta).

Both searches are the program's one traced search
(:func:`~tictactoe_qt.engine.teaching.trace.counted_search.counted_search`: +1/0/-1 scores,
moves in reading order, no table), so what they count is what ``trace`` shows:

* :func:`restart_best_move`: alpha-beta, window restarted at each root move, as
  course code that calls alpha-beta once per root move with a fresh window does
  (30,710 nodes from the empty 3x3 board); with ``pruning=False``, plain minimax;
* :func:`competent_best_move`: alpha-beta with one window over the whole search,
  as OpenSpiel's Python alpha-beta (18,297 nodes).

The random-game loops stay written the way course reports write them (a list of
lists of one-character strings, a full win scan after every move). The benchmark
runs all of them in the same process as the engine so that each speed-up is
measured on the same machine at the same moment. The game never uses them.
"""

from __future__ import annotations

import random

from ..game.board import Board
from ..game.config import GameConfig
from ..players.textbook_options import TextbookOptions
from ..teaching.trace.counted_search import counted_search

#: The bench's first reference, in the words every view shows it with.
RESTART_NAME = "alpha-beta, window restarted at each root move"
#: The bench's second reference: the textbook alpha-beta of trace, search and Compare.
COMPETENT_NAME = "alpha-beta, one window"
RESTART_OPTIONS = TextbookOptions(root_window_restart=True)
TIC_TAC_TOE = GameConfig(3, 3, 3)

EMPTY = " "
Grid = list[list[str]]


def new_grid(size: int = 3) -> Grid:
    """An empty ``size`` x ``size`` board (``size`` in a row wins)."""
    return [[EMPTY] * size for _ in range(size)]


def find_winner(grid: Grid) -> str | None:
    """Scan every row, column and both diagonals for a full line of one mark."""
    size = len(grid)
    for row in grid:
        if row[0] != EMPTY and row.count(row[0]) == size:
            return row[0]
    for c in range(size):
        first = grid[0][c]
        if first != EMPTY and all(grid[r][c] == first for r in range(1, size)):
            return first
    centre = grid[0][0]
    if centre != EMPTY and all(grid[i][i] == centre for i in range(1, size)):
        return centre
    corner = grid[0][size - 1]
    if corner != EMPTY and all(grid[i][size - 1 - i] == corner for i in range(1, size)):
        return corner
    return None


def free_cells(grid: Grid) -> list[tuple[int, int]]:
    """Every empty cell, row by row."""
    return [(r, c) for r, row in enumerate(grid) for c, mark in enumerate(row) if mark == EMPTY]


def opponent(mark: str) -> str:
    return "O" if mark == "X" else "X"


def restart_best_move(board: Board, pruning: bool = True) -> tuple[int, int]:
    """The first best cell on ``board`` and the nodes searched (root included), by alpha-beta
    with the window restarted at each root move (plain minimax without ``pruning``)."""
    result = counted_search(board, "alphabeta" if pruning else "minimax", RESTART_OPTIONS)
    assert result.move is not None  # the game goes on, and nothing stops the search
    return result.move.index(board.config.cols), result.stats.nodes


def random_game(rng: random.Random, size: int = 3) -> str | None:
    """Random against random with ``random.choice``; the winner's mark or ``None``."""
    grid = new_grid(size)
    mark = "X"
    while True:
        cells = free_cells(grid)
        r, c = rng.choice(cells)
        grid[r][c] = mark
        if find_winner(grid) is not None:
            return mark
        if len(cells) == 1:
            return None
        mark = opponent(mark)


def searcher_vs_random_game(rng: random.Random, size: int = 3) -> str | None:
    """:func:`restart_best_move` (X, searching from scratch each move) against
    ``random.choice`` (O); the winner's mark or ``None``."""
    board = Board(GameConfig(size, size, size))
    while not board.is_game_over():
        if board.turn == "x":
            board.push_index(restart_best_move(board)[0])
        else:
            board.push_index(rng.choice(board.legal_indices()))
    outcome = board.outcome()
    return None if outcome is None or outcome.winner is None else outcome.winner.upper()


#: The eight lines of the 3x3 board as bitmasks (bit ``3 * row + col``).
LINES_3X3 = (0b111, 0b111000, 0b111000000, 0b1001001, 0b10010010, 0b100100100, 0b100010001, 0b1010100)


def lean_random_game(rng: random.Random) -> int | None:
    """A lean ``random.choice`` loop on 3x3 bitboards: 0 if X wins, 1 if O, ``None``.

    Not textbook style: the strictest plain loop, so the simulation's speed-up
    is not flattered by a slow baseline.
    """
    cells = list(range(9))
    bits = [0, 0]
    side = 0
    while cells:
        cell = rng.choice(cells)
        cells.remove(cell)
        mine = bits[side] | 1 << cell
        bits[side] = mine
        for line in LINES_3X3:
            if mine & line == line:
                return side
        side ^= 1
    return None


def competent_best_move(x_bits: int, o_bits: int) -> tuple[int, int]:
    """The competent reference's move on 3x3 (a cell, ``3 * row + col``) and its node
    count (root included); X moves when both sides have as many stones."""
    board = Board(TIC_TAC_TOE)
    xs = [cell for cell in range(9) if x_bits >> cell & 1]
    os = [cell for cell in range(9) if o_bits >> cell & 1]
    for turn in range(len(xs) + len(os)):  # a reachable position: any order replays it
        board.push_index((xs if turn % 2 == 0 else os)[turn // 2])
    result = counted_search(board, "alphabeta", TextbookOptions())
    assert result.move is not None  # the game goes on, and nothing stops the search
    return result.move.index(3), result.stats.nodes
