"""The ``perfect`` player: a :class:`.perfect.PerfectSearcher` kept across moves."""

from __future__ import annotations

import random
import time

from ..game.board import Board
from ..players.player_spec import PlayerSpec
from ..search_result import SearchResult, ShouldStop, never_stop
from .perfect import PerfectSearcher


class PerfectPlayer:
    """The ``perfect`` player: one searcher per game shape, kept across moves."""

    def __init__(self, spec: PlayerSpec, rng: random.Random) -> None:
        self.spec = spec
        self.rng = rng
        self._searcher: PerfectSearcher | None = None

    @property
    def searcher(self) -> PerfectSearcher | None:
        """The searcher of the current board shape (``None`` before the first move)."""
        return self._searcher

    def choose(self, board: Board, should_stop: ShouldStop = never_stop) -> SearchResult:
        started = time.perf_counter()  # building a big board's tables counts against the budget
        searcher = self._searcher
        config = board.config
        if searcher is None or (searcher.config is not config and searcher.config != config):
            searcher = self._searcher = PerfectSearcher(config)
        return searcher.search(board, self.spec.time, self.spec.depth, should_stop, started)

    def new_game(self) -> None:
        if self._searcher is not None:
            self._searcher.new_game()


#: The players defined here, by kind; players/registry.py collects them.
PLAYERS = {"perfect": PerfectPlayer}
