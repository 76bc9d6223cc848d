"""Draw a player's mark in a cell: crisp vector X and O, or any short text or emoji.

Every mark looks the same size: its ink spans :data:`MARK_SHARE` of the cell's
height (a text wider than tall, such as ``AB``, at most :data:`TEXT_WIDTH_SHARE`
of its width), whatever its font says about its size. Letters and emoji would
otherwise differ by a fifth, as their fonts draw them at different sizes.
All of a mark's ink stays inside :func:`mark_box`, so whatever else a cell
shows (a count, a value) can keep clear of it.

A translucent colour fades a mark by the painter's opacity, so emoji, which
are drawn in their own colours, fade as letters do.
"""

from __future__ import annotations

from functools import lru_cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QPainterPath, QPen

VECTOR_X = ("X", "x", "×", "✕")
VECTOR_O = ("O", "o", "0", "○")
#: Share of the cell's side a mark's ink spans (the vector marks' stroke included).
MARK_SHARE = 0.59
#: Share of the cell's width a text mark wider than tall may take.
TEXT_WIDTH_SHARE = 0.8
#: Inset of the vector marks' outline: with their stroke, they span MARK_SHARE.
_VECTOR_INSET = 0.26
#: Pixel size a text's ink is measured at (its shape, then scaled to the cell).
_MEASURE_PIXELS = 100


def mark_box(cell: QRectF) -> QRectF:
    """Where any mark's ink lies in ``cell``: the middle band, :data:`MARK_SHARE` of it high."""
    margin_x = cell.width() * (1 - TEXT_WIDTH_SHARE) / 2
    margin_y = cell.height() * (1 - MARK_SHARE) / 2
    return cell.adjusted(margin_x, margin_y, -margin_x, -margin_y)


def paint_mark(painter: QPainter, cell: QRectF, text: str, colour: QColor) -> None:
    """Paint ``text`` as a mark centred in ``cell``, faded by ``colour``'s alpha."""
    painter.save()
    painter.setOpacity(painter.opacity() * colour.alphaF())
    solid = QColor(colour)
    solid.setAlpha(255)
    if text in VECTOR_X:
        _paint_cross(painter, cell, solid)
    elif text in VECTOR_O:
        _paint_ring(painter, cell, solid)
    else:
        _paint_text(painter, cell, text, solid)
    painter.restore()


def _stroke(cell: QRectF) -> float:
    return max(2.0, cell.width() * 0.11)


def _paint_cross(painter: QPainter, cell: QRectF, colour: QColor) -> None:
    inset = cell.width() * _VECTOR_INSET
    box = cell.adjusted(inset, inset, -inset, -inset)
    path = QPainterPath(box.topLeft())
    path.lineTo(box.bottomRight())
    path.moveTo(box.topRight())
    path.lineTo(box.bottomLeft())
    # One stroked path, so a faded (ghost) cross has no darker centre.
    pen = QPen(colour, _stroke(cell), Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
    painter.strokePath(path, pen)


def _paint_ring(painter: QPainter, cell: QRectF, colour: QColor) -> None:
    inset = cell.width() * _VECTOR_INSET
    painter.setPen(QPen(colour, _stroke(cell)))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawEllipse(cell.adjusted(inset, inset, -inset, -inset))


def _paint_text(painter: QPainter, cell: QRectF, text: str, colour: QColor) -> None:
    font = QFont(painter.font())
    font.setBold(True)
    ink = text_ink(text, font)
    if ink.isEmpty():
        return
    pixels = min(cell.height() * MARK_SHARE / ink.height(), cell.width() * TEXT_WIDTH_SHARE / ink.width())
    font.setPixelSize(max(6, int(pixels)))
    painter.setFont(font)
    painter.setPen(colour)
    # The baseline origin that puts the ink's centre on the cell's.
    painter.drawText(cell.center() - ink.center() * font.pixelSize(), text)


def text_ink(text: str, font: QFont) -> QRectF:
    """Where ``text``'s ink lies around its baseline origin, per pixel of font size.

    Measured by drawing it: font metrics know nothing of emoji drawn from a
    fallback font (they give a colour emoji the width of an empty box).
    """
    return _measured_ink(text, font.family(), font.bold())


@lru_cache(maxsize=64)
def _measured_ink(text: str, family: str, bold: bool) -> QRectF:
    size = _MEASURE_PIXELS
    font = QFont(family)
    font.setBold(bold)
    font.setPixelSize(size)
    image = QImage(size * (2 * len(text) + 2), 3 * size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    origin = QPointF(size, 2 * size)
    with QPainter(image) as painter:
        painter.setFont(font)
        painter.setPen(QColor("black"))
        painter.drawText(origin, text)
    alpha = image.convertToFormat(QImage.Format.Format_Alpha8)
    data, line, width = bytes(alpha.constBits()), alpha.bytesPerLine(), alpha.width()
    rows: list[int] = []
    left, right = width, -1
    for y in range(alpha.height()):
        row = data[y * line : y * line + width]
        blank_left = len(row) - len(row.lstrip(b"\0"))
        if blank_left == width:
            continue
        rows.append(y)
        left = min(left, blank_left)
        right = max(right, len(row.rstrip(b"\0")))
    if not rows:
        return QRectF()
    return QRectF(
        (left - origin.x()) / size,
        (rows[0] - origin.y()) / size,
        (right - left) / size,
        (rows[-1] + 1 - rows[0]) / size,
    )
