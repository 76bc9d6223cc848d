"""View > Theme > Dark, painted by the program itself: check boxes and radio buttons stay visible.

The offscreen platform ignores the colour scheme request, so the window paints
its own dark palette there, as on a plain X11 session.
"""

from __future__ import annotations

import pytest
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QCheckBox, QRadioButton, QStyle, QStyleOptionButton, QVBoxLayout, QWidget

#: WCAG 2.1 success criterion 1.4.11 (non-text contrast) asks user interface
#: components such as a check box's outline for a contrast ratio of at least 3:1
#: against the colours next to them.
NON_TEXT_CONTRAST = 3.0


def relative_luminance(colour: QColor) -> float:
    """WCAG relative luminance of ``colour`` (sRGB channels made linear)."""

    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    return 0.2126 * linear(colour.redF()) + 0.7152 * linear(colour.greenF()) + 0.0722 * linear(colour.blueF())


def contrast(a: QColor, b: QColor) -> float:
    """WCAG contrast ratio of two colours, 1 (none) to 21."""
    light, dark = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def best_indicator_contrast(image: QImage, button: QCheckBox | QRadioButton, host: QWidget, window: QColor) -> float:
    """The strongest contrast with ``window`` along the middle row of ``button``'s indicator."""
    option = QStyleOptionButton()
    button.initStyleOption(option)
    element = (
        QStyle.SubElement.SE_CheckBoxIndicator
        if isinstance(button, QCheckBox)
        else QStyle.SubElement.SE_RadioButtonIndicator
    )
    rect = button.style().subElementRect(element, option, button)
    left = button.mapTo(host, rect.topLeft())
    ratio = image.devicePixelRatio()
    y = int((left.y() + rect.height() / 2) * ratio)
    return max(contrast(image.pixelColor(int((left.x() + dx) * ratio), y), window) for dx in range(rect.width()))


@pytest.mark.parametrize("kind", [QCheckBox, QRadioButton])
def test_dark_theme_outlines_indicators_clearly(shown_window, qtbot, kind):
    window = shown_window()
    window.theme_actions["dark"].trigger()
    host = QWidget()
    qtbot.addWidget(host)
    layout = QVBoxLayout(host)
    button = kind("Run huge searches")
    layout.addWidget(button)
    host.show()
    qtbot.waitExposed(host)
    try:
        background = host.palette().window().color()
        assert background.lightness() < 80, "the dark palette is painted"
        image = host.grab().toImage()
        assert best_indicator_contrast(image, button, host, background) >= NON_TEXT_CONTRAST
    finally:
        window.theme_actions["light"].trigger()
