"""Measuring GUI-thread stalls: the gaps between ticks of a fast timer.

A gap counts what the application can be blamed for: the time the GUI thread
was busy, or blocked (on the interpreter lock, a lock, a pipe). Time it was
ready to run but waited for a CPU that other processes held is left out, as
Linux reports it per thread (``/proc/self/task/<tid>/schedstat``). So a test
machine shared with other jobs cannot fail a stall test, while a slot that
computes for 60 ms, or a worker thread holding the interpreter lock that long,
fails it on any machine. Elsewhere the gaps are plain wall-clock time.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from PySide6.QtCore import QTimer

#: The longest pause of the GUI thread the stall tests accept: a frame at 20 fps.
#: Timer ticks on an idle machine are 5 ms apart, so this leaves a tenfold margin.
STALL_LIMIT_SECONDS = 0.050


def _cpu_wait_reader() -> Callable[[], float]:
    """A function giving the seconds this thread has waited for a CPU so far (0 if unknown)."""
    path = f"/proc/self/task/{threading.get_native_id()}/schedstat"

    def read() -> float:
        with open(path, encoding="ascii") as stream:
            return int(stream.read().split()[1]) / 1e9

    try:
        read()
    except (OSError, ValueError, IndexError):
        return lambda: 0.0
    return read


class GuiThreadGaps:
    """Ticks of a fast timer on the GUI thread; ``gaps`` holds the stalls between them."""

    def __init__(self, interval_ms: int = 5) -> None:
        self._cpu_wait = _cpu_wait_reader()
        self.gaps: list[float] = []
        self._last = (time.perf_counter(), self._cpu_wait())
        self._timer = QTimer(interval=interval_ms)
        self._timer.timeout.connect(self.tick)

    def tick(self) -> None:
        now, waited = time.perf_counter(), self._cpu_wait()
        self.gaps.append(max(0.0, (now - self._last[0]) - (waited - self._last[1])))
        self._last = (now, waited)

    def restart(self) -> None:
        """Start measuring afresh (after a set-up step that is not measured)."""
        self.gaps.clear()
        self._last = (time.perf_counter(), self._cpu_wait())

    def start(self) -> None:
        self.restart()
        self._timer.start()

    def stop(self) -> None:
        """Stop ticking; the time since the last tick counts as a last gap."""
        self._timer.stop()
        self.tick()

    def worst(self) -> float:
        return max(self.gaps, default=0.0)


@contextmanager
def gui_thread_gaps(interval_ms: int = 5) -> Iterator[GuiThreadGaps]:
    """Measure the GUI thread's stalls while the block runs (call it on the GUI thread).

    The gaps fill as the event loop runs; a gap much longer than the interval
    means the GUI thread was busy (frozen) that long. On leaving the block the
    time since the last tick is added too, so a block that never let the event
    loop run reports one long gap instead of none.
    """
    measure = GuiThreadGaps(interval_ms)
    measure.start()
    try:
        yield measure
    finally:
        measure.stop()
