"""View > Theme: follow the system's light or dark colours, or force one.

Qt asks the platform theme for the colours (``QStyleHints.setColorScheme``).
Where the platform ignores the request (a plain X11 session without GNOME or
KDE, the offscreen platform), the colour scheme stays as it was: then this
module sets a dark palette itself (with check boxes outlined to stand out
on it, see :mod:`indicator_style`), and hands the colours back to the platform
for Light or Follow System.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication

from tictactoe_qt.gui.indicator_style import install_indicator_style

#: The View > Theme choices and the colour scheme each asks the platform for.
SCHEMES = {"system": Qt.ColorScheme.Unknown, "light": Qt.ColorScheme.Light, "dark": Qt.ColorScheme.Dark}


def dark_palette() -> QPalette:
    """Dark colours like the GNOME and KDE dark themes' (the README's dark screenshot shows them)."""
    button, window = QColor("#303034"), QColor("#242428")
    palette = QPalette(button, window)  # bevels (light, mid, dark, shadow) from the button colour
    role, group = QPalette.ColorRole, QPalette.ColorGroup
    text, disabled = QColor("#f6f5f4"), QColor("#77767b")
    for name, colour in (
        (role.WindowText, text),
        (role.Base, QColor("#1e1e22")),
        (role.AlternateBase, QColor("#2a2a2e")),
        (role.Text, text),
        (role.ButtonText, text),
        (role.ToolTipBase, button),
        (role.ToolTipText, text),
        (role.PlaceholderText, QColor("#9a9996")),
        (role.BrightText, QColor("#ff7b63")),
        (role.Highlight, QColor("#3584e4")),
        (role.HighlightedText, QColor("#ffffff")),
        (role.Link, QColor("#62a0ea")),
        (role.LinkVisited, QColor("#c061cb")),
    ):
        palette.setColor(name, colour)
    for name in (role.WindowText, role.Text, role.ButtonText):
        palette.setColor(group.Disabled, name, disabled)
    return palette


class ColorScheme(QObject):
    """The theme the user chose, applied to the whole application."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        #: This object painted the application dark itself (the platform did not).
        self._painted_dark = False

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
            install_indicator_style(app)  # Fusion's check boxes vanish on a dark window
            app.setPalette(dark_palette())
            self._painted_dark = True
        elif self._painted_dark:
            app.setPalette(QPalette())  # no role set: the platform's and style's colours again
            self._painted_dark = False
