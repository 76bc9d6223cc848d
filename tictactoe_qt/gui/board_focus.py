"""The keyboard goes back to the board whenever one of the window's dialogs closes.

Digits and arrows play on the board only while it has the keyboard focus;
after Open, Save, a settings dialog or a message box the user expects to play
on at once, without clicking the board first.
"""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import QObject, Qt, QTimer, Slot
from PySide6.QtWidgets import QApplication, QDialog, QWidget


class BoardFocus(QObject):
    """Watches the application's focus: when it leaves one of ``window``'s dialogs for
    ``window`` (or for no widget, as a closing dialog leaves it), ``board`` gets it."""

    def __init__(self, window: QWidget, board: QWidget) -> None:
        super().__init__(window)
        self._window = window
        self._board = board
        app = QApplication.instance()
        assert isinstance(app, QApplication)
        app.focusChanged.connect(self._on_focus_changed)

    @Slot()
    def give_back(self) -> None:
        """Activate the window and give the board the keyboard, unless a dialog is still up."""
        if not self._window.isVisible() or QApplication.activeModalWidget() is not None:
            return
        focus = QApplication.focusWidget()
        if focus is not None and focus.window() is not self._window:
            return  # the user went on to another of the app's windows
        self._window.activateWindow()
        self._board.setFocus(Qt.FocusReason.ActiveWindowFocusReason)

    def _own_dialog(self, widget: QWidget) -> QDialog | None:
        """The dialog of the window that ``widget`` is in, if it is in one."""
        top = widget.window()
        if not isinstance(top, QDialog):
            return None
        parent = top.parentWidget()
        while parent is not None:
            if parent is self._window:
                return top
            parent = parent.parentWidget()
        return None

    @Slot(QWidget, QWidget)
    def _on_focus_changed(self, old: QWidget | None, new: QWidget | None) -> None:
        dialog = self._own_dialog(old) if old is not None else None
        if dialog is None or (new is not None and new.window() is not self._window):
            return  # not leaving a dialog, or going on to another one (a message box)

        def after_close() -> None:  # once Qt is done hiding it
            if not shiboken6.isValid(dialog) or not dialog.isVisible():
                self.give_back()

        QTimer.singleShot(0, self, after_close)
