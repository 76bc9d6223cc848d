"""A small board that shows the position the stepper is at, never the game.

It paints like the main board (it is a :class:`BoardWidget` that takes no input)
and can draw the open lines of E(n) = M(n) − O(n): the lines still open for MAX
in the colour of MAX's mark, those open for MIN in MIN's (the side to move at
the root is MAX, whichever mark that is).
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QWidget

from tictactoe_qt.engine.game import Board, Mark, iter_bits, other
from tictactoe_qt.engine.search import open_lines_text
from tictactoe_qt.engine.text import BOARD_NAMES, SideNames
from tictactoe_qt.gui.board_snapshot import BoardSnapshot
from tictactoe_qt.gui.board_theme import BoardTheme, with_alpha
from tictactoe_qt.gui.board_widget import BoardWidget


def snapshot_of(
    board: Board, last_move: tuple[int, int] | None = None, names: SideNames = BOARD_NAMES
) -> BoardSnapshot:
    """A display-only picture of ``board``, its sides drawn as the game's players (``names``)."""
    rows, cols = board.config.rows, board.config.cols
    cells = tuple(
        None if (mark := board.mark_at(row, col)) is None else names.mark(mark)
        for row in range(rows)
        for col in range(cols)
    )
    return BoardSnapshot(
        rows=rows,
        cols=cols,
        cells=cells,
        marks={"x": names.x, "o": names.o},
        last_move=last_move,
        winning_line=tuple((m.row, m.col) for m in board.winning_line()),
        to_move=None if board.is_game_over() else names.mark(board.turn),
        accepts_input=False,
    )


class PreviewBoard(BoardWidget):
    """A read-only board with optional open lines for E(n)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("stepperBoard")
        self.setMinimumSize(120, 120)
        self.setFocusPolicy(self.focusPolicy().NoFocus)
        self.board: Board | None = None
        #: ``(cells, mark)`` per open line to draw (the board's marks).
        self._lines: list[tuple[list[int], str]] = []
        #: The board's side that is MAX (its lines are drawn first).
        self._max_mark: Mark = "x"
        #: How the game names the board's sides: the stepper's board looks like the game's.
        self.names: SideNames = BOARD_NAMES

    def sizeHint(self):  # type: ignore[no-untyped-def]
        return super().sizeHint() / 3

    def show_board(
        self,
        board: Board | None,
        max_mark: Mark = "x",
        open_lines: bool = False,
        last_move: tuple[int, int] | None = None,
    ) -> None:
        """Show ``board`` (``None`` shows an empty 3x3 face); with ``open_lines``, E(n)'s lines.

        ``max_mark`` is the mark of the MAX player (the side to move at the root).
        """
        self.board = board
        self._lines = []
        self._max_mark = max_mark
        if board is not None and open_lines:
            self._lines = open_lines_of(board, max_mark)
        self.set_snapshot(
            snapshot_of(board, last_move, self.names)
            if board is not None
            else BoardSnapshot(accepts_input=False, to_move=None)
        )
        self.setToolTip(self._lines_tip() if self._lines else "")  # after the board's own reset

    def open_line_count(self) -> tuple[int, int]:
        """(lines drawn for MAX, lines drawn for MIN), for tests and captions."""
        for_max = sum(1 for _, mark in self._lines if mark == self._max_mark)
        return for_max, len(self._lines) - for_max

    def _lines_tip(self) -> str:
        """The drawn lines' colours in words: which player's colour is MAX's."""
        max_name = self.names.name(self._max_mark)
        min_name = self.names.name(other(self._max_mark))
        return (
            f"Lines still open for MAX ({max_name}) are drawn in {max_name}'s colour, "
            f"those open for MIN ({min_name}) in {min_name}'s.\n"
            f"E(n) = {open_lines_text(max_name, min_name, '−')}."
        )

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        if not self._lines:
            return
        theme = BoardTheme.from_palette(self.palette())
        size = self._cell_size()
        with QPainter(self) as painter:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            for index, (cells, mark) in enumerate(self._lines):
                # MAX's lines a little above the centre line, MIN's a little below.
                shift = size * (-0.08 if index < self._max_lines else 0.08)
                pen = QPen(with_alpha(theme.marks[self.names.mark(mark)], 210), max(2.5, size * 0.07))
                pen.setCapStyle(Qt.PenCapStyle.RoundCap)
                painter.setPen(pen)
                cols = self.snapshot().cols
                first, last = cells[0], cells[-1]
                start = self._cell_rectf(first // cols, first % cols).center()
                end = self._cell_rectf(last // cols, last % cols).center()
                reach = (end - start) * (0.3 / max(1, len(cells) - 1))
                offset = QPointF(shift, shift)
                painter.drawLine(start - reach + offset, end + reach + offset)

    @property
    def _max_lines(self) -> int:
        return self.open_line_count()[0]


def open_lines_of(board: Board, max_mark: str) -> list[tuple[list[int], str]]:
    """The lines open for MAX (no MIN mark), then those open for MIN, as cell lists."""
    geometry = board.geometry
    side = 0 if max_mark == "x" else 1
    max_bits, min_bits = board.bits[side], board.bits[1 - side]
    min_mark = "o" if max_mark == "x" else "x"
    mine = [(iter_bits(mask), max_mark) for mask in geometry.lines if not mask & min_bits]
    theirs = [(iter_bits(mask), min_mark) for mask in geometry.lines if not mask & max_bits]
    return mine + theirs
