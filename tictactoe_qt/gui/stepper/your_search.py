"""The stepper's "Your search…": step a student's own search with the textbook's step beside it.

The student's file runs in a child process (the engine's
:class:`~tictactoe_qt.engine.teaching.check.StudentSearch`, the one ``tictactoe-qt
check`` uses), on the stepper's tree or position. A worker thread only waits on
that child, which also checks the run and lines it up beside the textbook's
events. The stepper then steps the student's trace on its board and drawn tree;
a line under the caption shows what the textbook does at the same step, and
stepping stops at the first difference with its explanation.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from itertools import count, islice
from typing import Any

from PySide6.QtCore import QObject, QThread, Signal, Slot
from PySide6.QtWidgets import QFileDialog, QLabel, QPushButton, QSizePolicy

from tictactoe_qt.engine.players import TextbookOptions
from tictactoe_qt.engine.teaching import SizeEstimate
from tictactoe_qt.engine.teaching.check import (
    DEFAULT_TIME_LIMIT,
    Case,
    CaseReport,
    SideBySide,
    StudentCodeError,
    StudentRun,
    StudentSearch,
    path_words,
    student_events,
)
from tictactoe_qt.gui.thread_ends import quit_and_wait, stop_when_destroyed

from .event_words import event_words
from .trace_setup import TraceSetup

#: Student steps lined up beside the textbook's (more than anyone steps by hand).
BESIDE_STEPS = 20_000
CHECKED = ("minimax", "alphabeta")
_jobs = count(1)


@dataclass(frozen=True)
class StudentSetup(TraceSetup):
    """A student's recorded search, stepped like any trace (its events rebuilt from the record),
    ending with its first event the textbook does not make (``last``), whichever way it is run."""

    record: Any = None
    cols: int | None = None
    source: str = ""
    last: int | None = None

    def events(self) -> Any:
        events = student_events(self.record, self.cols)
        return events if self.last is None else islice(events, self.last + 1)

    def label(self) -> str:
        where = "a tree" if self.tree is not None else "this position"
        return f"Your search ({self.source}) on {where}, beside textbook {self.algorithm}"


@dataclass(frozen=True)
class Outcome:
    """What came back for one file: the run, the check and the steps lined up (or a message)."""

    job: int
    case: Case
    algorithm: str
    source: str
    run: StudentRun | None = None
    report: CaseReport | None = None
    beside: SideBySide | None = None
    message: str = ""


class _Worker(QObject):
    """Lives in the thread: runs one file at a time in its child and waits."""

    done = Signal(object)

    def __init__(self) -> None:
        super().__init__()
        self.student: StudentSearch | None = None

    @Slot(object)
    def run(self, job: tuple[int, str, Case, str, float]) -> None:
        number, path, case, algorithm, seconds = job
        source = path.rsplit("/", 1)[-1]
        student = self.student = StudentSearch(path, time_limit=seconds)
        try:
            run, report, beside = student.run_and_report(case, algorithm, BESIDE_STEPS)
        except StudentCodeError as error:
            self.done.emit(Outcome(number, case, algorithm, source, message=str(error)))
            return
        finally:
            student.close()
        self.done.emit(Outcome(number, case, algorithm, source, run, report, beside, run.message))


class YourSearch(QObject):
    """The button, the line beside the caption, and the run behind them; ``dock`` shows."""

    _submit = Signal(object)

    def __init__(self, dock: Any) -> None:
        super().__init__(dock)
        self.dock = dock
        self.button = QPushButton(self.tr("Your search…"), objectName="stepperYourSearch")
        self.button.setToolTip(
            self.tr(
                "Load a file with search(game, state) written to the textbook's interface, run "
                "it on this tree or position, and step through it beside the textbook's search"
            )
        )
        self.button.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.beside = QLabel(objectName="stepperYourSearchBeside", wordWrap=True)
        self.beside.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.beside.hide()
        self.outcome: Outcome | None = None
        #: Seconds the student's search may take.
        self.time_limit = DEFAULT_TIME_LIMIT
        self._job = 0
        self._thread: QThread | None = None
        self._worker: _Worker | None = None
        self.button.clicked.connect(self.choose_file)
        dock.stepper.changed.connect(self._on_step)

    # -- starting -------------------------------------------------------------------------
    @Slot()
    def choose_file(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self.dock, self.tr("Your search"), "", self.tr("Python files (*.py)"))
        if path:
            self.load_file(path)

    def load_file(self, path: str) -> int:
        """Run ``search`` in ``path`` on the stepper's tree or position; returns the job's id.

        The answer arrives later: the stepper loads the student's trace, or the
        status line says what went wrong.
        """
        case, algorithm = self._case()
        if self._worker is not None and self._worker.student is not None:
            self._worker.student.cancel()  # a file still running is not waited for
        self._job = number = next(_jobs)
        self.outcome = None
        self.beside.hide()
        self.dock.show_search()
        self.dock.status.setText(
            self.tr("Running your search ({0}) on {1}…").format(path.rsplit("/", 1)[-1], case.name)
        )
        self.button.setEnabled(False)
        self._ensure_thread()
        self._submit.emit((number, path, case, algorithm, self.time_limit))
        return number

    def _case(self) -> tuple[Case, str]:
        """The stepper's tree, else the position it searches (or the game's), and the search."""
        setup = self.dock.stepper.setup
        algorithm = setup.algorithm if setup is not None and setup.algorithm in CHECKED else "alphabeta"
        if setup is not None and setup.tree is not None:
            return Case(tree=json.dumps(setup.tree, separators=(",", ":"))), algorithm
        if setup is not None and setup.board is not None:
            return Case(board=setup.board.notation(), depth=setup.depth), algorithm
        return Case(board=self.dock.position.notation()), algorithm

    def _ensure_thread(self) -> None:
        if self._thread is not None:
            return
        thread = self._thread = QThread()
        thread.setObjectName("yourSearch")
        worker = self._worker = _Worker()
        worker.moveToThread(thread)
        thread.finished.connect(worker.deleteLater)
        self._submit.connect(worker.run)
        worker.done.connect(self._on_done)
        stop_when_destroyed(self, _End(thread, worker))
        thread.start()

    def stop(self) -> None:
        """End a running file's child and the thread (idempotent; the window's close)."""
        self._job = 0
        if self._thread is not None and self._worker is not None:
            _End(self._thread, self._worker)()

    # -- showing ----------------------------------------------------------------------------
    @Slot(object)
    def _on_done(self, outcome: Outcome) -> None:
        if outcome.job != self._job:
            return  # an older file's answer, or one after stop
        self.button.setEnabled(True)
        run, report = outcome.run, outcome.report
        if report is None or run is None or run.record is None or run.outcome != "done":
            text = outcome.message or (report.message if report else "") or self.tr("Your search did not finish.")
            self.dock.status.setText(self.tr("Your search: {0}").format(text))
            self.dock.status.setToolTip(run.traceback if run is not None else "")
            return
        self.outcome = outcome
        case = outcome.case
        board = None if case.tree is not None else case.position()
        tree = case.parsed_tree() if case.tree is not None else None
        beside = outcome.beside
        last = None if beside is None else beside.parted_at
        events = 2 * run.record.nodes + len(run.record.leaf_values) if last is None else last + 1
        setup = StudentSetup(
            outcome.algorithm,
            TextbookOptions(),
            board,
            tree,
            case.depth,
            SizeEstimate(events, exact=True),
            record=run.record,
            cols=None if board is None else board.config.cols,
            source=outcome.source,
            last=last,
        )
        self.dock.stepper.start(setup)
        self.dock.status.setText(self.tr("Your search: {0}").format(report.verdict()))
        self.dock.status.setToolTip("\n".join(report.explanation()))

    @Slot()
    def _on_step(self) -> None:
        outcome, stepper = self.outcome, self.dock.stepper
        if outcome is None or not isinstance(stepper.setup, StudentSetup) or stepper.session is None:
            self.beside.hide()
            return
        self.beside.show()
        beside = outcome.beside or SideBySide()
        shown = stepper.session.position
        parted = beside.parted_at
        if parted is not None and shown > parted:
            self.beside.setText(self._difference_text(outcome))
            return
        if shown == 0:
            self.beside.setText(self.tr("Textbook: ready (press Step)."))
            return
        if shown - 1 < len(beside.beside):
            words = " ".join(event_words(event) for event in beside.beside[shown - 1])
            self.beside.setText(self.tr("Textbook: {0}").format(words))
        elif stepper.session.finished and outcome.report is not None:
            self.beside.setText(self.tr("Done: {0}").format(outcome.report.verdict()))
        else:
            self.beside.setText(self.tr("Textbook: (beyond the steps lined up)"))

    def _difference_text(self, outcome: Outcome) -> str:
        report = outcome.report
        difference = None if report is None else report.first_difference
        if difference is None:
            return self.tr("Here your search parts from the textbook's.")
        return self.tr("First difference at {0}: {1}; {2}.").format(
            path_words(difference.path), difference.textbook, difference.yours
        )


class _End:
    """Stops the thread and its child without referring to the owner (see thread_ends)."""

    def __init__(self, thread: QThread, worker: _Worker) -> None:
        self._thread, self._worker = thread, worker

    def __call__(self) -> None:
        student = self._worker.student
        if student is not None:
            student.cancel()
        quit_and_wait(self._thread)
