"""Position analysis: the value of a position and of every legal move in it.

This is what ``tictactoe-qt analyze --json`` prints and what the GUI's analysis
overlay shows per cell (``W3``, ``D``, ``L5``). Values come from the
``perfect`` search: exact on boards it can solve within the time budget,
otherwise heuristic (``exact: false``), in which case each unsolved move
carries a heuristic ``score`` and a ``null`` result instead.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from .board import Board, Mark, Move
from .pattern_eval import accumulator_of, line_codes, pattern_tables_for, weighted_sums
from .player_spec import MAX_TIME
from .search.perfect import PerfectSearcher
from .search_result import (
    MATE_THRESHOLD,
    WIN_SCORE,
    SearchResult,
    ShouldStop,
    exact_fields,
    never_stop,
)

#: Share of the budget spent on the position itself; the rest goes to its moves.
ROOT_SHARE = 0.5
#: Smallest slice of time one move's search gets.
MIN_MOVE_SECONDS = 0.002


@dataclass(frozen=True)
class MoveValue:
    """One legal move's value, seen by the side that plays it.

    ``plies`` counts from the analysed position, the move included. ``score``
    follows :mod:`.search_result` (``WIN_SCORE - plies`` for a forced win).
    """

    move: Move
    result: str | None
    plies: int | None
    score: float
    exact: bool
    #: The side that plays the move.
    mover: Mark = "x"
    #: Plies searched below the move; ``None`` when it was only valued statically
    #: (no time left to search it), so its score is on another scale.
    depth: int | None = None

    def as_dict(self) -> dict[str, Any]:
        """``{"cell", "result", "plies"}``, plus ``"score"`` when the value is not exact."""
        data: dict[str, Any] = {
            "cell": [self.move.row, self.move.col],
            "result": self.result,
            "plies": self.plies,
        }
        if not self.exact:
            data["score"] = self.score
        return data

    @property
    def label(self) -> str:
        """Short overlay text for the mover: ``W3`` (wins in 3 plies), ``D``, ``L5``, or ``?``."""
        return _label(self.result, self.plies, self.mover)


@dataclass(frozen=True)
class Analysis:
    """The ``analyze --json`` object of one position (see :meth:`as_dict`)."""

    board: str
    to_move: Mark | None
    status: str
    #: Outcome with best play (``"x"``, ``"o"``, ``"draw"``), ``None`` when not solved.
    result: str | None
    #: Plies to the end with best play (0 when over), ``None`` when not solved.
    plies: int | None
    best: Move | None
    moves: tuple[MoveValue, ...]
    exact: bool
    #: The best move's score for the side to move (``None`` when the game is over).
    score: float | None = None
    #: The search behind the position's value, when one ran.
    search: SearchResult | None = field(default=None, compare=False, repr=False)

    def as_dict(self) -> dict[str, Any]:
        """Exactly the keys of issue 2, plus ``score`` when the value is not exact."""
        data: dict[str, Any] = {
            "board": self.board,
            "to_move": self.to_move,
            "status": self.status,
            "result": self.result,
            "plies": self.plies,
            "best": [self.best.row, self.best.col] if self.best else None,
            "moves": [value.as_dict() for value in self.moves],
            "exact": self.exact,
        }
        if not self.exact:
            data["score"] = self.score
        return data

    def value_of(self, move: Move) -> MoveValue | None:
        """The entry for ``move``, or ``None`` when it is not legal here."""
        for value in self.moves:
            if value.move == move:
                return value
        return None


def analyze(
    board: Board,
    time_budget: float = 1.0,
    should_stop: ShouldStop = never_stop,
    searcher: PerfectSearcher | None = None,
) -> Analysis:
    """The value of ``board`` and of each legal move, exact when solvable in the budget.

    Half the budget finds the position's value and best move; the other half
    is shared by the moves (each searched from the position after it, helped
    by the table the first search filled). ``board`` is not changed.

    Args:
        board: the position.
        time_budget: seconds in all (0 < budget <= 60).
        should_stop: polled often; ``True`` ends the analysis early (not exact).
        searcher: a searcher to reuse (its table speeds up later calls).

    Raises:
        ValueError: a bad budget, or a searcher for another board shape.
    """
    start = time.perf_counter()
    if not 0 < time_budget <= MAX_TIME:
        raise ValueError(
            f"time_budget must be above 0 and at most {MAX_TIME} s, got {time_budget}"
        )
    notation = board.notation()
    outcome = board.outcome()
    if outcome is not None:
        return Analysis(notation, None, board.status, outcome.result, 0, None, (), True)
    if searcher is None:
        searcher = PerfectSearcher(board.config)
    elif searcher.config != board.config:
        raise ValueError(f"the searcher plays {searcher.config}, not {board.config}")
    deadline = start + time_budget
    position = board.copy()
    root = searcher.search(position, time_budget * ROOT_SHARE, should_stop=should_stop)
    values = _move_values(searcher, position, deadline, should_stop)
    mover = board.turn
    if root.exact:
        result, plies, exact, score = root.result, root.plies, True, root.score
        best = root.move
    elif values and all(value.exact for value in values):
        top = max(values, key=lambda value: value.score)
        result, plies = exact_fields(board, top.score)
        exact, score, best = True, top.score, top.move
    else:
        result, plies, exact, score, best = None, None, False, root.score, root.move
    return Analysis(notation, mover, board.status, result, plies, best, values, exact, score, root)


def _move_values(
    searcher: PerfectSearcher, position: Board, deadline: float, should_stop: ShouldStop
) -> tuple[MoveValue, ...]:
    """Each legal move's value: one search per class of symmetric moves, near stones first.

    Moves are first valued statically (cheap), then searched in slices of the
    remaining time; a second pass retries the unsolved ones with what is left.
    """
    mover = position.turn
    cols = position.config.cols
    cells = position.legal_indices()
    twin = _symmetry_classes(position, cells)
    values = _static_values(position, cells)
    todo = sorted(set(twin.values()), key=lambda cell: -values[cell].score)
    for _ in range(2):
        for number, cell in enumerate(todo):
            slice_ = (deadline - time.perf_counter()) / (len(todo) - number)
            if slice_ < MIN_MOVE_SECONDS or should_stop():
                break
            position.push_index(cell)
            try:
                found = _searched_value(searcher, position, cell, mover, slice_, should_stop)
                values[cell] = found or values[cell]
            finally:
                position.pop()
        todo = [cell for cell in todo if not values[cell].exact]
        if not todo:
            break
    return tuple(
        MoveValue(Move.from_index(cell, cols), *_fields(values[twin[cell]]), mover,
                  values[twin[cell]].depth)
        for cell in cells
    )


def _fields(value: MoveValue) -> tuple[str | None, int | None, float, bool]:
    return value.result, value.plies, value.score, value.exact


def _symmetry_classes(position: Board, cells: list[int]) -> dict[int, int]:
    """Map each empty cell to the smallest cell the position's own symmetries take it to."""
    geometry = position.geometry
    x_bits, o_bits = position.bits
    own = [
        perm
        for number, perm in enumerate(geometry.symmetries)
        if number
        and geometry.transform(x_bits, number) == x_bits
        and geometry.transform(o_bits, number) == o_bits
    ]
    return {cell: min([cell] + [perm[cell] for perm in own]) for cell in cells}


def _static_values(position: Board, cells: list[int]) -> dict[int, MoveValue]:
    """Every move's value without search: exact when it wins or fills the board, else the
    weighted open-lines score after it (one table lookup per line through the cell)."""
    tables = pattern_tables_for(position.config)
    geometry = position.geometry
    side = position.side
    mover = position.turn
    own = position.bits[side]
    codes = line_codes(tables, *position.bits)
    before = accumulator_of(tables, codes)
    delta = tables.accumulator_delta[side]
    last_cell = position.ply + 1 == geometry.cells
    values = {}
    for cell in cells:
        move = Move.from_index(cell, position.config.cols)
        if geometry.wins_with(own | 1 << cell, cell):
            values[cell] = MoveValue(move, mover, 1, WIN_SCORE - 1, True, mover)
        elif last_cell:
            values[cell] = MoveValue(move, "draw", 1, 0, True, mover)
        else:
            after = before
            for line in geometry.cell_lines[cell]:
                after += delta[codes[line]]
            x_sum, o_sum = weighted_sums(after)
            score = x_sum - o_sum if side == 0 else o_sum - x_sum
            values[cell] = MoveValue(move, None, None, score, False, mover)
    return values


def _searched_value(
    searcher: PerfectSearcher,
    child: Board,
    cell: int,
    mover: Mark,
    seconds: float,
    should_stop: ShouldStop,
) -> MoveValue | None:
    """The value of the move just played on ``child`` by a search; ``None`` if it found nothing."""
    if child.is_game_over():
        return None
    move = Move.from_index(cell, child.config.cols)
    reply = searcher.search(child, min(seconds, MAX_TIME), should_stop=should_stop)
    if reply.exact:
        result, plies = exact_fields(child, reply.score)
        score = _parent_score(reply.score)
        return MoveValue(move, result, plies + 1, score, True, mover, reply.stats.depth)
    if reply.stats.depth is not None:
        score = _parent_score(reply.score)
        return MoveValue(move, None, None, score, False, mover, reply.stats.depth)
    return None


def _parent_score(score: float) -> float:
    """A child's score (its side to move) seen from the parent's mover, one ply further."""
    if score >= MATE_THRESHOLD:
        return -(score - 1)
    if score <= -MATE_THRESHOLD:
        return -(score + 1)
    return -score


def _label(result: str | None, plies: int | None, mover: Mark) -> str:
    if result is None or plies is None:
        return "?"
    if result == "draw":
        return "D"
    return f"{'W' if result == mover else 'L'}{plies}"
