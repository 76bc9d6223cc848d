"""A reference search held against a student's record node by node, as it goes.

The textbook search walks a :class:`FollowingSpace` wrapped around its usual
space: every ``child`` it asks for is a node entered and every ``leaf`` with a
value a leaf evaluated, numbered as :class:`.games.CallRecord` numbers the
student's calls (root 1, then in the order entered). Each is checked against
the student's record on the spot, so a search that parts from it can stop
there. The search itself is the one textbook search, unchanged; only what it
walks keeps watch.

A search that *follows* the record to its end (the same events, parents and
steps) has the same trace as the student: a trace is built from those arrays
alone. The converse holds for a record numbered as a game keeps it
(:func:`as_kept`): equal traces number the same nodes alike.
"""

from __future__ import annotations

from array import array
from typing import Any

from .games import CallRecord

#: A node of a following space: the inner space's node and its number in the record.
FollowedNode = tuple[Any, int]
_KEPT_START = array("i", [0, 0])


class Parted(Exception):
    """The search parted from the record (raised only when asked to stop there)."""


class FollowingSpace:
    """``inner`` (a :class:`..trace.spaces.SearchSpace` over board cells or child indices)
    as a search walks it, held against ``record``; with ``stop``, the walk ends with
    :class:`Parted` where it parts from the record."""

    def __init__(self, inner: Any, record: CallRecord, stop: bool) -> None:
        parents, steps, events = record.parent, record.step, record.events
        nodes, ends = record.nodes, len(events)
        entered, position, parted = 1, 1, False  # the root is entered, and is events[0]
        inner_leaf, inner_moves, inner_child, inner_key = inner.leaf, inner.moves, inner.child, inner.key
        self.root: FollowedNode = (inner.root, 1)
        self.step = inner.step
        self.best_possible = inner.best_possible

        def part() -> None:
            nonlocal parted
            parted = True
            if stop:
                raise Parted

        # Called at every node: closures over local names, as the board space's own are.
        def child(state: FollowedNode, move: int) -> FollowedNode:
            nonlocal entered, position
            entered += 1
            node = entered
            if not parted:
                if (
                    node > nodes
                    or position >= ends
                    or events[position] != node
                    or parents[node] != state[1]
                    or steps[node] != move
                ):
                    part()
                else:
                    position += 1
            return inner_child(state[0], move), node

        def leaf(state: FollowedNode, depth: int) -> Any:
            nonlocal position
            found = inner_leaf(state[0], depth)
            if found is not None and not parted:
                if position >= ends or events[position] != -state[1]:
                    part()
                else:
                    position += 1
            return found

        def moves(state: FollowedNode, depth: int, preferred: Any) -> Any:
            return inner_moves(state[0], depth, preferred)

        def key(state: FollowedNode) -> Any:
            return inner_key(state[0])

        def followed() -> bool:
            """Whether the search so far entered and evaluated what the record holds, all of it."""
            return not parted and position == ends and entered == nodes

        self.leaf, self.moves, self.child, self.key = leaf, moves, child, key
        self.followed = followed


def as_kept(record: CallRecord) -> bool:
    """Whether ``record`` numbers its nodes as a game does: in the order entered, from the root."""
    if record.parent[:2] != _KEPT_START or record.step[:2] != _KEPT_START:
        return False
    entered = array("i", filter((0).__lt__, record.events))
    return entered == array("i", range(1, len(record.parent)))
