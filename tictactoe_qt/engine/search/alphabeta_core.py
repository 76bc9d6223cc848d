"""The recursive alpha-beta searches behind :func:`.alphabeta.alphabeta_search`.

Each search is a closure over its board's tables and counters (closure lookups
keep the hot loop fast) and comes with a ``flush`` that copies its counts into
:class:`AlphaBetaCounters` when it is done. :func:`fast_search` is table-driven
for small boards searched to the end; :func:`general_search` takes any board,
an optional depth cut-off and an optional transposition table. Both record each
exactly valued position's best move, which :func:`principal_variation` follows.
"""

from __future__ import annotations

from collections.abc import Callable

from ..game.board import Board
from ..game.geometry import Geometry
from ..search_result import WIN_SCORE, ShouldStop
from .cancellation import SearchCancelled
from .evaluation import open_lines_score
from .minimax_solvers import INFINITY
from .move_tables import move_tables, search_order

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
    board: Board, ordering: str, capped: bool, counters: AlphaBetaCounters, should_stop: ShouldStop
) -> SearchPair | None:
    """A table-driven search for small boards, full depth, no transposition table;
    ``capped`` starts beta at the quickest win still possible (see :mod:`.alphabeta`).

    Returns ``None`` when the board is too big for the tables.
    """
    tables = move_tables(board.config)
    if tables is None:
        return None
    has_line = tables.has_line
    winning_cells = tables.winning_cells
    empties = tables.empty_cells(centre_first=ordering != "none")
    full = tables.full
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
    capped: bool,
    counters: AlphaBetaCounters,
    should_stop: ShouldStop,
    limit: int | None,
    table: dict[int, tuple[int, int]] | None,
    symmetry: bool,
) -> SearchPair:
    """Alpha-beta on any board, with an optional depth cut-off and table; ``capped``
    starts beta at the quickest win still possible (see :mod:`.alphabeta`)."""
    order = [(1 << cell, geometry.cell_line_masks[cell]) for cell in cell_order(geometry, ordering)]
    full = geometry.full
    shift = geometry.cells
    symmetries = range(len(geometry.symmetries))
    transform = geometry.transform
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


def principal_variation(best_moves: dict[tuple[int, int], int], me: int, opp: int, geometry: Geometry) -> list[int]:
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


def _recorded_best(best_moves: dict[tuple[int, int], int], me: int, opp: int, geometry: Geometry) -> int | None:
    """The best move recorded for this position or, with a symmetric table, for an image of it."""
    for number, permutation in enumerate(geometry.symmetries):
        bit = best_moves.get((geometry.transform(me, number), geometry.transform(opp, number)))
        if bit is not None:
            image = bit.bit_length() - 1
            return permutation.index(image)  # the cell that this symmetry maps onto it
    return None
