"""The stepper's "Your search…": a student's file stepped beside the textbook, to the first difference."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.gomocup.processes import running_with

STUDENTS = Path(__file__).resolve().parents[1] / "learn" / "students"
AIMA_TREE = "[[3,12,8],[2,4,6],[14,5,2]]"


def test_your_search_steps_a_planted_bug_to_its_first_difference(qtbot, shown_stepper, tmp_path):
    dock = shown_stepper()
    button = dock.findChild(type(dock.your_search.button), "stepperYourSearch")
    assert button is not None and button.isVisible()
    dock.step_tree(AIMA_TREE)
    student = tmp_path / "mine.py"
    student.write_text((STUDENTS / "variants.py").read_text() + "\n\nsearch = planted_bug\n")
    dock.your_search.load_file(str(student))
    qtbot.waitUntil(lambda: dock.your_search.outcome is not None, timeout=60_000)
    assert dock.stepper.setup.tree is not None  # the student's trace, on the same tree
    beside = dock.findChild(type(dock.your_search.beside), "stepperYourSearchBeside")
    dock.stepper.step()
    assert beside.isVisible() and beside.text().startswith("Textbook:")
    dock.stepper.to_end()  # runs until the first difference, and stops there
    qtbot.waitUntil(lambda: not dock.stepper.running, timeout=60_000)
    assert "First difference" in beside.text() and "child 3" in beside.text()
    assert not dock.stepper.session.finished  # the root never returned: stopped before
    current = dock.stepper.session.current
    assert current["event"] == "return" and current["path"] == [0]  # where the code left
    dock.your_search.stop()
    assert not running_with("tictactoe-check")


def test_an_endless_search_is_stopped_at_the_time_limit_in_one_line(qtbot, shown_stepper, tmp_path):
    dock = shown_stepper()
    dock.step_tree(AIMA_TREE)
    student = tmp_path / "loop.py"
    student.write_text("def search(game, state):\n    while True:\n        pass\n")
    dock.your_search.time_limit = 1
    dock.your_search.load_file(str(student))
    assert not dock.your_search.button.isEnabled()  # one file at a time
    qtbot.waitUntil(lambda: dock.your_search.button.isEnabled(), timeout=60_000)
    assert "time limit" in dock.status.text() and "\n" not in dock.status.text()
    assert dock.your_search.outcome is None  # nothing to step
    assert not running_with("tictactoe-check")


def test_stopping_mid_run_ends_the_child(qtbot, shown_stepper, tmp_path):
    dock = shown_stepper()
    student = tmp_path / "loop.py"
    student.write_text("def search(game, state):\n    while True:\n        pass\n")
    dock.your_search.load_file(str(student))
    qtbot.waitUntil(lambda: bool(running_with("tictactoe-check")), timeout=30_000)
    dock.your_search.stop()  # what closing the window does
    assert not running_with("tictactoe-check")


HOSTILE = Path(__file__).resolve().parents[1] / "learn" / "hostile" / "peers.py"


@pytest.mark.parametrize(
    "function",
    [
        "exits_mid_search",
        "replaces_the_record",
        "lies_in_the_record",
        "forges_a_looping_record",
        "forks_a_grandchild_in_its_own_session",
        "double_forks_a_daemon",
        "raises_a_huge_message",
        "returns_a_lying_int",
        "kills_its_own_group",
    ],
)
def test_a_hostile_search_is_one_line_and_leaves_no_process(qtbot, shown_stepper, tmp_path, function):
    dock = shown_stepper()
    dock.step_tree(AIMA_TREE)
    student = tmp_path / "mine.py"
    student.write_text(HOSTILE.read_text() + f"\n\nsearch = {function}\n")
    dock.your_search.load_file(str(student))
    qtbot.waitUntil(lambda: dock.your_search.button.isEnabled(), timeout=60_000)
    status = dock.status.text()
    assert "\n" not in status and len(status) < 400, status
    dock.your_search.stop()
    assert not running_with("tictactoe-check") and not running_with("hostile-grandchild")
