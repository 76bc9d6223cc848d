"""Our children's stderr echoed on ours, from a thread of its own, never blocking them.

A :class:`~.child.Child` hands each stderr line to its ``on_stderr`` under the
lock that guards its pipes. Writing it straight to our stderr there would tie
the child to whoever reads ours: a parent whose stderr is a pipe nobody drains
(a launcher, a test harness) would block in that write, holding the lock, so
the answer, ``stop`` and ``kill`` would all wait for ever. :func:`echo_stderr`
only queues the line; one daemon thread writes the queue out. When the queue
is full (our stderr is stuck, or a child floods), lines are dropped and then
counted in one line, so memory stays bounded.
"""

from __future__ import annotations

import queue
import sys
import threading

#: Lines waiting to be written at most (a few megabytes at the children's line bound).
MAX_WAITING = 1000

_waiting: queue.Queue[str] = queue.Queue(MAX_WAITING)
_lock = threading.Lock()  # guards the writer thread's start and the count of dropped lines
_writer: threading.Thread | None = None
_dropped = 0


def echo_stderr(line: str) -> None:
    """Queue ``line`` for our stderr; drop it when too many wait. Never blocks."""
    global _dropped, _writer
    with _lock:
        if _writer is None:
            _writer = threading.Thread(target=_write_out, name="stderr-echo", daemon=True)
            _writer.start()
        if _dropped:
            try:
                _waiting.put_nowait(f"[{_dropped:,} lines of a child's stderr left out]")
            except queue.Full:
                _dropped += 1
                return
            _dropped = 0
        try:
            _waiting.put_nowait(line)
        except queue.Full:
            _dropped += 1


def _write_out() -> None:
    while True:
        line = _waiting.get()
        try:
            sys.stderr.write(line + "\n")  # looked up each time: whoever our stderr is now
            sys.stderr.flush()
        except Exception:  # noqa: BLE001 - no stderr (closed, gone): the line is lost
            pass


__all__ = ["MAX_WAITING", "echo_stderr"]
