"""Move ordering for the ``perfect`` search: the most urgent cells first.

A cell's urgency is the sum, over the lines through it, of a per-line-code
bonus (:attr:`.pattern_eval.PatternTables.order_bonus`): a line the move turns
into a threat weighs more than everything else together, then blocks and
growth by the number of marks, with centre-first ties.

Scoring every candidate is the dear part, so :func:`build_move_ordering` also
gives a lazy form: when some move makes a threat, only the threat-making cells
are scored (no other cell can outrank them) and the most urgent one comes
back alone; the search sorts the rest only if that move does not cut. Double
threats (two winning cells at once) are looked for only where two lines that
the move turns into threats cross.
"""

from __future__ import annotations

from collections.abc import Callable

from ..game.config import MAX_SIZE
from .pattern_eval import PatternTables
from .threats import makes_two_winning_cells

#: ``ordered(candidates, side, occupied, bonus) -> cells``, most urgent first, or
#: ``[~cell]`` when ``cell`` makes a double threat (two winning cells at once).
Ordering = Callable[[int, int, int, tuple[int, ...]], list[int]]


#: ``threat_cells(candidates, side, occupied)``: the candidates whose move makes a
#: threat, or ``~cell`` when ``cell`` makes a double threat.
ThreatCells = Callable[[int, int, int], int]
#: ``leading(candidates, threats, bonus)``: ``ordered`` for candidates without a double
#: threat whose threat-making cells are ``threats``; only the first cell if any.
Leading = Callable[[int, int, tuple[int, ...]], list[int]]
#: Bits that hold a cell below its score in one sortable int: room for the largest board.
CELL_BITS = (MAX_SIZE * MAX_SIZE - 1).bit_length()
CELL_MASK = (1 << CELL_BITS) - 1


def build_move_ordering(tables: PatternTables, codes: list[int]) -> tuple[Ordering, ThreatCells, Leading]:
    """``(ordered, threat_cells, leading)`` over a search's live line codes (``codes``
    changes as moves are made). ``leading`` is ``ordered`` except that when a move
    makes a threat it returns only the most urgent cell (the same first cell)."""
    geometry = tables.geometry
    lines = geometry.lines
    cell_lines = geometry.cell_lines
    centre = tables.centre_bonus
    pre = tables.pre_threat_code
    shift, mask = CELL_BITS, CELL_MASK

    def scored_cells(candidates: int, bonus: tuple[int, ...]) -> list[int]:
        scored = []
        bits = candidates
        while bits:
            low = bits & -bits
            cell = low.bit_length() - 1
            bits ^= low
            value = centre[cell]
            for line in cell_lines[cell]:
                value += bonus[codes[line]]
            scored.append(value << shift | cell)  # one int sorts both
        return scored

    def threat_cells(candidates: int, side: int, occupied: int) -> int:
        """The candidates that make a threat, or ``~cell`` for a double threat."""
        code = pre[side]
        count = codes.count(code)
        if not count:
            return 0
        once = twice = 0
        line = -1
        for _ in range(count):
            line = codes.index(code, line + 1)
            mask = lines[line]
            twice |= once & mask
            once |= mask
        # A double threat needs two lines through its cell that become threats.
        crossing = twice & candidates
        while crossing:
            low = crossing & -crossing
            crossing ^= low
            cell = low.bit_length() - 1
            if makes_two_winning_cells(cell_lines[cell], codes, code, lines, occupied | low):
                return ~cell
        return once & candidates

    def ordered(candidates: int, side: int, occupied: int, bonus: tuple[int, ...]) -> list[int]:
        threats = threat_cells(candidates, side, occupied)
        if threats < 0:
            return [threats]
        scored = scored_cells(candidates, bonus)
        scored.sort(reverse=True)
        return [v & mask for v in scored]

    def leading(candidates: int, threats: int, bonus: tuple[int, ...]) -> list[int]:
        if threats:
            # A threat outranks every other bonus: the best cell is among these.
            return [max(scored_cells(threats, bonus)) & mask]
        scored = scored_cells(candidates, bonus)
        scored.sort(reverse=True)
        return [v & mask for v in scored]

    return ordered, threat_cells, leading
