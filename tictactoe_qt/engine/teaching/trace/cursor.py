"""A position in a trace that steps forward and back, for a stepper view.

Event streams only go forward. :class:`TraceCursor` keeps the most recent events
it showed (a bounded window) and, to go back further, replays the stream from the
start; streams are deterministic, so the replay shows the same events. Memory
stays bounded however long the trace: the stepper may walk millions of events.
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

    The run moves (:meth:`step_over`, :meth:`step_out`, :meth:`run_to_cutoff`,
    :meth:`to_end`) take an optional ``budget`` of events, so a view can run a long
    trace in slices between paints; :attr:`paused` then says the target is not
    reached yet, and calling the move again goes on.

    Args:
        make_events: returns a fresh stream of the trace (called again to replay).
        keep: how many recent events to keep for :meth:`back`; ``None`` keeps all.
    """

    def __init__(self, make_events: Callable[[], Iterator[Event]], keep: int | None = DEFAULT_KEEP) -> None:
        if keep is not None and keep < 1:
            raise ValueError(f"keep must be 1 or more (or None for all), got {keep}")
        self._make_events = make_events
        self._keep = keep
        self._stream = make_events()
        self._recent: deque[Event] = deque(maxlen=keep)
        #: Events already taken from the stream and un-shown by :meth:`back`, next last.
        self._redo: list[Event] = []
        self._ended = False
        #: The last run move stopped on its budget before reaching its target.
        self.paused = False
        #: Where an unfinished run move stops: (kind, path or depth).
        self._target: tuple[str, object] | None = None
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
        """The last events shown, oldest first (all of them when ``keep`` is ``None``)."""
        return list(self._recent)

    def step(self) -> Event | None:
        """Show the next event and return it; ``None`` at the end."""
        self.paused = False
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
        self.paused = False
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

    def step_over(self, budget: int | None = None) -> Event | None:
        """At an ``enter``, run the whole subtree to its ``return``; elsewhere, one step."""
        current = self.current
        if not self._resuming("over"):
            if current is None or current["event"] != "enter":
                return self.step()
            self._target = ("over", current["path"])
        path = self._target_value()
        return self._run_until(lambda e: e["event"] == "return" and e["path"] == path, budget)

    def step_out(self, budget: int | None = None) -> Event | None:
        """Run to the ``return`` of the node being searched (its parent's, after a return)."""
        current = self.current
        if not self._resuming("out"):
            if current is None:
                return self.step()
            depth = current["depth"] - (1 if current["event"] == "return" else 0)
            self._target = ("out", depth)
        depth = self._target_value()
        return self._run_until(lambda e: e["event"] == "return" and e["depth"] == depth, budget)

    def run_to_cutoff(self, budget: int | None = None) -> Event | None:
        """Run to the next ``cutoff`` (or the end)."""
        self._target = ("cutoff", None)
        return self._run_until(lambda e: e["event"] == "cutoff", budget)

    def to_end(self, budget: int | None = None) -> Event | None:
        """Run every remaining event; returns the last one."""
        self._target = ("end", None)
        return self._run_until(lambda e: False, budget)

    def _resuming(self, kind: str) -> bool:
        """Whether this run move goes on with a paused run of the same kind."""
        return self.paused and self._target is not None and self._target[0] == kind

    def _target_value(self) -> object:
        assert self._target is not None
        return self._target[1]

    def _run_until(self, stop: Callable[[Event], bool], budget: int | None) -> Event | None:
        last = self.current
        count = 0
        self.paused = False
        while budget is None or count < budget:
            event = self.step()
            if event is None:
                break
            last = event
            count += 1
            if stop(event):
                break
        else:
            self.paused = not self._ended and (last is None or not stop(last))
        if not self.paused:
            self._target = None
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
