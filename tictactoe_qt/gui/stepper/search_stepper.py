"""The search stepper's controller: the scripting contract and the timed runs behind the buttons.

``window.search_stepper`` is a :class:`SearchStepper`. Scripts call
:meth:`~SearchStepper.load` (or :meth:`~SearchStepper.load_tree`), then
:meth:`~SearchStepper.step` and :meth:`~SearchStepper.back`, which return events
with the ``trace --json`` keys. The dock's buttons use the same object: Run
steps on a timer at the chosen speed; To the end, Run to the next cut-off, Step
over and Step out run in slices of :data:`SLICE_SECONDS` on the GUI thread, so
the window keeps painting however long the trace (the events come from a lazy
generator; only the shown part of the tree is kept).
"""

from __future__ import annotations

import gc
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal, Slot

from tictactoe_qt.engine.teaching import Event

from .session import END, PAUSED, StepperSession, Stop
from .trace_setup import TraceSetup, board_setup, tree_setup

#: GUI-thread time per slice of a long run.
SLICE_SECONDS = 0.010
#: Run's default speed, in events per second.
DEFAULT_SPEED = 4.0


class SearchStepper(QObject):
    """Step a traced search forward and back; emits :attr:`changed` after every move."""

    #: Something shown changed (a step, a back, a slice of a run, a new trace).
    changed = Signal()
    #: A new trace was loaded.
    loaded = Signal()
    #: Run or a long run started (True) or stopped (False).
    running_changed = Signal(bool)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.setup: TraceSetup | None = None
        self.session: StepperSession | None = None
        self.speed = DEFAULT_SPEED
        self._run_timer = QTimer(self, objectName="stepperRunTimer")
        self._run_timer.timeout.connect(self._run_tick)
        self._slice_timer = QTimer(self, objectName="stepperSliceTimer", interval=0)
        self._slice_timer.timeout.connect(self._run_slice)
        self._pending: Stop | None = None

    # -- scripting contract ---------------------------------------------------------
    def load(
        self,
        algorithm: str,
        board: str,
        depth: int | None = None,
        ordering: str = "none",
        scoring: str = "textbook",
        form: str = "textbook",
        evaluation: str = "open-lines",
    ) -> TraceSetup:
        """Get ready to step ``algorithm`` on ``board`` (notation such as ``x.o/.x./...``).

        Raises:
            OptionsError, ValueError: bad inputs, worded for people.
            TraceTooLarge: the search is too long to step; the message gives the estimate.
        """
        return self.start(board_setup(algorithm, board, depth, ordering, scoring, form, evaluation))

    def load_tree(self, text: str, algorithm: str = "alphabeta", form: str = "textbook") -> TraceSetup:
        """Get ready to step ``algorithm`` on a textbook tree such as ``[[3,12,8],[2,4,6]]``.

        Raises:
            TreeTextError: the text is not a tree.
        """
        return self.start(tree_setup(text, algorithm, form))

    def step(self) -> Event | None:
        """Show the next event and return it; ``None`` at the end (or before a load)."""
        self.pause()
        event = self.session.step() if self.session else None
        self.changed.emit()
        return event

    def back(self) -> Event | None:
        """Un-show the last event; returns the event now current (``None`` at the start)."""
        self.pause()
        event = self.session.back() if self.session else None
        self.changed.emit()
        return event

    def events(self) -> list[Event]:
        """The events shown so far, in order (the most recent 100,000 of a longer trace)."""
        return self.session.events() if self.session else []

    # -- loading ------------------------------------------------------------------------
    def start(self, setup: TraceSetup) -> TraceSetup:
        """Step ``setup`` from its first event."""
        self.pause()
        self.setup = setup
        self.session = StepperSession(setup.events, setup.options.form == "negamax")
        self.loaded.emit()
        self.changed.emit()
        return setup

    @property
    def in_long_run(self) -> bool:
        """A sliced run (To the end, next cut-off, step over or out) is going."""
        return self._pending is not None

    @property
    def running(self) -> bool:
        return self._run_timer.isActive() or self._pending is not None

    # -- the buttons ----------------------------------------------------------------------
    @Slot()
    def step_over(self) -> None:
        """Finish the entered node's whole subtree (one step elsewhere)."""
        if self.session is not None:
            stop = self.session.step_over_stop()
            self.step() if stop is None else self._run_long(stop)

    @Slot()
    def step_out(self) -> None:
        """Run to the return of the node being searched."""
        if self.session is not None:
            stop = self.session.step_out_stop()
            self.step() if stop is None else self._run_long(stop)

    @Slot()
    def run_to_cutoff(self) -> None:
        if self.session is not None:
            self._run_long(StepperSession.cutoff_stop())

    @Slot()
    def to_end(self) -> None:
        if self.session is not None:
            self._run_long(StepperSession.end_stop())

    @Slot()
    def run(self) -> None:
        """Step on a timer at :attr:`speed` events per second until the end or Pause."""
        if self.session is None or self.session.finished:
            return
        self._stop_long()
        self._run_timer.start(max(1, round(1000 / self.speed)))
        self.running_changed.emit(True)

    @Slot()
    def pause(self) -> None:
        was_running = self.running
        self._run_timer.stop()
        self._stop_long()
        if was_running:
            self.running_changed.emit(False)
            self.changed.emit()

    def set_speed(self, events_per_second: float) -> None:
        self.speed = max(0.5, float(events_per_second))
        if self._run_timer.isActive():
            self._run_timer.setInterval(max(1, round(1000 / self.speed)))

    # -- timers ---------------------------------------------------------------------------
    @Slot()
    def _run_tick(self) -> None:
        if self.session is None or self.session.step() is None or self.session.finished:
            self._run_timer.stop()
            self.running_changed.emit(False)
        self.changed.emit()

    def _run_long(self, stop: Stop) -> None:
        self._run_timer.stop()
        self._pending = stop
        # Only the young generation is collected while the run lasts, once per slice:
        # the run's short-lived tree nodes would otherwise set off full collections of
        # everything the window holds (tens of milliseconds each), again and again.
        gc.disable()
        self.running_changed.emit(True)
        self._run_slice()
        if self._pending is not None:
            self._slice_timer.start()

    @Slot()
    def _run_slice(self) -> None:
        if self.session is None or self._pending is None:
            self._stop_long()
            return
        outcome = self.session.run_until(self._pending, SLICE_SECONDS)
        gc.collect(0)  # the slice's survivors: kept events are untracked here, cheaply
        if outcome != PAUSED:
            self._stop_long()
            self.running_changed.emit(False)
        self.changed.emit()
        if outcome == END:
            return

    def _stop_long(self) -> None:
        if self._pending is not None:
            self._pending = None
            self._slice_timer.stop()
            gc.enable()

    def summary(self) -> dict[str, Any]:
        return self.session.summary() if self.session else {}
