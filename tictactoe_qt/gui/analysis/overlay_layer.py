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
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPixmap
from PySide6.QtWidgets import QWidget

from tictactoe_qt.gui.analysis.overlay_cell_painting import paint_badge, paint_notes, paint_visits, sized_font
from tictactoe_qt.gui.analysis.overlay_data import Cell, CellNote, OverlayData
from tictactoe_qt.gui.analysis.overlay_style import CAPTION_HEIGHT, CELLS_PER_SLICE
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

    def set_show_ghosts(self, shown: bool) -> None:
        """Draw the faded marks of the best line (or not), and repaint."""
        self.show_ghosts = shown
        self.update()

    def set_data(self, data: OverlayData | None) -> None:
        """Show ``data`` (``None`` clears the analysis)."""
        self.data = data
        self.update()

    def picture_ready(self) -> bool:
        """Whether the shown analysis is fully painted (big boards paint in slices)."""
        cached = self._cache
        return self.data is None or (cached is not None and cached.data is self.data and self._rendering is None)

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
        key = (self.size(), self.devicePixelRatioF(), theme.dark, self.show_values, self.show_ghosts)
        cached = self._cache
        if cached is None or not cached.shows(self.data, snapshot, key):
            rendering = self._rendering
            if rendering is None or not rendering.shows(self.data, snapshot, key):
                self._start_rendering(theme, snapshot, key)  # small boards finish at once
            cached = self._cache
        return cached.pixmap if cached is not None and cached.shows(self.data, snapshot, key) else None

    def _start_rendering(self, theme: BoardTheme, snapshot: Any, key: tuple[Any, ...]) -> None:
        assert self.data is not None
        ratio = self.devicePixelRatioF()
        pixmap = QPixmap(self.size() * ratio)
        pixmap.setDevicePixelRatio(ratio)
        pixmap.fill(Qt.GlobalColor.transparent)
        cells = (
            [
                (cell, note)
                for cell, note in self.data.notes.items()
                if snapshot.mark_at(*cell) is None and cell != snapshot.hint
            ]
            if self.show_values
            else []
        )
        self._rendering = _Picture(self.data, snapshot, key, pixmap, theme, cells, self._measure_grid())
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
            assert self.data is not None
            paint_notes(painter, picture.theme, self.data, [(cell, note, self._cell(cell)) for cell, note in batch])
            if not picture.cells:
                if self.show_ghosts:
                    self._paint_ghosts(painter, picture.theme)
                paint_visits(painter, picture.theme, self.data.visits, self._cell, self._occupied)
        if picture.cells:
            QTimer.singleShot(0, self, self._render_slice)
            return
        self._rendering = None
        self._cache = picture
        self.update()

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
            paint_badge(painter, rect, str(ghost.number), colour, mark)

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
            paint_badge(painter, rect, str(number), colour)
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
            painter.setFont(sized_font(painter, pixels))
            if painter.fontMetrics().horizontalAdvance(self.preview_caption) <= room:
                break
        painter.setPen(QColor("white"))
        text = painter.fontMetrics().elidedText(self.preview_caption, Qt.TextElideMode.ElideRight, room)
        painter.drawText(strip, Qt.AlignmentFlag.AlignCenter, text)
