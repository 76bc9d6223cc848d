"""The window's "Solve exactly": the shown position and every move in it, proved to the end.

:class:`ExactSolver` sends the solve to its own engine child process (through
a :class:`.job_runner.JobRunner` worker thread, never the GUI thread), passes
its progress on, and drops answers for a position no longer shown. A position
too big to solve is refused with an estimate (:mod:`tictactoe_qt.engine.exact_limits`).
:class:`SolveBar` is the bar under the board while it runs: a busy bar, the
progress line (depth, nodes, nodes/s, elapsed, best move so far) and Cancel;
then the answer, or why there is none. The answer fills the analysis overlay,
every cell exact. :func:`install_solve_exactly` adds the action (View menu and
the game tool bar) and the bar to the window.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, Qt, Signal, Slot
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QProgressBar,
    QPushButton,
    QToolBar,
    QWidget,
)

from tictactoe_qt.engine import Board
from tictactoe_qt.engine.bench.rows import seconds_text
from tictactoe_qt.engine.exact_limits import EXACT_MAX_EMPTY, exact_size_estimate
from tictactoe_qt.engine.search.progress import SearchProgress, progress_text
from tictactoe_qt.engine.side_names import BOARD_NAMES, SideNames
from tictactoe_qt.gui.analysis.job_runner import CANCELLED, JobRunner
from tictactoe_qt.gui.analysis.solve_jobs import SolveAnswer, solve_exactly_job


class ExactSolver(QObject):
    """Solves positions exactly in a child process, one at a time.

    Args:
        runner: a runner to use; by default the solver starts its own (its own child
            process, so a long proof never holds up the overlay's analyses).
        use_cache: go through the cache of solved positions.
        parent: the owning QObject.
    """

    #: A solve began for the position (its notation).
    started = Signal(str)
    #: A :class:`SearchProgress` of the running solve.
    progress = Signal(object)
    #: The :class:`.solve_jobs.SolveAnswer` for the position still shown.
    solved = Signal(object)
    #: No answer will come: cancelled or the position changed (an empty text), or why not.
    stopped = Signal(str)

    def __init__(self, runner: JobRunner | None = None, use_cache: bool = True,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.runner = runner or JobRunner("solveExactlyThread", self)
        self._owns_runner = runner is None
        self.use_cache = use_cache
        self.board: Board | None = None
        self._job: int | None = None
        self.runner.progress.connect(self._on_progress)
        self.runner.finished.connect(self._on_finished)
        self.runner.failed.connect(self._on_failed)

    @property
    def running(self) -> bool:
        return self._job is not None

    def refusal(self, board: Board) -> str | None:
        """Why ``board`` cannot be solved exactly here, or ``None`` when it can."""
        if board.is_game_over():
            return self.tr("The game is over: there is nothing left to solve.")
        exponent = exact_size_estimate(board)
        if exponent is None:
            return None
        return self.tr(
            "Too big to solve exactly: {0} empty cells could mean up to about 10^{1} lines "
            "of play. Exact solving takes at most {2} empty cells."
        ).format(board.empty.bit_count(), exponent, EXACT_MAX_EMPTY)

    def solve(self, board: Board, names: SideNames = BOARD_NAMES) -> bool:
        """Start solving ``board`` (dropping any solve under way); False when it is refused."""
        self._drop()
        refused = self.refusal(board)
        if refused is not None:
            self.stopped.emit(refused)
            return False
        self.board = board.copy()
        self._job = self.runner.submit(solve_exactly_job, board.config, tuple(board.history),
                                       names, self.use_cache)
        self.started.emit(board.notation())
        return True

    @Slot()
    def cancel(self) -> None:
        """Stop the solve under way; the window stays as it was."""
        if self._drop():
            self.stopped.emit("")

    def set_position(self, board: Board) -> None:
        """The game moved on: a solve of another position is dropped."""
        if self._job is not None and board != self.board:
            self.cancel()

    def shutdown(self) -> None:
        """Cancel, quit and wait for the thread, and end the child (when the solver owns it)."""
        self._drop()
        if self._owns_runner:
            self.runner.stop()

    def _drop(self) -> bool:
        if self._job is None:
            return False
        self.runner.cancel(self._job)
        self._job = None
        return True

    @Slot(int, object)
    def _on_progress(self, job_id: int, value: object) -> None:
        if job_id == self._job and isinstance(value, SearchProgress):
            self.progress.emit(value)

    @Slot(int, object)
    def _on_finished(self, job_id: int, answer: SolveAnswer) -> None:
        if job_id != self._job:
            return  # an answer for a position no longer shown
        self._job = None
        if self.board is None or answer.position != self.board.notation() or not answer.exact:
            self.stopped.emit("")
            return
        self.solved.emit(answer)

    @Slot(int, str)
    def _on_failed(self, job_id: int, message: str) -> None:
        if job_id != self._job:
            return
        self._job = None
        if message == CANCELLED:
            self.stopped.emit("")
        else:
            self.stopped.emit(self.tr("Solve exactly failed: {0}").format(message))


class SolveBar(QWidget):
    """Under the board: a solve's progress with Cancel, then its answer or its error."""

    #: The user asked to stop the solve.
    cancel_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("solveBar")
        self.title = QLabel(objectName="solveTitle")
        self.busy = QProgressBar(objectName="solveProgress")
        self.busy.setRange(0, 0)  # how long a proof takes is unknown: a busy bar
        self.busy.setTextVisible(False)
        self.busy.setFixedWidth(110)
        self.line = QLabel(objectName="solveLine")
        self.line.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.cancel_button = QPushButton(self.tr("Cancel"), objectName="solveCancel")
        self.cancel_button.setToolTip(self.tr("Stop solving; the board stays as it is"))
        self.cancel_button.clicked.connect(self.cancel_requested)
        self.close_button = QPushButton(self.tr("Close"), objectName="solveClose")
        self.close_button.clicked.connect(self.hide_bar)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(6, 2, 6, 2)
        layout.addWidget(self.title)
        layout.addWidget(self.busy)
        layout.addWidget(self.line, 1)
        layout.addWidget(self.cancel_button)
        layout.addWidget(self.close_button)

    def _container(self) -> QWidget:
        """What to show and hide: the tool bar holding the bar, or the bar itself."""
        holder = self.parentWidget()
        return holder if isinstance(holder, QToolBar) else self

    def show_running(self) -> None:
        self.title.setText(self.tr("Solving exactly…"))
        self.line.setText(self.tr("starting the solver…"))
        self._set_running(True)

    @Slot(object)
    def show_progress(self, progress: SearchProgress) -> None:
        self.line.setText(progress_text(progress))

    def show_answer(self, answer: SolveAnswer) -> None:
        self.title.setText(self.tr("Solved exactly:"))
        how = (self.tr("from the cache of solved positions, {0}") if answer.cached
               else self.tr("{0}")).format(seconds_text(answer.seconds))
        self.line.setText(f"{answer.outcome} ({how})")
        self._set_running(False)

    def show_problem(self, text: str) -> None:
        self.title.setText("⚠")
        self.line.setText(text)
        self._set_running(False)

    @Slot()
    def hide_bar(self) -> None:
        self._container().hide()

    def _set_running(self, running: bool) -> None:
        self.busy.setVisible(running)
        self.cancel_button.setVisible(running)
        self.close_button.setVisible(not running)
        self._container().show()


class SolveExactly(QObject):
    """The action, the solver and the bar, wired to the window's game and overlay."""

    def __init__(self, window: QMainWindow, overlay: Any, overlay_action: QAction,
                 solver: ExactSolver | None = None) -> None:
        super().__init__(window)
        self.window = window
        self.controller = window.controller  # type: ignore[attr-defined]
        self.overlay = overlay
        self.overlay_action = overlay_action
        self.solver = solver or ExactSolver(parent=self)
        self.action = QAction(window.tr("Solve e&xactly"), window, objectName="actionSolveExactly")
        self.action.setShortcut(QKeySequence("Ctrl+E"))
        self.action.setStatusTip(window.tr(
            "Prove the value of this position and of every move, to the end of the game"))
        self.action.triggered.connect(self.start)
        self.bar = SolveBar()
        self.tool_bar = QToolBar(window.tr("Solve exactly"), window, objectName="solveToolBar")
        self.tool_bar.setMovable(False)
        self.tool_bar.addWidget(self.bar)
        window.addToolBar(Qt.ToolBarArea.BottomToolBarArea, self.tool_bar)
        self.tool_bar.toggleViewAction().setVisible(False)  # it shows itself when needed
        self.tool_bar.hide()
        self.bar.cancel_requested.connect(self.solver.cancel)
        self.solver.started.connect(lambda _position: self.bar.show_running())
        self.solver.progress.connect(self.bar.show_progress)
        self.solver.solved.connect(self._on_solved)
        self.solver.stopped.connect(self._on_stopped)
        self.solver.started.connect(lambda _position: self.action.setEnabled(False))
        self.solver.solved.connect(lambda _answer: self.action.setEnabled(True))
        self.solver.stopped.connect(lambda _text: self.action.setEnabled(True))

    @Slot()
    def start(self) -> None:
        """Solve the position on the board now."""
        from tictactoe_qt.gui import game_texts

        self.solver.solve(self.controller.board, game_texts.side_names(self.controller))

    def set_position(self, board: Board) -> None:
        """The game moved on: drop a stale solve, and the answer of the last position."""
        was_running = self.solver.running
        self.solver.set_position(board)
        shown = self.solver.board
        if not was_running and shown is not None and board != shown:
            self.bar.hide_bar()

    @Slot(object)
    def _on_solved(self, answer: SolveAnswer) -> None:
        board = self.controller.board
        if answer.position != board.notation():
            return
        if not self.overlay_action.isChecked():
            self.overlay_action.setChecked(True)
        self.overlay.show_exact(board, answer.data)
        self.bar.show_answer(answer)
        for warning in answer.warnings:
            self.window.statusBar().showMessage(warning, 10_000)

    @Slot(str)
    def _on_stopped(self, text: str) -> None:
        if text:
            self.bar.show_problem(text)
        else:
            self.bar.hide_bar()

    def shutdown(self) -> None:
        """Stop the solver; the bar is hidden first, so the saved window layout never
        brings back an empty bar."""
        self.tool_bar.hide()
        self.solver.shutdown()
