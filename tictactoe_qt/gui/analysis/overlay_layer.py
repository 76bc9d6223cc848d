"""A transparent layer over the board that paints the analysis and previews.

It is a child widget laid exactly over the board widget and lets every mouse
event through, so the board keeps its own painting and input untouched. It
asks the board for cell rectangles (``board.cell_rect``) and paints:

* the overlay's notes: 'X3' / 'D' / 'O6' chips, or a heat map with scores,
  and hatched grey cells the search never valued;
* the principal variation as faint marks with move numbers;
* MCTS visit counts in a corner of each cell;
* a preview of another position (from the game-tree explorer), its caption
  above the grid.

The cell with the Hint keeps the board's hint outline alone: the overlay
leaves it empty so the two never pile up.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QEvent, QObject, QRectF, Qt, QTimer, Slot
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPaintEvent, QPen, QPixmap
from PySide6.QtWidgets import QWidget

from tictactoe_qt.gui.analysis.overlay_data import Cell, CellNote, OverlayData
from tictactoe_qt.gui.analysis.overlay_style import (  # noqa: F401 - badge_circle is shared
    ASIDE_SHARE,
    CAPTION_HEIGHT,
    CELLS_PER_SLICE,
    KIND_COLOURS,
    KIND_COLOURS_DARK,
    MIN_SCORE_CELL,
    MIN_TEXT_CELL,
    badge_circle,
    heat_colour,
)
from tictactoe_qt.gui.board_theme import BoardTheme, with_alpha
from tictactoe_qt.gui.mark_painter import paint_mark

@dataclass
class _Picture:
    """The analysis painted (or being painted) for one position, size and theme."""

    data: OverlayData | None
    snapshot: object
    key: tuple[Any, ...]
    pixmap: QPixmap
    theme: BoardTheme
    #: Cells still to paint, while the picture is being drawn.
    cells: list[tuple[Cell, CellNote]]
    grid: tuple[float, float, float, float]

    def shows(self, data: OverlayData | None, snapshot: object, key: tuple[Any, ...]) -> bool:
        return self.data is data and self.snapshot is snapshot and self.key == key


class OverlayLayer(QWidget):
    """Paints :class:`OverlayData` and position previews over a board widget."""

    def __init__(self, board: QWidget) -> None:
        super().__init__(board)
        self.setObjectName("analysisOverlay")
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setAttribute(Qt.WidgetAttribute.WA_NoSystemBackground)
        self._board = board
        self.data: OverlayData | None = None
        self.show_values = True
        self.show_ghosts = True
        #: ``(cell, seat, number)`` of a previewed line of play, or ``None``.
        self.preview: list[tuple[Cell, str, int]] | None = None
        self.preview_caption = ""
        self._grid: tuple[float, float, float, float] | None = None
        #: The last analysis picture finished, and the one being painted.
        self._cache: _Picture | None = None
        self._rendering: _Picture | None = None
        board.installEventFilter(self)
        self.setGeometry(board.rect())
        self.raise_()
        self.show()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._board and event.type() == QEvent.Type.Resize:
            self.setGeometry(self._board.rect())
        return False

    def set_data(self, data: OverlayData | None) -> None:
        """Show ``data`` (``None`` clears the analysis)."""
        self.data = data
        self.update()

    def picture_ready(self) -> bool:
        """Whether the shown analysis is fully painted (big boards paint in slices)."""
        cached = self._cache
        return self.data is None or (cached is not None and cached.data is self.data
                                     and self._rendering is None)

    def set_preview(self, moves: list[tuple[Cell, str, int]] | None, caption: str = "") -> None:
        """Preview a line of play on top of the real position; ``None`` ends it.

        Each move is ``(cell, seat, number)``: ``seat`` is the player who makes it.
        """
        self.preview = moves
        self.preview_caption = caption
        self.update()

    # -- painting ---------------------------------------------------------------------
    def _cell(self, cell: Cell) -> QRectF:
        if self._grid is None:
            self._grid = self._measure_grid()
        left, top, step, size = self._grid
        return QRectF(left + cell[1] * step, top + cell[0] * step, size, size)

    def _measure_grid(self) -> tuple[float, float, float, float]:
        """The board's cell grid (cells are squares on a regular grid), asked once per paint."""
        snapshot = self._board.snapshot()  # type: ignore[attr-defined]
        first = QRectF(self._board.cell_rect(0, 0))  # type: ignore[attr-defined]
        last = QRectF(self._board.cell_rect(snapshot.rows - 1, snapshot.cols - 1))  # type: ignore[attr-defined]
        # The step across the whole grid: whole-pixel cell rectangles would drift on 19x19.
        steps = max(1, snapshot.cols - 1)
        return first.left(), first.top(), (last.left() - first.left()) / steps, first.width()

    def _occupied(self, cell: Cell) -> bool:
        snapshot = self._board.snapshot()  # type: ignore[attr-defined]
        return snapshot.mark_at(*cell) is not None

    def paintEvent(self, event: QPaintEvent) -> None:
        theme = BoardTheme.from_palette(self._board.palette())
        self._grid = None
        with QPainter(self) as painter:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            if self.preview is not None:
                self._paint_preview(painter, theme)
                return
            if self.data is None:
                return
            pixmap = self._analysis_pixmap(theme)
            if pixmap is not None:
                painter.drawPixmap(0, 0, pixmap)

    def _analysis_pixmap(self, theme: BoardTheme) -> QPixmap | None:
        """The analysis picture for this position, size and theme, or ``None`` while drawn.

        The board repaints on every hover, so the layer keeps its last picture.
        A big board's picture is drawn a slice of cells per event-loop turn
        (:data:`CELLS_PER_SLICE`): a 19x19 heat map never stalls the window.
        """
        snapshot = self._board.snapshot()  # type: ignore[attr-defined]
        key = (self.size(), self.devicePixelRatioF(), theme.dark, self.show_values,
               self.show_ghosts)
        cached = self._cache
        if cached is None or not cached.shows(self.data, snapshot, key):
            rendering = self._rendering
            if rendering is None or not rendering.shows(self.data, snapshot, key):
                self._start_rendering(theme, snapshot, key)  # small boards finish at once
            cached = self._cache
        return cached.pixmap if cached is not None and cached.shows(self.data, snapshot, key) \
            else None

    def _start_rendering(self, theme: BoardTheme, snapshot: Any, key: tuple[Any, ...]) -> None:
        assert self.data is not None
        ratio = self.devicePixelRatioF()
        pixmap = QPixmap(self.size() * ratio)
        pixmap.setDevicePixelRatio(ratio)
        pixmap.fill(Qt.GlobalColor.transparent)
        cells = [(cell, note) for cell, note in self.data.notes.items()
                 if snapshot.mark_at(*cell) is None and cell != snapshot.hint] \
            if self.show_values else []
        self._rendering = _Picture(self.data, snapshot, key, pixmap, theme, cells,
                                   self._measure_grid())
        if len(cells) <= CELLS_PER_SLICE:
            self._render_slice()
        else:
            QTimer.singleShot(0, self, self._render_slice)

    @Slot()
    def _render_slice(self) -> None:
        """Paint the next slice of cells; the last slice adds the ghosts and visit counts."""
        picture = self._rendering
        if picture is None:
            return
        if picture.data is not self.data:  # the analysis changed (or went) between slices
            self._rendering = None
            return
        batch, picture.cells = picture.cells[:CELLS_PER_SLICE], picture.cells[CELLS_PER_SLICE:]
        self._grid = picture.grid
        with QPainter(picture.pixmap) as painter:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            self._paint_notes(painter, picture.theme, batch)
            if not picture.cells:
                if self.show_ghosts:
                    self._paint_ghosts(painter, picture.theme)
                self._paint_visits(painter, picture.theme)
        if picture.cells:
            QTimer.singleShot(0, self, self._render_slice)
            return
        self._rendering = None
        self._cache = picture
        self.update()

    def _font(self, painter: QPainter, pixels: float, bold: bool = True) -> None:
        painter.setFont(self._sized_font(painter, pixels, bold))

    def _paint_notes(self, painter: QPainter, theme: BoardTheme,
                     notes: list[tuple[Cell, CellNote]]) -> None:
        assert self.data is not None
        colours = KIND_COLOURS_DARK if theme.dark else KIND_COLOURS
        cells = [(cell, note, self._cell(cell)) for cell, note in notes]
        if not cells:
            return
        width = cells[0][2].width()
        # Longer texts get smaller type; when one is too wide for its cell ('+.167'),
        # every long text of the position gets the smallest size, so they match.
        fonts = {length: self._sized_font(painter, width * share)
                 for length, share in ((3, 0.34), (4, 0.26), (5, 0.21))}
        long_metrics = QFontMetricsF(fonts[4])
        too_wide = any(long_metrics.horizontalAdvance(note.text) > width * 0.8
                       for note in self.data.notes.values() if len(note.text) > 4)
        long_font = fonts[5] if too_wide else fonts[4]

        def font_for(text: str) -> QFont:
            return fonts[3] if len(text) <= 3 else long_font

        # Fills without antialiasing: a 19x19 heat map stays a few milliseconds.
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        painter.setPen(Qt.PenStyle.NoPen)
        # Unknown cells are greyed and hatched: no value, unlike a middling grey heat.
        unknown = QBrush(with_alpha(theme.text, 45), Qt.BrushStyle.BDiagPattern)
        unknown_fill = with_alpha(theme.text, 18)
        for cell, note, rect in cells:
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
                fill = with_alpha(heat_colour(note.heat), round(50 + strength * (130 if theme.dark
                                                                                 else 110)))
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
            if cell == self.data.best:
                self._outline_pick(painter, theme, rect, text_colour)
            if width < (MIN_SCORE_CELL if note.kind == "heuristic" else MIN_TEXT_CELL):
                continue  # too small to read: the colour and the legend say it
            if note.aside:
                self._paint_aside(painter, theme, rect, note)
                rect = rect.adjusted(0, 0, 0, -rect.height() * ASIDE_SHARE)
            painter.setFont(font_for(note.text))
            painter.setPen(text_colour)
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, note.text)

    def _outline_pick(self, painter: QPainter, theme: BoardTheme, rect: QRectF,
                      colour: QColor) -> None:
        """Outline the best move, or (in a player's view) the move the player plays."""
        assert self.data is not None
        inset = rect.width() * 0.06
        if self.data.view in ("values", "depth"):
            painter.setPen(QPen(colour, max(1.5, rect.width() * 0.04)))
        else:  # the player's pick: thicker, in the accent colour
            painter.setPen(QPen(theme.accent, max(2.5, rect.width() * 0.07)))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(rect.adjusted(inset, inset, -inset, -inset))

    def _paint_aside(self, painter: QPainter, theme: BoardTheme, rect: QRectF,
                     note: CellNote) -> None:
        """The small second value (a player's view: the exact value) at the cell's foot."""
        colours = KIND_COLOURS_DARK if theme.dark else KIND_COLOURS
        colour = QColor(colours[note.aside_kind]) if note.aside_kind in colours \
            else with_alpha(theme.text, 150)
        strip = QRectF(rect.left(), rect.bottom() - rect.height() * (ASIDE_SHARE + 0.08),
                       rect.width(), rect.height() * ASIDE_SHARE)
        painter.setFont(self._sized_font(painter, rect.width() * 0.17))
        chip = painter.fontMetrics().boundingRect(note.aside).width() + rect.width() * 0.12
        chip_rect = QRectF(strip.center().x() - chip / 2, strip.top(), chip, strip.height())
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(with_alpha(theme.face, 210))
        painter.drawRoundedRect(chip_rect, strip.height() / 3, strip.height() / 3)
        painter.setPen(colour)
        painter.drawText(strip, Qt.AlignmentFlag.AlignCenter, note.aside)

    def _sized_font(self, painter: QPainter, pixels: float, bold: bool = True) -> QFont:
        font = QFont(painter.font())
        font.setPixelSize(max(7, int(pixels)))
        font.setBold(bold)
        return font

    def _paint_ghosts(self, painter: QPainter, theme: BoardTheme) -> None:
        assert self.data is not None
        hint = self._board.snapshot().hint  # type: ignore[attr-defined]
        for ghost in self.data.ghosts:
            if self._occupied(ghost.cell) or ghost.cell == hint:
                continue
            # A small numbered ghost in the corner, so the value chip stays readable.
            rect = self._cell(ghost.cell)
            seat = ghost.seat
            colour = theme.marks.get(seat, theme.accent)
            mark = self._board.snapshot().marks.get(seat, seat.upper())  # type: ignore[attr-defined]
            note = self.data.notes.get(ghost.cell)
            if note is not None and note.aside:
                mark = ""  # the value sits higher to make room for its chip: number only
            self._paint_badge(painter, rect, str(ghost.number), colour, mark)

    def _paint_badge(
        self, painter: QPainter, rect: QRectF, text: str, colour: QColor, mark: str = ""
    ) -> None:
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
            glyph = QRectF(centre.x() + radius * 0.9, centre.y() - radius * 1.2,
                           radius * 2.4, radius * 2.4)
            paint_mark(painter, glyph, mark, with_alpha(colour, 200))
            painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colour)
        painter.drawEllipse(centre, radius, radius)
        self._font(painter, radius * 1.3)
        painter.setPen(QColor("white"))
        badge = QRectF(centre.x() - radius, centre.y() - radius, 2 * radius, 2 * radius)
        painter.drawText(badge, Qt.AlignmentFlag.AlignCenter, text)

    def _paint_visits(self, painter: QPainter, theme: BoardTheme) -> None:
        assert self.data is not None
        if not self.data.visits:
            return
        most = max(self.data.visits.values()) or 1
        for cell, visits in self.data.visits.items():
            rect = self._cell(cell)
            bar = QRectF(rect.left() + rect.width() * 0.1, rect.bottom() - rect.height() * 0.12,
                         rect.width() * 0.8 * visits / most, rect.height() * 0.05)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(with_alpha(theme.accent, 200))
            painter.drawRect(bar)
            self._font(painter, rect.height() * 0.14, bold=False)
            painter.setPen(theme.text)
            label = rect.adjusted(0, 0, -rect.width() * 0.08, -rect.height() * 0.16)
            painter.drawText(label, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignBottom,
                             f"n={visits}")

    def _paint_preview(self, painter: QPainter, theme: BoardTheme) -> None:
        assert self.preview is not None
        snapshot = self._board.snapshot()  # type: ignore[attr-defined]
        for cell, seat, number in self.preview:
            rect = self._cell(cell)
            colour = theme.marks.get(seat, theme.accent)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(with_alpha(theme.accent, 40))
            painter.drawRect(rect.adjusted(1, 1, -1, -1))
            paint_mark(painter, rect, snapshot.marks.get(seat, seat.upper()), with_alpha(colour, 170))
            self._paint_badge(painter, rect, str(number), colour)
        if self.preview_caption:
            self._paint_caption(painter, theme)

    def caption_rect(self) -> QRectF:
        """Where the preview caption goes: in the margin above the grid when it fits.

        Without such a margin it is a slim strip over the top of the window's
        board area, translucent so the cells show through.
        """
        snapshot = self._board.snapshot()  # type: ignore[attr-defined]
        first = self._cell((0, 0))
        last = self._cell((snapshot.rows - 1, snapshot.cols - 1))
        top = max(0.0, first.top() - CAPTION_HEIGHT - 4)
        return QRectF(first.left(), top, last.right() - first.left(), CAPTION_HEIGHT)

    def _paint_caption(self, painter: QPainter, theme: BoardTheme) -> None:
        strip = self.caption_rect()
        above = strip.bottom() <= self._cell((0, 0)).top()
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(with_alpha(theme.accent, 230 if above else 170))
        painter.drawRoundedRect(strip, 6, 6)
        room = int(strip.width() - 12)
        for pixels in (12, 11, 10):  # shrink a little before cutting the caption short
            self._font(painter, pixels)
            if painter.fontMetrics().horizontalAdvance(self.preview_caption) <= room:
                break
        painter.setPen(QColor("white"))
        text = painter.fontMetrics().elidedText(self.preview_caption, Qt.TextElideMode.ElideRight,
                                                room)
        painter.drawText(strip, Qt.AlignmentFlag.AlignCenter, text)
