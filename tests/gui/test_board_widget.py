"""The board widget paints snapshots and reports clicks and keys; it holds no rules."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor, QPalette

from tictactoe_qt.gui.board_snapshot import BoardSnapshot
from tictactoe_qt.gui.board_widget import BoardWidget, numpad_cell


def snapshot(rows=3, cols=3, marks=None, **fields) -> BoardSnapshot:
    cells = [None] * (rows * cols)
    for (row, col), mark in (marks or {}).items():
        cells[row * cols + col] = mark
    return BoardSnapshot(rows=rows, cols=cols, cells=tuple(cells), **fields)


@pytest.fixture
def board(qtbot):
    widget = BoardWidget()
    qtbot.addWidget(widget)
    widget.resize(400, 300)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


@pytest.mark.parametrize(("rows", "cols"), [(3, 3), (4, 7), (19, 19), (3, 19), (20, 20), (3, 20)])
def test_cells_are_square_inside_the_widget_and_found_again_by_position(board, rows, cols):
    board.set_snapshot(snapshot(rows, cols))
    sizes = set()
    for row in range(rows):
        for col in range(cols):
            rect = board.cell_rect(row, col)
            assert abs(rect.width() - rect.height()) <= 1
            assert board.rect().contains(rect)
            sizes.add(rect.width())
            assert board.cell_at(rect.center().toPointF()) == (row, col)
    assert max(sizes) - min(sizes) <= 1


def test_board_scales_with_the_widget(board):
    small = board.cell_rect(0, 0).width()
    board.resize(800, 600)
    assert board.cell_rect(0, 0).width() > 1.8 * small


def test_click_reports_the_cell(qtbot, board, click_cell):
    with qtbot.waitSignal(board.cell_clicked) as blocker:
        click_cell(board, 2, 1)
    assert blocker.args == [2, 1]


def test_click_outside_the_board_reports_nothing(qtbot, board):
    with qtbot.assertNotEmitted(board.cell_clicked):
        qtbot.mouseClick(board, Qt.MouseButton.LeftButton, pos=QPoint(2, 2))


def test_occupied_cells_are_still_reported_so_the_controller_can_explain(qtbot, board, click_cell):
    board.set_snapshot(snapshot(marks={(1, 1): "x"}, to_move="o"))
    with qtbot.waitSignal(board.cell_clicked) as blocker:
        click_cell(board, 1, 1)
    assert blocker.args == [1, 1]


@pytest.mark.parametrize(
    ("key", "cell"),
    [
        (Qt.Key.Key_7, (0, 0)),
        (Qt.Key.Key_9, (0, 2)),
        (Qt.Key.Key_5, (1, 1)),
        (Qt.Key.Key_1, (2, 0)),
        (Qt.Key.Key_3, (2, 2)),
    ],
)
def test_digits_on_3x3_are_laid_out_like_a_numpad(qtbot, board, key, cell):
    with qtbot.waitSignal(board.cell_clicked) as blocker:
        qtbot.keyClick(board, key)
    assert tuple(blocker.args) == cell


def test_keypad_digits_work_too(qtbot, board):
    with qtbot.waitSignal(board.cell_clicked) as blocker:
        qtbot.keyClick(board, Qt.Key.Key_8, Qt.KeyboardModifier.KeypadModifier)
    assert blocker.args == [0, 1]


def test_numpad_cell_mapping_covers_every_cell_once():
    assert sorted(numpad_cell(d) for d in range(1, 10)) == [(r, c) for r in range(3) for c in range(3)]


def test_digits_do_nothing_on_bigger_boards(qtbot, board):
    board.set_snapshot(snapshot(4, 4))
    with qtbot.assertNotEmitted(board.cell_clicked):
        qtbot.keyClick(board, Qt.Key.Key_5)


def test_arrows_move_the_cursor_and_enter_or_space_plays_it(qtbot, board):
    board.set_snapshot(snapshot(5, 5))  # the cursor starts in the centre, (2, 2)
    for key in (Qt.Key.Key_Up, Qt.Key.Key_Up, Qt.Key.Key_Up, Qt.Key.Key_Right):
        qtbot.keyClick(board, key)  # the third Up stops at the edge
    with qtbot.waitSignal(board.cell_clicked) as blocker:
        qtbot.keyClick(board, Qt.Key.Key_Return)
    assert blocker.args == [0, 3]
    qtbot.keyClick(board, Qt.Key.Key_Down)
    with qtbot.waitSignal(board.cell_clicked) as blocker:
        qtbot.keyClick(board, Qt.Key.Key_Space)
    assert blocker.args == [1, 3]


def test_each_cell_has_an_accessible_name(board):
    board.set_snapshot(snapshot(marks={(0, 0): "x", (2, 2): "o"}, to_move="x"))
    assert board.cell_accessible_name(1, 2) == "row 2, column 3, empty"
    assert board.cell_accessible_name(0, 0) == "row 1, column 1, X"
    assert board.cell_accessible_name(2, 2) == "row 3, column 3, O"


def test_the_focused_cell_is_described_for_screen_readers(qtbot, board):
    board.set_snapshot(snapshot(marks={(0, 1): "o"}))
    qtbot.keyClick(board, Qt.Key.Key_Up)
    assert board.accessibleDescription() == "row 1, column 2, O"
    assert "3 by 3" in board.accessibleName()


def colour_at(image, point) -> QColor:
    return image.pixelColor(point)


def test_marks_are_painted_in_their_player_colour(board):
    board.set_snapshot(snapshot(marks={(0, 0): "x", (1, 1): "o"}, to_move="x"))
    image = board.grab().toImage()
    empty = colour_at(image, board.cell_rect(2, 2).center())
    x_centre = colour_at(image, board.cell_rect(0, 0).center())
    assert x_centre != empty
    assert x_centre.blue() > x_centre.red()  # X is blue; the O ring is red


def test_custom_text_marks_are_drawn(board):
    board.set_snapshot(snapshot(marks={(0, 0): "x"}, to_move="o"))
    vector = board.grab().toImage()
    board.set_snapshot(BoardSnapshot(cells=("x",) + (None,) * 8, marks={"x": "★", "o": "O"}, to_move="o"))
    text = board.grab().toImage()
    assert text != vector


def test_winning_line_is_drawn_through_the_cells(board):
    line = ((0, 0), (1, 1), (2, 2), (3, 3))
    marks = {cell: "x" for cell in line} | {(0, 1): "o", (0, 2): "o", (0, 3): "o"}
    board.set_snapshot(snapshot(4, 4, marks=marks, winning_line=line, to_move=None, accepts_input=False))
    image = board.grab().toImage()
    # Between two cells of the line, where no mark is painted, the line's colour shows.
    a, b = board.cell_rect(1, 1).center(), board.cell_rect(2, 2).center()
    between = colour_at(image, (a + b) / 2)
    board.set_snapshot(snapshot(4, 4, marks=marks, to_move="o"))
    without = colour_at(board.grab().toImage(), (a + b) / 2)
    assert between != without
    assert between.blue() > between.red()


def test_dark_palette_gives_a_dark_board_with_light_marks(board):
    palette = QPalette()
    for role, colour in (
        (QPalette.ColorRole.Window, "#242424"),
        (QPalette.ColorRole.Base, "#1e1e1e"),
        (QPalette.ColorRole.WindowText, "#ffffff"),
    ):
        palette.setColor(role, QColor(colour))
    board.setPalette(palette)
    board.set_snapshot(snapshot(marks={(0, 0): "x"}, to_move="o"))
    image = board.grab().toImage()
    face = colour_at(image, board.cell_rect(2, 2).center())
    assert face.lightness() < 80
    x_rect = board.cell_rect(0, 0)
    mark = colour_at(image, x_rect.center())
    assert mark.lightness() > face.lightness() + 60
