"""A decision read off the trace's own events: the yardstick the counted path is held to.

The counted path (:func:`~tictactoe_qt.engine.teaching.trace.counted_search.counted_search`)
runs the same search without building events; this helper counts the events
``trace`` prints instead, so a test can compare the two.
"""

from __future__ import annotations

import time

from tictactoe_qt.engine import SearchResult, SearchStats, ShouldStop, never_stop
from tictactoe_qt.engine.game import Board, Move
from tictactoe_qt.engine.players import TextbookOptions
from tictactoe_qt.engine.teaching import TraceSummary, board_events, decision


def textbook_search(
    board: Board,
    algorithm: str,
    options: TextbookOptions,
    depth: int | None = None,
    should_stop: ShouldStop = never_stop,
) -> SearchResult:
    """The move ``algorithm`` picks with ``options``, counted from its events."""
    start = time.perf_counter()
    summary = TraceSummary()
    deepest = tt_hits = evaluations = 0
    cancelled = False
    for event in board_events(board, algorithm, options, depth):
        summary.observe(event)
        kind = event["event"]
        if kind == "enter":
            deepest = max(deepest, event["depth"])
        elif kind == "leaf" and event["kind"] == "evaluation":
            evaluations += 1
        elif kind == "return" and event.get("table"):
            tt_hits += 1
        if summary.events % 4096 == 0 and should_stop():
            cancelled = True
            break
    stats = SearchStats(
        nodes=summary.nodes,
        cutoffs=summary.cutoffs,
        max_ply=deepest,
        depth=depth,
        tt_hits=tt_hits,
        elapsed_seconds=time.perf_counter() - start,
    )
    best = None if cancelled or summary.best is None else Move(*summary.best)
    return decision(board, algorithm, options, best, summary.value, stats, exact=evaluations == 0)
