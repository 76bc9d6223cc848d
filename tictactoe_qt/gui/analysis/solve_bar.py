"""The strip at the foot of the board while "Solve exactly" runs, and its answer after.

It floats in the room the board always leaves free below itself (the game-over
banner's room, :mod:`tictactoe_qt.gui.game_over_banner`), so showing or hiding it
never moves or resizes the board, and it never covers a cell.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, Signal, Slot
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QSizePolicy,
    QWidget,
)

from tictactoe_qt.engine.duration_text import duration_text
from tictactoe_qt.engine.search.progress import SearchProgress, progress_text
from tictactoe_qt.gui.analysis.solve_jobs import SolveAnswer
from tictactoe_qt.gui.board_theme import strip_style
from tictactoe_qt.gui.game_over_banner import foot_gap

#: Room kept between the strip and the edges of the board widget.
EDGE = 8
#: Below this width the strip has no busy bar (the title and the line say it runs).
NARROW = 300
#: The strip's width while a solve runs (less beside a narrower board).
WIDE = 560


class SolveBar(QFrame):
    """A solve's progress with Cancel, then its answer or its error, under the board."""

    #: The user asked to stop the solve.
    cancel_requested = Signal()

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("solveBar")
        self.title = QLabel(objectName="solveTitle")
        font = self.title.font()
        font.setBold(True)
        self.title.setFont(font)
        self.busy = QProgressBar(objectName="solveProgress")
        self.busy.setRange(0, 0)  # how long a proof takes is unknown: a busy bar
        self.busy.setTextVisible(False)
        self.busy.setFixedWidth(60)
        self.line = QLabel(objectName="solveLine")
        self.line.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        # A narrow window cuts the line rather than the buttons; the tooltip has it whole.
        self.line.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.line.setMinimumWidth(120)
        self.cancel_button = QPushButton(self.tr("Cancel"), objectName="solveCancel")
        self.cancel_button.setToolTip(self.tr("Stop solving; the board stays as it is"))
        self.cancel_button.clicked.connect(self.cancel_requested)
        self.close_button = QPushButton(self.tr("Close"), objectName="solveClose")
        self.close_button.clicked.connect(self.hide_bar)
        # Two rows: what runs (or ran) and its button, then the progress line or the answer.
        layout = QGridLayout(self)
        layout.setContentsMargins(12, 5, 8, 5)
        layout.setHorizontalSpacing(10)
        layout.setVerticalSpacing(0)
        layout.addWidget(self.title, 0, 0)
        layout.addWidget(self.busy, 0, 1)
        layout.setColumnStretch(2, 1)
        layout.addWidget(self.cancel_button, 0, 3)
        layout.addWidget(self.close_button, 0, 4)
        layout.addWidget(self.line, 1, 0, 1, 5)
        parent.installEventFilter(self)
        self.hide()

    def show_running(self) -> None:
        self.title.setText(self.tr("Solving…"))
        self._set_line(self.tr("starting the solver…"))
        self._set_running(True)

    @Slot(object)
    def show_progress(self, progress: SearchProgress) -> None:
        self._set_line(progress_text(progress))

    def show_answer(self, answer: SolveAnswer) -> None:
        self.title.setText(self.tr("Solved exactly:"))
        how = (self.tr("from the cache of solved positions, {0}") if answer.cached
               else self.tr("{0}")).format(duration_text(answer.seconds))
        self._set_line(f"{answer.outcome} ({how})")
        self._set_running(False)

    def show_problem(self, text: str) -> None:
        self.title.setText("⚠")
        self._set_line(text)
        self._set_running(False)

    @Slot()
    def hide_bar(self) -> None:
        self.hide()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.parent() and event.type() == QEvent.Type.Resize and self.isVisible():
            self._reposition()
        return False

    def _set_line(self, text: str) -> None:
        self.line.setText(text)
        self.line.setToolTip(text)

    def _set_running(self, running: bool) -> None:
        self.busy.setVisible(running)
        self.cancel_button.setVisible(running)
        self.close_button.setVisible(not running)
        self._restyle()
        self.show()
        self._reposition()
        self.raise_()

    def _reposition(self) -> None:
        """Centre the strip at the foot of the board widget, where the banner would stand:
        inside the room the board leaves free, so it covers no cell."""
        parent = self.parentWidget()
        if parent is None:
            return
        room_across = parent.width() - 2 * EDGE
        # Beside a narrow board the busy bar makes way for the line.
        self.busy.setVisible(self.cancel_button.isVisibleTo(self) and room_across >= NARROW)
        hint = self.sizeHint()
        if self.cancel_button.isVisibleTo(self):
            wanted = WIDE  # while it runs: one steady width, whatever the progress line says
        else:  # the answer: as wide as its text
            wanted = max(hint.width(), 24 + self.line.fontMetrics().horizontalAdvance(
                self.line.text()))
        width = max(1, min(wanted, room_across))
        height = hint.height()
        gap = foot_gap(parent.height())
        room = float(getattr(parent, "footer_height", lambda: 0.0)())
        y = parent.height() - gap - height
        if room > height + gap:  # centred in the room when it is taller than the strip
            y = parent.height() - int(room) + (int(room) - height - gap) // 2
        self.setGeometry((parent.width() - width) // 2, y, width, height)

    def _restyle(self) -> None:
        # Styled from the board's palette when shown, as the game-over banner is.
        parent = self.parentWidget()
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.setStyleSheet(strip_style("solveBar", (parent or self).palette(), 10))
