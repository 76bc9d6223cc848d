"""Precomputed tables for one board shape: lines, per-cell lines, symmetries.

Cells are numbered ``index = row * cols + col``; a set of cells is a Python int
used as a bitboard, bit ``index`` set for each cell. Every table here is built
once per :class:`GameConfig` and shared (see :func:`geometry_for`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from .config import GameConfig

DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))
_CHUNK = 8


def iter_bits(bits: int) -> list[int]:
    """The indices of the set bits of ``bits``, lowest first."""
    out = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return out


@dataclass(frozen=True, eq=False)
class Geometry:
    """Line and symmetry tables for a rows x cols board with k in a row."""

    config: GameConfig
    full: int
    #: Every k-cell window in the four directions, as bitboards.
    lines: tuple[int, ...]
    #: The cells of each line, in order along it.
    line_cells: tuple[tuple[int, ...], ...]
    #: For each cell, the indices (into ``lines``) of the lines through it.
    cell_lines: tuple[tuple[int, ...], ...]
    #: For each cell, the masks of the lines through it (fast win checks).
    cell_line_masks: tuple[tuple[int, ...], ...]
    #: Cells sorted centre-first (ties broken by index).
    centre_order: tuple[int, ...]
    #: Each symmetry of the board as a cell permutation; the identity is first.
    symmetries: tuple[tuple[int, ...], ...]
    #: For each cell, the cells within Chebyshev distance 1 and 2.
    near1: tuple[int, ...]
    near2: tuple[int, ...]
    _chunk_tables: list[list[list[int]] | None] = field(default_factory=list, repr=False)

    @property
    def rows(self) -> int:
        return self.config.rows

    @property
    def cols(self) -> int:
        return self.config.cols

    @property
    def k(self) -> int:
        return self.config.k

    @property
    def cells(self) -> int:
        return self.config.cells

    def wins_with(self, bits: int, cell: int) -> bool:
        """Whether ``bits`` (which holds ``cell``) has a full line through ``cell``."""
        for mask in self.cell_line_masks[cell]:
            if bits & mask == mask:
                return True
        return False

    def has_line(self, bits: int) -> bool:
        """Whether ``bits`` contains any full line."""
        return any(bits & mask == mask for mask in self.lines)

    def full_lines(self, bits: int) -> list[int]:
        """The indices of the lines that ``bits`` fills."""
        return [i for i, mask in enumerate(self.lines) if bits & mask == mask]

    def transform(self, bits: int, symmetry: int) -> int:
        """Map a bitboard through symmetry number ``symmetry`` (byte lookup tables)."""
        if symmetry == 0:
            return bits
        table = self._chunk_tables[symmetry]
        if table is None:
            table = self._build_chunk_table(symmetry)
        out = 0
        chunk = 0
        while bits:
            out |= table[chunk][bits & 0xFF]
            bits >>= _CHUNK
            chunk += 1
        return out

    def _build_chunk_table(self, symmetry: int) -> list[list[int]]:
        perm = self.symmetries[symmetry]
        table = []
        for start in range(0, self.cells, _CHUNK):
            entries = [0] * 256
            for byte in range(1, 256):
                low = byte & -byte
                i = start + low.bit_length() - 1
                image = (1 << perm[i]) if i < self.cells else 0
                entries[byte] = entries[byte ^ low] | image
            table.append(entries)
        self._chunk_tables[symmetry] = table
        return table


def _symmetries(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    def perm(f: object) -> tuple[int, ...]:
        mapping = [0] * (rows * cols)
        for r in range(rows):
            for c in range(cols):
                nr, nc = f(r, c)  # type: ignore[operator]
                mapping[r * cols + c] = nr * cols + nc
        return tuple(mapping)

    n, m = rows - 1, cols - 1
    maps = [lambda r, c: (r, c), lambda r, c: (n - r, c), lambda r, c: (r, m - c), lambda r, c: (n - r, m - c)]
    if rows == cols:
        maps += [lambda r, c: (c, r), lambda r, c: (m - c, r), lambda r, c: (c, n - r), lambda r, c: (m - c, n - r)]
    return tuple(perm(f) for f in maps)


@lru_cache(maxsize=64)
def geometry_for(config: GameConfig) -> Geometry:
    """The shared tables for ``config``, built on first use."""
    rows, cols, k = config.rows, config.cols, config.k
    line_cells: list[tuple[int, ...]] = []
    for r in range(rows):
        for c in range(cols):
            for dr, dc in DIRECTIONS:
                er, ec = r + dr * (k - 1), c + dc * (k - 1)
                if 0 <= er < rows and 0 <= ec < cols:
                    line_cells.append(tuple((r + dr * i) * cols + c + dc * i for i in range(k)))
    lines = tuple(sum(1 << i for i in cells) for cells in line_cells)
    per_cell: list[list[int]] = [[] for _ in range(rows * cols)]
    for index, cells in enumerate(line_cells):
        for cell in cells:
            per_cell[cell].append(index)
    centre_r, centre_c = (rows - 1) / 2, (cols - 1) / 2

    def centre_key(i: int) -> tuple[float, float, int]:
        dr, dc = i // cols - centre_r, i % cols - centre_c
        return (max(abs(dr), abs(dc)), dr * dr + dc * dc, i)

    def near(i: int, reach: int) -> int:
        r0, c0 = divmod(i, cols)
        mask = 0
        for r in range(max(0, r0 - reach), min(rows, r0 + reach + 1)):
            for c in range(max(0, c0 - reach), min(cols, c0 + reach + 1)):
                if (r, c) != (r0, c0):
                    mask |= 1 << (r * cols + c)
        return mask

    symmetries = _symmetries(rows, cols)
    return Geometry(
        config=config,
        full=(1 << (rows * cols)) - 1,
        lines=lines,
        line_cells=tuple(line_cells),
        cell_lines=tuple(tuple(ls) for ls in per_cell),
        cell_line_masks=tuple(tuple(lines[j] for j in ls) for ls in per_cell),
        centre_order=tuple(sorted(range(rows * cols), key=centre_key)),
        symmetries=symmetries,
        near1=tuple(near(i, 1) for i in range(rows * cols)),
        near2=tuple(near(i, 2) for i in range(rows * cols)),
        _chunk_tables=[None] * len(symmetries),
    )
