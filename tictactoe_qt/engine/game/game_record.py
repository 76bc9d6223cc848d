"""One finished game of a simulation, as the runner yields it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .board import Board, Mark, Move
from .config import GameConfig
from .seating import Seating


def total_nodes(move_nodes: Sequence[int | None]) -> int | None:
    """The nodes of some moves added up; ``None`` if any move's count was not reported."""
    if None in move_nodes:
        return None
    return sum(n for n in move_nodes if n is not None)


@dataclass(frozen=True)
class GameRecord:
    """One finished game of a batch.

    ``x_spec``/``o_spec`` are the players given as X and O (they keep their
    marks in every game); ``starter`` is the mark that moved first in this
    game and ``winner`` the mark that won. ``moves``, ``move_seconds`` and
    ``move_nodes`` run per ply, starting with the starter's move. A game lost
    by forfeit (an engine or plugin that broke the rules) ends at the faulty
    move, which is not among ``moves``, and says why in ``forfeit``.
    """

    index: int
    config: GameConfig
    x_spec: str
    o_spec: str
    #: The mark that moved first.
    starter: Mark
    moves: tuple[Move, ...]
    #: The mark that won, ``None`` for a draw.
    winner: Mark | None
    move_seconds: tuple[float, ...]
    #: ``None`` for a move whose player did not report a count (an engine or plugin).
    move_nodes: tuple[int | None, ...]
    #: Why the loser forfeited (``"O forfeits: <reason>"``); ``None`` when played out.
    forfeit: str | None = None

    @property
    def length(self) -> int:
        """Plies played."""
        return len(self.moves)

    @property
    def seating(self) -> Seating:
        return Seating.of(self.starter)

    @property
    def x_move_seconds(self) -> tuple[float, ...]:
        return self.move_seconds[self.seating.plies("x")]

    @property
    def o_move_seconds(self) -> tuple[float, ...]:
        return self.move_seconds[self.seating.plies("o")]

    @property
    def x_move_nodes(self) -> tuple[int | None, ...]:
        return self.move_nodes[self.seating.plies("x")]

    @property
    def o_move_nodes(self) -> tuple[int | None, ...]:
        return self.move_nodes[self.seating.plies("o")]

    def board(self) -> Board:
        """The final position, with the real move history (the board's side 0 is the starter)."""
        board = Board(self.config)
        for move in self.moves:
            board.push(move)
        return board
