"""What one benchmark row reports, and how its times are taken."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from ..text.durations import duration_text

T = TypeVar("T")


@dataclass
class BenchRow:
    """One line of the benchmark table.

    ``ours`` and ``reference`` are readable figures; ``figures`` holds the raw
    numbers behind them for ``bench --json``.
    """

    work: str
    target: str
    ours: str = ""
    reference: str = ""
    #: How many times faster ours is than the first reference (:mod:`.reference`), when both ran.
    speedup: float | None = None
    #: The competent reference's figure (max-value/min-value alpha-beta in reading
    #: order, as OpenSpiel's Python one), and how many times faster ours is.
    competent: str = ""
    competent_speedup: float | None = None
    #: Whether the target was met, ``None`` when the row has no checkable target.
    met: bool | None = None
    note: str = ""
    skipped: bool = False
    figures: dict[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return {
            "work": self.work,
            "target": self.target,
            "ours": self.ours,
            "reference": self.reference,
            "speedup": self.speedup,
            "competent": self.competent,
            "competent_speedup": self.competent_speedup,
            "met": self.met,
            "note": self.note,
            "skipped": self.skipped,
            "figures": self.figures,
        }


def timed(work: Callable[[], T]) -> tuple[float, T]:
    """Wall-clock seconds of one call, and what it returned."""
    began = time.perf_counter()
    value = work()
    return time.perf_counter() - began, value


def median_timed(work: Callable[[], T], repeats: int) -> tuple[float, T]:
    """The median seconds over ``repeats`` calls, and the last call's value."""
    seconds = []
    value: T | None = None
    for _ in range(max(1, repeats)):
        elapsed, value = timed(work)
        seconds.append(elapsed)
    assert value is not None or repeats >= 1
    return statistics.median(seconds), value  # type: ignore[return-value]


def median_wall_and_cpu(work: Callable[[], T], repeats: int) -> tuple[float, float, T]:
    """Median wall-clock and CPU seconds over ``repeats`` calls, and the last value.

    CPU seconds count only this process, so on a busy machine they show what
    the code would do with a core to itself.
    """
    walls, cpus = [], []
    value: T | None = None
    for _ in range(max(1, repeats)):
        cpu_began = time.process_time()
        wall, value = timed(work)
        cpus.append(time.process_time() - cpu_began)
        walls.append(wall)
    return statistics.median(walls), statistics.median(cpus), value  # type: ignore[return-value]


def wall_and_cpu_text(wall_seconds: float, cpu_seconds: float) -> str:
    """``108 ms (61.2 ms CPU)``: the wall clock, then this process's CPU time."""
    return f"{duration_text(wall_seconds)} ({duration_text(cpu_seconds)} CPU)"


def busy_machine_note(wall_met: bool, cpu_met: bool) -> str:
    """A note for a time target missed on the wall clock but met in CPU time."""
    if cpu_met and not wall_met:
        return "met in CPU time; other jobs on the machine slowed the wall clock"
    return ""


def speedup(reference_seconds: float | None, our_seconds: float | None) -> float | None:
    """How many times faster ours is, ``None`` when either side is missing."""
    if not reference_seconds or not our_seconds:
        return None
    return reference_seconds / our_seconds
