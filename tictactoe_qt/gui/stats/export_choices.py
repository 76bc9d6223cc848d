"""The stats panel's export commands: ask where to save, write there, and say how it went.

A run's games go to CSV and its summary to JSON (the selected run, or the
latest); the charts of the runs shown go to one PNG each in a chosen folder.
Before the window closes, :meth:`ExportChoices.save_runs` writes every unsaved run's
games and summary into one chosen folder. A run written to a file is marked saved.
The writing is :mod:`.export`'s part; a failure is reported in the status bar
and under the Simulate bar, never raised.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Slot
from PySide6.QtWidgets import QFileDialog

from .export import ExportError, save_charts, write_csv, write_json
from .run_data import RunData

if TYPE_CHECKING:
    from .stats_panel import StatsPanel


class ExportChoices(QObject):
    """Export as CSV, JSON or PNG for the panel, each after asking where."""

    def __init__(self, panel: StatsPanel) -> None:
        super().__init__(panel)
        self._panel = panel

    @Slot()
    def choose_csv_file(self) -> None:
        self._choose_file(self.tr("Export games as CSV"), "csv", "CSV (*.csv)", write_csv)

    @Slot()
    def choose_json_file(self) -> None:
        self._choose_file(self.tr("Export summary as JSON"), "json", "JSON (*.json)", write_json)

    @Slot()
    def choose_png_folder(self) -> None:
        panel = self._panel
        folder = QFileDialog.getExistingDirectory(panel, self.tr("Save each chart as PNG into"))
        if folder:
            self._report(lambda: save_charts(panel.charts_page.pictures(panel.shown_snapshots()), folder), folder)

    def _run(self) -> RunData | None:
        """The run selected in the run list, or the latest."""
        run_list = self._panel.run_list
        selected = [run_list.runs()[run_list.indexOfTopLevelItem(i)] for i in run_list.selectedItems()]
        return selected[0] if selected else self._panel.latest_run()

    def _choose_file(
        self, title: str, suffix: str, file_filter: str, write: Callable[[RunData, str], object]
    ) -> None:
        """Ask where to save the selected (or latest) run, then write it there."""
        run = self._run()
        if run is None:
            self._panel.message.emit(self.tr("Nothing to export yet: run a simulation first"))
            return
        path, _ = QFileDialog.getSaveFileName(self._panel, title, f"run{run.number}.{suffix}", file_filter)
        if path and self._report(lambda: write(run, path), path):
            self._panel.mark_saved(run)

    def save_runs(self, runs: Sequence[RunData]) -> bool:
        """Ask for a folder and write each run there as ``runN.csv`` and ``runN.json``.

        Files already there are kept: a name in use gets a number (``run1 (2).csv``).
        True once every run is written; False if no folder was chosen or a write failed.
        """
        folder = QFileDialog.getExistingDirectory(
            self._panel, self.tr("Save the simulation runs (games as CSV, summaries as JSON) into"))
        if not folder:
            return False

        written: list[RunData] = []

        def write_all() -> None:
            for run in runs:
                write_csv(run, free_path(Path(folder), f"run{run.number}", ".csv"))
                write_json(run, free_path(Path(folder), f"run{run.number}", ".json"))
                written.append(run)

        try:
            return self._report(write_all, folder)
        finally:
            self._panel.mark_saved(*written)

    def _report(self, action: Callable[[], object], path: str) -> bool:
        try:
            action()
        except ExportError as error:
            self._panel.message.emit(str(error))
            self._panel.simulate_bar.show_message(str(error))
            return False
        self._panel.message.emit(self.tr("Saved %s") % path)
        return True


def free_path(folder: Path, stem: str, suffix: str) -> Path:
    """``folder/stem+suffix``, or ``stem (2)``, ``stem (3)``... when that file exists."""
    path = folder / f"{stem}{suffix}"
    number = 2
    while path.exists():
        path = folder / f"{stem} ({number}){suffix}"
        number += 1
    return path
