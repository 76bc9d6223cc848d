"""What runs in a pool's worker process: its signals, its stop flag, dying with the parent.

A worker is set up by :func:`prepare_worker`, the pool's initializer (or the
first call of one). The rules are the package's (see :mod:`.`, "Pools").
"""

from __future__ import annotations

import os
import signal
import threading
import time
from types import FrameType

from .parent_death import set_parent_death_signal
from .stop_flag import StopFlag

#: How often a worker told to stop checks whether its pool was abandoned.
ABANDON_POLL_SECONDS = 0.05
#: Signals a terminal, a shell's ``kill %1`` or a logout sends to the whole process group.
GROUP_SIGNALS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name))

_batch_stop: StopFlag | None = None
_leave_watch: threading.Thread | None = None


def prepare_worker(stop_flag: StopFlag | None = None) -> None:
    """Set up a freshly started worker process (call first in its initializer).

    A forked worker inherits the parent's signal handlers: they are replaced
    here. SIGTERM sets ``stop_flag``, the batch's stop request, so the chunk
    in hand ends after its current game and is reported; Ctrl+C and hang-ups
    are the parent's to handle.
    """
    global _batch_stop
    if stop_flag is not None:
        _batch_stop = stop_flag
    _worker_signals()
    if hasattr(signal, "pthread_sigmask"):  # blocked when a fork server started this worker
        signal.pthread_sigmask(signal.SIG_UNBLOCK, GROUP_SIGNALS)
    _die_with_parent()


def worker_should_stop() -> bool:
    """The batch's stop request, as a worker sees it (a ``should_stop`` for its chunks)."""
    return _batch_stop is not None and _batch_stop.is_set()


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
        _leave_watch = threading.Thread(
            target=_leave_when_abandoned, args=(_batch_stop,), daemon=True, name="abandon-watch"
        )
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
    import multiprocessing  # here: a worker has it already; a command's start-up need not

    set_parent_death_signal(signal.SIGKILL)
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(target=_exit_when_gone, args=(parent.sentinel,), daemon=True, name="parent-watch").start()


def _exit_when_gone(sentinel: int) -> None:
    """Wait, without polling, until the parent's end of the pipe closes; then leave at once."""
    from multiprocessing.connection import wait

    try:
        wait([sentinel])
    except OSError:  # pragma: no cover - the pipe was closed under us: the parent is gone too
        pass
    os._exit(1)
