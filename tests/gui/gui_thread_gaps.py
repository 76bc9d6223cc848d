"""Measuring GUI-thread stalls: the gaps between ticks of a fast timer."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager

from PySide6.QtCore import QTimer

#: The longest pause of the GUI thread the stall tests accept: a frame at 20 fps.
#: Timer ticks on an idle machine are 5 ms apart, so this leaves a tenfold margin.
STALL_LIMIT_SECONDS = 0.050


@contextmanager
def gui_thread_gaps(interval_ms: int = 5) -> Iterator[list[float]]:
    """Seconds between the ticks of a ``interval_ms`` timer while the block runs.

    The list fills as the event loop runs; a gap much longer than the interval
    means the GUI thread was busy (frozen) that long. On leaving the block the
    time since the last tick is added too, so a block that never let the event
    loop run reports one long gap instead of none.
    """
    gaps: list[float] = []
    last = [time.perf_counter()]

    def tick() -> None:
        now = time.perf_counter()
        gaps.append(now - last[0])
        last[0] = now

    timer = QTimer(interval=interval_ms)
    timer.timeout.connect(tick)
    timer.start()
    try:
        yield gaps
    finally:
        timer.stop()
        tick()
