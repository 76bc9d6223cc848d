"""The stats panel's four pyqtgraph charts, drawn for one run or several overlaid.

The first run given is the main one (drawn solid); the others are overlays
(dashed lines, extra bars). Data items are reused between refreshes, so a
live refresh costs a few ``setData`` calls.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pyqtgraph as pg
from PySide6.QtCore import QEvent
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QGridLayout, QWidget

from .chart_style import RUN_DASHES, ChartColors, style_plot, translucent
from .number_format import format_count, format_seconds
from .run_data import DRAW, O_WON, X_WON, RunSnapshot

OUTCOMES = ((X_WON, "X wins"), (O_WON, "O wins"), (DRAW, "Draws"))
BAR_WIDTH = 0.36
MIN_CHART_WIDTH = 300
#: Bars start at 10^-0.5 nodes on the log chart, so a 1-node move still shows.
LOG_FLOOR = -0.5


class StatsCharts(QWidget):
    """Cumulative outcome rates, move time, game length and nodes per move."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("statsCharts")
        self.outcome_plot = pg.PlotWidget(objectName="outcomeChart")
        self.move_time_plot = pg.PlotWidget(objectName="moveTimeChart")
        self.length_plot = pg.PlotWidget(objectName="gameLengthChart")
        self.nodes_plot = pg.PlotWidget(objectName="nodesChart")
        self._grid = QGridLayout(self)
        self._grid.setContentsMargins(0, 0, 0, 0)
        self._grid.setSpacing(6)
        self._columns = 0
        for plot in self.plots():
            plot.setMinimumSize(MIN_CHART_WIDTH, 190)
            plot.getPlotItem().setMenuEnabled(False)
        self._arrange(2)
        self._runs: tuple[RunSnapshot, ...] = ()
        self._key: tuple[str, ...] | None = None
        self._lines: list[list[pg.PlotDataItem]] = []
        self._histograms: list[pg.GraphicsObject] = []
        self._bar_labels: dict[str, list[pg.TextItem]] = {}
        self._bars: dict[str, tuple[pg.BarGraphItem, pg.BarGraphItem]] = {}
        self.refresh_count = 0
        self._setup_axes()
        self.apply_palette()

    def _arrange(self, columns: int) -> None:
        """Lay the charts out in one column (narrow docks) or a 2 x 2 grid."""
        if columns == self._columns:
            return
        self._columns = columns
        for position, plot in enumerate(self.plots()):
            self._grid.removeWidget(plot)
            self._grid.addWidget(plot, position // columns, position % columns)

    def resizeEvent(self, event: QResizeEvent) -> None:
        self._arrange(1 if event.size().width() < 2 * MIN_CHART_WIDTH + 20 else 2)
        super().resizeEvent(event)

    def plots(self) -> tuple[pg.PlotWidget, ...]:
        """The charts in display order (also their PNG export order)."""
        return (self.outcome_plot, self.move_time_plot, self.length_plot, self.nodes_plot)

    def chart_titles(self) -> dict[str, pg.PlotWidget]:
        """File-name-friendly names for each chart."""
        return {
            "outcome_rates": self.outcome_plot,
            "move_time": self.move_time_plot,
            "game_length": self.length_plot,
            "nodes_per_move": self.nodes_plot,
        }

    def _setup_axes(self) -> None:
        item = self.outcome_plot.getPlotItem()
        item.setLabel("left", self.tr("share of games"), units="%")
        item.setLabel("bottom", self.tr("games played"))
        item.setYRange(0, 100, padding=0.02)
        item.setLimits(yMin=-5, yMax=110)
        item.getAxis("left").enableAutoSIPrefix(False)
        item.getAxis("bottom").enableAutoSIPrefix(False)
        item = self.move_time_plot.getPlotItem()
        item.setLabel("left", self.tr("average time per move"), units="s")
        item = self.length_plot.getPlotItem()
        item.setLabel("left", self.tr("share of games"), units="%")
        item.setLabel("bottom", self.tr("game length (moves)"))
        item.getAxis("left").enableAutoSIPrefix(False)
        item = self.nodes_plot.getPlotItem()
        item.setLabel("left", self.tr("nodes per move (log scale)"))
        item.getAxis("left").setLogMode(True)
        legends = {
            self.outcome_plot: ((-8, 8), 3),
            self.move_time_plot: ((-8, 8), 2),
            self.length_plot: ((8, 8), 1),
            self.nodes_plot: ((-8, 8), 2),
        }
        for plot, (offset, columns) in legends.items():
            plot.getPlotItem().addLegend(offset=offset, labelTextSize="8pt", colCount=columns)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.PaletteChange:
            self.apply_palette()
        super().changeEvent(event)

    def apply_palette(self) -> None:
        """Recolour every chart from the current palette."""
        self.colors = ChartColors.from_palette(self.palette())
        titles = (
            self.tr("Outcome rates as games are played"),
            self.tr("Average move time per player"),
            self.tr("Game length"),
            self.tr("Nodes searched per move"),
        )
        for plot, title in zip(self.plots(), titles):
            style_plot(plot, self.colors, title)
        self._key = None
        if self._runs:
            self.show_runs(self._runs)

    def show_runs(self, runs: Sequence[RunSnapshot]) -> None:
        """Draw ``runs``: the first solid, the rest as overlays."""
        self._runs = tuple(runs)
        key = tuple(r.tag for r in runs)
        if key != self._key:
            self._rebuild(len(runs))
            self._key = key
        self._update_outcomes()
        self._update_histograms()
        self._update_bars("time", self.move_time_plot, lambda s, side: s.players[side].avg_move_seconds)
        self._update_bars("nodes", self.nodes_plot, lambda s, side: s.players[side].avg_nodes_per_move)
        self.refresh_count += 1

    def clear(self) -> None:
        """Remove every series."""
        self._runs = ()
        self._rebuild(0)
        self._key = ()

    # Building items --------------------------------------------------------

    def _rebuild(self, count: int) -> None:
        for plot in self.plots():
            item = plot.getPlotItem()
            item.clear()
            if item.legend is not None:
                item.legend.clear()
        self._lines = []
        self._histograms = []
        self._bar_labels = {}
        self._bars = {}
        colors = self.colors
        for index, run in enumerate(self._runs[:count]):
            suffix = "" if index == 0 else f" ({run.tag})"
            width = 2.4 if index == 0 else 1.6
            dash = RUN_DASHES[index % len(RUN_DASHES)]
            lines = []
            for outcome, name in OUTCOMES:
                pen = pg.mkPen(colors.outcome(outcome), width=width, style=dash)
                lines.append(self.outcome_plot.plot([], [], pen=pen, name=self.tr(name) + suffix))
            self._lines.append(lines)
            color = colors.run(index)
            if index == 0:
                histogram = pg.BarGraphItem(
                    x=[], height=[], width=0.8, brush=translucent(color, 150), pen=pg.mkPen(color)
                )
                self.length_plot.addItem(histogram)
                self.length_plot.getPlotItem().legend.addItem(histogram, run.tag)
            else:
                histogram = self.length_plot.plot(
                    [], [], stepMode="center", pen=pg.mkPen(color, width=2, style=dash), name=run.tag
                )
            self._histograms.append(histogram)
        if count:
            for name, plot in (("time", self.move_time_plot), ("nodes", self.nodes_plot)):
                bars = []
                for side, color in (("X", colors.x), ("O", colors.o)):
                    bar = pg.BarGraphItem(
                        x=[], height=[], width=BAR_WIDTH, brush=translucent(color, 200), pen=pg.mkPen(color)
                    )
                    plot.addItem(bar)
                    plot.getPlotItem().legend.addItem(bar, side)
                    bars.append(bar)
                self._bars[name] = (bars[0], bars[1])
                labels = []
                for _ in range(2 * count):
                    label = pg.TextItem(color=colors.foreground, anchor=(0.5, 1.0))
                    plot.addItem(label)
                    labels.append(label)
                self._bar_labels[name] = labels
        ticks = [[(i, run.tag) for i, run in enumerate(self._runs[:count])]]
        self.move_time_plot.getAxis("bottom").setTicks(ticks)
        self.nodes_plot.getAxis("bottom").setTicks(ticks)

    # Updating data ---------------------------------------------------------

    def _update_outcomes(self) -> None:
        for run, lines in zip(self._runs, self._lines):
            games = [point[0] for point in run.curve]
            for outcome, line in enumerate(lines):
                line.setData(games, [100 * point[1 + outcome] for point in run.curve])

    def _update_histograms(self) -> None:
        used = [n for run in self._runs for n, count in enumerate(run.histogram) if count]
        if used:
            self.length_plot.getPlotItem().setXRange(min(used) - 0.6, max(used) + 0.6, padding=0)
        for index, (run, item) in enumerate(zip(self._runs, self._histograms)):
            total = sum(run.histogram) or 1
            lengths = list(range(len(run.histogram)))
            shares = [100 * n / total for n in run.histogram]
            if index == 0:
                item.setOpts(x=lengths, height=shares)
            elif lengths:
                edges = [n - 0.5 for n in lengths] + [lengths[-1] + 0.5]
                item.setData(edges, shares)

    def _update_bars(self, name: str, plot: pg.PlotWidget, value) -> None:  # type: ignore[no-untyped-def]
        if name not in self._bars:
            return
        log = name == "nodes"
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
                top = height + LOG_FLOOR if log else height
                label.setPos(index + (offset - 0.5) * BAR_WIDTH * 1.05, top)
        positions = list(range(len(self._runs)))
        x_bar, o_bar = self._bars[name]
        if log:
            x_bar.setOpts(x=[p - BAR_WIDTH / 2 for p in positions], height=heights["x"], y0=LOG_FLOOR)
            o_bar.setOpts(x=[p + BAR_WIDTH / 2 for p in positions], height=heights["o"], y0=LOG_FLOOR)
        else:
            x_bar.setOpts(x=[p - BAR_WIDTH / 2 for p in positions], height=heights["x"])
            o_bar.setOpts(x=[p + BAR_WIDTH / 2 for p in positions], height=heights["o"])
        tallest = max(heights["x"] + heights["o"] + [0.0])
        item = plot.getPlotItem()
        item.setXRange(-0.7, max(positions[-1] if positions else 0, 0) + 0.7, padding=0)
        if log:
            # At least two decades, so the axis shows 1, 10, 100 rather than crowded minor ticks.
            item.setYRange(LOG_FLOOR, LOG_FLOOR + max(tallest * 1.3, 2.5), padding=0)
        else:
            item.setYRange(0, max(tallest * 1.35, 1e-9), padding=0)

