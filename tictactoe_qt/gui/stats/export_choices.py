"""The stats panel's export commands: ask where to save, then have the controller write there.

A run's games go to CSV and its summary to JSON (the selected run, or the
latest); the charts of the runs shown go to one PNG each in a chosen folder.
The writing, and saying how it went, is the :class:`StatsController`'s part;
a run written to a file is marked saved there.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Slot
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QFileDialog, QWidget

from .export import save_charts, write_csv, write_json
from .run_data import RunData
from .stats_controller import StatsController


class ExportChoices(QObject):
    """Export as CSV, JSON or PNG, each after asking where (dialogs over ``view``)."""

    def __init__(
        self,
        controller: StatsController,
        view: QWidget,
        chosen_run: Callable[[], RunData | None],
        pictures: Callable[[], dict[str, QImage]],
    ) -> None:
        """Args:
        controller: writes the files and keeps track of what is saved.
        view: the widget the dialogs belong to.
        chosen_run: the run to export (the highlighted one, or the latest), None if none.
        pictures: the charts of the runs shown, by name.
        """
        super().__init__(view)
        self._controller = controller
        self._view = view
        self._chosen_run = chosen_run
        self._pictures = pictures

    @Slot()
    def choose_csv_file(self) -> None:
        self._choose_file(self.tr("Export games as CSV"), "csv", "CSV (*.csv)", write_csv)

    @Slot()
    def choose_json_file(self) -> None:
        self._choose_file(self.tr("Export summary as JSON"), "json", "JSON (*.json)", write_json)

    @Slot()
    def choose_png_folder(self) -> None:
        folder = QFileDialog.getExistingDirectory(self._view, self.tr("Save each chart as PNG into"))
        if folder:
            self._controller.write(lambda: save_charts(self._pictures(), folder), folder)

    def _choose_file(self, title: str, suffix: str, file_filter: str, write: Callable[[RunData, str], object]) -> None:
        """Ask where to save the chosen run, then write it there."""
        run = self._chosen_run()
        if run is None:
            self._controller.message.emit(self.tr("Nothing to export yet: run a simulation first"))
            return
        path, _ = QFileDialog.getSaveFileName(self._view, title, f"run{run.number}.{suffix}", file_filter)
        if path and self._controller.write(lambda: write(run, path), path):
            self._controller.mark_saved(run)
