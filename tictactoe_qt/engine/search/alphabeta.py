"""Alpha-beta: minimax that skips branches which cannot change the decision.

It returns minimax's value on every position, usually after far fewer nodes.
The flags switch on the classic improvements one at a time, so the
comparison panel can show what each one buys:

* ``ordering``: ``False`` (or ``"none"``) is the textbook search in
  row-major order. ``"centre"`` tries moves centre-first (see
  :func:`.move_tables.search_order`) and caps beta at the best score still
  possible here (a win with this move), so finding a winning move ends the
  node. ``True`` (or ``"wins"``, the default) also tries an immediate win
  before any other move. (The fast small-board search values a reply that
  wins at once without calling itself, counting exactly the nodes that call
  would.)
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
from collections.abc import Callable

from ..board import Board, Move
from ..evaluation import open_lines_score
from ..geometry import Geometry
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
from .minimax import check_depth
from .minimax_solvers import INFINITY
from .move_tables import move_tables, search_order
from .result_building import first_free_cell, game_over_result, moves_from_cells

ORDERINGS = ("none", "centre", "wins")
#: Nodes between two ``should_stop`` polls.
CHECK_EVERY_NODES = 2048
EXACT, LOWER, UPPER = 0, 1, 2
#: The table stops taking new positions here, so memory stays bounded (a few
#: hundred MB at most) however long a search on a big board runs.
MAX_TABLE_ENTRIES = 1_000_000

#: ``search(own_bits, opp_bits, distance_from_root, alpha, beta)`` for the side to move.
Search = Callable[[int, int, int, int, int], int]
#: A search, and the function that copies its counts into the counters when done.
SearchPair = tuple[Search, Callable[[], None]]


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


def cell_order(geometry: Geometry, ordering: str) -> tuple[int, ...]:
    """The order moves are tried in: row-major for ``"none"``, else centre-first."""
    return tuple(range(geometry.cells)) if ordering == "none" else search_order(geometry)


class AlphaBetaCounters:
    """What one alpha-beta search counted (the root is the first node)."""

    def __init__(self) -> None:
        self.nodes = 1
        self.cutoffs = 0
        self.tt_hits = 0
        self.max_ply = 0
        self.evaluations = 0
        #: Best move (as a bit) of each position whose value came out exact.
        self.best_moves: dict[tuple[int, int], int] = {}


def fast_search(
    board: Board, ordering: str, counters: AlphaBetaCounters, should_stop: ShouldStop
) -> SearchPair | None:
    """A table-driven search for small boards, full depth, no transposition table.

    Returns ``None`` when the board is too big for the tables.
    """
    tables = move_tables(board.config)
    if tables is None:
        return None
    has_line = tables.has_line
    winning_cells = tables.winning_cells
    empties = tables.empty_cells(centre_first=ordering != "none")
    full = tables.full
    capped = ordering != "none"
    wins_first = ordering == "wins"
    best_moves = counters.best_moves
    nodes = counters.nodes
    cutoffs = 0
    deepest = 0
    next_check = nodes + CHECK_EVERY_NODES

    def search(me: int, opp: int, d: int, alpha: int, beta: int) -> int:
        nonlocal nodes, cutoffs, deepest, next_check
        if nodes >= next_check:
            next_check = nodes + CHECK_EVERY_NODES
            if should_stop():
                raise SearchCancelled
        occupied = me | opp
        cells = empties[occupied]
        win1 = WIN_SCORE - d - 1
        if d >= deepest:
            deepest = d + 1
        if capped:
            if wins_first:
                wins = winning_cells[me] & ~occupied
                if wins:
                    for bit in cells:
                        if bit & wins:
                            break
                    nodes += 1
                    if len(cells) > 1:
                        cutoffs += 1
                    if alpha < win1:  # inside the window: may be on the PV
                        best_moves[me, opp] = bit
                    return win1
            if beta > win1:
                beta = win1  # nothing here can beat a win with this move
                if alpha >= beta:
                    cutoffs += 1
                    return win1
        alpha0 = alpha
        best = -INFINITY
        best_bit = 0
        last = cells[-1]
        reply_wins = winning_cells[opp] if wins_first else 0
        for bit in cells:
            nodes += 1
            mine = me | bit
            after = mine | opp
            if has_line[mine]:
                score = win1
            elif after == full:
                score = 0
            elif reply_wins & ~after:
                # The reply wins at once. Count and record exactly what searching the
                # reply would (its winning move is its only node), without the call.
                nodes += 1
                rest = full & ~after
                if rest & (rest - 1):
                    cutoffs += 1
                if d + 1 >= deepest:
                    deepest = d + 2
                if -beta < win1 - 1:
                    for reply in empties[after]:
                        if reply & reply_wins:
                            best_moves[opp, mine] = reply
                            break
                score = 1 - win1
            else:
                score = -search(opp, mine, d + 1, -beta, -alpha)
            if score > best:
                best = score
                best_bit = bit
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        if bit != last:
                            cutoffs += 1
                        break
        if alpha0 < best and (best < beta or best == win1):
            best_moves[me, opp] = best_bit
        return best

    def flush() -> None:
        counters.nodes = nodes
        counters.cutoffs = cutoffs
        counters.max_ply = deepest

    return search, flush


def general_search(
    geometry: Geometry,
    ordering: str,
    counters: AlphaBetaCounters,
    should_stop: ShouldStop,
    limit: int | None,
    table: dict[int, tuple[int, int]] | None,
    symmetry: bool,
) -> SearchPair:
    """Alpha-beta on any board, with an optional depth cut-off and table."""
    order = [(1 << cell, geometry.cell_line_masks[cell]) for cell in cell_order(geometry, ordering)]
    full = geometry.full
    shift = geometry.cells
    symmetries = range(len(geometry.symmetries))
    transform = geometry.transform
    capped = ordering != "none"
    wins_first = ordering == "wins"
    best_moves = counters.best_moves
    nodes = counters.nodes
    cutoffs = tt_hits = evaluations = deepest = 0
    next_check = nodes + CHECK_EVERY_NODES

    def key_of(me: int, opp: int) -> int:
        """The smallest key over the board's symmetries: one per class of positions."""
        return min(transform(me, s) << shift | transform(opp, s) for s in symmetries)

    def search(me: int, opp: int, d: int, alpha: int, beta: int) -> int:
        nonlocal nodes, cutoffs, tt_hits, evaluations, deepest, next_check
        if nodes >= next_check:
            next_check = nodes + CHECK_EVERY_NODES
            if should_stop():
                raise SearchCancelled
        if limit is not None and d >= limit:
            evaluations += 1
            return open_lines_score(geometry, me, opp)
        key = 0
        if table is not None:
            key = key_of(me, opp) if symmetry else me << shift | opp
            entry = table.get(key)
            if entry is not None:
                value, bound = entry
                if bound == EXACT or (value >= beta if bound == LOWER else value <= alpha):
                    tt_hits += 1
                    return value
        occupied = me | opp
        win1 = WIN_SCORE - d - 1
        if d >= deepest:
            deepest = d + 1
        if capped:
            if wins_first:
                for bit, masks in order:
                    if not occupied & bit:
                        mine = me | bit
                        for mask in masks:
                            if mine & mask == mask:
                                nodes += 1
                                if occupied | bit != full:
                                    cutoffs += 1  # the other moves are pruned
                                if alpha < win1:  # inside the window: may be on the PV
                                    best_moves[me, opp] = bit
                                return win1
            if beta > win1:
                beta = win1
                if alpha >= beta:
                    cutoffs += 1
                    return win1
        alpha0 = alpha
        best = -INFINITY
        best_bit = 0
        for bit, masks in order:
            if occupied & bit:
                continue
            if alpha >= beta:
                cutoffs += 1  # this move and the rest are pruned
                break
            nodes += 1
            mine = me | bit
            for mask in masks:
                if mine & mask == mask:
                    score = win1
                    break
            else:
                score = 0 if mine | opp == full else -search(opp, mine, d + 1, -beta, -alpha)
            if score > best:
                best = score
                best_bit = bit
                if score > alpha:
                    alpha = score
        if alpha0 < best and (best < beta or best == win1):
            best_moves[me, opp] = best_bit
        if table is not None and len(table) < MAX_TABLE_ENTRIES:
            bound = UPPER if best <= alpha0 else LOWER if best >= beta else EXACT
            table[key] = (best, bound)
        return best

    def flush() -> None:
        counters.nodes = nodes
        counters.cutoffs = cutoffs
        counters.tt_hits = tt_hits
        counters.evaluations = evaluations
        counters.max_ply = deepest

    return search, flush


def alphabeta_search(
    board: Board,
    depth: int | None = None,
    *,
    ordering: bool | str = True,
    transposition: bool = False,
    symmetry: bool = False,
    should_stop: ShouldStop = never_stop,
) -> SearchResult:
    """Choose a move by alpha-beta search to ``depth`` plies.

    Args:
        board: the position; it is read, never changed.
        depth: how many plies to look ahead; ``None`` searches to the end.
        ordering: ``False``, ``True``/``"centre"`` or ``"wins"`` (see the module notes).
        transposition: keep a table of searched positions.
        symmetry: key the table on the canonical position (implies a table).
        should_stop: polled every few thousand nodes; when it returns true the
            search stops and returns its best move so far.

    Raises:
        ValueError: ``depth`` is less than 1 or ``ordering`` is unknown.
    """
    check_depth(depth)
    mode = ordering_name(ordering)
    start = time.perf_counter()
    if board.is_game_over():
        return game_over_result("alphabeta", board, depth, start)
    geometry = board.geometry
    me, opp = board.bits[board.side], board.bits[1 - board.side]
    counters = AlphaBetaCounters()
    full_depth = depth is None or depth >= geometry.cells - board.ply
    pair = None
    if full_depth and not transposition and not symmetry:
        pair = fast_search(board, mode, counters, should_stop)
    if pair is None:
        table: dict[int, tuple[int, int]] | None = {} if transposition or symmetry else None
        limit = None if full_depth else depth
        pair = general_search(geometry, mode, counters, should_stop, limit, table, symmetry)
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
        return SearchResult("alphabeta", move, 0, exact=False, pv=[move], stats=stats,
                            cancelled=cancelled)
    exact = counters.evaluations == 0 or abs(score) >= MATE_THRESHOLD
    result, plies = exact_fields(board, score) if exact else (None, None)
    pv = moves_from_cells(board, pv_bits)
    return SearchResult(
        algorithm="alphabeta",
        move=pv[0],
        score=score,
        exact=exact,
        result=result,
        plies=plies,
        pv=pv,
        stats=stats,
    )


def principal_variation(
    best_moves: dict[tuple[int, int], int], me: int, opp: int, geometry: Geometry
) -> list[int]:
    """Follow the recorded best moves from the root while the game goes on."""
    cells: list[int] = []
    while len(cells) < geometry.cells:
        cell = _recorded_best(best_moves, me, opp, geometry)
        if cell is None:
            break
        cells.append(cell)
        me, opp = opp, me | 1 << cell
        if geometry.has_line(opp) or me | opp == geometry.full:
            break
    return cells


def _recorded_best(
    best_moves: dict[tuple[int, int], int], me: int, opp: int, geometry: Geometry
) -> int | None:
    """The best move recorded for this position or, with a symmetric table, for an image of it."""
    for number, permutation in enumerate(geometry.symmetries):
        bit = best_moves.get((geometry.transform(me, number), geometry.transform(opp, number)))
        if bit is not None:
            image = bit.bit_length() - 1
            return permutation.index(image)  # the cell that this symmetry maps onto it
    return None


def _alphabeta_player(spec: PlayerSpec, rng: random.Random) -> DepthSearchPlayer:
    def search(board: Board, depth: int | None, should_stop: ShouldStop) -> SearchResult:
        return alphabeta_search(board, depth, should_stop=should_stop)

    return DepthSearchPlayer(spec, rng, search)


PLAYER_FACTORIES["alphabeta"] = _alphabeta_player
