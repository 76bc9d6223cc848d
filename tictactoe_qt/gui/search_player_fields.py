"""The settings dock's fields for the searching players: the depth, and the textbook options.

:class:`DepthField` is the depth spin box plus "random each move": a depth drawn
from A to B for every move (``minimax:depth=1-10``). :class:`TextbookFields`
turns on the textbook search of the stepper and the CLI and picks its ordering,
scoring, cut-off evaluation and form; told the depth, its scoring and evaluation
tooltips say when those options let the search prefer an estimate to a win. Which
player type shows which field is decided by :mod:`.player_choices`; these widgets
only edit values.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal, Slot
from PySide6.QtWidgets import QCheckBox, QComboBox, QGridLayout, QHBoxLayout, QLabel, QSizePolicy, QSpinBox, QWidget

from tictactoe_qt.engine.game import MAX_DEPTH
from tictactoe_qt.engine.players import TEXTBOOK_CHOICES, TextbookOptions, estimate_note

#: The depth a fresh random range ends at (the course report's 1 to 10).
DEFAULT_RANGE = (1, 10)


class DepthField(QWidget):
    """How many moves ahead: a fixed depth (0 = unlimited), or random from A to B each move."""

    changed = Signal()

    def __init__(self, seat: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.depth_spin = QSpinBox(objectName=f"{seat}Depth")
        self.depth_spin.setRange(0, MAX_DEPTH)
        self.depth_spin.setSpecialValueText(self.tr("Unlimited"))
        self.depth_spin.setToolTip(self.tr("How many moves ahead the search looks (Unlimited: to the end)."))
        self.depth_from = QSpinBox(objectName=f"{seat}DepthFrom")
        self.depth_from.setRange(1, MAX_DEPTH)
        self.depth_from.setToolTip(self.tr("The shallowest depth a move may draw."))
        self.dash = QLabel("\u2013")  # "from – to", between the two spin boxes
        self.random = QCheckBox(self.tr("random"), objectName=f"{seat}RandomDepth")
        self.random.setToolTip(
            self.tr(
                "Random depth: draw a new depth for every move, from the first number to the "
                "second, both included (in a spec: minimax:depth=1-10). The depth each move "
                "used shows in the status bar."
            )
        )
        # The spin boxes share a box of one fixed width, wide enough for "Unlimited"
        # alone or for "from – to": ticking "random" moves nothing beside them.
        for spin in (self.depth_from, self.depth_spin):
            spin.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
            spin.setMinimumWidth(64)
        self.spins = QWidget(objectName=f"{seat}DepthSpins")
        spins = QHBoxLayout(self.spins)
        spins.setContentsMargins(0, 0, 0, 0)
        spins.setSpacing(2)
        spins.addWidget(self.depth_from, 1)
        spins.addWidget(self.dash)
        spins.addWidget(self.depth_spin, 1)
        alone = self.depth_spin.sizeHint().width()
        pair = 2 * max(64, self.depth_from.sizeHint().width()) + self.dash.sizeHint().width() + 4
        self.spins.setFixedWidth(max(alone, pair))
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.spins)
        row.addWidget(self.random)
        self.depth_from.hide()
        self.dash.hide()
        self.random.toggled.connect(self._on_random_toggled)
        self.depth_spin.valueChanged.connect(self._on_depth_changed)
        self.depth_from.valueChanged.connect(self.changed)

    def plies(self) -> int | None:
        """The fixed depth, or the range's upper end; ``None`` is unlimited."""
        return self.depth_spin.value() or None

    def depth_range(self) -> tuple[int, int] | None:
        """``(A, B)`` when the depth is drawn each move, else ``None``."""
        if not self.random.isChecked():
            return None
        return self.depth_from.value(), self.depth_spin.value()

    def set_depth(self, depth: int | None, depth_range: tuple[int, int] | None = None) -> None:
        """Show a fixed ``depth`` or ``depth_range``, without emitting :attr:`changed`."""
        for widget in (self.depth_spin, self.depth_from, self.random):
            widget.blockSignals(True)
        self.random.setChecked(depth_range is not None)
        self._show_random(depth_range is not None)
        low, high = depth_range if depth_range is not None else (1, depth or 0)
        self.depth_spin.setValue(high)
        self.depth_from.setMaximum(max(1, high))
        self.depth_from.setValue(low)
        for widget in (self.depth_spin, self.depth_from, self.random):
            widget.blockSignals(False)

    def allow_random(self, allowed: bool) -> None:
        """Offer "random each move" (the player types that take a range)."""
        self.random.setVisible(allowed)
        self.depth_from.setVisible(allowed and self.random.isChecked())
        self.dash.setVisible(self.depth_from.isVisibleTo(self))

    def _show_random(self, on: bool) -> None:
        self.depth_from.setVisible(on and not self.random.isHidden())
        self.dash.setVisible(self.depth_from.isVisibleTo(self))
        self.depth_spin.setMinimum(1 if on else 0)
        self.depth_spin.setToolTip(
            self.tr("The deepest depth a move may draw.")
            if on
            else self.tr("How many moves ahead the search looks (Unlimited: to the end).")
        )

    @Slot(bool)
    def _on_random_toggled(self, on: bool) -> None:
        self.depth_spin.blockSignals(True)
        if on and self.depth_spin.value() == 0:
            self.depth_spin.setValue(DEFAULT_RANGE[1])
        self._show_random(on)
        self.depth_spin.blockSignals(False)
        self.depth_from.setMaximum(max(1, self.depth_spin.value()))
        self.changed.emit()

    @Slot(int)
    def _on_depth_changed(self, value: int) -> None:
        self.depth_from.blockSignals(True)
        self.depth_from.setMaximum(max(1, value))  # the range never runs backwards
        self.depth_from.blockSignals(False)
        self.changed.emit()


#: The combo labels' words and each option's tooltip.
_FIELD_TEXT = {
    "ordering": (
        "Ordering:",
        "Move ordering: none is reading order (row by row), centre is "
        "centre first, wins plays wins and blocks first, table the transposition "
        "table's best move first (alpha-beta with a table).",
    ),
    "scoring": ("Scoring:", "End scores: textbook is +1 / 0 / −1, distance scores a sooner win higher."),
    "evaluation": ("Evaluation:", "The value at the depth limit: zero, or open-lines E(n) = M(n) − O(n)."),
    "form": ("Form:", "Alpha-beta as MAX-VALUE/MIN-VALUE (textbook) or negamax. Both visit the same nodes."),
}


class TextbookFields(QObject):
    """The textbook search's switch and its four options, placed by the dock.

    ``enabled`` is a check box for the depth row; ``grid`` holds the four combo
    boxes, for a row of its own that the dock shows while the switch is on.
    """

    changed = Signal()

    def __init__(self, seat: str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.enabled = QCheckBox(self.tr("textbook"), objectName=f"{seat}Textbook")
        self.enabled.setToolTip(
            self.tr(
                "Textbook search: pick each move with exactly the search the Search stepper and "
                "'tictactoe-qt search --ordering …' run with the options below: the same move "
                "and node count (in a spec: alphabeta:ordering=centre,…). Off: the engine's own, "
                "faster search."
            )
        )
        self.combos: dict[str, QComboBox] = {}
        self.grid = QWidget()
        grid = QGridLayout(self.grid)
        grid.setContentsMargins(0, 0, 0, 0)
        defaults = TextbookOptions().as_dict()
        for index, (name, choices) in enumerate(TEXTBOOK_CHOICES.items()):
            combo = QComboBox(objectName=f"{seat}{name.capitalize()}")
            for choice in choices:
                combo.addItem(choice, choice)
            combo.setCurrentIndex(combo.findData(defaults[name]))
            label_text, tip = _FIELD_TEXT[name]
            label = QLabel(self.tr(label_text))
            label.setBuddy(combo)
            combo.setToolTip(self.tr(tip))
            row, column = divmod(index, 2)
            grid.addWidget(label, row, 2 * column)
            grid.addWidget(combo, row, 2 * column + 1)
            combo.currentIndexChanged.connect(self.changed)
            self.combos[name] = combo
        grid.setColumnStretch(1, 1)
        grid.setColumnStretch(3, 1)
        self._depth: int | None = None
        self.enabled.toggled.connect(self.changed)
        self.changed.connect(self._show_note)

    def show_depth(self, depth: int | None) -> None:
        """The player's depth limit (``None``: unlimited; a random range's upper end)."""
        self._depth = depth
        self._show_note()

    def note_text(self) -> str:
        """Why these options at this depth may prefer an estimate to a win; ``""`` if not."""
        options = self.options()
        return "" if options is None else estimate_note(options, self._depth)

    @Slot()
    def _show_note(self) -> None:
        note = self.note_text()
        for name in ("scoring", "evaluation"):
            tip = self.tr(_FIELD_TEXT[name][1])
            self.combos[name].setToolTip(f"{tip}\n\n{note}" if note else tip)

    def options(self) -> TextbookOptions | None:
        """The chosen options, or ``None`` for the engine's own search."""
        if not self.enabled.isChecked():
            return None
        return TextbookOptions(**{name: combo.currentData() for name, combo in self.combos.items()})

    def set_options(self, options: TextbookOptions | None) -> None:
        """Show ``options`` (``None``: off), without emitting :attr:`changed`."""
        widgets = [self.enabled, *self.combos.values()]
        for widget in widgets:
            widget.blockSignals(True)
        self.enabled.setChecked(options is not None)
        for name, value in (options or TextbookOptions()).as_dict().items():
            self.combos[name].setCurrentIndex(max(0, self.combos[name].findData(value)))
        for widget in widgets:
            widget.blockSignals(False)
        self._show_note()

    def allow_table(self, allowed: bool) -> None:
        """Offer the table ordering (alpha-beta only); off it falls back to reading order."""
        ordering = self.combos["ordering"]
        item = ordering.model().item(ordering.findData("table"))  # type: ignore[attr-defined]
        item.setEnabled(allowed)
        if not allowed and ordering.currentData() == "table":
            ordering.blockSignals(True)
            ordering.setCurrentIndex(ordering.findData("none"))
            ordering.blockSignals(False)
