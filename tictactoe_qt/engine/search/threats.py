"""Threat facts on bitboards, from per-line lookups.

A *threat* is a line one mark from completion with none of the opponent's
marks; its empty cell is a *winning cell*. These helpers serve the search's
rare paths and the tests; the hot loop keeps threat lines incrementally.
"""

from __future__ import annotations

from ..game.geometry import Geometry


def winning_cells(geometry: Geometry, own_bits: int, opp_bits: int) -> int:
    """Bitboard of the empty cells where the owner of ``own_bits`` completes a line."""
    empty = geometry.full & ~(own_bits | opp_bits)
    cells = 0
    k = geometry.k
    for mask in geometry.lines:
        if not mask & opp_bits and (own_bits & mask).bit_count() == k - 1:
            cells |= mask & empty
    return cells


def first_empty(cells: tuple[int, ...], occupied: int) -> int:
    """The first cell of ``cells`` that is empty (a move for a dead-drawn root)."""
    for cell in cells:
        if not occupied >> cell & 1:
            return cell
    return cells[0]


def makes_two_winning_cells(
    through: tuple[int, ...], codes: list[int], pre_threat: int, lines: tuple[int, ...], taken: int
) -> bool:
    """Whether a move leaves two winning cells among the lines it turns into threats.

    Args:
        through: the indices of the lines through the move's cell.
        codes: every line's code; ``pre_threat`` is the code the move turns into a threat.
        lines: every line's mask; ``taken`` is the occupied cells, the move's included.

    Overlapping windows of one direction can share their missing cell, so
    two new threat lines are not always two threats.
    """
    cells = 0
    for line in through:
        if codes[line] == pre_threat:
            cells |= lines[line]
    cells &= ~taken
    return bool(cells & (cells - 1))
