"""Players: small objects that choose a move for a position.

Each player is built from a :class:`PlayerSpec` and a seed by
:func:`make_player`, and is deterministic for a given seed.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Protocol

from ..game.board import Board, Move
from ..gomocup import player as gomocup_player
from ..search import alphabeta, average, mcts, minimax, perfect_player
from ..search_result import SearchResult, SearchStats, ShouldStop, never_stop
from .player_spec import PlayerSpec, PlayerSpecError


class Player(Protocol):
    """Chooses moves. ``choose`` never changes the board it is given."""

    spec: PlayerSpec

    def choose(self, board: Board, should_stop: ShouldStop = never_stop) -> SearchResult:
        """Pick a move for the side to move on ``board`` (which must not be over)."""
        ...

    def new_game(self) -> None:
        """Forget per-game state (e.g. a transposition table) before a new game."""
        ...


def close_player(player: object) -> None:
    """End the child process of a player that has one (external engines, plugins)."""
    close = getattr(player, "close", None)
    if close is not None:
        close()


class RandomPlayer:
    """Uniform over legal moves."""

    def __init__(self, spec: PlayerSpec, rng: random.Random) -> None:
        self.spec = spec
        self.rng = rng

    def choose(self, board: Board, should_stop: ShouldStop = never_stop) -> SearchResult:
        start = time.perf_counter()
        moves = board.legal_indices()
        index = moves[int(self.rng.random() * len(moves))]
        move = Move.from_index(index, board.config.cols)
        stats = SearchStats(nodes=1, elapsed_seconds=time.perf_counter() - start)
        return SearchResult("random", move, 0.0, exact=False, pv=[move], stats=stats)

    def new_game(self) -> None:
        pass


PlayerFactory = Callable[[PlayerSpec, random.Random], Player]
#: Builders for each kind, from the ``PLAYERS`` each player module declares.
PLAYER_FACTORIES: dict[str, PlayerFactory] = {
    "random": RandomPlayer,
    **gomocup_player.PLAYERS,
    **alphabeta.PLAYERS,
    **average.PLAYERS,
    **mcts.PLAYERS,
    **minimax.PLAYERS,
    **perfect_player.PLAYERS,
}


def make_player(spec: PlayerSpec | str, seed: int | None = None) -> Player:
    """Build the player ``spec`` names, seeded for reproducible choices.

    Raises:
        PlayerSpecError: the spec is bad, or names a human (humans are not engine players).
    """
    if isinstance(spec, str):
        spec = PlayerSpec.parse(spec)
    factory = PLAYER_FACTORIES.get(spec.kind)
    if factory is None and spec.is_plugin:
        from .plugin_player import PluginPlayer

        factory = PluginPlayer
    if factory is None:
        raise PlayerSpecError(f"{spec.kind!r} is not a computer player")
    return factory(spec, random.Random(seed))
