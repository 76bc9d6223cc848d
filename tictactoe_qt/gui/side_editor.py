"""The editor of one player's settings: type, difficulty, depth, time, mark and name.

:class:`SideEditor` shows only the rows its player type uses and emits
:attr:`SideEditor.changed` after every edit; the settings dock holds one per player.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtWidgets import (
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QWidget,
)

from tictactoe_qt.engine.game import MAX_MARK_LENGTH, MAX_NAME_LENGTH
from tictactoe_qt.engine.players import MAX_TIME, MIN_TIME, PlayerSpecError
from tictactoe_qt.gui.extra_player_fields import EngineField, PluginOptionsField
from tictactoe_qt.gui.game_settings import CHOSEN_IN_DOCK, SideSettings, kept_depth, mark_problem
from tictactoe_qt.gui.player_choices import (
    PLAYER_CHOICES,
    PRESETS,
    is_plugin,
    matching_preset,
    player_spec,
    search_extra,
    search_options,
    uses_depth,
    uses_depth_range,
    uses_extra,
    uses_textbook,
    uses_time,
)
from tictactoe_qt.gui.search_player_fields import DepthField, TextbookFields


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
        #: Who chose the engine program or plugin held, by kind (SideSettings.origin).
        self._origins: dict[str, str] = {}
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
        origin = self._origins.get(kind, "") if uses_extra(kind) else ""
        try:
            spec = player_spec(kind, self.depth.depth(), time, extra=extra)
        except PlayerSpecError:  # no engine program yet, or options that do not parse
            return SideSettings(kind, None, time, self._valid_mark, self.name.text().strip(), extra,
                                origin)
        return SideSettings(kind, kept_depth(spec), spec.time, self._valid_mark,
                            self.name.text().strip(), extra, origin)

    def set_side(self, side: SideSettings) -> None:
        for widget in (self.player, self.time_spin):
            widget.blockSignals(True)
        index = self.player.findData(side.kind)
        self.player.setCurrentIndex(max(index, 0))
        # Before any field below emits: restoring a player is not the user choosing it.
        self._last_kind = self.player.currentData()
        if uses_extra(side.kind):
            self._origins[side.kind] = side.origin
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
            self.engine.set_path(side.extra, ask_name=side.origin == CHOSEN_IN_DOCK)
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
        self._origins["engine"] = CHOSEN_IN_DOCK
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
            if is_plugin(kind):
                self._origins[kind] = CHOSEN_IN_DOCK  # picked in the list by the user
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
        self.plugin_options.show_plugin(kind, ask_name=self._origins.get(kind) == CHOSEN_IN_DOCK)
        has_presets = kind != "human" and kind != "engine" and not is_plugin(kind)
        self.preset.setVisible(has_presets)
        self.preset_label.setVisible(has_presets)
        preset = matching_preset(kind, self.depth.depth(), self.side().extra)
        self.preset.setCurrentIndex(self.preset.findData(preset.key if preset else ""))
