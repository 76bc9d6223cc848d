"""The game-length chart: the share of games of each length, one run or several.

The main run is drawn as filled bars, overlays as dashed or dotted step
outlines over them. Every item is made once for ``max_runs`` runs, and an
update only sets data.
"""

from __future__ import annotations

from collections.abc import Sequence

import pyqtgraph as pg
from PySide6.QtCore import QObject

from tictactoe_qt.engine.text import PLIES

from .bar_charts import nice_ceiling
from .chart_style import RUN_DASHES, ChartColors, translucent
from .chart_widget import SHARE_BOTTOM, SHARE_TOP, ChartWidget
from .run_snapshot import RunSnapshot

#: Tick spacings for the length axis, the first that leaves at most 12 ticks.
TICK_STEPS = (1, 2, 5, 10, 20, 50, 100)


class LengthHistogram(QObject):
    """The bars, overlay outlines and axes of the game-length chart."""

    def __init__(self, plot: ChartWidget, max_runs: int, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.plot = plot
        self._tick_step = 0
        item = plot.getPlotItem()
        item.setLabel("left", self.tr("share of games"), units="%")
        item.setLabel("bottom", self.tr("game length ({0})").format(PLIES))
        item.getAxis("left").enableAutoSIPrefix(False)
        item.setLimits(yMin=SHARE_BOTTOM, yMax=SHARE_TOP)
        #: The main run's bars.
        self.bars = pg.BarGraphItem(x=[], height=[], width=0.8)
        plot.addItem(self.bars)
        #: Each overlay's outline.
        self.steps = [plot.plot([], [], stepMode="center") for _ in range(max_runs - 1)]

    def apply_palette(self, colors: ChartColors) -> None:
        main = colors.run(0)
        self.bars.setOpts(brush=translucent(main, 150), pen=pg.mkPen(main))
        for index, steps in enumerate(self.steps, start=1):
            style = RUN_DASHES[index % len(RUN_DASHES)]
            steps.setPen(pg.mkPen(colors.run(index), width=2, style=style))

    def update(self, runs: Sequence[RunSnapshot]) -> None:
        """Draw ``runs``' game lengths, the first as the main run."""
        self.bars.setVisible(len(runs) > 0)
        for index, steps in enumerate(self.steps, start=1):
            steps.setVisible(index < len(runs))
        used = [n for run in runs for n, count in enumerate(run.histogram) if count]
        if used:
            low, high = min(used), max(used)
            self.plot.set_home_range("x", low - 0.6, high + 0.6)
            step = next(s for s in TICK_STEPS if (high - low) / s <= 12)
            if step != self._tick_step:
                self._tick_step = step
                self.plot.getPlotItem().getAxis("bottom").setTickSpacing(step, step)
        tallest = max((100 * n / (sum(run.histogram) or 1) for run in runs for n in run.histogram), default=0)
        self.plot.set_home_range("y", 0, min(SHARE_TOP, nice_ceiling(tallest * 1.1)))
        for index, run in enumerate(runs):
            total = sum(run.histogram) or 1
            lengths = list(range(len(run.histogram)))
            shares = [100 * n / total for n in run.histogram]
            if index == 0:
                self.bars.setOpts(x=lengths, height=shares)
            elif lengths:
                edges = [n - 0.5 for n in lengths] + [lengths[-1] + 0.5]
                self.steps[index - 1].setData(edges, shares, skipFiniteCheck=True)
