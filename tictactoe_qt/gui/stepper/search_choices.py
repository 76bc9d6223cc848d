"""The stepper's choice of search: the algorithm, its depth and textbook options, and the load button.

A grid layout the dock places at its top: the algorithm, the depth limit and
"Search this position" on the first row; move ordering, end scores, the
evaluation at the depth limit and the written form of alpha-beta on the second,
with the bar's note when the depth limit lets an estimate outrank a win.
"""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QGridLayout, QPushButton, QSizePolicy, QSpinBox

from tictactoe_qt.gui.textbook_options_bar import TextbookOptionsBar

from .trace_setup import TraceSetup


class SearchChoices(QGridLayout):
    """The option widgets; :meth:`trace_args` reads them, :meth:`show_setup` sets them."""

    def __init__(self) -> None:
        super().__init__()
        self.algorithm = _combo(
            "stepperAlgorithm",
            [
                ("minimax", self.tr("Minimax")),
                ("alphabeta", self.tr("Alpha-beta")),
                ("alphabeta-tt", self.tr("Alpha-beta + table")),
            ],
            "alphabeta",
        )
        self.depth = QSpinBox(objectName="stepperDepth")
        self.depth.setRange(0, 12)
        self.depth.setSpecialValueText(self.tr("full depth"))
        self.depth.setPrefix(self.tr("depth "))
        self.depth.setToolTip(self.tr("A depth limit scores the nodes there with E(n)"))
        # The same bar as the game tree's and Compare's: the same choices, the same counts.
        self.options_bar = bar = TextbookOptionsBar("stepper")
        self.ordering, self.scoring, self.evaluation, self.form = (bar.ordering, bar.scoring, bar.evaluation, bar.form)
        self.load_button = QPushButton(self.tr("Search this position"), objectName="stepperLoad")
        self.load_button.setToolTip(self.tr("Step the chosen search on the game's position"))
        self.load_button.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.depth.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.depth.setMinimumWidth(80)
        for column, widget in enumerate((self.algorithm, self.depth)):
            self.addWidget(widget, 0, column)
        self.addWidget(self.load_button, 0, 2)
        self.addWidget(bar, 1, 0, 1, 3)
        self.empty_cells: int | None = None
        self.depth.valueChanged.connect(self._show_depth)

    def set_empty_cells(self, empty_cells: int) -> None:
        """How many cells are empty in the position a search would start from."""
        self.empty_cells = empty_cells
        self._show_depth()

    def _show_depth(self) -> None:
        self.options_bar.set_depth_limit(self.depth.value() or None, self.empty_cells)

    def trace_args(self, notation: str) -> tuple[object, ...]:
        """The chosen search of the board ``notation``, as :func:`~.trace_setup.board_setup` takes it."""
        return (
            self.algorithm.currentData(),
            notation,
            self.depth.value() or None,
            self.ordering.currentData(),
            self.scoring.currentData(),
            self.form.currentData(),
            self.evaluation.currentData(),
        )

    def show_setup(self, setup: TraceSetup) -> None:
        """Set the widgets to what is being stepped (scripts load without them)."""
        options = setup.options
        for combo, value in (
            (self.algorithm, setup.algorithm),
            (self.ordering, options.ordering),
            (self.scoring, options.scoring),
            (self.evaluation, options.evaluation),
            (self.form, options.form),
        ):
            combo.setCurrentIndex(combo.findData(value))
        self.depth.setValue(setup.depth or 0)


def _combo(name: str, items: list[tuple[str, str]], current: str) -> QComboBox:
    combo = QComboBox(objectName=name)
    # The dock stays narrow enough for the board: combos shrink, texts elide.
    combo.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
    combo.setMinimumWidth(70)
    for data, text in items:
        combo.addItem(text, data)
    combo.setCurrentIndex(combo.findData(current))
    return combo
