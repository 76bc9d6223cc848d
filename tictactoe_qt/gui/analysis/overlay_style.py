"""The overlay's colours and sizes: W/D/L colours, the heat map, and where badges go."""

from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor

#: GNOME palette: green for wins, slate for draws, red for losses.
KIND_COLOURS = {"win": "#26a269", "draw": "#5e5c64", "loss": "#c01c28"}
KIND_COLOURS_DARK = {"win": "#57e389", "draw": "#c0bfbc", "loss": "#ff7b63"}
#: Cells painted per event-loop turn (a slice takes a few milliseconds).
CELLS_PER_SLICE = 40
#: Diverging heat map: blue (worst here), a quiet grey (middling), orange (best here).
HEAT_STOPS = ((0.0, QColor("#1c71d8")), (0.5, QColor("#9a9996")), (1.0, QColor("#e66100")))
#: Cells narrower than this (pixels) show heuristic scores by colour only (numbers in tooltips).
MIN_SCORE_CELL = 38
#: Cells narrower than this show no text at all, only colour.
MIN_TEXT_CELL = 22
#: The smallest type the overlay writes in (pixels).
MIN_FONT_PIXELS = 7
#: Share of a cell's height the small second value (a player's view: the exact value) takes.
ASIDE_SHARE = 0.3
#: Height of the preview caption strip.
CAPTION_HEIGHT = 22


def heat_colour(heat: float) -> QColor:
    """Interpolate the heat map's colour for ``heat`` in [0, 1]."""
    heat = min(1.0, max(0.0, heat))
    for (low, low_colour), (high, high_colour) in zip(HEAT_STOPS, HEAT_STOPS[1:]):
        if heat <= high:
            t = (heat - low) / (high - low)
            return QColor(
                round(low_colour.red() + t * (high_colour.red() - low_colour.red())),
                round(low_colour.green() + t * (high_colour.green() - low_colour.green())),
                round(low_colour.blue() + t * (high_colour.blue() - low_colour.blue())),
            )
    return QColor(HEAT_STOPS[-1][1])


def badge_circle(cell: QRectF) -> QRectF:
    """The bounding box of a best-line badge: in the cell's top-left corner, wholly inside."""
    pad = max(1.5, cell.width() * 0.05)
    radius = min(max(6.0, cell.width() * 0.13), cell.width() * 0.22)
    return QRectF(cell.left() + pad, cell.top() + pad, 2 * radius, 2 * radius)
