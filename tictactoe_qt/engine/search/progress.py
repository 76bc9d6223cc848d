"""Progress reports of a long ``perfect`` search (an exact proof without a time limit).

:class:`ProgressWatch` rides on the search's cancel poll (every few hundred
nodes, after the node counters are written) and hands a
:class:`SearchProgress` to the caller's callback at most every
:data:`REPORT_SECONDS`.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from ..game.board import Move
from ..game.coordinates import cell_text
from ..search_result import ShouldStop
from ..text.durations import duration_text

#: Seconds between two progress reports.
REPORT_SECONDS = 0.25


@dataclass(frozen=True)
class SearchProgress:
    """Where a search stands: the iteration running, nodes so far, time, best move."""

    depth: int
    nodes: int
    elapsed_seconds: float
    #: The best move of the last finished iteration (``None`` before the first).
    best: Move | None

    @property
    def nodes_per_second(self) -> float:
        return self.nodes / self.elapsed_seconds if self.elapsed_seconds > 0 else 0.0


Progress = Callable[[SearchProgress], None]


class ProgressWatch:
    """Reports progress from inside the cancel poll of the runs of one search."""

    def __init__(self, progress: Progress | None, should_stop: ShouldStop, start: float, cols: int) -> None:
        self._progress = progress
        self._should_stop = should_stop
        self._start = start
        self._cols = cols
        self._next_report = start + REPORT_SECONDS
        self._run_counters: list[int] = [0]
        self._nodes_before = 0
        #: The iteration running and the best cell of the last finished one.
        self.depth = 0
        self.best = -1

    def start_run(self, run_counters: list[int], nodes_before: int) -> None:
        """Follow a new run whose counters list is ``run_counters``."""
        self._run_counters = run_counters
        self._nodes_before = nodes_before

    def should_stop(self) -> bool:
        """The search's poll: report when due, then ask the caller's callback."""
        now = time.perf_counter()
        if now >= self._next_report and self._progress is not None:
            self._next_report = now + REPORT_SECONDS
            self._progress(self.snapshot(now))
        return self._should_stop()

    def snapshot(self, now: float | None = None) -> SearchProgress:
        """The progress as of now."""
        now = time.perf_counter() if now is None else now
        best = Move.from_index(self.best, self._cols) if self.best >= 0 else None
        nodes = self._nodes_before + self._run_counters[0]
        return SearchProgress(self.depth, nodes, now - self._start, best)


def progress_text(progress: SearchProgress) -> str:
    """``depth 25  nodes 1,234,567  182,345/s  6.8 s  best row 2, column 3``."""
    best = "none" if progress.best is None else cell_text(progress.best.row, progress.best.col)
    return (
        f"depth {progress.depth}  nodes {progress.nodes:,}  "
        f"{progress.nodes_per_second:,.0f}/s  {duration_text(progress.elapsed_seconds)}  "
        f"best {best}"
    )
