"""The transposition table and its symmetry-canonical position keys.

Keys: a position is packed as ``x_bits | o_bits << cells``. For every board
symmetry the search keeps that packing of the *transformed* position as one
lane of a single wide integer (updated with one ``|`` per move), and the key
is the smallest lane: all symmetric positions share it. On boards above
:data:`SYMMETRY_MAX_CELLS` cells only the identity lane is kept: there the
eight-way minimum costs more time than the rare symmetric hits save, and
positions rarely repeat under symmetry once a few stones are down.

Table: two generations of plain dicts. New entries go to the recent one;
when it holds half the capacity, the older generation is dropped and the
recent one takes its place. A hit in the older generation is copied forward,
so entries still in use survive. Memory stays below ``capacity`` entries.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..game.config import GameConfig
from ..game.geometry import geometry_for

#: Largest board (in cells) keyed by the symmetry-canonical form (7x7 = 49).
SYMMETRY_MAX_CELLS = 49
#: Depth stored for a subtree searched to the end of the game (no horizon).
SOLVED_DEPTH = 1 << 10
EXACT, LOWER, UPPER = 0, 1, 2
DEFAULT_TABLE_ENTRIES = 400_000


#: What the search learned about one position: ``(depth, flag, score, move)``, the
#: score from its side to move, the best move as a cell of the *canonical*
#: orientation (or -1). A plain tuple: building one is on the hot path.
TableEntry = tuple[int, int, int, int]


class TranspositionTable:
    """A size-capped map from position keys to :class:`TableEntry` (see module doc).

    The two generation dicts keep their identity for the table's whole life (ageing
    copies rather than swaps), so a search may bind their methods once.
    """

    def __init__(self, capacity: int = DEFAULT_TABLE_ENTRIES) -> None:
        if capacity < 2:
            raise ValueError(f"the table needs room for at least 2 entries, got {capacity}")
        self.capacity = capacity
        #: Size at which the recent generation ages into the older one.
        self.generation_size = capacity // 2
        self.recent: dict[int, TableEntry] = {}
        self.older: dict[int, TableEntry] = {}

    def __len__(self) -> int:
        return len(self.recent) + len(self.older)

    def get(self, key: int) -> TableEntry | None:
        """The entry for ``key``, or ``None``."""
        entry = self.recent.get(key)
        if entry is None:
            entry = self.older.get(key)
            if entry is not None:
                self.put(key, entry)
        return entry

    def put(self, key: int, entry: TableEntry) -> None:
        """Store ``entry``, ageing out the older generation when the recent one is full."""
        recent = self.recent
        recent[key] = entry
        if len(recent) >= self.generation_size:
            self.age()

    def age(self) -> None:
        """Drop the older generation; the recent one becomes it."""
        self.older.clear()
        self.older.update(self.recent)
        self.recent.clear()

    def clear(self) -> None:
        """Forget every entry."""
        self.recent.clear()
        self.older.clear()


@dataclass(frozen=True, eq=False)
class SymmetryKeys:
    """Packing tables for the canonical keys of one board shape."""

    cells: int
    #: Lane width in bits (two bitboards per lane).
    lane_bits: int
    lane_mask: int
    #: Shift of each lane; one lane per symmetry used (one when symmetry is off).
    lane_shifts: tuple[int, ...]
    #: ``move_bits[side][cell]``: what a move sets in the packed integer.
    move_bits: tuple[tuple[int, ...], tuple[int, ...]]
    #: ``permutations[s][cell]``: image of ``cell`` under symmetry ``s``.
    permutations: tuple[tuple[int, ...], ...]
    #: ``inverses[s][cell]``: the cell that symmetry ``s`` maps onto ``cell``.
    inverses: tuple[tuple[int, ...], ...]
    #: ``first_of_pair[s]``: cells that symmetry ``s`` does not move to a lower cell.
    #: In a position that some symmetries leave alone, the cells passing all their
    #: masks are one cell per class of twins (the lowest).
    first_of_pair: tuple[int, ...]

    @property
    def uses_symmetry(self) -> bool:
        return len(self.lane_shifts) > 1

    def pack(self, x_bits: int, o_bits: int) -> int:
        """The packed integer of a position, built from scratch."""
        packed = 0
        for side, bits in enumerate((x_bits, o_bits)):
            table = self.move_bits[side]
            while bits:
                low = bits & -bits
                packed |= table[low.bit_length() - 1]
                bits ^= low
        return packed

    def canonical(self, packed: int) -> tuple[int, int]:
        """``(key, symmetry)``: the smallest lane and the symmetry that produced it."""
        mask = self.lane_mask
        lanes = [(packed >> shift) & mask for shift in self.lane_shifts]
        key = min(lanes)
        return key, lanes.index(key)

    def key_of(self, x_bits: int, o_bits: int) -> int:
        """The table key of a position."""
        return self.canonical(self.pack(x_bits, o_bits))[0]


@lru_cache(maxsize=64)
def symmetry_keys_for(config: GameConfig) -> SymmetryKeys:
    """The shared key tables for ``config``."""
    geometry = geometry_for(config)
    cells = geometry.cells
    perms = geometry.symmetries if cells <= SYMMETRY_MAX_CELLS else geometry.symmetries[:1]
    lane_bits = 2 * cells
    shifts = tuple(s * lane_bits for s in range(len(perms)))
    move_bits = tuple(
        tuple(
            sum(1 << (shift + side * cells + perm[cell]) for shift, perm in zip(shifts, perms)) for cell in range(cells)
        )
        for side in (0, 1)
    )
    inverses = []
    for perm in perms:
        inverse = [0] * cells
        for cell, image in enumerate(perm):
            inverse[image] = cell
        inverses.append(tuple(inverse))
    return SymmetryKeys(
        cells=cells,
        lane_bits=lane_bits,
        lane_mask=(1 << lane_bits) - 1,
        lane_shifts=shifts,
        move_bits=(move_bits[0], move_bits[1]),
        permutations=tuple(perms),
        inverses=tuple(inverses),
        first_of_pair=tuple(sum(1 << cell for cell in range(cells) if perm[cell] >= cell) for perm in perms),
    )
