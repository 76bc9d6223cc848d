"""The best line a transposition table knows: follow its moves from a position.

The search stores no move where a threat ends a node (a win at once, a forced
block, two winning cells made at once), so a won line can stop short of the
win; :func:`played_out` finishes it with those same forced moves.
"""

from __future__ import annotations

from ..game.board import Board, Move
from ..game.geometry import Geometry
from .threats import winning_cells
from .transposition import SymmetryKeys, TranspositionTable


def table_line(
    keys: SymmetryKeys, table: TranspositionTable, geometry: Geometry, moves: list[Move], board: Board, first: int
) -> list[Move]:
    """The best line as far as the table knows it, starting with ``first``."""
    return [moves[cell] for cell in _table_cells(keys, table, geometry, board, first)]


def played_out(
    keys: SymmetryKeys,
    table: TranspositionTable,
    geometry: Geometry,
    moves: list[Move],
    board: Board,
    first: int,
    plies: int,
) -> list[Move]:
    """A line that wins in ``plies`` plies, starting with ``first``: the table's line,
    then the threat moves the search does not store, until the game is won.

    Each added move is the mover's win at once, else a block of the opponent's
    winning cell, else a move that makes two winning cells (a win in three plies).
    It stops early if none applies (the line is then as long as the table knows).
    """
    cells = _table_cells(keys, table, geometry, board, first)
    bits = list(board.bits)
    side = board.side
    for cell in cells:
        bits[side] |= 1 << cell
        side ^= 1
    while len(cells) < plies and not geometry.wins_with(bits[side ^ 1], cells[-1]):
        cell = _threat_move(geometry, bits[side], bits[side ^ 1])
        if cell < 0:
            break
        cells.append(cell)
        bits[side] |= 1 << cell
        side ^= 1
    return [moves[cell] for cell in cells]


def _threat_move(geometry: Geometry, mine: int, theirs: int) -> int:
    """The mover's forced or fastest move by threats alone (see :func:`played_out`), or -1."""
    wins = winning_cells(geometry, mine, theirs)
    if not wins:
        wins = winning_cells(geometry, theirs, mine)  # the cell to block
    if wins:
        return (wins & -wins).bit_length() - 1
    empty = geometry.full & ~(mine | theirs)
    while empty:
        low = empty & -empty
        empty ^= low
        made = winning_cells(geometry, mine | low, theirs)
        if made & (made - 1):
            return low.bit_length() - 1
    return -1


def _table_cells(
    keys: SymmetryKeys, table: TranspositionTable, geometry: Geometry, board: Board, first: int
) -> list[int]:
    """The cells of :func:`table_line`."""
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
    pv = [first]
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
        pv.append(cell)
    return pv
