"""The textbook search's answer as a :class:`SearchResult`, and its helpers for the tree view.

:func:`counted_search` is what ``search`` with textbook options, the players that
take them and Compare run: :func:`.event_stream.count_search`, the very search
``trace`` prints, with no event built; :func:`best_line` plays its choices out.
:func:`move_order` orders moves as the
search does, and :func:`limited_values` gives the depth-limited minimax value of
positions below a root, as a traced search with a depth limit would back them up.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from ...game.board import Board, Move, other
from ...game.geometry import Geometry, iter_bits
from ...players.textbook_options import TextbookOptions
from ...search.cancellation import SearchCancelled
from ...search.evaluation import open_lines_score
from ...search.result_building import first_free_cell
from ...search_result import MATE_THRESHOLD, WIN_SCORE, SearchResult, SearchStats, ShouldStop, exact_fields, never_stop
from .event_stream import SearchCounts, count_search
from .searches import board_space

#: Positions between two ``should_stop`` polls of :func:`limited_values`.
CHECK_EVERY_NODES = 4096
INFINITY = float("inf")

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

    return {"none": reading, "centre": centre_first, "wins": wins_first, "table": table_first}[ordering]


def counted_search(
    board: Board,
    algorithm: str,
    options: TextbookOptions,
    depth: int | None = None,
    should_stop: ShouldStop = never_stop,
) -> SearchResult:
    """The move ``algorithm`` picks on ``board`` with ``options``, with the trace's counts.

    It is :func:`.event_stream.count_search`: the trace's own search with no event
    built, so the nodes and cut-offs are the trace's by construction.

    Raises:
        OptionsError: an unknown algorithm or a misfit option.
        ValueError: a depth below 1, or a finished game.
    """
    space = board_space(board, algorithm, options, depth)
    start = time.perf_counter()
    cancelled = False
    counts = SearchCounts()
    try:
        count_search(space, algorithm, options, should_stop, counts)
    except SearchCancelled:
        cancelled = True
    stats = SearchStats(
        nodes=counts.nodes,
        cutoffs=counts.cutoffs,
        max_ply=counts.deepest,
        depth=depth,
        tt_hits=counts.tt_hits,
        elapsed_seconds=time.perf_counter() - start,
    )
    move = None if cancelled else Move.from_index(counts.best, board.config.cols)
    return decision(board, algorithm, options, move, counts.value, stats, exact=counts.evaluations == 0)


def best_line(
    board: Board,
    algorithm: str,
    options: TextbookOptions,
    depth: int | None,
    first: Move,
    should_stop: ShouldStop = never_stop,
) -> list[Move]:
    """The best line from ``board``, ``first`` first: each reply is the move the same
    search picks from the position reached (searched again, uncounted), until the game
    ends or the depth limit; a stop request just ends the line.

    Raises:
        OptionsError: as :func:`counted_search`.
    """
    line = [first]
    work = board.copy()
    work.push(first)
    left = None if depth is None else depth - 1
    while not work.is_game_over() and (left is None or left > 0) and not should_stop():
        reply = counted_search(work, algorithm, options, left, should_stop)
        if reply.cancelled or reply.move is None:
            break
        line.append(reply.move)
        work.push(reply.move)
        left = None if left is None else left - 1
    return line


def decision(
    board: Board,
    algorithm: str,
    options: TextbookOptions,
    best: Move | None,
    value: float,
    stats: SearchStats,
    exact: bool,
) -> SearchResult:
    """A textbook search's answer as a :class:`SearchResult` (``best`` ``None``: cancelled).

    ``exact`` says no position was valued by the evaluation at the depth limit.
    """
    if best is None:
        move = Move.from_index(first_free_cell(board), board.config.cols)
        return SearchResult(algorithm, move, 0, exact=False, pv=[move], stats=stats, cancelled=True)
    result: str | None = None
    plies: int | None = None
    if exact and options.scoring == "distance" and abs(value) >= MATE_THRESHOLD:
        result, plies = exact_fields(board, value)
    elif exact:
        # Textbook scores say who wins, not when.
        result = board.turn if value > 0 else other(board.turn) if value < 0 else "draw"
        if value == 0:
            plies = board.geometry.cells - board.ply
    return SearchResult(algorithm, best, value, exact=exact, result=result, plies=plies, pv=[best], stats=stats)


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
