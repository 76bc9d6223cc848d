"""The content widget of the analysis docks, with a modest preferred size.

Tables and trees sized to their contents would otherwise ask for most of the
window's width and squeeze the board.
"""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtWidgets import QWidget

PREFERRED_SIZE = QSize(440, 560)


class DockBody(QWidget):
    """A plain container whose size hint leaves room for the board."""

    def sizeHint(self) -> QSize:
        return PREFERRED_SIZE
