"""The best line a transposition table knows: follow its moves from a position."""

from __future__ import annotations

from ..board import Board, Move
from ..geometry import Geometry
from .transposition import SymmetryKeys, TranspositionTable


def table_line(
    keys: SymmetryKeys,
    table: TranspositionTable,
    geometry: Geometry,
    moves: list[Move],
    board: Board,
    first: int,
) -> list[Move]:
    """The best line as far as the table knows it, starting with ``first``."""
    lane_mask = keys.lane_mask
    shifts = keys.lane_shifts
    move_bits = keys.move_bits
    get = table.get
    wins_with = geometry.wins_with
    full = geometry.full
    bits = list(board.bits)
    side = board.side
    packed = keys.pack(*bits)
    cell = first
    pv = [moves[first]]
    while True:
        bits[side] |= 1 << cell
        packed |= move_bits[side][cell]
        if wins_with(bits[side], cell) or bits[0] | bits[1] == full or len(pv) >= 64:
            break
        side ^= 1
        lanes = [packed >> shift & lane_mask for shift in shifts]
        key = min(lanes)
        entry = get(key)
        if entry is None or entry[3] < 0:
            break
        cell = keys.inverses[lanes.index(key)][entry[3]]
        if (bits[0] | bits[1]) >> cell & 1:
            break
        pv.append(moves[cell])
    return pv
