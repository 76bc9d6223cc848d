"""Run engine searches off the GUI thread (Qt's worker-object pattern).

The worker lives in its own QThread and runs one request at a time. Each
request carries a *copy* of the board, the player, a cancellation event and an
id; the worker never sees the live game and never touches a widget. Whoever
sent the request decides whether the answer is still wanted.
"""

from __future__ import annotations

import atexit
import threading
import traceback
import weakref
from dataclasses import dataclass, field
from itertools import count

from PySide6.QtCore import QObject, QThread, Signal, Slot

from tictactoe_qt.engine import Board, Player, SearchResult

_request_ids = count(1)


@dataclass
class SearchRequest:
    """One search to run: ``player.choose(board, should_stop)``."""

    board: Board
    player: Player
    #: What the answer is for (e.g. ``"move"`` or ``"hint"``), for the sender's bookkeeping.
    purpose: str = "move"
    cancel_event: threading.Event = field(default_factory=threading.Event)
    request_id: int = field(default_factory=lambda: next(_request_ids))

    def cancel(self) -> None:
        """Ask the search to stop as soon as it can."""
        self.cancel_event.set()


class SearchWorker(QObject):
    """Runs :class:`SearchRequest` objects; lives in a worker thread."""

    #: ``(request, result)`` when a search finished (possibly cancelled).
    finished = Signal(object, object)
    #: ``(request, message)`` when a search raised; the message has the traceback's last line.
    failed = Signal(object, str)

    @Slot(object)
    def run(self, request: SearchRequest) -> None:
        """Run one request, unless it was cancelled while it waited in the queue."""
        if request.cancel_event.is_set():
            return
        def should_stop() -> bool:
            return request.cancel_event.is_set()

        try:
            result: SearchResult = request.player.choose(request.board, should_stop)
        except Exception as error:  # noqa: BLE001 - reported to the user, never lost
            traceback.print_exc()
            self.failed.emit(request, f"{type(error).__name__}: {error}")
            return
        self.finished.emit(request, result)


class SearchThread(QObject):
    """A worker thread that owns one :class:`SearchWorker`, plus a clean shutdown.

    Use :meth:`submit` from the GUI thread; connect to ``worker.finished`` and
    ``worker.failed``. :meth:`stop` cancels what is running and waits for the
    thread, so no ``QThread: Destroyed while thread is still running`` abort.
    """

    _submit = Signal(object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.thread = QThread()
        self.thread.setObjectName("searchThread")
        self.worker = SearchWorker()
        self.worker.moveToThread(self.thread)
        self.thread.finished.connect(self.worker.deleteLater)
        self._submit.connect(self.worker.run)
        self._outstanding: dict[int, SearchRequest] = {}
        self.worker.finished.connect(self._forget)
        self.worker.failed.connect(self._forget_failed)
        self.thread.start()
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

    def stop(self) -> None:
        """Cancel everything, then quit and wait for the thread (idempotent)."""
        self.cancel_all()
        if self.thread.isRunning():
            self.thread.requestInterruption()
            self.thread.quit()
            self.thread.wait()
        _LIVE_THREADS.discard(self)


_LIVE_THREADS: weakref.WeakSet[SearchThread] = weakref.WeakSet()


@atexit.register
def _stop_live_threads() -> None:
    """Safety net for windows that were never closed: stop their threads at exit."""
    for search_thread in list(_LIVE_THREADS):
        try:
            search_thread.stop()
        except RuntimeError:  # the C++ object is already gone
            pass
