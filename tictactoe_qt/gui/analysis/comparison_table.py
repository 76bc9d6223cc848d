"""The comparison dock's table: its columns, fitted to the dock's width, one line per row.

Every row is one line, so all the algorithms show at once. The numbers, the move
(``r1c3``, the compact form; the tooltip says ``row 1, column 3``) and the value
always show in full; the algorithm's name and the note share what is left, the
note last and ending in '…' when the dock is narrow (every cell's tooltip has the
whole text). Only a dock too narrow even for that scrolls sideways.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QSize, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableWidget, QWidget

from tictactoe_qt.engine.analysis import VARIANTS
from tictactoe_qt.gui.widget_parts import header_item

HEADERS = ("Algorithm", "Nodes", "Cut-offs", "Time", "Move", "Value", "Note")
NODES, CUTOFFS, TIME, MOVE, VALUE, NOTE = range(1, len(HEADERS))
#: Width the note column asks for when the dock has room (the preferred width).
NOTE_WIDTH = 240
#: The narrowest the algorithm's name and the note get before the table scrolls sideways
#: (room at the default window for 7x7's five-digit counts beside a depth-limited value).
ALGORITHM_MIN = 84
NOTE_MIN = 56
#: The widest likely text of each column but the note.
SAMPLES = {
    0: "+ table (ordering centre)",
    NODES: "99,999,999",
    CUTOFFS: "9,999,999",
    TIME: "999 ms",
    MOVE: "r19c19",
    VALUE: "O wins in 99",
}
#: The fewest rows the table shows before a short window squeezes it.
MIN_ROWS = 3
#: Room around a cell's text, and above and below a row's line.
PADDING = 14
ROW_PADDING = 4


class ComparisonTable(QTableWidget):
    """The table; :meth:`fit_columns` shares its width out (called on resize and new rows).

    It asks for a row per algorithm (the dock's splitter gives it that first) and is
    never shorter than :data:`MIN_ROWS` rows, so a short window can still lay it out."""

    def __init__(self, line_height: int, parent: QWidget | None = None) -> None:
        super().__init__(0, len(HEADERS), parent)
        self.setObjectName("comparisonTable")
        tr = QCoreApplication.translate
        self.setHorizontalHeaderLabels([tr("ComparisonDock", h) for h in HEADERS])
        self.verticalHeader().hide()
        self.verticalHeader().setMinimumSectionSize(line_height + ROW_PADDING)
        self.verticalHeader().setDefaultSectionSize(line_height + ROW_PADDING)
        self.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.setWordWrap(False)
        self.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.setHorizontalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        header_item(self, MOVE).setToolTip(
            tr("ComparisonDock", "The row and column, counted from 1: r2c3 is row 2, column 3")
        )
        header = self.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        header.setStretchLastSection(False)
        header.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.fit_columns()

    def rows_height(self, rows: int) -> int:
        """The height that shows the header and ``rows`` rows without scrolling."""
        return (
            self.horizontalHeader().sizeHint().height()
            + rows * self.verticalHeader().defaultSectionSize()
            + 2 * self.frameWidth()
        )

    def natural_width(self, column: int) -> int:
        """The width that shows ``column``'s header and every cell in full."""
        cells = (self.item(row, column) for row in range(self.rowCount()))
        widest = max(
            (self.fontMetrics().horizontalAdvance(cell.text()) for cell in cells if cell is not None), default=0
        )
        return max(self.horizontalHeader().sectionSizeHint(column), widest + PADDING)

    def fit_columns(self) -> None:
        """Numbers, move and value in full; the name, then the note, take what is left."""
        room = self.viewport().width()
        natural = [self.natural_width(column) for column in range(len(HEADERS))]
        widths = natural[:NOTE] + [NOTE_MIN]
        spare = room - sum(widths[1:NOTE]) - NOTE_MIN
        widths[0] = min(natural[0], max(ALGORITHM_MIN, spare))
        widths[NOTE] = max(NOTE_MIN, room - sum(widths[:NOTE]))
        header = self.horizontalHeader()
        for column, width in enumerate(widths):
            if header.sectionSize(column) != width:
                header.resizeSection(column, width)
        low = self.rows_height(MIN_ROWS)
        if self.minimumHeight() != low:
            self.setMinimumHeight(low)

    def full_height(self) -> int:
        """The height that shows a row per algorithm (and the sideways scroll bar, if needed)."""
        scroll = self.horizontalScrollBar()
        return self.rows_height(max(len(VARIANTS), self.rowCount())) + (
            scroll.sizeHint().height() if scroll.maximum() > 0 else 0
        )

    def sizeHint(self) -> QSize:
        hint = super().sizeHint()
        return QSize(hint.width(), self.full_height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit_columns()


def comparison_table(line_height: int) -> ComparisonTable:
    """The empty table, its rows ``line_height`` plus padding tall."""
    return ComparisonTable(line_height)


def preferred_table_width(table: QTableWidget) -> int:
    """The width that shows every column: the widest likely values fit before the first run."""
    header = table.horizontalHeader()
    metrics = table.fontMetrics()
    columns = (
        sum(max(header.sectionSizeHint(c), metrics.horizontalAdvance(SAMPLES[c]) + PADDING) for c in range(NOTE))
        + NOTE_WIDTH
    )
    return columns + table.verticalScrollBar().sizeHint().width() + 2 * table.frameWidth()
