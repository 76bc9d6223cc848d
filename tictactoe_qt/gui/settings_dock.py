"""The settings dock: both players, the board, and who moves first.

Edits describe the *next* game. The dock emits :attr:`SettingsDock.settings_changed`
after every valid edit; the window compares with the running game and, when
they differ, :meth:`SettingsDock.set_pending` shows an 'applies to the next
game' bar with a New game button.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtWidgets import (
    QComboBox,
    QDockWidget,
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from tictactoe_qt.engine.game import MAX_SIZE, MIN_SIZE, GameConfig
from tictactoe_qt.engine.gomocup import EngineUnavailable, check_engine_board
from tictactoe_qt.gui.game_settings import SEATS, GameSettings
from tictactoe_qt.gui.glyphs import missing_glyph_note
from tictactoe_qt.gui.player_choices import depth_cap_note
from tictactoe_qt.gui.side_editor import SideEditor


def engine_board_note(kind: str, config: GameConfig) -> str:
    """Why an external engine cannot play on ``config``'s board; "" when it can."""
    if kind != "engine":
        return ""
    try:
        check_engine_board(config)
    except EngineUnavailable as error:
        return str(error)
    return ""


class SettingsDock(QDockWidget):
    """Edits the settings of the next game."""

    settings_changed = Signal(object)  # GameSettings
    new_game_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("Settings"), parent)
        self.setObjectName("settingsDock")
        self.sides = {seat: SideEditor(seat) for seat in SEATS}
        board_group = QGroupBox(self.tr("Board"), objectName="boardGroup")
        self.rows = self._size_spin("rows", self.tr("Number of rows"))
        self.cols = self._size_spin("cols", self.tr("Number of columns"))
        self.k = self._size_spin("k", self.tr("How many marks in a row win"))
        self.first = QComboBox(objectName="firstPlayer")
        self.first.addItem(self.tr("Player X"), "x")
        self.first.addItem(self.tr("Player O"), "o")
        self.board_note = QLabel(objectName="boardNote", wordWrap=True)
        self.board_note.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Ignored)
        self.board_note.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        # Two lines kept for the note while it is empty: it comes and goes in place.
        self.board_note.setFixedHeight(2 * self.board_note.fontMetrics().lineSpacing() + 4)
        # Two fields a row: the whole dock fits the default window without scrolling.
        grid = QGridLayout(board_group)
        for number, (text, field) in enumerate(
            (
                (self.tr("&Rows:"), self.rows),
                (self.tr("&Columns:"), self.cols),
                (self.tr("&In a row to win:"), self.k),
                (self.tr("&First move:"), self.first),
            )
        ):
            label = QLabel(text)
            label.setBuddy(field)
            row, column = divmod(number, 2)
            grid.addWidget(label, row, 2 * column)
            grid.addWidget(field, row, 2 * column + 1)
        grid.addWidget(self.board_note, 2, 0, 1, 4)
        grid.setColumnStretch(1, 1)
        grid.setColumnStretch(3, 1)
        # One label column for both players, whatever each plays: their fields line up.
        width = max(editor.label_width() for editor in self.sides.values())
        for editor in self.sides.values():
            editor.set_label_width(width)
        self.pending = self._pending_bar()
        content = QWidget()
        layout = QVBoxLayout(content)
        layout.addWidget(self.sides["x"])
        layout.addWidget(self.sides["o"])
        layout.addWidget(board_group)
        layout.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(content)
        self.scroll_area = scroll
        # The notice sits under the scrolling part, in a line kept for it while it is
        # hidden: it never scrolls away, and coming or going it moves nothing.
        body = QWidget()
        body_column = QVBoxLayout(body)
        body_column.setContentsMargins(0, 0, 0, 0)
        body_column.setSpacing(0)
        body_column.addWidget(scroll, 1)
        body_column.addWidget(self.pending)
        self.setWidget(body)
        for editor in self.sides.values():
            editor.changed.connect(self._on_edited)
        for spin in (self.rows, self.cols, self.k):
            spin.valueChanged.connect(self._on_edited)
        self.first.currentIndexChanged.connect(self._on_edited)
        self.set_settings(GameSettings())

    def _size_spin(self, name: str, tip: str) -> QSpinBox:
        spin = QSpinBox(objectName=name)
        spin.setRange(MIN_SIZE, MAX_SIZE)
        spin.setToolTip(tip)
        return spin

    def _pending_bar(self) -> QFrame:
        bar = QFrame(objectName="pendingChanges")
        bar.setFrameShape(QFrame.Shape.StyledPanel)
        label = QLabel(self.tr("Changes apply to the next game."), wordWrap=True)
        button = QPushButton(self.tr("New game"), objectName="applySettingsButton")
        button.clicked.connect(self.new_game_requested)
        row = QHBoxLayout(bar)
        row.setContentsMargins(8, 2, 4, 2)
        row.addWidget(label, 1)
        row.addWidget(button)
        policy = bar.sizePolicy()
        policy.setRetainSizeWhenHidden(True)
        bar.setSizePolicy(policy)
        bar.hide()
        return bar

    def settings(self) -> GameSettings:
        """The settings the dock shows."""
        return GameSettings(
            self.sides["x"].side(),
            self.sides["o"].side(),
            self.rows.value(),
            self.cols.value(),
            self.k.value(),
            self.first.currentData(),
        )

    def set_settings(self, settings: GameSettings) -> None:
        """Show ``settings`` without emitting :attr:`settings_changed`."""
        self.blockSignals(True)
        for spin, value in ((self.rows, settings.rows), (self.cols, settings.cols)):
            spin.blockSignals(True)
            spin.setValue(value)
            spin.blockSignals(False)
        self.k.blockSignals(True)
        self.k.setMaximum(max(settings.rows, settings.cols))
        self.k.setValue(settings.k)
        self.k.blockSignals(False)
        self.first.blockSignals(True)
        self.first.setCurrentIndex(max(0, self.first.findData(settings.first)))
        self.first.blockSignals(False)
        for seat, editor in self.sides.items():
            editor.set_side(settings.side(seat))
        self._update_notes()
        self.blockSignals(False)

    def clear_edit_notes(self) -> None:
        """Drop notes about the last edit ("…so k is now 3"): a new game takes the settings."""
        self._update_notes()

    def set_pending(self, pending: bool) -> None:
        """Show or hide the 'applies to the next game' bar."""
        self.pending.setVisible(pending)

    @Slot()
    def _on_edited(self) -> None:
        longest = max(self.rows.value(), self.cols.value())
        self.k.blockSignals(True)
        clamped = self.k.value() > longest
        self.k.setMaximum(longest)
        self.k.blockSignals(False)
        self._update_notes(k_clamped=clamped)
        self.settings_changed.emit(self.settings())

    def _update_notes(self, k_clamped: bool = False) -> None:
        rows, cols = self.rows.value(), self.cols.value()
        longest = max(rows, cols)
        if k_clamped:
            self.board_note.setText(
                self.tr("At most {0} in a row fit on a {1}x{2} board, so k is now {0}.").format(longest, rows, cols)
            )
        elif self.k.value() > min(rows, cols):
            self.board_note.setText(self.tr("Lines of {0} fit only along the longer side.").format(self.k.value()))
        else:
            self.board_note.setText("")
        self.board_note.setToolTip(self.board_note.text())
        marks = {seat: self.sides[seat].mark.text() for seat in SEATS}
        config = GameConfig(rows, cols, self.k.value())
        for seat, editor in self.sides.items():
            problem = editor.check_mark(marks["o" if seat == "x" else "x"])
            side = editor.side()
            editor.show_note(
                problem
                or editor.engine_problem
                or missing_glyph_note(side.mark)
                or depth_cap_note(side.kind, side.depth, config, side.extra)
                or engine_board_note(side.kind, config)
            )
