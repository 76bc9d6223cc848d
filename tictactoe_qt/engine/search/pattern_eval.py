"""The weighted open-lines evaluation and its per-line lookup tables.

Each line (a k-cell window) is summarised by one small integer, its *code*:
``code = x_marks * (k + 1) + o_marks``. Every table here is indexed by that
code, so a search can update the evaluation, the threat lists and the open-line
histograms with a few list lookups per line through the played cell.

The evaluation extends the seed's E(n) = M(n) - O(n) (lines still open for
me minus lines still open for the opponent): an open line holding ``n`` of a
side's marks counts ``8 ** n`` for that side instead of 1, so an empty line
still cancels out and a line one mark from completion weighs the most. (Base
8 played a little better than 4 against ``alphabeta`` on 7x7 k=5.) At the
search horizon the side to move's sum counts double (TEMPO_WEIGHT).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..game.config import MAX_SIZE, MIN_SIZE, GameConfig
from ..game.geometry import Geometry, geometry_for

#: Base of the per-mark weight (``LINE_WEIGHT_BASE ** marks``).
LINE_WEIGHT_BASE = 8
#: Ordering bonus for a line the move turns into a threat (one mark from winning).
#: Larger than any sum of other line bonuses, so two of them flag a double threat.
THREAT_BONUS = 1 << 48
#: Flags in :attr:`PatternTables.flags`.
BECOMES_THREAT = 1
BLOCKS_THREAT = 2
#: Bits per count in the open-line histograms (more lines than any board has).
HISTOGRAM_FIELD_BITS = 12


def _weight(marks: int) -> int:
    # Capped so that ordering sums stay far below THREAT_BONUS even for k = MAX_SIZE.
    weight: int = LINE_WEIGHT_BASE ** min(marks, 8)
    return weight


def _largest_sum() -> int:
    """A bound on one side's weighted sum on any board the game allows: every line of the
    largest board at the weight of a full line. The largest square board has the most lines."""
    side = MAX_SIZE
    return max((2 * side * (side - k + 1) + 2 * (side - k + 1) ** 2) * _weight(k) for k in range(MIN_SIZE, side + 1))


#: Bits of each side's weighted sum in the accumulator: room for :func:`_largest_sum`, so
#: a dense position's sum never carries into the field above it.
SUM_BITS = _largest_sum().bit_length()
SUM_MASK = (1 << SUM_BITS) - 1
#: Where the histograms start in the accumulator.
HISTOGRAM_SHIFT = 2 * SUM_BITS
#: At the horizon the side to move's open lines count this many times the opponent's:
#: it moves next, so its lines are closer to becoming threats.
TEMPO_WEIGHT = 2

#: Line bonuses are scaled past any centre bonus (at most the largest board's cells),
#: so the centre only breaks ties.
_CENTRE_SCALE = 1 << (MAX_SIZE * MAX_SIZE).bit_length()


@dataclass(frozen=True, eq=False)
class PatternTables:
    """Code-indexed tables for one board shape. Side 0 is X, side 1 is O."""

    geometry: Geometry
    #: Code change when side ``s`` adds a mark to a line: ``k + 1`` for X, 1 for O.
    step: tuple[int, int]
    #: Code of a line one mark from completion for side ``s`` (its threat code).
    threat_code: tuple[int, int]
    #: Code of a line that side ``s`` turns into a threat by adding one mark.
    pre_threat_code: tuple[int, int]
    #: ``line_part[code]``: the line's share of the accumulator. The accumulator packs,
    #: low to high: O's weighted sum (``4 ** marks`` per line open to O), X's weighted
    #: sum (SUM_BITS each), then the histograms from HISTOGRAM_SHIFT: per side, how
    #: many lines open to it hold ``n`` of its marks (field ``n``, HISTOGRAM_FIELD_BITS
    #: wide), O's first and X's from ``histogram_offset``. Every field is a count or a
    #: sum of positive weights, so adding and subtracting parts is exact.
    line_part: tuple[int, ...]
    #: Where X's histogram starts inside the histogram part.
    histogram_offset: int
    #: ``accumulator_delta[s][code]``: change of the accumulator when side ``s`` marks the line.
    accumulator_delta: tuple[tuple[int, ...], tuple[int, ...]]
    #: ``flags[s][code]``: what side ``s`` marking the line does (the flag constants).
    flags: tuple[tuple[int, ...], tuple[int, ...]]
    #: ``order_bonus[s][code]``: how urgent a move by side ``s`` on this line is.
    order_bonus: tuple[tuple[int, ...], tuple[int, ...]]
    #: Small centre-first bonus per cell, to break ordering ties.
    centre_bonus: tuple[int, ...]

    def code(self, x_marks: int, o_marks: int) -> int:
        """The code of a line holding the given numbers of marks."""
        return x_marks * (self.geometry.k + 1) + o_marks


def _build(geometry: Geometry) -> PatternTables:
    k = geometry.k
    size = (k + 1) * (k + 1)
    offset = HISTOGRAM_FIELD_BITS * (k + 1)

    def part(x: int, o: int) -> int:
        value = 0
        if o == 0:
            value += (1 << (HISTOGRAM_SHIFT + offset + HISTOGRAM_FIELD_BITS * x)) + (_weight(x) << SUM_BITS)
        if x == 0:
            value += (1 << (HISTOGRAM_SHIFT + HISTOGRAM_FIELD_BITS * o)) + _weight(o)
        return value

    line_part = [0] * size
    accumulator: list[list[int]] = [[0] * size, [0] * size]
    flags: list[list[int]] = [[0] * size, [0] * size]
    order_bonus: list[list[int]] = [[0] * size, [0] * size]
    for x in range(k + 1):
        for o in range(k + 1 - x):
            code = x * (k + 1) + o
            line_part[code] = part(x, o)
            if x + o == k:
                continue
            for side, (own, opp) in enumerate(((x, o), (o, x))):
                after = part(x + 1, o) if side == 0 else part(x, o + 1)
                accumulator[side][code] = after - part(x, o)
                flag = 0
                if opp == 0 and own == k - 2:
                    flag |= BECOMES_THREAT
                if own == 0 and opp == k - 1:
                    flag |= BLOCKS_THREAT
                flags[side][code] = flag
                if opp == 0 and own == k - 2:
                    bonus = THREAT_BONUS
                elif opp == 0:
                    bonus = 2 * _weight(own + 1) * _CENTRE_SCALE
                elif own == 0:
                    bonus = _weight(opp + 1) * _CENTRE_SCALE
                else:
                    bonus = 0
                order_bonus[side][code] = bonus
    centre_bonus = [0] * geometry.cells
    for rank, cell in enumerate(geometry.centre_order):
        centre_bonus[cell] = geometry.cells - rank
    return PatternTables(
        geometry=geometry,
        step=(k + 1, 1),
        threat_code=((k - 1) * (k + 1), k - 1),
        pre_threat_code=((k - 2) * (k + 1), k - 2),
        line_part=tuple(line_part),
        histogram_offset=offset,
        accumulator_delta=(tuple(accumulator[0]), tuple(accumulator[1])),
        flags=(tuple(flags[0]), tuple(flags[1])),
        order_bonus=(tuple(order_bonus[0]), tuple(order_bonus[1])),
        centre_bonus=tuple(centre_bonus),
    )


@lru_cache(maxsize=64)
def pattern_tables_for(config: GameConfig) -> PatternTables:
    """The shared tables for ``config``, built on first use."""
    return _build(geometry_for(config))


def line_codes(tables: PatternTables, x_bits: int, o_bits: int) -> list[int]:
    """The code of every line of the board, indexed like ``geometry.lines``."""
    k1 = tables.geometry.k + 1
    return [(x_bits & mask).bit_count() * k1 + (o_bits & mask).bit_count() for mask in tables.geometry.lines]


def accumulator_of(tables: PatternTables, codes: list[int]) -> int:
    """The accumulator of a position (see :attr:`PatternTables.line_part`) from its line codes."""
    line_part = tables.line_part
    return sum(line_part[code] for code in codes)


def weighted_sums(accumulator: int) -> tuple[int, int]:
    """``(x_sum, o_sum)``: each side's weighted open-lines sum, read from an accumulator."""
    return (accumulator >> SUM_BITS) & SUM_MASK, accumulator & SUM_MASK
