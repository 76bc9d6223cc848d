"""The window's link to a Dask cluster: connected off the GUI thread, used like the chunk pool."""

from __future__ import annotations

import threading
from concurrent.futures import Executor
from typing import Any

from PySide6.QtCore import QObject, Signal

from tictactoe_qt.engine.errors import failure_text

#: A connection attempt's number, so a late answer to an old attempt is dropped.
_Attempt = int


class ClusterPool:
    """A connected cluster in the place of :class:`~.chunk_pool.ChunkPool` for one batch at a time.

    The batch worker submits chunks to :attr:`executor` and gathers them as it
    does from local processes; Dask plays the chunks of a lost worker again.
    """

    def __init__(self, connection: Any) -> None:
        self.connection = connection
        self.info = connection.info()
        self.workers = max(1, self.info.cores)
        self._executor: Executor = connection.client.get_executor(pure=False)
        self._busy = threading.Lock()

    def try_acquire(self) -> bool:
        return self._busy.acquire(blocking=False)

    def release(self) -> None:
        self._busy.release()

    def is_started(self) -> bool:
        return True

    @property
    def executor(self) -> Executor:
        return self._executor

    def stop_chunks(self) -> None:
        """Nothing to signal: the batch worker cancels the chunks it still waits for."""

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
        thread = threading.Thread(target=self._connect, args=(self._attempt, address),
                                  name="dask-connect", daemon=True)
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
        except Exception as error:  # shown to the user, never lost
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
