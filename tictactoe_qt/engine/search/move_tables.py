"""Lookup tables that make searches on small boards fast.

On a board of at most :data:`SMALL_BOARD_CELLS` cells every set of cells fits
in a list index, so "does this player have a line?" and "which cells are
empty, in search order?" become one list lookup each instead of a loop over
the lines. Larger boards use the per-cell line masks of the geometry instead.
"""

from __future__ import annotations

from functools import cached_property, lru_cache

from ..game.config import GameConfig
from ..game.geometry import Geometry, geometry_for

#: Boards up to this many cells (3x4) get the table-driven fast paths. The
#: tables have 2**cells entries: 4x4's would take a noticeable pause to build
#: for searches that cannot finish there anyway.
SMALL_BOARD_CELLS = 12


class MoveTables:
    """Per-config tables indexed by a bitboard; each is built on first use."""

    def __init__(self, geometry: Geometry) -> None:
        self.geometry = geometry
        self.full = geometry.full

    @cached_property
    def has_line(self) -> list[bool]:
        """``has_line[bits]``: whether the cells ``bits`` contain a full line."""
        masks = self.geometry.cell_line_masks
        table = [False] * (1 << self.geometry.cells)
        for bits in range(1, len(table)):
            low = bits & -bits
            # A line in ``bits`` either avoids the lowest cell or passes through it.
            if table[bits ^ low]:
                table[bits] = True
                continue
            for mask in masks[low.bit_length() - 1]:
                if bits & mask == mask:
                    table[bits] = True
                    break
        return table

    @cached_property
    def winning_cells(self) -> list[int]:
        """``winning_cells[bits]``: the cells that would give ``bits`` a full line."""
        has_line = self.has_line
        cell_bits = [1 << cell for cell in range(self.geometry.cells)]
        return [sum(bit for bit in cell_bits if has_line[bits | bit]) for bits in range(len(has_line))]

    @cached_property
    def centre_first(self) -> list[tuple[int, ...]]:
        """``centre_first[occupied]``: the empty cells as bits, in :func:`search_order`."""
        return self._empty_cells(search_order(self.geometry))

    @cached_property
    def row_major(self) -> list[tuple[int, ...]]:
        """``row_major[occupied]``: the empty cells as bits, in row-major order."""
        return self._empty_cells(tuple(range(self.geometry.cells)))

    def empty_cells(self, centre_first: bool) -> list[tuple[int, ...]]:
        """The empty-cell table in the requested order."""
        return self.centre_first if centre_first else self.row_major

    def _empty_cells(self, order: tuple[int, ...]) -> list[tuple[int, ...]]:
        bits = [1 << cell for cell in order]
        return [tuple(bit for bit in bits if not occupied & bit) for occupied in range(1 << self.geometry.cells)]


@lru_cache(maxsize=64)
def search_order(geometry: Geometry) -> tuple[int, ...]:
    """Cells centre-first: by ring around the centre, then on more lines first, then index.

    Within a ring the cells on more lines come first, so on 3x3 the order is
    centre, corners, edges: the classic strength order of tic-tac-toe.
    """
    centre_row, centre_col = (geometry.rows - 1) / 2, (geometry.cols - 1) / 2

    def key(cell: int) -> tuple[float, int, int]:
        row, col = divmod(cell, geometry.cols)
        ring = max(abs(row - centre_row), abs(col - centre_col))
        return (ring, -len(geometry.cell_lines[cell]), cell)

    return tuple(sorted(range(geometry.cells), key=key))


def move_tables(config: GameConfig) -> MoveTables | None:
    """The tables for ``config``, or ``None`` when the board is too big for them."""
    if config.cells > SMALL_BOARD_CELLS:
        return None
    return _tables_for(config)


@lru_cache(maxsize=8)
def _tables_for(config: GameConfig) -> MoveTables:
    return MoveTables(geometry_for(config))
