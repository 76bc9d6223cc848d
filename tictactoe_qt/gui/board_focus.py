"""The keyboard goes back to the board whenever one of the window's dialogs closes.

Digits and arrows play on the board only while it has the keyboard focus;
after Open, Save, a settings dialog or a message box the user expects to play
on at once, without clicking the board first.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt, QTimer, Slot
from PySide6.QtGui import QGuiApplication, QWindow
from PySide6.QtWidgets import QWidget

#: Window types that are dialogs (file dialogs, message boxes, settings dialogs).
_DIALOG_TYPES = (Qt.WindowType.Dialog, Qt.WindowType.Sheet)


class BoardFocus(QObject):
    """Watches the application's focus window: leaving one of ``window``'s dialogs for
    ``window`` (or for no window, as a closing dialog does) gives ``board`` the keyboard."""

    def __init__(self, window: QWidget, board: QWidget) -> None:
        super().__init__(window)
        self._window = window
        self._board = board
        #: The focus window is a dialog of the window (it is not kept: it may be deleted).
        self._in_dialog = False
        app = QGuiApplication.instance()
        assert isinstance(app, QGuiApplication)
        app.focusWindowChanged.connect(self._on_focus_window_changed)

    @Slot()
    def give_back(self) -> None:
        """Activate the window and give the board the keyboard."""
        focus = QGuiApplication.focusWindow()
        if not self._window.isVisible() or QGuiApplication.modalWindow() is not None:
            return  # closed, or another dialog is up (the user switched to another program)
        if focus is not None and focus is not self._window.windowHandle():
            return  # the user went on to another of the app's windows
        self._window.activateWindow()
        self._board.setFocus(Qt.FocusReason.ActiveWindowFocusReason)

    def _is_own_dialog(self, focus: QWindow | None) -> bool:
        if focus is None or focus.type() not in _DIALOG_TYPES:
            return False
        own = self._window.windowHandle()
        parent = focus.transientParent()
        while parent is not None:
            if parent is own:
                return True
            parent = parent.transientParent()
        return False

    @Slot(QWindow)
    def _on_focus_window_changed(self, focus: QWindow | None) -> None:
        left_dialog = self._in_dialog
        self._in_dialog = self._is_own_dialog(focus)
        if left_dialog and (focus is None or focus is self._window.windowHandle()):
            QTimer.singleShot(0, self.give_back)  # after Qt restored its own focus
