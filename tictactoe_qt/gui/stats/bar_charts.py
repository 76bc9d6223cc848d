"""Bar charts of a per-player average (move time, nodes per move): two bars per run.

Each run gets a bar for its X player and one for its O player, with the value
written above. Values spanning more than :data:`LOG_SPREAD` times go on a
logarithmic axis, so microsecond bars still show beside millisecond ones;
its ticks are decades written in the chart's own unit (1 µs, 10 µs, ...).
A player whose figure was not reported (an engine's or plugin's nodes) gets no
bar: ``not reported`` stands in its place and the legend says so.
A linear time axis is in the unit its tallest bar reads in (``time per move
(µs)``), and every bar's value is written in that unit too.

Runs come newest first (the panel's order, main run first); their groups are
drawn oldest first, left to right, as a timeline reads. Each group is named
under it by its run's tag and players (``#1 Random`` over ``vs Perfect``), cut
short with an ellipsis when wider than the group's room.
"""

from __future__ import annotations

import html
import math
from collections.abc import Callable, Sequence

import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QFontMetricsF

from tictactoe_qt.engine.text import BOARD_NAMES, TimeUnit
from tictactoe_qt.gui.game_settings import SEATS

from ..player_choices import player_words
from .chart_style import ChartColors, legend_html, translucent
from .chart_widget import ChartWidget
from .number_format import format_seconds_in
from .run_snapshot import RunSnapshot, joined_names

BAR_WIDTH = 0.36
#: Largest to smallest shown value beyond which the axis turns logarithmic.
LOG_SPREAD = 100.0
#: Bars on a log axis start half a decade under the smallest value's decade, so it still shows.
LOG_MARGIN = 0.5
#: Room above the tallest bar for its value label (two lines, when staggered):
#: a share of a linear axis, decades on a log one.
LINEAR_HEADROOM = 1.4
LOG_HEADROOM = 0.8
#: A raised label's anchor: its bottom most of a line above the bar (its box has margins).
RAISED_ANCHOR = 1.75
Value = Callable[[RunSnapshot, str], "float | None"]
#: Whether a run's player reported the figure at all (``False``: no bar, a note instead).
Reported = Callable[[RunSnapshot, str], bool]
#: What stands in place of a bar whose figure was not reported.
NOT_REPORTED = "not reported"
#: The unit a linear axis of times is written in, given its largest value in seconds.
UnitFor = Callable[[float], TimeUnit]


class BarChart:
    """The bars, labels, axis and legend of one bar chart.

    Every item is made once for ``max_runs`` runs: an update only sets data.
    """

    def __init__(
        self,
        plot: ChartWidget,
        max_runs: int,
        value: Value,
        label: Callable[[float | None], str],
        axis_title: str,
        unit_for: UnitFor | None,
        font: QFont,
        reported: Reported | None = None,
    ) -> None:
        """``label`` writes a value on its own (a log axis's ticks and bars); ``unit_for``,
        for times, picks the unit of a linear axis and of every bar on it; ``reported``
        tells a figure never reported from one not there yet."""
        self.plot = plot
        self._value = value
        self._reported = reported
        #: The marks (seats) with a figure not reported in some shown run: noted in the legend.
        self._unreported: tuple[str, ...] = ()
        self._format = label
        self._axis_title = axis_title
        self._unit_for = unit_for
        self._unit: TimeUnit | None = None
        self._log: bool | None = None
        self._ticks: object = None
        self._value_ticks: object = None
        self._runs = 0
        #: Each shown group's name, oldest run first: its two lines, before any cutting short.
        self._group_names: list[tuple[str, str]] = []
        self._colors: ChartColors | None = None
        self._names = BOARD_NAMES
        #: How the match now set up writes its players: the legend's names before any run.
        self.match_names = BOARD_NAMES
        self.bars = tuple(pg.BarGraphItem(x=[], height=[], width=BAR_WIDTH) for _ in SEATS)
        for bar in self.bars:
            plot.addItem(bar)
        # X's value ends and O's begins at the middle of their pair of bars: two
        # labels wider than their bars then share the room instead of overlapping.
        self.labels = [pg.TextItem(anchor=(1.0 - i % 2, 1.0)) for i in range(2 * max_runs)]
        for text in self.labels:
            text.setFont(font)
            plot.addItem(text)
        # pyqtgraph's own prefixes (ns for 0.05 µs) would disagree with the bars' wording.
        # Turned off once, at the start: turning it off later sets a prefix for the range.
        plot.getAxis("left").enableAutoSIPrefix(False)
        self._set_log(False)
        plot.getViewBox().sigResized.connect(self._fit_to_width)
        # Room for the groups' two-line names, set once: an axis that grew and shrank
        # with its names would re-lay out (and repaint) the chart.
        bottom = plot.getAxis("bottom")
        lines = QFontMetricsF(bottom.style["tickFont"] or bottom.font()).lineSpacing()
        bottom.setHeight(
            math.ceil(2 * lines + bottom.style["tickTextOffset"][1] + max(0, bottom.style["tickLength"]) + 2)
        )

    def is_log(self) -> bool:
        """True while the value axis is logarithmic."""
        return bool(self._log)

    def apply_palette(self, colors: ChartColors) -> None:
        self._colors = colors
        for bar, color in zip(self.bars, (colors.x, colors.o)):
            bar.setOpts(brush=translucent(color, 200), pen=pg.mkPen(color))
        for text in self.labels:
            text.setColor(colors.foreground)
        self._show_legend()

    def _show_legend(self) -> None:
        """A square of each player's colour, the player written by its mark."""
        colors = self._colors
        if colors is None:
            return
        entries = [
            (color, "\u25a0", self._names.name_of_mark(seat)) for color, seat in zip((colors.x, colors.o), SEATS)
        ]
        notes = "".join(
            f"&nbsp;&nbsp;&nbsp;{html.escape(self._names.name_of_mark(seat))}: {NOT_REPORTED}"
            for seat in self._unreported
        )
        self.plot.legend.setText(legend_html(entries) + notes, color=colors.foreground.name())

    def hide_unused(self, count: int) -> None:
        for index, text in enumerate(self.labels):
            text.setVisible(index < 2 * count)

    def update(self, runs: Sequence[RunSnapshot]) -> None:
        """Draw one pair of bars per run, on a log axis if their values span orders of magnitude.

        ``runs`` come newest first; the groups are drawn oldest first.
        """
        runs = list(reversed(runs))
        self._runs = len(runs)
        self.hide_unused(len(runs))
        names = joined_names(run.names for run in runs) if runs else self.match_names
        reported = self._reported
        missing = [[reported is not None and not reported(run, seat) for seat in SEATS] for run in runs]
        unreported = tuple(seat for i, seat in enumerate(SEATS) if any(pair[i] for pair in missing))
        if names != self._names or unreported != self._unreported:
            self._names, self._unreported = names, unreported
            self._show_legend()
        self._group_names = [group_name(run) for run in runs]
        raw = [[self._value(run, seat) for seat in SEATS] for run in runs]
        positive = [v for pair in raw for v in pair if v]
        log = bool(positive) and max(positive) > LOG_SPREAD * min(positive)
        self._set_log(log)
        floor = math.floor(math.log10(min(positive))) - LOG_MARGIN if log else 0.0
        # With no bar yet the axis shows 0 to 1 s (nice_ceiling(0)): read it in that unit.
        unit = self._set_unit(max(positive, default=1.0)) if not log else None
        heights: list[list[float]] = [[], []]
        for index, pair in enumerate(raw):
            for offset, value in enumerate(pair):
                height = (math.log10(value) - floor if value else 0.0) if log else (value or 0.0)
                heights[offset].append(height)
                text = self.labels[2 * index + offset]
                if missing[index][offset]:
                    shown = NOT_REPORTED
                elif value is None:
                    shown = ""
                else:
                    shown = format_seconds_in(value, unit) if unit else self._format(value)
                text.setText(f"{shown}\u2009" if offset == 0 else f"\u2009{shown}")
                text.setPos(index, floor + height)
        positions = list(range(len(runs)))
        for offset, bar in enumerate(self.bars):
            bar.setOpts(x=[p + (offset - 0.5) * BAR_WIDTH for p in positions], height=heights[offset], y0=floor)
        self.plot.set_home_range("x", -0.7, (positions[-1] if positions else 0) + 0.7)
        tallest = max(heights[0] + heights[1] + [0.0])
        if log:
            self._set_log_range(floor, floor + tallest)
        else:
            self._set_linear_range(tallest)
        self._fit_to_width()

    def _fit_to_width(self) -> None:
        """Name the groups and place the value labels in the room each group has now."""
        self._name_groups()
        self._stagger_labels()

    def _group_room(self) -> float:
        """Pixels across one run's group."""
        view = self.plot.getViewBox()
        low, high = view.viewRange()[0]
        return float(view.width() / max(high - low, 1e-9))

    def _name_groups(self) -> None:
        """Each group's name under it, each line cut short to the group's room."""
        axis = self.plot.getAxis("bottom")
        metrics = QFontMetricsF(axis.style["tickFont"] or axis.font())
        room = max(self._group_room() - 6, 0.0)
        names = [
            "\n".join(metrics.elidedText(line, Qt.TextElideMode.ElideRight, room) for line in lines)
            for lines in self._group_names
        ]
        ticks = [list(enumerate(names))]
        if ticks != self._ticks:  # setting ticks makes pyqtgraph redraw the axis
            self._ticks = ticks
            axis.setTicks(ticks)

    def _stagger_labels(self) -> None:
        """Raise every other run's labels a line when labels are wider than half a run's room."""
        used = self.labels[: 2 * self._runs]
        room = self._group_room()
        widest = max((text.boundingRect().width() for text in used), default=0.0)
        crowded = widest > room / 2
        for index, text in enumerate(used):
            raised = crowded and (index // 2) % 2 == 1
            anchor = (1.0 - index % 2, RAISED_ANCHOR if raised else 1.0)
            if tuple(text.anchor) != anchor:
                text.setAnchor(anchor)

    def _set_log(self, log: bool) -> None:
        if log == self._log:
            return
        self._log = log
        item = self.plot.getPlotItem()
        axis = item.getAxis("left")
        axis.setLogMode(log)
        self._unit = None
        if log:
            # A log axis writes its unit in each tick (1 µs, 10 µs); a linear one in its title.
            axis.setScale(1.0)
            item.setLabel("left", self.plot.tr("%s (log)") % self._axis_title, units=None)
        else:
            self._value_ticks = None
            axis.setTicks(None)
            item.setLabel("left", self._axis_title, units=None)

    def _set_unit(self, largest: float) -> TimeUnit | None:
        """Write a linear time axis in the unit of its ``largest`` value (seconds)."""
        if self._unit_for is None:
            return None
        unit = self._unit_for(largest)
        if unit != self._unit:  # relabelling redraws the axis
            self._unit = unit
            item = self.plot.getPlotItem()
            item.getAxis("left").setScale(unit.per_second)
            item.setLabel("left", self._axis_title, units=unit.name)
        return unit

    def _set_log_range(self, floor: float, top: float) -> None:
        # Half-decade steps, at least two decades: the range (and axis) rarely change.
        high = max(math.ceil((top + LOG_HEADROOM) * 2) / 2, floor + 2.5)
        self.plot.set_home_range("y", floor, high)
        decades = range(math.ceil(floor), math.floor(high) + 1)
        step = max(1, math.ceil(len(decades) / 6))
        ticks = [[(d, self._format(10.0**d)) for d in decades[::step]]]
        if ticks != self._value_ticks:
            self._value_ticks = ticks
            self.plot.getAxis("left").setTicks(ticks)

    def _set_linear_range(self, tallest: float) -> None:
        top = nice_ceiling(tallest * LINEAR_HEADROOM)
        current = (self.plot.home_range("y") or (0.0, 0.0))[1]
        # Keep the axis while the bars still fit it well: each change redraws it.
        if not 0 < tallest * 1.3 <= current <= top * 2.5:
            self.plot.set_home_range("y", 0, top)


def group_name(run: RunSnapshot) -> tuple[str, str]:
    """A run's group name under its bars, in two lines of words: ``("#1 Random", "vs Perfect")``."""
    return f"{run.tag} {player_words(run.players['x'].spec)}", f"vs {player_words(run.players['o'].spec)}"


def nice_ceiling(value: float) -> float:
    """The next 1, 2 or 5 times a power of ten at or above ``value`` (axis tops)."""
    if value <= 0:
        return 1.0
    power = 10 ** math.floor(math.log10(value))
    return float(next(step * power for step in (1, 2, 5, 10) if step * power >= value * (1 - 1e-9)))
