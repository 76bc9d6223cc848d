"""The node-visiting engines behind :func:`.minimax.minimax_search`.

Two solvers compute the same negamax values. The table-driven one is for
small boards searched to the end: it evaluates the last four plies in one
call and shares line checks between nodes where the same player holds the
same cells, so the 3x3 tree costs about 17,000 calls and a few hundred
thousand list lookups instead of half a million calls. The general one
works on any board, with a depth cut-off scored by E(n). Both count every
node they visit in ``levels``.
"""

from __future__ import annotations

from collections.abc import Callable

from ..evaluation import open_lines_score
from ..geometry import Geometry
from ..search_result import WIN_SCORE, ShouldStop
from .cancellation import SearchCancelled
from .move_tables import MoveTables, move_tables, search_order

#: Larger than any score.
INFINITY = WIN_SCORE + 1
#: The table-driven solver asks ``should_stop`` at nodes with this many empty
#: cells: each such subtree has at most about 2,000 nodes, so stops are prompt.
CHECK_AT_EMPTIES = 6
#: The general solver asks ``should_stop`` once per this many calls.
CHECK_EVERY_CALLS = 256

#: ``value(own_bits, opp_bits, distance_from_root)`` for the side to move.
Solver = Callable[[int, int, int], int]


class MinimaxCounters:
    """Nodes per distance from the root, and how many cut-off evaluations ran."""

    def __init__(self, cells: int) -> None:
        self.levels = [0] * (cells + 3)
        self.evaluations = [0]
        #: The depth limit of the solver using these counters, if any.
        self.limit: int | None = None

    def limit_reached(self, distance: int) -> bool:
        """Whether a node ``distance`` plies from the root is at the depth cut-off."""
        return self.limit is not None and distance >= self.limit

    @property
    def nodes(self) -> int:
        return sum(self.levels)

    @property
    def max_ply(self) -> int:
        return max((ply for ply, count in enumerate(self.levels) if count), default=0)


def full_depth_solver(tables: MoveTables, levels: list[int], should_stop: ShouldStop) -> Solver:
    """Exact minimax on a small board, to the end of every line.

    The returned function must be called on a position that is not over;
    it adds the nodes below that position to ``levels``.
    """
    has_line = tables.has_line
    empties = tables.centre_first
    full = tables.full

    def value(me: int, opp: int, d: int) -> int:
        cells = empties[me | opp]
        n = len(cells)
        if n == 4:
            return four_empties(me, opp, d)
        if n < 4:
            return few_empties(me, opp, d)
        if n == CHECK_AT_EMPTIES and should_stop():
            raise SearchCancelled
        levels[d + 1] += n
        win1 = WIN_SCORE - d - 1
        best = -INFINITY
        child_value = four_empties if n == 5 else value
        for bit in cells:
            mine = me | bit
            if has_line[mine]:
                if win1 > best:
                    best = win1
            else:
                score = -child_value(opp, mine, d + 1)
                if score > best:
                    best = score
        return best

    def four_empties(me: int, opp: int, d: int) -> int:
        # The last four plies in one call. Every node below is still checked for
        # a line; nodes where one player holds the same cells share a lookup.
        occupied = me | opp
        cells = empties[occupied]
        win1 = WIN_SCORE - d - 1
        opp_wins_next = d + 2 - WIN_SCORE
        we_win_after = WIN_SCORE - d - 3
        opp_wins_last = d + 4 - WIN_SCORE
        best = -INFINITY
        children = replies = lasts = 0
        for x in cells:
            mine = me | x
            if has_line[mine]:
                if win1 > best:
                    best = win1
                continue
            # The child: the opponent to move with cells a, b and c left. It
            # plays one, we play one, and it takes the last.
            a, b, c = empties[occupied | x]
            children += 3
            opp_a, opp_b, opp_c = has_line[opp | a], has_line[opp | b], has_line[opp | c]
            we_a, we_b, we_c = has_line[mine | a], has_line[mine | b], has_line[mine | c]
            opp_ab, opp_ac, opp_bc = (
                has_line[opp | a | b],
                has_line[opp | a | c],
                has_line[opp | b | c],
            )
            if opp_a or opp_b or opp_c:
                # The opponent wins at once; its other moves are still visited.
                if not opp_a:
                    replies += 2
                    lasts += 2 - we_b - we_c
                if not opp_b:
                    replies += 2
                    lasts += 2 - we_a - we_c
                if not opp_c:
                    replies += 2
                    lasts += 2 - we_a - we_b
                score = opp_wins_next
            else:
                our_threats = we_a + we_b + we_c
                replies += 6
                lasts += 6 - 2 * our_threats
                if our_threats > 1:
                    score = we_win_after  # it can block only one
                elif our_threats:
                    # It must take our winning cell; then we pick the reply
                    # that leaves it no line with its last move.
                    if we_a:
                        score = opp_wins_last if opp_ab and opp_ac else 0
                    elif we_b:
                        score = opp_wins_last if opp_ab and opp_bc else 0
                    else:
                        score = opp_wins_last if opp_ac and opp_bc else 0
                elif (opp_ab and opp_ac) or (opp_ab and opp_bc) or (opp_ac and opp_bc):
                    score = opp_wins_last
                else:
                    score = 0
            if score > best:
                best = score
        levels[d + 1] += len(cells)
        levels[d + 2] += children
        levels[d + 3] += replies
        levels[d + 4] += lasts
        return best

    def few_empties(me: int, opp: int, d: int) -> int:
        # Three or fewer empty cells: only at the top of a search, so plain.
        cells = empties[me | opp]
        levels[d + 1] += len(cells)
        win1 = WIN_SCORE - d - 1
        best = -INFINITY
        for bit in cells:
            mine = me | bit
            if has_line[mine]:
                score = win1
            elif mine | opp == full:
                score = 0
            else:
                score = -few_empties(opp, mine, d + 1)
            if score > best:
                best = score
        return best

    return value


def depth_limited_solver(
    geometry: Geometry,
    counters: MinimaxCounters,
    should_stop: ShouldStop,
    limit: int,
) -> Solver:
    """Minimax on any board, scoring positions ``limit`` plies from the root with E(n)."""
    levels = counters.levels
    evaluations = counters.evaluations
    order = [(1 << cell, geometry.cell_line_masks[cell]) for cell in search_order(geometry)]
    full = geometry.full
    calls = 0

    def value(me: int, opp: int, d: int) -> int:
        nonlocal calls
        calls += 1
        if calls % CHECK_EVERY_CALLS == 0 and should_stop():
            raise SearchCancelled
        if d >= limit:
            evaluations[0] += 1
            return open_lines_score(geometry, me, opp)
        occupied = me | opp
        win1 = WIN_SCORE - d - 1
        best = -INFINITY
        visited = 0
        for bit, masks in order:
            if occupied & bit:
                continue
            visited += 1
            mine = me | bit
            for mask in masks:
                if mine & mask == mask:
                    score = win1
                    break
            else:
                score = 0 if mine | opp == full else -value(opp, mine, d + 1)
            if score > best:
                best = score
        levels[d + 1] += visited
        return best

    return value


def scored_children(
    geometry: Geometry, me: int, opp: int, d: int, value: Solver, levels: list[int]
) -> list[tuple[int, int]]:
    """``(cell, score)`` for every move from a position that is not over, centre-first."""
    occupied = me | opp
    scores = []
    for cell in search_order(geometry):
        bit = 1 << cell
        if occupied & bit:
            continue
        mine = me | bit
        levels[d + 1] += 1
        if geometry.wins_with(mine, cell):
            score = WIN_SCORE - d - 1
        elif mine | opp == geometry.full:
            score = 0
        else:
            score = -value(opp, mine, d + 1)
        scores.append((cell, score))
    return scores


def best_of(scores: list[tuple[int, int]]) -> tuple[int, int]:
    """The first ``(cell, score)`` with the highest score."""
    best = scores[0]
    for entry in scores:
        if entry[1] > best[1]:
            best = entry
    return best


def principal_tail(
    geometry: Geometry, me: int, opp: int, make_solver: Callable[[MinimaxCounters], Solver]
) -> list[int]:
    """The best line from a position two plies below the root (searched again, uncounted).

    A stop request during the re-search just ends the line early.
    """
    tail: list[int] = []
    d = 2
    scratch = MinimaxCounters(geometry.cells)
    value = make_solver(scratch)
    while not (me | opp == geometry.full or geometry.has_line(opp) or scratch.limit_reached(d)):
        try:
            cell, _ = best_of(scored_children(geometry, me, opp, d, value, scratch.levels))
        except SearchCancelled:
            break
        tail.append(cell)
        me, opp, d = opp, me | 1 << cell, d + 1
    return tail


def solver_factory(
    geometry: Geometry, depth: int | None, empty_count: int, should_stop: ShouldStop
) -> Callable[[MinimaxCounters], Solver]:
    """Pick the table-driven solver when it applies, else the general one."""
    tables = move_tables(geometry.config)
    if tables is not None and (depth is None or depth >= empty_count):

        def make_fast(counters: MinimaxCounters) -> Solver:
            return full_depth_solver(tables, counters.levels, should_stop)

        return make_fast
    limit = geometry.cells + 1 if depth is None else depth

    def make_general(counters: MinimaxCounters) -> Solver:
        counters.limit = limit
        return depth_limited_solver(geometry, counters, should_stop, limit)

    return make_general
