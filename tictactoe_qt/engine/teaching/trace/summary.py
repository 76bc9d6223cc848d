"""What a whole trace found, kept up to date one event at a time."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .event_stream import Event


class TraceSummary:
    """The running totals of a trace: feed it every event with :meth:`observe`.

    ``value`` is the root's value from the side to move's view (for a tree, the
    root MAX player's), ``best`` the root move that produced it, ``nodes`` the
    ``enter`` events (the root included) and ``cutoffs`` the ``cutoff`` events.
    ``value`` and ``best`` stay ``None`` until the root returns.
    """

    __slots__ = ("value", "best", "nodes", "cutoffs", "events", "finished")

    def __init__(self) -> None:
        self.value: Any = None
        self.best: Any = None
        self.nodes = 0
        self.cutoffs = 0
        self.events = 0
        self.finished = False

    def observe(self, event: Event) -> None:
        """Count one event."""
        self.events += 1
        kind = event["event"]
        if kind == "enter":
            self.nodes += 1
        elif kind == "cutoff":
            self.cutoffs += 1
        elif kind == "return" and event["depth"] == 0:
            self.value = event["value"]
            self.best = event.get("best")
            self.finished = True

    def unobserve(self, event: Event) -> None:
        """Take back the last event observed (``event``), as a stepper's Back does."""
        self.events -= 1
        kind = event["event"]
        if kind == "enter":
            self.nodes -= 1
        elif kind == "cutoff":
            self.cutoffs -= 1
        elif kind == "return" and event["depth"] == 0:
            self.value = self.best = None
            self.finished = False

    def consume(self, events: Iterable[Event]) -> TraceSummary:
        """Observe every event of ``events`` without keeping them; returns ``self``."""
        for event in events:
            self.observe(event)
        return self

    def as_dict(self) -> dict[str, Any]:
        """The ``trace --json`` summary line."""
        return {"summary": True, "value": self.value, "best": self.best, "nodes": self.nodes, "cutoffs": self.cutoffs}
