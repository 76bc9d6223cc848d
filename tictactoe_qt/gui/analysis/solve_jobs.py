""" "Solve exactly" as a job for the solving process: the position and every move, exact.

The job runs in its own child process (see :mod:`.job_process`), so the window
stays smooth however long the proof takes; it reports progress as the
engine's :class:`~tictactoe_qt.engine.search.progress.SearchProgress` and
answers with what the overlay paints. It goes through the cache of solved
positions unless told not to. No Qt here: the child process imports this module.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tictactoe_qt.engine import ShouldStop
from tictactoe_qt.engine.analysis import SolvedCache, analyze_exactly, analyze_exactly_cached
from tictactoe_qt.engine.game import GameConfig
from tictactoe_qt.engine.text import BOARD_NAMES, SideNames, outcome_text
from tictactoe_qt.gui.analysis.overlay_data import OverlayData, overlay_from_analysis
from tictactoe_qt.gui.analysis.search_jobs import board_from, searcher_for

Report = Callable[[object], None]


@dataclass(frozen=True)
class SolveAnswer:
    """What "Solve exactly" proved about one position.

    Attributes:
        position: the solved position's notation (the window checks it is still shown).
        data: the overlay's notes, every cell exact.
        outcome: the value in words, ``"O wins in 7 plies"``, the players named as the game names them.
        exact: False when the solve was stopped before it finished.
        cached: the whole answer came from the cache of solved positions.
        seconds: how long it took.
        warnings: one-line warnings about the cache (unreadable, not saved).
    """

    position: str
    data: OverlayData
    outcome: str
    exact: bool
    cached: bool
    seconds: float
    warnings: tuple[str, ...] = ()


def solve_exactly_job(
    config: GameConfig,
    history: Sequence[int],
    names: SideNames = BOARD_NAMES,
    use_cache: bool = True,
    *,
    should_stop: ShouldStop,
    report: Report,
) -> SolveAnswer:
    """Solve the position reached by ``history`` and each legal move in it, exactly.

    Args:
        config: the board shape.
        history: the moves played so far (cell indices).
        names: the game's seating and marks, which the texts name players by.
        use_cache: look the position up in (and add it to) the cache of solved positions.
        should_stop: ends the solve early (the answer is then not exact).
        report: receives a ``SearchProgress`` about every quarter second.
    """
    start = time.perf_counter()
    board = board_from(config, history)
    searcher = searcher_for(config)
    cache = SolvedCache() if use_cache else None
    if cache is None:
        analysis, cached = analyze_exactly(board, should_stop, searcher, report), False
    else:
        analysis, cached = analyze_exactly_cached(board, cache, should_stop, searcher, report)
    return SolveAnswer(
        position=board.notation(),
        data=overlay_from_analysis(board, analysis, names),
        outcome=outcome_text(analysis.result, analysis.plies, names),
        exact=analysis.exact,
        cached=cached,
        seconds=time.perf_counter() - start,
        warnings=tuple(cache.warnings) if cache is not None else (),
    )
