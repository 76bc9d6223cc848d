"""The stats panel's four pyqtgraph charts, drawn for one run or several overlaid.

The first run given is the main one (drawn solid); the others are overlays
(dashed or dotted, named in a key under the charts). Every plot item is built
once, for :data:`MAX_RUNS` runs, so a refresh only sets data: building
pyqtgraph items takes far too long to do while a batch runs. It takes a few
hundred milliseconds even once, so it can be done in steps
(:meth:`StatsCharts.build_step`), one per pass of the event loop.

Each chart is a :class:`~.chart_widget.ChartWidget` (scrolling, zoom, Reset,
legend row); what is drawn on it is :mod:`.outcome_chart`'s, :mod:`.length_histogram`'s
or :mod:`.bar_charts`' part. :mod:`.chart_export` draws the charts as pictures for reports.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pyqtgraph as pg
from PySide6.QtCore import QEvent, QTimer, Slot
from PySide6.QtGui import QFont, QResizeEvent
from PySide6.QtWidgets import QGridLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from tictactoe_qt.engine.text import SideNames, duration_unit

from .bar_charts import BarChart
from .chart_style import ChartColors, style_plot
from .chart_widget import MIN_HEIGHT, ChartWidget
from .length_histogram import LengthHistogram
from .number_format import format_count, format_seconds
from .outcome_chart import OutcomeChart
from .run_snapshot import RunSnapshot

#: Runs drawn at once (the main one plus overlays).
MAX_RUNS = 6
MIN_CHART_WIDTH = 250
#: Below this width the charts stack in one column, so titles and axes read in full.
TWO_COLUMN_MIN_WIDTH = 700
#: Milliseconds between the charts' updates in a gradual (live) refresh.
STAGGER_MS = 20
DASH_NAMES = ("solid", "dashed", "dotted", "dash-dot", "dash-dot-dot")


#: The attributes holding the charts, in display order (set by the first build steps).
PLOT_NAMES = ("outcome_plot", "move_time_plot", "length_plot", "nodes_plot")


class StatsCharts(QWidget):
    """Cumulative outcome rates, move time, game length and nodes per move."""

    # Set by the first build steps (see _add_plot).
    outcome_plot: ChartWidget
    move_time_plot: ChartWidget
    length_plot: ChartWidget
    nodes_plot: ChartWidget
    outcomes: OutcomeChart
    lengths: LengthHistogram
    time_bars: BarChart
    node_bars: BarChart

    def __init__(self, parent: QWidget | None = None, *, build_now: bool = True) -> None:
        """Build the charts now, or (``build_now=False``) leave it to :meth:`build_step`."""
        super().__init__(parent)
        self.setObjectName("statsCharts")
        self.overlay_key = _KeyLabel(objectName="overlayKey")
        self.overlay_key.setWordWrap(True)
        # Two lines kept free for the key, shown or not: a key that came and went
        # (or wrapped anew) would resize, and so repaint, every chart.
        key_policy = QSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        key_policy.setRetainSizeWhenHidden(True)
        self.overlay_key.setSizePolicy(key_policy)
        self.overlay_key.setFixedHeight(2 * self.overlay_key.fontMetrics().lineSpacing() + 4)
        self.overlay_key.setVisible(False)
        grid_host = QWidget()
        self._grid = QGridLayout(grid_host)
        self._grid.setContentsMargins(0, 0, 0, 0)
        self._grid.setSpacing(6)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(grid_host, 1)
        layout.addWidget(self.overlay_key)
        self._columns = 0
        self._runs: tuple[RunSnapshot, ...] = ()
        self._pending: list[Callable[[], None]] = []
        self._stagger = QTimer(self, interval=STAGGER_MS)
        self._stagger.timeout.connect(self._next_update)
        self.refresh_count = 0
        self._shown_matches: tuple[str, ...] = ()
        self._steps: list[Callable[[], None]] = [
            lambda: self._add_plot("outcome_plot", "outcomeChart"),
            lambda: self._add_plot("move_time_plot", "moveTimeChart"),
            lambda: self._add_plot("length_plot", "gameLengthChart"),
            lambda: self._add_plot("nodes_plot", "nodesChart"),
            self._setup_axes,
            lambda: self.outcomes.add_run_lines(MAX_RUNS // 2),
            lambda: self.outcomes.add_run_lines(MAX_RUNS - MAX_RUNS // 2),
            lambda: self.outcomes.add_exact_lines(),
            self._build_length_histogram,
            self._build_time_bars,
            self._build_node_bars,
            self.apply_palette,
        ]
        if build_now:
            self.finish_building()

    def build_step(self) -> bool:
        """Build the next part (a few tens of milliseconds); True once all is built."""
        if self._steps:
            self._steps.pop(0)()
        return self.is_built()

    def finish_building(self) -> None:
        """Build whatever is left, now."""
        while not self.build_step():
            pass

    def is_built(self) -> bool:
        return not self._steps

    def _add_plot(self, attribute: str, name: str) -> None:
        plot = ChartWidget(name)
        plot.setMinimumSize(MIN_CHART_WIDTH, MIN_HEIGHT)
        setattr(self, attribute, plot)

    def plots(self) -> tuple[ChartWidget, ...]:
        """The charts in display order."""
        return tuple(getattr(self, name) for name in PLOT_NAMES)

    def dispose(self) -> None:
        """Take the charts down the way pyqtgraph asks (``PlotWidget.close``), before they go.

        pyqtgraph builds a "Plot Options" form for every plot, whose widgets Qt moves
        between parents. Left to the garbage collector once the charts were deleted,
        that form's wrappers deleted a widget whose parent was already gone: the
        program crashed at some later moment. Closed first, the plots take those
        parts down in order. The charts are not drawn again afterwards; a second call
        does nothing.
        """
        self._stagger.stop()
        self._pending.clear()
        for name in PLOT_NAMES:
            plot = vars(self).get(name)  # charts still being built lack the later plots
            if plot is not None and plot.plotItem is not None:  # not closed already
                plot.close()

    def chart_titles(self) -> dict[str, ChartWidget]:
        """File-name-friendly names for each chart (their PNG names)."""
        return {
            "outcome_rates": self.outcome_plot,
            "move_time": self.move_time_plot,
            "game_length": self.length_plot,
            "nodes_per_move": self.nodes_plot,
        }

    def titles(self) -> tuple[str, ...]:
        """The charts' titles, in display order."""
        return (
            self.tr("Outcome rates as games are played"),
            self.tr("Average move time per player"),
            self.tr("Game length"),
            self.tr("Nodes searched per move"),
        )

    def runs(self) -> tuple[RunSnapshot, ...]:
        """The runs drawn, main one first."""
        return self._runs

    def outcome_lines(self) -> list[pg.PlotDataItem]:
        """The outcome-rate lines now shown (three per run: X wins, O wins, draws)."""
        return self.outcomes.shown_lines(len(self._runs))

    # Layout ----------------------------------------------------------------

    def _arrange(self, columns: int) -> None:
        """Lay the charts out in one column (narrow docks) or a 2 x 2 grid."""
        if columns == self._columns:
            return
        self._columns = columns
        for position, plot in enumerate(self.plots()):
            self._grid.removeWidget(plot)
            self._grid.addWidget(plot, position // columns, position % columns)

    def resizeEvent(self, event: QResizeEvent) -> None:
        if self.is_built():
            self._arrange(1 if event.size().width() < TWO_COLUMN_MIN_WIDTH else 2)
        super().resizeEvent(event)

    def _setup_axes(self) -> None:
        self._arrange(2)
        for plot in self.plots():
            # Every range is set here (see ChartWidget.set_home_range). Auto-ranging
            # bars whose labels are sized in pixels never settles: it repaints for ever.
            plot.getPlotItem().disableAutoRange()
        self.outcomes = OutcomeChart(self.outcome_plot, MAX_RUNS, self)

    # Every line, bar and label the charts will ever need, hidden until used.

    def _build_length_histogram(self) -> None:
        self.lengths = LengthHistogram(self.length_plot, MAX_RUNS, self)

    def _build_time_bars(self) -> None:
        self.time_bars = BarChart(
            self.move_time_plot,
            MAX_RUNS,
            lambda run, side: run.players[side].avg_move_seconds,
            format_seconds,
            self.tr("time per move"),
            duration_unit,
            self._label_font(),
        )

    def _build_node_bars(self) -> None:
        self.node_bars = BarChart(
            self.nodes_plot,
            MAX_RUNS,
            lambda run, side: run.players[side].avg_nodes_per_move,
            format_count,
            self.tr("nodes per move"),
            None,
            self._label_font(),
            lambda run, side: run.players[side].nodes_reported,
        )

    def bar_charts(self) -> tuple[BarChart, BarChart]:
        return self.time_bars, self.node_bars

    def _label_font(self) -> QFont:
        font = QFont(self.font())
        font.setPointSizeF(max(6.5, font.pointSizeF() * 0.8))
        return font

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.PaletteChange and self.is_built():
            self.apply_palette()
        super().changeEvent(event)

    def apply_palette(self) -> None:
        """Recolour every chart from the current palette."""
        colors = self.colors = ChartColors.from_palette(self.palette())
        for plot, title in zip(self.plots(), self.titles()):
            # Bars carry value labels; grid lines only help the line and histogram charts.
            style_plot(plot, colors, title, grid=plot in (self.outcome_plot, self.length_plot))
        self.outcomes.apply_palette(colors)
        self.lengths.apply_palette(colors)
        for bars in self.bar_charts():
            bars.apply_palette(colors)
        if self._runs:
            self.show_runs(self._runs)

    # Showing runs ------------------------------------------------------------

    def show_runs(self, runs: Sequence[RunSnapshot]) -> None:
        """Draw ``runs`` now: the first solid, the rest as overlays."""
        self._stagger.stop()
        self._pending = []
        self._prepare(runs)
        for update in self._updates():
            update()
        self.refresh_count += 1

    def show_runs_gradually(self, runs: Sequence[RunSnapshot]) -> None:
        """Like :meth:`show_runs`, one chart per event-loop pass (for live refreshes).

        Each chart then repaints on its own, so the GUI thread is never busy
        painting all four at once.
        """
        self._prepare(runs)
        self._pending = self._updates()
        self._pending.pop(0)()
        self._stagger.start()
        self.refresh_count += 1

    def is_updating(self) -> bool:
        """True while a gradual refresh still has charts to update."""
        return bool(self._pending)

    def set_match_names(self, names: SideNames) -> None:
        """How the match now set up writes its players: the legend's names until a run shows."""
        self.outcomes.match_names = names
        for bars in self.bar_charts():
            bars.match_names = names
        if not self._runs:  # only the legends change: no count of a refresh
            self.outcomes.update(())
            for bars in self.bar_charts():
                bars.update(())

    def clear(self) -> None:
        """Remove every series."""
        self.show_runs(())

    def _prepare(self, runs: Sequence[RunSnapshot]) -> None:
        self._runs = tuple(runs[:MAX_RUNS])
        # A zoom belongs to what it was made on: other runs show whole. (A live
        # run kept at its end is the same run: its tag changes, not its match.)
        shown = tuple(run.label.removeprefix(f"{run.tag} ") for run in self._runs)
        if shown != self._shown_matches:
            self._shown_matches = shown
            for plot in self.plots():
                plot.reset_view()
        overlays = [
            f'<span style="color:{self.colors.run(i).name()}"><b>{run.tag}</b> '
            f"{self.tr(DASH_NAMES[i % len(DASH_NAMES)])}</span>"
            for i, run in enumerate(self._runs)
            if i
        ]
        tag = self._runs[0].tag if self._runs else ""
        main = f'<span style="color:{self.colors.run(0).name()}"><b>{tag}</b></span>'
        text = (
            self.tr("Solid lines and filled bars: %s. Overlays: %s.") % (main, ", ".join(overlays)) if overlays else ""
        )
        if text != self.overlay_key.text():
            self.overlay_key.setText(text)
            self.overlay_key.setToolTip(text)
            self.overlay_key.setVisible(bool(text))

    # Each chart's items are shown or hidden in that chart's own update,
    # so that a gradual refresh changes (and repaints) one chart at a time.

    def _updates(self) -> list[Callable[[], None]]:
        return [
            lambda: self.outcomes.update(self._runs),
            lambda: self.lengths.update(self._runs),
            lambda: self.time_bars.update(self._runs),
            lambda: self.node_bars.update(self._runs),
        ]

    @Slot()
    def _next_update(self) -> None:
        if self._pending:
            self._pending.pop(0)()
        if not self._pending:
            self._stagger.stop()


class _KeyLabel(QLabel):
    """A wrapped label of fixed height that never asks for a height for its width.

    A wrapped QLabel does, and then the scroll area around the charts sizes
    them by their preferred heights instead of fitting them to the page.
    """

    def hasHeightForWidth(self) -> bool:
        return False
