"""Run the search algorithms side by side on one position, the seeds' experiment.

The variants go from textbook minimax to the perfect engine, each adding one
idea: alpha-beta pruning, move ordering, a transposition table, symmetry.
Before running a variant the tree it faces is sized (exactly where cheap, by
Knuth's random-probe estimate otherwise), and a search that would take hours
is refused with that estimate, or run under a time cap and stopped.
"""

from __future__ import annotations

import importlib
import math
import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from .board import Board
from .search_result import SearchResult, ShouldStop, never_stop
from .tree_counts import count_per_depth

#: Refuse a search whose best-case estimate exceeds this many seconds.
DEFAULT_MAX_SECONDS = 30.0
#: Time cap for searches that are run although they may be long.
DEFAULT_CAP_SECONDS = 20.0
#: Time budget of the perfect engine in the comparison.
DEFAULT_PERFECT_BUDGET = 5.0
#: Positions/s assumed when no calibration run is possible.
FALLBACK_RATE = 2_000_000.0
KNUTH_PROBES = 400


@dataclass(frozen=True)
class Variant:
    """One algorithm of the comparison and the options it runs with."""

    key: str
    label: str
    explanation: str
    pruning: bool = True
    ordering: bool = False
    transposition: bool = False
    symmetry: bool = False


VARIANTS: tuple[Variant, ...] = (
    Variant("minimax", "Minimax", "every position of the tree, no pruning", pruning=False),
    Variant("alphabeta", "Alpha-beta", "skips branches that cannot change the result"),
    Variant(
        "alphabeta+ordering",
        "+ move ordering",
        "alpha-beta trying centre moves first, so cut-offs come sooner",
        ordering=True,
    ),
    Variant(
        "alphabeta+tt",
        "+ transposition table",
        "remembers positions reached by different move orders",
        ordering=True,
        transposition=True,
    ),
    Variant(
        "alphabeta+symmetry",
        "+ symmetry",
        "treats mirrored and rotated positions as one",
        ordering=True,
        transposition=True,
        symmetry=True,
    ),
    Variant("perfect", "Perfect", "the strong engine: all of the above, threats and deepening"),
)
VARIANTS_BY_KEY = {variant.key: variant for variant in VARIANTS}


@dataclass(frozen=True)
class SizeEstimate:
    """How big the plain minimax tree below a position is.

    Attributes:
        nodes: the node count (exact when ``exact``, else Knuth's estimate).
        exact: counted rather than estimated.
        rate: positions per second plain minimax manages here.
    """

    nodes: float
    exact: bool
    rate: float

    @property
    def minimax_seconds(self) -> float:
        return self.nodes / self.rate

    @property
    def best_case_alphabeta_seconds(self) -> float:
        """Alpha-beta with perfect ordering visits about 2 * sqrt(nodes) (Knuth & Moore)."""
        return 2 * math.sqrt(self.nodes) / self.rate

    def text(self) -> str:
        how = "exactly" if self.exact else "about"
        return (
            f"the full tree has {how} {format_count(self.nodes)} positions: "
            f"{format_duration(self.minimax_seconds)} for plain minimax at "
            f"{format_count(self.rate)} positions/s"
        )


@dataclass
class ComparisonRow:
    """The outcome of one variant.

    Attributes:
        status: ``"done"``, ``"capped"`` (stopped at the time cap),
            ``"cancelled"``, ``"refused"``, ``"unavailable"`` or ``"error"``.
        result: the search result (partial when capped or cancelled).
        message: what a student should read next to the numbers.
    """

    variant: Variant
    status: str
    result: SearchResult | None = None
    message: str = ""

    @property
    def nodes(self) -> int | None:
        return None if self.result is None else self.result.stats.nodes

    @property
    def seconds(self) -> float | None:
        return None if self.result is None else self.result.stats.elapsed_seconds


def format_count(value: float) -> str:
    """``549,946`` for small counts, ``2.1e+25`` for huge ones."""
    return f"{value:,.0f}" if value < 1e9 else f"{value:.2g}"


def format_duration(seconds: float) -> str:
    """Seconds in the largest sensible unit: '35 ms', '4.2 min', '3.1e+09 years'."""
    if seconds < 1:
        return f"{seconds * 1000:.3g} ms"
    for unit, size in (("years", 31_557_600.0), ("days", 86_400.0), ("h", 3600.0)):
        if seconds >= size:
            amount = seconds / size
            return f"{amount:.3g} {unit}" if amount < 1e6 else f"{amount:.2g} {unit}"
    if seconds >= 60:
        return f"{seconds / 60:.3g} min"
    return f"{seconds:.3g} s"


def estimate_tree(
    board: Board,
    depth: int | None = None,
    rate: float | None = None,
    rng: random.Random | None = None,
) -> SizeEstimate:
    """Size the plain minimax tree below ``board`` to ``depth`` plies.

    Counted exactly level by level while that stays cheap; the remaining
    levels are estimated with Knuth's method (the mean, over random paths, of
    the products of branching factors).
    """
    counts = count_per_depth(board, max_level_positions=20_000)
    limit = math.inf if depth is None else depth
    exact_levels = counts.full_tree[: int(min(len(counts.full_tree), limit + 1))]
    if not counts.truncated or len(counts.full_tree) > limit:
        nodes = float(sum(exact_levels))
        return SizeEstimate(nodes, True, rate or calibrate_rate(board))
    nodes = knuth_estimate(board, depth, rng or random.Random(0))
    return SizeEstimate(max(nodes, float(sum(exact_levels))), False, rate or calibrate_rate(board))


def knuth_estimate(
    board: Board, depth: int | None, rng: random.Random, probes: int = KNUTH_PROBES
) -> float:
    """Knuth's (1975) unbiased estimate of the number of tree nodes to ``depth``."""
    total = 0.0
    limit = math.inf if depth is None else depth
    for _ in range(probes):
        work = board.copy()
        weight = 1.0
        nodes = 1.0
        ply = 0
        while not work.is_game_over() and ply < limit:
            moves = work.legal_indices()
            weight *= len(moves)
            nodes += weight
            work.push_index(moves[int(rng.random() * len(moves))])
            ply += 1
        total += nodes
    return total / probes


def calibrate_rate(board: Board, seconds: float = 0.05) -> float:
    """Positions/s of plain minimax on this board, from a short capped run."""
    minimax = _load("search.minimax", "minimax_search")
    if minimax is None or board.is_game_over():
        return FALLBACK_RATE
    deadline = time.perf_counter() + seconds
    start = time.perf_counter()
    result = minimax(board.copy(), None, lambda: time.perf_counter() > deadline)
    elapsed = max(result.stats.elapsed_seconds, time.perf_counter() - start, 1e-6)
    return max(result.stats.nodes / elapsed, 1.0) if result.stats.nodes > 100 else FALLBACK_RATE


def _load(module: str, name: str) -> Callable[..., Any] | None:
    try:
        found: Callable[..., Any] = getattr(
            importlib.import_module(f"{__package__}.{module}"), name
        )
    except (ImportError, AttributeError):
        return None
    return found


def run_variant(
    variant: Variant,
    board: Board,
    depth: int | None,
    should_stop: ShouldStop = never_stop,
    cap_seconds: float | None = None,
) -> SearchResult:
    """Run one variant on a copy of ``board``, stopping at ``cap_seconds`` if given.

    Raises:
        LookupError: the engine does not provide this algorithm (yet).
    """
    deadline = math.inf if cap_seconds is None else time.perf_counter() + cap_seconds

    def stop() -> bool:
        return should_stop() or time.perf_counter() > deadline

    work = board.copy()
    if variant.key == "minimax":
        search = _load("search.minimax", "minimax_search")
        if search is None:
            raise LookupError("plain minimax is not available in this engine")
        return search(work, depth, should_stop=stop)  # type: ignore[no-any-return]
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

    Raises:
        ValueError: the game is over, or the depth is below 1.
    """
    if board.is_game_over():
        raise ValueError(f"the game is over on {board.notation()}; nothing to search")
    if depth is not None and depth < 1:
        raise ValueError(f"depth must be 1 or more (or None for unlimited), got {depth}")
    size = estimate or estimate_tree(board, depth)
    for variant in variants:
        if should_stop():
            yield ComparisonRow(variant, "cancelled", message="cancelled before it started")
            continue
        expected = _expected_seconds(variant, size)
        too_big = expected is not None and expected > max_seconds
        if too_big and not run_capped:
            yield ComparisonRow(variant, "refused", message=_refusal(variant, size, expected))
            continue
        cap = min(cap_seconds, perfect_budget) if variant.key == "perfect" else cap_seconds
        yield _run_row(variant, board, depth, should_stop, cap, too_big, size)


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
        f"Refused: {size.text()}; even perfectly ordered alpha-beta needs about "
        f"{format_duration(expected)}. Lower the depth, or run it with a cap."
    )


def _run_row(
    variant: Variant,
    board: Board,
    depth: int | None,
    should_stop: ShouldStop,
    cap_seconds: float,
    too_big: bool,
    size: SizeEstimate,
) -> ComparisonRow:
    try:
        result = run_variant(variant, board, depth, should_stop, cap_seconds)
    except LookupError as error:
        return ComparisonRow(variant, "unavailable", message=str(error))
    except Exception as error:  # noqa: BLE001 - shown to the user, never silent
        return ComparisonRow(variant, "error", message=f"{type(error).__name__}: {error}")
    if should_stop():
        return ComparisonRow(variant, "cancelled", result, "cancelled: partial statistics")
    if result.cancelled or (variant.key != "perfect" and not result.exact and too_big):
        message = (
            f"stopped at the {cap_seconds:g} s cap after {result.stats.nodes:,} positions; "
            f"{size.text()}"
        )
        return ComparisonRow(variant, "capped", result, message)
    if variant.key == "perfect" and not result.exact:
        message = f"not solved within its {cap_seconds:g} s budget: the best move found so far"
        return ComparisonRow(variant, "done", result, message)
    return ComparisonRow(variant, "done", result, variant.explanation)


def values_agree(rows: list[ComparisonRow]) -> bool:
    """Whether every completed exact row has the same result and plies."""
    values = {
        (row.result.result, row.result.plies)
        for row in rows
        if row.status == "done" and row.result is not None and row.result.exact
    }
    return len(values) <= 1


def count_text(count: int, noun: str) -> str:
    """``"1 position"``, ``"2,568 positions"``: the noun agrees with the count."""
    return f"{count:,} {noun}" if count == 1 else f"{count:,} {noun}s"


def ratio_text(base: float, other: float, fewer: str, more: str, same: str) -> str:
    """How ``other`` compares with ``base``, always as a factor of 1 or more.

    ``ratio_text(10, 5, "fewer", "more", "as many")`` is ``"2.0x fewer"``;
    with the values swapped it is ``"2.0x more"``. Within 5% it is ``same``.
    """
    if base <= 0 or other <= 0:
        return same if base == other else (more if other > base else fewer)
    factor = base / other
    if 1 / 1.05 <= factor <= 1.05:
        return same
    return f"{factor:.1f}x {fewer}" if factor > 1 else f"{1 / factor:.1f}x {more}"


def summary(rows: list[ComparisonRow]) -> str:
    """One sentence a student can quote: nodes and time against plain minimax."""
    done = {row.variant.key: row for row in rows if row.status == "done" and row.result}
    base = done.get("minimax")
    pruned = done.get("alphabeta")
    if base is None or pruned is None:
        return ""
    assert base.result is not None and pruned.result is not None
    base_nodes, nodes = base.result.stats.nodes, pruned.result.stats.nodes
    base_time = base.result.stats.elapsed_seconds
    pruned_time = pruned.result.stats.elapsed_seconds
    text = (
        f"Minimax visits {count_text(base_nodes, 'position')}, alpha-beta {nodes:,}: "
        f"{ratio_text(base_nodes, nodes, 'fewer', 'more', 'as many')}, and alpha-beta was "
        f"{ratio_text(base_time, pruned_time, 'faster', 'slower', 'about as fast')}."
    )
    if not values_agree(rows):
        text += " Warning: the exact values disagree!"
    return text
