"""One stepped trace: the events shown so far and the tree the stepper shows, forward and back.

Plain Python, so the stepper's logic is tested without a window. It works like
the engine's :class:`~tictactoe_qt.engine.teaching.trace.TraceCursor` (a bounded window
of recent events for Back, a replay from the start past it), but keeps each
shown event, and what it changed in the shown tree, as nested tuples of plain
values. Python's collector untracks such tuples, so a long run leaves nothing
for it to rescan: with event dicts kept instead, every collection walked the
kept window and a To the end on 549,946 nodes stalled the window for seconds.
Long runs go in slices: :meth:`run_until` stops after a time budget and is
called again, so the window keeps painting.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Iterator
from itertools import islice
from typing import Any

from tictactoe_qt.engine.teaching import Event, TraceSummary

from .trace_tree import Key, TraceTree, Undo

#: Events kept for Back without a replay (and returned by ``events()``): the whole
#: alpha-beta trace of the empty 3x3 board (48,535 events) fits.
KEEP = 50_000
#: How many events run between looks at the clock.
CLOCK_EVERY = 128
#: Event keys whose values are lists (steps are ``[row, col]`` lists on boards).
_STEP_LISTS = ("path", "pruned")

Stop = Callable[[Event], bool]
END, STOPPED, PAUSED = "end", "stopped", "paused"
#: A shown event as kept: ``(frozen event, frozen undo, the current key before it)``.
Kept = tuple[tuple[Any, ...], Undo, Key | None]


def freeze(event: Event) -> tuple[Any, ...]:
    """``event`` as nested tuples (lists become tuples), in key order."""
    return tuple((name, _freeze_value(value)) for name, value in event.items())


def thaw(frozen: tuple[Any, ...]) -> Event:
    """The event dict again, equal to the one frozen (lists restored)."""
    event: Event = {}
    for name, value in frozen:
        if name in _STEP_LISTS:
            value = [list(step) if isinstance(step, tuple) else step for step in value]
        elif name == "best" and isinstance(value, tuple):
            value = list(value)
        event[name] = value
    return event


def _freeze_value(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(tuple(item) if isinstance(item, list) else item for item in value)
    return value


class StepperSession:
    """Step, back and run-until over one trace, keeping the shown tree in step."""

    def __init__(
        self, make_events: Callable[[], Iterator[Event]], negamax: bool, keep: int = KEEP, tree_limit: int | None = None
    ) -> None:
        if keep < 1:
            raise ValueError(f"keep must be 1 or more, got {keep}")
        self._make_events = make_events
        self._negamax = negamax
        self._keep = keep
        self._tree_limit = tree_limit
        self._start()

    def _start(self) -> None:
        self._stream = self._make_events()
        self._ended = False
        self._recent: deque[Kept] = deque(maxlen=self._keep)
        #: Events un-shown by Back, the next one last.
        self._redo: list[tuple[Any, ...]] = []
        self.current: Event | None = None
        self.summary_counts = TraceSummary()
        self.tree = TraceTree(self._negamax) if self._tree_limit is None else TraceTree(self._negamax, self._tree_limit)

    @property
    def finished(self) -> bool:
        """Whether the root has returned."""
        return self.summary_counts.finished

    @property
    def position(self) -> int:
        """How many events have been shown."""
        return self.summary_counts.events

    def events(self) -> list[Event]:
        """The events shown so far, in order (the last ``keep`` of a longer trace)."""
        return [thaw(kept[0]) for kept in self._recent]

    def last(self, count: int) -> list[Event]:
        """The last ``count`` events shown, oldest first."""
        return [thaw(kept[0]) for kept in islice(reversed(self._recent), count)][::-1]

    def step(self) -> Event | None:
        """Show the next event; ``None`` at the end."""
        if self._redo:
            frozen = self._redo.pop()
            event = thaw(frozen)
        elif self._ended:
            return None
        else:
            next_event = next(self._stream, None)
            if next_event is None:
                self._ended = True
                return None
            event, frozen = next_event, freeze(next_event)
        undo, before = self.tree.apply(event)
        self._recent.append((frozen, undo, before))
        self.summary_counts.observe(event)
        self.current = event
        return event

    def back(self) -> Event | None:
        """Un-show the last event; returns the event now current (``None`` at the start)."""
        position = self.position
        if position == 0:
            return None
        if self._recent:
            frozen, undo, before = self._recent.pop()
            self.tree.revert(undo, before)
            self.summary_counts.unobserve(thaw(frozen))
            self._redo.append(frozen)
            self.current = thaw(self._recent[-1][0]) if self._recent else None
            if self.current is None and self.position:
                return self._replay(self.position)
            return self.current
        return self._replay(position - 1)

    def _replay(self, target: int) -> Event | None:
        """Start again and show the first ``target`` events (the kept window is used up)."""
        self._start()
        for _ in range(target):
            self.step()
        return self.current

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
        while True:
            event = step()
            if event is None:
                return END
            if stop(event):
                return STOPPED
            count += 1
            if deadline is not None and count % CLOCK_EVERY == 0 and time.perf_counter() >= deadline:
                return PAUSED

    def summary(self) -> dict[str, Any]:
        """Nodes, cut-offs, the current depth and the root's value when known."""
        s = self.summary_counts
        current = self.current
        return {
            "nodes": s.nodes,
            "cutoffs": s.cutoffs,
            "events": s.events,
            "depth": None if current is None else current["depth"],
            "value": s.value,
            "best": s.best,
            "finished": s.finished,
        }
