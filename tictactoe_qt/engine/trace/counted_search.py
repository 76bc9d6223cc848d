"""The traced searches without their events: the same nodes and cut-offs, many times faster.

:func:`counted_search` walks exactly the tree that :func:`.board_events` streams
for the same algorithm and :class:`.TextbookOptions` (same move order, same
windows, same cut-offs, same table), but as plain recursion over bitboards that
only counts. ``search`` with textbook options, the players that take them and
Compare use it; tests hold it to the trace's counts (:mod:`.textbook_search`) over
many positions and every option set. It is written once, in the negamax form: both forms visit the same
nodes and give the root the same value (the side to move's), and a table keyed by
``(MAX's cells, MIN's cells)`` holds the same entries in either view.

:func:`limited_values` gives the depth-limited minimax value of positions below a
root, as a traced search with a depth limit would back them up.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from ..board import Board, Move
from ..evaluation import open_lines_score
from ..geometry import Geometry, iter_bits
from ..search_result import WIN_SCORE, SearchResult, SearchStats, ShouldStop, never_stop
from ..search.cancellation import SearchCancelled
from . import board_space
from .options import TextbookOptions
from .textbook_search import decision

#: Nodes between two ``should_stop`` polls.
CHECK_EVERY_NODES = 4096
INFINITY = float("inf")
EXACT, LOWER, UPPER = 0, 1, 2
#: No depth limit.
UNLIMITED = 1 << 30

Value = int | float
MoveOrder = Callable[[int, int, int | None], list[int]]


def move_order(geometry: Geometry, ordering: str) -> MoveOrder:
    """``order(mover's cells, opponent's cells, preferred)``: the moves, as the trace orders them."""
    full = geometry.full
    line_masks = geometry.cell_line_masks
    centre = geometry.centre_order

    def reading(me: int, opp: int, preferred: int | None) -> list[int]:
        return iter_bits(full & ~(me | opp))

    def centre_first(me: int, opp: int, preferred: int | None) -> list[int]:
        empty = full & ~(me | opp)
        return [cell for cell in centre if empty >> cell & 1]

    def wins_first(me: int, opp: int, preferred: int | None) -> list[int]:
        cells = iter_bits(full & ~(me | opp))
        wins: list[int] = []
        blocks: list[int] = []
        rest: list[int] = []
        for cell in cells:  # wins_with, written out: this runs at every node
            bit = 1 << cell
            mine, theirs = me | bit, opp | bit
            masks = line_masks[cell]
            for mask in masks:
                if mine & mask == mask:
                    wins.append(cell)
                    break
            else:
                for mask in masks:
                    if theirs & mask == mask:
                        blocks.append(cell)
                        break
                else:
                    rest.append(cell)
        return wins + blocks + rest

    def table_first(me: int, opp: int, preferred: int | None) -> list[int]:
        cells = iter_bits(full & ~(me | opp))
        if preferred is not None:
            cells.remove(preferred)
            cells.insert(0, preferred)
        return cells

    return {"none": reading, "centre": centre_first, "wins": wins_first,
            "table": table_first}[ordering]


class _Counts:
    __slots__ = ("nodes", "cutoffs", "deepest", "evaluations", "tt_hits", "next_check")

    def __init__(self) -> None:
        self.nodes = self.cutoffs = self.deepest = self.evaluations = self.tt_hits = 0
        self.next_check = CHECK_EVERY_NODES


def counted_search(
    board: Board,
    algorithm: str,
    options: TextbookOptions,
    depth: int | None = None,
    should_stop: ShouldStop = never_stop,
) -> SearchResult:
    """What :func:`.textbook_search` answers (move, value, nodes, cut-offs), much faster.

    Raises:
        OptionsError: an unknown algorithm or a misfit option.
        ValueError: a depth below 1, or a finished game.
    """
    board_space(board, algorithm, options, depth)  # the same checks and errors as the trace
    start = time.perf_counter()
    geometry = board.geometry
    line_masks, full = geometry.cell_line_masks, geometry.full
    limit = UNLIMITED if depth is None else depth
    distance = options.scoring == "distance"
    win = WIN_SCORE if distance else 1
    zero = options.evaluation == "zero"
    order = move_order(geometry, options.ordering)
    counts = _Counts()
    table: dict[tuple[int, int], tuple[Value, int, int]] | None = (
        {} if algorithm == "alphabeta-tt" else None)

    # One function per algorithm, with the leaf test and the counting written out:
    # a call per node is most of the cost in Python. The root (``last`` -1) is never
    # a leaf: the game is still going on there.
    def minimax(me: int, opp: int, last: int, d: int) -> tuple[Value, int]:
        counts.nodes += 1
        if d > counts.deepest:
            counts.deepest = d
        if counts.nodes >= counts.next_check:
            counts.next_check = counts.nodes + CHECK_EVERY_NODES
            if should_stop():
                raise SearchCancelled
        if last >= 0:
            for mask in line_masks[last]:  # did the side that just moved win?
                if opp & mask == mask:
                    return (d - win if distance else -win), -1
            if me | opp == full:
                return 0, -1
        if d >= limit:
            counts.evaluations += 1
            return (0 if zero else open_lines_score(geometry, me, opp)), -1
        best_value: Value = -INFINITY
        best = -1
        for cell in order(me, opp, None):
            score = -minimax(opp, me | 1 << cell, cell, d + 1)[0]
            if score > best_value:
                best_value, best = score, cell
        return best_value, best

    def alphabeta(me: int, opp: int, last: int, d: int, alpha: Value,
                  beta: Value) -> tuple[Value, int]:
        counts.nodes += 1
        if d > counts.deepest:
            counts.deepest = d
        if counts.nodes >= counts.next_check:
            counts.next_check = counts.nodes + CHECK_EVERY_NODES
            if should_stop():
                raise SearchCancelled
        if last >= 0:
            for mask in line_masks[last]:
                if opp & mask == mask:
                    return (d - win if distance else -win), -1
            if me | opp == full:
                return 0, -1
        if d >= limit:
            counts.evaluations += 1
            return (0 if zero else open_lines_score(geometry, me, opp)), -1
        preferred = None
        if table is not None:
            key = (opp, me) if d & 1 else (me, opp)
            entry = table.get(key)
            if entry is not None:
                known, bound, preferred = entry
                if bound == EXACT or (bound == LOWER and known >= beta) \
                        or (bound == UPPER and known <= alpha):
                    counts.tt_hits += 1
                    return known, preferred
        window_alpha = alpha
        moves = order(me, opp, preferred)
        v: Value = -INFINITY
        best = moves[0]
        last_position = len(moves) - 1
        position = 0
        for cell in moves:
            score = -alphabeta(opp, me | 1 << cell, cell, d + 1, -beta, -alpha)[0]
            if score > v:
                v, best = score, cell
                if v >= beta:
                    if position < last_position:
                        counts.cutoffs += 1
                    break
                if v > alpha:
                    alpha = v
            position += 1
        if table is not None:
            bound = UPPER if v <= window_alpha else LOWER if v >= beta else EXACT
            table[(opp, me) if d & 1 else (me, opp)] = (v, bound, best)
        return v, best

    me, opp = board.bits[board.side], board.bits[1 - board.side]
    cancelled = False
    try:
        if algorithm == "minimax":
            value, best = minimax(me, opp, -1, 0)
        else:
            value, best = alphabeta(me, opp, -1, 0, -INFINITY, INFINITY)
    except SearchCancelled:
        cancelled, value, best = True, 0, -1
    stats = SearchStats(nodes=counts.nodes, cutoffs=counts.cutoffs, max_ply=counts.deepest,
                        depth=depth, tt_hits=counts.tt_hits,
                        elapsed_seconds=time.perf_counter() - start)
    move = None if cancelled else Move.from_index(best, board.config.cols)
    return decision(board, algorithm, options, move, value, stats,
                    exact=counts.evaluations == 0)


def limited_values(
    board: Board, options: TextbookOptions, depth_limit: int
) -> Callable[[tuple[int, ...], ShouldStop], Value]:
    """``value(path, should_stop)``: the depth-limited minimax value of the node ``path``
    (cells from ``board``) leads to.

    Values are MAX's (the side to move on ``board``), as the textbook form backs
    them up: utilities at the end of a game, the evaluation option's value at
    ``depth_limit`` plies below ``board``. Positions are remembered between calls;
    ``value`` raises :class:`SearchCancelled` when its ``should_stop`` says so.
    """
    geometry = board.geometry
    wins_with, full = geometry.wins_with, geometry.full
    distance = options.scoring == "distance"
    win = WIN_SCORE if distance else 1
    zero = options.evaluation == "zero"
    memo: dict[tuple[int, int], Value] = {}
    calls = [0]
    stop: list[ShouldStop] = [never_stop]

    def negamax(me: int, opp: int, last: int, d: int) -> Value:
        """The value for the side to move (``me``), ``d`` plies below ``board``."""
        if last >= 0:
            if wins_with(opp, last):
                return -(win - d) if distance else -win
            if me | opp == full:
                return 0
        if d >= depth_limit:
            return 0 if zero else open_lines_score(geometry, me, opp)
        key = (me, opp)
        known = memo.get(key)
        if known is not None:
            return known
        calls[0] += 1
        if calls[0] % CHECK_EVERY_NODES == 0 and stop[0]():
            raise SearchCancelled
        best: Value = -INFINITY
        empty = full & ~(me | opp)
        while empty:
            low = empty & -empty
            empty ^= low
            score = -negamax(opp, me | low, low.bit_length() - 1, d + 1)
            if score > best:
                best = score
        memo[key] = best  # a position's plies below the root are fixed by its stones
        return best

    root_side = board.side

    def value(path: tuple[int, ...], should_stop: ShouldStop = never_stop) -> Value:
        stop[0] = should_stop
        work = board.copy()
        for cell in path:
            work.push_index(cell)
        me, opp = work.bits[work.side], work.bits[1 - work.side]
        last = path[-1] if path else -1
        found = negamax(me, opp, last, len(path))
        return found if work.side == root_side else -found

    return value
