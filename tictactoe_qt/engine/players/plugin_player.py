"""A plugin (see :mod:`.plugins`) as a Player, played in its own child process.

The child (:mod:`.plugin_host`) keeps the bot between moves. Like an
external engine, a plugin forfeits the game
(:class:`~tictactoe_qt.engine.errors.PlayerForfeit`) when it raises, answers
something that is not an empty cell, or overruns its time plus a grace; a
plugin that hangs is killed, and the next game starts a fresh one. A plugin
that does not load (it raises, exits or hangs at import) forfeits the game,
and every later game of the same player at once, without another host.
"""

from __future__ import annotations

import json
import os
import random
import sys
import time
from typing import Any

from ..errors import PlayerForfeit
from ..game.board import Board, Move
from ..game.coordinates import cell_text
from ..gomocup.client import END_SECONDS, GRACE_SECONDS, START_SECONDS, TERMINATE_SECONDS
from ..processes import Child, ChildExited, ChildFailed
from ..search_result import SearchResult, SearchStats, ShouldStop, never_stop
from .player_log import player_log
from .player_spec import PlayerSpec, PlayerSpecError
from .plugins import discovered_plugins, load_seconds

#: How often a waiting move checks ``should_stop``.
_POLL_SECONDS = 0.05


class PluginPlayer:
    """Plays an installed plugin; its process starts with the first move."""

    def __init__(self, spec: PlayerSpec, rng: random.Random | None = None) -> None:
        info = discovered_plugins().get(spec.kind)
        if info is None:
            raise PlayerSpecError(f"no plugin named {spec.kind!r} is installed")
        if info.error:
            raise PlayerSpecError(f"the plugin {spec.kind!r} is broken: {info.error}")
        self.spec = spec
        self.rng = rng
        self.name = spec.kind
        self._log = player_log(lambda: self.name)
        self._child: Child | None = None
        #: Why the plugin did not load, once it failed to: each later game forfeits at once.
        self._load_failure: str | None = None

    def new_game(self) -> None:
        pass  # the bot is the plugin's own: it sees the whole board every move

    def choose(self, board: Board, should_stop: ShouldStop = never_stop) -> SearchResult:
        began = time.perf_counter()
        try:
            if self._load_failure is not None:
                raise PlayerForfeit(self._load_failure)
            if self._child is None or not self._child.is_running:
                self._start(should_stop)
            cells = [
                [board.mark_at(row, col) or "." for col in range(board.config.cols)] for row in range(board.config.rows)
            ]
            request = {"cells": cells, "to_move": board.turn, "k": board.config.k}
            self._send(json.dumps(request))
            answer = self._answer(self.spec.time + GRACE_SECONDS, should_stop)
            if answer is None:  # called off: the plugin is busy with a move nobody wants
                self._end_now()  # (its answer would arrive in the next game): start afresh
                return SearchResult(self.name, None, 0.0, exact=False, cancelled=True)
            move = self._move_of(answer, board)
        except PlayerForfeit:
            self.close()
            raise
        stats = SearchStats(elapsed_seconds=time.perf_counter() - began, nodes_reported=False)
        return SearchResult(self.name, move, 0.0, exact=False, pv=[move], stats=stats)

    def ask_name(self) -> str:
        """Start the plugin if needed and return the name it gives itself.

        Raises:
            PlayerForfeit: it would not start.
        """
        if self._load_failure is not None:
            raise PlayerForfeit(self._load_failure)
        if self._child is None or not self._child.is_running:
            try:
                self._start(never_stop)
            except PlayerForfeit:
                self.close()
                raise
        return self.name

    def close(self) -> None:
        """End the plugin's process. Safe to repeat."""
        child, self._child = self._child, None
        if child is not None:  # the host ends at the end of its input
            child.stop(lambda running: running.close_input(), END_SECONDS)

    def _end_now(self) -> None:
        """End the plugin's process without waiting for it to finish its move."""
        child, self._child = self._child, None
        if child is not None:
            child.kill(TERMINATE_SECONDS)

    # -- the child ----------------------------------------------------------
    def _start(self, should_stop: ShouldStop) -> None:
        if self._child is not None:  # one that exited: its group may hold helpers
            self._child.kill(TERMINATE_SECONDS)
        options = dict(self.spec.options)
        env = dict(os.environ)
        # The child finds the same packages (and plugins) as this process does.
        env["PYTHONPATH"] = os.pathsep.join(p for p in sys.path if p)
        try:
            child = Child.start(
                [sys.executable, "-m", "tictactoe_qt.engine.players.plugin_host", self.spec.kind, json.dumps(options)],
                env=env,
                on_stderr=self._log,
            )
        except ChildExited as error:
            raise PlayerForfeit(f"{self.name} {error.reason}") from None
        self._child = child
        self._await_ready(child, should_stop)

    def _await_ready(self, child: Child, should_stop: ShouldStop) -> None:
        """Wait for the host to load the plugin; a plugin that fails to is remembered.

        The host enforces :func:`~.plugins.load_seconds` itself; the wait here
        also covers starting Python, and holds only a host that cannot answer.
        """
        try:
            line = child.ready(load_seconds() + START_SECONDS, should_stop)
        except ChildFailed as error:  # it exited, or its host is stuck
            self._load_failure = f"{self.name} {error.reason} while loading"
            raise PlayerForfeit(self._load_failure) from None
        if line is None:
            raise PlayerForfeit(f"{self.name} was stopped while starting")
        ready = self._parse(line)
        if "ready" not in ready:
            self._load_failure = f"{self.name} {_cut(str(ready.get('error', 'did not start')))}"
            raise PlayerForfeit(self._load_failure)
        self.name = str(ready["ready"])[:40] or self.name

    def _send(self, line: str) -> None:
        child = self._child
        assert child is not None
        try:
            child.send(line + "\n")
        except ChildFailed as error:
            raise PlayerForfeit(f"{self.name} {error.reason}") from None

    def _answer(self, seconds: float, should_stop: ShouldStop) -> dict[str, Any] | None:
        """The next answer, or ``None`` once ``should_stop`` says so."""
        child = self._child
        assert child is not None
        deadline = time.monotonic() + seconds
        while True:
            if time.monotonic() >= deadline:
                raise PlayerForfeit(f"{self.name} did not answer within {seconds:.1f} s")
            try:
                line = child.read_line(min(deadline, time.monotonic() + _POLL_SECONDS))
            except ChildExited as error:
                raise PlayerForfeit(f"{self.name} {error.reason}") from None
            if line is None:
                if should_stop():
                    return None
                continue
            return self._parse(line)

    def _parse(self, line: str) -> dict[str, Any]:
        """The JSON object the host sent on ``line``."""
        try:
            answer = json.loads(line)
        except ValueError:
            answer = None
        if not isinstance(answer, dict):
            raise PlayerForfeit(f"{self.name} sent {line[:60]!r}, which is not an answer")
        return answer

    def _move_of(self, answer: dict[str, Any], board: Board) -> Move:
        if "error" in answer:
            raise PlayerForfeit(f"{self.name} {answer['error']}")
        rows, cols = board.config.rows, board.config.cols
        if "outside" in answer:  # numbers too long to send: the host wrote them as text
            row_text, col_text = (_cut(str(part), 40) for part in answer["outside"])
            raise PlayerForfeit(self._off_board(row_text, col_text, rows, cols))
        if "move" not in answer:
            raise PlayerForfeit(
                f"{self.name} returned {answer.get('bad', '?')}, not a (row, col) pair of whole numbers"
            )
        row, col = answer["move"]
        if not (0 <= row < rows and 0 <= col < cols):
            raise PlayerForfeit(self._off_board(str(row), str(col), rows, cols))
        if board.mark_at(row, col) is not None:
            raise PlayerForfeit(f"{self.name} returned ({row}, {col}): {cell_text(row, col)} is already taken")
        return Move(row, col)

    def _off_board(self, row: str, col: str, rows: int, cols: int) -> str:
        return f"{self.name} returned ({row}, {col}), off the {rows}x{cols} board (answers count from 0)"


def _cut(text: str, limit: int = 160) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"
