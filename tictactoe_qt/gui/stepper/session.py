"""One stepped trace: the engine's :class:`TraceCursor` plus the tree the stepper shows.

Plain Python, so the stepper's logic is tested without a window. Back undoes the
shown tree's changes from a bounded log; past it, the trace is replayed from the
start (streams are deterministic). Long runs go in slices: :meth:`run_until`
stops after a time budget and is called again, so the window keeps painting.
"""

from __future__ import annotations

import gc
import time
from collections import deque
from collections.abc import Callable, Iterator
from typing import Any

from tictactoe_qt.engine.trace import TraceCursor
from tictactoe_qt.engine.trace.event_stream import Event

from .trace_tree import Key, TraceTree, Undo

#: Events kept for Back without a replay (and returned by ``events()``).
KEEP = 100_000
#: How many events run between looks at the clock.
CLOCK_EVERY = 128

Stop = Callable[[Event], bool]
END, STOPPED, PAUSED = "end", "stopped", "paused"


class StepperSession:
    """Step, back and run-until over one trace, keeping the shown tree in step."""

    def __init__(self, make_events: Callable[[], Iterator[Event]], negamax: bool,
                 keep: int = KEEP, tree_limit: int | None = None) -> None:
        self._make_events = make_events
        self._negamax = negamax
        self._keep = keep
        self._tree_limit = tree_limit
        self._start()

    def _start(self) -> None:
        self.cursor = TraceCursor(self._make_events, self._keep)
        self.tree = (TraceTree(self._negamax) if self._tree_limit is None
                     else TraceTree(self._negamax, self._tree_limit))
        # One less than the cursor keeps, so the cursor never replays on its own.
        self._undo: deque[tuple[Undo, Key | None]] = deque(maxlen=max(1, self._keep - 1))

    @property
    def current(self) -> Event | None:
        return self.cursor.current

    @property
    def finished(self) -> bool:
        return self.cursor.finished

    @property
    def position(self) -> int:
        return self.cursor.position

    def events(self) -> list[Event]:
        """The events shown so far, in order (the last ``keep`` of a longer trace)."""
        return self.cursor.recent()

    def step(self) -> Event | None:
        """Show the next event; ``None`` at the end."""
        event = self.cursor.step()
        if event is not None:
            self._undo.append(self.tree.apply(event))
        return event

    def back(self) -> Event | None:
        """Un-show the last event; returns the event now current (``None`` at the start)."""
        position = self.cursor.position
        if position == 0:
            return None
        if self._undo:
            self.cursor.back()
            undo, current = self._undo.pop()
            self.tree.revert(undo, current)
            return self.cursor.current
        self._start()  # the log is used up: show the first events again
        for _ in range(position - 1):
            self.step()
        return self.cursor.current

    # -- runs -----------------------------------------------------------------------
    def step_over_stop(self) -> Stop | None:
        """At an ``enter``, stop at that node's ``return``; ``None`` means one plain step."""
        current = self.current
        if current is None or current["event"] != "enter":
            return None
        path = current["path"]
        return lambda e: e["event"] == "return" and e["path"] == path

    def step_out_stop(self) -> Stop | None:
        """Stop at the ``return`` of the node being searched (its parent's, after a return)."""
        current = self.current
        if current is None:
            return None
        depth = current["depth"] - (1 if current["event"] == "return" else 0)
        if depth < 0:
            return None
        return lambda e: e["event"] == "return" and e["depth"] == depth

    @staticmethod
    def cutoff_stop() -> Stop:
        return lambda e: e["event"] == "cutoff"

    @staticmethod
    def end_stop() -> Stop:
        return lambda e: False

    def run_until(self, stop: Stop, budget: float | None = None) -> str:
        """Step until ``stop(event)`` (``STOPPED``), the end (``END``) or ``budget`` seconds pass
        (``PAUSED``; call again to go on)."""
        deadline = None if budget is None else time.perf_counter() + budget
        step = self.step
        count = 0
        # The run makes no reference cycles; the collector would rescan the kept
        # events thousands of times and triple the run's time.
        collecting = gc.isenabled()
        gc.disable()
        try:
            while True:
                event = step()
                if event is None:
                    return END
                if stop(event):
                    return STOPPED
                count += 1
                if deadline is not None and count % CLOCK_EVERY == 0 \
                        and time.perf_counter() >= deadline:
                    return PAUSED
        finally:
            if collecting:
                gc.enable()

    def summary(self) -> dict[str, Any]:
        """Nodes, cut-offs, the current depth and the root's value when known."""
        s = self.cursor.summary
        current = self.current
        return {"nodes": s.nodes, "cutoffs": s.cutoffs, "events": s.events,
                "depth": None if current is None else current["depth"],
                "value": s.value, "best": s.best, "finished": s.finished}
