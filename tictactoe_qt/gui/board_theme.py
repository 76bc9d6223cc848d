"""Board colours taken from the widget's palette, so light and dark themes both read well.

The two mark colours are GNOME palette blues and reds, a lighter shade on
dark backgrounds; both keep at least 4.5:1 contrast with the board face.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtGui import QColor, QPalette

_MARK_COLOURS = {
    False: {"x": "#1a5fb4", "o": "#c01c28"},  # light: GNOME Blue 5, Red 4
    True: {"x": "#62a0ea", "o": "#ff7b63"},  # dark: GNOME Blue 2, a light red
}


def is_dark(palette: QPalette) -> bool:
    """True when the palette's window colour is dark."""
    return palette.color(QPalette.ColorRole.Window).lightness() < 128


def strip_style(name: str, palette: QPalette, radius: int) -> str:
    """The style sheet of a strip floating over the board's foot (the game-over banner,
    the Solve exactly bar): a near-opaque card in the palette's light or dark, rounded."""
    dark = is_dark(palette)
    background = "rgba(36, 36, 40, 235)" if dark else "rgba(255, 255, 255, 240)"
    border = "rgba(255, 255, 255, 40)" if dark else "rgba(0, 0, 0, 45)"
    return f"#{name} {{ background: {background}; border: 1px solid {border}; border-radius: {radius}px; }}"


def blend(base: QColor, over: QColor, amount: float) -> QColor:
    """``over`` laid on ``base`` with opacity ``amount`` (0-1), as an opaque colour."""
    channels = zip((base.red(), base.green(), base.blue()), (over.red(), over.green(), over.blue()))
    mix = [round(b + (o - b) * amount) for b, o in channels]
    return QColor(*mix)


def with_alpha(colour: QColor, alpha: int) -> QColor:
    """A copy of ``colour`` with the given alpha (0-255)."""
    copy = QColor(colour)
    copy.setAlpha(alpha)
    return copy


@dataclass(frozen=True)
class BoardTheme:
    """The colours one paint of the board uses."""

    dark: bool
    background: QColor
    face: QColor
    grid: QColor
    accent: QColor
    text: QColor
    marks: dict[str, QColor]

    @classmethod
    def from_palette(cls, palette: QPalette) -> BoardTheme:
        dark = is_dark(palette)
        window = palette.color(QPalette.ColorRole.Window)
        # A dark board sits a little lighter than the window, a light one is white.
        face = blend(window, QColor("#ffffff"), 0.07) if dark else QColor("#ffffff")
        text = palette.color(QPalette.ColorRole.WindowText)
        accent = palette.color(QPalette.ColorRole.Highlight)
        return cls(
            dark=dark,
            background=window,
            face=face,
            grid=blend(face, text, 0.3 if dark else 0.25),
            accent=accent,
            text=text,
            marks={seat: QColor(colour) for seat, colour in _MARK_COLOURS[dark].items()},
        )
