"""A lazy Qt item model over the game tree explored in the analysis process.

Only the root row exists at first. Expanding a row asks the analysis process
for that node's children (their values may need a search), and the rows are
inserted when the answer comes back, so a big tree never blocks the window.
The rows' facts name the board's sides; every text names their players as the
game's :class:`SideNames` says (who moved first, the players' marks).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QObject, QPersistentModelIndex, Qt, Signal, Slot
from PySide6.QtGui import QColor, QFont, QPalette
from PySide6.QtWidgets import QApplication

from tictactoe_qt.engine.game import Board
from tictactoe_qt.engine.players import TextbookOptions
from tictactoe_qt.engine.teaching import NodeValue, ScoreView, TreeChild, move_text
from tictactoe_qt.engine.text import (
    BOARD_NAMES,
    MINUS_INFINITY,
    PLUS_INFINITY,
    SideNames,
    heuristic_text,
    outcome_text,
    plies_text,
    window_text,
)
from tictactoe_qt.gui.analysis import tree_jobs
from tictactoe_qt.gui.analysis.job_runner import JobRunner
from tictactoe_qt.gui.analysis.tree_jobs import TreeRequest, TreeSummary

Index = QModelIndex | QPersistentModelIndex
#: Rows shown at once; the view asks for the next batch when scrolled to the end.
#: Inserting all 360 replies of a 19x19 position in one go would stall the window.
ROWS_PER_BATCH = 40
COLUMNS = ("Move", "Minimax value", "Plies", "Alpha-beta window", "Note")
MOVE, VALUE, PLIES, WINDOW, NOTE = range(len(COLUMNS))


@dataclass(eq=False)
class TreeItem:
    """One row: the root position or a :class:`TreeChild`."""

    path: tuple[int, ...]
    parent: TreeItem | None
    row: int
    child: TreeChild | None = None
    #: The root's value: exact, or a depth-limited number (MAX's view).
    root_value: NodeValue | float | None = None
    children: list[TreeItem] | None = None
    loading: bool = False
    terminal: bool = False
    #: Children computed but not yet shown (a big board lists them in batches).
    waiting: list[TreeChild] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)


class GameTreeModel(QAbstractItemModel):
    """Rows of the game tree below the current position, filled in on demand."""

    #: A node's children arrived (or failed): ``(path, message)``, message empty when fine.
    children_loaded = Signal(tuple, str)

    def __init__(self, runner: JobRunner, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.runner = runner
        self.request: TreeRequest | None = None
        #: The root position (a copy), or ``None`` when no tree is shown.
        self.root: Board | None = None
        #: The alpha-beta replay's summary in alpha-beta mode, else ``None``.
        self.summary: TreeSummary | None = None
        #: How the texts name the players: the game's seating and marks.
        self.names: SideNames = BOARD_NAMES
        self._root: TreeItem | None = None
        self._jobs: dict[int, TreeItem] = {}
        runner.finished.connect(self._on_children)
        runner.failed.connect(self._on_failed)

    # -- inputs -----------------------------------------------------------------------
    def set_tree(
        self, request: TreeRequest | None, summary: TreeSummary | None = None, names: SideNames = BOARD_NAMES
    ) -> None:
        """Show the tree ``request`` names (``summary`` when it replays alpha-beta),
        its players written as ``names`` says."""
        self.beginResetModel()
        self.names = names
        for job in self._jobs:
            self.runner.cancel(job)
        self._jobs.clear()
        self.request = request
        self.summary = summary
        self.root = None if request is None else request.root()
        self._root = None
        if self.root is not None:
            self._root = TreeItem((), None, 0, terminal=self.root.is_game_over())
        self.endResetModel()

    def set_root_value(self, value: NodeValue | float) -> None:
        """The root position's own value (computed in the worker by the dock)."""
        if self._root is not None:
            self._root.root_value = value
            index = self.index(0, VALUE)
            self.dataChanged.emit(index, self.index(0, NOTE))

    def set_names(self, names: SideNames) -> None:
        """Name the players anew (the marks changed): the rows stay, their texts change."""
        if names != self.names:
            self.names = names
            self.layoutAboutToBeChanged.emit()
            self.layoutChanged.emit()
            self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, len(COLUMNS) - 1)

    def is_loading(self) -> bool:
        """True while some row's children are being computed."""
        return bool(self._jobs)

    def item(self, index: Index) -> TreeItem | None:
        if not index.isValid():
            return None
        return index.internalPointer()  # type: ignore[no-any-return]

    def board_at(self, index: Index) -> Board | None:
        item = self.item(index)
        if item is None or self.root is None:
            return None
        board = self.root.copy()
        for cell in item.path:
            board.push_index(cell)
        return board

    # -- structure ----------------------------------------------------------------------
    def index(self, row: int, column: int, parent: Index = QModelIndex()) -> QModelIndex:
        if not self.hasIndex(row, column, parent):
            return QModelIndex()
        if not parent.isValid():
            return self.createIndex(row, column, self._root)
        parent_item = self.item(parent)
        assert parent_item is not None and parent_item.children is not None
        return self.createIndex(row, column, parent_item.children[row])

    def parent(self, index: Index = QModelIndex()) -> QModelIndex:  # type: ignore[override]
        item = self.item(index)
        if item is None or item.parent is None:
            return QModelIndex()
        return self.createIndex(item.parent.row, 0, item.parent)

    def rowCount(self, parent: Index = QModelIndex()) -> int:
        if parent.column() > 0:
            return 0
        if not parent.isValid():
            return 0 if self._root is None else 1
        item = self.item(parent)
        return 0 if item is None or item.children is None else len(item.children)

    def columnCount(self, parent: Index = QModelIndex()) -> int:
        return len(COLUMNS)

    def hasChildren(self, parent: Index = QModelIndex()) -> bool:
        if not parent.isValid():
            return self._root is not None
        item = self.item(parent)
        if item is None or item.terminal:
            return False
        return item.children is None or bool(item.children) or bool(item.waiting)

    def canFetchMore(self, parent: Index) -> bool:
        item = self.item(parent)
        if item is None or item.terminal:
            return False
        return bool(item.waiting) or (item.children is None and not item.loading)

    def fetchMore(self, parent: Index) -> None:
        item = self.item(parent)
        if item is not None and item.waiting:
            self._show_batch(item)
            return
        if item is None or self.request is None or item.loading or item.children is not None:
            return
        item.loading = True
        job = self.runner.submit(tree_jobs.children, self.request, item.path)
        self._jobs[job] = item
        self.dataChanged.emit(self.createIndex(item.row, NOTE, item), self.createIndex(item.row, NOTE, item))

    @Slot(int, object)
    def _on_children(self, job: int, children: object) -> None:
        item = self._jobs.pop(job, None)
        if item is None or not isinstance(children, list):
            return
        item.loading = False
        item.children = []
        item.waiting = list(children)
        self._show_batch(item)
        self.children_loaded.emit(item.path, "")

    def _show_batch(self, item: TreeItem) -> None:
        """Insert the next :data:`ROWS_PER_BATCH` waiting children of ``item``."""
        assert item.children is not None
        batch, item.waiting = item.waiting[:ROWS_PER_BATCH], item.waiting[ROWS_PER_BATCH:]
        parent = self.createIndex(item.row, 0, item)
        first = len(item.children)
        if batch:
            self.beginInsertRows(parent, first, first + len(batch) - 1)
            item.children.extend(
                TreeItem(child.path, item, first + number, child, terminal=child.status != "ongoing")
                for number, child in enumerate(batch)
            )
            self.endInsertRows()
        self.dataChanged.emit(parent, self.createIndex(item.row, NOTE, item))

    @Slot(int, str)
    def _on_failed(self, job: int, message: str) -> None:
        item = self._jobs.pop(job, None)
        if item is not None:
            item.loading = False
            item.extra["error"] = message
            self.children_loaded.emit(item.path, message)

    # -- display ---------------------------------------------------------------------------
    def depth_limit(self) -> int | None:
        """The depth limit of the values shown (``None``: exact values)."""
        return None if self.request is None else self.request.depth

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation != Qt.Orientation.Horizontal:
            return None
        depth = self.depth_limit()
        if role == Qt.ItemDataRole.DisplayRole:
            if section == VALUE and depth is not None:
                return self.tr("Value (depth-limited, {0})").format(plies_text(depth))
            return self.tr(COLUMNS[section])
        if role == Qt.ItemDataRole.ToolTipRole:
            return header_tip(section, self.names, self.request)
        return None

    def value_view(self) -> ScoreView:
        """How depth-limited values read: MAX's (the root's side to move) view."""
        side = 0 if self.root is None else self.root.side
        scoring = "textbook" if self.request is None else self.request.options.scoring
        return ScoreView(side, scoring)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        item = self.item(index)
        if item is None:
            return None
        pruned = item.child is not None and item.child.pruned
        if role == Qt.ItemDataRole.DisplayRole:
            return self._text(item, index.column())
        if role == Qt.ItemDataRole.ToolTipRole:
            if pruned:
                return item.child.pruned_reason(self.names)  # type: ignore[union-attr]
            return self._text(item, index.column()) or None
        if role == Qt.ItemDataRole.ForegroundRole and pruned:
            return pruned_colour()
        if role == Qt.ItemDataRole.FontRole and (pruned or item.parent is None):
            font = QFont()
            font.setItalic(pruned)
            font.setBold(item.parent is None)
            return font
        return None

    def _text(self, item: TreeItem, column: int) -> str:
        child = item.child
        if child is None:  # the root row
            return self._root_text(item, column)
        depth, names = len(item.path), self.names
        if column == MOVE:
            return f"{depth}. {names.name(child.mover)} at {move_text(child.move)}"
        if column == VALUE:
            if child.beyond_limit:
                return self.tr("beyond the {0}-ply limit").format(self.depth_limit())
            if child.limited is not None:
                return self.value_view().describe(child.limited, depth - 1, names)
            return "" if child.value is None else value_text(child.value, child.plies, names)
        if column == PLIES:
            return "" if child.plies is None else str(child.plies)
        if column == WINDOW:
            summary = child.pruned_summary()
            if summary:
                return self.tr("pruned: ") + summary
            if child.window is None:
                return ""
            alpha, beta = child.window
            window = window_text(child.view.describe(alpha, depth, names), child.view.describe(beta, depth, names))
            return window + self.tr(" · from the table") if child.table else window
        if item.loading:
            return self.tr("expanding…")
        if item.waiting:
            return self.tr("{0} more replies below").format(len(item.waiting))
        if child.status == "draw":
            return self.tr("board full: draw")
        if child.status != "ongoing":
            return self.tr("{0} has won").format(names.name(child.status[0]))
        return ""

    def _root_text(self, item: TreeItem, column: int) -> str:
        board = self.root
        if board is None:
            return ""
        if column == MOVE:
            if board.is_game_over():
                return self.tr("Current position (game over)")
            return self.tr("Now: {0} to move").format(self.names.name(board.turn))
        if column == VALUE and isinstance(item.root_value, (int, float)):
            return self.value_view().describe(item.root_value, 0, self.names)
        if column in (VALUE, PLIES) and isinstance(item.root_value, NodeValue):
            plies = item.root_value.plies
            if item.root_value.result == "draw":
                plies = board.geometry.cells - board.ply
            if column == VALUE:
                return value_text(item.root_value, plies, self.names)
            return "" if plies is None else str(plies)
        if column == WINDOW and self.summary is not None:
            return window_text(MINUS_INFINITY, PLUS_INFINITY)
        if column == NOTE and item.loading:
            return self.tr("expanding…")
        if column == NOTE and item.waiting:
            return self.tr("{0} more replies below").format(len(item.waiting))
        return ""


def pruned_colour() -> QColor:
    """Greyed text for branches alpha-beta never searched, in light and dark palettes."""
    colour = QColor(QApplication.palette().color(QPalette.ColorRole.Text))
    colour.setAlpha(110)
    return colour


def value_text(value: NodeValue, plies: int | None, names: SideNames = BOARD_NAMES) -> str:
    """The engine's long form (:mod:`~tictactoe_qt.engine.text.value_notation`), the overlay's
    tooltip for the same move: 'O wins in 6 plies' with ``plies`` counted from the
    row's parent position, the move included; or a heuristic score for the first mover
    with its depth. ``names`` writes the players."""
    if value.result is not None:
        return outcome_text(value.result, plies, names)
    return heuristic_text(value.x_score, "x", value.depth, names)


def header_tip(column: int, names: SideNames = BOARD_NAMES, request: TreeRequest | None = None) -> str:
    """The tooltip of a column's header, naming the players as ``names`` does."""
    first, second = names.name_of_side(0), names.name_of_side(1)
    side = 0 if request is None else len(request.history) & 1
    maximiser, minimiser = names.name_of_side(side), names.name_of_side(1 - side)
    options = TextbookOptions() if request is None else request.options
    if request is not None and request.depth is not None:
        value = (
            f"The depth-limited minimax value: the search stops {plies_text(request.depth)} "
            f"below the current position and scores the positions there with the "
            f"evaluation {options.evaluation} ({EVALUATION_WORDS[options.evaluation]}); "
            f"ends score {SCORING_WORDS[options.scoring]}. From {maximiser}'s point of view "
            f"({maximiser}, to move now, is MAX). Not the exact game value."
        )
    else:
        value = "The position's exact value with best play from here: who wins and how soon"
    if options.form == "negamax":
        window = (
            "The window alpha-beta searched this position with, from the point of view "
            "of the side to move there (negamax form), or the cut-off that pruned it "
            "(hover for why)"
        )
    else:
        window = (
            f"The window alpha-beta searched this position with, from {maximiser}'s "
            f"point of view ({maximiser} is MAX, {minimiser} is MIN), or the cut-off "
            "that pruned it (hover for why)"
        )
    return (
        "The move leading to this position: ply number, player, and (row, column) counted from 1",
        value,
        "Plies to the end with best play, counting this row's move (a draw fills the board); "
        f"the same count as the analysis overlay's {first}3 / {second}6",
        window,
        "How the game ended, or 'expanding…' while the replies are computed",
    )[column]


EVALUATION_WORDS = {"zero": "0 for every position", "open-lines": "E(n) = M(n) − O(n), MAX's open lines minus MIN's"}
SCORING_WORDS = {"textbook": "+1 / 0 / −1", "distance": "higher for sooner wins"}
