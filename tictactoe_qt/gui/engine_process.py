"""Run engine searches in a child process, so they never compete with the GUI for the GIL.

A search in a Python thread shares the interpreter lock with the GUI thread,
and every paint then waits for it. A child process has its own interpreter:
the GUI stays smooth however long the search runs. The child rebuilds players
from their spec and keeps them (and their tables) between moves. Its life
cycle (ready, stop, kill, a child that dies) is the process layer's
:class:`~tictactoe_qt.engine.processes.Service`.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from tictactoe_qt.engine import SearchResult
from tictactoe_qt.engine.game import Board, GameConfig
from tictactoe_qt.engine.players import PlayerSpec
from tictactoe_qt.engine.processes import Service, ServiceCancelled, ServiceError

#: Players kept in the child between searches (least recently used dropped first).
MAX_CACHED_PLAYERS = 8
#: The child runs at a lower priority than the window (Unix ``nice``).
ENGINE_NICENESS = 5
#: The request that makes the child close its players (external engines' processes too).
FORGET_PLAYERS = ("forget",)

#: The search raised in the engine process, or the process died or did not start.
EngineProcessError = ServiceError


class _SearchHandler:
    """Built in the child: answers ``(key, spec, config, history)`` with a search.

    Players are closed when they leave the cache, on :data:`FORGET_PLAYERS` and
    when the child ends, so external engines and plugin hosts end with them.
    """

    def __init__(self) -> None:
        # A player's modules are imported when the first player of its kind is built:
        # a child that plays minimax never imports the other kinds.
        from tictactoe_qt.engine.players import close_player, make_player

        self._make_player = make_player
        self._close_player = close_player
        self._players: OrderedDict[object, Any] = OrderedDict()

    def __call__(
        self, message: Any, should_stop: Callable[[], bool], _report: Callable[[object], None]
    ) -> SearchResult | None:
        if message == FORGET_PLAYERS:  # a new game: end the old game's engines and plugins
            self.close()
            return None
        key, spec, config, history = message
        player = self._players.pop((key, config), None)
        if player is None or player.spec != spec:
            self._close_player(player)
            player = self._make_player(spec)
        self._players[(key, config)] = player
        while len(self._players) > MAX_CACHED_PLAYERS:
            self._close_player(self._players.popitem(last=False)[1])
        board = Board(config)
        for index in history:
            board.push_index(index)
        result: SearchResult = player.choose(board, should_stop)
        return result

    def close(self) -> None:
        """Close every kept player (called by the child's loop when it ends, too)."""
        for player in self._players.values():
            self._close_player(player)
        self._players.clear()


class EngineProcess(Service):
    """One child process that runs one search at a time (from one worker thread)."""

    def __init__(self) -> None:
        super().__init__("engine", _SearchHandler, niceness=ENGINE_NICENESS)

    def search(self, key: object, spec: PlayerSpec, board: Board, cancelled: Callable[[], bool]) -> SearchResult:
        """Run ``spec``'s choice for ``board`` in the child; ``cancelled`` is polled meanwhile.

        ``key`` names the player kept in the child between searches. A search
        cancelled before it answered (or stopped with the process) returns a
        cancelled result without a move.

        Raises:
            EngineProcessError: the search raised, or the process died or did not start.
        """
        config: GameConfig = board.config
        try:
            status, answer = self.request((key, spec, config, list(board.history)), cancelled)
        except ServiceCancelled:
            status, answer = "cancelled", None
        if status == "ok" and isinstance(answer, SearchResult):
            return answer
        return SearchResult(spec.kind, None, 0.0, exact=False, cancelled=True)

    def forget_players(self) -> None:
        """Have the child close the players it keeps, ending external engines and plugins.

        Call from the thread that runs the searches, between searches. A child
        that is not running has no players to forget.
        """
        if not self.is_running:
            return
        try:
            self.request(FORGET_PLAYERS, cancelled=lambda: False)
        except (ServiceCancelled, ServiceError):
            pass  # a child that died or was stopped took its players with it
