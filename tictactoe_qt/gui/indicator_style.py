"""Check boxes and radio buttons that stand out on dark windows.

Fusion outlines a check box or radio button with the window colour made
darker, and fills it with the (darker still) base colour: on a dark window the
indicator all but disappears. This style lends those two indicators a light
window colour to draw from, so their outline is a mid grey between the window
and its text, as in the GNOME and KDE dark themes. Light windows keep Fusion's
own drawing.
"""

from __future__ import annotations

from PySide6.QtGui import QColor, QPainter, QPalette
from PySide6.QtWidgets import QApplication, QProxyStyle, QStyle, QStyleOption, QWidget

#: How far the outline of a dark window's indicator lies from the window colour towards the text colour.
OUTLINE_SHARE = 0.45
#: Fusion outlines with the window colour ``darker(OUTLINE_DARKER)``.
OUTLINE_DARKER = 140
_INDICATORS = (QStyle.PrimitiveElement.PE_IndicatorCheckBox, QStyle.PrimitiveElement.PE_IndicatorRadioButton)


def indicator_outline(palette: QPalette) -> QColor:
    """The outline colour a check box wants on ``palette``'s dark window."""
    window, text = palette.window().color(), palette.windowText().color()
    mix = [
        a + (b - a) * OUTLINE_SHARE
        for a, b in ((window.redF(), text.redF()), (window.greenF(), text.greenF()), (window.blueF(), text.blueF()))
    ]
    return QColor.fromRgbF(*mix)


class IndicatorStyle(QProxyStyle):
    """The application's style, with check boxes and radio buttons visible on dark windows."""

    def drawPrimitive(
        self, element: QStyle.PrimitiveElement, option: QStyleOption, painter: QPainter, widget: QWidget | None = None
    ) -> None:
        """Draw ``element``; an indicator on a dark window gets a light outline."""
        palette = option.palette
        if element in _INDICATORS and palette.window().color().lightness() < 128:
            lent = QPalette(palette)
            lent.setColor(QPalette.ColorRole.Window, indicator_outline(palette).lighter(OUTLINE_DARKER))
            option.palette = lent
            try:
                super().drawPrimitive(element, option, painter, widget)
            finally:
                option.palette = palette
            return
        super().drawPrimitive(element, option, painter, widget)


def install_indicator_style(app: QApplication) -> None:
    """Wrap ``app``'s style in :class:`IndicatorStyle`, once."""
    if not isinstance(app.style(), IndicatorStyle):
        app.setStyle(IndicatorStyle(app.style().name()))
