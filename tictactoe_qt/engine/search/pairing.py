"""A static proof that a side cannot win: a pairing strategy for its opponent.

If every line still open to a side (none of the opponent's marks) holds two
of its empty cells that form one of a set of disjoint pairs, the opponent
answers each move into a pair with the other cell of that pair (and moves
anywhere otherwise: an extra mark never hurts the blocker). Every open line
then gets one of the opponent's marks before it can be filled, so the side
cannot win, whoever moves next. Two lines may share a pair (overlapping
windows of one row often do).

A line with two empty cells forces its pair; two forced pairs that share one
cell refute the pairing at once. The other lines are covered by a small
backtracking search (tightest line first) under a step budget: ``False``
means "no pairing found", never a proof, while ``True`` always is one.

Facts the search uses: a side's own move never helps its pairing (it takes an
empty cell and closes none of its lines), and an opponent's move never hurts
it (it closes lines and frees their pairs).
"""

from __future__ import annotations

from collections.abc import Callable

from ..game.geometry import Geometry

#: Pair choices one pairing search may try before giving up.
PAIRING_STEPS = 64
#: Replies a blocking-reply search tries, most promising first (the first usually works).
REPLY_TRIES = 3

#: ``cannot_win(side, occupied)``: a pairing proves ``side`` cannot win.
CannotWin = Callable[[int, int], bool]
#: ``blocking_reply(side, occupied, cells)``: a cell of ``cells`` after which a pairing
#: proves ``side`` cannot win, or -1.
BlockingReply = Callable[[int, int, int], int]

_PAIRS: dict[int, tuple[int, ...]] = {}


def pairs_within(cells: int) -> tuple[int, ...]:
    """Every two-cell subset of ``cells``, as masks (remembered per ``cells``)."""
    found = _PAIRS.get(cells)
    if found is None:
        bits = []
        rest = cells
        while rest:
            low = rest & -rest
            bits.append(low)
            rest ^= low
        found = tuple(a | b for i, a in enumerate(bits) for b in bits[i + 1 :])
        _PAIRS[cells] = found
    return found


def has_pairing(open_empties: list[int], steps: int = PAIRING_STEPS) -> bool:
    """Whether disjoint pairs of empty cells cover every line (see the module notes).

    ``open_empties`` holds, per line open to the side, the line's empty cells. ``True``
    is a proof that the side cannot win; ``False`` may also mean the budget ran out.
    """
    used = 0
    forced: list[int] = []
    wide: list[int] = []
    for mask in open_empties:
        rest = mask & (mask - 1)
        if not rest:
            return False  # one empty cell (or none): no pair fits
        if rest & (rest - 1):
            wide.append(mask)
        elif mask & used:
            if mask not in forced:
                return False  # two forced pairs share one cell
        else:
            used |= mask
            forced.append(mask)
    uncovered = []
    for mask in set(wide):
        if mask & used:
            for pair in forced:
                if mask & pair == pair:
                    break
            else:
                uncovered.append(mask)
        else:
            uncovered.append(mask)
    return _cover(uncovered, used, [steps])


def _cover(masks: list[int], used: int, budget: list[int]) -> bool:
    """Pair up ``masks`` (lines still uncovered) avoiding the ``used`` cells."""
    while True:
        if not masks:
            return True
        free_cells = ~used
        tightest = 0
        fewest = 1 << 30
        for mask in masks:
            free = (mask & free_cells).bit_count()
            if free < fewest:
                if free < 2:
                    return False
                fewest = free
                tightest = mask
                if free == 2:
                    break
        if fewest > 2:
            break
        # A line with two free cells left: its pair is forced.
        pair = tightest & free_cells
        used |= pair
        masks = [mask for mask in masks if mask & pair != pair]
    for pair in pairs_within(tightest & free_cells):
        budget[0] -= 1
        if budget[0] < 0:
            return False
        rest = [mask for mask in masks if mask & pair != pair]
        if _cover(rest, used | pair, budget):
            return True
    return False


def unforced_cells(open_empties: list[int], cells: int) -> int:
    """The cells of ``cells`` whose taking (by the opponent) settles every clash of
    forced pairs: two lines with two empty cells each that share one cell. Any
    move that leaves a clash leaves no pairing."""
    forced = {mask for mask in open_empties if (rest := mask & (mask - 1)) and not rest & (rest - 1)}
    if len(forced) < 2:
        return cells
    seen: list[int] = []
    for mask in forced:
        for other in seen:
            if mask & other:
                cells &= mask | other
        seen.append(mask)
    return cells


def build_pairing(geometry: Geometry, codes: list[int]) -> tuple[CannotWin, BlockingReply]:
    """The two pairing tests over a search's live line codes (``x * (k + 1) + o``)."""
    lines = geometry.lines
    k1 = geometry.k + 1
    # ``open_to[side][code]``: the line holds none of the other side's marks.
    open_to = (tuple(code % k1 == 0 for code in range(k1 * k1)), tuple(code < k1 for code in range(k1 * k1)))

    # A line with fewer empty cells is closer to being filled (or forcing a pair).
    urgency = tuple(4 ** max(0, geometry.k - empty) for empty in range(geometry.k + 1))

    def open_empties(side: int, occupied: int) -> list[int]:
        open_codes = open_to[side]
        free = ~occupied
        return [line & free for line, code in zip(lines, codes) if open_codes[code]]

    def cannot_win(side: int, occupied: int) -> bool:
        return has_pairing(open_empties(side, occupied))

    def blocking_reply(side: int, occupied: int, cells: int) -> int:
        base = open_empties(side, occupied)
        allowed = unforced_cells(base, cells)
        # Only a cell on an open line can change anything; the tighter the lines
        # through it, the likelier taking it leaves a pairing.
        weights: dict[int, int] = {}
        for mask in base:
            bits = mask & allowed
            if bits:
                weight = urgency[mask.bit_count()]
                while bits:
                    low = bits & -bits
                    bits ^= low
                    weights[low] = weights.get(low, 0) + weight
        for low in sorted(weights, key=weights.__getitem__, reverse=True)[:REPLY_TRIES]:
            if has_pairing([mask for mask in base if not mask & low]):
                return low.bit_length() - 1
        return -1

    return cannot_win, blocking_reply
