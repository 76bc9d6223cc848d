"""The stats panel dock: the view of the :class:`StatsController`.

It shows the batch under way, the kept runs (charts, report, run list) and
the tournament, and reports what the user asks for to the controller, which
owns the runs.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QSignalBlocker, Qt, QTimer, Signal, Slot
from PySide6.QtWidgets import QDockWidget, QSizePolicy, QTabWidget, QVBoxLayout, QWidget

from . import chart_loader
from .background import BackgroundTask
from .charts_page import ChartsPage
from .emit_guard import guard_emit_refcount
from .export_choices import ExportChoices
from .kept_runs import MAX_SHOWN_RUNS
from .match import Match
from .report_table import ReportTable
from .run_data import RunData
from .run_list import RunList
from .run_on_bar import RunOnBar
from .run_recovery import RunRecovery
from .run_snapshot import RunSnapshot
from .runs_page import RunsPage
from .simulate_bar import SimulateBar
from .stats_controller import StatsController
from .tournament_view import TournamentView

if TYPE_CHECKING:  # the charts module imports pyqtgraph: loaded later, see chart_loader
    from .charts import StatsCharts

# Charts and batches emit signals many times a second: keep PySide 6.12's
# emit() reference leak from aborting the process (see emit_guard).
guard_emit_refcount()


#: Chart refreshes during a batch: at most five a second (painting is the costly part).
REFRESH_MS = 200
CHARTS_TAB = 0


class StatsPanel(QDockWidget):
    """Everything about many games at once, in one dock (objectName ``statsPanel``).

    A view: ``controller`` owns the runs; the panel paints them and passes the
    user's actions on.
    """

    #: The engine summary (``simulate --json`` keys) of each finished batch.
    simulation_finished = Signal(dict)
    #: A run was kept in the run list.
    run_added = Signal(object)
    #: Something to tell the user in the status bar.
    message = Signal(str)
    #: The set of unsaved runs may have changed (one kept, saved or removed).
    unsaved_changed = Signal()

    def __init__(self, controller: StatsController, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("Statistics"), parent)
        self.setObjectName("statsPanel")
        #: Owns the runs this panel shows.
        self.controller = controller
        self._snapshots: dict[int, RunSnapshot] = {}  # the kept runs' chart data, by number
        self._refresh_timer = QTimer(self, singleShot=True, interval=REFRESH_MS)
        self._refresh_timer.timeout.connect(self.refresh)
        #: Whether the dock is on screen; Qt keeps tabbed-away docks "visible".
        self._on_screen = False
        self._build()
        #: Export as CSV, JSON or PNG, after asking where.
        self.exports = ExportChoices(
            controller, self, self._chosen_run, lambda: self.charts_page.pictures(self.shown_snapshots())
        )
        self._connect_controller()
        self.visibilityChanged.connect(self._on_visibility_changed)
        self.tabs.currentChanged.connect(self._on_tab_changed)
        chart_loader.start_after_first_frame(self)
        self.refresh_match()

    def _build(self) -> None:
        self.run_on_bar = RunOnBar()
        self.simulate_bar = SimulateBar()
        self.simulate_bar.simulate_requested.connect(self.start_simulation)
        self.simulate_bar.cancel_requested.connect(self.controller.cancel_simulation)
        self.simulate_bar.swap_box.toggled.connect(self.refresh_match)  # the header says who starts
        self.report = ReportTable()
        self.run_list = RunList(self.controller.kept)
        self.run_list.selection_changed.connect(self.refresh)
        self.run_list.remove_requested.connect(self.controller.remove_runs)
        self.run_list.clear_requested.connect(self.controller.clear_runs)
        self._tournament: TournamentView | None = None
        self._tournament_page = QWidget(objectName="tournamentPage")  # holds the view once built
        QVBoxLayout(self._tournament_page).setContentsMargins(0, 0, 0, 0)
        self.runs_page = RunsPage(self.run_list)
        self.tabs = QTabWidget(objectName="statsTabs")
        self.charts_page = ChartsPage()
        self.charts_page.redraw_needed.connect(self.refresh)
        self.tabs.addTab(self.charts_page, self.tr("Charts"))
        self.tabs.addTab(self.report, self.tr("Report"))
        self.tabs.addTab(self.runs_page, self.tr("Runs"))
        self.tabs.addTab(self._tournament_page, self.tr("Tournament"))
        for index in range(self.tabs.count()):
            # Pages whose contents change (a new report column, a longer label)
            # must not re-lay out the panel: that would resize and repaint every chart.
            page = self.tabs.widget(index)
            assert page is not None
            page.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Ignored)
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.run_on_bar)
        layout.addWidget(self.simulate_bar)
        layout.addWidget(self.tabs, 1)
        self.setWidget(body)

    def _connect_controller(self) -> None:
        c = self.controller
        # The list first: whoever hears of a run after it finds it listed.
        c.run_added.connect(self._show_run)
        c.runs_removed.connect(self.run_list.drop_runs)
        c.run_added.connect(self.run_added)
        c.unsaved_changed.connect(self.runs_page.show_recovered)
        c.unsaved_changed.connect(self.unsaved_changed)
        c.simulation_finished.connect(self.simulation_finished)
        c.message.connect(self.message)
        c.problem.connect(self.simulate_bar.show_problem)
        c.export_failed.connect(self.simulate_bar.show_message)
        c.shown_changed.connect(self._refresh_now)
        c.batch_started.connect(self.simulate_bar.start_progress)
        c.batch_progress.connect(self._on_batch_progress)
        c.batch_ended.connect(self.simulate_bar.finish_progress)
        c.running_changed.connect(self.simulate_bar.set_running)
        c.running_changed.connect(self.run_on_bar.setDisabled)
        self.runs_page.export_csv_requested.connect(self.exports.choose_csv_file)
        self.runs_page.export_json_requested.connect(self.exports.choose_json_file)
        self.runs_page.export_png_requested.connect(self.exports.choose_png_folder)
        self.runs_page.engine_log_requested.connect(self.show_engine_log)

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

    # What the controller owns, as the panel's scripts and tests know it -------------

    @property
    def batch(self) -> BackgroundTask:
        """The controller's batch task."""
        return self.controller.batch

    @property
    def recovery(self) -> RunRecovery | None:
        """The controller's recovery of unsaved runs (None until started)."""
        return self.controller.recovery

    def latest_run(self) -> RunData | None:
        return self.controller.latest_run()

    def unsaved_runs(self) -> list[RunData]:
        """The kept runs nobody saved yet, newest first (see the controller)."""
        return self.controller.unsaved_runs()

    def keep_run(self, run: RunData) -> None:
        """Keep a finished run and show it (see the controller)."""
        self.controller.keep_run(run)

    def mark_saved(self, *runs: RunData) -> None:
        self.controller.mark_saved(*runs)

    def export_results(self, path: str | Path) -> int:
        """Write the latest run as CSV (see :meth:`StatsController.export_results`)."""
        return self.controller.export_results(path)

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
        if self._tournament is None and self.tabs.currentWidget() is self._tournament_page:
            self._build_tournament()
        self.charts_page.set_seen(self.charts_on_screen())

    # The tournament, built when first needed -----------------------------------

    @property
    def tournament(self) -> TournamentView:
        """The Tournament tab's view, built the first time it is shown or asked for.

        Most sessions never run a tournament: building its player editor and
        tables with every window would only slow the start.
        """
        if self._tournament is None:
            return self._build_tournament()
        return self._tournament

    def _build_tournament(self) -> TournamentView:
        view = self._tournament = TournamentView(lambda: self.controller.match()[0])
        view.tournament_finished.connect(lambda _: self.message.emit(self.tr("Tournament finished")))
        layout = self._tournament_page.layout()
        assert layout is not None
        layout.addWidget(view)
        _follow_in_tab_order(self.tabs.tabBar(), view)
        return view

    # The match to simulate ---------------------------------------------------

    def set_match_source(self, source: Callable[[], tuple[object, ...]]) -> None:
        """Where batches read the board, players and first mover (normally the settings dock).

        ``source`` returns a :class:`Match` or the tuple of its fields (X moves
        first when the mark is left out).
        """
        self.controller.set_match_source(lambda: Match(*source()))  # type: ignore[arg-type]
        self.refresh_match()

    def match(self) -> Match:
        """What 'Simulate' would play now.

        Raises:
            ValueError: the source cannot give a match (e.g. a bad board).
        """
        return self.controller.match()

    @Slot()
    def refresh_match(self) -> None:
        """Show which match 'Simulate' will play."""
        try:
            match = self.match()
        except ValueError as error:
            self.simulate_bar.set_match_text(str(error))
            return
        self.charts_page.set_match_names(match.names)
        swap = self.simulate_bar.swap()
        self.simulate_bar.set_match_text(match.text(swap), match.spec_text(swap))
        if "human" not in (match.x_spec.kind, match.o_spec.kind):
            self.simulate_bar.clear_problem()  # "X is a human: …" no longer holds

    # Batches -----------------------------------------------------------------

    @Slot()
    def start_simulation(self) -> bool:
        """Start a batch with the bar's options; False (with a message) if it cannot."""
        bar, place = self.simulate_bar, self.run_on_bar
        pool = place.link.pool() if place.on_cluster() else None
        return self.controller.start_simulation(bar.games(), bar.seed(), bar.swap(), pool, place.problem())

    @Slot()
    def cancel_simulation(self) -> None:
        self.controller.cancel_simulation()

    def is_simulating(self) -> bool:
        return self.controller.is_simulating()

    def shutdown(self) -> None:
        """Stop and wait for background work (before the window closes), the controller's too."""
        self._refresh_timer.stop()
        self.charts_page.stop()
        self.run_on_bar.shutdown()
        if self._tournament is not None:
            self._tournament.shutdown()
        chart_loader.finish_loading()  # no thread may outlive the window
        self.controller.shutdown()

    @Slot(object)
    def _on_batch_progress(self, snapshot: object) -> None:
        assert isinstance(snapshot, RunSnapshot)
        self.simulate_bar.show_progress(
            snapshot.games, snapshot.planned, snapshot.games_per_second, snapshot.elapsed_seconds
        )
        if not self._refresh_timer.isActive():
            self._refresh_timer.start()

    # Runs ----------------------------------------------------------------------

    @Slot(object)
    def _show_run(self, run: object) -> None:
        assert isinstance(run, RunData)
        with QSignalBlocker(self.run_list):  # one refresh when the controller says, not one per signal
            self.run_list.show_run(run)
        self._snapshots[run.number] = run.snapshot()

    def _chosen_run(self) -> RunData | None:
        """The run to export: the highlighted one, or the latest."""
        highlighted = self.run_list.highlighted_runs()
        return highlighted[0] if highlighted else self.controller.latest_run()

    def shown_snapshots(self) -> list[RunSnapshot]:
        """The live run (if any), then ticked runs, newest first."""
        live = self.controller.live
        shown = [live] if live is not None else []
        runs = self.run_list.checked_runs()
        latest = self.controller.latest_run()
        if not runs and not shown and latest is not None:
            runs = [latest]
        for run in runs:
            if run.number not in self._snapshots:
                self._snapshots[run.number] = run.snapshot()
            shown.append(self._snapshots[run.number])
        return shown[:MAX_SHOWN_RUNS]

    @Slot()
    def _refresh_now(self) -> None:
        self._refresh_timer.stop()  # a live refresh still due would only draw the same runs
        self.refresh()

    @Slot()
    def refresh(self) -> None:
        """Redraw the report, and the charts if on screen (at most every ``REFRESH_MS`` in a batch).

        The charts are redrawn one per event-loop pass, so the window never
        repaints all four at once. Charts off screen (or not built yet) are
        redrawn when next seen: the runs they show are kept by the controller.
        """
        shown = self.shown_snapshots()
        kept = set(run.number for run in self.controller.kept.runs())
        self._snapshots = {n: s for n, s in self._snapshots.items() if n in kept}
        self.report.show_runs(shown)
        self.charts_page.draw(shown, gradually=True)


def _follow_in_tab_order(first: QWidget, later: QWidget) -> None:
    """Put the Tab stops in ``later`` right after ``first``, in their own order.

    A widget built after its window goes to the end of the window's Tab order;
    this gives its stops the place they would have had if built with the window.
    """
    stops: list[QWidget] = []
    widget = later.nextInFocusChain()
    while widget is not None and widget is not later and later.isAncestorOf(widget):
        if widget.focusPolicy() & Qt.FocusPolicy.TabFocus:
            stops.append(widget)
        widget = widget.nextInFocusChain()
    for before, after in zip([first, *stops], stops):
        QWidget.setTabOrder(before, after)
