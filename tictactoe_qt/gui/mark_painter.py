"""Draw a player's mark in a cell: crisp vector X and O, or any short text or emoji."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen

VECTOR_X = ("X", "x", "×", "✕")
VECTOR_O = ("O", "o", "0", "○")


def paint_mark(painter: QPainter, cell: QRectF, text: str, colour: QColor) -> None:
    """Paint ``text`` as a mark centred in ``cell``."""
    if text in VECTOR_X:
        _paint_cross(painter, cell, colour)
    elif text in VECTOR_O:
        _paint_ring(painter, cell, colour)
    else:
        _paint_text(painter, cell, text, colour)


def _stroke(cell: QRectF) -> float:
    return max(2.0, cell.width() * 0.11)


def _paint_cross(painter: QPainter, cell: QRectF, colour: QColor) -> None:
    inset = cell.width() * 0.26
    box = cell.adjusted(inset, inset, -inset, -inset)
    path = QPainterPath(box.topLeft())
    path.lineTo(box.bottomRight())
    path.moveTo(box.topRight())
    path.lineTo(box.bottomLeft())
    # One stroked path, so a translucent (ghost) cross has no darker centre.
    pen = QPen(colour, _stroke(cell), Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
    painter.strokePath(path, pen)


def _paint_ring(painter: QPainter, cell: QRectF, colour: QColor) -> None:
    inset = cell.width() * 0.25
    painter.setPen(QPen(colour, _stroke(cell)))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawEllipse(cell.adjusted(inset, inset, -inset, -inset))


def _paint_text(painter: QPainter, cell: QRectF, text: str, colour: QColor) -> None:
    font = QFont(painter.font())
    font.setBold(True)
    font.setPixelSize(max(6, int(cell.height() * 0.66)))
    width = QFontMetricsF(font).horizontalAdvance(text)
    room = cell.width() * 0.8
    if width > room:
        font.setPixelSize(max(6, int(font.pixelSize() * room / width)))
    painter.setFont(font)
    painter.setPen(colour)
    painter.drawText(cell, Qt.AlignmentFlag.AlignCenter, text)

