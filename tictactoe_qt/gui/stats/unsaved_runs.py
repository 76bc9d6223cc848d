"""Asking before the window closes with runs nobody saved.

Runs live only while the window is open (and in the recovery folder, which a
normal close empties: :mod:`.run_recovery`). Closing it with runs never written
to a file asks "Save the 2 simulation runs and 2 watched series before closing?"
(batches and watched series counted apart, :func:`runs_in_words`): Save writes them
into a chosen folder (games as CSV, summaries as JSON) and closes, Discard
closes at once, Cancel (or Escape) keeps the window open. The question never blocks:
the close is refused, a window-modal box is shown, and its answer closes the
window again. Tests and scripts answer through :attr:`UnsavedRunsQuestion.answer`.

The question watches the window's close events itself, and must be installed
after every other watcher that stops work on close (:func:`ask_before_closing`,
last in the window's set-up): Qt asks the last installed filter first, so a
refused close stops nothing.
"""

from __future__ import annotations

from enum import Enum
from typing import ClassVar

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from .kept_runs import runs_in_words
from .run_data import RunData
from .stats_controller import StatsController


class CloseChoice(Enum):
    """The answers to "Save the runs before closing?"."""

    SAVE = "save"
    DISCARD = "discard"
    CANCEL = "cancel"


_BUTTONS = {QMessageBox.StandardButton.Save: CloseChoice.SAVE, QMessageBox.StandardButton.Discard: CloseChoice.DISCARD}


class UnsavedRunsQuestion(QObject):
    """Decides whether ``window`` may close now, asking about unsaved runs first."""

    #: The answer given without asking (tests, scripts); ``None`` asks in a dialog.
    answer: ClassVar[CloseChoice | None] = None

    def __init__(self, window: QWidget, stats: StatsController) -> None:
        super().__init__(window)
        self._window = window
        self._stats = stats
        self._answered = False
        #: The question on screen, if any.
        self.dialog: QMessageBox | None = None
        window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._window and event.type() == QEvent.Type.Close and not self.may_close():
            event.ignore()  # the window stays open while the user answers
            return True
        return False

    def may_close(self) -> bool:
        """True if the window may close now. Otherwise the user is being asked, and
        Save (once written) or Discard closes the window again."""
        runs = self._stats.unsaved_runs()
        if self._answered or not runs:
            return True
        if self.answer is not None:
            return self._carry_out(self.answer)
        self._ask(runs)
        return False

    def stop_asking(self) -> None:
        """Let the window close without asking (a termination signal: nobody can answer).

        The runs stay in the recovery folder, and the next start shows them again
        (:mod:`.run_recovery`); a question on screen goes away.
        """
        self._answered = True
        if self._stats.recovery is not None:
            self._stats.recovery.keep_on_close()
        if self.dialog is not None:
            self.dialog.reject()  # its answer counts as Cancel: nothing more happens

    def _ask(self, runs: list[RunData]) -> None:
        if self.dialog is not None:
            self.dialog.raise_()
            self.dialog.activateWindow()
            return
        text = self.tr("Save {0} before closing?").format(runs_in_words(runs))
        box = QMessageBox(
            QMessageBox.Icon.Question,
            self.tr("Unsaved runs"),
            text,
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel,
            self._window,
        )
        box.setObjectName("unsavedRunsDialog")
        box.setInformativeText(
            self.tr(
                "Discard deletes {0} for good. Save writes each run's games (CSV) and summary "
                "(JSON) into a folder you choose."
            ).format(self.tr("it") if len(runs) == 1 else self.tr("them"))
        )
        box.setDefaultButton(QMessageBox.StandardButton.Save)
        box.setEscapeButton(QMessageBox.StandardButton.Cancel)
        box.setWindowModality(Qt.WindowModality.WindowModal)
        box.finished.connect(lambda _result: self._on_answer(box))
        self.dialog = box
        box.open()  # not exec(): nothing waits in a nested event loop

    def _on_answer(self, box: QMessageBox) -> None:
        choice = _BUTTONS.get(box.standardButton(box.clickedButton()), CloseChoice.CANCEL)
        self.dialog = None
        box.deleteLater()
        if self._carry_out(choice):
            self._answered = True
            try:
                self._window.close()
            finally:
                self._answered = False

    def _carry_out(self, choice: CloseChoice) -> bool:
        """Save or discard as chosen; True if the window may then close."""
        if choice is CloseChoice.SAVE:
            folder = QFileDialog.getExistingDirectory(
                self._window, self.tr("Save the runs (games as CSV, summaries as JSON) into")
            )
            return bool(folder) and self._stats.save_runs(self._stats.unsaved_runs(), folder)
        return choice is CloseChoice.DISCARD


def ask_before_closing(window: QWidget, stats: StatsController) -> UnsavedRunsQuestion:
    """Make closing ``window`` ask about the unsaved runs ``stats`` keeps. Call it after
    every other close watcher is installed, so that none acts on a close that is refused."""
    return UnsavedRunsQuestion(window, stats)
