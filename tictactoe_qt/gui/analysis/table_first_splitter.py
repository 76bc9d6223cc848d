"""A vertical splitter that lets its top widget (a table) have the height it asks for first.

A plain splitter shares a short dock out by its starting sizes, so the Compare
table got squeezed to three or four rows while its chart kept all its height.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Slot
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QSplitter, QWidget


class TableFirstSplitter(QSplitter):
    """``top`` above ``bottom``: ``top`` gets its size hint's height (never less than its
    minimum) as long as ``bottom`` keeps its minimum; ``bottom`` gets the rest.

    Once the user drags the handle, the split stays where they put it.
    """

    def __init__(self, top: QWidget, bottom: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(Qt.Orientation.Vertical, parent)
        self.addWidget(top)
        self.addWidget(bottom)
        self.setStretchFactor(0, 0)
        self.setStretchFactor(1, 1)
        #: The user moved the handle: their split wins over the table's wish.
        self.dragged = False
        self.splitterMoved.connect(self._on_moved)

    def share_height(self) -> None:
        """Give the top widget the height it asks for, and the bottom one the rest."""
        if self.dragged or self.count() != 2:
            return
        top, bottom = self.widget(0), self.widget(1)
        assert top is not None and bottom is not None  # count() is 2
        room = self.height() - self.handleWidth()
        spare = room - bottom.minimumSizeHint().height()
        height = max(top.minimumHeight(), min(top.sizeHint().height(), spare))
        if self.sizes() != [height, room - height]:
            self.setSizes([height, max(0, room - height)])

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.share_height()

    @Slot(int, int)
    def _on_moved(self, _position: int, _index: int) -> None:
        self.dragged = True
