"""The editor of one player's settings: type, difficulty, depth, time, mark and name.

:class:`SideEditor` shows only the fields its player type uses, in rows that keep
their place whatever the type or note, and emits :attr:`SideEditor.changed` after
every edit. The settings dock holds one per player; the tournament one more, for
the player it adds (:meth:`SideEditor.hide_identity`).
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt, Signal, Slot
from PySide6.QtWidgets import (
    QComboBox,
    QDoubleSpinBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSizePolicy,
    QVBoxLayout,
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

#: What a player type without fields of its own does, said in its empty row.
_TYPE_HINTS: dict[str, str] = {
    "human": str(QT_TRANSLATE_NOOP("SideEditor", "Moves by clicking the board.")),
    "random": str(QT_TRANSLATE_NOOP("SideEditor", "Plays any empty cell, at random.")),
}


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
        self.depth_field = DepthField(seat)
        self.depth_spin = self.depth_field.depth_spin
        self.textbook = TextbookFields(seat, self)
        self.time_spin = QDoubleSpinBox(objectName=f"{seat}Time")
        self.time_spin.setRange(MIN_TIME, MAX_TIME)
        self.time_spin.setDecimals(2)
        self.time_spin.setSingleStep(0.25)
        self.time_spin.setSuffix(self.tr(" s"))
        self.time_spin.setToolTip(self.tr("Thinking time per move."))
        #: "Program:" or "Options:", after the time of an engine or a plugin.
        self.door_label = QLabel()
        self.mark = QLineEdit(objectName=f"{seat}Mark")
        self.mark.setMaxLength(MAX_MARK_LENGTH)
        mark_font = self.mark.font()
        mark_font.setPointSizeF(mark_font.pointSizeF() * 1.6)  # emoji marks stay readable
        self.mark.setFont(mark_font)
        self.mark.setToolTip(self.tr("A letter, an emoji or any short text."))
        # Its red frame for a bad mark is a style sheet, which would change its height.
        self.mark.setFixedHeight(self.mark.sizeHint().height())
        self.name = QLineEdit(objectName=f"{seat}Name")
        self.name.setMaxLength(MAX_NAME_LENGTH)
        self.name.setPlaceholderText(self.tr("Optional"))
        self.note = QLabel(objectName=f"{seat}Note", wordWrap=True)
        self._valid_mark = seat.upper()
        self._build_layout()
        self.player.currentIndexChanged.connect(self._on_type_edited)
        self.preset.activated.connect(self._on_preset_chosen)
        self.depth_field.changed.connect(self._on_type_edited)
        self.textbook.changed.connect(self._on_type_edited)
        self.time_spin.valueChanged.connect(self._on_type_edited)
        self.mark.textEdited.connect(self._on_mark_edited)
        self.name.textEdited.connect(self.changed)
        #: Why the last program chosen could not be used (kept until a good one is chosen).
        self.engine_problem = ""
        self.engine.changed.connect(self._on_engine_chosen)
        self.engine.problem.connect(self._on_engine_refused)
        self.plugin_options.textEdited.connect(self.changed)

    def _build_layout(self) -> None:
        """One grid whose rows never come and go with the player type or a note.

        Row 1 holds the type's own fields (depth, time, program or options) and
        keeps its height for types without any; the last row keeps room for two
        lines of note. Only ticking "textbook" opens a row (its four options).
        """
        grid = self.grid = QGridLayout(self)
        kind_row = QHBoxLayout()
        kind_row.addWidget(self.player, 1)
        self.preset_label = QLabel(self.tr("&Difficulty:"))
        self.preset_label.setBuddy(self.preset)
        kind_row.addWidget(self.preset_label)
        kind_row.addWidget(self.preset, 1)
        for widget in (self.preset_label, self.preset):  # hidden, they keep their room
            policy = widget.sizePolicy()
            policy.setRetainSizeWhenHidden(True)
            widget.setSizePolicy(policy)
        player_label = QLabel(self.tr("&Player:"))
        player_label.setBuddy(self.player)
        self.type_label = QLabel()
        self.type_row = QWidget(objectName=f"{self.seat}TypeRow")
        fields = QHBoxLayout(self.type_row)
        fields.setContentsMargins(0, 0, 0, 0)
        # Types without fields of their own say in a word what they do, in the same row.
        self.type_hint = QLabel(objectName=f"{self.seat}TypeHint")
        self.type_hint.setEnabled(False)  # greyed: a remark, not a control
        fields.addWidget(self.type_hint, 1)
        # The time comes first, so that it stays in one place from type to type.
        in_order: tuple[QWidget, ...] = (self.depth_field, self.textbook.enabled, self.time_spin, self.door_label)
        for part in in_order:
            fields.addWidget(part)
        fields.addWidget(self.engine, 1)
        fields.addWidget(self.plugin_options, 1)
        fields.addStretch(0)
        self.type_row.setFixedHeight(
            max(
                widget.sizeHint().height()
                for widget in (self.depth_field, self.engine, self.plugin_options, self.time_spin, self.player)
            )
        )
        self.mark.setMaximumWidth(self.mark.fontMetrics().horizontalAdvance("WWWW") + 16)
        identity = QHBoxLayout()
        identity.addWidget(self.mark)
        name_label = QLabel(self.tr("&Name:"))
        name_label.setBuddy(self.name)
        identity.addWidget(name_label)
        identity.addWidget(self.name, 1)
        mark_label = QLabel(self.tr("&Mark:"))
        mark_label.setBuddy(self.mark)
        # The note, the engine's name and the plugin's name take turns in one slot
        # of two lines, kept while empty: a note coming or going moves nothing.
        self.note_slot = QWidget(objectName=f"{self.seat}NoteSlot")
        slot = QVBoxLayout(self.note_slot)
        slot.setContentsMargins(0, 0, 0, 0)
        for label in (self.note, self.engine.name_label, self.plugin_options.name_label):
            label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Ignored)
            label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
            label.hide()
            slot.addWidget(label)
        self.note_slot.setFixedHeight(2 * self.note.fontMetrics().lineSpacing() + 4)
        self.labels = [player_label, self.type_label, mark_label]
        self._identity: tuple[QWidget, ...] = (mark_label, self.mark, name_label, self.name)
        grid.addWidget(player_label, 0, 0)
        grid.addLayout(kind_row, 0, 1)
        grid.addWidget(self.type_label, 1, 0)
        grid.addWidget(self.type_row, 1, 1)
        grid.addWidget(self.textbook.grid, 2, 0, 1, 2)
        grid.addWidget(mark_label, 3, 0)
        grid.addLayout(identity, 3, 1)
        grid.addWidget(self.note_slot, 4, 0, 1, 2)
        grid.setColumnStretch(1, 1)
        texts = [label.text() for label in self.labels] + [text for text, _ in self._type_labels().values()]
        metrics = player_label.fontMetrics()
        self.set_label_width(max(metrics.horizontalAdvance(text.replace("&", "")) for text in texts))

    def _type_labels(self) -> dict[str, tuple[str, QWidget | None]]:
        """Row 1's label and buddy by the fields it shows."""
        return {
            "depth": (self.tr("Max &depth:"), self.depth_spin),
            "time": (self.tr("&Time:"), self.time_spin),
            "": ("", None),
        }

    def hide_identity(self) -> None:
        """Leave out the mark, the name and the note (a tournament entry has none)."""
        for widget in (*self._identity, self.note_slot):
            widget.hide()

    def label_width(self) -> int:
        """The width of the label column."""
        return self.grid.columnMinimumWidth(0)

    def set_label_width(self, width: int) -> None:
        """Give the label column ``width`` (the dock gives both players the same)."""
        self.grid.setColumnMinimumWidth(0, width)

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
            extra = search_extra(kind, self.depth_field.depth_range(), self.textbook.options())
        origin = self._origins.get(kind, "") if uses_extra(kind) else ""
        try:
            spec = player_spec(kind, self.depth_field.plies(), time, extra=extra)
        except PlayerSpecError:  # no engine program yet, or options that do not parse
            return SideSettings(kind, None, time, self._valid_mark, self.name.text().strip(), extra, origin)
        return SideSettings(
            kind, kept_depth(spec), spec.time, self._valid_mark, self.name.text().strip(), extra, origin
        )

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
        self.depth_field.set_depth(side.depth, depth_range)
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
        """Say ``text`` in the note slot ("": the engine's or plugin's name, if any, or nothing)."""
        self.note.setText(text)
        self._show_slot()

    def _show_slot(self) -> None:
        kind = self.player.currentData()
        shown = (
            self.note
            if self.note.text()
            else self.engine.name_label
            if kind == "engine"
            else self.plugin_options.name_label
            if is_plugin(kind)
            else None
        )
        for label in (self.note, self.engine.name_label, self.plugin_options.name_label):
            label.setToolTip(label.text())  # a note longer than its two lines is read here
            label.setVisible(label is shown)

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
        self.depth_field.set_depth(preset.depth)  # presets play the engine's search at a fixed depth
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
        # Fields that mean nothing for this player type are hidden, not just greyed
        # out; row 1 keeps its height, so the rows below stay where they are.
        fields = "depth" if uses_depth(kind) else "time" if uses_time(kind) else ""
        text, buddy = self._type_labels()[fields]
        self.type_label.setText(text)
        self.type_label.setBuddy(buddy)  # type: ignore[arg-type]
        hint = _TYPE_HINTS.get(kind, "") if not fields else ""
        self.type_hint.setText(QCoreApplication.translate("SideEditor", hint) if hint else "")
        self.type_hint.setVisible(not fields)
        self.depth_field.setVisible(fields == "depth")
        self.depth_field.allow_random(uses_depth_range(kind))
        self.textbook.enabled.setVisible(uses_textbook(kind))
        # Ticking "textbook" opens its options' rows; they keep their room while the
        # switch stays on, also under a type without them: changing type moves nothing.
        switch_on = self.textbook.enabled.isChecked()
        policy = self.textbook.grid.sizePolicy()
        policy.setRetainSizeWhenHidden(switch_on)
        self.textbook.grid.setSizePolicy(policy)
        self.textbook.grid.setVisible(uses_textbook(kind) and switch_on)
        self.textbook.allow_table(kind == "alphabeta")
        self.textbook.show_depth(self.depth_field.plies())
        self.engine.setVisible(kind == "engine")
        self.plugin_options.setVisible(is_plugin(kind))
        self.time_spin.setVisible(fields == "time")
        door = self.tr("Program:") if kind == "engine" else self.tr("&Options:") if is_plugin(kind) else ""
        self.door_label.setText(door)
        self.door_label.setBuddy(self.plugin_options if is_plugin(kind) else self.engine.browse)
        self.door_label.setVisible(bool(door))
        self.plugin_options.show_plugin(kind, ask_name=self._origins.get(kind) == CHOSEN_IN_DOCK)
        has_presets = kind != "human" and kind != "engine" and not is_plugin(kind)
        self.preset.setVisible(has_presets)
        self.preset_label.setVisible(has_presets)
        preset = matching_preset(kind, self.depth_field.plies(), self.side().extra)
        self.preset.setCurrentIndex(self.preset.findData(preset.key if preset else ""))
        self._show_slot()
