"""Values of positions for the game-tree explorer, exact where affordable.

Scores follow :mod:`search_result`: from the side to move's view, a forced
win in ``p`` plies is ``WIN_SCORE - p``. Small positions are solved exactly
by the program's one memoised solver (:func:`memoised_value`); bigger ones fall back to the perfect engine under a
time budget, and then to a shallow heuristic search (open lines).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

from ..game.board import Board, Mark, other
from ..game.geometry import Geometry
from ..players.textbook_options import TextbookOptions
from ..search.evaluation import open_lines_score
from ..search_result import MATE_THRESHOLD, WIN_SCORE, ShouldStop, never_stop
from ..text.side_names import BOARD_NAMES, SideNames

#: The memoised solver gives up beyond this many distinct positions.
MAX_SOLVED_POSITIONS = 250_000
#: Boards up to this size ask the perfect engine (bigger ones rarely solve in time).
MAX_PERFECT_CELLS = 16
#: Only positions with at most this many empty cells are tried by that solver.
MAX_SOLVED_EMPTY_CELLS = 12


class SolveBudgetExceeded(Exception):
    """The exact solver met more positions than it may store."""


class SolveCancelled(Exception):
    """``should_stop`` asked the exact solver to end."""


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


def solve_exact(board: Board, memo: dict[int, int], max_positions: int = MAX_SOLVED_POSITIONS) -> int:
    """Exact minimax score of ``board`` for the side to move (memoised in ``memo``).

    Raises:
        SolveBudgetExceeded: the memo would grow past ``max_positions``.
    """
    geometry = board.geometry
    if board.history and geometry.wins_with(board.bits[board.side ^ 1], board.history[-1]):
        return -WIN_SCORE
    if board.occupied == geometry.full:
        return 0
    me, opp = board.bits[board.side], board.bits[board.side ^ 1]
    return memoised_value(geometry, me, opp, board.side == 0, memo, max_positions=max_positions)


def memoised_value(
    geometry: Geometry,
    me: int,
    opp: int,
    x_to_move: bool,
    memo: dict[int, int],
    *,
    has_line: list[bool] | None = None,
    max_positions: int | None = None,
    best_cells: dict[tuple[int, int], tuple[int, int]] | None = None,
    should_stop: ShouldStop = never_stop,
) -> int:
    """The program's one memoised exact solver: negamax over the game graph, each position once.

    Values a position still in play for the side to move (``me``): ``WIN_SCORE - p`` for
    a win in ``p`` plies, counted from that position, so a value holds whatever the
    path to it. ``memo`` maps ``x_bits << cells | o_bits`` to values and may be shared
    between calls. Moves are tried centre first; with ``best_cells`` every position
    valued gets ``(x_bits, o_bits) -> (value, first best cell)``. ``has_line`` (a
    lookup table for a small board) replaces the line check through the moved cell.

    Raises:
        SolveBudgetExceeded: the memo would grow past ``max_positions``.
        SolveCancelled: ``should_stop`` said so (polled every 1,024 new positions).
    """
    cells, full = geometry.cells, geometry.full
    order = [(1 << cell, geometry.cell_line_masks[cell]) for cell in geometry.centre_order]
    win1 = WIN_SCORE - 1
    threshold = MATE_THRESHOLD
    budget = max_positions

    def value(me: int, opp: int, x_to_move: bool) -> int:
        if len(memo) & 0x3FF == 0 and should_stop():
            raise SolveCancelled
        if budget is not None and len(memo) >= budget:
            raise SolveBudgetExceeded(f"more than {budget} positions")
        occupied = me | opp
        best = -WIN_SCORE - 1
        best_bit = 0
        for bit, masks in order:
            if occupied & bit:
                continue
            mine = me | bit
            if has_line is not None:
                won = has_line[mine]
            else:
                won = False
                for mask in masks:
                    if mine & mask == mask:
                        won = True
                        break
            if won:
                score = win1
            elif mine | opp == full:
                score = 0
            else:
                child_key = mine << cells | opp if x_to_move else opp << cells | mine
                child = memo.get(child_key)
                if child is None:
                    child = value(opp, mine, not x_to_move)
                # One ply further from the end, seen from this side.
                score = 1 - child if child >= threshold else (-child - 1 if child <= -threshold else -child)
            if score > best:
                best, best_bit = score, bit
        key = me << cells | opp if x_to_move else opp << cells | me
        memo[key] = best
        if best_cells is not None:
            position = (me, opp) if x_to_move else (opp, me)
            best_cells[position] = (best, best_bit.bit_length() - 1)
        return best

    return value(me, opp, x_to_move)


def heuristic_value(board: Board, depth: int) -> int:
    """Depth-limited negamax alpha-beta with E(n) at the horizon; side-to-move view.

    The textbook search (:func:`.trace.counted_search.counted_search`: centre first,
    distance scoring, open-lines evaluation); depth 0 is E(n) itself.
    """
    if depth == 0:
        return open_lines_score(board.geometry, board.bits[board.side], board.bits[board.side ^ 1])
    from .trace.counted_search import counted_search  # late: the trace loads the players

    options = TextbookOptions(ordering="centre", scoring="distance", form="negamax")
    return int(counted_search(board, "alphabeta", options, depth).score)


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
        self._memo: dict[int, int] = {}
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
                perfect = importlib.import_module("tictactoe_qt.engine.search.perfect")
            except ImportError:
                return None
            self._perfect = perfect.PerfectSearcher(board.config)
        result = self._perfect.search(board, time_budget=self.perfect_budget, should_stop=should_stop)
        return float(result.score) if result.exact else None
