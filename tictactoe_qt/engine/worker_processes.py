"""Worker processes that never outlive their parent and never hang it.

Shared by the command line's batches (:mod:`.batch`) and the window's chunk
pool. Three rules:

* The stop flag is one shared byte, no lock. A ``multiprocessing.Event``
  is lock-backed: a worker killed while it held that lock (it polls the
  flag between games) left the parent waiting forever in ``set()``.
* A worker dies with its parent: on Linux the kernel sends it SIGKILL
  (``PR_SET_PDEATHSIG``), and a thread watches the parent's pipe.
* Ctrl+C and hang-ups are the parent's to handle: it stops the batch and
  reports, instead of every worker printing a traceback.
"""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import signal
import threading
from multiprocessing.connection import wait
from multiprocessing.context import BaseContext
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
    """A stop request shared with worker processes: one byte of shared memory, no lock.

    Setting and reading a single byte is atomic, so nothing can be left held
    by a worker that dies. Pass it to workers when they start (initializer
    arguments), as with any shared memory.
    """

    def __init__(self, context: BaseContext) -> None:
        self._byte: Any = context.RawValue(ctypes.c_ubyte, 0)

    def set(self) -> None:
        self._byte.value = 1

    def clear(self) -> None:
        self._byte.value = 0

    def is_set(self) -> bool:
        return bool(self._byte.value)


def prepare_worker() -> None:
    """Set up a freshly started worker process (call first in its initializer).

    A forked worker inherits the parent's signal handlers: SIGTERM goes back
    to its default, so the pool can end a worker at once (as it does when a
    sibling dies).
    """
    _worker_signals()
    _die_with_parent()


def act_as_worker(signum: int) -> None:
    """Take ``signum`` as a worker does once :func:`prepare_worker` has run.

    For a parent's signal handler that a forked worker inherited and that ran
    before the worker's set-up: the worker's handling goes in place now, and
    ``signum`` is delivered again to it (SIGTERM ends the process; Ctrl+C and
    hang-ups are ignored, as they are the parent's).
    """
    _worker_signals()
    os.kill(os.getpid(), signum)


def _worker_signals() -> None:
    """SIGTERM at its default (the pool ends a worker at once); Ctrl+C and hang-ups ignored."""
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "SIGHUP"):
        signal.signal(signal.SIGHUP, signal.SIG_IGN)


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
