"""The game-tree explorer dock: the tree below the current position, opened on demand.

In minimax mode each row shows a move and the value of the position it leads
to: the exact value, or with a depth limit the depth-limited minimax value (the
column says so). In alpha-beta mode the dock first runs the traced alpha-beta
search (with or without a table) from the root with the chosen textbook options
(the same nodes and cut-offs as ``trace``, the stepper and Compare) in the
analysis process, then every row also shows the (alpha, beta) window it was
searched with, and the branches alpha-beta skipped are greyed out with the
bound that cut them. Below the tree: nodes per depth, and the ``count``
command's tree facts for the board size. Selecting a row previews its
position on the board without touching the game. All the work runs in the
dock's analysis process (:mod:`.tree_jobs`), and only while the dock is shown.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from PySide6.QtCore import QItemSelection, Qt, Signal, Slot
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDockWidget,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QSizePolicy,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from tictactoe_qt.engine.game import Board, Move
from tictactoe_qt.engine.teaching import DepthCounts, move_text
from tictactoe_qt.engine.text import BOARD_NAMES, SideNames, plies_text
from tictactoe_qt.gui.analysis import tree_jobs
from tictactoe_qt.gui.analysis.dock_body import DockBody
from tictactoe_qt.gui.analysis.job_runner import CANCELLED, JobRunner
from tictactoe_qt.gui.analysis.tree_jobs import TreeRequest, TreeSummary
from tictactoe_qt.gui.analysis.tree_model import NOTE, GameTreeModel
from tictactoe_qt.gui.textbook_options_bar import TextbookOptionsBar
from tictactoe_qt.gui.widget_parts import body_layout

#: Width the note column asks for; longer notes show in full as tooltips.
NOTE_WIDTH = 140
#: The widest usual text of each column but the note, to size the columns by.
COLUMN_SAMPLES = ("12. X at row 19, column 19", "Value (depth-limited, 12 plies)", "99", "(draw (0), X wins in 9)")
#: Boards up to this many cells trace alpha-beta to the end by default.
FULL_TRACE_CELLS = 9


def default_depth(cells: int) -> int:
    """The depth limit a board starts with (0: to the end). Every reply's depth-limited
    value needs the replies below it valued too, so big boards start shallow."""
    if cells <= FULL_TRACE_CELLS:
        return 0
    return 3 if cells <= 25 else 2 if cells <= 49 else 1


HELP_TEXT = (
    "Expand a row to see the replies. To the end, values assume both players play perfectly "
    "from there; with a depth limit they are the depth-limited minimax values. In alpha-beta "
    "mode, grey rows are branches alpha-beta never searched: hover one to see which bound "
    "cut it. Select a row to preview that position on the board."
)


class TreeExplorerDock(QDockWidget):
    """A dock with the lazy game tree, counts per depth and tree facts."""

    #: ``(moves, caption)`` to preview on the board, ``(None, "")`` to stop previewing.
    preview_requested = Signal(object, str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("Game tree"), parent)
        self.setObjectName("treeExplorerDock")
        self.runner = JobRunner("treeExplorerThread", self)
        self.model = GameTreeModel(self.runner, self)
        self.board: Board | None = None
        #: The game's seating and marks: how the texts and previews name the players.
        self.names: SideNames = BOARD_NAMES
        #: The tree shown (or being prepared) in the analysis process.
        self.request: TreeRequest | None = None
        self._jobs: dict[int, str] = {}
        self._facts_cache: dict[Any, dict[str, Any] | str] = {}
        self._stale = False
        self._build()
        self.runner.finished.connect(self._on_job_finished)
        self.runner.failed.connect(self._on_job_failed)
        self.visibilityChanged.connect(self._on_visibility_changed)

    def _build(self) -> None:
        body = self.body = DockBody(self)
        layout = QVBoxLayout(body)
        controls = QHBoxLayout()
        self.mode = QComboBox(objectName="treeMode")
        self.mode.addItem(self.tr("Minimax values"), "minimax")
        self.mode.addItem(self.tr("Alpha-beta: windows and pruning"), "alphabeta")
        self.mode.addItem(self.tr("Alpha-beta + table"), "alphabeta-tt")
        self.mode.setToolTip(
            self.tr("Alpha-beta mode runs the traced alpha-beta search from the root, with the options below")
        )
        self.depth_box = QSpinBox(objectName="treeDepth")
        self.depth_box.setRange(0, 12)
        self.depth_box.setSpecialValueText(self.tr("to the end"))
        self.depth_box.setPrefix(self.tr("depth "))
        self.depth_box.setToolTip(
            self.tr("The depth limit of the values and of alpha-beta ('to the end' = exact values, the whole game)")
        )
        controls.addWidget(self.mode)
        controls.addWidget(self.depth_box)
        controls.addStretch(1)
        layout.addLayout(controls)
        # A second row: the dock stays narrow enough. The stepper and Compare show the same bar.
        self.options_bar = TextbookOptionsBar("tree")
        self.options_bar.set_table_allowed(False)
        layout.addWidget(self.options_bar)
        self.options_label = QLabel(objectName="treeOptionsLabel", wordWrap=True)
        self.options_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        layout.addWidget(self.options_label)
        self.help = QLabel(self.tr(HELP_TEXT), objectName="treeHelp", wordWrap=True)
        layout.addWidget(self.help)
        self.view = QTreeView(objectName="gameTree")
        self.view.setModel(self.model)
        self.view.setUniformRowHeights(True)
        self.view.setAlternatingRowColors(True)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        header = self.view.header()
        header.setStretchLastSection(True)
        # Fixed widths from sample texts: resizing to contents would measure every
        # row each time a batch of a big board's replies arrives.
        metrics = self.view.fontMetrics()
        for column, sample in enumerate(COLUMN_SAMPLES):
            indent = 2 * self.view.indentation() if column == 0 else 0
            header.resizeSection(
                column, max(header.sectionSizeHint(column), metrics.horizontalAdvance(sample) + indent + 16)
            )
        self.view.selectionModel().selectionChanged.connect(self._on_selection)
        # The line that says what the tree shows sits right above it, not above the counts.
        self.status = QLabel(objectName="treeStatus", wordWrap=True)
        layout.addWidget(self.status)
        layout.addWidget(self.view, 3)
        self.counts = QTableWidget(0, 3, objectName="depthCounts")
        self.counts.setHorizontalHeaderLabels(
            [self.tr("Depth"), self.tr("Nodes in the full tree"), self.tr("Visited by the search")]
        )
        self.counts.verticalHeader().hide()
        self.counts.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 6)
        self.counts.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.counts.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        layout.addWidget(self.counts, 2)
        self.facts = QLabel(objectName="treeFacts", wordWrap=True)
        self.facts.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        layout.addWidget(self.facts)
        self.setWidget(body)
        self.mode.currentIndexChanged.connect(self._on_mode)
        self.options_bar.changed.connect(self._rebuild)
        self.depth_box.valueChanged.connect(self._show_depth)
        self.depth_box.valueChanged.connect(self._rebuild)

    def preferred_width(self) -> int:
        """The dock width that shows every column of the tree and the controls."""
        header = self.view.header()
        columns = sum(header.sectionSize(c) for c in range(NOTE)) + NOTE_WIDTH
        tree = columns + self.view.verticalScrollBar().sizeHint().width() + 2 * self.view.frameWidth()
        layout = body_layout(self.body)
        margins = layout.contentsMargins()
        return max(tree + margins.left() + margins.right(), layout.sizeHint().width())

    # -- inputs --------------------------------------------------------------------------
    def set_position(self, board: Board, names: SideNames = BOARD_NAMES) -> None:
        """Root the tree at ``board`` (a copy); computed only while the dock is visible.

        ``names`` (the game's seating and marks) says how the texts name the players.
        """
        if names != self.names:
            self.names = names
            self.model.set_names(names)
            self._show_facts()
        if self.board is not None and board == self.board and board.history == self.board.history:
            return
        self.board = board.copy()
        cells = board.geometry.cells
        self.depth_box.blockSignals(True)
        self.depth_box.setValue(default_depth(cells))
        self.depth_box.blockSignals(False)
        self._show_depth()
        if self.is_on_screen():
            self._rebuild()
        else:
            self.runner.cancel()
            self._stale = True

    def is_on_screen(self) -> bool:
        """True when the user can see the dock (a tab behind another is not seen).

        Qt keeps tabbed docks 'visible' off screen, so their visible region says more.
        """
        return self.isVisible() and not self.visibleRegion().isEmpty()

    @Slot(bool)
    def _on_visibility_changed(self, visible: bool) -> None:
        """A hidden tree stops computing; it catches up when shown again."""
        if visible and self._stale:
            self._rebuild()
        elif not visible and (self._jobs or self.model.is_loading()):
            self.runner.cancel()
            self._jobs.clear()
            self._stale = True

    @Slot()
    def _show_depth(self) -> None:
        """The options bar's note follows the depth limit (minimax values use it too)."""
        empty = None if self.board is None else self.board.empty.bit_count()
        self.options_bar.set_depth_limit(self.depth_box.value() or None, empty)

    def alphabeta_mode(self) -> bool:
        return bool(self.mode.currentData() != "minimax")

    @Slot()
    def _on_mode(self) -> None:
        """Only alpha-beta with a table offers the table ordering."""
        self.options_bar.blockSignals(True)
        self.options_bar.set_table_allowed(self.mode.currentData() == "alphabeta-tt")
        self.options_bar.blockSignals(False)
        self._rebuild()

    # -- work ------------------------------------------------------------------------------
    @Slot()
    def _rebuild(self) -> None:
        """Ask for the tree of the current settings; jobs for the old one are cancelled."""
        self._stale = False
        self.runner.cancel()
        self._jobs.clear()
        self.preview_requested.emit(None, "")
        if self.board is None:
            return
        self.model.set_tree(None)
        self.counts.setRowCount(0)
        self._submit_facts()
        if self.board.is_game_over():
            self.request = TreeRequest.for_board(self.board)
            self.model.set_tree(self.request, names=self.names)
            self.status.setText(self.tr("The game is over: there is no tree below this position."))
            return
        algorithm = self.mode.currentData() if self.alphabeta_mode() else None
        self.request = TreeRequest.for_board(
            self.board, algorithm, self.depth_box.value() or None, self.options_bar.options()
        )
        self.options_label.setText(self.tr("Numbers from: {0}").format(self.request.label()))
        if algorithm is not None:
            self.status.setText(self.tr("Running alpha-beta from the current position…"))
            self._submit("trace", tree_jobs.trace_summary, self.request)
        else:
            self._show_tree(None)

    def _show_tree(self, summary: TreeSummary | None) -> None:
        assert self.request is not None
        self.model.set_tree(self.request, summary, self.names)
        self.view.expand(self.model.index(0, 0))
        self._submit("root", tree_jobs.root_value, self.request)
        self._submit("counts", tree_jobs.depth_counts, self.request)
        depth = self.request.depth
        if summary is None and depth is None:
            self.status.setText(self.tr("The tree below shows the exact minimax value of every move from here."))
        elif summary is None:
            assert depth is not None
            self.status.setText(
                self.tr("The tree below shows the depth-limited minimax value ({0}) of every move from here.").format(
                    plies_text(depth)
                )
            )
        else:
            self.status.setText(
                self.tr(
                    "The tree below shows the alpha-beta search: it visited {0:,} nodes "
                    "with {1:,} cut-offs ({2:,} branches pruned)."
                ).format(summary.visited, summary.cutoffs, summary.pruned)
            )

    def _submit(self, kind: str, function: Callable[..., Any], *args: Any) -> None:
        self._jobs[self.runner.submit(function, *args)] = kind

    def _submit_facts(self) -> None:
        assert self.board is not None
        config = self.board.config
        if config in self._facts_cache:
            self._show_facts()
            return
        self.facts.setText(self.tr("Counting the tree facts for {0}…").format(config))
        self._submit("facts", tree_jobs.tree_facts, config)

    def _show_facts(self) -> None:
        """The current board's tree facts, once counted, naming the players as :attr:`names`."""
        config = None if self.board is None else self.board.config
        if config is not None and config in self._facts_cache:
            self.facts.setText(tree_jobs.tree_facts_text(config, self._facts_cache[config], self.names))

    @Slot(int, object)
    def _on_job_finished(self, job: int, result: Any) -> None:
        kind = self._jobs.pop(job, None)
        if kind == "trace":
            self._show_tree(result)
        elif kind == "root":
            self.model.set_root_value(result)
        elif kind == "counts":
            self._show_counts(result)
        elif kind == "facts":
            config, facts = result
            self._facts_cache[config] = facts
            self._show_facts()

    @Slot(int, str)
    def _on_job_failed(self, job: int, message: str) -> None:
        kind = self._jobs.pop(job, None)
        if kind is None or message == CANCELLED:
            return
        if kind == "trace":
            assert self.request is not None
            self.request = replace(self.request, algorithm=None)
            self._show_tree(None)
            self.status.setText(self.tr("Alpha-beta trace refused: {0}").format(message))
        else:
            self.status.setText(self.tr("Could not compute the {0}: {1}").format(kind, message))

    def _show_counts(self, counts: DepthCounts) -> None:
        visited = counts.alphabeta_visited or []
        depth_rows = max(len(counts.full_tree), len(visited))
        self.counts.setRowCount(depth_rows + 1)
        for depth in range(depth_rows):
            full = f"{counts.full_tree[depth]:,}" if depth < len(counts.full_tree) else "…"
            seen = f"{visited[depth]:,}" if depth < len(visited) else ""
            for column, text in enumerate((str(depth), full, seen)):
                item = QTableWidgetItem(text)
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.counts.setItem(depth, column, item)
        total = f"{sum(counts.full_tree):,}" + (" + more (not counted)" if counts.truncated else "")
        seen_total = f"{sum(visited):,}" if visited else ""
        for column, text in enumerate((self.tr("total"), total, seen_total)):
            self.counts.setItem(depth_rows, column, QTableWidgetItem(text))

    # -- preview -----------------------------------------------------------------------------
    @Slot(QItemSelection, QItemSelection)
    def _on_selection(self, selected: QItemSelection, _deselected: QItemSelection) -> None:
        indexes = selected.indexes()
        item = self.model.item(indexes[0]) if indexes else None
        board = self.model.root
        if item is None or not item.path or board is None:
            self.preview_requested.emit(None, "")
            return
        cols, names = board.config.cols, self.model.names
        moves = [
            (divmod(cell, cols), names.mark_of_side((board.side + ply) & 1), ply + 1)
            for ply, cell in enumerate(item.path)
        ]
        last = moves[-1]
        caption = self.tr("Preview {0} moves ahead, last {1} at {2}; the game is unchanged").format(
            len(moves), names.name_of_mark(last[1]), move_text_cell(last[0])
        )
        self.preview_requested.emit(moves, caption)

    def shutdown(self) -> None:
        """Cancel and wait for the worker thread."""
        self.runner.stop()


def move_text_cell(cell: tuple[int, int]) -> str:
    return move_text(Move(*cell))
