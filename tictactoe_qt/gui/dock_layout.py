"""Restore the saved dock layout, and size the dock column: to the raised dock, and to the window.

A layout saved by an older version of the program lacks the docks added
since. Qt would then stack those below the others in a thin strip; instead
they join the anchor dock's tabs. A layout of another format version is
ignored, and the window keeps its default layout.

:class:`DockColumn` keeps the column of tabbed docks at one width when another
tab is raised, so the tab bar never moves under the mouse. Until the user drags
the column's edge, it takes the room a wide window has beyond what the square
board can use (:func:`column_width`); once dragged, the user's width stays, on
the next launch too.

:func:`arrange_docks` is the window's one call, after restoring the saved layout:
it lays out the first screen (the panels tucked away, :mod:`.dock_panels`) or
keeps the restored one.
"""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QEvent, QObject, QSettings, Qt, QTimer, Slot
from PySide6.QtWidgets import QDockWidget, QFrame, QMainWindow, QScrollArea

from tictactoe_qt.gui.dock_panels import explain_panels, tuck_away_panels

#: Bump when the dock layout changes shape, so older saved layouts are ignored
#: (3: the panels start hidden, opened from the View menu).
LAYOUT_VERSION = 3
#: The dock column's narrowest width, and its width in the default window
#: (1040x680, where the board is limited by the height).
DOCK_WIDTH = 440
#: The window width :data:`DOCK_WIDTH` is meant for, and the share of every pixel
#: beyond it that goes to the column.
DEFAULT_WINDOW_WIDTH = 1040
EXTRA_WIDTH_SHARE = 0.5
#: The most of the window's width the column takes by itself.
MAX_COLUMN_SHARE = 0.55
#: Room kept beside the board's square (its margins and the column's edge).
BOARD_MARGIN = 24
#: QSettings key: the user dragged the column's edge, so its width is theirs.
DRAGGED_KEY = "window/dockColumnDragged"
#: Tries to hold the dock column's width after a tab switch, and the pause between them.
RESIZE_ATTEMPTS = 3
RESIZE_RETRY_MS = 40


def column_width(window_width: int, board_height: int) -> int:
    """The column's width when the user has not chosen one.

    Half the width beyond the default window's, or all the width the square
    board cannot use (beyond its height), whichever is more: between
    :data:`DOCK_WIDTH` and :data:`MAX_COLUMN_SHARE` of the window.
    """
    shared = DOCK_WIDTH + int(EXTRA_WIDTH_SHARE * (window_width - DEFAULT_WINDOW_WIDTH))
    unused = window_width - board_height - BOARD_MARGIN
    return max(DOCK_WIDTH, min(max(shared, unused), int(window_width * MAX_COLUMN_SHARE)))


def arrange_docks(window: QMainWindow, column: DockColumn, restored: bool, settings: QSettings) -> None:
    """Explain the panels, lay out the first screen unless ``restored``, and let the column
    follow the window's width (until the user drags it; ``settings`` remembers that)."""
    explain_panels(window)
    if restored:
        column.adopt_shown_width()
    else:
        tuck_away_panels(window)
        anchor = window.findChild(QDockWidget, "settingsDock")
        if anchor is not None:
            anchor.raise_()
            window.resizeDocks([anchor], [DOCK_WIDTH], Qt.Orientation.Horizontal)
    column.follow_window(settings)


def dock_is_in_state(dock: QDockWidget, state: QByteArray) -> bool:
    """True when ``state`` (``QMainWindow.saveState``) places ``dock``.

    The state names each dock by its objectName, stored as UTF-16 text.
    """
    name = dock.objectName()
    return bool(name) and name.encode("utf-16-be") in bytes(state.data())


def restore_dock_layout(window: QMainWindow, state: QByteArray | None, anchor: QDockWidget) -> bool:
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
        #: The user dragged the column's edge: the window's width no longer sets it.
        self.dragged = False
        self._settings: QSettings | None = None
        #: The column's width when a press on the window's own area (a dock edge) began.
        self._width_at_press: int | None = None

    def follow_window(self, settings: QSettings) -> None:
        """Share the window's spare width with the column as it resizes, until the user
        drags the column's edge (remembered in ``settings``)."""
        self._settings = settings
        self.dragged = bool(settings.value(DRAGGED_KEY, False, type=bool))
        self.window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.window:
            kind = event.type()
            if kind == QEvent.Type.Resize and not self.dragged:
                # The window's layout has taken the new size (layouts see the event before
                # filters): share now, before anything is painted.
                self.share_width()
            elif kind == QEvent.Type.MouseButtonPress:
                # A press on the window itself, not on a child: a dock's edge.
                dock = self._front_dock()
                self._width_at_press = None if dock is None else dock.width()
            elif kind == QEvent.Type.MouseButtonRelease and self._width_at_press is not None:
                QTimer.singleShot(0, self, self._after_drag)
        return False

    def _front_dock(self) -> QDockWidget | None:
        """A dock of the column that is on screen now (or, before the window is, one shown)."""
        shown = [dock for dock in self.window.findChildren(QDockWidget) if self._in_column(dock) and dock.isVisible()]
        in_front = [dock for dock in shown if not dock.visibleRegion().isEmpty()]
        return (in_front or shown)[0] if shown else None

    @Slot()
    def _after_drag(self) -> None:
        before, self._width_at_press = self._width_at_press, None
        dock = self._front_dock()
        if dock is None or before is None or dock.width() == before:
            return
        self.dragged = True
        self.width = dock.width()
        if self._settings is not None:
            self._settings.setValue(DRAGGED_KEY, True)

    @Slot()
    def share_width(self) -> None:
        """Give the column its share of the window's width (unless the user dragged it)."""
        if self.dragged:
            return
        central = self.window.centralWidget()
        height = central.height() if central is not None else self.window.height()
        self.width = column_width(self.window.width(), height)
        # Any dock of the column sizes it, the one in front or not; before the window is
        # first shown none is visible yet, and this is when the share matters most.
        docks = [
            dock for dock in self.window.findChildren(QDockWidget) if self._in_column(dock) and not dock.isHidden()
        ]
        if docks and docks[0].width() != self.width:
            self.window.resizeDocks(docks[:1], [self.width], Qt.Orientation.Horizontal)
            layout = self.window.layout()
            if layout is not None:
                layout.activate()  # now, not at the next layout pass: after the first paint

    def watch(self, dock: QDockWidget) -> None:
        """Hold the column's width whenever ``dock`` is raised or put behind."""
        dock.visibilityChanged.connect(lambda visible: self._on_visibility(dock, visible))

    def _in_column(self, dock: QDockWidget) -> bool:
        return not dock.isFloating() and self.window.dockWidgetArea(dock) in (
            Qt.DockWidgetArea.LeftDockWidgetArea,
            Qt.DockWidgetArea.RightDockWidgetArea,
        )

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

    @property
    def settling(self) -> bool:
        """True while a dock just raised is still being held at the column's width (a
        resize in this time, by anyone but the user's mouse, is undone)."""
        return self._pending is not None

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


def fit_dock_column(window: QMainWindow, settings_scroll: QScrollArea) -> DockColumn:
    """Give every dock of ``window`` one column width, whichever tab is raised; wider
    content scrolls.

    The column starts at :data:`DOCK_WIDTH` and keeps the width the user drags it
    to, so switching tabs never moves the tab bar.
    """
    column = DockColumn(window, DOCK_WIDTH)
    frames = [settings_scroll]
    for dock in window.findChildren(QDockWidget):
        column.watch(dock)
        content = dock.widget()
        if isinstance(content, QScrollArea):
            frames.append(content)
        elif content is not None and content.minimumSizeHint().width() > DOCK_WIDTH:
            scroll = QScrollArea()
            scroll.setWidgetResizable(True)
            scroll.setFrameShape(QFrame.Shape.NoFrame)
            scroll.setWidget(content)
            dock.setWidget(scroll)
            frames.append(scroll)
    for frame in frames:
        # A frame around a dock's controls shows no focus: Tab goes to the controls
        # (the frame still scrolls to the one focused).
        frame.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    return column
