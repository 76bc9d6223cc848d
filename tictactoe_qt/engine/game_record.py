"""One finished game of a simulation, as the runner yields it."""

from __future__ import annotations

from dataclasses import dataclass

from .board import Board, Mark, Move
from .config import GameConfig


@dataclass(frozen=True)
class GameRecord:
    """One finished game of a batch.

    ``x_spec``/``o_spec`` are the players that held X and O in *this* game;
    ``starter`` says which batch player that was: ``"x"`` when the player
    given as X moved first, ``"o"`` when swapping gave the first move to the
    player given as O. ``move_seconds`` and ``move_nodes`` run per ply, so
    X's are the even entries and O's the odd ones.
    """

    index: int
    config: GameConfig
    x_spec: str
    o_spec: str
    starter: str
    moves: tuple[Move, ...]
    #: The mark that won, ``None`` for a draw.
    winner: Mark | None
    move_seconds: tuple[float, ...]
    move_nodes: tuple[int, ...]

    @property
    def length(self) -> int:
        """Plies played."""
        return len(self.moves)

    @property
    def winner_player(self) -> str | None:
        """Which batch player won: ``"x"`` (given as X), ``"o"`` (given as O), or ``None``."""
        if self.winner is None:
            return None
        if self.starter == "x":
            return self.winner
        return "o" if self.winner == "x" else "x"

    @property
    def x_move_seconds(self) -> tuple[float, ...]:
        return self.move_seconds[0::2]

    @property
    def o_move_seconds(self) -> tuple[float, ...]:
        return self.move_seconds[1::2]

    @property
    def x_move_nodes(self) -> tuple[int, ...]:
        return self.move_nodes[0::2]

    @property
    def o_move_nodes(self) -> tuple[int, ...]:
        return self.move_nodes[1::2]

    def board(self) -> Board:
        """The final position, with the real move history."""
        board = Board(self.config)
        for move in self.moves:
            board.push(move)
        return board
