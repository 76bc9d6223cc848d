"""How many positions lie at each depth of the game tree below a position.

Counted level by level, transpositions merged with their multiplicities, so a
3x3 tree's 549,946 nodes cost a few thousand positions. The game-tree explorer
and the algorithm comparison show these counts.
"""

from __future__ import annotations

from dataclasses import dataclass

from .board import Board
from .search_result import ShouldStop, never_stop

#: Counting per depth stops at a level with more distinct positions than this.
MAX_LEVEL_POSITIONS = 20_000


@dataclass
class DepthCounts:
    """How many tree nodes lie at each depth below the root."""

    full_tree: list[int]
    #: ``True`` when counting stopped before the tree's last level.
    truncated: bool
    alphabeta_visited: list[int] | None = None


def count_per_depth(
    board: Board,
    max_level_positions: int = MAX_LEVEL_POSITIONS,
    should_stop: ShouldStop = never_stop,
    alphabeta_visited: list[int] | None = None,
) -> DepthCounts:
    """Count tree nodes level by level, merging transpositions with multiplicities."""
    geometry = board.geometry
    level: dict[tuple[int, int], int] = {(board.bits[0], board.bits[1]): 1}
    side = board.side
    counts = [1]
    last_mover_won = board.winner() is not None
    truncated = False
    while level and not last_mover_won:
        following: dict[tuple[int, int], int] = {}
        for (x, o), paths in level.items():
            empty = geometry.full & ~(x | o)
            while empty:
                low = empty & -empty
                empty ^= low
                if side == 0:
                    child = (x | low, o)
                    won = geometry.wins_with(child[0], low.bit_length() - 1)
                else:
                    child = (x, o | low)
                    won = geometry.wins_with(child[1], low.bit_length() - 1)
                if won:
                    # Stored negated: counted at this level, never expanded. A won
                    # position is won by every path to it, so signs never mix.
                    following[child] = following.get(child, 0) - paths
                else:
                    following[child] = following.get(child, 0) + paths
            if should_stop():
                return DepthCounts(counts, True, alphabeta_visited)
        if not following:
            break
        counts.append(sum(abs(v) for v in following.values()))
        level = {key: v for key, v in following.items() if v > 0}
        side ^= 1
        if len(level) > max_level_positions:
            truncated = True
            break
    return DepthCounts(counts, truncated, alphabeta_visited)

