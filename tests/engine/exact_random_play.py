"""Exact outcome probabilities of random play, for checking the simulator's counts."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from tictactoe_qt.engine.game import GameConfig, geometry_for, iter_bits


def exact_outcomes(config: GameConfig) -> dict[tuple[int, int], Fraction]:
    """The exact probability of each ``(winner, length)`` under random play.

    ``winner`` is 0 for a draw, 1 for X, 2 for O. A walk over positions with
    memoised probabilities, so only for boards of up to 12 cells.

    Raises:
        ValueError: the board is too big to enumerate.
    """
    if config.cells > 12:
        raise ValueError(f"{config} has too many positions to enumerate exactly")
    return dict(_exact_outcomes(config))


@lru_cache(maxsize=4)
def _exact_outcomes(config: GameConfig) -> dict[tuple[int, int], Fraction]:
    geometry = geometry_for(config)
    memo: dict[tuple[int, int], dict[tuple[int, int], Fraction]] = {}
    full = geometry.full

    def outcomes(mover: int, waiting: int, ply: int) -> dict[tuple[int, int], Fraction]:
        key = (mover, waiting)
        known = memo.get(key)
        if known is not None:
            return known
        empties = iter_bits(full & ~(mover | waiting))
        share = Fraction(1, len(empties))
        total: dict[tuple[int, int], Fraction] = {}
        for cell in empties:
            bits = mover | 1 << cell
            if geometry.wins_with(bits, cell):
                child = {(1 + (ply & 1), ply + 1): Fraction(1)}
            elif len(empties) == 1:
                child = {(0, ply + 1): Fraction(1)}
            else:
                child = outcomes(waiting, bits, ply + 1)
            for ending, chance in child.items():
                total[ending] = total.get(ending, Fraction(0)) + chance * share
        memo[key] = total
        return total

    return outcomes(0, 0, 0)
