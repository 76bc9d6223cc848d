"""The stats panel dock: simulate batches, compare kept runs, chart them, run tournaments."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QSignalBlocker, QTimer, Signal, Slot
from PySide6.QtWidgets import (
    QDockWidget,
    QSizePolicy,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from tictactoe_qt.engine.game import GameConfig, Mark
from tictactoe_qt.engine.players import PlayerSpec
from tictactoe_qt.engine.text import BOARD_NAMES, SideNames

from . import chart_loader
from .background import BackgroundTask
from .charts_page import ChartsPage
from .emit_guard import guard_emit_refcount
from .export import ExportError, write_csv
from .export_choices import ExportChoices
from .match import Match, default_match
from .number_format import format_seconds
from .report_table import ReportTable
from .run_data import RunData
from .run_list import RunList
from .run_on_bar import RunOnBar
from .run_snapshot import GameRow, RunSnapshot
from .runs_page import RunsPage
from .simulate_bar import SimulateBar
from .tournament_view import TournamentView

if TYPE_CHECKING:  # the charts module imports pyqtgraph: loaded later, see chart_loader
    from .charts import StatsCharts
    from .run_recovery import RunRecovery

# Charts and batches emit signals many times a second: keep PySide 6.12's
# emit() reference leak from aborting the process (see emit_guard).
guard_emit_refcount()


#: Charts and report show at most this many runs at once.
MAX_SHOWN_RUNS = 6
#: Chart refreshes during a batch: at most five a second (painting is the costly part).
REFRESH_MS = 200
#: Batches up to this size play in the batch thread: starting worker processes costs more.
SMALL_BATCH = 1000
CHARTS_TAB = 0


class StatsPanel(QDockWidget):
    """Everything about many games at once, in one dock (objectName ``statsPanel``)."""

    #: The engine summary (``simulate --json`` keys) of each finished batch.
    simulation_finished = Signal(dict)
    #: A run was kept in the run list.
    run_added = Signal(object)
    #: Something to tell the user in the status bar.
    message = Signal(str)
    #: The set of unsaved runs may have changed (one kept, saved or removed).
    unsaved_changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("Statistics"), parent)
        self.setObjectName("statsPanel")
        self._match_source: Callable[[], Match] = default_match
        self._live: RunSnapshot | None = None
        self._watch_run: RunData | None = None
        self._snapshots: dict[int, RunSnapshot] = {}
        self.batch = BackgroundTask("simulation batch", self)
        self.batch.progress.connect(self._on_batch_progress)
        self.batch.finished.connect(self._on_batch_finished)
        self.batch.failed.connect(self._on_batch_failed)
        self._refresh_timer = QTimer(self, singleShot=True, interval=REFRESH_MS)
        self._refresh_timer.timeout.connect(self.refresh)
        #: Whether the dock is on screen; Qt keeps tabbed-away docks "visible".
        self._on_screen = False
        #: Export as CSV, JSON or PNG, after asking where.
        self.exports = ExportChoices(self)
        #: Keeps unsaved runs through a signal or a crash (set up by ``install_stats``).
        self.recovery: RunRecovery | None = None
        self._build()
        self.batch.running_changed.connect(self.simulate_bar.set_running)
        self.batch.running_changed.connect(self.run_on_bar.setDisabled)
        self.visibilityChanged.connect(self._on_visibility_changed)
        self.tabs.currentChanged.connect(self._on_tab_changed)
        chart_loader.start_after_first_frame(self)
        self.refresh_match()

    def _build(self) -> None:
        self.run_on_bar = RunOnBar()
        self.simulate_bar = SimulateBar()
        self.simulate_bar.simulate_requested.connect(self.start_simulation)
        self.simulate_bar.cancel_requested.connect(self.batch.cancel)
        self.simulate_bar.swap_box.toggled.connect(self.refresh_match)  # the header says who starts
        self.report = ReportTable()
        self.run_list = RunList()
        self.run_list.selection_changed.connect(self.refresh)
        self.run_list.runs_removed.connect(self.unsaved_changed)
        self.tournament = TournamentView(lambda: self._match_source()[0])
        self.tournament.tournament_finished.connect(lambda _: self.message.emit(self.tr("Tournament finished")))
        runs_page = self._build_runs_page()
        self.tabs = QTabWidget(objectName="statsTabs")
        self.charts_page = ChartsPage()
        self.charts_page.redraw_needed.connect(self.refresh)
        self.tabs.addTab(self.charts_page, self.tr("Charts"))
        self.tabs.addTab(self.report, self.tr("Report"))
        self.tabs.addTab(runs_page, self.tr("Runs"))
        self.tabs.addTab(self.tournament, self.tr("Tournament"))
        for index in range(self.tabs.count()):
            # Pages whose contents change (a new report column, a longer label)
            # must not re-lay out the panel: that would resize and repaint every chart.
            page = self.tabs.widget(index)
            page.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Ignored)
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.run_on_bar)
        layout.addWidget(self.simulate_bar)
        layout.addWidget(self.tabs, 1)
        self.setWidget(body)

    def _build_runs_page(self) -> QWidget:
        page = RunsPage(self.run_list)
        self.unsaved_changed.connect(page.show_recovered)
        page.export_csv_requested.connect(self.exports.choose_csv_file)
        page.export_json_requested.connect(self.exports.choose_json_file)
        page.export_png_requested.connect(self.exports.choose_png_folder)
        page.engine_log_requested.connect(self.show_engine_log)
        return page

    @Slot()
    def show_engine_log(self) -> None:
        """Open the log of what external engines and plugins wrote."""
        from .engine_log import EngineLogDialog, start_engine_log

        dialog = self.findChild(EngineLogDialog)
        if dialog is None:
            dialog = EngineLogDialog(start_engine_log(), self)
        dialog.refresh()
        dialog.show()
        dialog.raise_()

    # Charts, built when first seen -------------------------------------------

    @property
    def charts(self) -> StatsCharts | None:
        """The charts, or None until their tab has first been on screen."""
        return self.charts_page.charts

    def charts_on_screen(self) -> bool:
        """True when the user can see the Charts tab."""
        return self._on_screen and self.tabs.currentIndex() == CHARTS_TAB

    @Slot(bool)
    def _on_visibility_changed(self, visible: bool) -> None:
        self._on_screen = visible
        if visible:  # the settings may have been loaded or changed while hidden
            self.refresh_match()
        self.charts_page.set_seen(self.charts_on_screen())

    @Slot(int)
    def _on_tab_changed(self, _index: int) -> None:
        self.charts_page.set_seen(self.charts_on_screen())

    # The match to simulate ---------------------------------------------------

    def set_match_source(self, source: Callable[[], tuple[object, ...]]) -> None:
        """Where batches read the board, players and first mover (normally the settings dock).

        ``source`` returns a :class:`Match` or the tuple of its fields (X moves
        first when the mark is left out).
        """
        self._match_source = lambda: Match(*source())  # type: ignore[arg-type]
        self.refresh_match()

    def match(self) -> Match:
        """What 'Simulate' would play now.

        Raises:
            ValueError: the source cannot give a match (e.g. a bad board).
        """
        return self._match_source()

    @Slot()
    def refresh_match(self) -> None:
        """Show which match 'Simulate' will play."""
        try:
            match = self.match()
        except ValueError as error:
            self.simulate_bar.set_match_text(str(error))
            return
        self.simulate_bar.set_match_text(match.text(self.simulate_bar.swap()))
        if "human" not in (match.x_spec.kind, match.o_spec.kind):
            self.simulate_bar.clear_problem()  # "X is a human: …" no longer holds

    # Batches -----------------------------------------------------------------

    @Slot()
    def start_simulation(self) -> bool:
        """Start a batch with the bar's options; False (with a message) if it cannot."""
        if self.batch.is_running():
            return False
        # Imported here: the window need not wait for the batch machinery at start-up.
        from .batch_worker import BatchRequest, BatchWorker
        from .chunk_pool import shared_pool

        try:
            match = self.match()
            request = BatchRequest(
                match.config, match.x_spec, match.o_spec, self.simulate_bar.games(),
                self.simulate_bar.seed(), self.simulate_bar.swap(), match.first, match.names,
            )
        except ValueError as error:
            self.simulate_bar.show_problem(str(error))
            self.message.emit(str(error))
            return False
        cluster_problem = self.run_on_bar.problem()
        if cluster_problem is not None:
            self.simulate_bar.show_problem(cluster_problem)
            self.message.emit(cluster_problem)
            return False
        self.simulate_bar.start_progress(request.games)
        pool = self.run_on_bar.link.pool() if self.run_on_bar.on_cluster() else None
        if pool is None and request.games > SMALL_BATCH:
            pool = shared_pool()
        self.batch.start(BatchWorker(request, pool))
        # Draw the empty run now, while the workers start: the charts take their
        # new axes and labels before the games pour in, and later refreshes
        # only move the data.
        self._live = request.new_run().snapshot()
        self.refresh()
        return True

    @Slot()
    def cancel_simulation(self) -> None:
        self.batch.cancel()

    def is_simulating(self) -> bool:
        return self.batch.is_running()

    def shutdown(self) -> None:
        """Stop and wait for background work (before the window closes); the recovery
        folder gets the finished part of a batch stopped here (see :mod:`.run_recovery`)."""
        self._refresh_timer.stop()
        self.charts_page.stop()
        unfinished = self.batch.shutdown()
        self.run_on_bar.shutdown()
        self.tournament.shutdown()
        chart_loader.finish_loading()  # no thread may outlive the window
        if self.recovery is not None:
            self.recovery.close(unfinished if isinstance(unfinished, RunData) else None)

    @Slot(object)
    def _on_batch_progress(self, snapshot: object) -> None:
        assert isinstance(snapshot, RunSnapshot)
        self._live = snapshot
        self.simulate_bar.show_progress(
            snapshot.games, snapshot.planned, snapshot.games_per_second, snapshot.eta_seconds
        )
        if not self._refresh_timer.isActive():
            self._refresh_timer.start()

    @Slot(object)
    def _on_batch_finished(self, run: object) -> None:
        assert isinstance(run, RunData)
        self._live = None
        self._refresh_timer.stop()  # a live refresh still due would only draw the run again
        if run.games == 0:  # cancelled before any game ended: nothing to keep or chart
            text = self.tr("Cancelled before any game finished")
            self.simulate_bar.finish_progress(0, text)
            self.message.emit(text)
            self.refresh()
            self.simulation_finished.emit(run.summary_dict())
            return
        self.keep_run(run)
        snapshot = self._snapshots[run.number]
        state = self.tr("Cancelled") if run.cancelled else self.tr("Done")
        text = self.tr("%s: %s games in %s (%s games/s)") % (
            state,
            f"{snapshot.games:,}",
            format_seconds(snapshot.elapsed_seconds),
            f"{snapshot.games_per_second:,.0f}",
        )
        if run.failure is not None:  # its workers or cluster went away: say so, keep the games
            text = self.tr("%s; the %s games finished before are kept") % (
                run.failure[:1].upper() + run.failure[1:], f"{snapshot.games:,}")
        self.simulate_bar.finish_progress(snapshot.games, text)
        self.message.emit(text)
        self.simulation_finished.emit(run.summary_dict())

    @Slot(str)
    def _on_batch_failed(self, message: str) -> None:
        self._live = None
        text = self.tr("Simulation failed: %s") % message
        self.simulate_bar.finish_progress(0, text)
        self.message.emit(text)

    # Watched series ------------------------------------------------------------

    def begin_watched_series(
        self, config: GameConfig, x_spec: PlayerSpec, o_spec: PlayerSpec, games: int, first: Mark = "x",
        names: SideNames = BOARD_NAMES,
    ) -> None:
        """Start charting games that are being watched on the board (``first`` moves first;
        the players written by ``names``, their marks)."""
        self._watch_run = RunData(config, x_spec, o_spec, games, first=first, names=names)

    def add_watched_game(self, row: GameRow) -> None:
        """Count one watched game and refresh the charts at once."""
        if self._watch_run is None:
            return
        self._watch_run.add(row)
        self._live = self._watch_run.snapshot()
        self.refresh()

    def end_watched_series(self, cancelled: bool = False) -> RunData | None:
        """Keep the watched games as a run (if any were played)."""
        run, self._watch_run = self._watch_run, None
        self._live = None
        if run is None or run.games == 0:
            self.refresh()
            return None
        run.finish(cancelled=cancelled)
        self.keep_run(run)
        return run

    # Runs ----------------------------------------------------------------------

    def keep_run(self, run: RunData) -> None:
        """Add a finished run to the list and show it."""
        with QSignalBlocker(self.run_list):  # one refresh below, not one per signal
            self.run_list.add_run(run)
        self._snapshots[run.number] = run.snapshot()
        self.run_added.emit(run)
        self.unsaved_changed.emit()
        self.refresh()

    def latest_run(self) -> RunData | None:
        return self.run_list.latest()

    def unsaved_runs(self) -> list[RunData]:
        """The kept runs not yet written to any file (closing the window would lose them),
        newest first."""
        return [run for run in self.run_list.runs() if not run.saved]

    def mark_saved(self, *runs: RunData) -> None:
        """Note that ``runs`` were written to the user's files."""
        for run in runs:
            run.saved = True
        self.unsaved_changed.emit()

    def shown_snapshots(self) -> list[RunSnapshot]:
        """The live run (if any), then ticked runs, newest first."""
        shown = [self._live] if self._live is not None else []
        runs = self.run_list.checked_runs()
        if not runs and not shown and self.run_list.latest() is not None:
            runs = [self.run_list.latest()]
        for run in runs:
            if run.number not in self._snapshots:
                self._snapshots[run.number] = run.snapshot()
            shown.append(self._snapshots[run.number])
        return shown[:MAX_SHOWN_RUNS]

    @Slot()
    def refresh(self) -> None:
        """Redraw the report, and the charts if on screen (at most every ``REFRESH_MS`` in a batch).

        The charts are redrawn one per event-loop pass, so the window never
        repaints all four at once. Charts off screen (or not built yet) are
        redrawn when next seen: the runs they show are kept here, not in the charts.
        """
        shown = self.shown_snapshots()
        kept = set(run.number for run in self.run_list.runs())
        self._snapshots = {n: s for n, s in self._snapshots.items() if n in kept}
        self.report.show_runs(shown)
        self.charts_page.draw(shown, gradually=True)

    # Export ----------------------------------------------------------------------

    def export_results(self, path: str | Path) -> int:
        """Write the latest batch as CSV, one row per game; returns the rows written.

        Raises:
            ExportError: there is no batch yet, or the file cannot be written.
        """
        run = self.latest_run()
        if run is None:
            raise ExportError("no simulation has finished yet: nothing to export")
        rows = write_csv(run, path)
        self.mark_saved(run)
        return rows
