"""The window's "Solve exactly": the shown position and every move in it, proved to the end.

:class:`ExactSolver` sends the solve to its own engine child process (through
a :class:`.job_runner.JobRunner` worker thread, never the GUI thread), passes
its progress on, and drops answers for a position no longer shown. A position
too big to solve is refused with an estimate, and one past the sizes measured to
finish starts with a note that it may run for hours
(:mod:`tictactoe_qt.engine.analysis.exact_limits`, the rule the command line follows too).
:class:`.solve_bar.SolveBar` is the strip under the board while it runs: a busy bar,
the progress line (depth, nodes, nodes/s, elapsed, best move so far) and Cancel;
then the answer, or why there is none. The answer fills the analysis overlay,
every cell exact. :func:`install_solve_exactly` adds the action (View menu and
the game tool bar) and the bar to the window.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, Signal, Slot
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow

from tictactoe_qt.engine.analysis import EXACT_MAX_EMPTY, exact_size_estimate, long_solve_note
from tictactoe_qt.engine.game import Board
from tictactoe_qt.engine.search import SearchProgress
from tictactoe_qt.engine.text import BOARD_NAMES, SideNames
from tictactoe_qt.gui.analysis.job_runner import CANCELLED, JobRunner
from tictactoe_qt.gui.analysis.solve_bar import SolveBar
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

    def __init__(self, runner: JobRunner | None = None, use_cache: bool = True, parent: QObject | None = None) -> None:
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
        self._job = self.runner.submit(solve_exactly_job, board.config, tuple(board.history), names, self.use_cache)
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


class SolveExactly(QObject):
    """The action, the solver and the bar, wired to the window's game and overlay."""

    def __init__(
        self, window: QMainWindow, overlay: Any, overlay_action: QAction, solver: ExactSolver | None = None
    ) -> None:
        super().__init__(window)
        self.window = window
        self.controller = window.controller  # type: ignore[attr-defined]
        self.overlay = overlay
        self.overlay_action = overlay_action
        self.solver = solver or ExactSolver(parent=self)
        self.action = QAction(window.tr("Solve e&xactly"), window, objectName="actionSolveExactly")
        self.action.setShortcut(QKeySequence("Ctrl+E"))
        self.action.setStatusTip(
            window.tr("Prove the value of this position and of every move, to the end of the game")
        )
        self.action.triggered.connect(self.start)
        # At the foot of the board, in the room it always leaves free: nothing moves.
        self.bar = SolveBar(window.board)  # type: ignore[attr-defined]
        self.bar.cancel_requested.connect(self.solver.cancel)
        self.solver.started.connect(self._on_started)
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

    @Slot(str)
    def _on_started(self, _position: str) -> None:
        board = self.solver.board
        # Past the sizes measured to finish, the strip says it may run for hours.
        notes = () if board is None else (long_solve_note(board), long_solve_note(board, brief=True))
        self.bar.show_running([note for note in notes if note is not None])

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
        """Hide the bar and stop the solver."""
        self.bar.hide()
        self.solver.shutdown()
