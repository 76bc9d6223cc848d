"""The average player: the seed iPhone bot's first idea, beatable on purpose.

A move's value is the average result of the game after it if both players
then moved uniformly at random: a win counts +1, a loss -1, a draw 0, and
a position's value is the mean of its children's values (the average over
children, recursively, not over all leaf games). The player picks the move
with the best average.

That rewards moves that leave many winning continuations, even when the
opponent has one reply that wins at once, which is exactly why minimax,
which assumes the opponent plays its best, beats it. One fix is kept: a
move that wins on the spot is always played.

Values depend only on the position, so each one is computed once per
search and reused (the reuses are reported as ``tt_hits``). They are exact
fractions, so symmetric moves tie exactly. At a depth
cut-off the seed heuristic E(n), divided by the number of lines, stands in
for the average. Ties go to the first move in centre-first order.
"""

from __future__ import annotations

import random
import time
from fractions import Fraction

from ..game.board import Board, Move
from ..game.geometry import Geometry
from ..players.player_spec import PlayerSpec
from ..search_result import SearchResult, SearchStats, ShouldStop, exact_fields, never_stop, win_in
from .cancellation import SearchCancelled
from .depth_player import DepthSearchPlayer
from .evaluation import open_lines_score
from .minimax import check_depth
from .move_tables import search_order
from .result_building import first_free_cell, game_over_result, moves_from_cells

#: Calls between two ``should_stop`` polls.
CHECK_EVERY_CALLS = 1024
#: The memo stops growing here (3x4 has 112,000 positions), bounding memory
#: when an unlimited search runs on a big board until it is stopped.
MAX_MEMO_ENTRIES = 250_000
_ONE, _ZERO = Fraction(1), Fraction(0)


class _AverageSearch:
    """One search: the memo of position values and the counters."""

    def __init__(self, geometry: Geometry, limit: int | None, should_stop: ShouldStop) -> None:
        self.geometry = geometry
        self.limit = limit
        self.should_stop = should_stop
        self.order = [(cell, 1 << cell) for cell in search_order(geometry)]
        self.shift = geometry.cells
        self.memo: dict[int, Fraction] = {}
        self.nodes = 1
        self.hits = 0
        self.max_ply = 0
        self.calls = 0

    def child_values(self, me: int, opp: int, d: int) -> list[tuple[int, Fraction]]:
        """``(cell, average)`` for every move of the side holding ``me``."""
        geometry = self.geometry
        occupied = me | opp
        values = []
        for cell, bit in self.order:
            if occupied & bit:
                continue
            self.nodes += 1
            mine = me | bit
            if geometry.wins_with(mine, cell):
                value = _ONE
            elif mine | opp == geometry.full:
                value = _ZERO
            else:
                value = -self.value(opp, mine, d + 1)
            values.append((cell, value))
        self.max_ply = max(self.max_ply, d + 1)
        return values

    def value(self, me: int, opp: int, d: int) -> Fraction:
        """The average result for the side to move (``me``) at a position that is not over."""
        key = me << self.shift | opp
        known = self.memo.get(key)
        if known is not None:
            self.hits += 1
            return known
        self.calls += 1
        if self.calls % CHECK_EVERY_CALLS == 0 and self.should_stop():
            raise SearchCancelled
        if self.limit is not None and d >= self.limit:
            lines = len(self.geometry.lines) or 1
            value = Fraction(open_lines_score(self.geometry, me, opp), lines)
        else:
            children = self.child_values(me, opp, d)
            value = sum((v for _, v in children), _ZERO) / len(children)
        if len(self.memo) < MAX_MEMO_ENTRIES:
            self.memo[key] = value
        return value


def average_search(board: Board, depth: int | None = None, should_stop: ShouldStop = never_stop) -> SearchResult:
    """Choose the move with the best average result over random continuations.

    Args:
        board: the position; it is read, never changed.
        depth: how many plies to look ahead; ``None`` averages to the end.
        should_stop: polled during the search; when it returns true the
            search stops and returns a legal move.

    Raises:
        ValueError: ``depth`` is less than 1.
    """
    check_depth(depth)
    start = time.perf_counter()
    if board.is_game_over():
        return game_over_result("average", board, depth, start)
    geometry = board.geometry
    me, opp = board.bits[board.side], board.bits[1 - board.side]
    search = _AverageSearch(geometry, depth, should_stop)

    def stats() -> SearchStats:
        return SearchStats(
            nodes=search.nodes,
            max_ply=search.max_ply,
            depth=depth,
            tt_hits=search.hits,
            elapsed_seconds=time.perf_counter() - start,
        )

    for cell in search_order(geometry):
        if not (me | opp) >> cell & 1 and geometry.wins_with(me | 1 << cell, cell):
            search.nodes += 1
            move = Move.from_index(cell, geometry.cols)
            result, plies = exact_fields(board, win_in(1))
            return SearchResult(
                "average",
                move,
                win_in(1),
                exact=True,
                result=result,
                plies=plies,
                pv=[move],
                stats=stats(),
                move_scores={move: 1.0},
            )
    try:
        values = search.child_values(me, opp, 0)
    except SearchCancelled:
        move = Move.from_index(first_free_cell(board), geometry.cols)
        return SearchResult("average", move, 0.0, exact=False, pv=[move], stats=stats(), cancelled=True)
    best_cell, best_value = values[0]
    for cell, value in values:
        if value > best_value:
            best_cell, best_value = cell, value
    moves = moves_from_cells(board, [cell for cell, _ in values])
    move = Move.from_index(best_cell, geometry.cols)
    return SearchResult(
        algorithm="average",
        move=move,
        score=float(best_value),
        exact=False,
        pv=[move],
        stats=stats(),
        move_scores={m: float(value) for m, (_, value) in zip(moves, values)},
    )


def _average_player(spec: PlayerSpec, rng: random.Random) -> DepthSearchPlayer:
    def search(board: Board, depth: int | None, should_stop: ShouldStop) -> SearchResult:
        return average_search(board, depth, should_stop)

    return DepthSearchPlayer(spec, rng, search)


#: The players defined here, by kind; players/registry.py collects them.
PLAYERS = {"average": _average_player}
