"""The stats panel's four pyqtgraph charts, drawn for one run or several overlaid.

The first run given is the main one (drawn solid); the others are overlays
(dashed or dotted, named in a key under the charts). Every plot item is built
once, for :data:`MAX_RUNS` runs, so a refresh only sets data: building
pyqtgraph items and legends takes far too long to do while a batch runs.
It takes a few hundred milliseconds even once, so it can be done in steps
(:meth:`StatsCharts.build_step`), one per pass of the event loop.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import pyqtgraph as pg
from PySide6.QtCore import QEvent, QTimer, Slot
from PySide6.QtGui import QFont, QResizeEvent
from PySide6.QtWidgets import QGridLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from .chart_style import RUN_DASHES, ChartColors, style_plot, translucent
from .number_format import format_count, format_seconds
from .run_snapshot import DRAW, O_WON, X_WON, RunSnapshot

OUTCOMES = ((X_WON, "X wins"), (O_WON, "O wins"), (DRAW, "Draws"))
#: Runs drawn at once (the main one plus overlays).
MAX_RUNS = 6
BAR_WIDTH = 0.36
MIN_CHART_WIDTH = 250
#: Below this width the charts stack in one column, so titles and axes read in full.
TWO_COLUMN_MIN_WIDTH = 700
#: Bars start at 10^-0.5 nodes on the log chart, so a 1-node move still shows.
LOG_FLOOR = -0.5
#: Milliseconds between the charts' updates in a gradual (live) refresh.
STAGGER_MS = 20
DASH_NAMES = ("solid", "dashed", "dotted", "dash-dot", "dash-dot-dot")
OUTCOME_TOP = 128


class StatsCharts(QWidget):
    """Cumulative outcome rates, move time, game length and nodes per move."""

    # Set by the first build steps (see _add_plot).
    outcome_plot: pg.PlotWidget
    move_time_plot: pg.PlotWidget
    length_plot: pg.PlotWidget
    nodes_plot: pg.PlotWidget

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
        self._ranges: dict[tuple[str, str], tuple[float, float]] = {}
        self._ticks: dict[str, list[list[tuple[int, str]]]] = {}
        self._length_step = 0
        #: What the outcome chart shows: each run's curve, the exact rates and axis length.
        self._curves_shown: list[object] = [None] * MAX_RUNS
        self._exact_shown: tuple[object, int] | None = None
        self._lines: list[list[pg.PlotDataItem]] = []
        self._bars: dict[str, tuple[pg.BarGraphItem, pg.BarGraphItem]] = {}
        self._bar_labels: dict[str, list[pg.TextItem]] = {}
        self._steps: list[Callable[[], None]] = [
            lambda: self._add_plot("outcome_plot", "outcomeChart"),
            lambda: self._add_plot("move_time_plot", "moveTimeChart"),
            lambda: self._add_plot("length_plot", "gameLengthChart"),
            lambda: self._add_plot("nodes_plot", "nodesChart"),
            self._setup_axes,
            lambda: self._add_outcome_lines(MAX_RUNS // 2),
            lambda: self._add_outcome_lines(MAX_RUNS - MAX_RUNS // 2),
            self._build_exact_items,
            self._build_length_items,
            lambda: self._build_bar_items("time", self.move_time_plot),
            lambda: self._build_bar_items("nodes", self.nodes_plot),
            self._build_legends,
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
        plot = pg.PlotWidget()
        plot.setObjectName(name)  # PlotWidget passes keyword arguments on to its PlotItem
        plot.setMinimumSize(MIN_CHART_WIDTH, 190)
        plot.getPlotItem().setMenuEnabled(False)
        setattr(self, attribute, plot)

    def plots(self) -> tuple[pg.PlotWidget, ...]:
        """The charts in display order."""
        return (self.outcome_plot, self.move_time_plot, self.length_plot, self.nodes_plot)

    def chart_titles(self) -> dict[str, pg.PlotWidget]:
        """File-name-friendly names for each chart (their PNG names)."""
        return {
            "outcome_rates": self.outcome_plot,
            "move_time": self.move_time_plot,
            "game_length": self.length_plot,
            "nodes_per_move": self.nodes_plot,
        }

    def outcome_lines(self) -> list[pg.PlotDataItem]:
        """The outcome-rate lines now shown (three per run: X wins, O wins, draws)."""
        return [line for lines in self._lines[: len(self._runs)] for line in lines]

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
            # Every range is set here (see _set_range). Auto-ranging bars whose
            # labels are sized in pixels never settles: it repaints for ever.
            plot.getPlotItem().disableAutoRange()
        item = self.outcome_plot.getPlotItem()
        item.setLabel("left", self.tr("share of games"), units="%")
        item.setLabel("bottom", self.tr("games played (log scale)"))
        # A log scale shows the early swings and the convergence alike, and
        # runs of different lengths side by side.
        item.setLogMode(x=True, y=False)
        # Room above 100 % for the legend, so it never covers a line.
        item.setYRange(0, OUTCOME_TOP, padding=0)
        item.getAxis("left").setTicks([[(v, str(v)) for v in range(0, 101, 20)]])
        item.setLimits(yMin=-5, yMax=OUTCOME_TOP + 5)
        item.getAxis("left").enableAutoSIPrefix(False)
        item.getAxis("bottom").enableAutoSIPrefix(False)
        self.move_time_plot.getPlotItem().setLabel("left", self.tr("average time per move"), units="s")
        item = self.length_plot.getPlotItem()
        item.setLabel("left", self.tr("share of games"), units="%")
        item.setLabel("bottom", self.tr("game length (moves)"))
        item.getAxis("left").enableAutoSIPrefix(False)
        item = self.nodes_plot.getPlotItem()
        item.setLabel("left", self.tr("nodes per move (log scale)"))
        item.getAxis("left").setLogMode(True)

    # Every line, bar and label the charts will ever need, hidden until used.

    def _add_outcome_lines(self, runs: int) -> None:
        self._lines += [[self.outcome_plot.plot([], []) for _ in OUTCOMES] for _ in range(runs)]

    def _build_exact_items(self) -> None:
        # Dotted lines at the exact rates, where they are known (random play on 3x3).
        self._exact_lines = [self.outcome_plot.plot([], []) for _ in OUTCOMES]
        for line in self._exact_lines:
            line.setVisible(False)
        self._exact_label = pg.TextItem(self.tr("dotted: exact odds"), anchor=(1.0, 1.0))
        self._exact_label.setFont(self._label_font())
        self._exact_label.setVisible(False)
        self.outcome_plot.addItem(self._exact_label)

    def _build_length_items(self) -> None:
        self._histogram = pg.BarGraphItem(x=[], height=[], width=0.8)
        self.length_plot.addItem(self._histogram)
        self._histogram_steps = [
            self.length_plot.plot([], [], stepMode="center") for _ in range(MAX_RUNS - 1)
        ]

    def _build_bar_items(self, name: str, plot: pg.PlotWidget) -> None:
        bars = (pg.BarGraphItem(x=[], height=[], width=BAR_WIDTH), pg.BarGraphItem(x=[], height=[], width=BAR_WIDTH))
        for bar in bars:
            plot.addItem(bar)
        self._bars[name] = bars
        labels = [pg.TextItem(anchor=(0.5, 1.0)) for _ in range(2 * MAX_RUNS)]
        for label in labels:
            label.setFont(self._label_font())
            plot.addItem(label)
        self._bar_labels[name] = labels

    def _build_legends(self) -> None:
        legend = self.outcome_plot.getPlotItem().addLegend(offset=(-8, 4), labelTextSize="8pt", colCount=3)
        for line, (_, name) in zip(self._lines[0], OUTCOMES):
            legend.addItem(line, self.tr(name))
        for name, plot in (("time", self.move_time_plot), ("nodes", self.nodes_plot)):
            legend = plot.getPlotItem().addLegend(offset=(-8, 8), labelTextSize="8pt", colCount=2)
            for bar, side in zip(self._bars[name], ("X", "O")):
                legend.addItem(bar, side)
        self._hide_unused(0)

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
        titles = (
            self.tr("Outcome rates as games are played"),
            self.tr("Average move time per player"),
            self.tr("Game length"),
            self.tr("Nodes searched per move"),
        )
        for plot, title in zip(self.plots(), titles):
            # Bars carry value labels; grid lines only help the line and histogram charts.
            style_plot(plot, colors, title, grid=plot in (self.outcome_plot, self.length_plot))
        for index, lines in enumerate(self._lines):
            width = 2.4 if index == 0 else 1.6
            style = RUN_DASHES[index % len(RUN_DASHES)]
            for (outcome, _), line in zip(OUTCOMES, lines):
                line.setPen(pg.mkPen(colors.outcome(outcome), width=width, style=style))
        main = colors.run(0)
        self._histogram.setOpts(brush=translucent(main, 150), pen=pg.mkPen(main))
        for index, steps in enumerate(self._histogram_steps, start=1):
            style = RUN_DASHES[index % len(RUN_DASHES)]
            steps.setPen(pg.mkPen(colors.run(index), width=2, style=style))
        for bars in self._bars.values():
            for bar, color in zip(bars, (colors.x, colors.o)):
                bar.setOpts(brush=translucent(color, 200), pen=pg.mkPen(color))
        for labels in self._bar_labels.values():
            for label in labels:
                label.setColor(colors.foreground)
        for (outcome, _), line in zip(OUTCOMES, self._exact_lines):
            line.setPen(pg.mkPen(translucent(colors.outcome(outcome), 170), width=1, style=RUN_DASHES[2]))
        self._exact_label.setColor(colors.foreground)
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

    def clear(self) -> None:
        """Remove every series."""
        self.show_runs(())

    def _prepare(self, runs: Sequence[RunSnapshot]) -> None:
        self._runs = tuple(runs[:MAX_RUNS])
        overlays = [
            f'<span style="color:{self.colors.run(i).name()}"><b>{run.tag}</b> '
            f"{self.tr(DASH_NAMES[i % len(DASH_NAMES)])}</span>"
            for i, run in enumerate(self._runs)
            if i
        ]
        main = f'<span style="color:{self.colors.run(0).name()}"><b>{self._runs[0].tag if self._runs else ""}</b></span>'
        text = self.tr("Solid lines and filled bars: %s. Overlays: %s.") % (main, ", ".join(overlays)) if overlays else ""
        if text != self.overlay_key.text():
            self.overlay_key.setText(text)
            self.overlay_key.setToolTip(text)
            self.overlay_key.setVisible(bool(text))

    def _hide_unused(self, count: int) -> None:
        """Show the items of the first ``count`` runs only, on every chart."""
        self._hide_unused_lines(count)
        self._hide_unused_histograms(count)
        for name in self._bar_labels:
            self._hide_unused_labels(name, count)

    # Each chart's items are shown or hidden in that chart's own update step,
    # so that a gradual refresh changes (and repaints) one chart at a time.

    def _hide_unused_lines(self, count: int) -> None:
        # The main run's lines stay visible (empty when there is no run): the
        # legend greys out the names of hidden items for good.
        for index, lines in enumerate(self._lines[1:], start=1):
            for line in lines:
                line.setVisible(index < count)
        if count == 0:
            for line in self._lines[0]:
                line.setData([], [])
        for index in range(count, MAX_RUNS):
            self._curves_shown[index] = None

    def _hide_unused_histograms(self, count: int) -> None:
        self._histogram.setVisible(count > 0)
        for index, steps in enumerate(self._histogram_steps, start=1):
            steps.setVisible(index < count)

    def _hide_unused_labels(self, name: str, count: int) -> None:
        for index, label in enumerate(self._bar_labels[name]):
            label.setVisible(index < 2 * count)

    def _updates(self) -> list[Callable[[], None]]:
        return [
            self._update_outcomes,
            self._update_histograms,
            lambda: self._update_bars("time", lambda s, side: s.players[side].avg_move_seconds),
            lambda: self._update_bars("nodes", lambda s, side: s.players[side].avg_nodes_per_move),
        ]

    @Slot()
    def _next_update(self) -> None:
        if self._pending:
            self._pending.pop(0)()
        if not self._pending:
            self._stagger.stop()

    def _set_range(self, plot: pg.PlotWidget, axis: str, low: float, high: float) -> None:
        """Set a fixed axis range, only when it changes.

        Fixed, rarely changing ranges let pyqtgraph reuse its drawn axes and
        skip auto-ranging: that is most of a repaint's cost.
        """
        key = (plot.objectName(), axis)
        if self._ranges.get(key) != (low, high):
            self._ranges[key] = (low, high)
            item = plot.getPlotItem()
            if axis == "x":
                item.setXRange(low, high, padding=0)
            else:
                item.setYRange(low, high, padding=0)

    def _update_outcomes(self) -> None:
        self._hide_unused_lines(len(self._runs))
        # A live run's axis spans the planned games, so it stays put while the lines grow.
        longest = max((run.planned if not run.finished else run.games for run in self._runs), default=0)
        self._set_range(self.outcome_plot, "x", 0, math.log10(max(longest, 10)))
        exact = self._runs[0].exact_rates if self._runs else None
        if (exact, longest) != self._exact_shown:  # setting data, even the same, costs a repaint
            self._exact_shown = (exact, longest)
            for index, line in enumerate(self._exact_lines):
                line.setVisible(exact is not None)
                if exact is not None:
                    line.setData([1, max(longest, 10)], [100 * exact[index]] * 2)
            self._exact_label.setVisible(exact is not None)
            if exact is not None:
                self._exact_label.setPos(math.log10(max(longest, 10)), 100 * max(exact) + 1)
        for index, (run, lines) in enumerate(zip(self._runs, self._lines)):
            if self._curves_shown[index] is run.curve:  # a kept run's curve does not change
                continue
            self._curves_shown[index] = run.curve
            games = [point[0] for point in run.curve]
            for outcome, line in enumerate(lines):
                line.setData(games, [100 * point[1 + outcome] for point in run.curve], skipFiniteCheck=True)

    def _update_histograms(self) -> None:
        self._hide_unused_histograms(len(self._runs))
        used = [n for run in self._runs for n, count in enumerate(run.histogram) if count]
        if used:
            low, high = min(used), max(used)
            self._set_range(self.length_plot, "x", low - 0.6, high + 0.6)
            step = next(s for s in (1, 2, 5, 10, 20, 50, 100) if (high - low) / s <= 12)
            if step != self._length_step:
                self._length_step = step
                self.length_plot.getPlotItem().getAxis("bottom").setTickSpacing(step, step)
        tallest = max((100 * n / (sum(run.histogram) or 1) for run in self._runs for n in run.histogram), default=0)
        self._set_range(self.length_plot, "y", 0, nice_ceiling(tallest * 1.1))
        for index, run in enumerate(self._runs):
            total = sum(run.histogram) or 1
            lengths = list(range(len(run.histogram)))
            shares = [100 * n / total for n in run.histogram]
            if index == 0:
                self._histogram.setOpts(x=lengths, height=shares)
            elif lengths:
                edges = [n - 0.5 for n in lengths] + [lengths[-1] + 0.5]
                self._histogram_steps[index - 1].setData(edges, shares, skipFiniteCheck=True)

    def _update_bars(self, name: str, value: Callable[[RunSnapshot, str], float | None]) -> None:
        plot = self.move_time_plot if name == "time" else self.nodes_plot
        log = name == "nodes"
        self._hide_unused_labels(name, len(self._runs))
        ticks = [[(i, run.tag) for i, run in enumerate(self._runs)]]
        if ticks != self._ticks.get(name):  # setting ticks makes pyqtgraph redraw the axis
            self._ticks[name] = ticks
            plot.getAxis("bottom").setTicks(ticks)
        heights: dict[str, list[float]] = {"x": [], "o": []}
        labels = self._bar_labels[name]
        for index, run in enumerate(self._runs):
            for offset, side in ((0, "x"), (1, "o")):
                raw = value(run, side)
                if log:
                    height = math.log10(raw) - LOG_FLOOR if raw else 0.0
                    text = format_count(raw)
                else:
                    height = raw or 0.0
                    text = format_seconds(raw)
                heights[side].append(height)
                label = labels[2 * index + offset]
                label.setText(text if raw is not None else "")
                label.setPos(index + (offset - 0.5) * BAR_WIDTH * 1.05, height + LOG_FLOOR if log else height)
        positions = list(range(len(self._runs)))
        base = {"y0": LOG_FLOOR} if log else {}
        x_bar, o_bar = self._bars[name]
        x_bar.setOpts(x=[p - BAR_WIDTH / 2 for p in positions], height=heights["x"], **base)
        o_bar.setOpts(x=[p + BAR_WIDTH / 2 for p in positions], height=heights["o"], **base)
        tallest = max(heights["x"] + heights["o"] + [0.0])
        self._set_range(plot, "x", -0.7, (positions[-1] if positions else 0) + 0.7)
        if log:
            # At least two decades, so the axis shows 1, 10, 100 rather than crowded minor ticks.
            self._set_range(plot, "y", LOG_FLOOR, LOG_FLOOR + max(math.ceil(tallest * 1.3), 2.5))
        else:
            top = nice_ceiling(tallest * 1.35)
            current = self._ranges.get((plot.objectName(), "y"), (0.0, 0.0))[1]
            # Keep the axis while the bars still fit it well: each change redraws it.
            if not 0 < tallest * 1.15 <= current <= top * 2.5:
                self._set_range(plot, "y", 0, top)


class _KeyLabel(QLabel):
    """A wrapped label of fixed height that never asks for a height for its width.

    A wrapped QLabel does, and then the scroll area around the charts sizes
    them by their preferred heights instead of fitting them to the page.
    """

    def hasHeightForWidth(self) -> bool:
        return False


def nice_ceiling(value: float) -> float:
    """The next 1, 2 or 5 times a power of ten at or above ``value`` (axis tops)."""
    if value <= 0:
        return 1.0
    power = 10 ** math.floor(math.log10(value))
    return next(step * power for step in (1, 2, 5, 10) if step * power >= value * (1 - 1e-9))
