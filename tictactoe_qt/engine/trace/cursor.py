"""A position in a trace that steps forward and back, for a stepper view.

Event streams only go forward. :class:`TraceCursor` keeps the most recent events
it showed (a bounded window) and, to go back further, replays the stream from the
start; streams are deterministic, so the replay shows the same events. Memory
stays bounded however long the trace, as the issue asks of the stepper.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator

from .event_stream import Event
from .summary import TraceSummary

#: Events kept for stepping back without a replay.
DEFAULT_KEEP = 20_000


class TraceCursor:
    """The events shown so far of one trace, with step, back and run-until moves.

    Args:
        make_events: returns a fresh stream of the trace (called again to replay).
        keep: how many recent events to keep for :meth:`back`.
    """

    def __init__(self, make_events: Callable[[], Iterator[Event]], keep: int = DEFAULT_KEEP) -> None:
        if keep < 1:
            raise ValueError(f"keep must be 1 or more, got {keep}")
        self._make_events = make_events
        self._keep = keep
        self._stream = make_events()
        self._recent: deque[Event] = deque(maxlen=keep)
        #: Events already taken from the stream and un-shown by :meth:`back`, next last.
        self._redo: list[Event] = []
        self._ended = False
        self.summary = TraceSummary()

    @property
    def position(self) -> int:
        """How many events have been shown."""
        return self.summary.events

    @property
    def current(self) -> Event | None:
        """The last event shown, or ``None`` before the first."""
        return self._recent[-1] if self._recent else None

    @property
    def finished(self) -> bool:
        """Whether the root has returned (every event has been shown)."""
        return self.summary.finished

    def recent(self) -> list[Event]:
        """The last events shown, oldest first (at most ``keep`` of them)."""
        return list(self._recent)

    def step(self) -> Event | None:
        """Show the next event and return it; ``None`` at the end."""
        if self._redo:
            event = self._redo.pop()
        elif self._ended:
            return None
        else:
            next_event = next(self._stream, None)
            if next_event is None:
                self._ended = True
                return None
            event = next_event
        self._recent.append(event)
        self.summary.observe(event)
        return event

    def back(self) -> Event | None:
        """Un-show the last event; returns the event now current (``None`` at the start)."""
        if self.position == 0:
            return None
        target = self.position - 1
        if len(self._recent) > 1 or target == 0:
            event = self._recent.pop()
            self.summary.unobserve(event)
            self._redo.append(event)
        else:  # the kept window is used up: show the first events again
            self._replay(target)
        return self.current

    def step_over(self) -> Event | None:
        """At an ``enter``, run the whole subtree to its ``return``; elsewhere, one step."""
        current = self.current
        if current is None or current["event"] != "enter":
            return self.step()
        return self._run_until(lambda e: e["event"] == "return" and e["path"] == current["path"])

    def step_out(self) -> Event | None:
        """Run to the ``return`` of the node being searched (its parent's, after a return)."""
        current = self.current
        if current is None:
            return self.step()
        depth = current["depth"] - (1 if current["event"] == "return" else 0)
        return self._run_until(lambda e: e["event"] == "return" and e["depth"] == depth)

    def run_to_cutoff(self) -> Event | None:
        """Run to the next ``cutoff`` (or the end)."""
        return self._run_until(lambda e: e["event"] == "cutoff")

    def to_end(self) -> Event | None:
        """Run every remaining event; returns the last one."""
        return self._run_until(lambda e: False)

    def _run_until(self, stop: Callable[[Event], bool]) -> Event | None:
        last = self.current
        while (event := self.step()) is not None:
            last = event
            if stop(event):
                break
        return last

    def _replay(self, target: int) -> None:
        """Start the stream again and show its first ``target`` events."""
        self._stream = self._make_events()
        self._recent.clear()
        self._redo.clear()
        self._ended = False
        self.summary = TraceSummary()
        for _ in range(target):
            if self.step() is None:
                break
