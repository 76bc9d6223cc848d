"""Chart colours taken from the widget palette, so plots read well light or dark.

Only :func:`style_plot` needs pyqtgraph, and imports it when called: the
colours are used at start-up (the tournament's heat map), pyqtgraph is not.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette

if TYPE_CHECKING:
    import pyqtgraph as pg


def is_dark(palette: QPalette) -> bool:
    """True when the palette's window colour is dark."""
    return palette.color(QPalette.ColorRole.Window).lightness() < 128


@dataclass(frozen=True)
class ChartColors:
    """The colours every chart uses."""

    background: QColor
    foreground: QColor
    grid_alpha: float
    x: QColor
    o: QColor
    draw: QColor
    #: Distinct colours for overlaid runs.
    runs: tuple[QColor, ...]

    @classmethod
    def from_palette(cls, palette: QPalette) -> ChartColors:
        dark = is_dark(palette)
        # Brighter hues on dark backgrounds, deeper ones on light: both keep contrast.
        x, o, draw = ("#5aa9ff", "#ff7a66", "#b8b8b8") if dark else ("#1f6fd1", "#d0412c", "#6d6d6d")
        runs = (
            ("#5aa9ff", "#ffb347", "#7bd88f", "#ff7a66", "#c39bff", "#5fd7d7")
            if dark
            else ("#1f6fd1", "#e08a00", "#2e9d4b", "#d0412c", "#7d4fc4", "#0f8f8f")
        )
        return cls(
            background=palette.color(QPalette.ColorRole.Base),
            foreground=palette.color(QPalette.ColorRole.Text),
            grid_alpha=0.25 if dark else 0.2,
            x=QColor(x),
            o=QColor(o),
            draw=QColor(draw),
            runs=tuple(QColor(c) for c in runs),
        )

    def outcome(self, index: int) -> QColor:
        """Colour of outcome 0 (X wins), 1 (O wins) or 2 (draws)."""
        return (self.x, self.o, self.draw)[index]

    def run(self, index: int) -> QColor:
        return self.runs[index % len(self.runs)]


#: Dash styles that tell overlaid runs apart on the same colour.
RUN_DASHES = (
    Qt.PenStyle.SolidLine,
    Qt.PenStyle.DashLine,
    Qt.PenStyle.DotLine,
    Qt.PenStyle.DashDotLine,
    Qt.PenStyle.DashDotDotLine,
)


def translucent(color: QColor, alpha: int) -> QColor:
    """``color`` with the given alpha (0-255)."""
    result = QColor(color)
    result.setAlpha(alpha)
    return result


LEFT_AXIS_WIDTH = 58


def style_plot(widget: pg.PlotWidget, colors: ChartColors, title: str, grid: bool) -> None:
    """Apply background, axis colours, title and (optionally) horizontal grid lines.

    Grid lines only at major ticks: drawing them is most of a chart's paint
    time, and charts repaint up to 10 times a second during a batch.
    """
    import pyqtgraph as pg

    widget.setBackground(colors.background)
    item = widget.getPlotItem()
    item.setTitle(title, color=colors.foreground.name(), size="10pt")
    # A fixed width: tick labels growing ("10" -> "100") must not re-lay out the plot.
    item.getAxis("left").setWidth(LEFT_AXIS_WIDTH)
    for name in ("left", "bottom"):
        axis = item.getAxis(name)
        axis.setPen(pg.mkPen(colors.foreground))
        axis.setTextPen(pg.mkPen(colors.foreground))
    item.getAxis("left").setStyle(maxTickLevel=0 if grid else 1)
    item.showGrid(x=False, y=grid, alpha=colors.grid_alpha)


def legend_html(entries: Sequence[tuple[QColor, str, str]]) -> str:
    """A one-line key: for each ``(colour, symbol, name)``, the symbol in its colour, then the name."""
    return "&nbsp;&nbsp;&nbsp;".join(
        f'<span style="color:{color.name()}">{symbol}</span>&nbsp;{html.escape(name)}'
        for color, symbol, name in entries
    )
