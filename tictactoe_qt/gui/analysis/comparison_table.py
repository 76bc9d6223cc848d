"""The comparison dock's table: its columns, and the width that shows them all."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableWidget

HEADERS = ("Algorithm", "Nodes", "Cut-offs", "Time", "Move", "Value", "Note")
NODES, CUTOFFS, TIME, MOVE, VALUE, NOTE = range(1, len(HEADERS))
#: Width the note column asks for; longer notes wrap onto more lines.
NOTE_WIDTH = 240
#: The widest likely text of each column but the note.
SAMPLES = {0: "+ table (ordering centre)", NODES: "99,999,999", CUTOFFS: "9,999,999",
           TIME: "999 ms", MOVE: "row 19, column 19", VALUE: "O wins in 99"}


def comparison_table(line_height: int) -> QTableWidget:
    """The empty table, its rows at least ``line_height`` plus padding tall."""
    tr = QCoreApplication.translate
    table = QTableWidget(0, len(HEADERS), objectName="comparisonTable")
    table.setHorizontalHeaderLabels([tr("ComparisonDock", h) for h in HEADERS])
    table.verticalHeader().hide()
    table.verticalHeader().setMinimumSectionSize(line_height + 8)
    # Notes wrap onto more lines instead of ending in '…'.
    table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    table.setWordWrap(True)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.horizontalHeaderItem(MOVE).setToolTip(
        tr("ComparisonDock", "The row and column, counted from 1"))
    header = table.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    # The note fills spare room but never gets narrower than NOTE_WIDTH: in a
    # narrow dock the table scrolls sideways instead of piling up wrapped lines.
    header.setSectionResizeMode(NOTE, QHeaderView.ResizeMode.Interactive)
    header.setStretchLastSection(True)
    header.setDefaultSectionSize(NOTE_WIDTH)
    header.resizeSection(NOTE, NOTE_WIDTH)
    return table


def preferred_table_width(table: QTableWidget) -> int:
    """The width that shows every column: the widest likely values fit before the first run."""
    header = table.horizontalHeader()
    metrics = table.fontMetrics()
    columns = sum(max(header.sectionSizeHint(c), table.sizeHintForColumn(c),
                      metrics.horizontalAdvance(SAMPLES[c]) + 14)
                  for c in range(NOTE)) + NOTE_WIDTH
    return columns + table.verticalScrollBar().sizeHint().width() + 2 * table.frameWidth()
