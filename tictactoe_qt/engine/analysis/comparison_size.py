"""How big the tree below a position is, and how long plain minimax would take on it.

Counted exactly level by level while cheap, else estimated with Knuth's random
probes; the rate comes from a short capped run of the comparison's own minimax.
"""

from __future__ import annotations

import math
import random
import sys
import time
from dataclasses import dataclass

from ..game.board import Board
from ..players.textbook_options import TextbookOptions
from ..teaching.trace.counted_search import counted_search
from ..teaching.tree_counts import count_per_depth
from ..text.durations import duration_text

#: Positions/s assumed when no calibration run is possible.
FALLBACK_RATE = 500_000.0
KNUTH_PROBES = 400
#: The most a float holds: a bigger tree (15x15 has some 1e430 nodes) is "more than" this.
LARGEST_COUNT = sys.float_info.max


@dataclass(frozen=True)
class SizeEstimate:
    """How big the plain minimax tree below a position is.

    Attributes:
        nodes: the node count (exact when ``exact``, else Knuth's estimate).
        exact: counted rather than estimated.
        rate: positions per second plain minimax manages here.
    """

    nodes: float
    exact: bool
    rate: float
    #: The tree outgrew a float: ``nodes`` (:data:`LARGEST_COUNT`) and the times are lower bounds.
    at_least: bool = False

    @property
    def minimax_seconds(self) -> float:
        return self.nodes / self.rate

    @property
    def best_case_alphabeta_seconds(self) -> float:
        """Alpha-beta with perfect ordering visits about 2 * sqrt(nodes) (Knuth & Moore)."""
        return 2 * math.sqrt(self.nodes) / self.rate

    def text(self) -> str:
        how = "exactly" if self.exact else "more than" if self.at_least else "about"
        time = duration_text(self.minimax_seconds)
        return (
            f"the full tree has {how} {format_count(self.nodes)} positions: "
            f"{'more than ' * self.at_least}{time} for plain minimax at "
            f"{format_count(self.rate)} positions/s"
        )

    def about(self, seconds: float) -> str:
        """One of this tree's times in words: ``"about 3 min 05 s"``, or ``"more than
        5.6e+294 years"`` when the tree outgrew a float (never ``"about forever"``)."""
        return f"{'more than' if self.at_least else 'about'} {duration_text(seconds)}"


def format_count(value: float) -> str:
    """``549,946`` for small counts, ``2.1e+25`` for huge ones."""
    return f"{value:,.0f}" if value < 1e9 else f"{value:.2g}"


def estimate_tree(
    board: Board, depth: int | None = None, rate: float | None = None, rng: random.Random | None = None
) -> SizeEstimate:
    """Size the plain minimax tree below ``board`` to ``depth`` plies.

    Counted exactly level by level while that stays cheap; the remaining
    levels are estimated with Knuth's method (the mean, over random paths, of
    the products of branching factors).
    """
    counts = count_per_depth(board, max_level_positions=20_000)
    limit = math.inf if depth is None else depth
    exact_levels = counts.full_tree[: int(min(len(counts.full_tree), limit + 1))]
    if not counts.truncated or len(counts.full_tree) > limit:
        nodes = float(sum(exact_levels))
        return SizeEstimate(nodes, True, rate or calibrate_rate(board))
    nodes = knuth_estimate(board, depth, rng or random.Random(0))
    if not math.isfinite(nodes):  # the products of branching factors overflowed
        return SizeEstimate(LARGEST_COUNT, False, rate or calibrate_rate(board), at_least=True)
    return SizeEstimate(max(nodes, float(sum(exact_levels))), False, rate or calibrate_rate(board))


def knuth_estimate(board: Board, depth: int | None, rng: random.Random, probes: int = KNUTH_PROBES) -> float:
    """Knuth's (1975) unbiased estimate of the number of tree nodes to ``depth``."""
    total = 0.0
    limit = math.inf if depth is None else depth
    for _ in range(probes):
        work = board.copy()
        # The empty cells in row-major order, kept in step with ``work`` (a move leaves
        # them sorted): listing them afresh each ply cost most of the time on big boards.
        moves = work.legal_indices()
        weight = 1.0
        nodes = 1.0
        ply = 0
        while not work.is_game_over() and ply < limit:
            weight *= len(moves)
            nodes += weight
            work.push_index(moves.pop(int(rng.random() * len(moves))))
            ply += 1
        total += nodes
    return total / probes


def calibrate_rate(board: Board, seconds: float = 0.05) -> float:
    """Positions/s of the textbook rows' minimax on this board, from a short capped run."""
    if board.is_game_over():
        return FALLBACK_RATE
    deadline = time.perf_counter() + seconds
    start = time.perf_counter()
    result = counted_search(board, "minimax", TextbookOptions(), should_stop=lambda: time.perf_counter() > deadline)
    elapsed = max(result.stats.elapsed_seconds, time.perf_counter() - start, 1e-6)
    return max(result.stats.nodes / elapsed, 1.0) if result.stats.nodes > 100 else FALLBACK_RATE
