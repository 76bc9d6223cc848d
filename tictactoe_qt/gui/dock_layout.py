"""Restore the saved dock layout, and size the dock column to the raised dock.

A layout saved by an older version of the program lacks the docks added
since. Qt would then stack those below the others in a thin strip; instead
they join the anchor dock's tabs. A layout of another format version is
ignored, and the window keeps its default layout.

:class:`DockWidthFitter` widens the column when a wide dock (a table, a chart)
is raised, so its content shows in full, and narrows it back for the settings.
"""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QObject, Qt, QTimer, Slot
from PySide6.QtWidgets import QDockWidget, QMainWindow, QScrollArea, QStyle

#: Bump when the dock layout changes shape, so older saved layouts are ignored.
LAYOUT_VERSION = 2
#: Tries to fit the dock column after a tab switch, and the pause between them.
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


class DockWidthFitter(QObject):
    """Widens the dock column to the raised dock's preferred width, within limits.

    Tabbed docks share one column. When a dock's tab is raised the column takes
    that dock's preferred width (its ``preferred_width()`` method, or its
    content's size hint), never less than ``base_width`` and never so wide that
    the board gets less than ``min_board`` pixels or the docks more than
    ``max_share`` of the window. A dock that fits in ``base_width`` (the
    settings) brings the column back to ``base_width``.
    """

    def __init__(self, window: QMainWindow, base_width: int, min_board: int = 360,
                 max_share: float = 0.6) -> None:
        super().__init__(window)
        self.window = window
        self.base_width = base_width
        self.min_board = min_board
        self.max_share = max_share
        self._pending: QDockWidget | None = None
        self._attempts = 0

    def watch(self, dock: QDockWidget) -> None:
        """Fit the column to ``dock`` whenever its tab is raised."""
        dock.visibilityChanged.connect(lambda visible: visible and self._schedule(dock))

    def _schedule(self, dock: QDockWidget) -> None:
        # Qt reports visibility in the middle of a tab switch: resize once it settled.
        self._pending = dock
        self._attempts = 0
        QTimer.singleShot(0, self, self._fit_pending)

    @Slot()
    def _fit_pending(self) -> None:
        dock = self._pending
        if dock is None:
            return
        self.fit(dock)
        self._attempts += 1
        # A layout pass still pending from the tab switch can undo the resize: check again.
        if self._attempts < RESIZE_ATTEMPTS and dock.isVisible() and not dock.isFloating():
            QTimer.singleShot(RESIZE_RETRY_MS, self, self._check_pending)
        else:
            self._pending = None

    @Slot()
    def _check_pending(self) -> None:
        dock = self._pending
        if dock is not None and abs(dock.width() - self.target_width(dock)) > 1:
            self._fit_pending()
        else:
            self._pending = None

    def fit(self, dock: QDockWidget) -> None:
        """Resize the column ``dock`` sits in to :meth:`target_width` (floating docks are left alone)."""
        if dock.isFloating() or not dock.isVisible():
            return
        if self.window.dockWidgetArea(dock) not in (Qt.DockWidgetArea.LeftDockWidgetArea,
                                                    Qt.DockWidgetArea.RightDockWidgetArea):
            return
        width = self.target_width(dock)
        if width != dock.width():
            self.window.resizeDocks([dock], [width], Qt.Orientation.Horizontal)

    def target_width(self, dock: QDockWidget) -> int:
        """The column width that shows ``dock`` in full, within the window's limits."""
        central = self.window.centralWidget()
        # The board and the dock column share this room (splitters and margins excluded).
        room = dock.width() + (central.width() if central is not None else 0)
        cap = min(int(self.window.width() * self.max_share), room - self.min_board)
        return max(self.base_width, min(preferred_width(dock), cap))


def preferred_width(dock: QDockWidget) -> int:
    """The width ``dock`` needs to show its content without cutting it."""
    own = getattr(dock, "preferred_width", None)
    if callable(own):
        return int(own())
    content = dock.widget()
    if content is None:
        return 0
    extra = 0
    if isinstance(content, QScrollArea) and content.widget() is not None:
        extra = content.verticalScrollBar().sizeHint().width() + 2 * content.frameWidth()
        content = content.widget()
    frame = dock.style().pixelMetric(QStyle.PixelMetric.PM_DockWidgetFrameWidth, None, dock)
    return content.sizeHint().width() + extra + 2 * frame
