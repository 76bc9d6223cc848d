"""Position analysis: the value of a position and of every legal move in it.

This is what ``tictactoe-qt analyze --json`` prints and what the GUI's analysis
overlay shows per cell (``X3``, ``D``, ``O6``: see :mod:`..text.value_notation`).
Values come from the ``perfect`` search. Exact moves are solved; the others
carry a heuristic ``score``, and all those scores come from one search of the
same depth and window (:mod:`..search.root_values`), so they rank fairly. Moves
the search never valued (far from the stones on big boards, or out of time)
have ``null`` scores. The position's value is its best move's.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from ..game.board import Board, Mark, Move
from ..players.player_spec import MAX_TIME
from ..search.pattern_eval import accumulator_of, line_codes, pattern_tables_for, weighted_sums
from ..search.perfect import PerfectSearcher
from ..search.root_values import value_root_moves
from ..search_result import WIN_SCORE, SearchResult, ShouldStop, exact_fields, never_stop
from ..text.value_notation import heuristic_badge, outcome_badge

#: Share of the budget spent solving the position itself, where it can be solved.
ROOT_SHARE = 0.5
#: Time kept back from the budget for building the answer.
SAFETY_SHARE = 0.03


@dataclass(frozen=True)
class MoveValue:
    """One legal move's value, seen by the side that plays it.

    ``plies`` counts from the analysed position, the move included. ``score``
    follows :mod:`..search_result` (``WIN_SCORE - plies`` for a forced win);
    ``None`` when the search never valued the move.
    """

    move: Move
    result: str | None
    plies: int | None
    score: float | None
    exact: bool
    #: The side that plays the move.
    mover: Mark = "x"
    #: Plies searched from the analysed position (the move included) behind a
    #: heuristic score: the analysis's one depth. ``None`` when exact or unknown.
    depth: int | None = None

    @property
    def known(self) -> bool:
        """The search valued this move (exactly or heuristically)."""
        return self.score is not None

    def as_dict(self) -> dict[str, Any]:
        """``{"cell", "result", "plies"}``, plus ``"score"`` and ``"depth"`` when not exact
        (both ``null`` for a move the search never valued)."""
        data: dict[str, Any] = {"cell": [self.move.row, self.move.col], "result": self.result, "plies": self.plies}
        if not self.exact:
            data["score"] = self.score
            data["depth"] = self.depth
        return data

    @property
    def label(self) -> str:
        """The short form of :mod:`..text.value_notation`: ``X3``, ``D``, ``O6``, a score or ``?``."""
        if self.exact or self.score is None:
            return outcome_badge(self.result, self.plies)
        return heuristic_badge(self.score, self.mover)


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
    #: The move with the top score (the best move's score is the position's).
    best: Move | None
    moves: tuple[MoveValue, ...]
    exact: bool
    #: The best move's score for the side to move (``None`` when the game is over).
    score: float | None = None
    #: The one depth behind every heuristic move score (``None`` when there are none).
    depth: int | None = None
    #: The best line from here, ``best`` first, as far as the search knows it.
    pv: tuple[Move, ...] = ()
    #: The search of the position itself, when one ran.
    search: SearchResult | None = field(default=None, compare=False, repr=False)

    def as_dict(self) -> dict[str, Any]:
        """The JSON of ``analyze --json`` (board, to_move, status, result, plies, ...), plus
        ``score`` and ``depth`` when the value is not exact."""
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
            data["depth"] = self.depth
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

    Where the searcher looks at every cell, half the budget goes to solving the
    position and the rest to its moves (each tried to the end first). Big
    boards spend it all deepening the moves near the stones together, one ply
    at a time; the far cells stay unknown. ``board`` is not changed.

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
        raise ValueError(f"time_budget must be above 0 and at most {MAX_TIME} s, got {time_budget}")
    notation = board.notation()
    finished = _finished(board)
    if finished is not None:
        return finished
    searcher = _searcher_for(board, searcher)
    deadline = start + time_budget * (1 - SAFETY_SHARE)
    position = board.copy()
    solvable = searcher.searches_every_cell(position)
    root = None
    if solvable:
        root = searcher.search(position, time_budget * ROOT_SHARE, should_stop=should_stop)
    values, depth = _move_values(searcher, position, deadline, should_stop, solvable)
    if root is not None and root.exact and root.move is not None:
        values = _agreeing_with(position, values, root.move, root.score)
    mover = board.turn
    valued = [value for value in values if value.score is not None]
    top = max(valued, key=lambda value: value.score or 0.0, default=None)
    if top is None:  # nothing finished in time: the searcher's guess, unvalued
        best = root.move if root is not None else None
        return Analysis(
            notation, mover, board.status, None, None, best, values, False, None, None, (best,) if best else (), root
        )
    assert top.score is not None
    exact = top.exact and (len(valued) == len(values) and all(v.exact for v in values) or top.score >= WIN_SCORE - 1)
    if root is not None and root.exact:
        exact = True
    result, plies = exact_fields(position, top.score) if exact else (None, None)
    heuristic = any(not value.exact and value.score is not None for value in values)
    pv = tuple(searcher.principal_variation(position, top.move))
    return Analysis(
        notation,
        mover,
        board.status,
        result,
        plies,
        top.move,
        values,
        exact,
        top.score,
        depth if heuristic else None,
        pv,
        root,
    )


def _agreeing_with(position: Board, values: tuple[MoveValue, ...], best: Move, score: float) -> tuple[MoveValue, ...]:
    """The move values once the position is solved with ``best`` worth ``score``:
    the best move is exact, and no heuristic score claims more than it."""
    agreed = []
    for value in values:
        if value.move == best and not value.exact:
            result, plies = exact_fields(position, score)
            value = MoveValue(value.move, result, plies, score, True, value.mover)
        elif not value.exact and value.score is not None and value.score > score:
            value = MoveValue(value.move, None, None, score, False, value.mover, value.depth)
        agreed.append(value)
    return tuple(agreed)


def _move_values(
    searcher: PerfectSearcher, position: Board, deadline: float, should_stop: ShouldStop, solvable: bool
) -> tuple[tuple[MoveValue, ...], int | None]:
    """Each legal move's value and the one depth behind the heuristic ones.

    Moves that win at once or fill the board are exact without search. The
    others the searcher would try at the root (one per class of symmetric
    moves) are valued together by :func:`..search.root_values.value_root_moves`;
    the rest stay unknown.
    """
    mover = position.turn
    cols = position.config.cols
    cells = position.legal_indices()
    twin = _symmetry_classes(position, cells)
    static = _static_values(position, cells)
    candidates = searcher.root_candidates(position)
    todo = sorted(
        {twin[cell] for cell in cells if candidates >> cell & 1} - {cell for cell in cells if static[cell].exact},
        key=lambda cell: -(static[cell].score or 0.0),
    )
    found = value_root_moves(searcher, position, todo, deadline, should_stop, solve_first=solvable)
    values: dict[int, MoveValue] = {}
    for cell in set(twin.values()):
        move = Move.from_index(cell, cols)
        if static[cell].exact:
            values[cell] = static[cell]
        elif cell in found.exact:
            score = found.exact[cell]
            result, plies = exact_fields(position, score)
            values[cell] = MoveValue(move, result, plies, score, True, mover)
        elif cell in found.scores:
            values[cell] = MoveValue(move, None, None, found.scores[cell], False, mover, found.depth)
        else:
            values[cell] = MoveValue(move, None, None, None, False, mover)
    moves = tuple(_moved(values[twin[cell]], Move.from_index(cell, cols)) for cell in cells)
    return moves, found.depth


def _moved(value: MoveValue, move: Move) -> MoveValue:
    """``value`` for ``move`` (a twin of its cell under the position's symmetries)."""
    if value.move == move:
        return value
    return MoveValue(move, value.result, value.plies, value.score, value.exact, value.mover, value.depth)


def _symmetry_classes(position: Board, cells: list[int]) -> dict[int, int]:
    """Map each empty cell to the smallest cell the position's own symmetries take it to."""
    geometry = position.geometry
    x_bits, o_bits = position.bits
    x_cells = [cell for cell in range(geometry.cells) if x_bits >> cell & 1]
    o_cells = [cell for cell in range(geometry.cells) if o_bits >> cell & 1]
    # A symmetry that takes every stone onto a stone of its own mark leaves the position
    # alone (it is one-to-one); checking the stones needs no transform tables.
    own = [
        perm
        for number, perm in enumerate(geometry.symmetries)
        if number
        and all(x_bits >> perm[cell] & 1 for cell in x_cells)
        and all(o_bits >> perm[cell] & 1 for cell in o_cells)
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


def _finished(board: Board) -> Analysis | None:
    """The analysis of a game that is already over, ``None`` while it goes on."""
    outcome = board.outcome()
    if outcome is None:
        return None
    return Analysis(board.notation(), None, board.status, outcome.result, 0, None, (), True)


def _searcher_for(board: Board, searcher: PerfectSearcher | None) -> PerfectSearcher:
    """``searcher``, checked to play ``board``'s shape, or a new one.

    Raises:
        ValueError: a searcher for another board shape.
    """
    if searcher is None:
        return PerfectSearcher(board.config)
    if searcher.config != board.config:
        raise ValueError(f"the searcher plays {searcher.config}, not {board.config}")
    return searcher
