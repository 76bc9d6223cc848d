"""A pool of worker processes for batch chunks: started, stopped, killed and reaped here.

The command line starts one per batch (:mod:`..play.batch`); the window shares one
across its batches (``gui.stats.chunk_pool``). The rules are the package's
(see :mod:`.`, "Pools").
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, TypeVar

from ..errors import ProcessFailure
from .stop_flag import StopFlag
from .workers import GROUP_SIGNALS, prepare_worker

# multiprocessing and concurrent.futures (with logging) are imported where a pool
# starts: every command and child pays the imports at start-up, few start a pool.
if TYPE_CHECKING:
    from concurrent.futures import Future, ProcessPoolExecutor
    from multiprocessing.context import BaseContext
    from multiprocessing.process import BaseProcess

T = TypeVar("T")

#: Never more worker processes than this many per core the process may use
#: (a few more than the cores only cost memory; hundreds exhaust the machine).
WORKERS_PER_CORE = 1
#: ... but always allow this many, so small machines can still try a split.
MIN_WORKER_LIMIT = 4
#: One line for the user when a worker process died under a batch (killed, or
#: out of memory); short enough for the window's status line.
WORKER_DIED = "a worker process died; the batch stopped"
#: How long stopped workers get to finish their current game before SIGKILL.
END_GRACE_SECONDS = 10.0
#: How long killed workers (and the pool's manager thread) get to be gone.
REAP_SECONDS = 10.0


class WorkerDiedError(ProcessFailure):
    """A worker process died while the batch ran; its chunk's games are lost.

    ``str()`` is one line for the user, naming the worker when it is known:
    ``a worker process died (pid 123, signal 9); the batch stopped``.

    Attributes:
        pid: the dead worker's pid, ``None`` if unknown.
        status: its exit status, ``-N`` for signal N, ``None`` if unknown.
    """

    def __init__(self, pid: int | None = None, status: int | None = None) -> None:
        self.pid = pid
        self.status = status
        if pid is None:
            super().__init__(WORKER_DIED)
            return
        how = "" if status is None else (f", signal {-status}" if status < 0 else f", exit status {status}")
        super().__init__(f"a worker process died (pid {pid}{how}); the batch stopped")


def default_workers() -> int:
    """One worker per core the process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)


def worker_limit() -> int:
    """The most worker processes a batch starts: one per core, at least :data:`MIN_WORKER_LIMIT`."""
    return max(MIN_WORKER_LIMIT, WORKERS_PER_CORE * default_workers())


def start_method() -> str:
    """How to start workers: ``fork`` (fast) only from a single-threaded process.

    Forking a process that runs other threads (a Qt GUI, say) can copy a lock
    some thread holds and deadlock the child; then a fresh interpreter is used
    (forkserver, or spawn), which re-imports the main module: scripts that run
    a pool from a thread need the usual ``if __name__ == "__main__":``.
    """
    import multiprocessing

    methods = multiprocessing.get_all_start_methods()
    if "fork" in methods and threading.active_count() == 1 and "PySide6" not in sys.modules:
        return "fork"
    return "forkserver" if "forkserver" in methods else "spawn"


def start_pool_helpers(context: BaseContext) -> None:
    """Start the helper processes of a pool that does not fork, deaf to the group's stop signals.

    The resource tracker (and, for ``forkserver``, the fork server) start
    once and serve every later pool. A signal to the whole process group
    reached them too: the tracker died on SIGHUP, the fork server on SIGTERM
    and SIGHUP, taking every worker with it. Started with these signals
    blocked (the mask is inherited through fork and exec), they never see
    them; they still leave with the program, when their pipes close. Workers
    unblock them in :func:`~.workers.prepare_worker`.
    """
    method = context.get_start_method()
    if method == "fork":
        return
    start_resource_tracker()
    if method == "forkserver":
        from multiprocessing import forkserver

        _start_deaf(forkserver.ensure_running)


def start_resource_tracker() -> None:
    """Start multiprocessing's resource tracker now, deaf to the group's stop signals.

    For a program that starts child processes of several kinds (the window):
    whichever starts first starts the tracker, so the program does it first.
    A no-op once the tracker runs (see :func:`start_pool_helpers`).
    """
    from multiprocessing import resource_tracker

    _start_deaf(resource_tracker.ensure_running)


def _start_deaf(start: Callable[[], None]) -> None:
    """Run ``start`` with the group's stop signals blocked in this thread (for the children it starts)."""
    if not hasattr(signal, "pthread_sigmask"):  # pragma: no cover - not on POSIX
        start()
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, GROUP_SIGNALS)
    try:
        start()
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


class WorkerPool:
    """Worker processes started on first use, sharing one :class:`StopFlag`.

    Args:
        workers: how many processes.
        initializer: runs first in each worker, given the stop flag; it must
            call :func:`~.workers.prepare_worker` (the default) first.
        preload: modules a fork server imports once for every worker.
    """

    def __init__(
        self, workers: int, initializer: Callable[[StopFlag], None] = prepare_worker, preload: Sequence[str] = ()
    ) -> None:
        self.workers = workers
        self._initializer = initializer
        self._preload = list(preload)
        # Guards the three below: starting, discarding and shutting down.
        self._lock = threading.Lock()
        self._executor: ProcessPoolExecutor | None = None
        self._flag: StopFlag | None = None
        self._processes: dict[int, BaseProcess] = {}
        self._started: dict[int, BaseProcess] = {}

    def is_started(self) -> bool:
        """True once worker processes have been asked for (they outlive batches)."""
        return self._executor is not None

    @property
    def executor(self) -> ProcessPoolExecutor:
        """The pool, started on first use (processes load the engine once)."""
        with self._lock:
            if self._executor is None:
                import multiprocessing
                from concurrent.futures import ProcessPoolExecutor

                context = multiprocessing.get_context(start_method())
                if self._preload and context.get_start_method() == "forkserver":
                    context.set_forkserver_preload(self._preload)
                start_pool_helpers(context)
                self._flag = StopFlag(context)
                self._executor = ProcessPoolExecutor(
                    self.workers, mp_context=context, initializer=self._initializer, initargs=(self._flag,)
                )
                # The executor's own table of its workers.
                self._processes = self._executor._processes  # type: ignore[assignment]
                # Every worker now, not one per submit: CPython 3.11's manager
                # thread waits on the workers it knew when it last woke, so one
                # started after that could die unnoticed and hang the batch.
                launch = getattr(self._executor, "_launch_processes", None)
                if launch is not None:
                    launch()
                # Our own record too: once a worker dies, the executor's manager thread
                # may empty its table before discard() looks for the one that died.
                self._started = dict(self._processes)
            return self._executor

    def submit(self, fn: Callable[..., T], /, *args: object) -> Future[T]:
        """Run ``fn(*args)`` in a worker (see :meth:`concurrent.futures.Executor.submit`)."""
        return self.executor.submit(fn, *args)

    def pids(self) -> list[int]:
        """The workers' pids (those started so far)."""
        return list(self._processes.copy())

    def stop(self) -> None:
        """Ask the chunks being played to stop after their current game."""
        if self._flag is not None:
            self._flag.set()

    def stop_requested(self) -> bool:
        """True once :meth:`stop` was called or a worker got SIGTERM (the same request)."""
        return self._flag is not None and self._flag.is_set()

    def clear(self) -> None:
        """Forget the last batch's stop request (before the next batch)."""
        if self._flag is not None:
            self._flag.clear()

    def discard(self) -> WorkerDiedError:
        """Drop a broken pool (a worker died), ending and reaping its survivors.

        Returns:
            The error naming the worker that died; the next use starts a fresh pool.
        """
        executor, flag, processes = self._take()
        if executor is None or flag is None:
            return WorkerDiedError()
        processes = {**self._started, **processes.copy()}
        self._started = {}
        dead = [p for p in processes.values() if _exited(p)]  # survivors leave only now
        flag.abandon()  # see StopFlag.abandon
        _end_workers(executor, processes, grace=END_GRACE_SECONDS)
        dead.sort(key=lambda p: (p.exitcode or 0) >= 0)  # killed by a signal first
        return WorkerDiedError(dead[0].pid, dead[0].exitcode) if dead else WorkerDiedError()

    def shutdown(self, grace: float = END_GRACE_SECONDS) -> None:
        """Stop the chunks, then end and reap every worker: SIGKILL after ``grace`` seconds."""
        self.stop()
        executor, _, processes = self._take()
        processes, self._started = {**self._started, **processes.copy()}, {}
        if executor is not None:
            _end_workers(executor, processes, grace)

    def _take(self) -> tuple[ProcessPoolExecutor | None, StopFlag | None, dict[int, BaseProcess]]:
        with self._lock:
            taken = self._executor, self._flag, self._processes
            self._executor, self._processes = None, {}
            return taken


def _exited(process: BaseProcess) -> bool:
    """True once ``process`` has exited; never reaps it (only its sentinel, and the status
    the executor's thread may already have reaped, are looked at)."""
    if getattr(getattr(process, "_popen", None), "returncode", None) is not None:
        return True  # reaped already: its sentinel may no longer signal
    from multiprocessing.connection import wait

    return bool(wait([process.sentinel], 0))


def _wait_exits(processes: list[BaseProcess], seconds: float) -> list[BaseProcess]:
    """Wait until every process has exited or ``seconds`` pass; returns those still running."""
    from multiprocessing.connection import wait

    deadline = time.monotonic() + seconds
    running = [p for p in processes if not _exited(p)]
    while running and (left := deadline - time.monotonic()) > 0:
        wait([p.sentinel for p in running], left)
        running = [p for p in running if not _exited(p)]
    return running


def _end_workers(executor: ProcessPoolExecutor, processes: dict[int, BaseProcess], grace: float) -> None:
    """Shut ``executor`` down and make sure each worker ended and was reaped.

    Workers that do not leave within ``grace`` seconds are killed (SIGKILL: a
    worker takes SIGTERM as a stop); the children they started through this
    package die with them (parent-death signal). The executor's manager
    thread reaps the workers; we reap what it leaves, once it is gone, so no
    two threads ever wait on the same worker.
    """
    manager: threading.Thread | None = getattr(executor, "_executor_manager_thread", None)
    executor.shutdown(wait=False, cancel_futures=True)
    workers = list(processes.copy().values())
    for process in _wait_exits(workers, grace):
        try:
            process.kill()  # not exited, so not reaped: the pid is still this worker's
        except ProcessLookupError:  # pragma: no cover - exited just now
            pass
    _wait_exits(workers, REAP_SECONDS)
    if manager is not None:
        manager.join(REAP_SECONDS)
        if manager.is_alive():  # pragma: no cover - it reaps them in the end
            return
    for process in workers:
        process.join(REAP_SECONDS)
