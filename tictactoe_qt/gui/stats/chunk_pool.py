"""Worker processes for batch chunks, started on first use and shared by the app.

Playing games in other processes keeps the GUI process's interpreter lock
free for painting: a batch thread that plays games itself makes every chart
repaint wait for the lock, again and again (stalls of half a second measured).
Starting, stopping and reaping them is the process layer's
(:class:`~tictactoe_qt.engine.processes.WorkerPool`); here the pool is only
shared across batches and reserved by one at a time.
"""

from __future__ import annotations

import atexit
import threading

from tictactoe_qt.engine.processes import WorkerPool, default_workers

from .batch_chunks import init_process

#: Never more worker processes than this, however many cores.
MAX_WORKERS = 4
#: Seconds the workers have at exit to finish their game before they are killed.
EXIT_GRACE_SECONDS = 2.0


class ChunkPool(WorkerPool):
    """A process pool used by one batch at a time; its workers outlive batches."""

    def __init__(self, workers: int | None = None) -> None:
        # Only batch workers use the fork server: see worker_server.
        super().__init__(
            workers or min(MAX_WORKERS, default_workers()),
            initializer=init_process,
            preload=[f"{__package__}.worker_server"],
        )
        self._busy = threading.Lock()

    def try_acquire(self) -> bool:
        """Reserve the pool for one batch; False when another batch has it."""
        if not self._busy.acquire(blocking=False):
            return False
        self.clear()
        return True

    def release(self) -> None:
        self._busy.release()

    def stop_chunks(self) -> None:
        """Ask the chunks being played to stop after their current game."""
        self.stop()


_shared: ChunkPool | None = None


def shared_pool() -> ChunkPool:
    """The app's chunk pool."""
    global _shared
    if _shared is None:
        _shared = ChunkPool()
        # Registered after multiprocessing's own exit hook, so it runs first: that hook
        # joins every child, and would wait forever on workers nobody told to leave.
        atexit.register(_shared.shutdown, EXIT_GRACE_SECONDS)
    return _shared
