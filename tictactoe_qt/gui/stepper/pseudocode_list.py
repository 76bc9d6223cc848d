"""The running algorithm's pseudocode, one line per row, the line that runs now selected."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, QTimer, Slot
from PySide6.QtWidgets import QListWidget


class PseudocodeList(QListWidget):
    """The pseudocode, one line per row; keeps the running line in view when resized."""

    def __init__(self) -> None:
        super().__init__(objectName="stepperPseudocode")
        self.setSelectionMode(QListWidget.SelectionMode.SingleSelection)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setUniformItemSizes(True)  # one line each: scrolling to a line is exact
        font = self.font()
        font.setFamily("monospace")
        font.setStyleHint(font.StyleHint.Monospace)
        font.setPointSizeF(max(7.0, font.pointSizeF() * 0.85))
        self.setFont(font)

    def set_lines(self, lines: list[str]) -> None:
        """Show ``lines``; each row's tooltip holds its whole line, for rows a narrow
        dock cuts short with "…"."""
        self.clear()
        self.addItems(lines)
        for row in range(self.count()):
            item = self.item(row)
            item.setToolTip(item.text())

    def show_line(self, row: int) -> None:
        self.setCurrentRow(row)
        self.keep_in_view()

    @Slot()
    def keep_in_view(self) -> None:
        item = self.currentItem()
        if item is not None:
            self.scrollToItem(item, QListWidget.ScrollHint.PositionAtCenter)

    def resizeEvent(self, event: Any) -> None:
        super().resizeEvent(event)
        QTimer.singleShot(0, self, self.keep_in_view)
