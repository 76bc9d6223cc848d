"""Worker processes for batch chunks, started on first use and shared by the app.

Playing games in other processes keeps the GUI process's interpreter lock
free for painting: a batch thread that plays games itself makes every chart
repaint wait for the lock, again and again (stalls of half a second measured).
"""

from __future__ import annotations

import multiprocessing
import threading
from concurrent.futures import ProcessPoolExecutor

from tictactoe_qt.engine.batch import default_workers, start_method
from tictactoe_qt.engine.worker_processes import StopFlag, start_pool_helpers

from .batch_chunks import init_process

#: Never more worker processes than this, however many cores.
MAX_WORKERS = 4


class ChunkPool:
    """A process pool used by one batch at a time."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers or min(MAX_WORKERS, default_workers())
        self._executor: ProcessPoolExecutor | None = None
        # Lock-free: a worker killed while reading it cannot leave it held.
        self._stop_flag: StopFlag | None = None
        self._busy = threading.Lock()

    def try_acquire(self) -> bool:
        """Reserve the pool for one batch; False when another batch has it."""
        if not self._busy.acquire(blocking=False):
            return False
        if self._stop_flag is not None:
            self._stop_flag.clear()
        return True

    def release(self) -> None:
        self._busy.release()

    def is_started(self) -> bool:
        """True once worker processes have been asked for (they outlive batches)."""
        return self._executor is not None

    @property
    def executor(self) -> ProcessPoolExecutor:
        """The pool, started on first use (processes load the engine once)."""
        if self._executor is None:
            context = multiprocessing.get_context(start_method())
            if context.get_start_method() == "forkserver":
                # Only batch workers use the fork server: see worker_server.
                context.set_forkserver_preload([f"{__package__}.worker_server"])
            start_pool_helpers(context)  # a signal to the window's group leaves them running
            self._stop_flag = StopFlag(context)
            self._executor = ProcessPoolExecutor(
                self.workers, mp_context=context, initializer=init_process, initargs=(self._stop_flag,)
            )
        return self._executor

    def stop_chunks(self) -> None:
        """Ask the chunks being played to stop after their current game."""
        if self._stop_flag is not None:
            self._stop_flag.set()

    def discard(self) -> None:
        """Drop a broken pool; the next batch starts a fresh one."""
        if self._stop_flag is not None:
            self._stop_flag.abandon()  # its surviving workers leave (see StopFlag.abandon)
        executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=False, cancel_futures=True)

    def shutdown(self) -> None:
        """Stop the worker processes (at exit)."""
        self.stop_chunks()
        executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=True, cancel_futures=True)


_shared: ChunkPool | None = None


def shared_pool() -> ChunkPool:
    """The app's chunk pool."""
    global _shared
    if _shared is None:
        _shared = ChunkPool()
    return _shared
