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
import queue
import random
import subprocess
import sys
import threading
import time
from typing import Any

from .board import Board, Move
from .coordinates import cell_text
from .errors import PlayerForfeit
from .gomocup.child_process import die_with_parent, end_child, pump_lines, terminate_child
from .gomocup.client import END_SECONDS, GRACE_SECONDS, START_SECONDS, TERMINATE_SECONDS
from .player_log import player_log
from .player_spec import PlayerSpec, PlayerSpecError
from .players import PLAYER_FACTORIES
from .plugins import discovered_plugins, load_seconds
from .search_result import SearchResult, SearchStats, ShouldStop, never_stop

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
        self._process: subprocess.Popen[bytes] | None = None
        self._answers: queue.Queue[str | None] = queue.Queue()
        #: Why the plugin did not load, once it failed to: each later game forfeits at once.
        self._load_failure: str | None = None

    def new_game(self) -> None:
        pass  # the bot is the plugin's own: it sees the whole board every move

    def choose(self, board: Board, should_stop: ShouldStop = never_stop) -> SearchResult:
        began = time.perf_counter()
        try:
            if self._load_failure is not None:
                raise PlayerForfeit(self._load_failure)
            if self._process is None or self._process.poll() is not None:
                self._start(should_stop)
            cells = [
                [board.mark_at(row, col) or "." for col in range(board.config.cols)]
                for row in range(board.config.rows)
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
        if self._process is None or self._process.poll() is not None:
            try:
                self._start(never_stop)
            except PlayerForfeit:
                self.close()
                raise
        return self.name

    def close(self) -> None:
        """End the plugin's process. Safe to repeat."""
        process, self._process = self._process, None
        if process is not None:
            end_child(process, _close_input, END_SECONDS)  # the host ends at the end of its input

    def _end_now(self) -> None:
        """End the plugin's process without waiting for it to finish its move."""
        process, self._process = self._process, None
        if process is not None:
            terminate_child(process, TERMINATE_SECONDS)

    def __del__(self) -> None:
        process = getattr(self, "_process", None)
        if process is not None and process.poll() is None:
            process.kill()

    # -- the child ----------------------------------------------------------
    def _start(self, should_stop: ShouldStop) -> None:
        options = dict(self.spec.options)
        env = dict(os.environ)
        # The child finds the same packages (and plugins) as this process does.
        env["PYTHONPATH"] = os.pathsep.join(p for p in sys.path if p)
        try:
            process = subprocess.Popen(
                [sys.executable, "-m", "tictactoe_qt.engine.plugin_host", self.spec.kind,
                 json.dumps(options)],
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                env=env, start_new_session=True, preexec_fn=die_with_parent,
            )
        except OSError as error:
            raise PlayerForfeit(f"{self.name} could not start: {error.strerror or error}") from None
        self._process = process
        answers: queue.Queue[str | None] = queue.Queue()
        self._answers = answers
        threading.Thread(target=pump_lines, args=(process.stdout, answers.put),
                         name="plugin-answers", daemon=True).start()
        threading.Thread(target=pump_lines, args=(process.stderr, self._log_stderr),
                         name="plugin-stderr", daemon=True).start()
        self._await_ready(should_stop)

    def _await_ready(self, should_stop: ShouldStop) -> None:
        """Wait for the host to load the plugin; a plugin that fails to is remembered.

        The host enforces :func:`~.plugins.load_seconds` itself; the wait here
        also covers starting Python, and holds only a host that cannot answer.
        """
        try:
            ready = self._answer(load_seconds() + START_SECONDS, should_stop)
        except PlayerForfeit as forfeit:  # it exited, or its host is stuck
            self._load_failure = f"{forfeit} while loading"
            raise PlayerForfeit(self._load_failure) from None
        if ready is None:
            raise PlayerForfeit(f"{self.name} was stopped while starting")
        if "ready" not in ready:
            self._load_failure = f"{self.name} {_cut(str(ready.get('error', 'did not start')))}"
            raise PlayerForfeit(self._load_failure)
        self.name = str(ready["ready"])[:40] or self.name

    def _log_stderr(self, line: str | None) -> None:
        if line is not None:
            self._log(f"stderr: {line}")

    def _send(self, line: str) -> None:
        process = self._process
        assert process is not None and process.stdin is not None
        try:
            process.stdin.write(line.encode() + b"\n")
            process.stdin.flush()
        except OSError:
            raise PlayerForfeit(f"{self.name} {self._exit_reason()}") from None

    def _answer(self, seconds: float, should_stop: ShouldStop) -> dict[str, Any] | None:
        """The next answer, or ``None`` once ``should_stop`` says so."""
        deadline = time.monotonic() + seconds
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise PlayerForfeit(f"{self.name} did not answer within {seconds:.1f} s")
            try:
                line = self._answers.get(timeout=min(remaining, _POLL_SECONDS))
            except queue.Empty:
                if should_stop():
                    return None
                continue
            if line is None:
                raise PlayerForfeit(f"{self.name} {self._exit_reason()}")
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
            raise PlayerForfeit(
                f"{self.name} returned ({row}, {col}): {cell_text(row, col)} is already taken"
            )
        return Move(row, col)

    def _off_board(self, row: str, col: str, rows: int, cols: int) -> str:
        return (f"{self.name} returned ({row}, {col}), off the {rows}x{cols} board "
                "(answers count from 0)")

    def _exit_reason(self) -> str:
        process = self._process
        try:
            status = process.wait(END_SECONDS) if process is not None else None
        except subprocess.TimeoutExpired:
            return "closed its output"
        if status is not None and status < 0:
            return f"crashed (signal {-status})"
        return f"exited (status {status})"


def make_plugin_player(spec: PlayerSpec, rng: random.Random) -> PluginPlayer:
    return PluginPlayer(spec, rng)


def _cut(text: str, limit: int = 160) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def _close_input(process: subprocess.Popen[bytes]) -> None:
    if process.stdin is not None:
        process.stdin.close()
