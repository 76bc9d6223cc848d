"""Minimax and alpha-beta as lazy streams of events, one per thing the search does.

Each event is a dict with the ``trace --json`` keys:

* ``enter``: a node is entered (``alpha``/``beta``: the window it gets);
* ``leaf``: the value of a terminal node or of one at the depth limit
  (``kind``: ``"utility"`` or ``"evaluation"``);
* ``return``: the node's value goes back to its parent (``best``: the path step of
  the move that produced it, on inner nodes; ``table: true`` when a transposition
  table answered);
* ``alpha`` / ``beta``: the node raised alpha / lowered beta to a child's value;
* ``cutoff``: the value reached the bound (v >= beta at MAX, v <= alpha at MIN);
  ``pruned`` lists the moves never searched, and is never empty (a bound reached
  on the last move prunes nothing and is not an event).

Every event has ``event``, ``path`` (path steps from the root) and ``depth``;
alpha-beta events also carry the node's current ``alpha`` and ``beta`` (infinite
at first). In the textbook form values are MAX's; in the negamax form each node's
values are its side to move's, as negamax computes them. Treat the dicts, and the
lists in them, as read-only: paths share their prefixes' steps.

The streams are generators: a trace of any size runs in memory proportional to
its depth, so plain minimax from the empty 3x3 board (549,946 nodes) streams.
"""

from __future__ import annotations

from collections.abc import Generator, Hashable, Iterator
from typing import Any

from .options import TextbookOptions
from .spaces import PathStep, SearchSpace, Value

Event = dict[str, Any]
#: A search over one node: yields its events, returns its value.
NodeSearch = Generator[Event, None, Value]
INFINITY = float("inf")
EXACT, LOWER, UPPER = "exact", "lower", "upper"
#: Table entries: node key -> (value, bound, best move).
Table = dict[Hashable, tuple[Value, str, Any]]


def trace_events(
    space: SearchSpace[Any, Any], algorithm: str, options: TextbookOptions
) -> Iterator[Event]:
    """The events of ``algorithm`` (see :data:`.options.ALGORITHMS`) over ``space``.

    Raises:
        OptionsError: an unknown algorithm, or options that do not fit it.
    """
    options.check_algorithm(algorithm)
    negamax = options.form == "negamax"
    if algorithm == "minimax":
        return _minimax(space, space.root, [], 0, negamax)
    table: Table | None = {} if algorithm == "alphabeta-tt" else None
    if negamax:
        return _negamax_alphabeta(space, space.root, [], 0, -INFINITY, INFINITY, table)
    return _textbook_alphabeta(space, space.root, [], 0, -INFINITY, INFINITY, table)


def _minimax(
    space: SearchSpace[Any, Any], state: Any, path: list[PathStep], depth: int, negamax: bool
) -> NodeSearch:
    """Plain minimax: every child of every node, no window."""
    yield {"event": "enter", "path": path, "depth": depth}
    maximizing = not depth & 1
    leaf = space.leaf(state, depth)
    if leaf is not None:
        kind, value = leaf
        if negamax and not maximizing:
            value = -value
        yield {"event": "leaf", "path": path, "depth": depth, "value": value, "kind": kind}
        yield {"event": "return", "path": path, "depth": depth, "value": value}
        return value
    # Negamax: every node maximises its own view; otherwise MIN minimises MAX's.
    sign = 1 if negamax or maximizing else -1
    best_value = -INFINITY
    best = None
    for move in space.moves(state, depth, None):
        step = space.step(move)
        child = yield from _minimax(space, space.child(state, move), path + [step],
                                    depth + 1, negamax)
        if negamax:
            child = -child
        if sign * child > best_value:
            best_value = sign * child
            best = step
    value = sign * best_value
    yield {"event": "return", "path": path, "depth": depth, "value": value, "best": best}
    return value


def _textbook_alphabeta(
    space: SearchSpace[Any, Any],
    state: Any,
    path: list[PathStep],
    depth: int,
    alpha: Value,
    beta: Value,
    table: Table | None,
) -> NodeSearch:
    """AIMA's MAX-VALUE (even depths) and MIN-VALUE (odd depths) in one function."""
    yield {"event": "enter", "path": path, "depth": depth, "alpha": alpha, "beta": beta}
    leaf = space.leaf(state, depth)
    if leaf is not None:
        kind, value = leaf
        yield {"event": "leaf", "path": path, "depth": depth, "value": value, "kind": kind,
               "alpha": alpha, "beta": beta}
        yield {"event": "return", "path": path, "depth": depth, "value": value,
               "alpha": alpha, "beta": beta}
        return value
    preferred, known = _probe(space, state, alpha, beta, table)
    if known is not None:
        yield {"event": "return", "path": path, "depth": depth, "value": known,
               "best": space.step(preferred), "alpha": alpha, "beta": beta, "table": True}
        return known
    maximizing = not depth & 1
    window = (alpha, beta)
    moves = space.moves(state, depth, preferred)
    v = -INFINITY if maximizing else INFINITY
    best = moves[0]
    for position, move in enumerate(moves):
        child = yield from _textbook_alphabeta(
            space, space.child(state, move), path + [space.step(move)], depth + 1,
            alpha, beta, table)
        if maximizing:
            if child > v:
                v, best = child, move
            if v >= beta:  # MIN above already has a better choice: return at once
                if position + 1 < len(moves):
                    yield _cutoff(space, path, depth, v, alpha, beta, moves[position + 1:])
                break
            if v > alpha:
                alpha = v
                yield {"event": "alpha", "path": path, "depth": depth, "value": v,
                       "alpha": alpha, "beta": beta}
        else:
            if child < v:
                v, best = child, move
            if v <= alpha:  # MAX above already has a better choice
                if position + 1 < len(moves):
                    yield _cutoff(space, path, depth, v, alpha, beta, moves[position + 1:])
                break
            if v < beta:
                beta = v
                yield {"event": "beta", "path": path, "depth": depth, "value": v,
                       "alpha": alpha, "beta": beta}
    _store(space, state, v, window, best, table)
    yield {"event": "return", "path": path, "depth": depth, "value": v,
           "best": space.step(best), "alpha": alpha, "beta": beta}
    return v


def _negamax_alphabeta(
    space: SearchSpace[Any, Any],
    state: Any,
    path: list[PathStep],
    depth: int,
    alpha: Value,
    beta: Value,
    table: Table | None,
) -> NodeSearch:
    """Fail-soft negamax alpha-beta, the engine's form: values from the side to move."""
    yield {"event": "enter", "path": path, "depth": depth, "alpha": alpha, "beta": beta}
    leaf = space.leaf(state, depth)
    if leaf is not None:
        kind, value = leaf
        if depth & 1:
            value = -value
        yield {"event": "leaf", "path": path, "depth": depth, "value": value, "kind": kind,
               "alpha": alpha, "beta": beta}
        yield {"event": "return", "path": path, "depth": depth, "value": value,
               "alpha": alpha, "beta": beta}
        return value
    preferred, known = _probe(space, state, alpha, beta, table)
    if known is not None:
        yield {"event": "return", "path": path, "depth": depth, "value": known,
               "best": space.step(preferred), "alpha": alpha, "beta": beta, "table": True}
        return known
    window = (alpha, beta)
    moves = space.moves(state, depth, preferred)
    v = -INFINITY
    best = moves[0]
    for position, move in enumerate(moves):
        child = yield from _negamax_alphabeta(
            space, space.child(state, move), path + [space.step(move)], depth + 1,
            -beta, -alpha, table)
        score = -child
        if score > v:
            v, best = score, move
        if v >= beta:
            if position + 1 < len(moves):
                yield _cutoff(space, path, depth, v, alpha, beta, moves[position + 1:])
            break
        if v > alpha:
            alpha = v
            yield {"event": "alpha", "path": path, "depth": depth, "value": v,
                   "alpha": alpha, "beta": beta}
    _store(space, state, v, window, best, table)
    yield {"event": "return", "path": path, "depth": depth, "value": v,
           "best": space.step(best), "alpha": alpha, "beta": beta}
    return v


def _cutoff(
    space: SearchSpace[Any, Any],
    path: list[PathStep],
    depth: int,
    value: Value,
    alpha: Value,
    beta: Value,
    rest: list[Any],
) -> Event:
    return {"event": "cutoff", "path": path, "depth": depth, "value": value,
            "alpha": alpha, "beta": beta, "pruned": [space.step(move) for move in rest]}


def _probe(
    space: SearchSpace[Any, Any], state: Any, alpha: Value, beta: Value, table: Table | None
) -> tuple[Any, Value | None]:
    """``(table's best move or None, value if the table settles the node or None)``."""
    if table is None:
        return None, None
    entry = table.get(space.key(state))
    if entry is None:
        return None, None
    value, bound, best = entry
    if bound == EXACT or (bound == LOWER and value >= beta) or (bound == UPPER and value <= alpha):
        return best, value
    return best, None


def _store(
    space: SearchSpace[Any, Any],
    state: Any,
    value: Value,
    window: tuple[Value, Value],
    best: Any,
    table: Table | None,
) -> None:
    """Remember a searched node: fail-soft values outside the window are bounds."""
    if table is None:
        return
    alpha, beta = window
    bound = UPPER if value <= alpha else LOWER if value >= beta else EXACT
    table[space.key(state)] = (value, bound, best)
