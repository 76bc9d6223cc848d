"""Plain minimax: the textbook search without pruning.

Every position of the game tree below the root is visited and counted, so
from the empty 3x3 board the search sees exactly 549,946 nodes. Scores are
negamax style (from the side to move) and count plies from the root: a win
``p`` plies away scores ``WIN_SCORE - p``, so a sooner win beats a later one
and a later loss beats a sooner one. At a depth cut-off the seed heuristic
E(n) of :mod:`tictactoe_qt.engine.evaluation` scores the position.

Ties between equally good moves go to the first in centre-first order
(:func:`.move_tables.search_order`: centre, corners, edges on 3x3), so the
search is deterministic.

The speed comes from doing the same work with less Python (see
:mod:`.minimax_solvers`): bitboards, a "has a line" table for small boards,
and the last four plies evaluated in one call. No node is skipped.
"""

from __future__ import annotations

import random
import time

from ..board import Board, Move
from ..evaluation import open_lines_score
from ..player_spec import PlayerSpec
from ..players import PLAYER_FACTORIES
from ..search_result import (
    MATE_THRESHOLD,
    WIN_SCORE,
    SearchResult,
    SearchStats,
    ShouldStop,
    exact_fields,
    never_stop,
)
from .cancellation import SearchCancelled
from .depth_player import DepthSearchPlayer
from .minimax_solvers import (
    MinimaxCounters,
    best_of,
    principal_tail,
    scored_children,
    solver_factory,
)
from .move_tables import search_order
from .result_building import first_free_cell, game_over_result, moves_from_cells


def minimax_search(
    board: Board, depth: int | None = None, should_stop: ShouldStop = never_stop
) -> SearchResult:
    """Choose a move by plain minimax, visiting every node to ``depth`` plies.

    Args:
        board: the position; it is read, never changed.
        depth: how many plies to look ahead; ``None`` searches to the end.
        should_stop: polled during the search; when it returns true the
            search stops and returns the best move among the finished ones.

    Raises:
        ValueError: ``depth`` is less than 1.
    """
    check_depth(depth)
    start = time.perf_counter()
    geometry = board.geometry
    if board.is_game_over():
        return game_over_result("minimax", board, depth, start)
    me, opp = board.bits[board.side], board.bits[1 - board.side]
    make_solver = solver_factory(geometry, depth, geometry.cells - board.ply, should_stop)
    counters = MinimaxCounters(geometry.cells)
    counters.levels[0] = 1
    value = make_solver(counters)

    root_scores: list[tuple[int, int]] = []
    replies: dict[int, int] = {}
    cancelled = False
    try:
        for cell in search_order(geometry):
            bit = 1 << cell
            if (me | opp) & bit:
                continue
            mine = me | bit
            counters.levels[1] += 1
            if geometry.wins_with(mine, cell):
                score = WIN_SCORE - 1
            elif mine | opp == geometry.full:
                score = 0
            elif depth == 1:
                counters.evaluations[0] += 1
                score = -open_lines_score(geometry, opp, mine)
            else:
                # Two levels here, so the reply of the principal variation is known.
                children = scored_children(geometry, opp, mine, 1, value, counters.levels)
                replies[cell], reply_score = best_of(children)
                score = -reply_score
            root_scores.append((cell, score))
    except SearchCancelled:
        cancelled = True
    stats = _stats(counters, depth, start)
    if not root_scores:
        move = Move.from_index(first_free_cell(board), geometry.cols)
        return SearchResult("minimax", move, 0, exact=False, pv=[move], stats=stats, cancelled=True)

    best_cell, best_score = best_of(root_scores)
    pv_cells = [best_cell]
    if best_cell in replies and not cancelled:
        pv_cells.append(replies[best_cell])
        after = (me | 1 << best_cell, opp | 1 << replies[best_cell])
        pv_cells += principal_tail(geometry, *after, make_solver)
    exact = not cancelled and (counters.evaluations[0] == 0 or abs(best_score) >= MATE_THRESHOLD)
    result, plies = exact_fields(board, best_score) if exact else (None, None)
    moves = moves_from_cells(board, [cell for cell, _ in root_scores])
    return SearchResult(
        algorithm="minimax",
        move=Move.from_index(best_cell, geometry.cols),
        score=best_score,
        exact=exact,
        result=result,
        plies=plies,
        pv=moves_from_cells(board, pv_cells),
        stats=stats,
        move_scores={move: score for move, (_, score) in zip(moves, root_scores)},
        cancelled=cancelled,
    )


def check_depth(depth: int | None) -> None:
    """Reject a depth limit below one ply.

    Raises:
        ValueError: ``depth`` is not ``None`` and less than 1.
    """
    if depth is not None and (not isinstance(depth, int) or depth < 1):
        raise ValueError(f"depth must be 1 or more (or None for unlimited), got {depth!r}")


def _stats(counters: MinimaxCounters, depth: int | None, start: float) -> SearchStats:
    return SearchStats(
        nodes=counters.nodes,
        max_ply=counters.max_ply,
        depth=depth,
        elapsed_seconds=time.perf_counter() - start,
    )


def _minimax_player(spec: PlayerSpec, rng: random.Random) -> DepthSearchPlayer:
    def search(board: Board, depth: int | None, should_stop: ShouldStop) -> SearchResult:
        return minimax_search(board, depth, should_stop)

    return DepthSearchPlayer(spec, rng, search)


PLAYER_FACTORIES["minimax"] = _minimax_player
