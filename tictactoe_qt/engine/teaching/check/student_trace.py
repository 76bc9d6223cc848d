"""A student's search rebuilt as a trace, in ``trace``'s event language (enter, leaf, return).

The calls recorded by a game (:class:`.games.CallRecord`) say which node was
entered and which was evaluated, in order; returns follow from the tree: a node
has returned once the search enters a node that is not below it. The student's
own return values are not seen, so a ``return`` carries what the children the
code entered back up, as textbook minimax and alpha-beta return it: the largest
at a MAX node (even depth), the smallest at a MIN node, a leaf its own value
(``None`` for a node with nothing evaluated below it).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..trace.event_stream import Event
from .games import EVALUATION, CallRecord


def student_events(record: CallRecord, cols: int | None) -> Iterator[Event]:
    """The record as trace events; ``cols`` names board steps ``[row, col]``, ``None`` a tree's."""
    parent, step = record.parent, record.step
    values, kinds = record.leaf_values, record.leaf_kinds
    stack: list[tuple[int, list[Any]]] = []
    backed: dict[int, Any] = {}  # open node -> the value its children backed up so far
    leaves = 0

    def step_of(node: int) -> Any:
        cell = step[node]
        return [cell // cols, cell % cols] if cols else cell

    def chain(node: int) -> list[tuple[int, list[Any]]]:
        """The stack as it stands at ``node``, rebuilt from its ancestors (no events)."""
        nodes = []
        while node >= 1:
            nodes.append(node)
            node = parent[node]
        built: list[tuple[int, list[Any]]] = []
        for each in reversed(nodes):
            built.append((each, built[-1][1] + [step_of(each)] if built else []))
        return built

    def close() -> Event:
        """Return from the innermost open node, backing its value up to its parent."""
        done, path = stack.pop()
        value = backed.pop(done, None)
        if stack and value is not None:
            above = stack[-1][0]
            known = backed.get(above)
            if known is None:
                backed[above] = value
            else:
                backed[above] = max(known, value) if len(path) % 2 == 1 else min(known, value)
        return {"event": "return", "path": path, "depth": len(path), "value": value}

    def returns_until(node: int) -> Iterator[Event]:
        """Return from the open nodes down to ``node`` (kept open); rebuild when it is closed."""
        nonlocal stack
        while stack and stack[-1][0] != node:
            yield close()
        if not stack:
            stack = chain(node)

    for code in record.events:
        if code > 0:
            if code == 1:
                stack = [(1, [])]
                yield {"event": "enter", "path": [], "depth": 0}
                continue
            yield from returns_until(parent[code])
            path = stack[-1][1] + [step_of(code)]
            stack.append((code, path))
            yield {"event": "enter", "path": path, "depth": len(path)}
        else:
            yield from returns_until(-code)
            path = stack[-1][1]
            value: float = values[leaves]
            kind = "evaluation" if kinds[leaves] == EVALUATION else "utility"
            leaves += 1
            shown = int(value) if value == int(value) else value
            backed[-code] = shown
            yield {"event": "leaf", "path": path, "depth": len(path), "value": shown, "kind": kind}
    while stack:
        yield close()
