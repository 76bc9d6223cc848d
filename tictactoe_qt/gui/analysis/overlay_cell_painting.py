"""How the analysis overlay paints a cell: value chips or heat, hatching for cells the
search never valued, the outline of the best move, the small exact value at a cell's
foot, numbered best-line badges and MCTS visit counts.

Plain functions over a painter and cell rectangles; :mod:`.overlay_layer` decides
which cells get what, and when.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPen

from tictactoe_qt.gui.analysis.overlay_data import Cell, CellNote, OverlayData
from tictactoe_qt.gui.analysis.overlay_style import (
    ASIDE_SHARE,
    KIND_COLOURS,
    KIND_COLOURS_DARK,
    MIN_FONT_PIXELS,
    MIN_SCORE_CELL,
    MIN_TEXT_CELL,
    badge_circle,
    heat_colour,
)
from tictactoe_qt.gui.board_theme import BoardTheme, with_alpha
from tictactoe_qt.gui.mark_painter import mark_box, paint_mark


def paint_notes(
    painter: QPainter, theme: BoardTheme, data: OverlayData, cells: list[tuple[Cell, CellNote, QRectF]]
) -> None:
    """Fill each noted cell (a kind's colour, heat, or hatching when unknown) and
    write its value, outlining the best move; texts shrink to fit small cells."""
    colours = KIND_COLOURS_DARK if theme.dark else KIND_COLOURS
    if not cells:
        return
    width = cells[0][2].width()
    # Longer texts get smaller type; when one is too wide for its cell ('+.167'),
    # every long text of the position gets the smallest size, so they match.
    fonts = {length: sized_font(painter, width * share) for length, share in ((3, 0.34), (4, 0.26), (5, 0.21))}
    long_metrics = QFontMetricsF(fonts[4])
    too_wide = any(
        long_metrics.horizontalAdvance(note.text) > width * 0.8 for note in data.notes.values() if len(note.text) > 4
    )
    long_font = fonts[5] if too_wide else fonts[4]

    def font_for(text: str) -> QFont:
        return fonts[3] if len(text) <= 3 else long_font

    # Fills without antialiasing: a 19x19 heat map stays a few milliseconds.
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
    painter.setPen(Qt.PenStyle.NoPen)
    # Unknown cells are greyed and hatched: no value, unlike a middling grey heat.
    unknown = QBrush(with_alpha(theme.text, 45), Qt.BrushStyle.BDiagPattern)
    unknown_fill = with_alpha(theme.text, 18)
    for _, note, rect in cells:
        inset = rect.width() * 0.06
        if note.kind == "unknown":
            painter.setBrush(unknown_fill)
            painter.drawRect(rect.adjusted(inset, inset, -inset, -inset))
            painter.setBrush(unknown)
            painter.drawRect(rect.adjusted(inset, inset, -inset, -inset))
            continue
        if note.kind == "heuristic":
            # Middling cells stay faint, so the best and worst stand out.
            strength = abs(note.heat - 0.5) * 2
            fill = with_alpha(heat_colour(note.heat), round(50 + strength * (130 if theme.dark else 110)))
        else:
            fill = with_alpha(QColor(colours[note.kind]), 60 if theme.dark else 40)
        painter.setBrush(fill)
        painter.drawRect(rect.adjusted(inset, inset, -inset, -inset))
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    for cell, note, rect in cells:
        if note.kind == "unknown":
            if width >= MIN_SCORE_CELL:
                painter.setFont(font_for(note.text))
                painter.setPen(with_alpha(theme.text, 120))
                painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, note.text)
            continue
        text_colour = theme.text if note.kind == "heuristic" else QColor(colours[note.kind])
        if cell == data.best:
            outline_pick(painter, theme, data.view, rect, text_colour)
        if width < (MIN_SCORE_CELL if note.kind == "heuristic" else MIN_TEXT_CELL):
            continue  # too small to read: the colour and the legend say it
        if note.aside:
            paint_aside(painter, theme, rect, note)
            rect = rect.adjusted(0, 0, 0, -rect.height() * ASIDE_SHARE)
        painter.setFont(font_for(note.text))
        painter.setPen(text_colour)
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, note.text)


def outline_pick(painter: QPainter, theme: BoardTheme, view: str, rect: QRectF, colour: QColor) -> None:
    """Outline the best move, or (in a player's view) the move the player plays."""
    inset = rect.width() * 0.06
    if view in ("values", "depth"):
        painter.setPen(QPen(colour, max(1.5, rect.width() * 0.04)))
    else:  # the player's pick: thicker, in the accent colour
        painter.setPen(QPen(theme.accent, max(2.5, rect.width() * 0.07)))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRect(rect.adjusted(inset, inset, -inset, -inset))


def paint_aside(painter: QPainter, theme: BoardTheme, rect: QRectF, note: CellNote) -> None:
    """The small second value (a player's view: the exact value) at the cell's foot."""
    colours = KIND_COLOURS_DARK if theme.dark else KIND_COLOURS
    colour = QColor(colours[note.aside_kind]) if note.aside_kind in colours else with_alpha(theme.text, 150)
    strip = QRectF(
        rect.left(), rect.bottom() - rect.height() * (ASIDE_SHARE + 0.08), rect.width(), rect.height() * ASIDE_SHARE
    )
    painter.setFont(sized_font(painter, rect.width() * 0.17))
    chip = painter.fontMetrics().boundingRect(note.aside).width() + rect.width() * 0.12
    chip_rect = QRectF(strip.center().x() - chip / 2, strip.top(), chip, strip.height())
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(with_alpha(theme.face, 210))
    painter.drawRoundedRect(chip_rect, strip.height() / 3, strip.height() / 3)
    painter.setPen(colour)
    painter.drawText(strip, Qt.AlignmentFlag.AlignCenter, note.aside)


def sized_font(painter: QPainter, pixels: float, bold: bool = True) -> QFont:
    """The painter's font at ``pixels`` pixels (at least :data:`MIN_FONT_PIXELS`), bold
    unless told otherwise."""
    font = QFont(painter.font())
    font.setPixelSize(max(MIN_FONT_PIXELS, int(pixels)))
    font.setBold(bold)
    return font


def paint_badge(painter: QPainter, rect: QRectF, text: str, colour: QColor, mark: str = "") -> None:
    """A numbered circle in the cell's top-left corner, wholly inside the cell.

    With room to spare, a small ghost of the mover's mark follows the number.
    """
    circle = badge_circle(rect)
    radius, centre = circle.width() / 2, circle.center()
    painter.setPen(Qt.PenStyle.NoPen)
    if mark and circle.left() + 4.2 * radius <= rect.right() - (circle.left() - rect.left()):
        pill = QRectF(centre.x() - radius, centre.y() - radius, 4.2 * radius, 2 * radius)
        painter.setBrush(with_alpha(colour, 45))
        painter.drawRoundedRect(pill, radius, radius)
        glyph = QRectF(centre.x() + radius * 0.9, centre.y() - radius * 1.2, radius * 2.4, radius * 2.4)
        paint_mark(painter, glyph, mark, with_alpha(colour, 200))
        painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(colour)
    painter.drawEllipse(centre, radius, radius)
    painter.setFont(sized_font(painter, radius * 1.3))
    painter.setPen(QColor("white"))
    badge = QRectF(centre.x() - radius, centre.y() - radius, 2 * radius, 2 * radius)
    painter.drawText(badge, Qt.AlignmentFlag.AlignCenter, text)


def paint_visits(
    painter: QPainter,
    theme: BoardTheme,
    visits: dict[Cell, int],
    cell_rect: Callable[[Cell], QRectF],
    occupied: Callable[[Cell], bool] = lambda cell: False,
) -> None:
    """MCTS visit counts: a bar at the foot of each visited cell and 'n=…' above it.

    In a cell holding a mark (the move the search chose, now played), the count
    goes in the corner above the mark instead, so it never covers it.
    """
    if not visits:
        return
    most = max(visits.values()) or 1
    for cell, count in visits.items():
        rect = cell_rect(cell)
        bar = QRectF(
            rect.left() + rect.width() * 0.1,
            rect.bottom() - rect.height() * 0.12,
            rect.width() * 0.8 * count / most,
            rect.height() * 0.05,
        )
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(with_alpha(theme.accent, 200))
        painter.drawRect(bar)
        painter.setPen(theme.text)
        text = f"n={count}"
        if occupied(cell):
            label = visits_corner(rect)
            pixels = min(rect.height() * 0.14, label.height() * 0.8)
            if pixels >= MIN_FONT_PIXELS:  # else too small to read: the bar says it
                painter.setFont(sized_font(painter, pixels, bold=False))
                painter.drawText(label, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, text)
            continue
        painter.setFont(sized_font(painter, rect.height() * 0.14, bold=False))
        label = rect.adjusted(0, 0, -rect.width() * 0.08, -rect.height() * 0.16)
        painter.drawText(label, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignBottom, text)


def visits_corner(rect: QRectF) -> QRectF:
    """Where a visit count goes in a cell holding a mark: the strip above the mark's ink."""
    top = rect.top() + rect.height() * 0.03
    bottom = mark_box(rect).top() - rect.height() * 0.02
    return QRectF(rect.left(), top, rect.width() * 0.92, max(0.0, bottom - top))
