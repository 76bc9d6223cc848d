"""The stepper's searches report where they can be seen, even when started from the Exercise tab.

Seen in a real window: with the Exercise tab open (which hides the stepper's status,
board and code to give its tree room), "Your search…" ran the file and answered in
the hidden status line, so the button seemed to do nothing; "Search this position"
likewise.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QFileDialog

from tests.gomocup.processes import running_with

from .waits import HANG_MS

STUDENTS = Path(__file__).resolve().parents[1] / "learn" / "students"


def open_exercise(qtbot, dock) -> None:
    dock.tabs.setCurrentWidget(dock.exercise)
    qtbot.waitUntil(lambda: not dock.status.isVisible(), timeout=HANG_MS)


def test_your_search_from_the_exercise_tab_shows_its_answer(qtbot, shown_stepper, tmp_path, monkeypatch) -> None:
    dock = shown_stepper()
    open_exercise(qtbot, dock)
    student = tmp_path / "mine.py"
    student.write_text((STUDENTS / "variants.py").read_text() + "\n\nsearch = planted_bug\n")
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *args, **kwargs: (str(student), ""))
    dock.your_search.button.click()
    qtbot.waitUntil(lambda: dock.your_search.outcome is not None, timeout=60_000)
    assert dock.status.isVisible() and dock.status.text().startswith("Your search:")
    dock.your_search.stop()
    assert not running_with("tictactoe-check")


def test_search_this_position_from_the_exercise_tab_shows_the_search(qtbot, shown_stepper) -> None:
    dock = shown_stepper()
    open_exercise(qtbot, dock)
    dock.choices.load_button.click()
    qtbot.waitUntil(lambda: dock.stepper.setup is not None, timeout=60_000)
    assert dock.status.isVisible() and dock.code.isVisible()
