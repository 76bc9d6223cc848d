"""Players: small objects that choose a move for a position.

Each player is built from a :class:`PlayerSpec` and a seed by
:func:`make_player`, and is deterministic for a given seed. Each player module
declares its kinds in ``PLAYERS``; the registry imports a module when the
first player of one of its kinds is built, so a process that plays minimax
never imports the Gomocup client, MCTS or the exact solver.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping
from typing import Protocol

from ..game.board import Board, Move
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


def _engine_players() -> Mapping[str, PlayerFactory]:
    from ..gomocup.player import PLAYERS

    return PLAYERS


def _alphabeta_players() -> Mapping[str, PlayerFactory]:
    from ..search.alphabeta import PLAYERS

    return PLAYERS


def _average_players() -> Mapping[str, PlayerFactory]:
    from ..search.average import PLAYERS

    return PLAYERS


def _mcts_players() -> Mapping[str, PlayerFactory]:
    from ..search.mcts import PLAYERS

    return PLAYERS


def _minimax_players() -> Mapping[str, PlayerFactory]:
    from ..search.minimax import PLAYERS

    return PLAYERS


def _perfect_players() -> Mapping[str, PlayerFactory]:
    from ..search.perfect_player import PLAYERS

    return PLAYERS


class _Declared:
    """The factory a player module declares for ``kind``, imported when first called."""

    def __init__(self, kind: str, players: Callable[[], Mapping[str, PlayerFactory]]) -> None:
        self.kind = kind
        self._players = players

    def __call__(self, spec: PlayerSpec, rng: random.Random) -> Player:
        return self._players()[self.kind](spec, rng)

    def __repr__(self) -> str:
        return f"<the {self.kind!r} players' factory>"


#: Builders for each kind: those of the ``PLAYERS`` each player module declares.
PLAYER_FACTORIES: dict[str, PlayerFactory] = {
    "random": RandomPlayer,
    "engine": _Declared("engine", _engine_players),
    "alphabeta": _Declared("alphabeta", _alphabeta_players),
    "average": _Declared("average", _average_players),
    "mcts": _Declared("mcts", _mcts_players),
    "minimax": _Declared("minimax", _minimax_players),
    "perfect": _Declared("perfect", _perfect_players),
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
