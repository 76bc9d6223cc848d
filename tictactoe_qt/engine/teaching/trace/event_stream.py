"""The one textbook search: minimax and alpha-beta, as a lazy stream of events or just counted.

Every textbook count in the program comes from :func:`textbook_run`: ``trace``
and the stepper read its events, ``search`` with textbook options, the players
that take them, Compare and bench's references only count (``emit=False``: the
same nodes, cut-offs and table, no event is built). What changes the tree is an
option of :class:`.TextbookOptions`, never a second search.

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
values are its side to move's. The search itself is written once, in the negamax
form; the textbook form's events are the same numbers seen from MAX (at a MIN
node negamax's ``alpha`` is MAX's ``-beta``). Treat the dicts, and the lists in
them, as read-only: paths share their prefixes' steps.

The stream is a generator: a trace of any size runs in memory proportional to
its depth, so plain minimax from the empty 3x3 board (549,946 nodes) streams.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Hashable, Iterator
from typing import Any

from ...players.textbook_options import TextbookOptions
from ...search_result import ShouldStop, never_stop
from .spaces import PathStep, SearchSpace, Value

Event = dict[str, Any]
#: A search over one node: yields its events, returns its value (the side to move's).
NodeSearch = Generator[Event, None, Value]
INFINITY = float("inf")
EXACT, LOWER, UPPER = "exact", "lower", "upper"
#: Table entries: node key -> (value for the side to move, bound, best move).
Table = dict[Hashable, tuple[Value, str, Any]]
#: Nodes between two ``should_stop`` polls.
CHECK_EVERY_NODES = 4096


class SearchCounts:
    """What one run of the textbook search counted (the root is the first node)."""

    __slots__ = ("nodes", "cutoffs", "deepest", "evaluations", "tt_hits", "value", "best", "root_scores")

    def __init__(self) -> None:
        self.nodes = self.cutoffs = self.deepest = self.evaluations = self.tt_hits = 0
        #: The root's value (its side to move's) and best move, once it returned.
        self.value: Value = 0
        self.best: Any = None
        #: ``(move, value for the root's side to move)`` of each root move searched, in order.
        self.root_scores: list[tuple[Any, Value]] = []


#: ``exact_below(state, depth)``: ``(value, nodes below, deepest ply)`` of a node that is
#: not a leaf, valued by a faster kernel that counts the very nodes the search would
#: visit, or ``None`` to search it node by node. Only plain minimax without events uses it.
ExactBelow = Callable[[Any, int], "tuple[Value, int, int] | None"]


def trace_events(space: SearchSpace[Any, Any], algorithm: str, options: TextbookOptions) -> Iterator[Event]:
    """The events of ``algorithm`` (see :data:`...players.textbook_options.ALGORITHMS`) over ``space``.

    Raises:
        OptionsError: an unknown algorithm, or options that do not fit it.
    """
    return textbook_run(space, algorithm, options, SearchCounts(), emit=True)


def count_search(
    space: SearchSpace[Any, Any],
    algorithm: str,
    options: TextbookOptions,
    should_stop: ShouldStop = never_stop,
    counts: SearchCounts | None = None,
    exact_below: ExactBelow | None = None,
) -> SearchCounts:
    """Run the search of :func:`trace_events` without building events; its counts.

    Args:
        counts: filled as the search goes, so they stay readable after a stop.
        exact_below: a kernel for plain minimax's subtrees (see :data:`ExactBelow`).

    Raises:
        OptionsError: an unknown algorithm, or options that do not fit it.
        SearchCancelled: ``should_stop`` said so (polled every few thousand nodes).
    """
    counts = SearchCounts() if counts is None else counts
    for _ in textbook_run(
        space, algorithm, options, counts, emit=False, should_stop=should_stop, exact_below=exact_below
    ):
        pass  # nothing is yielded without emit
    return counts


def textbook_run(
    space: SearchSpace[Any, Any],
    algorithm: str,
    options: TextbookOptions,
    counts: SearchCounts,
    *,
    emit: bool,
    should_stop: ShouldStop = never_stop,
    exact_below: ExactBelow | None = None,
) -> NodeSearch:
    """The one search: yields events when ``emit``, and always fills ``counts``.

    Raises:
        OptionsError: an unknown algorithm, or options that do not fit it.
    """
    # Late: the search package's __init__ loads the players, which load these options.
    from ...search.cancellation import SearchCancelled

    options.check_algorithm(algorithm)
    prune = algorithm != "minimax" and options.pruning
    windowed = algorithm != "minimax"
    kernel = exact_below if algorithm == "minimax" and not emit else None
    strict = options.strict_pruning
    restart = options.root_window_restart
    textbook_form = options.form == "textbook"
    table: Table | None = {} if algorithm == "alphabeta-tt" else None
    cap: Callable[[int], Value] | None = space.best_possible if options.capped_window else None
    leaf_of, moves_of, child_of, step_of, key_of = (space.leaf, space.moves, space.child, space.step, space.key)
    nodes = 0
    next_check = CHECK_EVERY_NODES

    def event(
        name: str, path: list[PathStep], depth: int, value: Value | None, alpha: Value, beta: Value, **extra: Any
    ) -> Event:
        """An event in the chosen form (the search's numbers are negamax's)."""
        found: Event = {"event": name, "path": path, "depth": depth}
        if textbook_form and depth & 1:
            if value is not None:
                value = -value
            alpha, beta = -beta, -alpha
            if name == "alpha":
                found["event"] = "beta"
        if value is not None:
            found["value"] = value
        for key in ("kind", "best"):
            if key in extra:
                found[key] = extra[key]
        if windowed:
            found["alpha"], found["beta"] = alpha, beta
        for key in ("pruned", "table"):
            if key in extra:
                found[key] = extra[key]
        return found

    def node(state: Any, path: list[PathStep], depth: int, alpha: Value, beta: Value) -> NodeSearch:
        nonlocal nodes, next_check
        nodes += 1
        if nodes >= next_check:
            counts.nodes = nodes
            next_check = nodes + CHECK_EVERY_NODES
            if should_stop():
                raise SearchCancelled
        if depth > counts.deepest:
            counts.deepest = depth
        if emit:
            yield event("enter", path, depth, None, alpha, beta)
        leaf = leaf_of(state, depth)
        if leaf is not None:
            kind, value = leaf
            if depth & 1:
                value = -value
            if kind == "evaluation":
                counts.evaluations += 1
            if emit:
                yield event("leaf", path, depth, value, alpha, beta, kind=kind)
                yield event("return", path, depth, value, alpha, beta)
            return value
        if kernel is not None and depth:
            found = kernel(state, depth)
            if found is not None:
                value, below, deepest = found
                nodes += below
                if deepest > counts.deepest:
                    counts.deepest = deepest
                return value
        preferred = None
        if table is not None:
            entry = table.get(key_of(state))
            if entry is not None:
                known, bound, preferred = entry
                if bound == EXACT or (bound == LOWER and known >= beta) or (bound == UPPER and known <= alpha):
                    counts.tt_hits += 1
                    if emit:
                        yield event("return", path, depth, known, alpha, beta, best=step_of(preferred), table=True)
                    return known
        moves = moves_of(state, depth, preferred)
        if cap is not None and beta > (ceiling := cap(depth)):
            beta = ceiling  # nothing here can beat the quickest win
            if alpha >= beta:
                counts.cutoffs += 1
                if emit:
                    yield event("cutoff", path, depth, ceiling, alpha, beta, pruned=[step_of(move) for move in moves])
                    yield event("return", path, depth, ceiling, alpha, beta)
                return ceiling
        window_alpha = alpha
        v: Value = -INFINITY
        best = moves[0]
        last = len(moves) - 1
        full_window = restart and depth == 0
        position = -1
        for move in moves:
            position += 1
            child_path = path + [step_of(move)] if emit else path
            if full_window:
                score = -(yield from node(child_of(state, move), child_path, depth + 1, -INFINITY, INFINITY))
            else:
                score = -(yield from node(child_of(state, move), child_path, depth + 1, -beta, -alpha))
            if depth == 0:
                counts.root_scores.append((move, score))
            if score > v:
                v, best = score, move
            if prune and (v > beta if strict else v >= beta):
                if position < last:
                    counts.cutoffs += 1
                    if emit:
                        yield event(
                            "cutoff",
                            path,
                            depth,
                            v,
                            alpha,
                            beta,
                            pruned=[step_of(rest) for rest in moves[position + 1 :]],
                        )
                break
            if windowed and v > alpha:
                alpha = v
                if emit:
                    yield event("alpha", path, depth, v, alpha, beta)
        if table is not None:
            bound = UPPER if v <= window_alpha else LOWER if v >= beta else EXACT
            table[key_of(state)] = (v, bound, best)
        if depth == 0:
            counts.value, counts.best = v, best
        if emit:
            yield event("return", path, depth, v, alpha, beta, best=step_of(best))
        return v

    def root() -> NodeSearch:
        try:
            return (yield from node(space.root, [], 0, -INFINITY, INFINITY))
        finally:
            counts.nodes = nodes

    return root()
