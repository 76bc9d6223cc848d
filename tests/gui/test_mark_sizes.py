"""Letters, emoji and the vector X and O are drawn alike: the same size on the board,
and the losing side's marks fade at the end of a game, emoji as well as letters.

An emoji is drawn in its own colours, so a translucent pen never faded it, and
its font drew it a fifth larger than a letter of the same font size.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect
from PySide6.QtGui import QImage

from tictactoe_qt.gui.board_snapshot import BoardSnapshot
from tictactoe_qt.gui.board_widget import BoardWidget

#: X wins along the top row; O played the middle and a corner.
GAME = ("x", "x", "x", None, "o", None, None, None, "o")
WON = dict(winning_line=((0, 0), (0, 1), (0, 2)), to_move=None, accepts_input=False)
MARK_PAIRS = [("X", "O"), ("A", "B"), ("\U0001f431", "\U0001f436"), ("\U0001f431", "B"), ("A", "O")]


@pytest.fixture
def board(qtbot):
    widget = BoardWidget()
    qtbot.addWidget(widget)
    widget.resize(360, 360)
    return widget


def cell_pixels(board: BoardWidget, image: QImage, cell: tuple[int, int]) -> list[tuple[int, int, int, int, int]]:
    """``(x, y, r, g, b)`` of the cell's inside (clear of the grid lines)."""
    rect = board.cell_rect(*cell)
    inset = rect.width() // 10
    inner = QRect(rect).adjusted(inset, inset, -inset, -inset)
    return [
        (x, y, *image.pixelColor(x, y).getRgb()[:3])
        for y in range(inner.top(), inner.bottom() + 1)
        for x in range(inner.left(), inner.right() + 1)
    ]


def ink(board: BoardWidget, snapshot: BoardSnapshot, cell: tuple[int, int]) -> tuple[QRect, float]:
    """Where the mark in ``cell`` is drawn, and how strongly (its largest step away from the face)."""
    board.set_snapshot(snapshot)
    image = board.grab().toImage()
    board.set_snapshot(BoardSnapshot(to_move=None, accepts_input=False))
    face = cell_pixels(board, board.grab().toImage(), cell)
    xs, ys, strongest = [], [], 0
    for (x, y, *colour), (_x, _y, *blank) in zip(cell_pixels(board, image, cell), face):
        step = max(abs(a - b) for a, b in zip(colour, blank))
        strongest = max(strongest, step)
        if step > 40:
            xs.append(x)
            ys.append(y)
    assert xs, f"nothing drawn in {cell}"
    return QRect(min(xs), min(ys), max(xs) + 1 - min(xs), max(ys) + 1 - min(ys)), strongest


@pytest.mark.parametrize(("x_mark", "o_mark"), MARK_PAIRS)
def test_every_mark_is_drawn_the_same_size(board, x_mark, o_mark) -> None:
    playing = BoardSnapshot(cells=GAME, marks={"x": x_mark, "o": o_mark}, to_move="x")
    x_box, _ = ink(board, playing, (0, 0))
    o_box, _ = ink(board, playing, (1, 1))
    cell = board.cell_rect(0, 0).height()
    for box in (x_box, o_box):
        assert abs(box.height() - 0.59 * cell) <= 0.06 * cell, (x_mark, o_mark, box, cell)
    assert abs(x_box.height() - o_box.height()) <= 0.06 * cell, (x_box, o_box)


@pytest.mark.parametrize(("x_mark", "o_mark"), MARK_PAIRS)
def test_the_losing_side_fades_at_the_end_of_a_game(board, x_mark, o_mark) -> None:
    marks = {"x": x_mark, "o": o_mark}
    _, playing = ink(board, BoardSnapshot(cells=GAME, marks=marks, to_move="x"), (2, 2))
    _, lost = ink(board, BoardSnapshot(cells=GAME, marks=marks, **WON), (2, 2))
    assert lost < 0.75 * playing, f"{o_mark!r} did not fade: {lost} against {playing}"
