"""Restore the saved dock layout, and size the dock column to the raised dock.

A layout saved by an older version of the program lacks the docks added
since. Qt would then stack those below the others in a thin strip; instead
they join the anchor dock's tabs. A layout of another format version is
ignored, and the window keeps its default layout.

:class:`DockColumn` keeps the column of tabbed docks at one width when another
tab is raised, so the tab bar never moves under the mouse.
"""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QObject, Qt, QTimer, Slot
from PySide6.QtWidgets import QDockWidget, QMainWindow

#: Bump when the dock layout changes shape, so older saved layouts are ignored.
LAYOUT_VERSION = 2
#: Tries to hold the dock column's width after a tab switch, and the pause between them.
RESIZE_ATTEMPTS = 3
RESIZE_RETRY_MS = 40


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


class DockColumn(QObject):
    """Keeps the tabbed dock column at one width, whichever tab is raised.

    Switching tabs never moves the tab bar: the raised dock takes the width the
    column had before the switch (the one the user dragged it to, or
    ``width`` at first). Content wider than that scrolls inside its dock.
    Floating docks keep their own size.
    """

    def __init__(self, window: QMainWindow, width: int) -> None:
        super().__init__(window)
        self.window = window
        #: The column's width, as it was before the latest tab switch; ``None``
        #: takes the width the column has when it is first shown (a restored layout).
        self.width: int | None = width
        self._pending: QDockWidget | None = None
        self._attempts = 0
        #: Docks in the column that are in front (visible) now.
        self._shown: set[QDockWidget] = set()

    def watch(self, dock: QDockWidget) -> None:
        """Hold the column's width whenever ``dock`` is raised or put behind."""
        dock.visibilityChanged.connect(lambda visible: self._on_visibility(dock, visible))

    def _in_column(self, dock: QDockWidget) -> bool:
        return not dock.isFloating() and self.window.dockWidgetArea(dock) in (
            Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.RightDockWidgetArea)

    def _on_visibility(self, dock: QDockWidget, visible: bool) -> None:
        if not visible:
            # The dock going behind still has the column's width of before the switch
            # (docks that were never in front report stale sizes: they are ignored).
            # Nothing else is read here: the window may be half destroyed.
            if dock in self._shown and self._pending is None and not dock.isFloating():
                self.width = dock.width()
            self._shown.discard(dock)
            return
        if not self._in_column(dock):
            return
        self._shown.add(dock)
        # Qt reports visibility in the middle of a tab switch: resize once it settled.
        self._pending = dock
        self._attempts = 0
        QTimer.singleShot(0, self, self._hold_pending)

    def adopt_shown_width(self) -> None:
        """Keep the width a restored layout gives the column, instead of imposing one."""
        self.width = None

    @Slot()
    def _hold_pending(self) -> None:
        dock = self._pending
        if dock is None:
            return
        if self.width is None:
            self.width = dock.width()
        self.hold(dock)
        self._attempts += 1
        # A layout pass still pending from the tab switch can undo the resize: check again.
        if self._attempts < RESIZE_ATTEMPTS and dock.isVisible() and self._in_column(dock):
            QTimer.singleShot(RESIZE_RETRY_MS, self, self._check_pending)
        else:
            self._pending = None

    @Slot()
    def _check_pending(self) -> None:
        dock = self._pending
        if dock is not None and self.width is not None and abs(dock.width() - self.width) > 1:
            self._hold_pending()
        else:
            self._pending = None

    def hold(self, dock: QDockWidget) -> None:
        """Give the column ``dock`` sits in the kept width (floating docks are left alone)."""
        width = self.width
        if width is not None and self._in_column(dock) and dock.isVisible() and dock.width() != width:
            self.window.resizeDocks([dock], [width], Qt.Orientation.Horizontal)
