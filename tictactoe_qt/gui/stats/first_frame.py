"""Run start-up work just after a window's first frame is on screen.

Work that the first frame does not need (loading the charts) waits for it,
so the window shows sooner. A zero timer set at the first paint fires once that frame is drawn;
one set before ``show()`` may fire before it.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QTimer, Slot
from PySide6.QtWidgets import QWidget


class _FirstFrameHook(QObject):
    """Calls back once, just after the watched window's first paint."""

    def __init__(self, window: QWidget, callback: Callable[[], None]) -> None:
        super().__init__(window)
        self._window = window
        self._callback = callback
        window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # The event's type first: a window collected with this hook still sends it
        # events while it is destroyed, after the hook's attributes are cleared.
        if event.type() == QEvent.Type.Paint and watched is self._window:
            watched.removeEventFilter(self)
            # With ``self`` as context: a window deleted before the timer fires takes
            # the call with it (no call on a wrapper whose C++ object is gone).
            QTimer.singleShot(0, self, self._call)
        return False

    @Slot()
    def _call(self) -> None:
        if self._window.isVisible():  # not for a window closed at once
            self._callback()
        self.deleteLater()


def call_after_first_frame(widget: QWidget, callback: Callable[[], None]) -> None:
    """Call ``callback`` once ``widget``'s window has painted its first frame.

    Nothing is called if the window is closed before that frame.
    """
    _FirstFrameHook(widget.window(), callback)
