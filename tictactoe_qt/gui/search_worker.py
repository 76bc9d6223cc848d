"""Run engine searches off the GUI thread (Qt's worker-object pattern).

The worker lives in its own QThread and runs one request at a time. Each
request carries a *copy* of the board, the player, a cancellation event and an
id; the worker never sees the live game and never touches a widget. Whoever
sent the request decides whether the answer is still wanted.

Engine players (from :func:`make_player`) search in an :class:`EngineProcess`,
so a long search never holds the GIL the GUI thread needs; the worker thread
only waits for the answer. Any other player object (a test double, a plugin)
and the instant random player run in the worker thread itself.
"""

from __future__ import annotations

import atexit
import threading
import traceback
import weakref
from dataclasses import dataclass, field
from itertools import count

from PySide6.QtCore import QObject, QThread, Signal, Slot

from tictactoe_qt.engine import SearchResult, failure_text
from tictactoe_qt.engine.game import Board
from tictactoe_qt.engine.players import Player
from tictactoe_qt.gui.engine_process import EngineProcess
from tictactoe_qt.gui.thread_ends import quit_and_wait, stop_when_destroyed

_request_ids = count(1)
#: How a failure that is a player's forfeit starts (the controller ends the game on it).
FORFEIT_PREFIX = "PlayerForfeit: "


@dataclass
class SearchRequest:
    """One search to run: ``player.choose(board, should_stop)``."""

    board: Board
    player: Player
    #: What the answer is for (e.g. ``"move"`` or ``"hint"``), for the sender's bookkeeping.
    purpose: str = "move"
    cancel_event: threading.Event = field(default_factory=threading.Event)
    request_id: int = field(default_factory=lambda: next(_request_ids))
    #: Names the player's state (e.g. its tables) kept by the engine process between
    #: searches; by default the player object's identity.
    player_key: object = None

    def cancel(self) -> None:
        """Ask the search to stop as soon as it can."""
        self.cancel_event.set()


class SearchWorker(QObject):
    """Runs :class:`SearchRequest` objects; lives in a worker thread."""

    #: ``(request, result)`` when a search finished (possibly cancelled).
    finished = Signal(object, object)
    #: ``(request, message)`` when a search raised; the message has the traceback's last line.
    failed = Signal(object, str)

    def __init__(self) -> None:
        super().__init__()
        self.engine = EngineProcess()
        #: Set when the thread is shutting down: waits and searches end early.
        self.stopping = threading.Event()

    @Slot()
    def warm_up(self) -> None:
        """Start the engine process and wait until it is ready (in the worker thread)."""
        self.engine.wait_until_ready(cancelled=self.stopping.is_set)

    @Slot()
    def forget_players(self) -> None:
        """End the engine process's players (their engines and plugins): a new game begins."""
        self.engine.forget_players()

    @Slot(object)
    def run(self, request: SearchRequest) -> None:
        """Run one request, unless it was cancelled while it waited in the queue."""
        if request.cancel_event.is_set():
            return
        player = request.player
        try:
            result: SearchResult
            if runs_in_engine_process(player):
                key = request.player_key if request.player_key is not None else id(player)
                result = self.engine.search(key, player.spec, request.board, request.cancel_event.is_set)
            else:
                result = player.choose(request.board, request.cancel_event.is_set)
        except Exception as error:  # noqa: BLE001 - reported to the user, never lost
            failure = failure_text(error)
            if not failure.startswith(FORFEIT_PREFIX):  # a forfeit is a message, not a bug
                traceback.print_exc()
            self.failed.emit(request, failure)
            return
        self.finished.emit(request, result)


def runs_in_engine_process(player: Player) -> bool:
    """True for the engine's own searching players (they are rebuilt from their spec)."""
    module = type(player).__module__
    return module.startswith("tictactoe_qt.engine") and player.spec.kind != "random"


class SearchThread(QObject):
    """A worker thread that owns one :class:`SearchWorker`, plus a clean shutdown.

    Use :meth:`submit` from the GUI thread; connect to ``worker.finished`` and
    ``worker.failed``. :meth:`stop` cancels what is running and waits for the
    thread, so no ``QThread: Destroyed while thread is still running`` abort.
    It runs on close, and also when this object is destroyed without a close
    (see :mod:`.thread_ends`).
    """

    _submit = Signal(object)
    _warm_up = Signal()
    _forget_players = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.worker_thread = QThread()
        self.worker_thread.setObjectName("searchThread")
        self.worker = SearchWorker()
        self.worker.moveToThread(self.worker_thread)
        self.worker_thread.finished.connect(self.worker.deleteLater)
        self._submit.connect(self.worker.run)
        self._warm_up.connect(self.worker.warm_up)
        self._forget_players.connect(self.worker.forget_players)
        self._outstanding: dict[int, SearchRequest] = {}
        self.worker.finished.connect(self._forget)
        self.worker.failed.connect(self._forget_failed)
        self._end = _SearchThreadEnd(self.worker_thread, self.worker, self._outstanding)
        stop_when_destroyed(self, self._end)
        self.worker_thread.start()
        _LIVE_THREADS.add(self)

    def submit(self, request: SearchRequest) -> SearchRequest:
        """Queue ``request`` for the worker and return it."""
        self._outstanding[request.request_id] = request
        self._submit.emit(request)
        return request

    def cancel_all(self) -> None:
        """Cancel every queued or running request."""
        for request in self._outstanding.values():
            request.cancel()
        self._outstanding.clear()

    @Slot(object, object)
    def _forget(self, request: SearchRequest, _answer: object = None) -> None:
        self._outstanding.pop(request.request_id, None)

    @Slot(object, str)
    def _forget_failed(self, request: SearchRequest, _message: str) -> None:
        self._outstanding.pop(request.request_id, None)

    def forget_players(self) -> None:
        """End the players the engine process keeps (queued behind any search in hand)."""
        if self.worker.engine.is_running:
            self._forget_players.emit()

    def warm_up(self) -> None:
        """Start the engine process now, so the first AI move does not wait for it."""
        if not self.worker.engine.is_running:
            self._warm_up.emit()

    def stop(self) -> None:
        """Cancel everything, quit and wait for the thread, then end the engine (idempotent)."""
        self._end()
        _LIVE_THREADS.discard(self)


class _SearchThreadEnd:
    """Stops one :class:`SearchThread`'s work without referring to the SearchThread, so
    it can run when that object is destroyed (:func:`.stop_when_destroyed`)."""

    def __init__(self, thread: QThread, worker: SearchWorker, outstanding: dict[int, SearchRequest]) -> None:
        self._thread = thread
        self._stopping = worker.stopping
        self._engine = worker.engine
        self._outstanding = outstanding

    def __call__(self) -> None:
        for request in self._outstanding.values():
            request.cancel()
        self._outstanding.clear()
        self._stopping.set()  # a warm-up or a search returns within a poll
        quit_and_wait(self._thread)
        self._engine.stop()


_LIVE_THREADS: weakref.WeakSet[SearchThread] = weakref.WeakSet()


@atexit.register
def _stop_live_threads() -> None:
    """Safety net for windows that were never closed: stop their threads at exit."""
    for search_thread in list(_LIVE_THREADS):
        try:
            search_thread.stop()
        except RuntimeError:  # the C++ object is already gone
            pass
