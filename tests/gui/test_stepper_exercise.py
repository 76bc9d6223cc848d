"""Exercise mode: type or draw a tree, predict by clicking, check, then step through it."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import QPointF, Qt

from tictactoe_qt.gui.stepper.exercise import Prediction, check, random_tree_text, solve

AIMA_TREE = "[[3,12,8],[2,4,6],[14,5,2]]"


@pytest.fixture
def dock(shown_stepper):
    widget = shown_stepper()
    widget.tabs.setCurrentWidget(widget.exercise)
    return widget


def click_node(qtbot, view, key) -> None:
    x, y = view.places[key]
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton,
                     pos=view.mapFromScene(QPointF(x, y + 6)))


def test_the_aima_answer():
    answer = solve(AIMA_TREE)
    assert answer.values[()] == 3
    assert answer.values[(1,)] == 2  # a bound: MIN stopped at 2 <= alpha 3
    assert answer.pruned == {(1, 1), (1, 2)}


def test_a_perfect_prediction_is_all_right_and_a_missed_prune_is_wrong():
    answer = solve(AIMA_TREE)
    perfect = Prediction(values={(): 3, (0,): 3, (1,): 2, (2,): 2}, pruned={(1, 1), (1, 2)})
    assert set(check(answer, perfect).values()) == {"right"}
    wrong = Prediction(values={(): 3, (0,): 3, (1,): 2, (2,): 14}, pruned={(1, 1), (2, 2)})
    verdicts = check(answer, wrong)
    assert verdicts[(1, 2)] == "wrong"  # pruned, not predicted
    assert verdicts[(2, 2)] == "wrong"  # searched, predicted pruned
    assert verdicts[(2,)] == "wrong"  # the wrong value (and it is searched)
    assert verdicts[(1, 1)] == verdicts[()] == verdicts[(0,)] == "right"


def test_marking_a_node_pruned_prunes_its_subtree():
    answer = solve("[[[1,2],[3,4]],[[5,6],[7,8]]]")
    prediction = Prediction(pruned={(1,)})
    assert prediction.predicted_pruned((1, 0, 1))
    assert check(answer, prediction)[(1, 0, 1)] in ("right", "wrong")


def test_random_trees_come_from_the_seed():
    text = random_tree_text(7, 3, 3)
    assert text == random_tree_text(7, 3, 3) != random_tree_text(8, 3, 3)
    tree = json.loads(text)
    assert len(tree) == 3 and all(len(child) == 3 for child in tree)
    assert all(isinstance(leaf, int) for child in tree for grand in child for leaf in grand)
    with pytest.raises(ValueError, match="branching factor"):
        random_tree_text(1, 9, 2)


def test_predict_by_clicking_then_check_marks_right_and_wrong(qtbot, dock):
    panel = dock.exercise
    view = panel.view
    for key, value in (((), "3"), ((0,), "3"), ((1,), "2"), ((2,), "5")):
        click_node(qtbot, view, key)
        assert panel.selected == key
        panel.value_edit.setText(value)
        qtbot.keyClick(panel.value_edit, Qt.Key.Key_Return)
    click_node(qtbot, view, (1, 1))
    qtbot.mouseClick(panel.pruned_button, Qt.MouseButton.LeftButton)
    assert (1, 1) in panel.prediction.pruned
    assert view.nodes[(1, 1)].state == "pruned"
    qtbot.mouseClick(panel.check_button, Qt.MouseButton.LeftButton)
    assert view.nodes[(1, 1)].verdict == "right"
    assert view.nodes[(1, 2)].verdict == "wrong"  # pruned by alpha-beta, not predicted
    assert view.nodes[(2,)].verdict == "wrong"  # returns 2, not 5
    assert view.nodes[()].verdict == "right"
    assert "11 of 13 nodes right" in panel.result.text()


def test_random_tree_button_and_bad_text(qtbot, dock):
    panel = dock.exercise
    panel.seed.setValue(3)
    qtbot.mouseClick(panel.random_button, Qt.MouseButton.LeftButton)
    assert panel.tree_edit.text() == random_tree_text(3, 3, 2)
    assert len(panel.view.nodes) == 13
    panel.tree_edit.setText("[[1, 2], [3,")
    qtbot.mouseClick(panel.use_button, Qt.MouseButton.LeftButton)
    assert panel.result.text().startswith("Not a tree:")
    assert panel.text == random_tree_text(3, 3, 2)  # the exercise is kept


def test_step_through_it_steps_the_same_tree(qtbot, dock):
    panel = dock.exercise
    qtbot.mouseClick(panel.step_button, Qt.MouseButton.LeftButton)
    assert dock.tabs.currentIndex() == 0
    events = []
    while (event := dock.stepper.step()) is not None:
        events.append(event)
    assert events[-1]["value"] == 3
    assert [e["pruned"] for e in events if e["event"] == "cutoff"] == [[1, 2]]
