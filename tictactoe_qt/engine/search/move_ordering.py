"""Move ordering for the ``perfect`` search: the most urgent cells first.

A cell's urgency is the sum, over the lines through it, of a per-line-code
bonus (:attr:`..pattern_eval.PatternTables.order_bonus`): a line the move turns
into a threat weighs more than everything else together, then blocks and
growth by the number of marks, with centre-first ties.
"""

from __future__ import annotations

from collections.abc import Callable

from ..pattern_eval import THREAT_BONUS, PatternTables
from .threats import makes_two_winning_cells

#: ``ordered(candidates, side, occupied, bonus) -> cells``, most urgent first, or
#: ``[~cell]`` when ``cell`` makes a double threat (two winning cells at once).
Ordering = Callable[[int, int, int, tuple[int, ...]], list[int]]


def build_move_ordering(tables: PatternTables, codes: list[int]) -> Ordering:
    """The ordering over a search's live line codes (``codes`` changes as moves are made)."""
    geometry = tables.geometry
    lines = geometry.lines
    cell_lines = geometry.cell_lines
    centre = tables.centre_bonus
    pre = tables.pre_threat_code
    double = 2 * THREAT_BONUS

    def ordered(candidates: int, side: int, occupied: int, bonus: tuple[int, ...]) -> list[int]:
        scored = []
        bits = candidates
        while bits:
            low = bits & -bits
            cell = low.bit_length() - 1
            bits ^= low
            value = centre[cell]
            for line in cell_lines[cell]:
                value += bonus[codes[line]]
            if value >= double and makes_two_winning_cells(
                cell_lines[cell], codes, pre[side], lines, occupied | low
            ):
                return [~cell]
            scored.append(value << 9 | cell)  # cells < 512: one int sorts both
        scored.sort(reverse=True)
        return [v & 511 for v in scored]

    return ordered
