"""The analysis values in the window: comparable values, unknown cells greyed, a legend that fits,
and one notation shared by the overlay and the game tree."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import QComboBox, QSpinBox

from tictactoe_qt.engine.analysis import analyze
from tictactoe_qt.engine.game import Board, GameConfig
from tictactoe_qt.engine.text import outcome_badge
from tictactoe_qt.gui.analysis.overlay_data import overlay_from_analysis
from tictactoe_qt.gui.analysis.overlay_layer import OverlayLayer
from tictactoe_qt.gui.analysis.tree_model import PLIES, VALUE
from tictactoe_qt.gui.board_snapshot import BoardSnapshot
from tictactoe_qt.gui.board_theme import BoardTheme
from tictactoe_qt.gui.board_widget import BoardWidget
from tictactoe_qt.gui.main_window import MainWindow

from .panels import open_panel
from .shared_window import click, module_window, wait_until


def board_19x19() -> Board:
    board = Board(GameConfig(19, 19, 5))
    board.push((9, 9))
    board.push((8, 8))
    return board


def snapshot_of(board: Board) -> BoardSnapshot:
    x, o = board.bits
    cells = tuple("x" if x >> i & 1 else "o" if o >> i & 1 else None for i in range(board.config.cells))
    return BoardSnapshot(board.config.rows, board.config.cols, cells, to_move=board.turn)


def test_the_19x19_overlay_ranks_only_moves_of_one_search_and_greys_the_rest(qtbot) -> None:
    board = board_19x19()
    analysis = analyze(board, time_budget=0.4)
    data = overlay_from_analysis(board, analysis)
    heat = {cell for cell, note in data.notes.items() if note.kind == "heuristic"}
    unknown = {cell for cell, note in data.notes.items() if note.kind == "unknown"}
    assert heat and unknown and (0, 14) in unknown and (0, 0) in unknown
    # Every ranked cell's score is from the analysis's one depth, and the best has the top.
    for value in analysis.moves:
        cell = (value.move.row, value.move.col)
        assert (cell in heat) == (value.score is not None and not value.exact)
        if cell in heat:
            assert value.depth == analysis.depth == data.depth
    assert data.best in heat and data.notes[data.best].heat == 1.0
    assert f"depth {analysis.depth}" in data.legend()
    assert data.notes[(0, 14)].text == "?" and "not searched" in data.notes[(0, 14)].detail

    widget = BoardWidget()
    qtbot.addWidget(widget)
    widget.resize(600, 600)
    widget.set_snapshot(snapshot_of(board))
    widget.show()
    qtbot.waitExposed(widget)
    layer = OverlayLayer(widget)
    layer.set_data(data)
    theme = BoardTheme.from_palette(widget.palette())
    qtbot.waitUntil(lambda: layer._analysis_pixmap(theme) is not None)
    image = layer._analysis_pixmap(theme).toImage()
    ratio = layer.devicePixelRatioF()

    def colour_at(cell):
        rect = layer._cell(cell)
        # Sample a quarter in: on a hatch line or beside it, the cell is painted.
        samples = [
            image.pixelColor(
                int((rect.left() + rect.width() * f) * ratio), int((rect.top() + rect.height() * g) * ratio)
            )
            for f in (0.3, 0.5, 0.7)
            for g in (0.3, 0.5, 0.7)
        ]
        return [c for c in samples if c.alpha() > 0]

    far = colour_at((0, 14))
    assert far, "an unknown cell is painted (greyed), not left blank"
    for colour in far:  # grey: no hue, unlike the heat map's orange and blue
        assert max(colour.red(), colour.green(), colour.blue()) - min(colour.red(), colour.green(), colour.blue()) <= 12
    best = colour_at(data.best)
    assert any(c.red() - c.blue() > 60 for c in best), "the best cell is orange"


@pytest.fixture
def window(qtbot):
    w = MainWindow()
    qtbot.addWidget(w)
    w.set_move_delay(0)
    w.resize(1040, 680)  # the default size
    w.show()
    qtbot.waitExposed(w)
    return w


def start_19x19(window) -> None:
    for seat in "xo":
        combo = window.findChild(QComboBox, f"{seat}Player")
        combo.setCurrentIndex(combo.findData("human"))
    for name, value in (("rows", 19), ("cols", 19), ("k", 5)):
        window.findChild(QSpinBox, name).setValue(value)
    window.new_game_action.trigger()


def legend_fits(window) -> bool:
    """The whole text, wrapped at word breaks, fits in the label, inside the status bar."""
    legend = window.analysis.legend
    room = legend.contentsRect()
    needed = legend.fontMetrics().boundingRect(
        QRect(0, 0, room.width(), 10_000), Qt.TextFlag.TextWordWrap, legend.text()
    )
    return (
        legend.isVisible()
        and needed.width() <= room.width()
        and needed.height() <= room.height()
        and window.statusBar().rect().contains(legend.geometry())
        and legend.geometry().right() < window.status_panel.geometry().left()
    )


@pytest.fixture(scope="module")
def analysed_19x19(qapp, tmp_path_factory):
    """A default-sized window with the overlay on after two moves of a 19x19 game, and the
    overlay's data: the analysis (seconds of the child's time on so big a board) runs once
    for the widths the legend is read at."""
    with module_window(qapp, tmp_path_factory, (1040, 680)) as window:
        start_19x19(window)
        click(window.board, 9, 9)
        click(window.board, 8, 8)
        views = window.analysis
        ready = []
        views.overlay.overlay_ready.connect(ready.append)
        views.overlay_action.trigger()
        wait_until(lambda: ready, "the 19x19 overlay did not answer")
        yield window, ready[0]


@pytest.mark.parametrize("width", [1040, 700])
def test_the_legend_says_what_the_numbers_are_and_is_never_cut_off(qtbot, analysed_19x19, width) -> None:
    window, data = analysed_19x19
    views = window.analysis
    window.resize(width, 680)
    # A short line under the board, the long form in its tooltip.
    assert views.legend.text() == data.short_legend()
    text = views.legend.toolTip()
    assert text == data.legend()
    assert text.startswith("Heuristic scores for X (to move)")
    assert f"depth {data.depth}" in text and "not searched" in text
    assert text.endswith("Numbered circles: best line.")
    qtbot.waitUntil(lambda: legend_fits(window), timeout=5_000)
    # Wrapping never grows the window.
    assert window.width() == width and window.height() == 680


def test_overlay_and_tree_write_the_same_move_in_one_notation(qtbot, window, click_cell) -> None:
    views = window.analysis
    for seat in "xo":
        combo = window.findChild(QComboBox, f"{seat}Player")
        combo.setCurrentIndex(combo.findData("human"))
    window.new_game_action.trigger()
    for cell in [(0, 0), (1, 0), (0, 1), (1, 1)]:  # xx./oo./... with X to move
        click_cell(window.board, *cell)
    qtbot.waitUntil(lambda: window.position() == "xx./oo./...")
    with qtbot.waitSignal(views.overlay.overlay_ready, timeout=10_000) as blocker:
        views.overlay_action.trigger()
    notes = blocker.args[0].notes
    open_panel(qtbot, window, "treeExplorerDock")
    model = views.tree.model
    qtbot.waitUntil(lambda: model.rowCount(model.index(0, 0)) == 5, timeout=10_000)
    root = model.index(0, 0)
    compared = 0
    for row in range(model.rowCount(root)):
        move = model.index(row, 0, root).data()  # "1. X at row 3, column 3": counted from 1
        cell = tuple(int(n) - 1 for n in re.findall(r"\d+", move.split(" at ")[1]))
        value = model.index(row, VALUE, root).data()
        plies = model.index(row, PLIES, root).data()
        note = notes[cell]
        # The tree's long form is the overlay's tooltip; the badge is its short form.
        assert note.detail.startswith(value)
        if value.startswith("draw"):
            assert note.text == outcome_badge("draw", int(plies)) == "D"
        else:
            assert note.text == outcome_badge(value[0].lower(), int(plies))
            assert value == f"{value[0]} wins in {plies} {'ply' if plies == '1' else 'plies'}"
        compared += 1
    assert compared == 5
    assert notes[(2, 2)].text == "O2"  # the move that lets O win: "O wins in 2 plies"
