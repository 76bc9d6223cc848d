"""The match the stats panel's Simulate plays, and the one it plays until told otherwise."""

from __future__ import annotations

from typing import NamedTuple

from tictactoe_qt.engine.board import Mark
from tictactoe_qt.engine.config import GameConfig
from tictactoe_qt.engine.player_spec import PlayerSpec


class Match(NamedTuple):
    """What 'Simulate' plays: the board, X's and O's players, and the mark that moves first."""

    config: GameConfig
    x_spec: PlayerSpec
    o_spec: PlayerSpec
    first: Mark = "x"

    def text(self) -> str:
        """``random (X) vs perfect (O) on 3x3, k=3, O first`` (O starts the first game with swap)."""
        first = ", O first" if self.first == "o" else ""
        return f"{self.x_spec} (X) vs {self.o_spec} (O) on {self.config.size_text}, k={self.config.k}{first}"


def default_match() -> Match:
    return Match(GameConfig(3, 3, 3), PlayerSpec("random"), PlayerSpec("random"))
