"""Steps in the settings dock, taken as a user takes them."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox


def choose(window, seat: str, kind: str) -> None:
    """Pick the player type ``kind`` (its data, e.g. ``"alphabeta"``) in ``seat``'s combo box."""
    combo = window.findChild(QComboBox, f"{seat}Player")
    combo.setCurrentIndex(combo.findData(kind))
