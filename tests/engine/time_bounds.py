"""Time bounds on searches that a busy or slow machine cannot break.

A search keeps to a wall-clock budget by checking the clock; how far it runs
past the deadline is work, so it is measured in CPU seconds of the thread that
searched. On a loaded machine the thread gets less CPU per wall second and
stops at the same deadline, so CPU time stays within the budget, while a
search that ignores its budget or a cancel overruns it on any machine. A
generous wall-clock bound stays on top, to catch a search that sleeps.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

#: Wall-clock seconds that only a hang (or a sleeping search) exceeds.
HANG_SECONDS = 5.0


@dataclass
class Spent:
    """Seconds spent by a block: ``wall`` clock, and ``cpu`` of the calling thread."""

    wall: float = 0.0
    cpu: float = 0.0


@contextmanager
def spent() -> Iterator[Spent]:
    """Measure the block's wall-clock and this thread's CPU seconds."""
    result = Spent()
    wall, cpu = time.perf_counter(), time.thread_time()
    try:
        yield result
    finally:
        result.wall = time.perf_counter() - wall
        result.cpu = time.thread_time() - cpu


def cpu_clock_of(thread: threading.Thread) -> Callable[[], float]:
    """CPU seconds used so far by another running ``thread`` (wall clock where unsupported)."""
    if thread.ident is not None and hasattr(time, "pthread_getcpuclockid"):
        clock = time.pthread_getcpuclockid(thread.ident)
        return lambda: time.clock_gettime(clock)
    return time.perf_counter
