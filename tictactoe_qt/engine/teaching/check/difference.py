"""Where a student's trace first parts from the textbook's, and why the textbook goes its way.

Both traces are walked together, node entered by node entered and leaf by leaf
(returns follow from those). The textbook's own events (its window, its
cut-offs) say what it knew at the point of parting, so the explanation is the
textbook's reason in its own numbers: "here v = 2 ≤ α = 3, so textbook
alpha-beta returns without trying row 1, column 3; your code went on".
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from ...game.coordinates import cell_text, child_text, short_cell_text, short_child_text
from ...text.value_notation import infinity_text
from ..trace.event_stream import Event

SIGNIFICANT = ("enter", "leaf")


@dataclass(frozen=True)
class Difference:
    """The first point of parting: the node's ``path`` from the root, what the student's
    code did there (``yours``) and what the textbook does and why (``textbook``)."""

    path: list[Any]
    yours: str
    textbook: str

    def as_dict(self) -> dict[str, Any]:
        return {"path": self.path, "yours": self.yours, "textbook": self.textbook}


def significant(events: Iterable[Event]) -> Iterator[tuple[str, list[Any]]]:
    """``(kind, path)`` of each enter and leaf: what a trace is compared by."""
    for event in events:
        if event["event"] in SIGNIFICANT:
            yield event["event"], event["path"]


def same_trace(student: Iterable[Event], reference: Iterable[Event]) -> bool:
    """Whether the two traces enter and evaluate the same nodes in the same order."""
    marker = object()
    ours, theirs = significant(student), significant(reference)
    while True:
        a, b = next(ours, marker), next(theirs, marker)
        if a != b:
            return False
        if a is marker:
            return True


def value_text(value: Any) -> str:
    """A value or bound for people: ``3``, ``2.5``, ``−∞``."""
    if isinstance(value, float):
        infinite = infinity_text(value)
        if infinite is not None:
            return infinite
        return f"{value:g}"
    return str(value)


def step_words(step: Any) -> str:
    """``row 1, column 3`` on a board, ``child 2`` in a tree."""
    return cell_text(step[0], step[1]) if isinstance(step, list) else child_text(step)


def path_words(path: list[Any]) -> str:
    """A path from the root, as ``trace`` writes it: ``r2c2 > r1c3``, ``node 1 > 2``, ``the root``."""
    if not path:
        return "the root"
    if not isinstance(path[0], list):
        return "node " + " > ".join(short_child_text(step) for step in path)
    return " > ".join(short_cell_text(step[0], step[1]) for step in path)


class _Node:
    """What the textbook knows at a node while it is open."""

    __slots__ = ("path", "depth", "alpha", "beta", "v", "cutoff")

    def __init__(self, event: Event) -> None:
        self.path: list[Any] = event["path"]
        self.depth: int = event["depth"]
        self.alpha = event.get("alpha")
        self.beta = event.get("beta")
        self.v: Any = None
        self.cutoff: Event | None = None


def first_difference(
    student: Iterable[Event], reference: Iterable[Event], textbook: str, depth_limit: int | None
) -> Difference | None:
    """The first point where ``student`` parts from ``reference`` (named ``textbook`` in
    the words), or ``None`` when they are the same trace."""
    ours = (event for event in student if event["event"] in SIGNIFICANT)
    windowed = "alpha-beta" in textbook
    stack: list[_Node] = []
    cut: list[_Node] = []  # nodes that cut off since the last enter or leaf
    for event in reference:
        kind = event["event"]
        if kind in SIGNIFICANT:
            mine = next(ours, None)
            if mine is None or (mine["event"], mine["path"]) != (kind, event["path"]):
                return _explain(mine, event, stack, cut, textbook, windowed, depth_limit)
            cut.clear()
            if kind == "enter":
                stack.append(_Node(event))
        elif kind == "return":
            node = stack.pop()
            if stack:
                parent = stack[-1]
                value = event["value"]
                if parent.v is None:
                    parent.v = value
                elif parent.depth % 2 == 0:
                    parent.v = max(parent.v, value)
                else:
                    parent.v = min(parent.v, value)
            del node
        elif kind in ("alpha", "beta") and stack:
            stack[-1].alpha, stack[-1].beta = event["alpha"], event["beta"]
        elif kind == "cutoff" and stack:
            stack[-1].cutoff = event
            cut.append(stack[-1])
    mine = next(ours, None)
    if mine is None:
        return None
    return _explain(mine, None, stack, cut, textbook, windowed, depth_limit)


def _explain(
    mine: Event | None,
    theirs: Event | None,
    stack: list[_Node],
    cut: list[_Node],
    textbook: str,
    windowed: bool,
    depth_limit: int | None,
) -> Difference:
    yours = _what_you_did(mine)
    # The textbook cut off at a node where the student's code went on.
    if mine is not None and mine["event"] == "enter":
        for node in cut:
            if mine["path"][:-1] == node.path:
                assert node.cutoff is not None
                return Difference(
                    node.path,
                    f"your code went on to {step_words(mine['path'][-1])}",
                    _cutoff_words(node, mine["path"][-1], textbook),
                )
    if theirs is None:
        return Difference(mine["path"] if mine else [], yours, f"{textbook} has finished its search by then")
    path = theirs["path"]
    if theirs["event"] == "leaf":
        if mine is not None and mine["event"] == "enter" and mine["path"][:-1] == path:
            yours = f"your code went on to {step_words(mine['path'][-1])}"
        why = (
            "the game is over there"
            if theirs.get("kind") == "utility"
            else f"the depth limit of {depth_limit} plies is reached there"
        )
        what = "utility" if theirs.get("kind") == "utility" else "E(n)"
        return Difference(
            path, yours, f"{textbook} stops here, since {why}, and takes its {what} = {value_text(theirs['value'])}"
        )
    parent = stack[-1] if stack else None
    move = step_words(path[-1]) if path else "the root"
    if parent is None:
        return Difference(path, yours, f"{textbook} enters {move}")
    if mine is not None and mine["event"] == "enter" and mine["path"][:-1] == parent.path:
        return Difference(
            parent.path,
            f"your code tried {step_words(mine['path'][-1])} next",
            f"{textbook} tries {move} next: it takes the moves in the order actions gives them",
        )
    if mine is not None and mine["event"] == "leaf" and mine["path"] == parent.path:
        reason = (
            "the game is not over there"
            if depth_limit is None
            else f"the game is not over there and ply {parent.depth} is short of the depth limit of {depth_limit}"
        )
        return Difference(parent.path, yours, f"{textbook} searches on, since {reason}: it goes on to {move}")
    left = mine is None or mine["path"][: len(parent.path)] != parent.path
    return Difference(
        parent.path,
        f"your code returned without trying {move}" if left else yours,
        _go_on_words(parent, move, textbook, windowed),
    )


def _cutoff_words(node: _Node, step: Any, textbook: str) -> str:
    event = node.cutoff
    assert event is not None
    v = value_text(event["value"])
    if node.depth % 2 == 0:
        test = f"v = {v} ≥ β = {value_text(event['beta'])}"
    else:
        test = f"v = {v} ≤ α = {value_text(event['alpha'])}"
    return f"here {test}, so {textbook} returns without trying {step_words(step)}"


def _go_on_words(node: _Node, move: str, textbook: str, windowed: bool) -> str:
    if node.v is None:
        return f"{textbook} tries {move} here first"
    if not windowed:
        return f"{textbook} tries every move: it goes on to {move}"
    v = value_text(node.v)
    if node.depth % 2 == 0:
        test = f"v = {v} < β = {value_text(node.beta)}"
    else:
        test = f"v = {v} > α = {value_text(node.alpha)}"
    return f"here {test}, so {textbook} goes on to {move}"


def _what_you_did(mine: Event | None) -> str:
    if mine is None:
        return "your code returned from the search here"
    if mine["event"] == "leaf":
        what = "E(n)" if mine.get("kind") == "evaluation" else "utility"
        return f"your code evaluated this position ({what} = {value_text(mine['value'])})"
    return f"your code entered {path_words(mine['path'])}"
