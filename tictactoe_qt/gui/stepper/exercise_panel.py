"""The exercise tab: type or draw a tree, predict alpha-beta, check, then step through it.

Click a node to choose it, then type the value it returns (Enter) or press
"Pruned" to say alpha-beta never visits it (and so nothing below it). Check
marks every node right (✓) or wrong (✗). "Step through it" hands the same tree
to the stepper.
"""

from __future__ import annotations

from PySide6.QtCore import Signal, Slot
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QPushButton, QSizePolicy, QSpinBox, QVBoxLayout, QWidget

from tictactoe_qt.engine.teaching import TreeTextError
from tictactoe_qt.gui.analysis.legend_label import LegendLabel

from .drawn_nodes import DrawNode
from .exercise import Answer, Prediction, Score, check, random_tree_text, solve
from .trace_tree import Key, format_value
from .tree_view import SearchTreeView, export_with_dialog

AIMA_TREE = "[[3,12,8],[2,4,6],[14,5,2]]"
HELP = "Click a node: type the value alpha-beta returns there + Enter, or press Pruned."
HELP_MORE = (
    "Pruned means alpha-beta never visits the node (nor anything below it). "
    "MAX nodes point up, MIN nodes down; children are searched left to right. "
    "Values are MAX's (the root player's), as the textbook form backs them up; "
    "the negamax form's stepper shows MIN's own view at MIN nodes and says so."
)


class ExercisePanel(QWidget):
    """Predict, check, then step."""

    #: The tree text to step through in the stepper.
    step_requested = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("exercisePanel")
        self.text = AIMA_TREE
        self.answer: Answer = solve(AIMA_TREE)
        self.prediction = Prediction()
        self.verdicts: dict[Key, str] = {}
        self.selected: Key | None = None
        self._build()
        self._redraw()

    def _build(self) -> None:
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        typed = QHBoxLayout()
        self.tree_edit = QLineEdit(AIMA_TREE, objectName="exerciseTree")
        self.tree_edit.setToolTip(
            self.tr("Lists are MIN or MAX levels, alternating from a MAX root; numbers are leaves")
        )
        self.use_button = QPushButton(self.tr("Use tree"), objectName="exerciseUse")
        typed.addWidget(self.tree_edit, 1)
        typed.addWidget(self.use_button)
        layout.addLayout(typed)
        drawn = QHBoxLayout()
        self.seed = self._spin("exerciseSeed", self.tr("seed "), 0, 9999, 1)
        self.branching = self._spin("exerciseBranching", self.tr("branching "), 2, 4, 3)
        self.depth_box = self._spin("exerciseDepth", self.tr("depth "), 2, 4, 2)
        self.random_button = QPushButton(self.tr("Random tree"), objectName="exerciseRandom")
        self.random_button.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        for widget in (self.seed, self.branching, self.depth_box, self.random_button):
            drawn.addWidget(widget, 1)
        layout.addLayout(drawn)
        # As tall as its lines at the width it gets: a plain wrapped label in the
        # scrolling dock kept one line's height and cut two lines at top and bottom.
        self.help = LegendLabel()
        self.help.setObjectName("exerciseHelp")
        self.help.set_tip(self.tr(HELP_MORE))
        self.help.setText(self.tr(HELP))
        self.export_button = QPushButton(self.tr("Export…"), objectName="exerciseExport")
        self.export_button.setToolTip(
            self.tr("Save the exercise tree, with your predictions and marks, as SVG, PNG or Graphviz DOT")
        )
        helped = QHBoxLayout()
        helped.addWidget(self.help, 1)
        helped.addWidget(self.export_button)
        layout.addLayout(helped)
        self.view = SearchTreeView()
        self.view.setObjectName("exerciseTreeView")
        self.view.title = "alpha-beta exercise"
        layout.addWidget(self.view, 1)
        answer_row = QHBoxLayout()
        self.value_edit = QLineEdit(objectName="exerciseValue")
        self.value_edit.setPlaceholderText(self.tr("value, then Enter"))
        self.value_edit.setMinimumWidth(60)
        self.pruned_button = QPushButton(self.tr("Pruned"), objectName="exercisePruned")
        self.pruned_button.setCheckable(True)
        self.check_button = QPushButton(self.tr("Check"), objectName="exerciseCheck")
        self.step_button = QPushButton(self.tr("Step through it"), objectName="exerciseStep")
        for widget in (self.value_edit, self.pruned_button, self.check_button, self.step_button):
            widget.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
            answer_row.addWidget(widget)
        layout.addLayout(answer_row)
        self.result = QLabel(objectName="exerciseResult", wordWrap=True)
        layout.addWidget(self.result)
        self.use_button.clicked.connect(self.use_typed_tree)
        self.tree_edit.returnPressed.connect(self.use_typed_tree)
        self.random_button.clicked.connect(self.use_random_tree)
        self.view.node_clicked.connect(self.select)
        self.value_edit.returnPressed.connect(self.enter_value)
        self.pruned_button.toggled.connect(self.set_pruned)
        self.check_button.clicked.connect(self.check)
        self.step_button.clicked.connect(lambda: self.step_requested.emit(self.text))
        self.export_button.clicked.connect(self.export_tree)

    @staticmethod
    def _spin(name: str, prefix: str, low: int, high: int, value: int) -> QSpinBox:
        spin = QSpinBox(objectName=name)
        spin.setRange(low, high)
        spin.setValue(value)
        spin.setPrefix(prefix)
        spin.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        spin.setMinimumWidth(60)
        return spin

    # -- trees ----------------------------------------------------------------------------
    def load(self, text: str) -> bool:
        """Start an exercise on ``text``; a bad tree is explained and nothing changes."""
        try:
            answer = solve(text)
        except TreeTextError as error:
            self.result.setText(self.tr("Not a tree: {0}").format(error))
            return False
        self.text, self.answer = text.strip(), answer
        self.prediction, self.verdicts, self.selected = Prediction(), {}, None
        self.tree_edit.setText(self.text)
        self.result.setText(self.tr("Predict, then press Check."))
        self._redraw()
        return True

    @Slot()
    def use_typed_tree(self) -> None:
        self.load(self.tree_edit.text())

    @Slot()
    def use_random_tree(self) -> None:
        self.load(random_tree_text(self.seed.value(), self.branching.value(), self.depth_box.value()))

    # -- predictions ----------------------------------------------------------------------
    @Slot(object)
    def select(self, key: Key) -> None:
        self.selected = key
        self.pruned_button.blockSignals(True)
        self.pruned_button.setChecked(key in self.prediction.pruned)
        self.pruned_button.blockSignals(False)
        said = self.prediction.values.get(key)
        self.value_edit.setText("" if said is None else format_value(said))
        self.value_edit.setFocus()
        self._redraw()

    @Slot()
    def enter_value(self) -> None:
        text = self.value_edit.text().strip().replace("−", "-")
        if self.selected is None or not self.answer.shape[self.selected][1]:
            self.result.setText(self.tr("Click an inner node first (leaves already have values)."))
            return
        try:
            value = float(text) if text else None
        except ValueError:
            self.result.setText(self.tr("A value is a number, not {0!r}.").format(text[:20]))
            return
        self.set_value(self.selected, value)

    def set_value(self, key: Key, value: float | None) -> None:
        """Predict the value returned at ``key`` (``None`` clears it)."""
        if value is None:
            self.prediction.values.pop(key, None)
        else:
            self.prediction.values[key] = int(value) if float(value).is_integer() else value
        self.verdicts = {}
        self._redraw()

    @Slot(bool)
    def set_pruned(self, pruned: bool, key: Key | None = None) -> None:
        """Predict that alpha-beta never visits ``key`` (the selected node by default)."""
        key = self.selected if key is None else key
        if key is None or key == ():
            return
        (self.prediction.pruned.add if pruned else self.prediction.pruned.discard)(key)
        self.verdicts = {}
        self._redraw()

    @Slot()
    def check(self) -> dict[Key, str]:
        """Mark every prediction right or wrong (blank nodes get no mark); returns the
        marks by node."""
        self.verdicts = check(self.answer, self.prediction)
        score = Score.of(self.answer, self.verdicts)
        self.result.setText(
            self.tr("{0} Root value: {1}. ✗ marks what to look at again; Step through it shows why.").format(
                score.text(), format_value(self.answer.values[()])
            )
        )
        self._redraw()
        return self.verdicts

    @Slot()
    def export_tree(self) -> None:
        """Save the exercise tree as drawn (predictions, marks) where the student picks."""
        done = export_with_dialog(self, self.view, self.tr("Export the exercise tree"), "exercise-tree.svg")
        if done:
            self.result.setText(done)

    def _redraw(self) -> None:
        nodes: dict[Key, DrawNode] = {}
        for key, (depth, children, leaf) in self.answer.shape.items():
            pruned = self.prediction.predicted_pruned(key)
            said = self.prediction.values.get(key)
            text = format_value(leaf) if leaf is not None else format_value(said)
            nodes[key] = DrawNode(
                key=key,
                depth=depth,
                children=list(children),
                state="pruned" if pruned else "idle",
                value_text=text,
                edge_text="pruned" if key in self.prediction.pruned else "",
                current=key == self.selected,
                verdict=self.verdicts.get(key, ""),
                tooltip=self._tooltip(key, leaf),
            )
        self.view.show_nodes(nodes, follow=False)

    def _tooltip(self, key: Key, leaf: object) -> str:
        role = "MAX" if len(key) % 2 == 0 else "MIN"
        if leaf is not None:
            return f"{role} leaf, value {format_value(leaf)}"
        return f"{role} node: click, then type its value or press Pruned"
