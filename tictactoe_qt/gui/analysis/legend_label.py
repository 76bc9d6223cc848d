"""The analysis legend under the board: a short line that wraps rather than being cut off,
with its long form as the tooltip."""

from __future__ import annotations

from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget


class LegendLabel(QLabel):
    """A word-wrapped label that takes the width it is given and exactly the height its
    text needs at that width: a long legend never widens the window nor loses its end.

    (A plain word-wrapped label in a status bar asks for the height of its
    narrowest layout, many lines tall, because status bars ignore height-for-width:
    this one fixes its height to what its current width needs.)

    While :meth:`hold_height` is on (the analysis is shown) it never shrinks: legends of
    one and two lines alternate at every move, and the board and docks above must not
    jump under the mouse.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("analysisLegend")
        self.setWordWrap(True)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self._holding = False
        #: The long form of the next text (:meth:`set_tip`), for its tooltip.
        self._tip = ""

    def set_tip(self, tip: str) -> None:
        """The long form of the text set next: its tooltip (by default the text itself)."""
        self._tip = tip

    def hold_height(self, hold: bool) -> None:
        """Keep the tallest height needed from now on (True), or fit the text again (False)."""
        self._holding = hold
        self._fit(fresh=True)

    def needed_height(self) -> int:
        """The height the text takes when wrapped at the current width."""
        if not self.text():
            return self.fontMetrics().height()
        return max(self.fontMetrics().height(), self.heightForWidth(max(1, self.width())))

    def setText(self, text: str) -> None:
        super().setText(text)
        self.setToolTip(self._tip or text)
        self._tip = ""
        self._fit()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self._fit()  # the new width may need another number of lines

    def _fit(self, fresh: bool = False) -> None:
        height = self.needed_height()
        if self._holding and not fresh:
            height = max(height, self.minimumHeight())
        if height != self.height() or self.minimumHeight() != height:
            self.setFixedHeight(height)
