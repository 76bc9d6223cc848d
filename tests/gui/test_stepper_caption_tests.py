"""The stepper's caption says what the highlighted pseudocode tests, and whose view a value is."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

AIMA_TREE = "[[3,12,8],[2,4,6],[14,5,2]]"


@pytest.fixture
def dock(shown_stepper):
    return shown_stepper()


def highlighted(dock) -> str:
    return dock.code.currentItem().text().strip()


def test_textbook_cutoff_caption_uses_the_highlighted_test(qtbot, dock):
    dock.stepper.load_tree(AIMA_TREE, form="textbook")
    qtbot.mouseClick(dock.buttons["stepperToCutoff"], Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dock.stepper.session.current["event"] == "cutoff", timeout=20000)
    event = dock.stepper.session.current
    assert event["beta"] == float("inf")  # the window is not empty: α ≥ β does not hold
    assert highlighted(dock) == "if v ≤ α then return v"
    caption = dock.caption.text()
    assert "α ≥ β" not in caption
    assert "v = 2 ≤ α = 3" in caption
    assert "2 moves are pruned" in caption


def test_negamax_cutoff_caption_uses_negamax_test(qtbot, dock):
    dock.stepper.load_tree(AIMA_TREE, form="negamax")
    dock.stepper.run_to_cutoff()
    qtbot.waitUntil(lambda: dock.stepper.session.current["event"] == "cutoff", timeout=20000)
    assert highlighted(dock) == "if v ≥ β then return v"
    assert "≥ β = " in dock.caption.text() and "α ≥ β" not in dock.caption.text()


def step_to_return_of(dock, path: list[int]) -> dict:
    while (event := dock.stepper.step()) is not None:
        if event["event"] == "return" and event["path"] == path:
            return event
    raise AssertionError(f"no return at {path}")


def test_negamax_return_says_whose_view_and_the_max_value(qtbot, dock):
    """The exercise marks 3 right for MIN's child 1; the negamax caption shows −3 from MIN's
    view, so it must also say that this is 3 for MAX."""
    panel = dock.exercise
    panel.set_value((0,), 3)
    assert panel.check()[(0,)] == "right"
    dock.choices.form.setCurrentIndex(dock.choices.form.findData("negamax"))
    qtbot.mouseClick(panel.step_button, Qt.MouseButton.LeftButton)
    event = step_to_return_of(dock, [0])
    assert event["value"] == -3
    assert dock.caption.text() == "MIN at child 1 returns −3 (MIN's view; 3 for MAX) to its parent."
    root = step_to_return_of(dock, [])
    assert "(MAX's view)" in dock.caption.text() and root["value"] == 3


def test_textbook_return_caption_is_unchanged(qtbot, dock):
    dock.stepper.load_tree(AIMA_TREE, form="textbook")
    step_to_return_of(dock, [0])
    assert dock.caption.text() == "MIN at child 1 returns 3 to its parent."
