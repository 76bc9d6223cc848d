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
* SIGTERM does not end a worker: it stops the batch the way the parent's stop
  does (the shared flag), so a polite kill of the whole process group (a
  shell's ``kill %1``, a logout) still ends with the games played reported.
  The pool's own ``terminate()`` of a broken pool becomes the same stop, and
  the workers leave once their chunk in hand is cut short; SIGKILL and the
  parent's death still end them at once.
"""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import signal
import sys
import threading
from multiprocessing.connection import wait
from multiprocessing.context import BaseContext
from types import FrameType
from typing import Any

#: Never more worker processes than this many per core the process may use
#: (a few more than the cores only cost memory; hundreds exhaust the machine).
WORKERS_PER_CORE = 1
#: ... but always allow this many, so small machines can still try a split.
MIN_WORKER_LIMIT = 4
#: One line for the user when a worker process died under a batch (killed, or
#: out of memory); short enough for the window's status line.
WORKER_DIED = "a worker process died; the batch stopped"
_PR_SET_PDEATHSIG = 1


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


_batch_stop: StopFlag | None = None


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
    _die_with_parent()


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
    """A worker's SIGTERM: the batch's stop request, seen by every worker and the parent."""
    if _batch_stop is not None:
        _batch_stop.set()


def _die_with_parent() -> None:
    """Make sure this process ends when the process that started it does.

    Two ways, as neither covers every case alone. The kernel's parent-death
    signal follows the direct parent, which for a fork server's workers is
    the server, and the server only leaves once the workers have (they hold
    its "alive" pipe). The parent's sentinel pipe follows the real parent;
    a sibling forked later holds it open too, so alone it ends forked workers
    one after another.
    """
    if sys.platform.startswith("linux"):
        _set_parent_death_signal(signal.SIGKILL)
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(target=_exit_when_gone, args=(parent.sentinel,), daemon=True,
                         name="parent-watch").start()


def _set_parent_death_signal(signum: int) -> bool:
    """``prctl(PR_SET_PDEATHSIG, signum)``; False when it is not available."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return bool(libc.prctl(_PR_SET_PDEATHSIG, signum, 0, 0, 0) == 0)
    except (OSError, AttributeError):  # pragma: no cover - an unusual libc
        return False


def _exit_when_gone(sentinel: int) -> None:
    """Wait, without polling, until the parent's end of the pipe closes; then leave at once."""
    try:
        wait([sentinel])
    except OSError:  # pragma: no cover - the pipe was closed under us: the parent is gone too
        pass
    os._exit(1)
