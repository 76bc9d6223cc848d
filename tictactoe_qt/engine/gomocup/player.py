"""The ``engine:path=...`` player: an external Gomocup engine behind the Player API.

Any fault of the engine (see :class:`~.client.EngineFault`) closes it and
raises :class:`~tictactoe_qt.engine.errors.PlayerForfeit`: it loses that
game, and the next game starts a fresh process. A move called off through
``should_stop`` (Undo, New game, a stopped batch) is no fault: the engine is
told to stop thinking, or ended if it will not, and the result is cancelled.
"""

from __future__ import annotations

import random
import time

from ..errors import PlayerForfeit
from ..game.board import Board
from ..game.config import GameConfig
from ..players.player_log import player_log
from ..players.player_spec import PlayerSpec
from ..search_result import SearchResult, SearchStats, ShouldStop, never_stop
from .board_check import check_engine_accepts
from .client import EngineFault, ExternalEngine, check_engine_board, check_engine_path


class EnginePlayer:
    """Plays through an external engine; its process starts with the first move."""

    def __init__(self, spec: PlayerSpec, rng: random.Random | None = None) -> None:
        self.spec = spec
        self.rng = rng
        self.engine = ExternalEngine(spec.path or "", player_log(lambda: self.name))
        self._config: GameConfig | None = None  # the game the engine was started for

    @property
    def name(self) -> str:
        """The engine's ``ABOUT`` name once it answered, its file name before."""
        return self.engine.name

    def new_game(self) -> None:
        self._config = None

    def choose(self, board: Board, should_stop: ShouldStop = never_stop) -> SearchResult:
        """The engine's move; a cancelled result once ``should_stop`` says so.

        A called-off move stops the engine's thinking (or ends its process, and
        the next move starts a fresh one from the position).
        """
        began = time.perf_counter()
        try:
            move = None
            if self._config != board.config:
                self._config = None
                if self.engine.start(board.config, self.spec.time, should_stop):
                    self._config = board.config
            if self._config is not None:
                move = self.engine.choose(board, self.spec.time, should_stop)
        except EngineFault as fault:
            self.close()
            raise PlayerForfeit(f"{self.name} {fault}") from None
        if move is None:  # called off
            if not self.engine.is_running:
                self._config = None  # it was ended: the next move starts a fresh one
            return SearchResult(self.name, None, 0.0, exact=False, cancelled=True)
        stats = SearchStats(elapsed_seconds=time.perf_counter() - began, nodes_reported=False)
        return SearchResult(self.name, move, 0.0, exact=False, pv=[move], stats=stats)

    def close(self) -> None:
        """End the engine's process (the next move starts a new one)."""
        self._config = None
        self.engine.close()


def check_engine_spec(spec: PlayerSpec, config: GameConfig, ask: bool = True) -> None:
    """Raise :class:`~.client.EngineUnavailable` unless ``spec``'s engine can play ``config``.

    With ``ask``, the engine is also started once and asked whether it plays the
    board (:func:`~.board_check.check_engine_accepts`).
    """
    check_engine_path(spec.path or "")
    check_engine_board(config)
    if ask:
        check_engine_accepts(spec.path or "", config)


#: The players defined here, by kind; players/registry.py collects them.
PLAYERS = {"engine": EnginePlayer}
