"""How many events a trace would make, known before it starts.

Plain minimax visits every node, so its events are counted exactly: each node
makes ``enter`` and ``return`` and each leaf also ``leaf``. Node counts come from
the program's tree counter (:func:`..tree_counts.walk_levels`: each distinct
position once), bounded so that a hopeless tree is known to be too big without
being walked; a board whose first plies alone (down to the earliest possible
leaf) hold more positions than that bound is refused without a walk at all.
Alpha-beta visits a subset of those nodes and adds at most one ``alpha``/``beta``
event per child and one ``cutoff`` per inner node, so four events per minimax
node bound it; when that bound is too high, the real stream is counted (not
kept) up to the limit.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from math import perm
from typing import Any

from ...players.textbook_options import TextbookOptions
from ..tree_counts import walk_levels
from .event_stream import Event, trace_events
from .quick_size import free_cells, positions_at_least
from .spaces import BoardSpace, SearchSpace

#: The ``--max-events`` default.
DEFAULT_MAX_EVENTS = 1_000_000
#: Alpha-beta makes at most this many events per node of the unpruned tree.
EVENTS_PER_NODE_BOUND = 4
#: Distinct positions counted at least, whatever the limit (a fraction of a second).
MIN_COUNT_BUDGET = 100_000


@dataclass(frozen=True)
class SizeEstimate:
    """A trace's size in events. ``exact`` when counted, else ``at_least`` tells the side."""

    events: int
    exact: bool
    #: True when ``events`` is a lower bound, False when an upper bound (if not exact).
    at_least: bool = False

    def text(self) -> str:
        """``"exactly 1,355,060 events"``, ``"more than ..."``, ``"up to about ..."``."""
        if self.exact:
            return f"exactly {self.events:,} events"
        if self.at_least:
            return f"more than {self.events:,} events"
        return (
            f"up to about {rough_count(self.events)} events"
            if self.events >= 10**7
            else f"up to {self.events:,} events"
        )


def rough_count(count: int) -> str:
    """``"1.4e+07"``: two figures, also for counts past a float's range (a 15x15 board's
    move tree bound has some 430 digits, ``"3.7e+432"``)."""
    exponent = len(str(count)) - 1
    mantissa = count / 10**exponent  # int / int divides exactly, whatever the sizes
    if round(mantissa, 1) >= 10:
        mantissa, exponent = mantissa / 10, exponent + 1
    return f"{mantissa:.1f}e+{exponent:02d}"


class TraceTooLarge(ValueError):
    """A trace with more events than allowed; the message gives the estimate."""

    def __init__(self, what: str, estimate: SizeEstimate, limit: int) -> None:
        super().__init__(
            f"the {what} would have {estimate.text()}, more than the limit of "
            f"{limit:,}; give a depth limit, a position with fewer empty cells, or a "
            f"higher --max-events"
        )
        self.estimate = estimate


def minimax_size(space: SearchSpace[Any, Any], budget: int) -> tuple[int, int] | None:
    """``(nodes, leaves)`` of the unpruned tree, or ``None`` past ``budget`` distinct nodes.

    A board's tree is counted by the program's tree counter
    (:func:`..tree_counts.walk_levels`); a textbook tree, small by construction, by
    running the minimax trace itself.
    """
    if not isinstance(space, BoardSpace):
        leaves = nodes = 0
        for event in trace_events(space, "minimax", TextbookOptions()):
            kind = event["event"]
            nodes += kind == "enter"
            leaves += kind == "leaf"
            if nodes > budget:
                return None
        return nodes, leaves
    if positions_at_least(space) > budget:
        return None  # the walk below would pass the budget too, after seconds of work
    walk = walk_levels(
        space.geometry, space.root[0], space.root[1], True, max_depth=space.depth_limit, max_positions=budget
    )
    if walk.truncated:
        return None
    return sum(walk.nodes_per_depth), sum(walk.games_ending_per_depth) + walk.open_at_limit


def check_size(
    space: SearchSpace[Any, Any],
    algorithm: str,
    events: Callable[[], Iterator[Event]],
    limit: int = DEFAULT_MAX_EVENTS,
    what: str = "",
) -> SizeEstimate:
    """The trace's size, or an error when it would pass ``limit`` events.

    Args:
        space: what is searched.
        algorithm: ``minimax``, ``alphabeta`` or ``alphabeta-tt``.
        events: makes a fresh event stream of the trace (counted if no bound settles it).
        limit: the most events allowed.
        what: names the trace in the error (default ``"<algorithm> trace"``).

    Raises:
        TraceTooLarge: more than ``limit`` events.
    """
    what = what or f"{algorithm} trace"
    bound = _quick_node_bound(space)
    per_node = 3 if algorithm == "minimax" else EVENTS_PER_NODE_BOUND
    if bound is not None and bound * per_node <= limit:
        return SizeEstimate(bound * per_node, exact=False)
    # Each node makes at least two events, so half the limit in distinct nodes is enough
    # to refuse; small limits still count small trees exactly, for a better estimate.
    sizes = minimax_size(space, max(limit // 2 + 1, MIN_COUNT_BUDGET))
    if sizes is None:
        if bound is not None:
            raise TraceTooLarge(what, SizeEstimate(bound * per_node, exact=False), limit)
        raise TraceTooLarge(what, SizeEstimate(limit, exact=False, at_least=True), limit)
    nodes, leaves = sizes
    minimax_events = 2 * nodes + leaves
    if algorithm == "minimax":
        estimate = SizeEstimate(minimax_events, exact=True)
        if minimax_events > limit:
            raise TraceTooLarge(what, estimate, limit)
        return estimate
    if nodes * EVENTS_PER_NODE_BOUND <= limit:
        return SizeEstimate(nodes * EVENTS_PER_NODE_BOUND, exact=False)
    counted = 0
    for _ in events():
        counted += 1
        if counted > limit:
            raise TraceTooLarge(what, SizeEstimate(limit, exact=False, at_least=True), limit)
    return SizeEstimate(counted, exact=True)


def _quick_node_bound(space: SearchSpace[Any, Any]) -> int | None:
    """Nodes of the full move tree of a board (every order of the empty cells), if a board."""
    if not isinstance(space, BoardSpace):
        return None
    free = free_cells(space)
    plies = free if space.depth_limit is None else min(free, space.depth_limit)
    return sum(perm(free, ply) for ply in range(plies + 1))
