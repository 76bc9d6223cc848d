"""Random-vs-random games on 3x3, fast and exact.

Picking a uniformly random empty cell at every ply is the same as playing a
uniformly random ordering of all cells and stopping at the first win. Orderings
of the 9 cells are numbered 0..9!-1 in lexicographic order, so the orderings
that start with one game's moves form one contiguous range of numbers. One
depth-first walk over the game tree (255,168 games) therefore fills a table,
``ending[rank]``, with the outcome of every ordering. A game is then one random
rank: its outcome is one table lookup (the batch totals path) and its moves
are the rank's digits in the factorial number system (the watched-games path).
Both paths read the same ranks, so a seed gives the same games either way.

Ranks come in blocks of :data:`BLOCK_GAMES` games, each block drawn from its
own generator seeded by (batch seed, block number): results never depend on
how a batch is split into chunks or over processes.
"""

from __future__ import annotations

import random
import time
from functools import lru_cache
from math import factorial

from ..game.board import Mark
from ..game.config import GameConfig
from ..game.geometry import Geometry, geometry_for
from ..game.seating import Seating
from ..search_result import ShouldStop
from .simulation_stats import SimulationSummary

#: Games per block of ranks; batch chunks are whole blocks.
BLOCK_GAMES = 4096
_WORD_BYTES = 4
_WORD_RANGE = 1 << 32


def has_fast_path(config: GameConfig) -> bool:
    """Whether random-vs-random games on ``config`` use the rank table (3x3 only)."""
    return config.cells <= 9


def ending_code(winner: int, length: int) -> int:
    """Pack an outcome in one byte: ``winner`` 0 draw, 1 X, 2 O; ``length`` in plies."""
    return length << 2 | winner


#: The board's winner (``"x"``: the first mover) of each winner code of an ending.
BOARD_WINNERS: tuple[Mark | None, Mark | None, Mark | None] = (None, "x", "o")


def decode_ending(code: int) -> tuple[int, int]:
    """``(winner, length)`` for a byte made by :func:`ending_code`."""
    return code & 3, code >> 2


@lru_cache(maxsize=2)
def ending_table(config: GameConfig) -> bytes:
    """The outcome byte of every ordering of the cells, by lexicographic rank.

    Built once per process (a few milliseconds for 3x3).
    """
    geometry = geometry_for(config)
    cells = config.cells
    block_of = [factorial(i) for i in range(cells + 1)]
    table = bytearray(block_of[cells])
    fills: dict[int, bytes] = {}
    wins_with = geometry.wins_with

    def fill(start: int, size: int, code: int) -> None:
        pattern = fills.get(code)
        if pattern is None:
            pattern = fills[code] = bytes([code]) * block_of[cells - 1]
        table[start : start + size] = memoryview(pattern)[:size]

    # The same position reached in another move order has the same orderings
    # of its empty cells left, so its stretch of the table is copied, not rebuilt.
    filled: dict[tuple[int, int], int] = {}

    def visit(mover: int, waiting: int, empties: list[int], ply: int, start: int) -> None:
        size = block_of[len(empties) - 1]
        winner = 1 + (ply & 1)
        for position, cell in enumerate(empties):
            first = start + position * size
            bits = mover | 1 << cell
            if wins_with(bits, cell):
                fill(first, size, ending_code(winner, ply + 1))
            elif len(empties) == 1:
                table[first] = ending_code(0, ply + 1)
            else:
                earlier = filled.get((waiting, bits))
                if earlier is None:
                    filled[(waiting, bits)] = first
                    rest = empties[:position] + empties[position + 1 :]
                    visit(waiting, bits, rest, ply + 1, first)
                else:
                    table[first : first + size] = table[earlier : earlier + size]

    visit(0, 0, list(range(cells)), 0, 0)
    return bytes(table)


def _block_rng(seed: int, block: int) -> random.Random:
    return random.Random(f"random-games:{seed}:{block}")


def block_ranks(config: GameConfig, seed: int, block: int) -> list[int]:
    """The ranks of games ``block * BLOCK_GAMES`` onwards, uniform over all orderings.

    32-bit words at or above the largest multiple of the ordering count are
    rejected (and replaced from the same stream) so every rank is exactly
    equally likely.
    """
    orderings = factorial(config.cells)
    limit = _WORD_RANGE - _WORD_RANGE % orderings
    rng = _block_rng(seed, block)
    ranks: list[int] = []
    while len(ranks) < BLOCK_GAMES:
        wanted = BLOCK_GAMES - len(ranks)
        words = memoryview(rng.randbytes(wanted * _WORD_BYTES)).cast("I")
        ranks.extend(word % orderings for word in words if word < limit)
    return ranks


def block_endings(config: GameConfig, seed: int, block: int) -> bytes:
    """The outcome byte of each game of one block (see :func:`ending_code`)."""
    table = ending_table(config)
    return bytes(map(table.__getitem__, block_ranks(config, seed, block)))


def moves_of_rank(geometry: Geometry, rank: int) -> list[int]:
    """The cells played by the game numbered ``rank``, up to its first win."""
    empties = list(range(geometry.cells))
    bits = [0, 0]
    moves: list[int] = []
    remaining = len(empties)
    while remaining:
        size = factorial(remaining - 1)
        position, rank = divmod(rank, size)
        cell = empties.pop(position)
        side = len(moves) & 1
        bits[side] |= 1 << cell
        moves.append(cell)
        remaining -= 1
        if geometry.wins_with(bits[side], cell):
            break
    return moves


#: ``(winner, length) -> number of games``.
EndingCounts = dict[tuple[int, int], int]


def count_endings(endings: bytes) -> EndingCounts:
    """How many games of each ``(winner, length)`` a string of outcome bytes holds."""
    return {decode_ending(code): endings.count(code) for code in set(endings)}


def blocks_for(start: int, stop: int) -> range:
    """The block numbers covering games ``start`` to ``stop - 1``."""
    return range(start // BLOCK_GAMES, (stop + BLOCK_GAMES - 1) // BLOCK_GAMES)


def count_games(summary: SimulationSummary, start: int, stop: int, should_stop: ShouldStop) -> float:
    """Count games ``start`` to ``stop - 1`` into ``summary``; returns their move time.

    The move time is the time spent drawing games and looking up their
    outcomes, for the games counted only: a block's time is shared over its
    :data:`BLOCK_GAMES` games, and building the table is set-up.
    """
    size = BLOCK_GAMES
    ending_table(summary.config)  # set-up, not move time
    clock = time.perf_counter
    move_seconds = 0.0
    for block in blocks_for(start, stop):
        if should_stop():
            summary.cancelled = True
            break
        began = clock()
        endings = block_endings(summary.config, summary.seed, block)
        offset = block * size
        endings = endings[max(start - offset, 0) : min(stop - offset, size)]
        move_seconds += (clock() - began) * len(endings) / size
        first_game = offset + max(start - offset, 0)
        parts = [(Seating.of_game(summary.first, summary.swap, first_game), endings)]
        if summary.swap:
            parts = [
                (Seating.of_game(summary.first, True, first_game + parity), endings[parity::2]) for parity in (0, 1)
            ]
        for seating, part in parts:
            for (winner, length), count in count_endings(part).items():
                summary.add_ending(seating.mark_of(BOARD_WINNERS[winner]), length, seating, count)
    return move_seconds
