"""Run the search algorithms side by side on one position, the seeds' experiment.

The variants go from textbook minimax to the perfect engine, each adding one
idea. The textbook rows (minimax, alpha-beta in reading order, alpha-beta with the
chosen move ordering, alpha-beta with a transposition table) run the traced
searches with one set of :class:`~..teaching.trace.TextbookOptions`, through
:func:`~..teaching.trace.counted_search.counted_search`: their nodes and cut-offs are
exactly what ``trace``, ``search --ordering ...``, the stepper and the game tree
count for those options. The last rows are the engine's own ideas and say so:
its alpha-beta (centre first, wins first, a window capped at the best score still
possible, a table keyed by symmetry) and the perfect engine.

Before running a variant the tree it faces is sized (exactly where cheap, by
Knuth's random-probe estimate otherwise), and a search that would take hours
is refused with that estimate, or run under a time cap and stopped.
"""

from __future__ import annotations

import importlib
import math
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from ..game.board import Board
from ..players.textbook_options import TextbookOptions
from ..search_result import SearchResult, ShouldStop, never_stop
from ..teaching.trace.counted_search import counted_search
from .comparison_size import SizeEstimate, calibrate_rate, estimate_tree, format_count, knuth_estimate

__all__ = [
    "DEFAULT_OPTIONS",
    "VARIANTS",
    "VARIANTS_BY_KEY",
    "ComparisonRow",
    "SizeEstimate",
    "Variant",
    "calibrate_rate",
    "compare",
    "estimate_tree",
    "format_count",
    "knuth_estimate",
    "run_variant",
]

#: A search quicker than this is run again, up to TIMING_RUNS runs in all, and shows
#: its fastest time (see :func:`_time_steadily`).
QUICK_SECONDS = 0.02
TIMING_RUNS = 5
#: Refuse a search whose best-case estimate exceeds this many seconds.
DEFAULT_MAX_SECONDS = 30.0
#: Time cap for searches that are run although they may be long.
DEFAULT_CAP_SECONDS = 20.0
#: Time budget of the perfect engine in the comparison.
DEFAULT_PERFECT_BUDGET = 5.0
#: The options the comparison uses unless told otherwise: centre first, so the
#: ordering row shows what an ordering buys.
DEFAULT_OPTIONS = TextbookOptions(ordering="centre")


@dataclass(frozen=True)
class Variant:
    """One algorithm of the comparison.

    Attributes:
        algorithm: the traced search (``minimax``, ``alphabeta``, ``alphabeta-tt``)
            for a textbook row, ``None`` for the engine's own searches.
        reading_order: a textbook row that always tries moves in reading order
            (the baseline the ordering row is measured against).
    """

    key: str
    label: str
    explanation: str
    #: A few words for a table cell (the explanation is the tooltip).
    short: str = ""
    pruning: bool = True
    algorithm: str | None = None
    reading_order: bool = False
    ordering: bool = False
    transposition: bool = False
    symmetry: bool = False

    def options_for(self, chosen: TextbookOptions) -> TextbookOptions | None:
        """The options this row runs with when ``chosen`` are picked (``None``: the engine's)."""
        if self.algorithm is None:
            return None
        ordering = chosen.ordering
        if self.reading_order or (self.algorithm == "minimax" and ordering == "table"):
            ordering = "none"
        return TextbookOptions(ordering, chosen.scoring, chosen.evaluation, chosen.form)

    def title(self, chosen: TextbookOptions) -> str:
        """The row's name with the ordering it used: ``+ ordering centre``."""
        if self.key == "alphabeta+ordering":
            return f"+ ordering {chosen.ordering}"
        if self.key == "alphabeta+tt":
            return f"+ table (ordering {chosen.ordering})"
        return self.label

    def skip_reason(self, chosen: TextbookOptions) -> str | None:
        """Why this row has nothing to add with ``chosen``, or ``None`` when it runs."""
        if self.key != "alphabeta+ordering":
            return None
        if chosen.ordering == "none":
            return (
                "ordering none is the Alpha-beta row above; choose centre, wins or table to see what an ordering buys"
            )
        if chosen.ordering == "table":
            return "the table ordering needs a transposition table: see the next row"
        return None


VARIANTS: tuple[Variant, ...] = (
    Variant(
        "minimax",
        "Minimax",
        "every position of the tree, no pruning",
        "every position, no pruning",
        pruning=False,
        algorithm="minimax",
    ),
    Variant(
        "alphabeta",
        "Alpha-beta",
        "textbook alpha-beta in reading order: skips branches that cannot change the result",
        "textbook α-β in reading order",
        algorithm="alphabeta",
        reading_order=True,
    ),
    Variant(
        "alphabeta+ordering",
        "+ move ordering",
        "the same textbook alpha-beta trying moves in the chosen order; it only reorders "
        "moves (the window is the textbook one), so cut-offs come sooner or later",
        "the same α-β, moves reordered only",
        algorithm="alphabeta",
    ),
    Variant(
        "alphabeta+tt",
        "+ transposition table",
        "textbook alpha-beta with a table of searched positions (exact values and "
        "bounds), so a position reached by another move order is not searched again",
        "remembers searched positions",
        algorithm="alphabeta-tt",
    ),
    Variant(
        "alphabeta+symmetry",
        "Engine α-β + symmetry",
        "the engine's own alpha-beta, not the textbook one: centre first, plays winning "
        "moves first, narrows the window (caps beta at the best score still possible), "
        "and keys its table by symmetry so mirrored and rotated positions share one entry; "
        "engine scores (sooner wins score higher), E(n) at a depth limit",
        "wins first, narrowed window, symmetry",
        ordering=True,
        transposition=True,
        symmetry=True,
    ),
    Variant(
        "perfect",
        "Perfect",
        "the strong engine: the engine's alpha-beta with threats and iterative deepening",
        "engine α-β + threats, deepening",
    ),
)
VARIANTS_BY_KEY = {variant.key: variant for variant in VARIANTS}


@dataclass
class ComparisonRow:
    """The outcome of one variant.

    Attributes:
        status: ``"done"``, ``"capped"`` (stopped at the time cap),
            ``"cancelled"``, ``"refused"``, ``"skipped"`` (nothing to add with these
            options), ``"unavailable"`` or ``"error"``.
        result: the search result (partial when capped or cancelled).
        message: what a student should read next to the numbers.
        options: the textbook options the row ran with (``None``: the engine's search).
        title: the row's name, with the ordering it used.
    """

    variant: Variant
    status: str
    result: SearchResult | None = None
    message: str = ""
    options: TextbookOptions | None = None
    title: str = ""

    def __post_init__(self) -> None:
        if not self.title:
            self.title = self.variant.label

    def options_text(self) -> str:
        """What produced the numbers: ``alphabeta; ordering none, scoring textbook, ...``."""
        if self.options is None:
            return "the engine's own search (its ordering, window and scores)"
        return f"{self.variant.algorithm}; {self.options.label()}"

    @property
    def nodes(self) -> int | None:
        return None if self.result is None else self.result.stats.nodes

    @property
    def seconds(self) -> float | None:
        return None if self.result is None else self.result.stats.elapsed_seconds


def _load(module: str, name: str) -> Callable[..., Any] | None:
    try:
        found: Callable[..., Any] = getattr(importlib.import_module(f"tictactoe_qt.engine.{module}"), name)
    except (ImportError, AttributeError):
        return None
    return found


def run_variant(
    variant: Variant,
    board: Board,
    depth: int | None,
    should_stop: ShouldStop = never_stop,
    cap_seconds: float | None = None,
    options: TextbookOptions = DEFAULT_OPTIONS,
) -> SearchResult:
    """Run one variant on a copy of ``board``, stopping at ``cap_seconds`` if given.

    A textbook row runs with ``options`` as :meth:`Variant.options_for` adapts them.

    Raises:
        LookupError: the engine does not provide this algorithm (yet).
    """
    deadline = math.inf if cap_seconds is None else time.perf_counter() + cap_seconds

    def stop() -> bool:
        return should_stop() or time.perf_counter() > deadline

    work = board.copy()
    row_options = variant.options_for(options)
    if variant.algorithm is not None and row_options is not None:
        return counted_search(work, variant.algorithm, row_options, depth, stop)
    if variant.key == "perfect":
        searcher_class = _load("search.perfect", "PerfectSearcher")
        if searcher_class is None:
            raise LookupError("the perfect engine is not available")
        budget = DEFAULT_PERFECT_BUDGET if cap_seconds is None else cap_seconds
        searcher = searcher_class(board.config)
        return searcher.search(  # type: ignore[no-any-return]
            work, time_budget=budget, max_depth=depth, should_stop=stop
        )
    search = _load("search.alphabeta", "alphabeta_search")
    if search is None:
        raise LookupError("alpha-beta is not available in this engine")
    return search(  # type: ignore[no-any-return]
        work,
        depth,
        ordering=variant.ordering,
        transposition=variant.transposition,
        symmetry=variant.symmetry,
        should_stop=stop,
    )


def compare(
    board: Board,
    depth: int | None = None,
    variants: tuple[Variant, ...] = VARIANTS,
    *,
    run_capped: bool = False,
    max_seconds: float = DEFAULT_MAX_SECONDS,
    cap_seconds: float = DEFAULT_CAP_SECONDS,
    should_stop: ShouldStop = never_stop,
    estimate: SizeEstimate | None = None,
    perfect_budget: float = DEFAULT_PERFECT_BUDGET,
    options: TextbookOptions = DEFAULT_OPTIONS,
) -> Iterator[ComparisonRow]:
    """Run ``variants`` on ``board`` one after another, yielding each row as it ends.

    Args:
        board: the position (not changed).
        depth: plies for every variant; ``None`` searches to the end.
        run_capped: run too-large searches under ``cap_seconds`` instead of
            refusing them.
        max_seconds: refuse a search whose estimate exceeds this.
        cap_seconds: time cap for searches that may be long.
        should_stop: cancels the current search and the rest of the run.
        estimate: a precomputed :func:`estimate_tree` for this board and depth.
        perfect_budget: seconds the perfect engine may think.
        options: the textbook rows' options (each row's own are on the row).

    Raises:
        ValueError: the game is over, or the depth is below 1.
    """
    if board.is_game_over():
        raise ValueError(f"the game is over on {board.notation()}; nothing to search")
    if depth is not None and depth < 1:
        raise ValueError(f"depth must be 1 or more (or None for unlimited), got {depth}")
    size = estimate or estimate_tree(board, depth)
    for variant in variants:
        row = _variant_row(
            variant, board, depth, options, run_capped, max_seconds, cap_seconds, should_stop, size, perfect_budget
        )
        row.options, row.title = variant.options_for(options), variant.title(options)
        yield row


def _variant_row(
    variant: Variant,
    board: Board,
    depth: int | None,
    options: TextbookOptions,
    run_capped: bool,
    max_seconds: float,
    cap_seconds: float,
    should_stop: ShouldStop,
    size: SizeEstimate,
    perfect_budget: float,
) -> ComparisonRow:
    skipped = variant.skip_reason(options)
    if skipped is not None:
        return ComparisonRow(variant, "skipped", message=skipped)
    if should_stop():
        return ComparisonRow(variant, "cancelled", message="cancelled before it started")
    expected = _expected_seconds(variant, size)
    too_big = expected is not None and expected > max_seconds
    if too_big and not run_capped:
        return ComparisonRow(variant, "refused", message=_refusal(variant, size, expected))
    cap = min(cap_seconds, perfect_budget) if variant.key == "perfect" else cap_seconds
    return _run_row(variant, board, depth, should_stop, cap, too_big, size, options)


def _expected_seconds(variant: Variant, size: SizeEstimate) -> float | None:
    if variant.key == "perfect":
        return None  # it runs under its own time budget
    if not variant.pruning:
        return size.minimax_seconds
    return size.best_case_alphabeta_seconds


def _refusal(variant: Variant, size: SizeEstimate, expected: float | None) -> str:
    assert expected is not None
    if not variant.pruning:
        return f"Refused: {size.text()}. Lower the depth, or run it with a cap to watch it start."
    return (
        f"Refused: {size.text()}; even perfectly ordered alpha-beta needs "
        f"{size.about(expected)}. Lower the depth, or run it with a cap."
    )


def _run_row(
    variant: Variant,
    board: Board,
    depth: int | None,
    should_stop: ShouldStop,
    cap_seconds: float,
    too_big: bool,
    size: SizeEstimate,
    options: TextbookOptions,
) -> ComparisonRow:
    try:
        result = run_variant(variant, board, depth, should_stop, cap_seconds, options)
        if not result.cancelled:
            _time_steadily(
                result, lambda: run_variant(variant, board, depth, should_stop, cap_seconds, options), should_stop
            )
    except LookupError as error:
        return ComparisonRow(variant, "unavailable", message=str(error))
    except Exception as error:  # noqa: BLE001 - shown to the user, never silent
        return ComparisonRow(variant, "error", message=f"{type(error).__name__}: {error}")
    if should_stop():
        return ComparisonRow(variant, "cancelled", result, "cancelled: partial statistics")
    if result.cancelled or (variant.key != "perfect" and not result.exact and too_big):
        message = f"stopped at the {cap_seconds:g} s cap after {result.stats.nodes:,} positions; {size.text()}"
        return ComparisonRow(variant, "capped", result, message)
    if variant.key == "perfect" and not result.exact:
        if depth is not None and (result.stats.depth or 0) >= depth:
            message = f"stopped at depth {depth}, as asked: the engine's own heuristic score"
        else:
            message = f"not solved within its {cap_seconds:g} s budget: the best move found so far"
        return ComparisonRow(variant, "done", result, message)
    return ComparisonRow(variant, "done", result, variant.explanation)


def _time_steadily(result: SearchResult, run_again: Callable[[], SearchResult], should_stop: ShouldStop) -> None:
    """Give a quick search the time of its fastest run (of up to :data:`TIMING_RUNS`).

    A search of microseconds is swamped by one-time table building and by the
    scheduler: one run showed textbook alpha-beta "51x slower" than minimax on 50
    positions. The counts are the first run's; only the time is replaced.
    """
    fastest, runs = result.stats.elapsed_seconds, 1
    while fastest < QUICK_SECONDS and runs < TIMING_RUNS and not should_stop():
        again = run_again()
        if again.cancelled:
            break
        fastest = min(fastest, again.stats.elapsed_seconds)
        runs += 1
    result.stats.elapsed_seconds = fastest
