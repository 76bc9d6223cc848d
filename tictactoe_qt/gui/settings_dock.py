"""The settings dock: both players, the board, and who moves first.

Edits describe the *next* game. The dock emits :attr:`SettingsDock.settings_changed`
after every valid edit; the window compares with the running game and, when
they differ, :meth:`SettingsDock.set_pending` shows an 'applies to the next
game' bar with a New game button.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtWidgets import (
    QComboBox, QDockWidget, QDoubleSpinBox, QFormLayout, QFrame, QGroupBox, QHBoxLayout,
    QLabel, QLineEdit, QPushButton, QScrollArea, QSpinBox, QVBoxLayout, QWidget,
)

from tictactoe_qt.engine import MAX_SIZE, MIN_SIZE, GameConfig
from tictactoe_qt.engine.geometry import geometry_for
from tictactoe_qt.engine.player_spec import MAX_TIME, MIN_TIME
from tictactoe_qt.engine.saved_game import MAX_DEPTH, MAX_MARK_LENGTH, MAX_NAME_LENGTH
from tictactoe_qt.gui.glyphs import missing_glyph_note
from tictactoe_qt.gui.player_choices import (
    PLAYER_CHOICES, PRESETS, capped_depth, kind_label, matching_preset, uses_depth, uses_time,
)
from tictactoe_qt.gui.settings_store import GameSettings, SideSettings, mark_problem


class SideEditor(QGroupBox):
    """The controls of one player (``seat`` is ``"x"`` or ``"o"``)."""

    changed = Signal()

    def __init__(self, seat: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.seat = seat
        self.setTitle(self.tr("Player {0}").format(seat.upper()))
        self.setObjectName(f"{seat}Group")
        self.player = QComboBox(objectName=f"{seat}Player")
        for choice in PLAYER_CHOICES:
            self.player.addItem(choice.text(), choice.kind)
        self.preset = QComboBox(objectName=f"{seat}Preset")
        self.preset.addItem(self.tr("Custom"), "")
        for preset in PRESETS:
            self.preset.addItem(preset.text(), preset.key)
        self.depth_spin = QSpinBox(objectName=f"{seat}Depth")
        self.depth_spin.setRange(0, MAX_DEPTH)
        self.depth_spin.setSpecialValueText(self.tr("Unlimited"))
        self.depth_spin.setToolTip(
            self.tr("How many moves ahead the search looks (Unlimited: to the end).")
        )
        self.time_spin = QDoubleSpinBox(objectName=f"{seat}Time")
        self.time_spin.setRange(MIN_TIME, MAX_TIME)
        self.time_spin.setDecimals(2)
        self.time_spin.setSingleStep(0.25)
        self.time_spin.setSuffix(self.tr(" s"))
        self.time_spin.setToolTip(self.tr("Thinking time per move."))
        self.mark = QLineEdit(objectName=f"{seat}Mark")
        self.mark.setMaxLength(MAX_MARK_LENGTH)
        mark_font = self.mark.font()
        mark_font.setPointSizeF(mark_font.pointSizeF() * 1.6)  # emoji marks stay readable
        self.mark.setFont(mark_font)
        self.mark.setToolTip(self.tr("A letter, an emoji or any short text."))
        self.name = QLineEdit(objectName=f"{seat}Name")
        self.name.setMaxLength(MAX_NAME_LENGTH)
        self.name.setPlaceholderText(self.tr("Optional"))
        self.note = QLabel(objectName=f"{seat}Note", wordWrap=True)
        self.note.hide()
        self._valid_mark = seat.upper()
        form = self.form = QFormLayout(self)
        form.addRow(self.tr("&Player:"), self.player)
        form.addRow(self.tr("&Difficulty:"), self.preset)
        form.addRow(self.tr("Max &depth:"), self.depth_spin)
        form.addRow(self.tr("&Time:"), self.time_spin)
        form.addRow(self.tr("&Mark:"), self.mark)
        form.addRow(self.tr("&Name:"), self.name)
        form.addRow(self.note)
        self.player.currentIndexChanged.connect(self._on_type_edited)
        self.preset.activated.connect(self._on_preset_chosen)
        self.depth_spin.valueChanged.connect(self._on_type_edited)
        self.time_spin.valueChanged.connect(self._on_type_edited)
        self.mark.textEdited.connect(self._on_mark_edited)
        self.name.textEdited.connect(self.changed)

    def side(self) -> SideSettings:
        """The settings shown (the last valid mark if the field holds an invalid one)."""
        depth = self.depth_spin.value() or None
        return SideSettings(
            self.player.currentData(), depth, round(self.time_spin.value(), 2),
            self._valid_mark, self.name.text().strip(),
        )

    def set_side(self, side: SideSettings) -> None:
        for widget in (self.player, self.depth_spin, self.time_spin):
            widget.blockSignals(True)
        index = self.player.findData(side.kind)
        self.player.setCurrentIndex(max(index, 0))
        self.depth_spin.setValue(side.depth or 0)
        self.time_spin.setValue(side.time)
        for widget in (self.player, self.depth_spin, self.time_spin):
            widget.blockSignals(False)
        self.mark.setText(side.mark)
        self._valid_mark = side.mark
        self.name.setText(side.name)
        self._sync_enabled()

    def check_mark(self, other_mark: str) -> str | None:
        """Validate the mark field against the other player's mark; remember it if valid."""
        problem = mark_problem(self.mark.text(), other_mark)
        if problem is None:
            self._valid_mark = self.mark.text().strip()
        error_style = "QLineEdit { border: 1px solid #c01c28; }"
        self.mark.setStyleSheet("" if problem is None else error_style)
        return problem

    def show_note(self, text: str) -> None:
        self.note.setText(text)
        self.note.setVisible(bool(text))

    @Slot()
    def _on_type_edited(self) -> None:
        self._sync_enabled()
        self.changed.emit()

    @Slot(int)
    def _on_preset_chosen(self, index: int) -> None:
        key = self.preset.itemData(index)
        preset = next((p for p in PRESETS if p.key == key), None)
        if preset is None:
            return
        for widget in (self.player, self.depth_spin, self.time_spin):
            widget.blockSignals(True)
        self.player.setCurrentIndex(max(0, self.player.findData(preset.kind)))
        self.depth_spin.setValue(preset.depth or 0)
        self.time_spin.setValue(preset.time)
        for widget in (self.player, self.depth_spin, self.time_spin):
            widget.blockSignals(False)
        self._on_type_edited()

    @Slot()
    def _on_mark_edited(self) -> None:
        self.changed.emit()

    def _sync_enabled(self) -> None:
        kind = self.player.currentData()
        # Rows that mean nothing for this player type are hidden, not just greyed out.
        self.form.setRowVisible(self.depth_spin, uses_depth(kind))
        self.form.setRowVisible(self.time_spin, uses_time(kind))
        self.form.setRowVisible(self.preset, kind != "human")
        preset = matching_preset(kind, self.depth_spin.value() or None)
        self.preset.setCurrentIndex(self.preset.findData(preset.key if preset else ""))


class SettingsDock(QDockWidget):
    """Edits the settings of the next game."""

    settings_changed = Signal(object)  # GameSettings
    new_game_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("Settings"), parent)
        self.setObjectName("settingsDock")
        self.sides = {seat: SideEditor(seat) for seat in "xo"}
        board_group = QGroupBox(self.tr("Board"), objectName="boardGroup")
        self.rows = self._size_spin("rows", self.tr("Number of rows"))
        self.cols = self._size_spin("cols", self.tr("Number of columns"))
        self.k = self._size_spin("k", self.tr("How many marks in a row win"))
        self.first = QComboBox(objectName="firstPlayer")
        self.first.addItem(self.tr("Player X"), "x")
        self.first.addItem(self.tr("Player O"), "o")
        self.board_note = QLabel(objectName="boardNote", wordWrap=True)
        self.board_note.hide()
        form = QFormLayout(board_group)
        form.addRow(self.tr("&Rows:"), self.rows)
        form.addRow(self.tr("&Columns:"), self.cols)
        form.addRow(self.tr("&In a row to win:"), self.k)
        form.addRow(self.tr("&First move:"), self.first)
        form.addRow(self.board_note)
        self.pending = self._pending_bar()
        content = QWidget()
        layout = QVBoxLayout(content)
        layout.addWidget(self.pending)
        layout.addWidget(self.sides["x"])
        layout.addWidget(self.sides["o"])
        layout.addWidget(board_group)
        layout.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(content)
        self.setWidget(scroll)
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
        label = QLabel(self.tr("Settings change applies to the next game."), wordWrap=True)
        button = QPushButton(self.tr("New game"), objectName="applySettingsButton")
        button.clicked.connect(self.new_game_requested)
        row = QHBoxLayout(bar)
        row.addWidget(label, 1)
        row.addWidget(button)
        bar.hide()
        return bar

    def settings(self) -> GameSettings:
        """The settings the dock shows."""
        return GameSettings(
            self.sides["x"].side(), self.sides["o"].side(),
            self.rows.value(), self.cols.value(), self.k.value(), self.first.currentData(),
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
                self.tr("At most {0} in a row fit on a {1}x{2} board, so k is now {0}.")
                .format(longest, rows, cols))
        elif self.k.value() > min(rows, cols):
            self.board_note.setText(
                self.tr("Lines of {0} fit only along the longer side.").format(self.k.value()))
        else:
            self.board_note.setText("")
        self.board_note.setVisible(bool(self.board_note.text()))
        marks = {seat: self.sides[seat].mark.text() for seat in "xo"}
        for seat, editor in self.sides.items():
            problem = editor.check_mark(marks["o" if seat == "x" else "x"])
            side = editor.side()
            capped = side.depth
            if uses_depth(side.kind):
                lines = len(geometry_for(GameConfig(rows, cols, self.k.value())).lines)
                capped = capped_depth(side.kind, side.depth, rows * cols, lines)
            if problem is not None:
                editor.show_note(problem)
            elif glyph_note := missing_glyph_note(side.mark):
                editor.show_note(glyph_note)
            elif capped != side.depth:
                editor.show_note(
                    self.tr("{0} can't search a {1}x{2} board {3}: it will look {4} moves ahead.")
                    .format(kind_label(side.kind), rows, cols,
                            self.tr("to the end") if side.depth is None else
                            self.tr("{0} moves deep").format(side.depth), capped))
            else:
                editor.show_note("")

