"""The strip at the foot of the board while "Solve exactly" runs, and its answer after.

It floats in the room the board always leaves free below itself (the game-over
banner's room, :mod:`tictactoe_qt.gui.game_over_banner`), so showing or hiding it
never moves or resizes the board, and it never covers a cell. A solve past the
sizes measured to finish adds a third row, the engine's note that it may run for
hours (:func:`tictactoe_qt.engine.analysis.exact_limits.long_solve_note`): the strip grows
up into the free room below the cells, the note wrapped to the lines that fit
there, its brief form when it does not fit, elided as a last resort; whole in
its tooltip.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, QObject, Qt, Signal, Slot
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QFrame, QGridLayout, QLabel, QProgressBar, QPushButton, QSizePolicy, QWidget

from tictactoe_qt.engine.search import SearchProgress, progress_text
from tictactoe_qt.engine.text import duration_text
from tictactoe_qt.gui.analysis.solve_jobs import SolveAnswer
from tictactoe_qt.gui.board_theme import strip_style
from tictactoe_qt.gui.game_over_banner import foot_gap
from tictactoe_qt.gui.widget_parts import body_layout

#: Room kept between the strip and the edges of the board widget.
EDGE = 8
#: Below this width the strip has no busy bar (the title and the line say it runs).
NARROW = 300
#: The strip's width while a solve runs (less beside a narrower board).
WIDE = 560
#: The most lines the long-solve note wraps to; past them it is elided.
NOTE_LINES = 5
#: Room kept between the cells' bottom edge and a strip grown up towards them.
CELL_CLEARANCE = 4


def fitted_lines(text: str, metrics: QFontMetrics, width: int, max_lines: int) -> list[str]:
    """``text`` word-wrapped to ``width`` pixels in at most ``max_lines`` lines, the last
    one elided ("…") when the text does not fit; no lines when ``max_lines`` is 0."""
    lines: list[str] = []
    words = text.split()
    while words and len(lines) < max_lines:
        line = words.pop(0)
        while words and metrics.horizontalAdvance(f"{line} {words[0]}") <= width:
            line += " " + words.pop(0)
        lines.append(line)
    if lines and (words or metrics.horizontalAdvance(lines[-1]) > width):
        rest = " ".join([lines[-1], *words])
        lines[-1] = metrics.elidedText(rest, Qt.TextElideMode.ElideRight, width)
    return lines


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
        # Whether this solve may run for hours (only for positions past the measured sizes).
        self.note = QLabel(objectName="solveNote")
        note_font = self.note.font()
        note_font.setPointSizeF(note_font.pointSizeF() * 0.9)
        self.note.setFont(note_font)
        self.note.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.note.hide()
        self._notes: tuple[str, ...] = ()
        # Two rows: what runs (or ran) and its button, then the progress line or the answer;
        # a third for the note while a long solve runs.
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
        layout.addWidget(self.note, 2, 0, 1, 5)
        parent.installEventFilter(self)
        self.hide()

    def show_running(self, notes: Sequence[str] = ()) -> None:
        """A solve began; ``notes`` say it may run for hours, in full and then briefer
        forms for a strip too small for the whole note (shown while it runs)."""
        self.title.setText(self.tr("Solving…"))
        self._set_line(self.tr("starting the solver…"))
        self._notes = tuple(notes)
        self.note.setToolTip(self._notes[0] if self._notes else "")
        self._set_running(True)

    def note_text(self) -> str:
        """The whole long-solve note shown while this solve runs ("" when there is none)."""
        return self._notes[0] if self._notes and self.note.isVisibleTo(self) else ""

    @Slot(object)
    def show_progress(self, progress: SearchProgress) -> None:
        text = progress_text(progress)
        self._set_line(text)
        if 0 < self.line.width() < self.line.fontMetrics().horizontalAdvance(text):
            # A narrow strip: elided rather than cut mid-letter (the tooltip has it whole).
            self.line.setText(self.line.fontMetrics().elidedText(text, Qt.TextElideMode.ElideRight, self.line.width()))

    def show_answer(self, answer: SolveAnswer) -> None:
        self.title.setText(self.tr("Solved exactly:"))
        how = (self.tr("from the cache of solved positions, {0}") if answer.cached else self.tr("{0}")).format(
            duration_text(answer.seconds)
        )
        self._set_line(f"{answer.outcome} ({how})")
        self._notes = ()
        self._set_running(False)

    def show_problem(self, text: str) -> None:
        self.title.setText("⚠")
        self._set_line(text)
        self._notes = ()
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
        self.note.hide()
        hint = self.sizeHint()
        if self.cancel_button.isVisibleTo(self):
            wanted = WIDE  # while it runs: one steady width, whatever the progress line says
            if self._notes:  # wide enough for the whole note on one line, where there is room
                wanted = max(WIDE, self._margins_across() + self.note.fontMetrics().horizontalAdvance(self._notes[0]))
        else:  # the answer: as wide as its text
            wanted = max(hint.width(), 24 + self.line.fontMetrics().horizontalAdvance(self.line.text()))
        width = max(1, min(wanted, room_across))
        height = hint.height()
        gap = foot_gap(parent.height())
        if self._notes and self.cancel_button.isVisibleTo(self):
            height += self._show_note(width, parent.height() - gap - height - _cells_bottom(parent))
        room = float(getattr(parent, "footer_height", lambda: 0.0)())
        y = parent.height() - gap - height
        if room > height + gap:  # centred in the room when it is taller than the strip
            y = parent.height() - int(room) + (int(room) - height - gap) // 2
        self.setGeometry((parent.width() - width) // 2, y, width, height)

    def _show_note(self, width: int, free_height: int) -> int:
        """Show the note in the lines that fit ``free_height`` pixels: the first form that
        fits whole, else the briefest elided; its height (0 if no line fits)."""
        metrics = self.note.fontMetrics()
        layout = self.layout()
        spacing = max(0, layout.verticalSpacing()) if isinstance(layout, QGridLayout) else 0
        fits = min(NOTE_LINES, (free_height - CELL_CLEARANCE - spacing) // metrics.lineSpacing())
        lines: list[str] = []
        for note in self._notes:
            lines = fitted_lines(note, metrics, width - self._margins_across(), fits)
            if " ".join(lines) == note:
                break
        if not lines:
            return 0  # no room at all: the note stays in the tooltip
        self.note.setText("\n".join(lines))
        self.note.show()
        return int(spacing + len(lines) * metrics.lineSpacing())

    def _margins_across(self) -> int:
        margins = self.contentsMargins() + body_layout(self).contentsMargins()
        return margins.left() + margins.right() + 2

    def _restyle(self) -> None:
        # Styled from the board's palette when shown, as the game-over banner is.
        parent = self.parentWidget()
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.setStyleSheet(strip_style("solveBar", (parent or self).palette(), 10))


def _cells_bottom(board: QWidget) -> int:
    """The y just below the board widget's last row of cells (its own height when it has
    no cells, so nothing grows)."""
    cell_rect = getattr(board, "cell_rect", None)
    snapshot = getattr(board, "snapshot", None)
    if cell_rect is None or snapshot is None:
        return board.height()
    return int(cell_rect(snapshot().rows - 1, 0).bottom()) + 1
