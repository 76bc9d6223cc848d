"""The textbook's step beside each step of a student's trace, up to where they part.

Until the first difference the two traces enter, evaluate and return at the same
nodes; the textbook's has more events between (a bound moved, a cut-off). For
each student event this gives the textbook's matching event and those that
follow it, so a view can show both as the student's trace is stepped.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from ..trace.event_stream import Event

STRUCTURE = ("enter", "leaf", "return")
#: Most student events lined up (a view steps through far fewer by hand).
MAX_STEPS = 200_000


@dataclass
class SideBySide:
    """``beside[i]``: the textbook's events at the student's event ``i``; ``parted_at``: the
    index of the student's first event the textbook does not make (``None``: none within
    the steps lined up)."""

    beside: list[list[Event]] = field(default_factory=list)
    parted_at: int | None = None


def side_by_side(student: Iterable[Event], textbook: Iterable[Event], limit: int = MAX_STEPS) -> SideBySide:
    """Line the two traces up, event by event, until they part or ``limit`` steps."""
    found = SideBySide()
    theirs = iter(textbook)
    pending = next(theirs, None)
    for index, mine in enumerate(student):
        if index >= limit:
            break
        while pending is not None and pending["event"] not in STRUCTURE:
            pending = next(theirs, None)  # extra events before the first structural one
        if pending is None or (pending["event"], pending["path"]) != (mine["event"], mine["path"]):
            found.parted_at = index
            break
        group = [pending]
        pending = next(theirs, None)
        while pending is not None and pending["event"] not in STRUCTURE:
            group.append(pending)
            pending = next(theirs, None)
        found.beside.append(group)
    else:
        if pending is not None and len(found.beside) < limit:
            found.parted_at = len(found.beside)  # the student stopped; the textbook goes on
    return found
