"""Every root move's depth-limited minimax value: what a search to ``depth`` plies sees.

At the cut-off a position is scored by the seed heuristic E(n) = M(n) - O(n)
(:mod:`tictactoe_qt.engine.search.evaluation`), the way :func:`.minimax.minimax_search`
scores it, and a win ``p`` plies away scores ``WIN_SCORE - p``. Each move's
reply is searched by alpha-beta with a full window, so the value of every
move is exactly plain minimax's at that depth (not a bound), for a fraction
of the nodes. The depths are deepened together, one ply at a time, and only
a depth every move finished counts, so the values always come from one depth.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from ..game.board import Board, Move
from ..search_result import WIN_SCORE, ShouldStop, never_stop
from .alphabeta_core import AlphaBetaCounters, general_search, principal_variation
from .cancellation import SearchCancelled
from .evaluation import open_lines_score
from .minimax import check_depth
from .minimax_solvers import INFINITY
from .move_tables import search_order
from .result_building import moves_from_cells


@dataclass
class DepthLimitedValues:
    """Root moves' depth-limited minimax values, from the side to move's view.

    Attributes:
        scores: each legal move's value at ``depth`` (``WIN_SCORE - p`` for a
            win in ``p`` plies found within the horizon, E(n) at the cut-off).
        depth: plies searched, the move included; ``None`` when not even one
            ply finished (``scores`` is then empty).
        asked: the depth limit asked for.
        best: the move a depth-``depth`` minimax player picks (the first best
            in centre-first order), ``None`` without scores.
        pv: the line the search expects from here, ``best`` first.
        exact: no score rests on E(n): the horizon reached every game's end.
    """

    scores: dict[Move, int] = field(default_factory=dict)
    depth: int | None = None
    asked: int = 1
    best: Move | None = None
    pv: list[Move] = field(default_factory=list)
    exact: bool = False


def depth_limited_values(
    board: Board,
    depth: int,
    deadline: float | None = None,
    should_stop: ShouldStop = never_stop,
    on_depth: Callable[[int], None] | None = None,
) -> DepthLimitedValues:
    """Value every legal move of ``board`` by minimax to ``depth`` plies (the move included).

    Args:
        board: the position (not over); read, never changed.
        depth: the depth limit, 1 or more.
        deadline: a ``time.perf_counter()`` time after which deeper depths are
            not started or finished (what finished counts); ``None`` for no limit.
        should_stop: polled often; ``True`` ends the search (what finished counts).
        on_depth: called with each depth as every move finishes it.

    Raises:
        ValueError: ``depth`` is less than 1, or the game is over.
    """
    check_depth(depth)
    if board.is_game_over():
        raise ValueError(f"no move to value: the game is over on {board.notation()}")
    geometry = board.geometry
    me, opp = board.bits[board.side], board.bits[1 - board.side]
    cells = [cell for cell in search_order(geometry) if not (me | opp) >> cell & 1]
    values = DepthLimitedValues(asked=depth)

    def stop() -> bool:
        return should_stop() or (deadline is not None and time.perf_counter() >= deadline)

    for limit in range(1, min(depth, len(cells)) + 1):
        counters = AlphaBetaCounters()
        search, flush = general_search(geometry, "wins", True, counters, stop, limit, {}, False)
        scores: list[tuple[int, int]] = []
        evaluated = False
        try:
            for cell in cells:
                if limit > 1 and stop():
                    raise SearchCancelled
                mine = me | 1 << cell
                if geometry.wins_with(mine, cell):
                    score = WIN_SCORE - 1
                elif mine | opp == geometry.full:
                    score = 0
                elif limit == 1:
                    evaluated = True
                    score = -open_lines_score(geometry, opp, mine)
                else:
                    score = -search(opp, mine, 1, -INFINITY, INFINITY)
                scores.append((cell, score))
        except SearchCancelled:
            break
        flush()
        values.scores = dict(zip(moves_from_cells(board, [c for c, _ in scores]), (s for _, s in scores)))
        values.depth = limit
        best_cell, best_score = scores[0]
        for cell, score in scores:
            if score > best_score:
                best_cell, best_score = cell, score
        after = me | 1 << best_cell
        tail = [] if limit == 1 else principal_variation(counters.best_moves, opp, after, geometry)
        values.pv = moves_from_cells(board, [best_cell] + tail[: limit - 1])
        values.best = values.pv[0]
        if on_depth is not None:
            on_depth(limit)
        if not evaluated and counters.evaluations == 0:
            # Every line ended within the horizon: deeper searches give the same values.
            values.exact, values.depth = True, depth
            break
    return values
