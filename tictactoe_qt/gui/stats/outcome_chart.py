"""The outcome-rates chart: X wins, O wins and draws as games are played, one run or several.

Each run gets three lines (solid for the main run, dashed or dotted for
overlays) on a logarithmic axis of games played; dotted lines mark the exact
rates where they are known (random play on 3x3). Like :class:`~.bar_charts.BarChart`,
every item is made once for ``max_runs`` runs, and an update only sets data.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pyqtgraph as pg
from PySide6.QtCore import QObject

from tictactoe_qt.engine.text import BOARD_NAMES

from .chart_style import RUN_DASHES, ChartColors, legend_html, translucent
from .chart_widget import LABEL_OVERHANG, SHARE_BOTTOM, SHARE_TOP, ChartWidget
from .number_format import format_count
from .run_snapshot import DRAW, O_WON, X_WON, RunSnapshot, joined_names

#: Each outcome and its legend entry; ``{x}``/``{o}`` are the players as the runs wrote them.
OUTCOMES = ((X_WON, "{x} wins"), (O_WON, "{o} wins"), (DRAW, "Draws"))
LINE_SYMBOL = "━━"
DOTTED_SYMBOL = "┈┈"


class OutcomeChart(QObject):
    """The lines, exact-rate lines, log axis and legend of the outcome chart."""

    def __init__(self, plot: ChartWidget, max_runs: int, parent: QObject | None = None) -> None:
        """Set up ``plot``'s axes; the lines come with :meth:`add_run_lines` and :meth:`add_exact_lines`."""
        super().__init__(parent)
        self.plot = plot
        self._max_runs = max_runs
        #: Three lines per run (X wins, O wins, draws), the main run's first.
        self.lines: list[list[pg.PlotDataItem]] = []
        #: Dotted lines at the exact rates, where they are known.
        self.exact_lines: list[pg.PlotDataItem] = []
        #: What is shown: each run's curve, the exact rates and axis length.
        self._curves_shown: list[object] = [None] * max_runs
        self._exact_shown: tuple[object, int] | None = None
        self._colors: ChartColors | None = None
        #: How the legend writes the players (the shown runs' marks).
        self._names = BOARD_NAMES
        #: How the match now set up writes its players: the legend's names before any run.
        self.match_names = BOARD_NAMES
        item = plot.getPlotItem()
        item.setLabel("left", self.tr("share of games"), units="%")
        item.setLabel("bottom", self.tr("games played (log scale)"))
        # A log scale shows the early swings and the convergence alike, and
        # runs of different lengths side by side.
        item.setLogMode(x=True, y=False)
        plot.set_home_range("y", SHARE_BOTTOM, SHARE_TOP)
        item.getAxis("left").setTicks([[(v, str(v)) for v in range(0, 101, 20)]])
        item.setLimits(yMin=SHARE_BOTTOM, yMax=SHARE_TOP)
        item.getAxis("left").enableAutoSIPrefix(False)
        item.getAxis("bottom").enableAutoSIPrefix(False)
        # "1" sits on the axis's left end: let it reach past it rather than vanish.
        item.getAxis("bottom").setStyle(hideOverlappingLabels=LABEL_OVERHANG)

    def add_run_lines(self, runs: int) -> None:
        """Make the lines of ``runs`` more runs (the build is done in steps)."""
        self.lines += [[self.plot.plot([], []) for _ in OUTCOMES] for _ in range(runs)]

    def add_exact_lines(self) -> None:
        self.exact_lines = [self.plot.plot([], []) for _ in OUTCOMES]
        for line in self.exact_lines:
            line.setVisible(False)

    def shown_lines(self, runs: int) -> list[pg.PlotDataItem]:
        """The lines of the first ``runs`` runs (three per run: X wins, O wins, draws)."""
        return [line for lines in self.lines[:runs] for line in lines]

    def apply_palette(self, colors: ChartColors) -> None:
        self._colors = colors
        for index, lines in enumerate(self.lines):
            width = 2.4 if index == 0 else 1.6
            style = RUN_DASHES[index % len(RUN_DASHES)]
            for (outcome, _), line in zip(OUTCOMES, lines):
                line.setPen(pg.mkPen(colors.outcome(outcome), width=width, style=style))
        for (outcome, _), line in zip(OUTCOMES, self.exact_lines):
            line.setPen(pg.mkPen(translucent(colors.outcome(outcome), 170), width=1, style=RUN_DASHES[2]))
        self._show_legend(self._exact_shown is not None and self._exact_shown[0] is not None)

    def update(self, runs: Sequence[RunSnapshot]) -> None:
        """Draw ``runs``' outcome rates, the first as the main run."""
        self._hide_unused_lines(len(runs))
        # A live run's axis spans the planned games, so it stays put while the lines grow.
        longest = max((run.planned if not run.finished else run.games for run in runs), default=0)
        self._set_games_axis(max(longest, 10))
        exact = runs[0].exact_rates if runs else None
        names = joined_names(run.names for run in runs) if runs else self.match_names
        if (exact, longest) != self._exact_shown or names != self._names:  # setting data costs a repaint
            self._exact_shown, self._names = (exact, longest), names
            for index, line in enumerate(self.exact_lines):
                line.setVisible(exact is not None)
                if exact is not None:
                    line.setData([1, max(longest, 10)], [100 * exact[index]] * 2)
            self._show_legend(exact is not None)
        for index, (run, lines) in enumerate(zip(runs, self.lines)):
            if self._curves_shown[index] is run.curve:  # a kept run's curve does not change
                continue
            self._curves_shown[index] = run.curve
            games = [point[0] for point in run.curve]
            for outcome, line in enumerate(lines):
                line.setData(games, [100 * point[1 + outcome] for point in run.curve], skipFiniteCheck=True)

    def _show_legend(self, exact: bool) -> None:
        """The outcome colours, each player by its mark, and the dotted exact-odds lines when drawn."""
        colors = self._colors
        if colors is None:
            return
        x, o = self._names.name_of_mark("x"), self._names.name_of_mark("o")
        entries = [(colors.outcome(outcome), LINE_SYMBOL, self.tr(name).format(x=x, o=o)) for outcome, name in OUTCOMES]
        if exact:
            entries.append((colors.foreground, DOTTED_SYMBOL, self.tr("exact odds")))
        self.plot.legend.setText(legend_html(entries), color=colors.foreground.name())

    def _hide_unused_lines(self, count: int) -> None:
        # The main run's lines stay visible, empty when there is no run.
        for index, lines in enumerate(self.lines[1:], start=1):
            for line in lines:
                line.setVisible(index < count)
        if count == 0:
            for line in self.lines[0]:
                line.setData([], [])
        for index in range(count, self._max_runs):
            self._curves_shown[index] = None

    def _set_games_axis(self, games: int) -> None:
        """The log axis of games played, from 1 to ``games``: decades labelled, 2 to 9 marked."""
        top = math.log10(games)
        if self.plot.home_range("x") == (0, top):
            return
        self.plot.set_home_range("x", 0, top)
        decades = range(0, math.floor(top) + 1)
        minor = [math.log10(m * 10**d) for d in decades for m in range(2, 10) if m * 10**d <= games]
        labelled = [(d, format_count(10**d)) for d in decades]
        self.plot.getAxis("bottom").setTicks([labelled, [(v, "") for v in minor]])
