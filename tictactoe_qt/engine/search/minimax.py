"""Plain minimax: the textbook search without pruning, the engine's way.

It is the program's one textbook search (:mod:`..teaching.trace.event_stream`) with the
engine's options: no pruning, scores from the side to move counting plies from
the root (a win ``p`` plies away scores ``WIN_SCORE - p``, so a sooner win beats
a later one), E(n) of :mod:`.evaluation` at a depth cut-off, and ties going to
the first move in centre, corners, edges order (:func:`.move_tables.search_order`),
so the search is deterministic. Every position of the tree below the root is
visited and counted: from the empty 3x3 board exactly 549,946 nodes.

The speed comes from the table-driven kernel of :mod:`.minimax_solvers`, which
values each subtree below the root's moves on a small board searched to the end
(the last four plies in one call) and counts exactly the nodes it stands for.
"""

from __future__ import annotations

import random
import time

from ..game.board import Board, Move
from ..players.player_spec import PlayerSpec
from ..players.textbook_options import TextbookOptions
from ..search_result import MATE_THRESHOLD, SearchResult, SearchStats, ShouldStop, exact_fields, never_stop
from ..teaching.trace.event_stream import ExactBelow, SearchCounts, count_search
from ..teaching.trace.spaces import BoardSpace, BoardState
from .cancellation import SearchCancelled
from .depth_player import DepthSearchPlayer
from .minimax_solvers import full_depth_solver
from .move_tables import move_tables, search_order
from .result_building import first_free_cell, game_over_result, moves_from_cells

#: The engine's minimax as options of the textbook search.
ENGINE_OPTIONS = TextbookOptions(scoring="distance", evaluation="open-lines", form="negamax")


def minimax_search(board: Board, depth: int | None = None, should_stop: ShouldStop = never_stop) -> SearchResult:
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
    if board.is_game_over():
        return game_over_result("minimax", board, depth, start)
    geometry = board.geometry
    counts = SearchCounts()
    cancelled = False
    try:
        _search(board, depth, should_stop, counts)
    except SearchCancelled:
        cancelled = True
    stats = SearchStats(
        nodes=counts.nodes, max_ply=counts.deepest, depth=depth, elapsed_seconds=time.perf_counter() - start
    )
    root_scores = counts.root_scores
    if not root_scores:
        move = Move.from_index(first_free_cell(board), geometry.cols)
        return SearchResult("minimax", move, 0, exact=False, pv=[move], stats=stats, cancelled=True)
    best_cell, best_score = root_scores[0]
    for cell, score in root_scores:
        if score > best_score:
            best_cell, best_score = cell, score
    pv_cells = [best_cell] if cancelled else _principal_variation(board, depth, best_cell, should_stop)
    exact = not cancelled and (counts.evaluations == 0 or abs(best_score) >= MATE_THRESHOLD)
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


def _search(board: Board, depth: int | None, should_stop: ShouldStop, counts: SearchCounts) -> None:
    """The textbook search with the engine's options, the kernel taking whole subtrees."""
    space = BoardSpace(board, ENGINE_OPTIONS, depth, cell_order=search_order(board.geometry))
    count_search(space, "minimax", ENGINE_OPTIONS, should_stop, counts, exact_below=_kernel(board, depth, should_stop))


def _kernel(board: Board, depth: int | None, should_stop: ShouldStop) -> ExactBelow | None:
    """The table-driven kernel for the subtrees of a small board searched to the end."""
    tables = move_tables(board.config)
    empty = board.geometry.cells - board.ply
    if tables is None or (depth is not None and depth < empty):
        return None
    levels = [0] * (empty + 4)
    value = full_depth_solver(tables, levels, should_stop)

    def exact_below(state: BoardState, ply: int) -> tuple[int, int, int]:
        max_bits, min_bits, _, max_to_move = state
        me, opp = (max_bits, min_bits) if max_to_move else (min_bits, max_bits)
        levels[:] = [0] * len(levels)
        found = value(me, opp, ply)
        deepest = max((d for d, count in enumerate(levels) if count), default=ply)
        return found, sum(levels), deepest

    return exact_below


def _principal_variation(board: Board, depth: int | None, first: int, should_stop: ShouldStop) -> list[int]:
    """The best line from ``board`` starting with ``first``, each reply searched again
    (uncounted); a stop request, or the depth limit, just ends the line."""
    work = board.copy()
    cells = [first]
    work.push_index(first)
    while not work.is_game_over() and (depth is None or len(cells) < depth):
        counts = SearchCounts()
        try:
            _search(work, None if depth is None else depth - len(cells), should_stop, counts)
        except SearchCancelled:
            break
        cells.append(counts.best)
        work.push_index(counts.best)
    return cells


def check_depth(depth: int | None) -> None:
    """Reject a depth limit below one ply.

    Raises:
        ValueError: ``depth`` is not ``None`` and less than 1.
    """
    if depth is not None and (not isinstance(depth, int) or depth < 1):
        raise ValueError(f"depth must be 1 or more (or None for unlimited), got {depth!r}")


def _minimax_player(spec: PlayerSpec, rng: random.Random) -> DepthSearchPlayer:
    def search(board: Board, depth: int | None, should_stop: ShouldStop) -> SearchResult:
        return minimax_search(board, depth, should_stop)

    return DepthSearchPlayer(spec, rng, search)


#: The players defined here, by kind; players/registry.py collects them.
PLAYERS = {"minimax": _minimax_player}
