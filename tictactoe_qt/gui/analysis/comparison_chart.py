"""A log-scale bar chart of one comparison metric per algorithm (pyqtgraph).

Bars are drawn as log10 of the value with the axis labelled in plain
numbers (1, 10, 100, 1k …), so 549,946 and 102 fit on one chart, and each
bar carries its exact value as a label.
"""

from __future__ import annotations

import math

import pyqtgraph as pg
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QWidget

#: One colour per algorithm, in comparison order (GNOME palette).
BAR_COLOURS = ("#c01c28", "#e66100", "#f5c211", "#2ec27e", "#1c71d8", "#813d9c")


def power_label(power: int) -> str:
    """10**power as a short label: '1', '10', '1k', '10M', '1e-3'."""
    if power < 0:
        return f"{10.0 ** power:g}"
    value = 10**power
    for suffix, size in (("G", 10**9), ("M", 10**6), ("k", 10**3)):
        if value >= size:
            return f"{value // size}{suffix}"
    return str(value)


class ComparisonChart(pg.PlotWidget):
    """Bars for ``(label, value)`` pairs on a log scale; ``None`` values leave a gap."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("comparisonChart")
        self.setMenuEnabled(False)
        self.setMouseEnabled(x=False, y=False)
        self.hideButtons()
        self.showGrid(y=True, alpha=0.25)
        self.bars: pg.BarGraphItem | None = None
        self.values: list[float | None] = []
        self._labels: list[pg.TextItem] = []
        self._follow_palette()

    def _follow_palette(self) -> None:
        palette = self.palette()
        self.setBackground(palette.color(QPalette.ColorRole.Base))
        text = palette.color(QPalette.ColorRole.Text)
        for axis in ("left", "bottom"):
            self.getAxis(axis).setTextPen(text)
            self.getAxis(axis).setPen(text)

    def show_values(
        self,
        labels: list[str],
        values: list[float | None],
        unit: str,
        notes: dict[int, str] | None = None,
    ) -> None:
        """Draw one bar per label; the y axis is ``unit`` on a log scale.

        ``notes`` puts a word (e.g. 'refused') where a bar is missing.
        """
        self.clear()
        self._labels = []
        self.values = list(values)
        present = [v for v in values if v is not None and v > 0]
        self.getAxis("bottom").setTicks([list(enumerate(labels))])
        self.setLabel("left", f"{unit} (log scale)")
        if not present:
            self.bars = None
            return
        # One decade of room below the smallest bar, so it never looks empty.
        low = math.floor(math.log10(min(present))) - 1
        high = math.ceil(math.log10(max(present)) + 0.15)
        heights = [
            (math.log10(v) - low) if v is not None and v > 0 else 0.0 for v in values
        ]
        brushes = [QColor(BAR_COLOURS[i % len(BAR_COLOURS)]) for i in range(len(values))]
        self.bars = pg.BarGraphItem(
            x=list(range(len(values))), height=heights, width=0.6, y0=low, brushes=brushes
        )
        self.addItem(self.bars)
        self.getAxis("left").setTicks([[(p, power_label(p)) for p in range(low, high + 1)]])
        self.setYRange(low - 0.02, high + 0.1, padding=0)
        self.setXRange(-0.6, len(values) - 0.4, padding=0)
        text = self.palette().color(QPalette.ColorRole.Text)
        for x, value in enumerate(values):
            if value is None or value <= 0:
                continue
            label = pg.TextItem(_short(value), color=text, anchor=(0.5, 1.0))
            label.setPos(x, math.log10(value))
            self.addItem(label)
            self._labels.append(label)
        for x, note in (notes or {}).items():
            label = pg.TextItem(note, color=text, anchor=(0.5, 1.0))
            label.setPos(x, low + 0.05 * (high - low))
            self.addItem(label)
            self._labels.append(label)


def _short(value: float) -> str:
    if value >= 1000 or value == int(value):
        return f"{value:,.0f}"
    return f"{value:.3g}"
