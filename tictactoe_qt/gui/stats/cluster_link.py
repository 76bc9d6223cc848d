"""The window's link to a Dask cluster: connected off the GUI thread, used like the chunk pool."""

from __future__ import annotations

import threading
import uuid
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal

from tictactoe_qt.engine import ShouldStop, failure_text

if TYPE_CHECKING:  # the batch machinery is imported when a batch runs, not at start-up
    from .batch_chunks import ChunkRequest, ChunkResult

#: Chunks in flight per worker thread (as the CLI's cluster batch keeps).
IN_FLIGHT_PER_CORE = 2

#: A connection attempt's number, so a late answer to an old attempt is dropped.
_Attempt = int


class ClusterPool:
    """A connected cluster in the place of :class:`~.chunk_pool.ChunkPool` for one batch at a time.

    The batch worker hands its chunks to :meth:`stream`, which watches the
    cluster as the CLI's batches do; Dask plays the chunks of a lost worker again.
    """

    def __init__(self, connection: Any) -> None:
        self.connection = connection
        self.info = connection.info()
        self.workers = max(1, self.info.cores)
        self._busy = threading.Lock()

    def try_acquire(self) -> bool:
        return self._busy.acquire(blocking=False)

    def release(self) -> None:
        self._busy.release()

    def is_started(self) -> bool:
        return True

    def stream(
        self, chunks: Iterator[ChunkRequest], merge: Callable[[ChunkResult], None], should_stop: ShouldStop
    ) -> bool:
        """Play ``chunks`` on the cluster, a few at a time, and ``merge`` each as it comes back.

        Results come in any order. Returns False when ``should_stop`` ended it early.

        Raises:
            ClusterLost: the scheduler or every worker went away, or a chunk failed
                (:func:`~tictactoe_qt.cluster.chunk_stream.stream_chunks`); what was
                merged before stays merged.
        """
        from tictactoe_qt.cluster.chunk_stream import stream_chunks

        from .batch_chunks import play_chunk

        client = self.connection.client
        batch = uuid.uuid4().hex[:12]
        futures = (
            client.submit(play_chunk, chunk, key=f"tictactoe-chunk-{batch}-{chunk.start}", pure=False)
            for chunk in chunks
        )
        return stream_chunks(self.connection, futures, self.workers * IN_FLIGHT_PER_CORE, merge, should_stop)

    def stop_chunks(self) -> None:
        """Nothing to signal: :meth:`stream` cancels the chunks it still waits for."""

    def discard(self) -> None:
        """Nothing to rebuild: Dask replaces lost workers' work itself."""

    def shutdown(self) -> None:
        self.connection.close()


class ClusterLink(QObject):
    """Connects to one cluster address at a time, in a background thread.

    ``connected(ClusterInfo)`` or ``failed(str)`` arrive in the GUI thread;
    :meth:`pool` is the connected cluster (None until then).
    """

    connected = Signal(object)
    failed = Signal(str)
    #: Internal: a background attempt finished (attempt, pool or error text).
    _answered = Signal(int, object, str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._pool: ClusterPool | None = None
        self._attempt: _Attempt = 0
        self._threads: list[threading.Thread] = []
        self.address = ""
        self._answered.connect(self._on_answered)

    def pool(self) -> ClusterPool | None:
        return self._pool

    def connect_to(self, address: str) -> None:
        """Start connecting to ``address`` (``tcp://host:8786``, ``local`` or ``local:N``)."""
        self.disconnect_cluster()
        self.address = address
        self._attempt += 1
        thread = threading.Thread(target=self._connect, args=(self._attempt, address), name="dask-connect", daemon=True)
        self._threads = [t for t in self._threads if t.is_alive()] + [thread]
        thread.start()

    def _connect(self, attempt: _Attempt, address: str) -> None:
        from tictactoe_qt.cluster import ClusterError
        from tictactoe_qt.cluster.connection import AddressError, ClusterAddress, connect

        try:
            pool = ClusterPool(connect(ClusterAddress.parse(address)))
        except (ClusterError, AddressError) as error:
            self._answered.emit(attempt, None, str(error))
            return
        except Exception as error:  # noqa: BLE001 - connect thread boundary: shown to the user, never lost
            self._answered.emit(attempt, None, failure_text(error))
            return
        self._answered.emit(attempt, pool, "")

    def _on_answered(self, attempt: _Attempt, pool: object, error: str) -> None:
        if attempt != self._attempt:  # an older attempt, since replaced or cancelled
            if isinstance(pool, ClusterPool):
                pool.shutdown()
            return
        if isinstance(pool, ClusterPool):
            self._pool = pool
            self.connected.emit(pool.info)
        else:
            self.failed.emit(error)

    def disconnect_cluster(self) -> None:
        """Forget the cluster (and drop any answer still on its way)."""
        self._attempt += 1
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown()

    def shutdown(self) -> None:
        """Disconnect and wait for a connection attempt still running (at close)."""
        self.disconnect_cluster()
        for thread in self._threads:
            thread.join()
        self._threads = []
        # An attempt that finished meanwhile queued its pool: close it too.
        from PySide6.QtCore import QCoreApplication

        QCoreApplication.sendPostedEvents(self)
