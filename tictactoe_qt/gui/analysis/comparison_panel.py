"""The algorithm comparison dock: the seeds' minimax vs alpha-beta experiment, live.

For the current position it runs plain minimax, alpha-beta, and alpha-beta
with each improvement, then the engine's own searches, in the dock's analysis
process (only when the user presses Run). The textbook rows run with the
options chosen in the shared options bar and count exactly what ``trace``, the
stepper and the game tree count for them; a caption and every tooltip say which
options produced each number. Rows fill in as each search ends;
a bar chart shows nodes, cut-offs or time on a log scale. Searches that would
take hours are refused with an estimate, or run under a time cap when the
user asks.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QDockWidget, QLabel, QTableWidgetItem, QVBoxLayout, QWidget

from tictactoe_qt.engine.analysis import DEFAULT_OPTIONS, VARIANTS, ComparisonRow, ComparisonTies, SizeEstimate
from tictactoe_qt.engine.game import Board
from tictactoe_qt.engine.players import TextbookOptions
from tictactoe_qt.engine.text import BOARD_NAMES, SideNames
from tictactoe_qt.gui.analysis import search_jobs
from tictactoe_qt.gui.analysis.comparison_cells import (
    move_tip,
    note_text,
    options_caption,
    options_text,
    position_text,
    row_cells,
    value_key,
    value_tip,
)
from tictactoe_qt.gui.analysis.comparison_chart_box import ComparisonChartBox
from tictactoe_qt.gui.analysis.comparison_conclusion import conclusion_text
from tictactoe_qt.gui.analysis.comparison_controls import ComparisonControls
from tictactoe_qt.gui.analysis.comparison_table import (
    CUTOFFS,
    MOVE,
    NODES,
    NOTE,
    TIME,
    VALUE,
    comparison_table,
    preferred_table_width,
)
from tictactoe_qt.gui.analysis.dock_body import DockBody
from tictactoe_qt.gui.analysis.job_runner import CANCELLED, JobRunner
from tictactoe_qt.gui.analysis.table_first_splitter import TableFirstSplitter
from tictactoe_qt.gui.textbook_options_bar import TextbookOptionsBar
from tictactoe_qt.gui.widget_parts import body_layout, header_item


class ComparisonDock(QDockWidget):
    """Table, log-scale chart and a one-line conclusion for the current position."""

    #: Emitted with every row as it finishes (tests and the status bar use it).
    row_finished = Signal(object)
    #: Emitted once the whole comparison ended (or was cancelled).
    comparison_finished = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("Compare"), parent)
        self.setObjectName("comparisonDock")
        self.runner = JobRunner("comparisonThread", self)
        self.board: Board | None = None
        #: The game's seating and marks: how the texts name the players.
        self.names: SideNames = BOARD_NAMES
        #: The position the table's rows belong to (``None`` while there are none).
        self.results_board: Board | None = None
        #: How the rows name the players (the seating and marks of their game).
        self.results_names: SideNames = BOARD_NAMES
        self.rows: list[ComparisonRow] = []
        #: The textbook options the table's rows ran with.
        self.results_options: TextbookOptions | None = None
        self.estimate: SizeEstimate | None = None
        #: Equally good moves the rows chose differently (``None``: no such tie).
        self.ties: ComparisonTies | None = None
        self._job: int | None = None
        #: A run was stopped because the dock was hidden: run again when it is shown.
        self._resume = False
        #: Seconds the perfect engine may think (it solves small boards long before).
        self.perfect_budget = 2.0
        self._build()
        self.runner.progress.connect(self._on_progress)
        self.runner.finished.connect(self._on_finished)
        self.runner.failed.connect(self._on_failed)
        self.visibilityChanged.connect(self._on_visibility_changed)

    def _build(self) -> None:
        body = self.body = DockBody(self)
        layout = QVBoxLayout(body)
        controls = ComparisonControls(layout)
        self.depth_box, self.run_button, self.stop_button = (
            controls.depth_box,
            controls.run_button,
            controls.stop_button,
        )
        self.capped, self.cap = controls.capped, controls.cap
        # The same bar as the stepper's and the game tree's: the same choices, the same counts.
        # No blank line kept for the estimate note: the table needs the room, and the
        # note comes only with the depth box above it, so nothing moves under the mouse.
        self.options_bar = TextbookOptionsBar("comparison", DEFAULT_OPTIONS, keep_note_room=False)
        layout.addWidget(self.options_bar)
        self.options_label = QLabel(objectName="comparisonOptions", wordWrap=True)
        self.options_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.options_label)
        self.estimate_label = QLabel(objectName="comparisonEstimate", wordWrap=True)
        layout.addWidget(self.estimate_label)
        self.outdated_label = QLabel(objectName="comparisonOutdated", wordWrap=True)
        self.outdated_label.setStyleSheet(
            "#comparisonOutdated { background: rgba(229, 165, 10, 60); border-radius: 4px; padding: 4px 6px; }"
        )
        self.outdated_label.hide()
        layout.addWidget(self.outdated_label)
        self.table = comparison_table(self.fontMetrics().height())
        self.chart_box = ComparisonChartBox()
        # A row per algorithm first; the chart takes the rest (and all a taller dock adds).
        self.splitter = TableFirstSplitter(self.table, self.chart_box)
        layout.addWidget(self.splitter, 1)
        self.summary = QLabel(objectName="comparisonSummary", wordWrap=True)
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.summary)
        self.setWidget(body)
        self.run_button.clicked.connect(self.run)
        self.stop_button.clicked.connect(self.stop)
        self.chart_box.metric_choice.currentIndexChanged.connect(self._update_chart)
        self.options_bar.changed.connect(self._on_options_changed)
        self.depth_box.currentIndexChanged.connect(self._show_depth)
        self._show_options_label()

    def preferred_width(self) -> int:
        """The dock width that shows every column, the buttons and the chart's labels."""
        layout = body_layout(self.body)
        margins = layout.contentsMargins()
        return max(preferred_table_width(self.table) + margins.left() + margins.right(), layout.sizeHint().width())

    @Slot(bool)
    def _on_visibility_changed(self, visible: bool) -> None:
        """Work only while seen: a hidden dock stops its run and restarts it when shown."""
        if visible:
            self.runner.warm_up()  # Run then answers at once
            if self._resume:
                self._resume = False
                self.run()
        elif self.is_running():
            self.stop()
            self._resume = True

    # -- inputs ---------------------------------------------------------------------------
    def set_position(self, board: Board, names: SideNames = BOARD_NAMES) -> None:
        """Compare on ``board`` next time; a running comparison of another position stops.

        ``names`` (the game's seating and marks) says how the texts name the players.
        """
        if self.results_board is not None and board == self.results_board and names != self.results_names:
            self.results_names = names  # the same position, new marks: name them anew
            self._show_rows()
            if self._job is None and self.rows:
                self._show_conclusion()
        self.names = names
        if self.board is not None and board == self.board:
            return
        self.stop()
        self._resume = False
        self.board = board.copy()
        self._show_depth()
        self._mark_outdated()
        over = board.is_game_over()
        self.run_button.setEnabled(not over)
        self.estimate_label.setText(
            self.tr("The game is over: nothing to compare.")
            if over
            else self.tr("Press Run to search the current position with every algorithm.")
        )

    @Slot()
    def _show_depth(self) -> None:
        """The options bar's note follows the depth limit set for the textbook rows."""
        empty = None if self.board is None else self.board.empty.bit_count()
        self.options_bar.set_depth_limit(self.depth_box.currentData(), empty)

    def is_outdated(self) -> bool:
        """True when the table shows results of another position, or other options,
        than the ones chosen now."""
        return self.results_board is not None and (
            self.results_board != self.board or self.results_options != self.options_bar.options()
        )

    @Slot()
    def _on_options_changed(self) -> None:
        self._mark_outdated()
        self._show_options_label()

    def _show_options_label(self) -> None:
        """Say which options the numbers shown (or the next run's) come from."""
        self.options_label.setText(options_caption(self.results_options or self.options_bar.options()))

    def _mark_outdated(self) -> None:
        """Dim the results and say so when they belong to another position or options."""
        outdated = self.is_outdated()
        if outdated and self.results_board != self.board:
            assert self.results_board is not None
            self.outdated_label.setText(
                self.tr(
                    "Outdated: these results are for an earlier position ({0}). Press Run to compare the current one."
                ).format(position_text(self.results_board, self.results_names))
            )
        elif outdated:
            assert self.results_options is not None
            self.outdated_label.setText(
                self.tr(
                    "Outdated: these results are for other options ({0}). "
                    "Press Run to compare with the options chosen now."
                ).format(options_text(self.results_options))
            )
        self.outdated_label.setVisible(outdated)
        # Greyed like disabled text, yet the old table still scrolls.
        palette = self.table.palette() if outdated else QPalette()
        if outdated:
            grey = palette.color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text)
            palette.setColor(QPalette.ColorRole.Text, grey)
        self.table.setPalette(palette)
        self.chart_box.setEnabled(not outdated)
        self.summary.setEnabled(not outdated)

    @Slot()
    def run(self) -> None:
        """Start the comparison for the current position in the worker."""
        if self.board is None or self.board.is_game_over():
            return
        self.stop()
        board, depth = self.board.copy(), self.depth_box.currentData()
        capped, cap = self.capped.isChecked(), self.cap.value()
        options = self.options_bar.options()
        self.rows = []
        self.results_board = board.copy()
        self.results_names = self.names
        self.results_options = options
        self._show_options_label()
        self._mark_outdated()
        self.estimate = None
        self.ties = None
        self.table.setRowCount(0)
        self.summary.setText("")
        self._update_chart()
        self.estimate_label.setText(self.tr("Sizing the tree…"))

        self._job = self.runner.submit(
            search_jobs.comparison_run,
            board.config,
            tuple(board.history),
            depth,
            capped,
            cap,
            self.perfect_budget,
            options,
        )
        self.run_button.setEnabled(False)
        self.stop_button.setEnabled(True)

    @Slot()
    def stop(self) -> None:
        """Cancel the running comparison (its finished rows stay)."""
        if self._job is not None:
            self.runner.cancel(self._job)

    def is_running(self) -> bool:
        return self._job is not None

    # -- results --------------------------------------------------------------------------
    @Slot(int, object)
    def _on_progress(self, job: int, value: object) -> None:
        if job != self._job:
            return
        if isinstance(value, SizeEstimate):
            self.estimate = value
            self.estimate_label.setText(self.tr("Before searching: {0}.").format(value.text()))
            return
        if isinstance(value, ComparisonTies):
            self.ties = value
            self._show_rows()  # the moves' tooltips say which tie-break chose them
            return
        assert isinstance(value, ComparisonRow)
        self.rows.append(value)
        self._add_row(value)
        self._update_chart()
        self.row_finished.emit(value)

    def _show_rows(self) -> None:
        """Write the table anew from :attr:`rows`."""
        self.table.setRowCount(0)
        for row in self.rows:
            self._add_row(row)
        self.table.fit_columns()

    def _add_row(self, row: ComparisonRow) -> None:
        assert self.results_board is not None
        number = self.table.rowCount()
        self.table.insertRow(number)
        to_move, names = self.results_board.turn, self.results_names
        cells = [*row_cells(row, to_move, names), self._note(row)]
        header_item(self.table, VALUE).setToolTip(value_key(to_move, names))
        tip = self.tr("{0}: {1}.\n{2}").format(row.title, row.options_text(), row.message or row.variant.explanation)
        for column, text in enumerate(cells):
            item = QTableWidgetItem(text)
            if column in (NODES, CUTOFFS, TIME):
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            # The move and the value in words, and the whole note (a narrow dock ends it in '…').
            head = {MOVE: move_tip(row, self.ties), VALUE: value_tip(row, to_move, names), NOTE: text}.get(column, "")
            item.setToolTip(f"{head}\n{tip}" if head and head not in tip else tip)
            self.table.setItem(number, column, item)
        self.table.fit_columns()

    def _note(self, row: ComparisonRow) -> str:
        """A few words for the table; the tooltip has the full message."""
        return note_text(row, self.estimate, self.cap.value())

    @Slot()
    def _update_chart(self) -> None:
        ordering = (self.results_options or self.options_bar.options()).ordering
        self.chart_box.show_rows(self.rows, ordering)

    @Slot(int, object)
    def _on_finished(self, job: int, _value: object) -> None:
        if job != self._job:
            return
        self._done()

    @Slot(int, str)
    def _on_failed(self, job: int, message: str) -> None:
        if job != self._job:
            return
        if message == CANCELLED and self.estimate is None:
            self.summary.setText(self.tr("Stopped before the first search."))
        elif message == CANCELLED:
            self._mark_unfinished(self.tr("stopped before it finished"))
        else:
            self.summary.setText(self.tr("The comparison stopped: {0}").format(message))
        self._done()

    def _mark_unfinished(self, message: str) -> None:
        """Rows for the algorithms a stopped comparison never finished."""
        finished = {row.variant.key for row in self.rows}
        for variant in VARIANTS:
            if variant.key not in finished:
                options = self.results_options or self.options_bar.options()
                row = ComparisonRow(
                    variant,
                    "cancelled",
                    message=message,
                    options=variant.options_for(options),
                    title=variant.title(options),
                )
                self.rows.append(row)
                self._add_row(row)
        self._update_chart()

    def _done(self) -> None:
        self._job = None
        self.run_button.setEnabled(self.board is not None and not self.board.is_game_over())
        self.stop_button.setEnabled(False)
        if self.rows:
            self._show_conclusion()
        self.comparison_finished.emit()

    def _show_conclusion(self) -> None:
        # The tie in one sentence under the table (its rows keep their room); who chose
        # what, and by which order, in the tooltip and in each row's Move tip.
        ties = "" if self.ties is None else self.ties.text(self.results_names, brief=True)
        self.summary.setText(conclusion_text(self.rows, self.estimate, ties))
        self.summary.setToolTip("" if self.ties is None else self.ties.text(self.results_names))

    def shutdown(self) -> None:
        """Cancel and wait for the worker thread."""
        self.runner.stop()
