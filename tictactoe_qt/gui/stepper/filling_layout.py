"""The dock body's layout: fills the dock's visible height and scrolls only below its minimum."""

from __future__ import annotations

from PySide6.QtWidgets import QVBoxLayout


class FillingLayout(QVBoxLayout):
    """A vertical layout that never reports height-for-width to its scroll area.

    A resizable ``QScrollArea`` sizes a height-for-width body to its *preferred*
    height at the viewport's width. The stepper's body holds wrapped labels, so it
    grew taller than the dock whenever fonts are large, and the exercise's Check
    result at the bottom scrolled out of view although the tree above it could
    shrink. Without height-for-width the scroll area sizes the body to the viewport
    and scrolls only when the body's minimum does not fit; the labels inside still
    get the lines they need (the layout itself wraps them at its width).
    """

    def hasHeightForWidth(self) -> bool:  # noqa: N802 (Qt's name)
        return False


__all__ = ["FillingLayout"]
