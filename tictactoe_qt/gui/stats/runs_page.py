"""The Runs tab: the run list with its remove and export buttons."""

from __future__ import annotations

from PySide6.QtCore import Signal, Slot
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from .run_list import RunList


class RunsPage(QWidget):
    """Kept runs; tick runs to compare them, highlight one to export it."""

    export_csv_requested = Signal()
    export_json_requested = Signal()
    export_png_requested = Signal()
    engine_log_requested = Signal()

    def __init__(self, run_list: RunList, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        hint = QLabel(
            self.tr(
                "Tick runs to compare them in the report and charts. "
                "Exports use the highlighted run, or the latest one."
            )
        )
        hint.setWordWrap(True)
        #: Says what the italic rows are, while there are any.
        self.recovered_note = QLabel(objectName="recoveredNote")
        self.recovered_note.setWordWrap(True)
        self.recovered_note.hide()
        self._run_list = run_list
        # Two rows (keeping runs, exporting them): both fit a narrow dock.
        keep_row, export_row = QHBoxLayout(), QHBoxLayout()
        for row, text, name, slot in (
            (keep_row, self.tr("Remove"), "runRemove", run_list.remove_selected),
            (keep_row, self.tr("Clear all"), "runClear", run_list.clear_runs),
            (export_row, self.tr("Export CSV…"), "exportCsv", self.export_csv_requested),
            (export_row, self.tr("Export JSON…"), "exportJson", self.export_json_requested),
            (export_row, self.tr("Charts as PNG…"), "exportPng", self.export_png_requested),
            (keep_row, self.tr("Engine log…"), "engineLogButton", self.engine_log_requested),
        ):
            button = QPushButton(text, objectName=name)
            button.clicked.connect(slot)
            row.addWidget(button)
        keep_row.addStretch(1)
        export_row.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(hint)
        layout.addWidget(self.recovered_note)
        layout.addWidget(run_list, 1)
        layout.addLayout(keep_row)
        layout.addLayout(export_row)

    @Slot()
    def show_recovered(self) -> None:
        """Mark the recovered, unsaved runs, and say what the mark means while there are any."""
        self._run_list.mark_recovered()
        count = len(self._run_list.recovered_unsaved())
        if count:
            self.recovered_note.setText(
                self.tr("The run in italics came back from the last session: it is not saved yet.")
                if count == 1
                else self.tr("The %d runs in italics came back from the last session: they are not saved yet.") % count
            )
        self.recovered_note.setVisible(bool(count))
