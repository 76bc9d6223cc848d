"""Solve every reachable position of a tiny board at once (3x3 takes milliseconds).

A memoised negamax over the whole game graph: each position is valued once,
whatever the move order that reached it. The result can fill a
:class:`~.perfect.PerfectSearcher`'s book, so that every later move on that
board is a lookup.
"""

from __future__ import annotations

from ..config import GameConfig
from ..geometry import geometry_for
from ..search_result import WIN_SCORE, ShouldStop, never_stop

#: Largest board (in cells) this will solve; 3x4 already has over a hundred thousand positions.
MAX_CELLS = 12


class SolveCancelled(Exception):
    """``should_stop`` asked the solve to end."""


def solve_every_position(
    config: GameConfig, should_stop: ShouldStop = never_stop
) -> dict[tuple[int, int], tuple[int, int]]:
    """``(x_bits, o_bits) -> (score, best cell)`` for every reachable position still in play.

    Scores are from the side to move's view (``WIN_SCORE - plies`` for a win);
    the best cell wins fastest, or loses slowest.

    Raises:
        ValueError: the board has more than :data:`MAX_CELLS` cells.
        SolveCancelled: ``should_stop`` returned ``True``.
    """
    geometry = geometry_for(config)
    cells = geometry.cells
    if cells > MAX_CELLS:
        raise ValueError(
            f"solving every position is for boards of at most {MAX_CELLS} cells, not {config}"
        )
    full = geometry.full
    centre_first = [1 << cell for cell in geometry.centre_order]
    # The empty cells (as single-bit masks, centre first) of every set of occupied cells.
    empty_bits = [[bit for bit in centre_first if not taken & bit] for taken in range(1 << cells)]
    # Whether each possible set of one side's marks holds a line: 2 ** cells entries.
    has_line = [False] * (1 << cells)
    for mask in geometry.lines:
        rest = full & ~mask
        subset = rest
        while True:
            has_line[subset | mask] = True
            if not subset:
                break
            subset = (subset - 1) & rest
    memo: dict[int, int] = {}
    best_cells: dict[tuple[int, int], tuple[int, int]] = {}
    win1 = WIN_SCORE - 1
    threshold = WIN_SCORE // 2

    def value(me: int, opp: int, x_to_move: bool) -> int:
        key = me << cells | opp
        known = memo.get(key)
        if known is not None:
            return known
        if len(memo) & 0x3FF == 0 and should_stop():
            raise SolveCancelled
        occupied = me | opp
        best = -WIN_SCORE
        best_cell = -1
        for bit in empty_bits[occupied]:
            mine = me | bit
            if has_line[mine]:
                score = win1
            elif mine | opp == full:
                score = 0
            else:
                child = memo.get(opp << cells | mine)
                score = -(value(opp, mine, not x_to_move) if child is None else child)
                if score > threshold:
                    score -= 1
                elif score < -threshold:
                    score += 1
            if score > best:
                best, best_cell = score, bit
        memo[key] = best
        best_cell = best_cell.bit_length() - 1
        if x_to_move:
            best_cells[(me, opp)] = (best, best_cell)
        else:
            best_cells[(opp, me)] = (best, best_cell)
        return best

    value(0, 0, True)
    return best_cells
