"""Open the window's panels (Statistics, Compare, Game tree, Stepper) as a user does:
from their View menu item. They start hidden (see ``tictactoe_qt.gui.dock_panels``)."""

from __future__ import annotations

from PySide6.QtWidgets import QDockWidget

from .waits import HANG_MS


def open_panel(qtbot, window, name: str) -> QDockWidget:
    """Trigger the View menu item of the dock ``name`` (unless it is open) and wait until
    the dock is in front."""
    dock = window.findChild(QDockWidget, name)
    action = dock.toggleViewAction()
    if action.isChecked():
        dock.raise_()
    else:
        action.trigger()
    qtbot.waitUntil(lambda: not dock.visibleRegion().isEmpty(), timeout=HANG_MS)
    return dock
