"""The board: paints a :class:`BoardSnapshot` and reports clicks and keys.

No game rule lives here: the controller decides what a click means. The
widget scales to any size with square cells, highlights the cell under the
mouse when a human may play there, marks the last move, draws the winning
line, and can be played from the keyboard (arrows + Enter/Space on any board,
digits 1-9 laid out like a numeric keypad on 3x3).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPointF, QRect, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFocusEvent, QKeyEvent, QMouseEvent, QPainter, QPainterPath, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from tictactoe_qt.engine.game import cell_text
from tictactoe_qt.gui.board_snapshot import BoardSnapshot, Cell
from tictactoe_qt.gui.board_theme import BoardTheme, with_alpha
from tictactoe_qt.gui.mark_painter import paint_mark

_ARROWS = {Qt.Key.Key_Up: (-1, 0), Qt.Key.Key_Down: (1, 0), Qt.Key.Key_Left: (0, -1), Qt.Key.Key_Right: (0, 1)}
_DIGITS = {getattr(Qt.Key, f"Key_{d}"): d for d in range(1, 10)}


def numpad_cell(digit: int) -> Cell:
    """The 3x3 cell of a digit laid out like a numeric keypad: 7 8 9 is the top row."""
    return 2 - (digit - 1) // 3, (digit - 1) % 3


class BoardWidget(QWidget):
    """A painted, scalable m x n board."""

    #: ``(row, col)`` of a clicked cell, or the keyboard cursor on Enter/Space.
    cell_clicked = Signal(int, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("board")
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(160, 160)
        self._snapshot = BoardSnapshot()
        self._hover: Cell | None = None
        self._pressed: Cell | None = None
        self._cursor: Cell = (1, 1)
        self._show_cursor = False
        self._footer = 0.0
        self._update_accessible_text()

    # -- model ------------------------------------------------------------------
    def snapshot(self) -> BoardSnapshot:
        return self._snapshot

    def set_snapshot(self, snapshot: BoardSnapshot) -> None:
        """Show ``snapshot`` (the controller calls this after every change)."""
        resized = (snapshot.rows, snapshot.cols) != (self._snapshot.rows, self._snapshot.cols)
        self._snapshot = snapshot
        if resized:
            self._cursor = (snapshot.rows // 2, snapshot.cols // 2)
            self._hover = None
        self._update_accessible_text()
        self.update()

    # -- geometry -----------------------------------------------------------------
    def set_footer_height(self, height: float) -> None:
        """Keep ``height`` pixels free below the board (for the game-over banner)."""
        self._footer = max(0.0, height)
        self._hover = None
        self.update()

    def footer_height(self) -> float:
        return self._footer

    def _cell_size(self) -> float:
        s = self._snapshot
        margin = self._margin()
        width = self.width() - 2 * margin
        height = self.height() - 2 * margin - self._footer
        return max(4.0, min(width / s.cols, height / s.rows))

    def _margin(self) -> float:
        return max(8.0, min(self.width(), self.height()) * 0.04)

    def _board_rect(self) -> QRectF:
        s, size = self._snapshot, self._cell_size()
        width, height = size * s.cols, size * s.rows
        top = (self.height() - self._footer - height) / 2
        return QRectF((self.width() - width) / 2, top, width, height)

    def _cell_rectf(self, row: int, col: int) -> QRectF:
        board, size = self._board_rect(), self._cell_size()
        return QRectF(board.left() + col * size, board.top() + row * size, size, size)

    def cell_rect(self, row: int, col: int) -> QRect:
        """The cell's rectangle in widget coordinates (click its centre to play there)."""
        return self._cell_rectf(row, col).toAlignedRect()

    def cell_at(self, point: QPointF) -> Cell | None:
        """The cell under ``point``, or ``None`` outside the board."""
        board, size = self._board_rect(), self._cell_size()
        if not board.contains(point):
            return None
        row = min(int((point.y() - board.top()) / size), self._snapshot.rows - 1)
        col = min(int((point.x() - board.left()) / size), self._snapshot.cols - 1)
        return row, col

    def sizeHint(self) -> QSize:
        return QSize(480, 480)

    def hasHeightForWidth(self) -> bool:
        return False

    # -- accessibility --------------------------------------------------------------
    def cell_accessible_name(self, row: int, col: int) -> str:
        """E.g. ``"row 2, column 3, empty"`` (1-based, as people count)."""
        mark = self._snapshot.mark_at(row, col)
        if mark is None:
            content = self.tr("empty")
        else:
            content = self._snapshot.marks.get(mark, mark.upper())
        return self.tr("{0}, {1}").format(cell_text(row, col), content)

    def _update_accessible_text(self) -> None:
        s = self._snapshot
        self.setAccessibleName(self.tr("Board, {0} by {1}").format(s.rows, s.cols))
        self.setAccessibleDescription(self.cell_accessible_name(*self._cursor))
        self.setToolTip("")

    # -- input ------------------------------------------------------------------------
    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        cell = self.cell_at(event.position())
        if cell != self._hover:
            self._hover = cell
            self.update()

    def leaveEvent(self, event: QEvent) -> None:
        self._hover = None
        self.update()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self._pressed = self.cell_at(event.position())

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            return
        cell = self.cell_at(event.position())
        if cell is not None and cell == self._pressed:
            self._show_cursor = False
            self._cursor = cell
            self._update_accessible_text()
            self.cell_clicked.emit(*cell)
        self._pressed = None

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key, s = event.key(), self._snapshot
        if key in _ARROWS:
            d_row, d_col = _ARROWS[Qt.Key(key)]
            row, col = self._cursor
            row = min(max(row + d_row, 0), s.rows - 1)
            col = min(max(col + d_col, 0), s.cols - 1)
            self._cursor = (row, col)
            self._show_cursor = True
            self._update_accessible_text()
            self.update()
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            self._show_cursor = True
            self.cell_clicked.emit(*self._cursor)
        elif key in _DIGITS and (s.rows, s.cols) == (3, 3):
            self._cursor = numpad_cell(_DIGITS[Qt.Key(key)])
            self._update_accessible_text()
            self.cell_clicked.emit(*self._cursor)
        else:
            super().keyPressEvent(event)

    def focusInEvent(self, event: QFocusEvent) -> None:
        # Reached by Tab or Shift+Tab: show where Enter would play (a click shows no cursor).
        if event.reason() in (Qt.FocusReason.TabFocusReason, Qt.FocusReason.BacktabFocusReason):
            self._show_cursor = True
            self.update()
        super().focusInEvent(event)

    def focusOutEvent(self, event: QFocusEvent) -> None:
        self._show_cursor = False
        self.update()
        super().focusOutEvent(event)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.PaletteChange:
            self.update()
        super().changeEvent(event)

    # -- painting ------------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        theme = BoardTheme.from_palette(self.palette())
        with QPainter(self) as painter:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            self._paint_face(painter, theme)
            painter.save()
            painter.setClipPath(self._face_path())
            self._paint_highlights(painter, theme)
            painter.restore()
            self._paint_grid(painter, theme)
            self._paint_winning_line(painter, theme)  # under the marks, so emoji stay visible
            self._paint_marks(painter, theme)
            self._paint_cursor(painter, theme)

    def _face_radius(self) -> float:
        return min(12.0, self._cell_size() * 0.2)

    def _highlight_inset(self) -> float:
        """The gap between a highlight and its cell's edges (and the grid lines)."""
        return max(2.0, self._cell_size() * 0.05)

    def _highlight_radius(self, inset: float) -> float:
        """Corners concentric with the board's: in a corner cell both curves stay parallel."""
        return max(2.0, self._face_radius() - inset)

    def _paint_cell_highlight(self, painter: QPainter, cell: Cell) -> None:
        inset = self._highlight_inset()
        radius = self._highlight_radius(inset)
        rect = self._cell_rectf(*cell).adjusted(inset, inset, -inset, -inset)
        painter.drawRoundedRect(rect, radius, radius)

    def _face_path(self) -> QPainterPath:
        path = QPainterPath()
        path.addRoundedRect(self._board_rect(), self._face_radius(), self._face_radius())
        return path

    def _paint_face(self, painter: QPainter, theme: BoardTheme) -> None:
        board = self._board_rect()
        radius = self._face_radius()
        shadow = board.translated(0, 2).adjusted(-1, -1, 1, 1)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 110 if theme.dark else 28))
        painter.drawRoundedRect(shadow, radius, radius)
        painter.setBrush(theme.face)
        painter.drawRoundedRect(board, radius, radius)

    def _paint_grid(self, painter: QPainter, theme: BoardTheme) -> None:
        s, board, size = self._snapshot, self._board_rect(), self._cell_size()
        pen = QPen(theme.grid, max(1.0, size * 0.03) if s.rows * s.cols <= 25 else 1.0)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        inset = size * 0.08 if s.rows * s.cols <= 25 else 0.0
        for col in range(1, s.cols):
            x = board.left() + col * size
            painter.drawLine(QPointF(x, board.top() + inset), QPointF(x, board.bottom() - inset))
        for row in range(1, s.rows):
            y = board.top() + row * size
            painter.drawLine(QPointF(board.left() + inset, y), QPointF(board.right() - inset, y))

    def _paint_highlights(self, painter: QPainter, theme: BoardTheme) -> None:
        s = self._snapshot
        painter.setPen(Qt.PenStyle.NoPen)
        if s.last_move is not None and not s.winning_line:
            mark = s.mark_at(*s.last_move)
            colour = theme.marks.get(mark or "x", theme.accent)
            painter.setBrush(with_alpha(colour, 46 if theme.dark else 30))
            self._paint_cell_highlight(painter, s.last_move)
        if self._hover is not None and s.is_open(*self._hover):
            painter.setBrush(with_alpha(theme.accent, 40))
            self._paint_cell_highlight(painter, self._hover)
        for cell in s.winning_line:
            mark = s.mark_at(*cell) or "x"
            painter.setBrush(with_alpha(theme.marks[mark], 56 if theme.dark else 38))
            self._paint_cell_highlight(painter, cell)

    def _paint_marks(self, painter: QPainter, theme: BoardTheme) -> None:
        s = self._snapshot
        game_over = s.to_move is None
        winners = set(s.winning_line)
        for row in range(s.rows):
            for col in range(s.cols):
                mark = s.mark_at(row, col)
                if mark is None:
                    continue
                colour = theme.marks[mark]
                if game_over and winners and (row, col) not in winners:
                    colour = with_alpha(colour, 110)
                paint_mark(painter, self._cell_rectf(row, col), s.marks.get(mark, mark), colour)
        ghost = self._hover if self._hover and s.is_open(*self._hover) else None
        if s.hint is not None and s.mark_at(*s.hint) is None:
            cell = self._cell_rectf(*s.hint)
            pen = QPen(theme.accent, max(2.0, self._cell_size() * 0.05), Qt.PenStyle.DashLine)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            inset = self._cell_size() * 0.08
            radius = self._highlight_radius(inset)
            painter.drawRoundedRect(cell.adjusted(inset, inset, -inset, -inset), radius, radius)
            if s.to_move:
                ghost_colour = with_alpha(theme.marks[s.to_move], 120)
                paint_mark(painter, cell, s.marks.get(s.to_move, ""), ghost_colour)
        if ghost is not None and s.to_move and ghost != s.hint:
            paint_mark(
                painter, self._cell_rectf(*ghost), s.marks.get(s.to_move, ""), with_alpha(theme.marks[s.to_move], 80)
            )

    def _paint_winning_line(self, painter: QPainter, theme: BoardTheme) -> None:
        s = self._snapshot
        if not s.winning_line:
            return
        first, last = s.winning_line[0], s.winning_line[-1]
        start, end = self._cell_rectf(*first).center(), self._cell_rectf(*last).center()
        direction = end - start
        length = max(1.0, (direction.x() ** 2 + direction.y() ** 2) ** 0.5)
        extend = direction * (self._cell_size() * 0.3 / length)
        mark = s.mark_at(*first) or "x"
        pen = QPen(with_alpha(theme.marks[mark], 150), max(3.0, self._cell_size() * 0.13))
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        painter.drawLine(start - extend, end + extend)

    def _paint_cursor(self, painter: QPainter, theme: BoardTheme) -> None:
        if not (self._show_cursor and self.hasFocus()):
            return
        pen = QPen(theme.accent, max(2.0, self._cell_size() * 0.05))
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        inset = self._cell_size() * 0.06
        radius = self._highlight_radius(inset)
        cell = self._cell_rectf(*self._cursor)
        painter.drawRoundedRect(cell.adjusted(inset, inset, -inset, -inset), radius, radius)
