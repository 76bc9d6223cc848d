"""One chart that behaves well inside a scrolling panel.

The mouse wheel scrolls the panel, as it does over any other part of it.
The chart zooms only with Ctrl+wheel, or with the plain wheel after a click
on it (until the pointer leaves it); dragging pans. A Reset button in the
chart's empty bottom-left corner, always there, brings back the chart's own
view (the "home" ranges the charts set). The legend is a line of its own
under the x axis, so it never covers data.
"""

from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtCore import QEvent, Qt, Slot
from PySide6.QtGui import QFocusEvent, QMouseEvent, QResizeEvent, QWheelEvent
from PySide6.QtWidgets import QAbstractScrollArea, QApplication, QToolButton, QWidget

#: The plot layout's row under the x axis, kept for the legend.
LEGEND_ROW = 4
MIN_HEIGHT = 250
RESET_MARGIN = 3
#: Left, top, right and bottom margins of the plot inside the widget.
PLOT_MARGINS = (6, 2, 12, 2)
#: Pixels an end tick label (0 %, 100 %) may reach past the value axis.
LABEL_OVERHANG = 12
#: Share axes (outcome rates, game length) run from 0 to 100 %, with this much room
#: (percentage points) beyond each end: a line at 0 % or 100 % (every game a draw)
#: stays whole and clear of the axis frame.
SHARE_MARGIN = 5.0
SHARE_BOTTOM = -SHARE_MARGIN
SHARE_TOP = 100.0 + SHARE_MARGIN


class _ValueAxis(pg.AxisItem):
    """A left axis that keeps its end labels, grid lines or not.

    pyqtgraph lets labels reach past an axis without a grid, but drops them
    with one, so "100" at the top of a share axis would vanish.
    """

    def boundingRect(self):  # type: ignore[no-untyped-def]
        return super().boundingRect().adjusted(0, -LABEL_OVERHANG, 0, LABEL_OVERHANG)


class ChartWidget(pg.PlotWidget):
    """A plot whose view only the user's deliberate zoom or pan moves, and Reset restores."""

    def __init__(self, name: str, parent: QWidget | None = None) -> None:
        # No context menus, and none built: a fifth of a chart's start went into one.
        super().__init__(parent, axisItems={"left": _ValueAxis("left")}, enableMenu=False)
        self.setObjectName(name)
        item = self.getPlotItem()
        # pyqtgraph's own "A" button auto-ranges, which bars with pixel-sized
        # labels never settle on; Reset goes back to the ranges the charts set.
        item.hideButtons()
        # Room at the sides: the y axis title and the last bar never touch the border.
        item.layout.setContentsMargins(*PLOT_MARGINS)
        self.legend = pg.LabelItem("", size="8pt")
        item.layout.addItem(self.legend, LEGEND_ROW, 1)
        self._home: dict[str, tuple[float, float]] = {}
        self._engaged = False
        self._moved = False
        self.reset_button = QToolButton(self, objectName=f"{name}Reset")
        self.reset_button.setText(self.tr("Reset"))
        self.reset_button.setToolTip(self.tr("Show the whole chart again"))
        self.reset_button.setAutoRaise(True)
        self.reset_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.reset_button.setEnabled(False)
        self.reset_button.clicked.connect(self.reset_view)
        self.setToolTip(self.tr("Ctrl+wheel (or click, then wheel) zooms; drag pans; Reset shows the whole chart."))
        self.getViewBox().sigRangeChangedManually.connect(self._on_moved_by_user)

    # The view -----------------------------------------------------------------

    def set_home_range(self, axis: str, low: float, high: float) -> None:
        """The range ``axis`` ("x" or "y") shows when not zoomed; set only when it changes.

        Fixed, rarely changing ranges let pyqtgraph reuse its drawn axes and
        skip auto-ranging: that is most of a repaint's cost. A view the user
        zoomed or panned stays as it is until Reset.
        """
        if self._home.get(axis) == (low, high):
            return
        self._home[axis] = (low, high)
        if not self._moved:
            self._apply(axis)

    def home_range(self, axis: str) -> tuple[float, float] | None:
        return self._home.get(axis)

    @Slot()
    def reset_view(self) -> None:
        """Show the home ranges again."""
        self._moved = False
        self.reset_button.setEnabled(False)
        for axis in self._home:
            self._apply(axis)

    def _apply(self, axis: str) -> None:
        low, high = self._home[axis]
        item = self.getPlotItem()
        if axis == "x":
            item.setXRange(low, high, padding=0)
        else:
            item.setYRange(low, high, padding=0)

    @Slot()
    def _on_moved_by_user(self) -> None:
        self._moved = True
        self.reset_button.setEnabled(True)

    # The mouse ----------------------------------------------------------------

    def wheelEvent(self, event: QWheelEvent) -> None:
        if self._engaged or event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            super().wheelEvent(event)
            return
        area = self._scroll_area()
        if area is None:
            event.ignore()
            return
        # Handed to the panel's scroll bar, as its scroll area does with a wheel over it.
        # (Qt would pass an ignored wheel event up to the panel too, but only a real one.)
        horizontal = abs(event.angleDelta().x()) > abs(event.angleDelta().y())
        QApplication.sendEvent(area.horizontalScrollBar() if horizontal else area.verticalScrollBar(), event)
        event.accept()

    def _scroll_area(self) -> QAbstractScrollArea | None:
        """The scroll area the chart is in (the panel's page), if any."""
        widget = self.parentWidget()
        while widget is not None and not isinstance(widget, QAbstractScrollArea):
            widget = widget.parentWidget()
        return widget

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self._engaged = True
        super().mousePressEvent(event)

    def leaveEvent(self, event: QEvent) -> None:
        self._engaged = False
        super().leaveEvent(event)

    def focusOutEvent(self, event: QFocusEvent) -> None:
        self._engaged = False
        super().focusOutEvent(event)

    def resizeEvent(self, event: QResizeEvent | None) -> None:
        super().resizeEvent(event)
        button = self.__dict__.get("reset_button")  # pyqtgraph resizes during __init__
        if button is None:
            return
        # The corner under the y axis and left of the x axis title is always empty.
        button.adjustSize()
        button.move(RESET_MARGIN, self.height() - button.height() - RESET_MARGIN)
