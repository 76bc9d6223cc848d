"""A log-scale bar chart of one comparison metric per algorithm, painted with QPainter.

Bars are drawn as log10 of the value with the axis labelled in plain
numbers (1, 10, 100, 1k …), so 549,946 and 102 fit on one chart, and each
bar carries its exact value as a label. Six bars need no plotting library:
painting them directly keeps the chart instant to import and to repaint.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QWidget

#: One colour per algorithm, in comparison order (GNOME palette).
BAR_COLOURS = ("#c01c28", "#e66100", "#f5c211", "#2ec27e", "#1c71d8", "#813d9c")
#: Room for the axis labels around the plot, in pixels.
LEFT, RIGHT, TOP, BOTTOM = 58, 12, 22, 40
#: The shortest the chart gets (a plot a few decades tall): the table above it comes first.
MIN_HEIGHT = 100


def power_label(power: int) -> str:
    """10**power as a short label: '1', '10', '1k', '10M', '1e-3'."""
    if power < 0:
        return f"{10.0**power:g}"
    value = 10**power
    for suffix, size in (("G", 10**9), ("M", 10**6), ("k", 10**3)):
        if value >= size:
            return f"{value // size}{suffix}"
    return str(value)


def short_value(value: float) -> str:
    """The exact value over a bar: '549,946', '12.5', '0.0421'."""
    if value >= 1000 or value == int(value):
        return f"{value:,.0f}"
    return f"{value:.3g}"


class ComparisonChart(QWidget):
    """Bars for ``(label, value)`` pairs on a log scale; ``None`` values leave a gap.

    Attributes:
        values: the values shown, in bar order.
        heights: each bar's height in decades above the axis floor (0 for gaps).
        decades: ``(low, high)`` powers of ten of the y axis, or ``None`` when empty.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("comparisonChart")
        self.labels: list[str] = []
        self.values: list[float | None] = []
        self.heights: list[float] = []
        self.notes: dict[int, str] = {}
        self.texts: list[str] = []
        self.unit = ""
        self.decades: tuple[int, int] | None = None
        self.setMinimumHeight(MIN_HEIGHT)

    def sizeHint(self) -> QSize:
        """Wide enough for every bar label on one line."""
        metrics = self.fontMetrics()
        widest = max((metrics.horizontalAdvance(label) for label in self.labels), default=60)
        return QSize(max(420, LEFT + RIGHT + max(6, len(self.labels)) * (widest + 12)), 260)

    def show_values(
        self,
        labels: list[str],
        values: list[float | None],
        unit: str,
        notes: dict[int, str] | None = None,
        texts: list[str] | None = None,
    ) -> None:
        """Draw one bar per label; the y axis is ``unit`` on a log scale.

        ``notes`` puts a word (e.g. 'refused') where a bar is missing; ``texts`` labels
        the bars (as the table writes them: ``60.6 µs``), :func:`short_value` without.
        """
        self.labels = list(labels)
        self.values = list(values)
        self.texts = [
            text or (short_value(value) if value else "") for text, value in zip(texts or [""] * len(values), values)
        ]
        self.unit = unit
        self.notes = dict(notes or {})
        present = [v for v in values if v is not None and v > 0]
        if present:
            # One decade of room below the smallest bar, so it never looks empty.
            low = math.floor(math.log10(min(present))) - 1
            high = max(low + 1, math.ceil(math.log10(max(present)) + 0.15))
            self.decades = (low, high)
            self.heights = [math.log10(v) - low if v is not None and v > 0 else 0.0 for v in values]
        else:
            self.decades = None
            self.heights = [0.0 for _ in values]
        self.setAccessibleDescription(
            "; ".join(f"{label}: {text or 'none'}" for label, text in zip(labels, self.texts))
        )
        self.updateGeometry()
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        palette = self.palette()
        text = palette.color(QPalette.ColorRole.Text)
        plot = QRectF(LEFT, TOP, max(10, self.width() - LEFT - RIGHT), max(10, self.height() - TOP - BOTTOM))
        with QPainter(self) as painter:
            painter.fillRect(self.rect(), palette.color(QPalette.ColorRole.Base))
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            if not self.isEnabled():  # outdated numbers: faded, like greyed text
                painter.setOpacity(0.4)
            self._paint_axis(painter, plot, text)
            self._paint_bars(painter, plot, text)

    def _y(self, plot: QRectF, decade: float) -> float:
        assert self.decades is not None
        low, high = self.decades
        return plot.bottom() - (decade - low) / (high - low) * plot.height()

    def _paint_axis(self, painter: QPainter, plot: QRectF, text: QColor) -> None:
        grid = QColor(text)
        grid.setAlpha(45)
        painter.setPen(QPen(text, 1))
        painter.drawLine(plot.bottomLeft(), plot.bottomRight())
        painter.drawLine(plot.bottomLeft(), plot.topLeft())
        painter.save()
        # Beside the plot; on a short chart it may run on past the axis (nothing sits
        # left of the bar labels), so it still shows whole.
        length = self.height() - TOP
        centre = TOP + length / 2
        if painter.fontMetrics().horizontalAdvance(self.unit) <= plot.height():
            length, centre = int(plot.height()), plot.center().y()
        painter.translate(12, centre)
        painter.rotate(-90)
        title = painter.fontMetrics().elidedText(self.unit, Qt.TextElideMode.ElideRight, length)
        painter.drawText(QRectF(-length / 2, -10, length, 20), Qt.AlignmentFlag.AlignCenter, title)
        painter.restore()
        # The scale note sits above the axis: the rotated title alone fills its height.
        painter.drawText(
            QRectF(4, 0, LEFT + 80, TOP - 4), Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, "log scale"
        )
        if self.decades is None:
            painter.drawText(plot, Qt.AlignmentFlag.AlignCenter, "no results yet")
            return
        low, high = self.decades
        # A grid line every decade, a label only as often as labels fit (a short chart).
        every = math.ceil(painter.fontMetrics().height() * (high - low) / plot.height())
        for power in range(low, high + 1):
            y = self._y(plot, power)
            painter.setPen(QPen(grid, 1))
            painter.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y))
            if (power - low) % max(1, every):
                continue
            painter.setPen(text)
            painter.drawText(
                QRectF(0, y - 9, LEFT - 6, 18),
                Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                power_label(power),
            )

    def _paint_bars(self, painter: QPainter, plot: QRectF, text: QColor) -> None:
        count = len(self.labels)
        if not count:
            return
        slot = plot.width() / count
        small = QFont(self.font())
        small.setPointSizeF(max(6.0, small.pointSizeF() * 0.9))
        painter.setFont(small)
        for number, label in enumerate(self.labels):
            left = plot.left() + number * slot
            bar = QRectF(left + slot * 0.2, plot.top(), slot * 0.6, 0)
            value = self.values[number] if number < len(self.values) else None
            painter.setPen(text)
            painter.drawText(
                QRectF(left, plot.bottom() + 4, slot, BOTTOM - 6),
                Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap,
                label,
            )
            if self.decades is not None and value is not None and value > 0:
                top = self._y(plot, math.log10(value))
                bar.setTop(top)
                bar.setBottom(plot.bottom())
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(QColor(BAR_COLOURS[number % len(BAR_COLOURS)]))
                painter.drawRect(bar)
                painter.setPen(text)
                painter.drawText(
                    QRectF(left - slot * 0.2, top - 18, slot * 1.4, 16),
                    Qt.AlignmentFlag.AlignCenter,
                    self.texts[number],
                )
            elif number in self.notes:
                painter.setPen(text)
                painter.drawText(
                    QRectF(left, plot.bottom() - 22, slot, 18), Qt.AlignmentFlag.AlignCenter, self.notes[number]
                )
