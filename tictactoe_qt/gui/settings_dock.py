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
from tictactoe_qt.engine.player_spec import MAX_TIME, MIN_TIME
from tictactoe_qt.engine.saved_game import MAX_MARK_LENGTH, MAX_NAME_LENGTH
from tictactoe_qt.engine.gomocup.client import EngineUnavailable, check_engine_board
from tictactoe_qt.engine.player_spec import PlayerSpecError
from tictactoe_qt.gui.extra_player_fields import EngineField, PluginOptionsField
from tictactoe_qt.gui.glyphs import missing_glyph_note
from tictactoe_qt.gui.player_choices import (
    PLAYER_CHOICES, PRESETS, depth_cap_note, is_plugin, matching_preset, player_spec,
    search_extra, search_options, uses_depth, uses_depth_range, uses_textbook, uses_time,
)
from tictactoe_qt.gui.search_player_fields import DepthField, TextbookFields
from tictactoe_qt.gui.game_settings import GameSettings, SideSettings, mark_problem


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
            if choice.error:  # a broken plugin: listed with its error, not playable
                index = self.player.count() - 1
                self.player.model().item(index).setEnabled(False)  # type: ignore[attr-defined]
                self.player.setItemData(index, choice.error, Qt.ItemDataRole.ToolTipRole)
        self.engine = EngineField(seat)
        self.plugin_options = PluginOptionsField(seat)
        self._last_kind = "human"
        self.preset = QComboBox(objectName=f"{seat}Preset")
        self.preset.addItem(self.tr("Custom"), "")
        for preset in PRESETS:
            self.preset.addItem(preset.text(), preset.key)
        self.depth = DepthField(seat)
        self.depth_spin = self.depth.depth_spin
        self.textbook = TextbookFields(seat, self)
        # The depth, "random" and "textbook" share a row: the dock stays short.
        self.depth_row = QWidget(objectName=f"{seat}DepthRow")
        depth_row = QHBoxLayout(self.depth_row)
        depth_row.setContentsMargins(0, 0, 0, 0)
        depth_row.addWidget(self.depth)
        depth_row.addWidget(self.textbook.enabled)
        depth_row.addStretch(1)
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
        form.setLabelAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        # Player and difficulty share a row, as do mark and name: the dock stays
        # short enough for the notice and the Board section at the default size.
        kind_row = QHBoxLayout()
        kind_row.addWidget(self.player, 1)
        self.preset_label = QLabel(self.tr("&Difficulty:"))
        self.preset_label.setBuddy(self.preset)
        kind_row.addWidget(self.preset_label)
        kind_row.addWidget(self.preset, 1)
        player_label = QLabel(self.tr("&Player:"))
        player_label.setBuddy(self.player)
        form.addRow(player_label, kind_row)
        form.addRow(self.tr("Program:"), self.engine)
        form.addRow(self.engine.name_label)
        form.addRow(self.tr("&Options:"), self.plugin_options)
        form.addRow(self.plugin_options.name_label)
        form.addRow(self.tr("Max &depth:"), self.depth_row)
        form.addRow(self.textbook.grid)
        form.addRow(self.tr("&Time:"), self.time_spin)
        self.mark.setMaximumWidth(self.mark.fontMetrics().horizontalAdvance("WWWW") + 16)
        identity = QHBoxLayout()
        identity.addWidget(self.mark)
        name_label = QLabel(self.tr("&Name:"))
        name_label.setBuddy(self.name)
        identity.addWidget(name_label)
        identity.addWidget(self.name, 1)
        mark_label = QLabel(self.tr("&Mark:"))
        mark_label.setBuddy(self.mark)
        form.addRow(mark_label, identity)
        form.addRow(self.note)
        self.player.currentIndexChanged.connect(self._on_type_edited)
        self.preset.activated.connect(self._on_preset_chosen)
        self.depth.changed.connect(self._on_type_edited)
        self.textbook.changed.connect(self._on_type_edited)
        self.time_spin.valueChanged.connect(self._on_type_edited)
        self.mark.textEdited.connect(self._on_mark_edited)
        self.name.textEdited.connect(self.changed)
        #: Why the last program chosen could not be used (kept until a good one is chosen).
        self.engine_problem = ""
        self.engine.changed.connect(self._on_engine_chosen)
        self.engine.problem.connect(self._on_engine_refused)
        self.plugin_options.textEdited.connect(self.changed)

    def side(self) -> SideSettings:
        """The settings shown (the last valid mark if the field holds an invalid one).

        Hidden fields count for nothing: a depth left over from Minimax is not
        kept under Perfect (:func:`player_spec` decides which options a type uses).
        """
        kind = self.player.currentData()
        time = round(self.time_spin.value(), 2)
        extra = self.engine.path if kind == "engine" else ""
        if is_plugin(kind):
            extra = self.plugin_options.text().strip()
        if uses_depth_range(kind):
            extra = search_extra(kind, self.depth.depth_range(), self.textbook.options())
        try:
            spec = player_spec(kind, self.depth.depth(), time, extra=extra)
        except PlayerSpecError:  # no engine program yet, or options that do not parse
            return SideSettings(kind, None, time, self._valid_mark, self.name.text().strip(), extra)
        depth = spec.depth if spec.depth_range is None else spec.depth_range[1]
        return SideSettings(kind, depth, spec.time, self._valid_mark, self.name.text().strip(),
                            extra)

    def set_side(self, side: SideSettings) -> None:
        for widget in (self.player, self.time_spin):
            widget.blockSignals(True)
        index = self.player.findData(side.kind)
        self.player.setCurrentIndex(max(index, 0))
        depth_range, textbook = None, None
        if uses_depth_range(side.kind):
            try:
                options = search_options(side.kind, side.extra)
                depth_range, textbook = options.depth_range, options.textbook
            except PlayerSpecError:
                pass  # stale options: the plain search
        self.depth.set_depth(side.depth, depth_range)
        self.textbook.set_options(textbook)
        self.time_spin.setValue(side.time)
        for widget in (self.player, self.time_spin):
            widget.blockSignals(False)
        self._last_kind = self.player.currentData()
        if side.kind == "engine":
            self.engine.set_path(side.extra)
        self.plugin_options.setText(side.extra if is_plugin(side.kind) else "")
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
    def _on_engine_chosen(self) -> None:
        self.engine_problem = ""
        self._on_type_edited()

    @Slot(str)
    def _on_engine_refused(self, problem: str) -> None:
        self.engine_problem = problem
        self.show_note(problem)

    @Slot()
    def _on_type_edited(self) -> None:
        kind = self.player.currentData()
        if kind != self._last_kind:
            self.engine_problem = ""  # a note about an earlier pick no longer applies
        if kind == "engine" and not self.engine.path and not self.engine.choose():
            # No program chosen: back to the player that was there.
            self.player.blockSignals(True)
            self.player.setCurrentIndex(max(0, self.player.findData(self._last_kind)))
            self.player.blockSignals(False)
        self._last_kind = self.player.currentData()
        self._sync_enabled()
        self.changed.emit()

    @Slot(int)
    def _on_preset_chosen(self, index: int) -> None:
        key = self.preset.itemData(index)
        preset = next((p for p in PRESETS if p.key == key), None)
        if preset is None:
            return
        for widget in (self.player, self.time_spin):
            widget.blockSignals(True)
        self.player.setCurrentIndex(max(0, self.player.findData(preset.kind)))
        self.depth.set_depth(preset.depth)  # presets play the engine's search at a fixed depth
        self.textbook.set_options(None)
        self.time_spin.setValue(preset.time)
        for widget in (self.player, self.time_spin):
            widget.blockSignals(False)
        self._on_type_edited()

    @Slot()
    def _on_mark_edited(self) -> None:
        self.changed.emit()

    def _sync_enabled(self) -> None:
        kind = self.player.currentData()
        # Rows that mean nothing for this player type are hidden, not just greyed out.
        self.form.setRowVisible(self.depth_row, uses_depth(kind))
        self.depth.allow_random(uses_depth_range(kind))
        self.textbook.enabled.setVisible(uses_textbook(kind))
        self.form.setRowVisible(self.textbook.grid,
                                uses_textbook(kind) and self.textbook.enabled.isChecked())
        self.textbook.allow_table(kind == "alphabeta")
        self.textbook.show_depth(self.depth.depth())
        self.form.setRowVisible(self.time_spin, uses_time(kind))
        self.form.setRowVisible(self.engine, kind == "engine")
        self.form.setRowVisible(self.engine.name_label, kind == "engine")
        self.form.setRowVisible(self.plugin_options, is_plugin(kind))
        self.form.setRowVisible(self.plugin_options.name_label, is_plugin(kind))
        self.plugin_options.show_plugin(kind)
        has_presets = kind != "human" and kind != "engine" and not is_plugin(kind)
        self.preset.setVisible(has_presets)
        self.preset_label.setVisible(has_presets)
        preset = matching_preset(kind, self.depth.depth(), self.side().extra)
        self.preset.setCurrentIndex(self.preset.findData(preset.key if preset else ""))


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
        layout.addWidget(self.sides["x"])
        layout.addWidget(self.sides["o"])
        layout.addWidget(board_group)
        layout.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(content)
        self.scroll = scroll
        # The notice sits above the scrolling part: it never scrolls away, and it
        # takes one short line, not the room of the Board section.
        body = QWidget()
        column = QVBoxLayout(body)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(0)
        column.addWidget(self.pending)
        column.addWidget(scroll, 1)
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
        config = GameConfig(rows, cols, self.k.value())
        for seat, editor in self.sides.items():
            problem = editor.check_mark(marks["o" if seat == "x" else "x"])
            side = editor.side()
            editor.show_note(
                problem or editor.engine_problem or missing_glyph_note(side.mark)
                or depth_cap_note(side.kind, side.depth, config, side.extra)
                or engine_board_note(side.kind, config)
            )

