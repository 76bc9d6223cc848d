"""One decision by a traced search, without keeping its events: ``search`` with textbook options.

It runs the very event stream that ``trace`` prints and only counts it, so the
node and cut-off counts are the trace's by construction: the reference that
:func:`.counted_search.counted_search` (what ``search``, the players and Compare
run, 2-3x faster) is held to by the tests. :func:`decision` builds both answers.
"""

from __future__ import annotations

import time

from ..board import Board, Move, other
from ..search_result import (
    MATE_THRESHOLD,
    SearchResult,
    SearchStats,
    ShouldStop,
    exact_fields,
    never_stop,
)
from ..search.result_building import first_free_cell
from . import board_events
from .options import TextbookOptions
from .summary import TraceSummary

#: Events between two ``should_stop`` polls.
CHECK_EVERY_EVENTS = 4096


def textbook_search(
    board: Board,
    algorithm: str,
    options: TextbookOptions,
    depth: int | None = None,
    should_stop: ShouldStop = never_stop,
) -> SearchResult:
    """The move ``algorithm`` picks on ``board`` with ``options``, with the trace's counts.

    Raises:
        OptionsError: an unknown algorithm or a misfit option.
        ValueError: a depth below 1, or a finished game.
    """
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
        if summary.events % CHECK_EVERY_EVENTS == 0 and should_stop():
            cancelled = True
            break
    stats = SearchStats(nodes=summary.nodes, cutoffs=summary.cutoffs, max_ply=deepest,
                        depth=depth, tt_hits=tt_hits,
                        elapsed_seconds=time.perf_counter() - start)
    best = None if cancelled or summary.best is None else Move(*summary.best)
    return decision(board, algorithm, options, best, summary.value, stats,
                    exact=evaluations == 0)


def decision(
    board: Board,
    algorithm: str,
    options: TextbookOptions,
    best: Move | None,
    value: float,
    stats: SearchStats,
    exact: bool,
) -> SearchResult:
    """A traced search's answer as a :class:`SearchResult` (``best`` ``None``: cancelled).

    ``exact`` says no position was valued by the evaluation at the depth limit.
    """
    if best is None:
        move = Move.from_index(first_free_cell(board), board.config.cols)
        return SearchResult(algorithm, move, 0, exact=False, pv=[move], stats=stats,
                            cancelled=True)
    result: str | None = None
    plies: int | None = None
    if exact and options.scoring == "distance" and abs(value) >= MATE_THRESHOLD:
        result, plies = exact_fields(board, value)
    elif exact:
        # Textbook scores say who wins, not when.
        result = board.turn if value > 0 else other(board.turn) if value < 0 else "draw"
        if value == 0:
            plies = board.geometry.cells - board.ply
    return SearchResult(algorithm, best, value, exact=exact, result=result, plies=plies,
                        pv=[best], stats=stats)
