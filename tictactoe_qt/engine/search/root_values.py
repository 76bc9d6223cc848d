"""Every root move's value from one comparable search: the same depth and window.

:func:`value_root_moves` deepens all the root's moves together, one ply at a
time: at depth ``d`` each move's reply position is searched to ``d - 1``
plies with the full window, the way a search of the root sees it one ply
down (:meth:`.NegamaxRun.search`, ``as_reply``). Only a depth every move
finished counts, so the heuristic scores handed back all come from that one
depth and rank fairly against each other. A move whose search completes is
solved, and its exact value holds at any depth.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..game.board import Board
from ..players.player_spec import MAX_TIME
from ..search_result import MATE_THRESHOLD, ShouldStop
from .negamax import NegamaxRun, SearchAborted
from .perfect import PerfectSearcher

#: With ``solve_first``, the share of the time the solving pass may use.
SOLVE_SHARE = 0.5
#: Smallest slice of time one move's solving search gets.
MIN_SOLVE_SECONDS = 0.002


@dataclass
class RootValues:
    """Root moves' scores, from the view of the side that plays them.

    Attributes:
        exact: solved moves (cell -> game-theoretic score, ``WIN_SCORE - plies``
            for a win in ``plies`` counting the move).
        scores: the other moves' heuristic scores, all from a search of ``depth``.
        depth: plies searched from the root, the move included, behind ``scores``;
            ``None`` when no depth was finished for every move (``scores`` is empty).
    """

    exact: dict[int, int] = field(default_factory=dict)
    scores: dict[int, int] = field(default_factory=dict)
    depth: int | None = None


def parent_score(score: int) -> int:
    """A reply position's score (its side to move) seen by the side that moved there."""
    if score >= MATE_THRESHOLD:
        return -(score - 1)
    if score <= -MATE_THRESHOLD:
        return -(score + 1)
    return -score


def value_root_moves(
    searcher: PerfectSearcher,
    board: Board,
    cells: Sequence[int],
    deadline: float,
    should_stop: ShouldStop,
    solve_first: bool = False,
) -> RootValues:
    """Value the moves ``cells`` of ``board`` by deepening them together until ``deadline``.

    Args:
        searcher: its table and book are shared (and filled) by every move's search.
        board: the root; not changed (the moves are played on a copy).
        cells: the moves to value (none may end the game), best guess first.
        deadline: a ``time.perf_counter()`` time; what is finished by then counts.
        should_stop: polled often; ``True`` ends the deepening (what finished counts).
        solve_first: first try to solve each move with the searcher (small boards),
            using at most :data:`SOLVE_SHARE` of the time.
    """
    values = RootValues()
    position = board.copy()
    pending = [cell for cell in cells if not _booked(searcher, position, cell, values)]
    if solve_first and pending:
        _solve(searcher, position, pending, deadline, should_stop, values)
        pending = [cell for cell in pending if cell not in values.exact]
    runs: dict[int, NegamaxRun] = {}
    max_depth = searcher.geometry.cells - board.ply
    depth = 1
    while pending and depth <= max_depth:
        scores: dict[int, int] = {}
        try:
            for cell in pending:
                # The first depth (a look at each reply) always finishes, so every move
                # searched gets a value however small the budget.
                if should_stop() or (depth > 1 and time.perf_counter() >= deadline):
                    raise SearchAborted
                run = runs.get(cell)
                if run is None:
                    position.push_index(cell)
                    try:
                        run = runs[cell] = searcher.reply_run(position, deadline, should_stop)
                    finally:
                        position.pop()
                score, _, complete = run.search(depth - 1, as_reply=True)
                if complete:
                    values.exact[cell] = parent_score(score)
                else:
                    scores[cell] = parent_score(score)
        except SearchAborted:
            break
        values.scores, values.depth = scores, depth
        # The next depth searches the best moves first (their table entries help the rest).
        pending = sorted(scores, key=lambda cell: -scores[cell])
        depth += 1
    for cell in values.exact:
        values.scores.pop(cell, None)
    if not values.scores:
        values.depth = None
    return values


def _booked(searcher: PerfectSearcher, position: Board, cell: int, values: RootValues) -> bool:
    """Take the move's value from the searcher's book of solved positions, if there."""
    position.push_index(cell)
    try:
        known = searcher.known(position)
    finally:
        position.pop()
    if known is None:
        return False
    values.exact[cell] = parent_score(int(known.score))
    return True


def _solve(
    searcher: PerfectSearcher,
    position: Board,
    cells: list[int],
    deadline: float,
    should_stop: ShouldStop,
    values: RootValues,
) -> None:
    """Try to solve each move within a fair slice of the solving share of the time."""
    stop_solving = time.perf_counter() + (deadline - time.perf_counter()) * SOLVE_SHARE
    for number, cell in enumerate(cells):
        slice_ = (stop_solving - time.perf_counter()) / (len(cells) - number)
        if slice_ < MIN_SOLVE_SECONDS or should_stop():
            return
        position.push_index(cell)
        try:
            reply = searcher.search(position, min(slice_, MAX_TIME), should_stop=should_stop)
        finally:
            position.pop()
        if reply.exact:
            values.exact[cell] = parent_score(int(reply.score))
