"""Run engine searches in a child process, so they never compete with the GUI for the GIL.

A search in a Python thread shares the interpreter lock with the GUI thread,
and every paint then waits for it. A child process has its own interpreter:
the GUI stays smooth however long the search runs. The child rebuilds players
from their spec and keeps them (and their tables) between moves.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
import threading
import time
import traceback
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from multiprocessing.connection import Connection
from typing import Any

from tictactoe_qt.engine import Board, GameConfig, PlayerSpec, SearchResult

#: Players kept in the child between searches (least recently used dropped first).
MAX_CACHED_PLAYERS = 8
#: How long a search may ignore a cancellation before its process is killed.
CANCEL_GRACE_SECONDS = 1.0
POLL_SECONDS = 0.02
#: The child runs at a lower priority than the window (Unix ``nice``).
ENGINE_NICENESS = 5
#: The message that makes the child close its players (external engines' processes too).
FORGET_PLAYERS = ("forget",)


class EngineProcessError(RuntimeError):
    """The search failed in the engine process, or the process died."""


def _serve(conn: Connection, cancel: Any) -> None:
    """The child's loop: answer ``(key, spec, config, history)`` requests until ``None``."""
    from tictactoe_qt.engine import make_player
    from tictactoe_qt.engine.players import close_player

    if hasattr(os, "nice"):
        os.nice(ENGINE_NICENESS)  # on a busy machine the window gets the CPU first
    make_player("random")  # imports the search modules before saying ready
    conn.send(("ready",))
    players: OrderedDict[object, Any] = OrderedDict()
    try:
        _answer_requests(conn, cancel, players)
    finally:  # external engines and plugins end with the child
        for player in players.values():
            close_player(player)


def _answer_requests(conn: Connection, cancel: Any, players: OrderedDict[object, Any]) -> None:
    from tictactoe_qt.engine import make_player
    from tictactoe_qt.engine.players import close_player

    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        if message is None:
            return
        if message == FORGET_PLAYERS:  # a new game: end the old game's engines and plugins
            for player in players.values():
                close_player(player)
            players.clear()
            continue
        key, spec, config, history = message
        try:
            player = players.pop((key, config), None)
            if player is None or player.spec != spec:
                close_player(player)
                player = make_player(spec)
            players[(key, config)] = player
            while len(players) > MAX_CACHED_PLAYERS:
                close_player(players.popitem(last=False)[1])
            board = Board(config)
            for index in history:
                board.push_index(index)
            conn.send(("ok", player.choose(board, cancel.is_set)))
        except Exception as error:  # noqa: BLE001 - sent to the GUI to show
            conn.send(("error", f"{type(error).__name__}: {error}", traceback.format_exc()))


_SPAWN_LOCK = threading.Lock()


@contextmanager
def _main_module_hidden() -> Iterator[None]:
    """Keep a spawned child from re-running the parent's ``__main__`` script.

    The child needs only the engine. Re-running a script without an
    ``if __name__ == "__main__"`` guard would start a second window there.
    """
    main = sys.modules.get("__main__")
    if main is None:
        yield
        return
    # One start at a time: two threads interleaving here would restore the
    # names while the other thread's child is being spawned.
    with _SPAWN_LOCK:
        saved: dict[str, Any] = {
            name: main.__dict__[name] for name in ("__file__", "__spec__") if name in main.__dict__
        }
        main.__dict__.pop("__file__", None)
        main.__dict__["__spec__"] = None
        try:
            yield
        finally:
            main.__dict__.pop("__spec__", None)
            main.__dict__.update(saved)


class EngineProcess:
    """One child process that runs one search at a time (from one worker thread)."""

    def __init__(self) -> None:
        self._context = multiprocessing.get_context("spawn")  # fork is unsafe with Qt threads
        self._process: Any = None
        self._conn: Connection | None = None
        self._cancel: Any = None
        self._lock = threading.RLock()
        self._ready = False

    @property
    def is_running(self) -> bool:
        return self._process is not None and self._process.is_alive()

    def start(self) -> None:
        """Launch the child (it imports the engine in the background); idempotent."""
        with self._lock:
            if self.is_running:
                return
            parent_conn, child_conn = self._context.Pipe()
            self._cancel = self._context.Event()
            self._process = self._context.Process(
                target=_serve, args=(child_conn, self._cancel), name="tictactoe-engine", daemon=True
            )
            with _main_module_hidden():
                self._process.start()
            child_conn.close()
            self._conn = parent_conn
            self._ready = False

    def wait_until_ready(self, timeout: float = 30.0,
                         cancelled: Callable[[], bool] = lambda: False) -> bool:
        """Start the child if needed and wait until it has imported the engine."""
        with self._lock:
            self.start()
            assert self._conn is not None
            deadline = time.monotonic() + timeout
            while not self._ready:
                if cancelled() or time.monotonic() > deadline or not self.is_running:
                    return False
                if self._conn.poll(POLL_SECONDS):
                    self._ready = self._conn.recv() == ("ready",)
            return True

    @property
    def is_ready(self) -> bool:
        """True once the child has imported the engine."""
        return self._ready and self.is_running

    def search(self, key: object, spec: PlayerSpec, board: Board,
               cancelled: Callable[[], bool]) -> SearchResult:
        """Run ``spec``'s choice for ``board`` in the child; ``cancelled`` is polled meanwhile.

        Raises:
            EngineProcessError: the search raised, or the process died or ignored a cancel.
        """
        if not self.wait_until_ready(cancelled=cancelled):
            if cancelled():
                return SearchResult(spec.kind, None, 0.0, exact=False, cancelled=True)
            self.kill()
            raise EngineProcessError("the engine process did not start")
        assert self._conn is not None
        config: GameConfig = board.config
        self._cancel.clear()
        self._conn.send((key, spec, config, list(board.history)))
        cancelled_at: float | None = None
        while not self._conn.poll(POLL_SECONDS):
            if cancelled_at is None and cancelled():
                self._cancel.set()
                cancelled_at = time.monotonic()
            if cancelled_at is not None and time.monotonic() - cancelled_at > CANCEL_GRACE_SECONDS:
                self.kill()
                raise EngineProcessError("the search ignored the cancel and was stopped")
            if not self.is_running:
                raise EngineProcessError("the engine process stopped unexpectedly")
        try:
            status, *payload = self._conn.recv()
        except (EOFError, OSError) as error:
            self.kill()
            raise EngineProcessError(f"the engine process stopped: {error}") from None
        if status == "error":
            sys.stderr.write(payload[1])  # the child's traceback, for bug reports
            raise EngineProcessError(payload[0])
        result: SearchResult = payload[0]
        return result

    def forget_players(self) -> None:
        """Have the child close the players it keeps, ending external engines and plugins.

        Call from the thread that runs the searches, between searches.
        """
        with self._lock:
            if self._conn is None or not self.is_running:
                return
            try:
                self._conn.send(FORGET_PLAYERS)
            except (OSError, ValueError):
                pass

    def stop(self, timeout: float = 2.0) -> None:
        """Ask the child to finish, and kill it if it does not (idempotent)."""
        process = self._process
        if process is None or process.pid is None:
            self._process = None
            return
        if self._cancel is not None:
            self._cancel.set()
        try:
            if self._conn is not None:
                self._conn.send(None)
        except (OSError, ValueError):
            pass
        process.join(timeout)
        self.kill()

    def kill(self) -> None:
        """Stop the child now; the next search starts a new one."""
        process, self._process = self._process, None
        if process is not None and process.is_alive():
            process.terminate()
            process.join(1.0)
        if self._conn is not None:
            self._conn.close()
            self._conn = None
