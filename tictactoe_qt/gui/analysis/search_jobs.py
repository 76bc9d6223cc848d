"""The overlay's and the comparison's heavy work, as jobs for the analysis process.

Each job is a module-level function over plain engine objects (see
:mod:`.job_process`): the position travels as its config and move history,
and the answer is plain data the view can paint. No Qt here: the child
process imports this module.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from tictactoe_qt.engine import ShouldStop
from tictactoe_qt.engine.analysis import (
    DEFAULT_OPTIONS,
    SolvedCache,
    analyze,
    cached_analysis,
    compare,
    default_folder,
    estimate_tree,
    find_ties,
)
from tictactoe_qt.engine.game import Board, GameConfig
from tictactoe_qt.engine.players import TextbookOptions, ViewKind, player_view
from tictactoe_qt.engine.search import PerfectSearcher, depth_limited_values
from tictactoe_qt.engine.text import BOARD_NAMES, SideNames
from tictactoe_qt.gui.analysis.overlay_data import OverlayData, overlay_from_analysis
from tictactoe_qt.gui.analysis.overlay_views import overlay_from_depth_limited, overlay_from_player_view

Report = Callable[[object], None]
#: Searchers kept in the child, one per board shape (their tables help the next position).
MAX_CACHED_SEARCHERS = 2
_searchers: OrderedDict[GameConfig, PerfectSearcher] = OrderedDict()
_solved_caches: dict[Path, SolvedCache] = {}


def board_from(config: GameConfig, history: Sequence[int]) -> Board:
    """The position reached by playing ``history`` (cell indices) on an empty board."""
    board = Board(config)
    for cell in history:
        board.push_index(cell)
    return board


def solved_cache() -> SolvedCache:
    """This process's reader of the solved-positions file (it re-reads only when the file changes)."""
    folder = default_folder()
    cache = _solved_caches.get(folder)
    if cache is None:
        cache = _solved_caches[folder] = SolvedCache(folder)
    return cache


def searcher_for(config: GameConfig) -> PerfectSearcher:
    """This process's perfect searcher for ``config`` (kept between positions)."""
    searcher = _searchers.pop(config, None) or PerfectSearcher(config)
    _searchers[config] = searcher
    while len(_searchers) > MAX_CACHED_SEARCHERS:
        _searchers.popitem(last=False)
    return searcher


def overlay_analysis(
    config: GameConfig,
    history: Sequence[int],
    time_budget: float,
    analyze_function: Callable[..., Any] | None = None,
    names: SideNames = BOARD_NAMES,
    *,
    should_stop: ShouldStop,
    report: Report,
) -> OverlayData:
    """``analyze`` the position and turn it into what the overlay paints.

    Args:
        config: the board shape.
        history: the moves played so far.
        time_budget: seconds for the whole analysis.
        analyze_function: a replacement for the engine's ``analyze`` (tests).
        names: the game's seating and marks, which the texts and ghosts name players by.
        should_stop: ends the analysis early.
        report: unused (the overlay has no progress).
    """
    board = board_from(config, history)
    analysis = _analysis(board, time_budget, analyze_function, should_stop)
    return overlay_from_analysis(board, analysis, names)


def _analysis(
    board: Board, time_budget: float, analyze_function: Callable[..., Any] | None, should_stop: ShouldStop
) -> Any:
    """The position's analysis: from the cache of solved positions when it is there (solved
    before by "Solve exactly" or ``analyze --exact``: exact at once), else ``analyze``'s."""
    if analyze_function is not None:
        return analyze_function(board, time_budget=time_budget, should_stop=should_stop)
    known = cached_analysis(board, solved_cache())
    if known is not None:
        return known
    return analyze(board, time_budget, should_stop, searcher=searcher_for(board.config))


def overlay_depth_limited(
    config: GameConfig,
    history: Sequence[int],
    depth: int,
    seconds: float,
    names: SideNames = BOARD_NAMES,
    exact_budget: float = 0.0,
    analyze_function: Callable[..., Any] | None = None,
    *,
    should_stop: ShouldStop,
    report: Report,
) -> OverlayData:
    """Every move's minimax value at ``depth`` plies, as far as ``seconds`` allow, with the
    exact values beside them where they are at hand (:func:`exact_at_hand`).

    ``report`` gets each depth as it finishes (for the status line).
    """
    board = board_from(config, history)
    deadline = time.perf_counter() + seconds
    values = depth_limited_values(board, depth, deadline, should_stop, on_depth=report)
    exact = exact_at_hand(board, exact_budget, analyze_function, should_stop)
    return overlay_from_depth_limited(board, values, seconds, names, analysis=exact)


def exact_at_hand(
    board: Board, time_budget: float, analyze_function: Callable[..., Any] | None, should_stop: ShouldStop
) -> Any:
    """The position's exact values when they are cheap, else ``None``.

    Cheap means: in the cache of solved positions ("Solve exactly", ``analyze
    --exact``), or a small board, where ``analyze`` tries every cell and solves
    in milliseconds. On big boards ``analyze`` only deepens the moves near the
    stones and never solves them, so no extra search is run there.
    """
    if time_budget <= 0:
        return None
    if analyze_function is not None:
        return analyze_function(board, time_budget=time_budget, should_stop=should_stop)
    known = cached_analysis(board, solved_cache())
    if known is not None:
        return known
    searcher = searcher_for(board.config)
    if not searcher.searches_every_cell(board):
        return None
    return analyze(board, time_budget, should_stop, searcher=searcher)


def overlay_player_view(
    config: GameConfig,
    history: Sequence[int],
    kind: ViewKind,
    time_budget: float,
    analyze_function: Callable[..., Any] | None = None,
    names: SideNames = BOARD_NAMES,
    *,
    should_stop: ShouldStop,
    report: Report,
) -> OverlayData:
    """A player's own numbers for the position, with the exact values ``analyze`` solves.

    Args:
        config: the board shape.
        history: the moves played so far.
        kind: whose view (:data:`~tictactoe_qt.engine.players.player_views.VIEW_KINDS`).
        time_budget: seconds for the analysis behind the exact values.
        analyze_function: a replacement for the engine's ``analyze`` (tests).
        names: the game's seating and marks.
        should_stop: ends the work early.
        report: unused.
    """
    board = board_from(config, history)
    view = player_view(board, kind, should_stop=should_stop)
    analysis = _analysis(board, time_budget, analyze_function, should_stop)
    return overlay_from_player_view(board, view, analysis, names)


def comparison_run(
    config: GameConfig,
    history: Sequence[int],
    depth: int | None,
    run_capped: bool,
    cap_seconds: float,
    perfect_budget: float,
    options: TextbookOptions = DEFAULT_OPTIONS,
    *,
    should_stop: ShouldStop,
    report: Report,
) -> None:
    """Report the tree's size estimate, then each algorithm's row as it finishes
    (the textbook rows with ``options``), then the tie among equal moves behind rows
    that chose differently, if there is one."""
    board = board_from(config, history)
    estimate = estimate_tree(board, depth)
    report(estimate)
    rows = []
    for row in compare(
        board,
        depth,
        run_capped=run_capped,
        cap_seconds=cap_seconds,
        should_stop=should_stop,
        estimate=estimate,
        perfect_budget=perfect_budget,
        options=options,
    ):
        rows.append(row)
        report(row)
    ties = None if should_stop() else find_ties(board, rows, should_stop)
    if ties is not None:
        report(ties)
