"""Restore the saved dock layout without stacking docks it never knew.

A layout saved by an older version of the program lacks the docks added
since. Qt would then stack those below the others in a thin strip; instead
they join the anchor dock's tabs. A layout of another format version is
ignored, and the window keeps its default layout.
"""

from __future__ import annotations

from PySide6.QtCore import QByteArray
from PySide6.QtWidgets import QDockWidget, QMainWindow

#: Bump when the dock layout changes shape, so older saved layouts are ignored.
LAYOUT_VERSION = 2


def dock_is_in_state(dock: QDockWidget, state: QByteArray) -> bool:
    """True when ``state`` (``QMainWindow.saveState``) places ``dock``.

    The state names each dock by its objectName, stored as UTF-16 text.
    """
    name = dock.objectName()
    return bool(name) and name.encode("utf-16-be") in bytes(state.data())


def restore_dock_layout(window: QMainWindow, state: QByteArray | None,
                        anchor: QDockWidget) -> bool:
    """Restore ``state`` into ``window``; docks it lacks are tabbed with ``anchor``.

    Returns:
        False when there is no usable state (the caller lays out the defaults).
    """
    if state is None or not window.restoreState(state, LAYOUT_VERSION):
        return False
    for dock in window.findChildren(QDockWidget):
        if dock is not anchor and not dock_is_in_state(dock, state):
            window.tabifyDockWidget(anchor, dock)
    anchor.raise_()
    return True
