"""One row of choices for the textbook options: ordering, scoring, evaluation and form.

The stepper, the game tree and Compare all show this bar, so the same choices
read the same way everywhere and give the same counts
(:class:`~tictactoe_qt.engine.teaching.trace.TextbookOptions` is the one owner of what
they mean). The bar only reports: :attr:`TextbookOptionsBar.changed` carries the
new options. Told the depth limit (:meth:`TextbookOptionsBar.set_depth_limit`), it
also says, on a line of its own that it always keeps room for, when the chosen
options let the search prefer an estimate to a win (the engine's
:func:`~tictactoe_qt.engine.players.textbook_options.estimates_can_outrank_wins` decides).
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Signal, Slot
from PySide6.QtGui import QResizeEvent, QStandardItemModel
from PySide6.QtWidgets import QComboBox, QGridLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from tictactoe_qt.engine.players import (
    ESTIMATE_NOTE_SHORT,
    EVALUATIONS,
    FORMS,
    ORDERINGS,
    SCORINGS,
    TextbookOptions,
    estimate_note,
)

#: ``(attribute, objectName suffix, choices, item text, tooltip)`` per combo box.
CHOICES = (
    (
        "ordering",
        "Ordering",
        ORDERINGS,
        "ordering: {0}",
        "Move ordering: none is reading order (row by row); centre tries the centre first; "
        "wins tries immediate wins and blocks first; table tries the transposition table's "
        "best move first (alpha-beta with a table only). An ordering only reorders moves.",
    ),
    ("scoring", "Scoring", SCORINGS, "scoring: {0}", "End scores: textbook +1/0/−1, distance prefers sooner wins"),
    (
        "evaluation",
        "Evaluation",
        EVALUATIONS,
        "evaluation: {0}",
        "The value at the depth limit: zero, or E(n) = M(n) − O(n) (open lines)",
    ),
    (
        "form",
        "Form",
        FORMS,
        "form: {0}",
        "Alpha-beta as MAX-VALUE/MIN-VALUE (textbook) or negamax; both visit the same nodes",
    ),
)


def choice_text(attribute: str, value: str) -> str:
    """One choice as the bar's combo box writes it: ``ordering: centre``."""
    text = next(text for name, _suffix, _choices, text, _tip in CHOICES if name == attribute)
    return QCoreApplication.translate("TextbookOptionsBar", text).format(value)


def choices_text(options: TextbookOptions) -> list[str]:
    """Every option of ``options`` in the bar's words and order: ``["ordering: centre", ...]``."""
    return [choice_text(name, value) for name, value in options.as_dict().items()]


class TextbookOptionsBar(QWidget):
    """Four combo boxes, ``<prefix>Ordering``, ``<prefix>Scoring``, ``<prefix>Evaluation``
    and ``<prefix>Form``, that together pick a :class:`TextbookOptions`.

    They sit in one row when the bar is wide enough to show every choice in full,
    else in two rows of two, so no choice is cut short in a narrow dock.
    """

    #: The options changed (by the user or :meth:`set_options`): the new ``TextbookOptions``.
    changed = Signal(object)

    def __init__(
        self,
        prefix: str,
        options: TextbookOptions = TextbookOptions(),
        parent: QWidget | None = None,
        *,
        keep_note_room: bool = True,
    ) -> None:
        super().__init__(parent)
        self.setObjectName(f"{prefix}OptionsBar")
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        self._grid = layout = QGridLayout()
        column.addLayout(layout)
        self._columns = 0
        current = options.as_dict()
        self.combos: dict[str, QComboBox] = {}
        self._tips: dict[str, str] = {}
        for attribute, suffix, choices, _text, tip in CHOICES:
            combo = QComboBox(objectName=f"{prefix}{suffix}")
            # The docks stay narrow: combos shrink and their texts elide.
            combo.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
            combo.setMinimumWidth(70)
            for choice in choices:
                combo.addItem(choice_text(attribute, choice), choice)
            combo.setCurrentIndex(combo.findData(current[attribute]))
            self._tips[attribute] = self.tr(tip)
            combo.setToolTip(self._tips[attribute])
            combo.currentIndexChanged.connect(self._on_changed)
            self.combos[attribute] = combo
        self.ordering, self.scoring = self.combos["ordering"], self.combos["scoring"]
        self.evaluation, self.form = self.combos["evaluation"], self.combos["form"]
        self._quiet = False
        self._place(4)
        self._depth: int | None = None
        self._empty_cells: int | None = None
        #: Shown while an estimate can outrank a win; its room is kept while hidden
        #: (unless ``keep_note_room`` is false, for a crowded dock where a blank line
        #: costs more), so nothing below moves when it comes and goes.
        self.note = QLabel(f"⚠ {ESTIMATE_NOTE_SHORT}", objectName=f"{prefix}EstimateNote", wordWrap=True)
        self.note.setStyleSheet(
            f"#{prefix}EstimateNote {{ background: rgba(229, 165, 10, 60); border-radius: 4px; padding: 1px 6px; }}"
        )
        policy = QSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        policy.setRetainSizeWhenHidden(keep_note_room)
        self.note.setSizePolicy(policy)
        column.addWidget(self.note)
        self._show_note()

    def _place(self, columns: int) -> None:
        """Lay the combo boxes out in ``columns`` columns."""
        if columns == self._columns:
            return
        self._columns = columns
        for number, combo in enumerate(self.combos.values()):
            self._grid.addWidget(combo, number // columns, number % columns)

    def resizeEvent(self, event: QResizeEvent) -> None:
        # Each combo box's size hint fits its longest choice.
        widest = max(combo.sizeHint().width() for combo in self.combos.values())
        spacing = self._grid.horizontalSpacing()
        self._place(4 if event.size().width() >= 4 * widest + 3 * spacing else 2)
        super().resizeEvent(event)

    def set_depth_limit(self, depth: int | None, empty_cells: int | None = None) -> None:
        """The depth limit the options go with (``None``: none), and how many cells are
        empty where the search starts (``None``: any position); the note follows."""
        self._depth, self._empty_cells = depth, empty_cells
        self._show_note()

    def note_text(self) -> str:
        """The full note for the options and depth limit shown now; ``""`` when none applies."""
        return estimate_note(self.options(), self._depth, self._empty_cells)

    def _show_note(self) -> None:
        """The note and the scoring box's tooltip for the options and depth limit shown."""
        note = self.note_text()
        self.note.setToolTip(note)
        self.note.setVisible(bool(note))
        tip = self._tips["scoring"]
        self.scoring.setToolTip(f"{tip}.\n\n{note}" if note else tip)

    def options(self) -> TextbookOptions:
        """The options chosen now."""
        return TextbookOptions(**{name: combo.currentData() for name, combo in self.combos.items()})

    def set_options(self, options: TextbookOptions) -> None:
        """Show ``options``; :attr:`changed` is emitted once if they differ."""
        if options == self.options():
            return
        self._quiet = True
        for name, value in options.as_dict().items():
            combo = self.combos[name]
            combo.setCurrentIndex(combo.findData(value))
        self._quiet = False
        self._show_note()
        self.changed.emit(self.options())

    def set_table_allowed(self, allowed: bool) -> None:
        """Offer the ``table`` ordering only where there is a table; without one a chosen
        ``table`` falls back to ``none`` (and :attr:`changed` says so)."""
        model = self.ordering.model()
        assert isinstance(model, QStandardItemModel)
        item = model.item(self.ordering.findData("table"))
        item.setEnabled(allowed)
        item.setToolTip("" if allowed else self.tr("needs a transposition table"))
        if not allowed and self.ordering.currentData() == "table":
            self.ordering.setCurrentIndex(self.ordering.findData("none"))

    @Slot()
    def _on_changed(self) -> None:
        if not self._quiet:
            self._show_note()
            self.changed.emit(self.options())
