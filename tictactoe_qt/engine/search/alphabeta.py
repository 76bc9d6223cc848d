"""Alpha-beta: minimax that skips branches which cannot change the decision.

It returns minimax's value on every position, usually after far fewer nodes.
The flags switch on the classic improvements one at a time, so the
comparison panel can show what each one buys:

* ``ordering`` only reorders moves: ``False`` (or ``"none"``) is row-major
  order, ``"centre"`` centre-first (see :func:`.move_tables.search_order`),
  ``True`` (or ``"wins"``, the default) centre-first after an immediate win.
  (The fast small-board search values a reply that wins at once without
  calling itself, counting exactly the nodes that call would.)
* ``capped_window`` (on by default): beta starts at the best score still
  possible here (a win with this move), so finding a winning move ends the
  node. It is a window rule, the textbook search's ``capped_window`` option;
  with it off and ``ordering`` none this is the textbook alpha-beta.
* ``transposition``: a table of finished positions with exact, lower-bound
  or upper-bound values, so a position reached by another move order is not
  searched again.
* ``symmetry``: the table key is the position's canonical form under the
  board's symmetries (8 on square boards, 4 on rectangles), so mirrored and
  rotated positions share one entry. It turns the table on.

Scores and the depth cut-off are as in :mod:`.minimax`; the search is
fail-soft negamax. Ties go to the first move in the chosen order.
"""

from __future__ import annotations

import random
import time

from ..game.board import Board, Move
from ..players.player_spec import PlayerSpec
from ..search_result import MATE_THRESHOLD, SearchResult, SearchStats, ShouldStop, exact_fields, never_stop
from .alphabeta_core import AlphaBetaCounters, fast_search, general_search, principal_variation
from .cancellation import SearchCancelled
from .depth_player import DepthSearchPlayer
from .minimax import check_depth
from .minimax_solvers import INFINITY
from .result_building import first_free_cell, game_over_result, moves_from_cells

ORDERINGS = ("none", "centre", "wins")


def ordering_name(ordering: bool | str) -> str:
    """Normalise the ``ordering`` flag to one of :data:`ORDERINGS`.

    Raises:
        ValueError: an unknown ordering name.
    """
    if ordering is True:
        return "wins"
    if ordering is False:
        return "none"
    if ordering not in ORDERINGS:
        raise ValueError(f"unknown move ordering {ordering!r}; choose from {', '.join(ORDERINGS)}")
    return ordering


def alphabeta_search(
    board: Board,
    depth: int | None = None,
    *,
    ordering: bool | str = True,
    capped_window: bool = True,
    transposition: bool = False,
    symmetry: bool = False,
    should_stop: ShouldStop = never_stop,
) -> SearchResult:
    """Choose a move by alpha-beta search to ``depth`` plies.

    Args:
        board: the position; it is read, never changed.
        depth: how many plies to look ahead; ``None`` searches to the end.
        ordering: ``False``/``"none"``, ``"centre"`` or ``True``/``"wins"`` (module notes).
        capped_window: cap beta at the quickest win still possible (module notes).
        transposition: keep a table of searched positions.
        symmetry: key the table on the canonical position (implies a table).
        should_stop: polled every few thousand nodes; when it returns true the
            search stops and returns its best move so far.

    Raises:
        ValueError: ``depth`` is less than 1, ``ordering`` is unknown, or ``wins``
            without ``capped_window``.
    """
    check_depth(depth)
    mode = ordering_name(ordering)
    if mode == "wins" and not capped_window:
        raise ValueError(
            "the wins ordering ends a node at its winning move, which needs "
            "capped_window; choose ordering none or centre to search uncapped"
        )
    start = time.perf_counter()
    if board.is_game_over():
        return game_over_result("alphabeta", board, depth, start)
    geometry = board.geometry
    me, opp = board.bits[board.side], board.bits[1 - board.side]
    counters = AlphaBetaCounters()
    full_depth = depth is None or depth >= geometry.cells - board.ply
    pair = None
    if full_depth and not transposition and not symmetry:
        pair = fast_search(board, mode, capped_window, counters, should_stop)
    if pair is None:
        table: dict[int, tuple[int, int]] | None = {} if transposition or symmetry else None
        limit = None if full_depth else depth
        pair = general_search(geometry, mode, capped_window, counters, should_stop, limit, table, symmetry)
    search, flush = pair
    cancelled = False
    score = 0
    try:
        score = search(me, opp, 0, -INFINITY, INFINITY)
    except SearchCancelled:
        cancelled = True
    flush()
    stats = SearchStats(
        nodes=counters.nodes,
        cutoffs=counters.cutoffs,
        max_ply=counters.max_ply,
        depth=depth,
        tt_hits=counters.tt_hits,
        elapsed_seconds=time.perf_counter() - start,
    )
    pv_bits = principal_variation(counters.best_moves, me, opp, geometry)
    if cancelled or not pv_bits:
        fallback = pv_bits[0] if pv_bits else first_free_cell(board)
        move = Move.from_index(fallback, geometry.cols)
        return SearchResult("alphabeta", move, 0, exact=False, pv=[move], stats=stats, cancelled=cancelled)
    exact = counters.evaluations == 0 or abs(score) >= MATE_THRESHOLD
    result, plies = exact_fields(board, score) if exact else (None, None)
    pv = moves_from_cells(board, pv_bits)
    return SearchResult(
        algorithm="alphabeta", move=pv[0], score=score, exact=exact, result=result, plies=plies, pv=pv, stats=stats
    )


def _alphabeta_player(spec: PlayerSpec, rng: random.Random) -> DepthSearchPlayer:
    def search(board: Board, depth: int | None, should_stop: ShouldStop) -> SearchResult:
        return alphabeta_search(board, depth, should_stop=should_stop)

    return DepthSearchPlayer(spec, rng, search)


#: The players defined here, by kind; players/registry.py collects them.
PLAYERS = {"alphabeta": _alphabeta_player}
