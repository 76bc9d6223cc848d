"""Plain minimax: the textbook search without pruning.

Every position of the game tree below the root is visited and counted, so
from the empty 3x3 board the search sees exactly 549,946 nodes. Scores are
negamax style (from the side to move) and count plies from the root: a win
``p`` plies away scores ``WIN_SCORE - p``, so a sooner win beats a later one
and a later loss beats a sooner one. At a depth cut-off the seed heuristic
E(n) of :mod:`tictactoe_qt.engine.evaluation` scores the position.

Ties between equally good moves go to the first in centre-first order
(:attr:`Geometry.centre_order`), so the search is deterministic.

The speed comes from doing the same work with less Python: bitboards, a
"has a line" table for small boards, and the last three plies of the tree
evaluated inline instead of through two more calls. Nothing is skipped.
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
from .move_tables import MoveTables, move_tables, search_order
from .result_building import first_free_cell, game_over_result, moves_from_cells

#: Larger than any score.
INFINITY = WIN_SCORE + 1
#: The table-driven solver asks ``should_stop`` at nodes with this many empty
#: cells: each such subtree has at most about 2,000 nodes, so stops are prompt.
CHECK_AT_EMPTIES = 6
#: The general solver asks ``should_stop`` once per this many calls.
CHECK_EVERY_CALLS = 256

#: ``value(own_bits, opp_bits, distance_from_root)`` for the side to move.
Solver = Callable[[int, int, int], int]


class _Counters:
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
        occupied = me | opp
        cells = empties[occupied]
        n = len(cells)
        if n == 3:
            return three_empties(me, opp, d)
        levels[d + 1] += n
        win1 = WIN_SCORE - d - 1
        best = -INFINITY
        if n > 3:
            if n == CHECK_AT_EMPTIES and should_stop():
                raise SearchCancelled
            # Children with three empty cells go straight to the inline solver.
            child_value = three_empties if n == 4 else value
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
        free = full ^ occupied
        lose2 = d + 2 - WIN_SCORE
        for bit in cells:  # one or two empty cells: only at the top of a search
            mine = me | bit
            if has_line[mine]:
                score = win1
            elif n == 2:
                levels[d + 2] += 1
                score = lose2 if has_line[opp | (free ^ bit)] else 0
            else:
                score = 0
            if score > best:
                best = score
        return best

    def three_empties(me: int, opp: int, d: int) -> int:
        # The last three plies in one go. Every node below is still checked for
        # a line: nodes where the same player holds the same cells share a lookup.
        a, b, c = empties[me | opp]
        levels[d + 1] += 3
        me_a, me_b, me_c = has_line[me | a], has_line[me | b], has_line[me | c]
        opp_a, opp_b, opp_c = has_line[opp | a], has_line[opp | b], has_line[opp | c]
        me_ab, me_ac, me_bc = has_line[me | a | b], has_line[me | a | c], has_line[me | b | c]
        # Last plies: after our x and the opponent's non-winning reply y we take z.
        open_a, open_b, open_c = not opp_a, not opp_b, not opp_c
        if me_a or me_b or me_c:
            replies = lasts = 0
            if not me_a:
                replies += 2
                lasts += open_b + open_c
            if not me_b:
                replies += 2
                lasts += open_a + open_c
            if not me_c:
                replies += 2
                lasts += open_a + open_b
            levels[d + 2] += replies
            levels[d + 3] += lasts
            return WIN_SCORE - d - 1
        levels[d + 2] += 6
        levels[d + 3] += 2 * (open_a + open_b + open_c)
        threats = opp_a + opp_b + opp_c
        if threats > 1:
            return d + 2 - WIN_SCORE  # every move leaves the opponent a win
        win3 = WIN_SCORE - d - 3
        if threats:
            # Only taking the opponent's winning cell avoids losing at once; then
            # the opponent picks the reply that leaves us no line.
            if opp_a:
                return win3 if me_ab and me_ac else 0
            if opp_b:
                return win3 if me_ab and me_bc else 0
            return win3 if me_ac and me_bc else 0
        if (me_ab and me_ac) or (me_ab and me_bc) or (me_ac and me_bc):
            return win3
        return 0

    return value


def depth_limited_solver(
    geometry: Geometry,
    counters: _Counters,
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
    make_solver = _solver_factory(geometry, depth, geometry.cells - board.ply, should_stop)
    counters = _Counters(geometry.cells)
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


def principal_tail(
    geometry: Geometry, me: int, opp: int, make_solver: Callable[[_Counters], Solver]
) -> list[int]:
    """The best line from a position two plies below the root (searched again, uncounted)."""
    tail: list[int] = []
    d = 2
    scratch = _Counters(geometry.cells)
    value = make_solver(scratch)
    while True:
        occupied = me | opp
        if occupied == geometry.full or geometry.has_line(opp):
            return tail
        if scratch.limit_reached(d):
            return tail
        cell, _ = best_of(scored_children(geometry, me, opp, d, value, scratch.levels))
        tail.append(cell)
        me, opp, d = opp, me | 1 << cell, d + 1


def _solver_factory(
    geometry: Geometry, depth: int | None, empty_count: int, should_stop: ShouldStop
) -> Callable[[_Counters], Solver]:
    """Pick the table-driven solver when it applies, else the general one."""
    tables = move_tables(geometry.config)
    if tables is not None and (depth is None or depth >= empty_count):

        def make_fast(counters: _Counters) -> Solver:
            return full_depth_solver(tables, counters.levels, should_stop)

        return make_fast
    limit = geometry.cells + 1 if depth is None else depth

    def make_general(counters: _Counters) -> Solver:
        counters.limit = limit
        return depth_limited_solver(geometry, counters, should_stop, limit)

    return make_general


def _stats(counters: _Counters, depth: int | None, start: float) -> SearchStats:
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
