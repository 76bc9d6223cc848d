"""The seed heuristic for positions a search cannot see to the end.

E(n) = M(n) - O(n): the number of lines still open for the side being
evaluated (no opponent mark in them) minus the number still open for the
opponent. It is what the textbook searches use at their depth cut-off.
"""

from __future__ import annotations

from ..game.geometry import Geometry


def open_lines_score(geometry: Geometry, own_bits: int, opp_bits: int) -> int:
    """E(n) for the player holding ``own_bits`` against ``opp_bits``.

    >>> from tictactoe_qt.engine.game.config import GameConfig
    >>> from tictactoe_qt.engine.game.geometry import geometry_for
    >>> open_lines_score(geometry_for(GameConfig()), 1 << 4, 0)  # X in the centre
    4
    """
    open_for_own = 0
    open_for_opp = 0
    for mask in geometry.lines:
        if not mask & opp_bits:
            open_for_own += 1
        if not mask & own_bits:
            open_for_opp += 1
    return open_for_own - open_for_opp


def open_lines_text(own: str, opponent: str, minus: str = "minus") -> str:
    """E(n) in words for the named players: ``"open lines for O minus open lines for X"``.

    The overlay's depth legend says it in prose; the stepper's caption writes it as a
    formula with ``minus="−"`` and the roles in the names (``"O (MAX)"``).
    """
    return f"open lines for {own} {minus} open lines for {opponent}"
