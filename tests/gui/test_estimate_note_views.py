"""Where a textbook search may prefer an estimate to a win, the views say so, without moving.

Textbook scoring (+1 a win) with open-lines E(n) at a depth limit: the stepper, the
game tree and Compare show the options bar's note (the full sentence in its tooltip
and the scoring box's), the settings dock's player fields put it in their tooltips.
The note keeps its room while hidden, so nothing below it moves when it comes and goes.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QCheckBox, QComboBox, QSpinBox, QWidget

from tictactoe_qt.engine.game import Board
from tictactoe_qt.engine.players import ESTIMATE_NOTE, TextbookOptions
from tictactoe_qt.gui.analysis.comparison_panel import ComparisonDock
from tictactoe_qt.gui.analysis.tree_explorer_dock import TreeExplorerDock
from tictactoe_qt.gui.settings_dock import SettingsDock
from tictactoe_qt.gui.textbook_options_bar import TextbookOptionsBar

from .waits import HANG_MS


def choose(combo: QComboBox, value: object) -> None:
    combo.setCurrentIndex(combo.findData(value))


def note_shown(bar: TextbookOptionsBar) -> bool:
    """The note is on screen and says it all in its tooltip and the scoring box's."""
    shown = bar.note.isVisible()
    assert (bar.note.toolTip() == ESTIMATE_NOTE) is shown
    assert (ESTIMATE_NOTE in bar.scoring.toolTip()) is shown
    return shown


def top(widget: QWidget, ancestor: QWidget) -> int:
    return widget.mapTo(ancestor, QPoint(0, 0)).y()


@pytest.fixture
def stepper(shown_stepper):
    dock = shown_stepper((440, 860))
    dock.set_position(Board.from_notation("x../.o./..."))
    return dock


def test_the_stepper_notes_textbook_scoring_with_open_lines_at_a_depth_limit(qtbot, stepper):
    bar, choices = stepper.options_bar, stepper.choices
    assert not note_shown(bar)  # full depth: nothing is estimated
    step_button = stepper.buttons["stepperStep"]
    below = top(step_button, stepper)
    choices.depth.setValue(3)
    assert note_shown(bar)
    assert top(step_button, stepper) == below  # the room was kept
    choose(choices.scoring, "distance")
    assert not note_shown(bar)
    choose(choices.scoring, "textbook")
    choose(choices.evaluation, "zero")
    assert not note_shown(bar)
    choose(choices.evaluation, "open-lines")
    assert note_shown(bar)
    choices.depth.setValue(7)  # 7 empty cells: every line reaches its end
    assert not note_shown(bar)
    choices.depth.setValue(0)
    assert not note_shown(bar)
    assert top(step_button, stepper) == below


def test_the_stepper_keeps_the_note_while_it_steps_the_search(qtbot, stepper):
    stepper.choices.depth.setValue(2)
    stepper.load_position()
    qtbot.waitUntil(lambda: stepper.stepper.session is not None, timeout=HANG_MS)
    assert "scoring textbook, evaluation open-lines" in stepper.status.text()
    stepper.buttons["stepperStep"].click()
    assert note_shown(stepper.options_bar)


@pytest.fixture
def tree(qtbot):
    dock = TreeExplorerDock()
    qtbot.addWidget(dock)
    dock.resize(760, 720)
    dock.show()
    qtbot.waitExposed(dock)
    yield dock
    dock.shutdown()


def test_the_game_tree_notes_it_for_depth_limited_textbook_values(qtbot, tree):
    tree.set_position(Board.from_notation("x../.o./..."))
    assert tree.depth_box.value() == 0 and not note_shown(tree.options_bar)
    view_top = top(tree.view, tree)
    tree.depth_box.setValue(3)
    assert note_shown(tree.options_bar)  # minimax values use the scoring too
    assert top(tree.view, tree) == view_top
    choose(tree.mode, "alphabeta")
    assert note_shown(tree.options_bar)
    qtbot.waitUntil(lambda: tree.model.summary is not None, timeout=HANG_MS)
    choose(tree.options_bar.scoring, "distance")
    assert not note_shown(tree.options_bar)
    assert top(tree.view, tree) == view_top


def test_a_bigger_board_opens_the_tree_at_a_depth_limit_with_the_note(qtbot, tree):
    tree.set_position(Board.from_notation("x.../.o../..../....", k=3))
    assert tree.depth_box.value() == 3
    assert note_shown(tree.options_bar)


def test_compare_notes_it_only_when_a_depth_limit_is_set(qtbot):
    dock = ComparisonDock()
    qtbot.addWidget(dock)
    dock.resize(900, 650)
    dock.show()
    qtbot.waitExposed(dock)
    try:
        dock.set_position(Board.from_notation("x../.o./..."))
        table_top = top(dock.table, dock)
        depth_top = top(dock.depth_box, dock)
        assert not note_shown(dock.options_bar)
        choose(dock.depth_box, 2)
        assert note_shown(dock.options_bar)
        # Compare keeps no blank line for the note (its table needs the room): the note
        # pushes the table down, while the depth box the user works stays put.
        qtbot.waitUntil(lambda: top(dock.table, dock) > table_top, timeout=2000)
        assert top(dock.depth_box, dock) == depth_top
        dock.options_bar.set_options(TextbookOptions("centre", "distance"))
        assert not note_shown(dock.options_bar)
    finally:
        dock.shutdown()


def test_the_bar_follows_the_depth_it_is_told_and_the_cells_left(qtbot):
    bar = TextbookOptionsBar("test")
    qtbot.addWidget(bar)
    bar.show()
    assert not note_shown(bar)
    bar.set_depth_limit(2)
    assert note_shown(bar) and bar.note_text() == ESTIMATE_NOTE
    bar.set_depth_limit(2, empty_cells=2)
    assert not note_shown(bar) and bar.note_text() == ""
    assert "distance prefers sooner wins" in bar.scoring.toolTip()


@pytest.mark.parametrize("kind", ["minimax", "alphabeta"])
def test_a_textbook_player_with_a_depth_gets_the_note_in_its_tooltips(qtbot, kind):
    dock = SettingsDock()
    qtbot.addWidget(dock)
    dock.resize(440, 900)
    dock.show()
    choose(dock.findChild(QComboBox, "xPlayer"), kind)
    depth = dock.findChild(QSpinBox, "xDepth")
    scoring = dock.findChild(QComboBox, "xScoring")
    evaluation = dock.findChild(QComboBox, "xEvaluation")

    def noted() -> bool:
        said = ESTIMATE_NOTE in scoring.toolTip()
        assert (ESTIMATE_NOTE in evaluation.toolTip()) is said
        return said

    depth.setValue(3)
    assert not noted()  # the engine's own search: distance-scored
    dock.findChild(QCheckBox, "xTextbook").setChecked(True)
    assert noted()
    assert "textbook" in str(dock.settings().x.spec())
    depth.setValue(0)
    assert not noted()  # unlimited: nothing is estimated
    dock.findChild(QCheckBox, "xRandomDepth").setChecked(True)
    assert noted()  # a depth drawn each move is always a limit
    choose(scoring, "distance")
    assert not noted()
