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
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.mapFromScene(QPointF(x, y + 6)))


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
    assert (1, 2) not in verdicts  # pruned, but left blank: nothing to mark
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
    assert view.nodes[(1, 2)].verdict == ""  # pruned by alpha-beta, left blank
    assert view.nodes[(2,)].verdict == "wrong"  # returns 2, not 5
    assert view.nodes[()].verdict == "right"
    # Four values and one prune predicted; the other 8 nodes (leaves) were left blank.
    assert "4 of 5 predictions right; 8 nodes left blank (1 of them pruned)" in panel.result.text()


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


def test_check_with_nothing_entered_marks_nothing_and_counts_the_blanks(qtbot, dock):
    panel = dock.exercise
    qtbot.mouseClick(panel.check_button, Qt.MouseButton.LeftButton)
    assert all(node.verdict == "" for node in panel.view.nodes.values())
    assert panel.result.text().startswith("Nothing predicted yet; 13 nodes left blank")
    assert "right" not in panel.result.text().split(".")[0]


def test_only_predicted_nodes_are_scored(qtbot, dock):
    panel = dock.exercise
    panel.set_value((), 3)
    panel.set_value((1,), 4)  # wrong: MIN stops at 2
    panel.set_pruned(True, (0, 2))  # wrong: 8 is searched
    verdicts = panel.check()
    assert verdicts == {(): "right", (1,): "wrong", (0, 2): "wrong"}
    assert "1 of 3 predictions right; 10 nodes left blank" in panel.result.text()


@pytest.fixture
def app_point_size(qapp):
    """``app_point_size(n)`` sets the application's font size (a student's larger fonts);
    the font is restored after the test."""
    saved = qapp.font()

    def set_size(points: int) -> None:
        font = qapp.font()
        font.setPointSize(points)
        qapp.setFont(font)

    yield set_size
    qapp.setFont(saved)


@pytest.mark.parametrize("point_size", [10, 14])
def test_the_check_result_is_shown_whole_at_1600_by_1000(qtbot, shown_window, app_point_size, point_size):
    app_point_size(point_size)
    window = shown_window((1600, 1000))
    dock = window.analysis.stepper
    dock.show()
    dock.raise_()
    dock.tabs.setCurrentWidget(dock.exercise)
    panel = dock.exercise
    qtbot.mouseClick(panel.check_button, Qt.MouseButton.LeftButton)
    result = panel.result

    def shown_whole() -> bool:
        needed = result.heightForWidth(result.width())
        return result.visibleRegion().boundingRect() == result.rect() and result.height() >= needed

    qtbot.waitUntil(shown_whole, timeout=5000)


@pytest.mark.parametrize("suffix, start", [(".svg", b"<?xml"), (".png", b"\x89PNG"), (".dot", b"digraph")])
def test_the_exercise_tree_exports_like_the_drawn_tree(qtbot, dock, tmp_path, monkeypatch, suffix, start):
    from PySide6.QtWidgets import QFileDialog

    panel = dock.exercise
    panel.set_value((), 3)
    panel.set_value((2,), 14)
    panel.check()
    target = tmp_path / f"exercise{suffix}"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    qtbot.mouseClick(panel.export_button, Qt.MouseButton.LeftButton)
    data = target.read_bytes()
    assert data.startswith(start), data[:40]
    assert str(target) in panel.result.text()
    if suffix == ".dot":
        text = data.decode()
        assert "alpha-beta exercise" in text and "14" in text  # the student's prediction


def test_a_bad_export_name_is_said_in_the_result_line(qtbot, dock, tmp_path, monkeypatch):
    from PySide6.QtWidgets import QFileDialog

    target = tmp_path / "exercise.txt"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    qtbot.mouseClick(dock.exercise.export_button, Qt.MouseButton.LeftButton)
    assert dock.exercise.result.text().startswith("Could not export:")
    assert not target.exists()
