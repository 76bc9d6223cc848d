"""Keeps the analysis overlay in step with the game: one analysis per position.

The overlay computes only while it is on. Every position change cancels the
running analysis and queues a new one for the overlay's analysis process
(through its worker thread); an answer for an older position is dropped.
When an MCTS player has just moved, its visit counts are laid over the values.

Two settings change what the cells show: a depth limit (:meth:`set_depth_limit`:
each move's minimax value at that depth, labelled as such, the exact value small
beneath where it is cheap) and a player's view
(:meth:`set_view`: the numbers the Average, minimax depth-3 or MCTS player
chooses by, with the exact values small beside them).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from PySide6.QtCore import QObject, Signal, Slot

from tictactoe_qt.engine.game import Board, cell_text
from tictactoe_qt.engine.players import ViewKind, view_refusal
from tictactoe_qt.engine.text import BOARD_NAMES, SideNames, plies_text
from tictactoe_qt.gui.analysis import search_jobs
from tictactoe_qt.gui.analysis.job_runner import CANCELLED, JobRunner
from tictactoe_qt.gui.analysis.overlay_choice import checked_view
from tictactoe_qt.gui.analysis.overlay_data import OverlayData, with_visits
from tictactoe_qt.gui.analysis.overlay_layer import OverlayLayer
from tictactoe_qt.gui.analysis.overlay_views import PLAYER_NAMES

DEFAULT_TIME_BUDGET = 0.5
#: Seconds per empty cell on big boards: the moves near the stones are all deepened
#: together, and a bigger board gets a little more time to reach a useful depth.
SECONDS_PER_EMPTY_CELL = 0.006
MAX_TIME_BUDGET = 2.0
#: Seconds a depth-limited search may take: deeper depths that do not finish are dropped.
DEPTH_LIMITED_SECONDS = 8.0
Analyze = Callable[..., Any]


def time_budget_for(board: Board, time_budget: float) -> float:
    """``time_budget``, raised on big boards so the heat map covers every move."""
    empty = board.geometry.cells - board.ply
    return max(time_budget, min(MAX_TIME_BUDGET, SECONDS_PER_EMPTY_CELL * empty))


def spoken_summary(data: OverlayData) -> str:
    """The overlay in words, for screen readers: the best move and its value."""
    if data.best is None or data.best not in data.notes:
        return ""
    return f"{data.best_caption} {cell_text(*data.best)}: {data.notes[data.best].detail}"


class AnalysisOverlay(QObject):
    """Runs ``analyze`` for the shown position and feeds the overlay layer.

    Args:
        layer: the layer over the board that paints the notes.
        runner: a runner to share; by default the overlay starts its own.
        time_budget: seconds per analysis.
        analyze: a module-level stand-in for the engine's ``analyze`` (it is
            pickled to the analysis process).
        parent: the owning QObject.
    """

    #: New overlay data for the current position.
    overlay_ready = Signal(object)
    #: A short line for the status bar: the legend, 'analysing…' or an error.
    status = Signal(str)
    #: The long form of the line :attr:`status` sends next (the legend's tooltip);
    #: sent just before it.
    status_tip = Signal(str)
    #: What the cells show changed: ``(view, depth_limit)``, by :meth:`set_view` or
    #: :meth:`set_depth_limit`, or by itself: an exact solve's answer turns a player's
    #: view or a depth limit into the exact values.
    choice_changed = Signal(str, object)

    def __init__(
        self,
        layer: OverlayLayer,
        runner: JobRunner | None = None,
        time_budget: float = DEFAULT_TIME_BUDGET,
        analyze: Analyze | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.layer = layer
        self.runner = runner or JobRunner("analysisOverlayThread", self)
        self._owns_runner = runner is None
        self.time_budget = time_budget
        self._analyze = analyze
        self.enabled = False
        self.board: Board | None = None
        #: The game's seating and marks: how the analysis names the players.
        self.names: SideNames = BOARD_NAMES
        self.data: OverlayData | None = None
        self._job: int | None = None
        self._visits: dict[Any, int] = {}
        #: ``"values"`` or a player's view (:data:`VIEWS`).
        self.view = "values"
        #: Plies the values are searched to; ``None`` is the full analysis.
        self.depth_limit: int | None = None
        self.runner.finished.connect(self._on_finished)
        self.runner.progress.connect(self._on_progress)
        self.runner.failed.connect(self._on_failed)

    # -- inputs -----------------------------------------------------------------------
    @Slot(bool)
    def set_enabled(self, enabled: bool) -> None:
        """Turn the overlay on (analysing the current position) or off."""
        self.enabled = enabled
        self.layer.setVisible(enabled or self.layer.preview is not None)
        if enabled and self.board is not None:
            self._start(self.board)
        else:
            self._cancel()
            self.layer.set_data(None)
            self.status.emit("")

    def set_position(self, board: Board, names: SideNames = BOARD_NAMES) -> None:
        """The game moved on: drop the old analysis and start one for ``board``.

        ``names`` (the game's seating and marks) says how the analysis names the players.
        """
        if self.board is not None and board == self.board and names == self.names and self.data is not None:
            return
        self.board = board.copy()
        self.names = names
        self._visits = {}
        self.data = None
        self.layer.set_data(None)
        if self.enabled:
            self._start(self.board)

    def set_view(self, view: str) -> None:
        """Show ``view`` (one of :data:`VIEWS`): the values, or a player's own numbers.

        Raises:
            ValueError: an unknown view.
        """
        checked_view(view)
        if view != self.view:
            self.view = view
            self.choice_changed.emit(self.view, self.depth_limit)
            self._restart()

    def set_depth_limit(self, depth: int | None) -> None:
        """Value the moves by minimax to ``depth`` plies (``None``: the full analysis).

        Raises:
            ValueError: ``depth`` is below 1.
        """
        if depth is not None and depth < 1:
            raise ValueError(f"the depth limit must be 1 or more (or full), got {depth}")
        if depth != self.depth_limit:
            self.depth_limit = depth
            self.choice_changed.emit(self.view, self.depth_limit)
            if self.view == "values":
                self._restart()

    def show_search_result(self, result: Any) -> None:
        """Lay an MCTS search's visit counts over the overlay (other results are ignored)."""
        visits = getattr(result, "visits", None)
        if not visits:
            return
        self._visits = dict(visits)
        if self.data is not None and self.data.view in ("values", "depth"):
            self.data = with_visits(self.data, self._visits)
            self.layer.set_data(self.data if self.enabled else None)
            if self.enabled:
                self._show_legend(self.data)

    def show_exact(self, board: Board, data: OverlayData) -> bool:
        """Show an exact solve's answer ("Solve exactly") in place of the running analysis.

        A player's view or a depth limit gives way to the exact values
        (:attr:`choice_changed` says so). Returns False, showing nothing, when
        ``board`` is no longer the position shown.
        """
        if self.board is None or board != self.board:
            return False
        self._cancel()
        if self.view != "values" or self.depth_limit is not None:
            self.view, self.depth_limit = "values", None  # the cells now show exact values
            self.choice_changed.emit(self.view, self.depth_limit)
        self.data = with_visits(data, self._visits) if self._visits else data
        if self.enabled:
            self.layer.set_data(self.data)
            self.layer.setAccessibleDescription(spoken_summary(self.data))
            self._show_legend(self.data)  # "Exact: …", as whenever the values are
        self.overlay_ready.emit(self.data)
        return True

    def _show_legend(self, data: OverlayData) -> None:
        """Say what the cells show: a short line, the long form as its tip."""
        self.status_tip.emit(data.legend())
        self.status.emit(data.short_legend())

    # -- work ---------------------------------------------------------------------------
    def _restart(self) -> None:
        """What the cells show changed: drop the shown data and work out the new one."""
        self.data = None
        self.layer.set_data(None)
        if self.enabled and self.board is not None:
            self._start(self.board)

    def _start(self, board: Board) -> None:
        self._cancel()
        if board.is_game_over():
            self.status.emit("")
            return
        config, history = board.config, tuple(board.history)
        budget = time_budget_for(board, self.time_budget)
        refusal = None if self.view == "values" else view_refusal(cast(ViewKind, self.view), board)
        if refusal is not None:
            self.status.emit(refusal + ".")
        elif self.view != "values":
            self._job = self.runner.submit(
                search_jobs.overlay_player_view, config, history, self.view, budget, self._analyze, self.names
            )
            self.status.emit(self.tr("Asking the {0} player…").format(PLAYER_NAMES[self.view]))
        elif self.depth_limit is not None:
            self._job = self.runner.submit(
                search_jobs.overlay_depth_limited,
                config,
                history,
                self.depth_limit,
                DEPTH_LIMITED_SECONDS,
                self.names,
                budget,
                self._analyze,
            )
            self.status.emit(self.tr("Searching every move {0} deep…").format(plies_text(self.depth_limit)))
        else:
            self._job = self.runner.submit(
                search_jobs.overlay_analysis, config, history, budget, self._analyze, self.names
            )
            self.status.emit(self.tr("Analysing the position…"))

    def _cancel(self) -> None:
        if self._job is not None:
            self.runner.cancel(self._job)
            self._job = None

    @Slot(int, object)
    def _on_finished(self, job_id: int, data: OverlayData) -> None:
        if job_id != self._job:
            return  # an answer for a position no longer shown
        self._job = None
        if self._visits and data.view in ("values", "depth"):
            data = with_visits(data, self._visits)
        self.data = data
        if self.enabled:
            self.layer.set_data(data)
            self.layer.setAccessibleDescription(spoken_summary(data))
            self._show_legend(data)
        self.overlay_ready.emit(data)

    @Slot(int, object)
    def _on_progress(self, job_id: int, depth: object) -> None:
        if job_id == self._job and self.enabled and self.depth_limit is not None:
            self.status.emit(
                self.tr("Searching every move {0} deep: {1} of {2} done…").format(
                    plies_text(self.depth_limit), depth, self.depth_limit
                )
            )

    @Slot(int, str)
    def _on_failed(self, job_id: int, message: str) -> None:
        if job_id != self._job:
            return
        self._job = None
        if message == CANCELLED:
            return
        self.status.emit(self.tr("Analysis failed: {0}").format(message))

    def shutdown(self) -> None:
        """Cancel and wait for the worker thread (if this overlay owns it)."""
        self._cancel()
        if self._owns_runner:
            self.runner.stop()
