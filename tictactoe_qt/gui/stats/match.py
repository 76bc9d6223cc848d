"""The match the stats panel's Simulate plays, and the one it plays until told otherwise."""

from __future__ import annotations

from typing import NamedTuple

from tictactoe_qt.engine.game import GameConfig, Mark
from tictactoe_qt.engine.players import PlayerSpec
from tictactoe_qt.engine.text import BOARD_NAMES, SideNames
from tictactoe_qt.gui.player_choices import player_words

from .run_snapshot import first_mover_text


class Match(NamedTuple):
    """What 'Simulate' plays: the board, X's and O's players, the mark that moves first,
    and how the players are written (their marks, kept with each run)."""

    config: GameConfig
    x_spec: PlayerSpec
    o_spec: PlayerSpec
    first: Mark = "x"
    names: SideNames = BOARD_NAMES

    def text(self, swap: bool = False) -> str:
        """``Random (X) vs Perfect (O) on 3x3, k=3, O first``: the players in words
        (:func:`player_words`), each written by its mark; with ``swap`` (who starts
        alternates) ``…, first move alternates``."""
        return self._text(player_words(self.x_spec), player_words(self.o_spec), swap)

    def spec_text(self, swap: bool = False) -> str:
        """The same with the players' specs: ``random (X) vs alphabeta:depth=3 (O) on 3x3, k=3``."""
        return self._text(str(self.x_spec), str(self.o_spec), swap)

    def _text(self, x_player: str, o_player: str, swap: bool) -> str:
        x, o = self.names.name_of_mark("x"), self.names.name_of_mark("o")
        first = first_mover_text(self.first, swap, self.names)
        return f"{x_player} ({x}) vs {o_player} ({o}) on {self.config.size_text}, k={self.config.k}{first}"


def default_match() -> Match:
    return Match(GameConfig(3, 3, 3), PlayerSpec("random"), PlayerSpec("random"))
