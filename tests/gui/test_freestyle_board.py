"""Gomocup's freestyle board, 20x20, in the window: the dock, the painted board, the overlay
and game files, at the default window size."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QComboBox, QMessageBox, QSpinBox

from tictactoe_qt.engine.game import MAX_SIZE
from tictactoe_qt.gui.analysis import overlay_controller
from tictactoe_qt.gui.main_window import MainWindow

#: Gomocup's freestyle board.
FREESTYLE = 20
CORNERS = [(0, 0), (0, FREESTYLE - 1), (FREESTYLE - 1, 0), (FREESTYLE - 1, FREESTYLE - 1)]
#: Smallest cell, in pixels, in which a mark and an overlay badge stay readable.
READABLE_CELL = 16


@pytest.fixture
def dialogs(monkeypatch):
    """The error dialogs the window shows (none should appear)."""
    shown: list[tuple[object, ...]] = []
    monkeypatch.setattr(QMessageBox, "critical", lambda *args, **kw: shown.append(args))
    return shown


@pytest.fixture
def window(qtbot):
    w = MainWindow()
    qtbot.addWidget(w)
    w.set_move_delay(0)
    w.resize(1040, 680)  # the default size
    w.show()
    qtbot.waitExposed(w)
    yield w
    w.close()


def type_into(qtbot, spin: QSpinBox, text: str) -> None:
    """Type ``text`` into a spin box as a person does: select all, type, press Enter."""
    spin.setFocus()
    spin.lineEdit().selectAll()
    qtbot.keyClicks(spin.lineEdit(), text)
    qtbot.keyClick(spin.lineEdit(), Qt.Key.Key_Return)


def start_freestyle(qtbot, window) -> None:
    for seat in "xo":
        combo = window.findChild(QComboBox, f"{seat}Player")
        combo.setCurrentIndex(combo.findData("human"))
    for name, value in (("rows", "20"), ("cols", "20"), ("k", "5")):
        type_into(qtbot, window.findChild(QSpinBox, name), value)
    window.new_game_action.trigger()


def test_the_dock_takes_20_typed_and_no_more_than_the_largest_board(qtbot, window):
    for name in ("rows", "cols"):
        spin = window.findChild(QSpinBox, name)
        type_into(qtbot, spin, "20")
        assert spin.value() == 20
        assert spin.maximum() == MAX_SIZE
        type_into(qtbot, spin, str(MAX_SIZE + 1))
        assert spin.value() <= MAX_SIZE


def cell_image(window, row: int, col: int) -> QImage:
    board = window.board
    return board.grab(board.cell_rect(row, col)).toImage()


def differing_pixels(before: QImage, after: QImage) -> int:
    return sum(before.pixel(x, y) != after.pixel(x, y) for x in range(before.width()) for y in range(before.height()))


def test_a_20x20_game_is_played_and_painted_whole_at_the_default_size(qtbot, window, click_cell):
    start_freestyle(qtbot, window)
    board = window.board
    assert (board.snapshot().rows, board.snapshot().cols) == (FREESTYLE, FREESTYLE)
    visible = board.visibleRegion()
    for row in range(FREESTYLE):
        for col in range(FREESTYLE):
            rect = board.cell_rect(row, col)
            assert rect.width() >= READABLE_CELL, f"cells of {rect.width()} px are too small"
            assert visible.contains(rect), f"cell {row},{col} is cut off at 1040x680"
    for row, col in CORNERS:
        empty = cell_image(window, row, col)
        click_cell(board, row, col)
        painted = cell_image(window, row, col)
        assert differing_pixels(empty, painted) > painted.width(), f"no mark at {row},{col}"
    assert window.position().count("x") == 2 and window.position().count("o") == 2
    assert window.size().width() == 1040 and window.size().height() == 680


def test_the_overlay_values_every_cell_of_a_20x20_board(qtbot, window, click_cell, monkeypatch):
    # Every cell gets a note, searched or not: the overlay's shortest budget shows that as
    # well as the 2 s a big board is given.
    monkeypatch.setattr(overlay_controller, "MAX_TIME_BUDGET", overlay_controller.DEFAULT_TIME_BUDGET)
    start_freestyle(qtbot, window)
    click_cell(window.board, 9, 9)
    click_cell(window.board, 19, 19)
    views = window.analysis
    with qtbot.waitSignal(views.overlay.overlay_ready, timeout=20_000) as blocker:
        views.overlay_action.trigger()
    data = blocker.args[0]
    assert len(data.notes) == FREESTYLE * FREESTYLE - 2
    assert (18, 18) in data.notes and (0, 19) in data.notes
    legend = views.legend
    qtbot.waitUntil(lambda: legend.isVisible() and window.statusBar().rect().contains(legend.geometry()), timeout=5_000)
    needed = legend.fontMetrics().boundingRect(
        QRect(0, 0, legend.contentsRect().width(), 10_000), Qt.TextFlag.TextWordWrap, legend.text()
    )
    assert needed.height() <= legend.contentsRect().height(), "the legend is cut off"


def test_a_20x20_game_is_saved_and_opened_again(qtbot, window, click_cell, tmp_path, dialogs):
    start_freestyle(qtbot, window)
    for cell in CORNERS:
        click_cell(window.board, *cell)
    position = window.position()
    assert window.save_game(tmp_path / "freestyle.json")
    window.new_game_action.trigger()
    assert window.position() != position
    assert window.open_game(tmp_path / "freestyle.json")
    assert window.position() == position
    assert window.findChild(QSpinBox, "rows").value() == FREESTYLE
    assert window.findChild(QSpinBox, "cols").value() == FREESTYLE
    assert dialogs == []
