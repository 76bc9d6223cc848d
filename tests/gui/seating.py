"""Seat two humans with a chosen first mover (and marks), as a user does in the dock."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QLineEdit, QPushButton


def start(qtbot, window, first: str, marks: dict[str, str] | None = None) -> None:
    """Two humans, ``first`` moving first (and the ``marks`` typed in), applied."""
    for seat in "xo":
        combo = window.findChild(QComboBox, f"{seat}Player")
        combo.setCurrentIndex(combo.findData("human"))
        if marks:
            field = window.findChild(QLineEdit, f"{seat}Mark")
            field.clear()
            qtbot.keyClicks(field, marks[seat])
    first_box = window.findChild(QComboBox, "firstPlayer")
    first_box.setCurrentIndex(first_box.findData(first))
    window.settings_dock.findChild(QPushButton, "applySettingsButton").click()
    assert window.controller.seat_to_move == first
