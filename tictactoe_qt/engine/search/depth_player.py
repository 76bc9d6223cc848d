"""Players that run one fixed-depth search per move (minimax, alphabeta, average)."""

from __future__ import annotations

import random
from collections.abc import Callable

from ..board import Board
from ..player_spec import PlayerSpec
from ..search_result import SearchResult, ShouldStop, never_stop

#: ``search(board, depth, should_stop)``.
DepthSearch = Callable[[Board, int | None, ShouldStop], SearchResult]


class DepthSearchPlayer:
    """Plays the move a search picks at the spec's depth (unlimited by default).

    The searches break ties by a fixed cell order, so the player is
    deterministic; ``rng`` is kept only to match the factory signature.
    """

    def __init__(self, spec: PlayerSpec, rng: random.Random, search: DepthSearch) -> None:
        self.spec = spec
        self.rng = rng
        self._search = search

    def choose(self, board: Board, should_stop: ShouldStop = never_stop) -> SearchResult:
        """Search ``board`` (read only) and return the decision."""
        return self._search(board, self.spec.depth, should_stop)

    def new_game(self) -> None:
        """Nothing carries over between games."""
