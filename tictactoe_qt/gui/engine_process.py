"""Run engine searches in a child process, so they never compete with the GUI for the GIL.

A search in a Python thread shares the interpreter lock with the GUI thread,
and every paint then waits for it. A child process has its own interpreter:
the GUI stays smooth however long the search runs. The child rebuilds players
from their spec and keeps them (and their tables) between moves. Its life
cycle (ready, stop, kill, a child that dies) is :class:`.ChildProcess`'s.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from tictactoe_qt.engine import Board, GameConfig, PlayerSpec, SearchResult
from tictactoe_qt.gui.child_process import ChildCancelledError, ChildError, ChildProcess

#: Players kept in the child between searches (least recently used dropped first).
MAX_CACHED_PLAYERS = 8
#: The child runs at a lower priority than the window (Unix ``nice``).
ENGINE_NICENESS = 5

#: The search raised in the engine process, or the process died or did not start.
EngineProcessError = ChildError


class _SearchHandler:
    """Built in the child: answers ``(key, spec, config, history)`` with a search."""

    def __init__(self) -> None:
        from tictactoe_qt.engine import make_player

        self._make_player = make_player
        make_player("random")  # imports the search modules before saying ready
        self._players: OrderedDict[object, Any] = OrderedDict()

    def __call__(self, message: Any, should_stop: Callable[[], bool],
                 _report: Callable[[object], None]) -> SearchResult:
        key, spec, config, history = message
        player = self._players.pop((key, config), None)
        if player is None or player.spec != spec:
            player = self._make_player(spec)
        self._players[(key, config)] = player
        while len(self._players) > MAX_CACHED_PLAYERS:
            self._players.popitem(last=False)
        board = Board(config)
        for index in history:
            board.push_index(index)
        result: SearchResult = player.choose(board, should_stop)
        return result


class EngineProcess(ChildProcess):
    """One child process that runs one search at a time (from one worker thread)."""

    def __init__(self) -> None:
        super().__init__("engine", _SearchHandler, niceness=ENGINE_NICENESS)

    def search(self, key: object, spec: PlayerSpec, board: Board,
               cancelled: Callable[[], bool]) -> SearchResult:
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
        except ChildCancelledError:
            status, answer = "cancelled", None
        if status == "ok" and isinstance(answer, SearchResult):
            return answer
        return SearchResult(spec.kind, None, 0.0, exact=False, cancelled=True)
