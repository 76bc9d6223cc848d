"""A textbook tic-tac-toe engine, kept only as the benchmark's yardstick.

It is written the way course reports usually write it, on purpose: the board
is a list of lists of one-character strings, a full scan of every row, column
and diagonal follows each move, scores are +1/0/-1 with no preference for
quick wins, moves are tried in reading order and nothing is cached. The
benchmark runs it in the same process as the engine so that each speed-up is
measured on the same machine at the same moment. The game never uses it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

EMPTY = " "
Grid = list[list[str]]


@dataclass
class NodeCounter:
    """How many positions a search looked at (the starting one included)."""

    nodes: int = 0


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


def minimax_value(grid: Grid, mark: str, counter: NodeCounter) -> int:
    """+1 if X wins with best play, -1 if O does, 0 for a draw; ``mark`` is to move."""
    counter.nodes += 1
    winner = find_winner(grid)
    if winner is not None:
        return 1 if winner == "X" else -1
    cells = free_cells(grid)
    if not cells:
        return 0
    values = []
    for r, c in cells:
        grid[r][c] = mark
        values.append(minimax_value(grid, opponent(mark), counter))
        grid[r][c] = EMPTY
    return max(values) if mark == "X" else min(values)


def alphabeta_value(grid: Grid, mark: str, alpha: int, beta: int, counter: NodeCounter) -> int:
    """:func:`minimax_value` with alpha-beta pruning."""
    counter.nodes += 1
    winner = find_winner(grid)
    if winner is not None:
        return 1 if winner == "X" else -1
    cells = free_cells(grid)
    if not cells:
        return 0
    if mark == "X":
        best = -2
        for r, c in cells:
            grid[r][c] = mark
            best = max(best, alphabeta_value(grid, "O", alpha, beta, counter))
            grid[r][c] = EMPTY
            alpha = max(alpha, best)
            if alpha >= beta:
                break
        return best
    best = 2
    for r, c in cells:
        grid[r][c] = mark
        best = min(best, alphabeta_value(grid, "X", alpha, beta, counter))
        grid[r][c] = EMPTY
        beta = min(beta, best)
        if alpha >= beta:
            break
    return best


def best_move(grid: Grid, mark: str, pruning: bool = True) -> tuple[tuple[int, int], int]:
    """The first best move for ``mark`` and the positions searched (root included)."""
    counter = NodeCounter(1)
    best_cell, best_score = (-1, -1), None
    for r, c in free_cells(grid):
        grid[r][c] = mark
        if pruning:
            score = alphabeta_value(grid, opponent(mark), -2, 2, counter)
        else:
            score = minimax_value(grid, opponent(mark), counter)
        grid[r][c] = EMPTY
        if mark == "O":
            score = -score
        if best_score is None or score > best_score:
            best_cell, best_score = (r, c), score
    return best_cell, counter.nodes


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
    """Alpha-beta (X, searching from scratch each move) against ``random.choice`` (O)."""
    grid = new_grid(size)
    mark = "X"
    while True:
        cells = free_cells(grid)
        if mark == "X":
            (r, c), _ = best_move(grid, mark)
        else:
            r, c = rng.choice(cells)
        grid[r][c] = mark
        if find_winner(grid) is not None:
            return mark
        if len(cells) == 1:
            return None
        mark = opponent(mark)


#: The eight lines of the 3x3 board as bitmasks (bit ``3 * row + col``).
LINES_3X3 = (0b111, 0b111000, 0b111000000, 0b1001001, 0b10010010, 0b100100100,
             0b100010001, 0b1010100)


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


# -- the competent reference ------------------------------------------------
# The textbook max-value / min-value alpha-beta (AIMA's), moves in reading order,
# +1/0/-1 scores, on 3x3 bitboards with a win check after each move: what a
# competent peer (OpenSpiel's Python alpha-beta) does. From the empty board it
# visits 18,297 positions, as OpenSpiel's does.

FULL_3X3 = 0b111111111


def _x_wins(bits: int) -> bool:
    for line in LINES_3X3:
        if bits & line == line:
            return True
    return False


def _max_value(x: int, o: int, alpha: int, beta: int, counter: NodeCounter) -> int:
    counter.nodes += 1
    if _x_wins(o):
        return -1
    taken = x | o
    if taken == FULL_3X3:
        return 0
    value = -2
    for cell in range(9):
        if not taken >> cell & 1:
            value = max(value, _min_value(x | 1 << cell, o, alpha, beta, counter))
            if value >= beta:
                return value
            alpha = max(alpha, value)
    return value


def _min_value(x: int, o: int, alpha: int, beta: int, counter: NodeCounter) -> int:
    counter.nodes += 1
    if _x_wins(x):
        return 1
    taken = x | o
    if taken == FULL_3X3:
        return 0
    value = 2
    for cell in range(9):
        if not taken >> cell & 1:
            value = min(value, _max_value(x, o | 1 << cell, alpha, beta, counter))
            if value <= alpha:
                return value
            beta = min(beta, value)
    return value


def competent_best_move(x_bits: int, o_bits: int) -> tuple[int, int]:
    """The competent reference's move on 3x3 (a cell, ``3 * row + col``) and its node
    count (root included); X moves when both sides have as many stones."""
    counter = NodeCounter(1)
    x_to_move = x_bits.bit_count() == o_bits.bit_count()
    taken = x_bits | o_bits
    alpha, beta = -2, 2
    best_cell, best_value = -1, None
    for cell in range(9):
        if taken >> cell & 1:
            continue
        if x_to_move:
            value = _min_value(x_bits | 1 << cell, o_bits, alpha, beta, counter)
            if best_value is None or value > best_value:
                best_cell, best_value = cell, value
            alpha = max(alpha, value)
        else:
            value = _max_value(x_bits, o_bits | 1 << cell, alpha, beta, counter)
            if best_value is None or value < best_value:
                best_cell, best_value = cell, value
            beta = min(beta, value)
    return best_cell, counter.nodes
