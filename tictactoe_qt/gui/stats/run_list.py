"""The list of kept runs; ticked runs are compared in the report and charts.

A view of :class:`KeptRuns`: Remove and Clear all are asked of whoever keeps
the runs (:attr:`RunList.remove_requested`, :attr:`RunList.clear_requested`),
who then tells the list what went (:meth:`RunList.drop_runs`).
"""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker, Qt, QTimer, Signal, Slot
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTreeWidget, QTreeWidgetItem, QWidget

from tictactoe_qt.gui.player_choices import player_words

from .kept_runs import KeptRuns
from .number_format import format_percent
from .run_data import RunData
from .run_snapshot import DRAW, O_WON, X_WON, joined_names

#: Column titles; ``{x}``/``{o}`` are the players as the kept runs wrote them (their marks).
COLUMNS = ("Run", "{x} player", "{o} player", "Board", "Games", "{x} wins", "{o} wins", "Draws")
#: The players' columns: they stretch and elide, so the figures' columns never scroll away.
PLAYER_COLUMNS = (1, 2)
#: The games played (a cancelled run's count ends in ``*``, explained in its tip).
GAMES_COLUMN = 4
#: Narrowest a column gets (a name elided to a few letters still says which player).
MIN_NAME_WIDTH = 48


class RunList(QTreeWidget):
    """Kept runs, newest first. Ticking a run overlays it on the latest one."""

    #: The set of ticked runs changed.
    selection_changed = Signal()
    #: Remove was asked for the highlighted runs (their numbers).
    remove_requested = Signal(list)
    #: Clear all was asked for.
    clear_requested = Signal()

    def __init__(self, kept: KeptRuns, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("runList")
        self._kept = kept
        self.setColumnCount(len(COLUMNS))
        self._show_headers()
        self.setRootIsDecorated(False)
        self.setUniformRowHeights(True)
        self.setAlternatingRowColors(True)
        self.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        header = self.header()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        # The figures always show whole; the players' names share the room left
        # (each whole when the room allows, else elided, whole in their tooltips)
        # instead of pushing Draws out of the dock.
        for column in PLAYER_COLUMNS:
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Stretch)
        header.setMinimumSectionSize(MIN_NAME_WIDTH)
        header.setStretchLastSection(False)
        header.sectionResized.connect(self._on_section_resized)
        self.setAccessibleName(self.tr("Kept runs"))
        self.itemChanged.connect(self._on_item_changed)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.share_name_room()

    @Slot(int, int, int)
    def _on_section_resized(self, column: int, _old: int, _new: int) -> None:
        if column not in PLAYER_COLUMNS:  # a figure grew or shrank: the names' room changed
            self.share_name_room()

    def share_name_room(self) -> None:
        """Give the players' columns the width the figures leave: each its names' width
        and a share of the rest when both fit, else equal shares, elided."""
        header = self.header()
        figures = sum(header.sectionSize(column) for column in range(len(COLUMNS)) if column not in PLAYER_COLUMNS)
        room = self.viewport().width() - figures
        wanted = [
            max(self.sizeHintForColumn(column), header.sectionSizeHint(column), MIN_NAME_WIDTH)
            for column in PLAYER_COLUMNS
        ]
        spare = room - sum(wanted)
        mode = QHeaderView.ResizeMode.Fixed if spare >= 0 else QHeaderView.ResizeMode.Stretch
        for column, width in zip(PLAYER_COLUMNS, wanted):
            if header.sectionResizeMode(column) != mode:
                header.setSectionResizeMode(column, mode)
            if spare >= 0:
                header.resizeSection(column, width + spare // len(wanted))

    def _show_headers(self) -> None:
        """Column titles naming the players as the kept runs wrote them."""
        names = joined_names(run.names for run in self.runs())
        x, o = names.name_of_mark("x"), names.name_of_mark("o")
        self.setHeaderLabels([self.tr(c).format(x=x, o=o) for c in COLUMNS])
        self.headerItem().setToolTip(GAMES_COLUMN, self.tr("Games played (* a cancelled batch: hover it)"))

    def runs(self) -> list[RunData]:
        """Every run listed, newest first."""
        return [run for run in (self._kept.get(number) for number in self._numbers()) if run is not None]

    def latest(self) -> RunData | None:
        runs = self.runs()
        return runs[0] if runs else None

    def checked_runs(self) -> list[RunData]:
        """Ticked runs, newest first."""
        checked = (
            self._kept.get(self._number(item)) for item in self._items() if item.checkState(0) == Qt.CheckState.Checked
        )
        return [run for run in checked if run is not None]

    def highlighted_runs(self) -> list[RunData]:
        """The highlighted runs, in the order they were highlighted."""
        runs = (self._kept.get(self._number(item)) for item in self.selectedItems())
        return [run for run in runs if run is not None]

    def show_run(self, run: RunData, checked: bool = True) -> None:
        """List a kept (numbered) run at the top."""
        snapshot = run.snapshot()
        games = snapshot.games
        texts = (
            run.tag,
            player_words(run.x_spec),
            player_words(run.o_spec),
            f"{run.config.size_text} k={run.config.k}",
            # A short mark, explained in the tips: " (cancelled)" pushed Draws out of the dock.
            f"{games:,}" + ("*" if run.cancelled else ""),
            format_percent(snapshot.outcomes[X_WON], games),
            format_percent(snapshot.outcomes[O_WON], games),
            format_percent(snapshot.outcomes[DRAW], games),
        )
        item = QTreeWidgetItem(list(texts))
        QTimer.singleShot(0, self, self.share_name_room)  # once the row is laid out
        item.setData(0, Qt.ItemDataRole.UserRole, run.number)
        for column in range(4, len(COLUMNS)):
            item.setTextAlignment(column, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        with QSignalBlocker(self):
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(0, Qt.CheckState.Checked if checked else Qt.CheckState.Unchecked)
            self.insertTopLevelItem(0, item)
            self._mark_if_recovered(item, run)
        self._show_headers()
        self.selection_changed.emit()  # not sent when the caller blocks this list's signals

    def recovered_unsaved(self) -> list[RunData]:
        """The runs brought back from the last session that are still unsaved, newest first."""
        return self._kept.recovered_unsaved()

    @Slot()
    def mark_recovered(self) -> None:
        """Show the recovered, still unsaved runs in italics (again, after a save)."""
        with QSignalBlocker(self):
            for item in self._items():
                run = self._kept.get(self._number(item))
                if run is not None:
                    self._mark_if_recovered(item, run)

    def _mark_if_recovered(self, item: QTreeWidgetItem, run: RunData) -> None:
        marked = run.recovered and not run.saved
        tip = self.tr("Recovered from the last session: not saved yet") if marked else ""
        for column in range(len(COLUMNS)):
            font = item.font(column)
            font.setItalic(marked)
            item.setFont(column, font)
            # The run's label, and the players in words (their columns elide) with their
            # specs, stay in the tips.
            whole = (
                run.label
                if not column
                else f"{item.text(column)}\n{(run.x_spec, run.o_spec)[column - 1]}"
                if column in PLAYER_COLUMNS
                else self._cancelled_text(run)
                if column == GAMES_COLUMN
                else ""
            )
            item.setToolTip(column, "\n".join(text for text in (whole, tip) if text))

    def _cancelled_text(self, run: RunData) -> str:
        """What the Games column's ``*`` means for ``run`` ("" for a run played to the end)."""
        if not run.cancelled:
            return ""
        return self.tr("Cancelled: %s of %s games were played") % (f"{run.games:,}", f"{run.planned:,}")

    def set_checked(self, run: RunData, checked: bool) -> None:
        for item in self._items():
            if self._number(item) == run.number:
                item.setCheckState(0, Qt.CheckState.Checked if checked else Qt.CheckState.Unchecked)

    @Slot()
    def remove_selected(self) -> None:
        """Ask to forget the highlighted runs."""
        self.remove_requested.emit([self._number(item) for item in self.selectedItems()])

    @Slot()
    def clear_runs(self) -> None:
        """Ask to forget every run."""
        self.clear_requested.emit()

    @Slot(list)
    def drop_runs(self, runs: list[RunData]) -> None:
        """Take forgotten runs off the list."""
        gone = {run.number for run in runs}
        with QSignalBlocker(self):
            for item in self._items():
                if self._number(item) in gone:
                    self.takeTopLevelItem(self.indexOfTopLevelItem(item))
        self._show_headers()
        self.selection_changed.emit()

    @Slot(QTreeWidgetItem, int)
    def _on_item_changed(self, item: QTreeWidgetItem, column: int) -> None:
        if column == 0:
            self.selection_changed.emit()

    def _items(self) -> list[QTreeWidgetItem]:
        items = (self.topLevelItem(i) for i in range(self.topLevelItemCount()))
        return [item for item in items if item is not None]

    def _numbers(self) -> list[int]:
        return [self._number(item) for item in self._items()]

    @staticmethod
    def _number(item: QTreeWidgetItem) -> int:
        return int(item.data(0, Qt.ItemDataRole.UserRole))
