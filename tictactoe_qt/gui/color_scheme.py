"""View > Theme: follow the system's light or dark colours, or force one.

Qt asks the platform theme for the colours (``QStyleHints.setColorScheme``).
Where the platform ignores the request (a plain X11 session without GNOME or
KDE, the offscreen platform), the colour scheme stays as it was: then this
module sets a dark palette itself, and puts the platform's own palette back
for Light or Follow System.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication

#: The View > Theme choices and the colour scheme each asks the platform for.
SCHEMES = {"system": Qt.ColorScheme.Unknown, "light": Qt.ColorScheme.Light,
           "dark": Qt.ColorScheme.Dark}


def dark_palette() -> QPalette:
    """Fusion's dark colours (as Qt's Fusion style uses on a dark desktop)."""
    window, base, text = QColor("#323232"), QColor("#242424"), QColor("#f0f0f0")
    disabled = QColor("#8a8a8a")
    palette = QPalette(QColor("#3c3c3c"), window)  # a button and a window colour
    role, group = QPalette.ColorRole, QPalette.ColorGroup
    for name, colour in ((role.Window, window), (role.WindowText, text), (role.Base, base),
                         (role.AlternateBase, QColor("#2d2d2d")), (role.Text, text),
                         (role.Button, QColor("#3c3c3c")), (role.ButtonText, text),
                         (role.ToolTipBase, QColor("#3c3c3c")), (role.ToolTipText, text),
                         (role.PlaceholderText, disabled), (role.BrightText, QColor("#ff7b63")),
                         (role.Highlight, QColor("#3584e4")), (role.HighlightedText, QColor("#ffffff")),
                         (role.Link, QColor("#62a0ea")), (role.LinkVisited, QColor("#c061cb"))):
        palette.setColor(name, colour)
    for name in (role.WindowText, role.Text, role.ButtonText):
        palette.setColor(group.Disabled, name, disabled)
    palette.setColor(group.Disabled, role.Base, window)
    return palette


class ColorScheme(QObject):
    """The theme the user chose, applied to the whole application."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        #: The palette before this object painted the app dark itself (None: it did not).
        self._platform_palette: QPalette | None = None

    def apply(self, key: str) -> None:
        """Use the colours of ``key``: ``"system"``, ``"light"`` or ``"dark"``."""
        scheme = SCHEMES[key]
        hints = QGuiApplication.styleHints()
        if hasattr(hints, "setColorScheme"):  # Qt 6.8 and later
            hints.setColorScheme(scheme)
        honoured = scheme == Qt.ColorScheme.Unknown or hints.colorScheme() == scheme
        app = QApplication.instance()
        assert isinstance(app, QApplication)
        if key == "dark" and not honoured:
            if self._platform_palette is None:
                self._platform_palette = app.palette()
            app.setPalette(dark_palette())
        elif self._platform_palette is not None:
            app.setPalette(self._platform_palette)
            self._platform_palette = None
