"""The row of batch controls: games, seed, swap, Simulate/Cancel and the progress bar."""

from __future__ import annotations

from collections import deque

from PySide6.QtCore import Signal, Slot
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QCheckBox, QGridLayout, QHBoxLayout, QLabel, QPushButton, QSizePolicy, QSpinBox, QWidget

from tictactoe_qt.engine.play import KEPT_SAMPLES, Sample, steady_time_left

from .count_progress_bar import CountProgressBar
from .number_format import format_seconds
from .run_data import MAX_GAMES

NO_SEED = -1


class SimulateBar(QWidget):
    """Batch options and progress; it only reports requests, the panel decides."""

    simulate_requested = Signal()
    cancel_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("simulateBar")
        #: The "can't start" message on show, until the match changes.
        self._problem = ""
        #: The last batch's closing line and the match text it was written under: the
        #: line goes when the match changes, since it no longer describes the one shown.
        self._ended: tuple[str, str] = ("", "")
        #: This batch's progress reports, for :func:`~tictactoe_qt.engine.play.steady_time_left`.
        self._samples: deque[Sample] = deque(maxlen=KEPT_SAMPLES)
        self.match_label = QLabel(objectName="simMatch")
        self.match_label.setToolTip(self.tr("Board and players come from the settings dock"))
        self.games_box = QSpinBox(objectName="simGames")
        self.games_box.setRange(1, MAX_GAMES)
        self.games_box.setValue(1000)
        self.games_box.setGroupSeparatorShown(True)
        self.games_box.setAccessibleName(self.tr("Games to simulate"))
        self.seed_box = QSpinBox(objectName="simSeed")
        self.seed_box.setRange(NO_SEED, 2**31 - 1)
        self.seed_box.setSpecialValueText(self.tr("random"))
        self.seed_box.setValue(NO_SEED)
        self.seed_box.setToolTip(self.tr("The same seed plays the same games again"))
        self.seed_box.setAccessibleName(self.tr("Seed"))
        self.swap_box = QCheckBox(self.tr("Swap who starts"), objectName="simSwap")
        self.swap_box.setToolTip(self.tr("Alternate which player moves first in each game"))
        self.simulate_button = QPushButton(self.tr("Simulate"), objectName="simulateButton")
        self.simulate_button.setDefault(True)
        self.simulate_button.clicked.connect(self.simulate_requested)
        #: Simulate > Cancel Simulation; the Cancel button shows and triggers this action.
        self.cancel_action = QAction(self.tr("&Cancel Simulation"), self)
        self.cancel_action.setObjectName("actionCancelSimulation")
        self.cancel_action.setEnabled(False)
        self.cancel_action.triggered.connect(self.cancel_requested)
        self.cancel_button = QPushButton(self.tr("Cancel"), objectName="simCancel")
        self.cancel_button.setEnabled(False)
        self.cancel_button.clicked.connect(self.cancel_action.trigger)
        self.cancel_action.changed.connect(lambda: self.cancel_button.setEnabled(self.cancel_action.isEnabled()))
        self.progress_bar = CountProgressBar(objectName="simProgress")
        self.progress_bar.setRange(0, 1)
        self.progress_bar.setValue(0)
        self.progress_bar.setTextVisible(True)
        self.status_label = QLabel(objectName="simStatus")
        # A fixed-size line: text changing ten times a second must not re-layout
        # the panel (that would repaint every chart below it).
        self.status_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.status_label.setFixedHeight(self.status_label.fontMetrics().height() + 4)

        # Two short rows rather than one long one, so the panel fits a narrow dock.
        numbers = QHBoxLayout()
        numbers.addWidget(QLabel(self.tr("Games:")))
        numbers.addWidget(self.games_box)
        numbers.addSpacing(8)
        numbers.addWidget(QLabel(self.tr("Seed:")))
        numbers.addWidget(self.seed_box)
        numbers.addStretch(1)
        actions = QHBoxLayout()
        actions.addWidget(self.swap_box)
        actions.addStretch(1)
        actions.addWidget(self.simulate_button)
        actions.addWidget(self.cancel_button)
        self.match_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.match_label.setWordWrap(True)
        self.status_label.setToolTip(self.tr("Progress of the current batch"))
        layout = QGridLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.match_label, 0, 0)
        layout.addLayout(numbers, 1, 0)
        layout.addLayout(actions, 2, 0)
        layout.addWidget(self.progress_bar, 3, 0)
        layout.addWidget(self.status_label, 4, 0)

    def games(self) -> int:
        return self.games_box.value()

    def seed(self) -> int | None:
        value = self.seed_box.value()
        return None if value == NO_SEED else value

    def swap(self) -> bool:
        return bool(self.swap_box.isChecked())

    def set_match_text(self, text: str, spec_text: str = "") -> None:
        """Show the match in words; its players' specs, if given, in the tooltip.

        A finished batch's line and full progress bar go once the match differs
        from the one they describe (the run itself stays in the Runs tab).
        """
        shown = self.tr("Match: %s") % text
        self.match_label.setText(shown)
        self.match_label.setToolTip(spec_text)
        match_then, line = self._ended
        if line and shown != match_then:
            self._ended = ("", "")
            if self.status_label.text() == line:
                self.status_label.clear()
                self.progress_bar.setRange(0, 1)
                self.progress_bar.setValue(0)
                self.progress_bar.setFormat("%p%")  # Qt's own, as before any batch

    def show_message(self, text: str) -> None:
        self.status_label.setText(text)

    def show_problem(self, text: str) -> None:
        """Say why a batch can't start; :meth:`clear_problem` takes it back once fixed."""
        self._problem = text
        self.status_label.setText(text)

    def clear_problem(self) -> None:
        """Remove the 'can't start' message, if it is still the one shown."""
        if self._problem and self.status_label.text() == self._problem:
            self.status_label.clear()
        self._problem = ""

    @Slot(bool)
    def set_running(self, running: bool) -> None:
        self.simulate_button.setEnabled(not running)
        self.cancel_action.setEnabled(running)
        for widget in (self.games_box, self.seed_box, self.swap_box):
            widget.setEnabled(not running)

    def start_progress(self, planned: int) -> None:
        self.progress_bar.setRange(0, planned)
        self.progress_bar.setValue(0)
        self.progress_bar.setFormat(self.tr("%v / %m games (%p%)"))
        self._samples.clear()
        self.status_label.setText(self.tr("Starting… time left: estimating…"))

    def show_progress(self, games: int, planned: int, rate: float, elapsed: float) -> None:
        """Progress with speed, and the time left once the pace has settled.

        Args:
            rate: games a second so far.
            elapsed: seconds since the batch began.
        """
        self.progress_bar.setValue(games)
        self._samples.append((elapsed, games))
        if games == 0:  # no game has ended yet: no speed to go by
            self.status_label.setText(
                self.tr("%s of %s games, time left: estimating…") % (f"{games:,}", f"{planned:,}")
            )
            return
        speed = f"{rate:,.0f}" if rate >= 10 else f"{rate:.2g}"
        eta = steady_time_left(self._samples, planned)
        if eta is None:  # the pace is still settling
            self.status_label.setText(self.tr("%s games/s, time left: estimating…") % speed)
            return
        self.status_label.setText(self.tr("%s games/s, about %s left") % (speed, format_seconds(eta)))

    def finish_progress(self, games: int, text: str) -> None:
        self.progress_bar.setValue(min(games, self.progress_bar.maximum()))
        self.status_label.setText(text)
        self._ended = (self.match_label.text(), text)
