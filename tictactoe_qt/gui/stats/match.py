"""The match the stats panel's Simulate plays, and the one it plays until told otherwise."""

from __future__ import annotations

from typing import NamedTuple

from tictactoe_qt.engine.game import GameConfig, Mark
from tictactoe_qt.engine.players import PlayerSpec
from tictactoe_qt.engine.text import BOARD_NAMES, SideNames


class Match(NamedTuple):
    """What 'Simulate' plays: the board, X's and O's players, the mark that moves first,
    and how the players are written (their marks, kept with each run)."""

    config: GameConfig
    x_spec: PlayerSpec
    o_spec: PlayerSpec
    first: Mark = "x"
    names: SideNames = BOARD_NAMES

    def text(self, swap: bool = False) -> str:
        """``random (X) vs perfect (O) on 3x3, k=3, O first``, each player written by its
        mark: ``random (A) vs perfect (B) …, B first``; with ``swap`` (who starts alternates)
        ``…, first move alternates``."""
        x, o = self.names.name_of_mark("x"), self.names.name_of_mark("o")
        first = first_mover_text(self.first, swap, self.names)
        return f"{self.x_spec} ({x}) vs {self.o_spec} ({o}) on {self.config.size_text}, k={self.config.k}{first}"


def first_mover_text(first: Mark, swap: bool, names: SideNames) -> str:
    """``, O first`` (``, B first`` when O's player writes B) or ``, first move alternates``
    when X does not simply start; ``""`` when it does. The one wording of the match header
    and of each run's label and report."""
    if swap:
        return ", first move alternates"
    return f", {names.name_of_mark('o')} first" if first == "o" else ""


def default_match() -> Match:
    return Match(GameConfig(3, 3, 3), PlayerSpec("random"), PlayerSpec("random"))
