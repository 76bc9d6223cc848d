"""Players: small objects that choose a move for a position.

Each player is built from a :class:`PlayerSpec` and a seed by
:func:`make_player`, and is deterministic for a given seed. Each player module
declares its kinds in ``PLAYERS``; the registry imports a module when the
first player of one of its kinds is built, so a process that plays minimax
never imports the Gomocup client, MCTS or the exact solver.
"""

from __future__ import annotations

import importlib
import random
import time
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Protocol

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

if TYPE_CHECKING:  # the modules of KIND_MODULES, which _Declared imports by name
    from ..gomocup import player  # noqa: F401
    from ..search import alphabeta, average, mcts, minimax, perfect_player  # noqa: F401

#: The module (relative to this package) whose ``PLAYERS`` declares each computer kind.
KIND_MODULES = {
    "engine": "..gomocup.player",
    "alphabeta": "..search.alphabeta",
    "average": "..search.average",
    "mcts": "..search.mcts",
    "minimax": "..search.minimax",
    "perfect": "..search.perfect_player",
}


class _Declared:
    """The factory a player module declares for ``kind`` in its ``PLAYERS``, the module
    imported when the first player of that kind is built."""

    def __init__(self, kind: str, module: str) -> None:
        self.kind = kind
        self._module = module

    def __call__(self, spec: PlayerSpec, rng: random.Random) -> Player:
        players: Mapping[str, PlayerFactory] = importlib.import_module(self._module, __package__).PLAYERS
        return players[self.kind](spec, rng)

    def __repr__(self) -> str:
        return f"<the {self.kind!r} players' factory>"


#: Builders for each kind: those of the ``PLAYERS`` each player module declares.
PLAYER_FACTORIES: dict[str, PlayerFactory] = {
    "random": RandomPlayer,
    **{kind: _Declared(kind, module) for kind, module in KIND_MODULES.items()},
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
