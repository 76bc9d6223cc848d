"""Worker processes that never outlive their parent and never hang it.

Shared by the command line's batches (:mod:`.batch`) and the window's chunk
pool. The rules:

* The stop flag is shared bytes, no lock. A ``multiprocessing.Event``
  is lock-backed: a worker killed while it held that lock (it polls the
  flag between games) left the parent waiting forever in ``set()``.
* A worker dies with its parent: on Linux the kernel sends it SIGKILL
  (``PR_SET_PDEATHSIG``), and a thread watches the parent's pipe.
* Ctrl+C and hang-ups are the parent's to handle: it stops the batch and
  reports, instead of every worker printing a traceback.
* The pool's helper processes (the resource tracker, the fork server) are
  started deaf to the group's stop signals (:func:`start_pool_helpers`).
* SIGTERM does not end a worker: it stops the batch the way the parent's stop
  does (the shared flag), so a polite kill of the whole process group (a
  shell's ``kill %1``, a logout) still ends with the games played reported.
  The pool's own ``terminate()`` of a broken pool becomes the same stop, and
  the parent then abandons the pool (:meth:`StopFlag.abandon`): the workers
  leave. SIGKILL and the parent's death still end them at once.
"""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable
from multiprocessing.connection import wait
from multiprocessing.context import BaseContext
from types import FrameType
from typing import Any

from .processes import set_parent_death_signal

#: Never more worker processes than this many per core the process may use
#: (a few more than the cores only cost memory; hundreds exhaust the machine).
WORKERS_PER_CORE = 1
#: ... but always allow this many, so small machines can still try a split.
MIN_WORKER_LIMIT = 4
#: One line for the user when a worker process died under a batch (killed, or
#: out of memory); short enough for the window's status line.
WORKER_DIED = "a worker process died; the batch stopped"
#: How often a worker told to stop checks whether its pool was abandoned.
ABANDON_POLL_SECONDS = 0.05
#: Signals a terminal, a shell's ``kill %1`` or a logout sends to the whole process group.
_GROUP_SIGNALS = tuple(
    getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)
)


class WorkerDiedError(RuntimeError):
    """A worker process died while the batch ran; its games are lost."""

    def __init__(self, message: str = WORKER_DIED) -> None:
        super().__init__(message)


def default_workers() -> int:
    """One worker per core the process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)


def worker_limit() -> int:
    """The most worker processes a batch starts: one per core, at least :data:`MIN_WORKER_LIMIT`."""
    return max(MIN_WORKER_LIMIT, WORKERS_PER_CORE * default_workers())


class StopFlag:
    """A stop request shared with worker processes: bytes of shared memory, no lock.

    Setting and reading a single byte is atomic, so nothing can be left held
    by a worker that dies. Pass it to workers when they start (initializer
    arguments), as with any shared memory. Besides the stop request it holds
    a second, stronger one, :meth:`abandon`: the pool broke, leave at once.
    """

    def __init__(self, context: BaseContext) -> None:
        self._byte: Any = context.RawValue(ctypes.c_ubyte, 0)
        self._abandoned: Any = context.RawValue(ctypes.c_ubyte, 0)

    def set(self) -> None:
        self._byte.value = 1

    def clear(self) -> None:
        self._byte.value = 0
        self._abandoned.value = 0

    def is_set(self) -> bool:
        return bool(self._byte.value)

    def abandon(self) -> None:
        """The pool is broken (a worker died): the others leave, not just stop.

        Their queues' locks may be held by the dead worker, so a survivor that
        finished its chunk could wait on them forever; the pool's
        ``terminate()`` (now a stop, see :func:`prepare_worker`) no longer ends it.
        """
        self._byte.value = 1
        self._abandoned.value = 1

    def is_abandoned(self) -> bool:
        return bool(self._abandoned.value)


_batch_stop: StopFlag | None = None
_leave_watch: threading.Thread | None = None


def prepare_worker(stop_flag: StopFlag | None = None) -> None:
    """Set up a freshly started worker process (call first in its initializer).

    A forked worker inherits the parent's signal handlers: they are replaced
    here. SIGTERM sets ``stop_flag``, the batch's stop request, so the chunk
    in hand ends after its current game and is reported.
    """
    global _batch_stop
    if stop_flag is not None:
        _batch_stop = stop_flag
    _worker_signals()
    if hasattr(signal, "pthread_sigmask"):  # blocked when a fork server started this worker
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _GROUP_SIGNALS)
    _die_with_parent()


def start_pool_helpers(context: BaseContext) -> None:
    """Start the helper processes of a pool that does not fork, deaf to the group's stop signals.

    The resource tracker (and, for ``forkserver``, the fork server) start
    once and serve every later pool. A signal to the whole process group
    reached them too: the tracker died on SIGHUP (and the one started in its
    place printed tracebacks about what it never saw), the fork server on
    SIGTERM and SIGHUP, taking every worker with it. Started with these
    signals blocked (the mask is inherited through fork and exec), they never
    see them; they still leave with the program, when their pipes close.
    Workers unblock them in :func:`prepare_worker`.
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
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, _GROUP_SIGNALS)
    try:
        start()
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def act_as_worker(signum: int) -> None:
    """Take ``signum`` as a worker does once :func:`prepare_worker` has run.

    For a parent's signal handler that a forked worker inherited and that ran
    before the worker's set-up: the worker's handling goes in place now, and
    ``signum`` is delivered again to it (SIGTERM stops the batch once the
    worker knows its stop flag; Ctrl+C and hang-ups are ignored, as they are
    the parent's).
    """
    _worker_signals()
    os.kill(os.getpid(), signum)


def _worker_signals() -> None:
    """SIGTERM stops the batch (see :func:`prepare_worker`); Ctrl+C and hang-ups ignored."""
    signal.signal(signal.SIGTERM, _stop_batch)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "SIGHUP"):
        signal.signal(signal.SIGHUP, signal.SIG_IGN)


def _stop_batch(signum: int, frame: FrameType | None) -> None:
    """A worker's SIGTERM: the batch's stop request, seen by every worker and the parent.

    The pool sends SIGTERM when a sibling died, too; the parent then abandons
    the pool, and a thread started here ends this worker.
    """
    global _leave_watch
    if _batch_stop is None:
        return
    _batch_stop.set()
    if _leave_watch is None:
        _leave_watch = threading.Thread(target=_leave_when_abandoned, args=(_batch_stop,),
                                        daemon=True, name="abandon-watch")
        _leave_watch.start()


def _leave_when_abandoned(flag: StopFlag) -> None:
    """Leave at once when the parent abandons the pool (polls: a signal's aftermath only)."""
    while not flag.is_abandoned():
        time.sleep(ABANDON_POLL_SECONDS)
    os._exit(1)


def _die_with_parent() -> None:
    """Make sure this process ends when the process that started it does.

    Two ways, as neither covers every case alone. The kernel's parent-death
    signal follows the direct parent, which for a fork server's workers is
    the server, and the server only leaves once the workers have (they hold
    its "alive" pipe). The parent's sentinel pipe follows the real parent;
    a sibling forked later holds it open too, so alone it ends forked workers
    one after another.
    """
    set_parent_death_signal(signal.SIGKILL)
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(target=_exit_when_gone, args=(parent.sentinel,), daemon=True,
                         name="parent-watch").start()


def _exit_when_gone(sentinel: int) -> None:
    """Wait, without polling, until the parent's end of the pipe closes; then leave at once."""
    try:
        wait([sentinel])
    except OSError:  # pragma: no cover - the pipe was closed under us: the parent is gone too
        pass
    os._exit(1)
