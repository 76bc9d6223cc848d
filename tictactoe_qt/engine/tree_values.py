"""Values of positions for the game-tree explorer, exact where affordable.

Scores follow :mod:`search_result`: from the side to move's view, a forced
win in ``p`` plies is ``WIN_SCORE - p``. Small positions are solved exactly
by a memoised minimax; bigger ones fall back to the perfect engine under a
time budget, and then to a shallow heuristic search (open lines).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

from .board import Board, Mark, other
from .geometry import Geometry
from .search_result import MATE_THRESHOLD, WIN_SCORE, ShouldStop, never_stop
from .side_names import BOARD_NAMES, SideNames

#: The memoised solver gives up beyond this many distinct positions.
MAX_SOLVED_POSITIONS = 250_000
#: Boards up to this size ask the perfect engine (bigger ones rarely solve in time).
MAX_PERFECT_CELLS = 16
#: Only positions with at most this many empty cells are tried by that solver.
MAX_SOLVED_EMPTY_CELLS = 12


class SolveBudgetExceeded(Exception):
    """The exact solver met more positions than it may store."""


@dataclass(frozen=True)
class NodeValue:
    """A position's value for the side to move.

    Attributes:
        score: side-to-move view (``WIN_SCORE - plies`` for a forced win).
        exact: the game-theoretic value, not a heuristic estimate.
        to_move: whose view ``score`` is from.
        depth: search depth behind a heuristic score (``None`` when exact).
    """

    score: float
    exact: bool
    to_move: Mark
    depth: int | None = None

    @property
    def result(self) -> str | None:
        """``"x"``, ``"o"`` or ``"draw"`` when exact, else ``None``."""
        if not self.exact:
            return None
        if self.score >= MATE_THRESHOLD:
            return self.to_move
        if self.score <= -MATE_THRESHOLD:
            return other(self.to_move)
        return "draw"

    @property
    def plies(self) -> int | None:
        """Plies to a forced win or loss, ``None`` for draws and heuristics."""
        if abs(self.score) >= MATE_THRESHOLD:
            return int(WIN_SCORE - abs(self.score))
        return None

    @property
    def x_score(self) -> float:
        """The score from X's view (X maximises in the textbook picture)."""
        return self.score if self.to_move == "x" else -self.score

    def text(self, names: SideNames = BOARD_NAMES) -> str:
        """Readable: 'X wins in 3', 'draw', or 'heuristic +2 for X (depth 2)'.

        ``names`` writes the players of the board's sides (the seating and marks).
        """
        result = self.result
        if result == "draw":
            return "draw"
        if result is not None:
            return f"{names.name(result)} wins in {self.plies}"
        return f"heuristic {self.x_score:+g} for {names.name('x')} (depth {self.depth})"


def parent_score(child_score: float) -> float:
    """Negate a child's score one ply up, counting the ply for wins and losses."""
    value = -child_score
    if value >= MATE_THRESHOLD:
        return value - 1
    if value <= -MATE_THRESHOLD:
        return value + 1
    return value


def open_lines_balance(geometry: Geometry, own: int, opp: int) -> int:
    """E(n) = M(n) - O(n): lines still open for ``own`` minus those open for ``opp``."""
    balance = 0
    for mask in geometry.lines:
        if not mask & opp:
            balance += 1
        if not mask & own:
            balance -= 1
    return balance


def solve_exact(
    board: Board,
    memo: dict[tuple[int, int], int],
    max_positions: int = MAX_SOLVED_POSITIONS,
) -> int:
    """Exact minimax score of ``board`` for the side to move (memoised).

    Raises:
        SolveBudgetExceeded: the memo would grow past ``max_positions``.
    """
    geometry = board.geometry
    last = board.history[-1] if board.history else -1
    return _solve(geometry, board.bits[0], board.bits[1], board.side, last, memo, max_positions)


def _solve(
    geometry: Geometry,
    x: int,
    o: int,
    side: int,
    last: int,
    memo: dict[tuple[int, int], int],
    max_positions: int,
) -> int:
    mover_bits = o if side == 0 else x
    if last >= 0 and geometry.wins_with(mover_bits, last):
        return -WIN_SCORE
    empty = geometry.full & ~(x | o)
    if not empty:
        return 0
    key = (x, o)
    known = memo.get(key)
    if known is not None:
        return known
    if len(memo) >= max_positions:
        raise SolveBudgetExceeded(f"more than {max_positions} positions")
    best = -WIN_SCORE - 1
    while empty:
        low = empty & -empty
        empty ^= low
        cell = low.bit_length() - 1
        if side == 0:
            child = _solve(geometry, x | low, o, 1, cell, memo, max_positions)
        else:
            child = _solve(geometry, x, o | low, 0, cell, memo, max_positions)
        value = int(parent_score(child))
        if value > best:
            best = value
    memo[key] = best
    return best


def heuristic_value(board: Board, depth: int) -> int:
    """Depth-limited negamax alpha-beta with E(n) at the horizon; side-to-move view."""
    geometry = board.geometry
    last = board.history[-1] if board.history else -1
    window = WIN_SCORE + 1
    return _heuristic(geometry, list(board.bits), board.side, last, depth, -window, window)


def _heuristic(
    geometry: Geometry, bits: list[int], side: int, last: int, depth: int, alpha: int, beta: int
) -> int:
    if last >= 0 and geometry.wins_with(bits[side ^ 1], last):
        return -WIN_SCORE
    empty = geometry.full & ~(bits[0] | bits[1])
    if not empty:
        return 0
    if depth == 0:
        return open_lines_balance(geometry, bits[side], bits[side ^ 1])
    best = -WIN_SCORE - 1
    for cell in geometry.centre_order:
        if not empty >> cell & 1:
            continue
        bits[side] |= 1 << cell
        child = _heuristic(geometry, bits, side ^ 1, cell, depth - 1, -beta, -alpha)
        bits[side] &= ~(1 << cell)
        value = int(parent_score(child))
        if value > best:
            best = value
            if value > alpha:
                alpha = value
                if alpha >= beta:
                    break
    return best


class ValueOracle:
    """Values positions exactly when affordable, heuristically otherwise.

    Args:
        heuristic_depth: depth of the fallback search (0 is the static E(n)).
        perfect_budget: seconds the perfect engine may spend per position;
            0 skips it.
    """

    def __init__(self, heuristic_depth: int = 2, perfect_budget: float = 0.2) -> None:
        self.heuristic_depth = heuristic_depth
        self.perfect_budget = perfect_budget
        self._memo: dict[tuple[int, int], int] = {}
        self._perfect: Any = None

    def value(self, board: Board, should_stop: ShouldStop = never_stop) -> NodeValue:
        """The value of ``board`` for its side to move."""
        to_move = board.turn
        if board.is_game_over():
            score = -WIN_SCORE if board.winner() else 0
            return NodeValue(score, True, to_move)
        if board.geometry.cells - board.ply <= MAX_SOLVED_EMPTY_CELLS:
            try:
                return NodeValue(solve_exact(board, self._memo), True, to_move)
            except SolveBudgetExceeded:
                self._memo.clear()
        exact = None
        if board.geometry.cells <= MAX_PERFECT_CELLS:
            exact = self._perfect_value(board, should_stop)
        if exact is not None:
            return NodeValue(exact, True, to_move)
        depth = self.heuristic_depth if board.geometry.cells <= 49 else 0
        return NodeValue(heuristic_value(board, depth), False, to_move, depth)

    def _perfect_value(self, board: Board, should_stop: ShouldStop) -> float | None:
        if self.perfect_budget <= 0:
            return None
        if self._perfect is None:
            try:  # the strong engine is optional here; imported late to stay light
                perfect = importlib.import_module(f"{__package__}.search.perfect")
            except ImportError:
                return None
            self._perfect = perfect.PerfectSearcher(board.config)
        result = self._perfect.search(
            board, time_budget=self.perfect_budget, should_stop=should_stop
        )
        return float(result.score) if result.exact else None
