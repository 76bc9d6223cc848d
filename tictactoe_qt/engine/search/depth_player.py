"""Players that run one depth-limited search per move (minimax, alphabeta, average)."""

from __future__ import annotations

import random
from collections.abc import Callable

from ..game.board import Board
from ..players.player_spec import PlayerSpec
from ..search_result import SearchResult, ShouldStop, never_stop

#: ``search(board, depth, should_stop)``.
DepthSearch = Callable[[Board, int | None, ShouldStop], SearchResult]


class DepthSearchPlayer:
    """Plays the move a search picks at the spec's depth (unlimited by default).

    The searches break ties by a fixed cell order, so a player with a fixed
    depth is deterministic. With a depth range (``depth=1-10``) each move draws
    its depth from ``rng``, so a seed repeats the same depths; the depth used
    is the move's ``stats.depth``. With textbook options the move is the one
    ``tictactoe-qt search`` finds with them (the traced search, counted); without
    them, ``search`` (the engine's own) decides.
    """

    def __init__(self, spec: PlayerSpec, rng: random.Random, search: DepthSearch) -> None:
        self.spec = spec
        self.rng = rng
        self._search = search

    def choose(self, board: Board, should_stop: ShouldStop = never_stop) -> SearchResult:
        """Search ``board`` (read only) and return the decision."""
        depth = self.spec.depth
        if self.spec.depth_range is not None:
            depth = self.rng.randint(*self.spec.depth_range)
        if self.spec.textbook is not None:
            from ..teaching.trace.counted_search import counted_search

            return counted_search(board, self.spec.search_algorithm, self.spec.textbook, depth, should_stop)
        return self._search(board, depth, should_stop)

    def new_game(self) -> None:
        """Nothing carries over between games (the random depths go on from the generator)."""
