"""Where the overlay paints: badges inside their cells, the hint left alone, the caption off the grid."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF

from tictactoe_qt.gui.analysis.overlay_data import CellNote, GhostMove, OverlayData, rank_heats
from tictactoe_qt.gui.analysis.overlay_layer import OverlayLayer
from tictactoe_qt.gui.analysis.overlay_style import badge_circle
from tictactoe_qt.gui.board_snapshot import BoardSnapshot
from tictactoe_qt.gui.board_theme import BoardTheme
from tictactoe_qt.gui.board_widget import BoardWidget


@pytest.fixture
def layer(qtbot):
    board_widget = BoardWidget()
    qtbot.addWidget(board_widget)
    board_widget.resize(420, 560)  # taller than wide: a margin above the grid
    board_widget.show()
    qtbot.waitExposed(board_widget)
    return OverlayLayer(board_widget)


def theme_of(layer: OverlayLayer) -> BoardTheme:
    return BoardTheme.from_palette(layer.parent().palette())


def painted_alpha(layer: OverlayLayer, cell: tuple[int, int]) -> int:
    """The overlay picture's opacity at the centre of ``cell``."""
    pixmap = layer._analysis_pixmap(theme_of(layer))
    assert pixmap is not None
    centre = layer._cell(cell).center() * layer.devicePixelRatioF()
    return pixmap.toImage().pixelColor(int(centre.x()), int(centre.y())).alpha()


@pytest.mark.parametrize("width", [12.0, 24.0, 34.0, 60.0, 140.0])
def test_badges_sit_wholly_inside_their_cell(width) -> None:
    cell = QRectF(100.0, 50.0, width, width)
    circle = badge_circle(cell)
    assert cell.contains(circle)
    assert circle.center().x() < cell.center().x() and circle.center().y() < cell.center().y()


def test_ranked_heats_spread_out_despite_one_huge_score() -> None:
    heats = rank_heats([10.0, 20.0, 30.0, 40.0, 395_000.0])
    assert heats == [0.0, 0.25, 0.5, 0.75, 1.0]


def test_equal_scores_share_a_heat_and_a_flat_position_is_neutral() -> None:
    heats = rank_heats([1.0, 5.0, 5.0, 9.0])
    assert heats[1] == heats[2] and heats[0] == 0.0 and heats[3] == 1.0
    assert rank_heats([7.0, 7.0, 7.0]) == [0.5, 0.5, 0.5]


def test_the_hint_cell_is_left_to_the_hint(qtbot, layer) -> None:
    notes = {(0, 0): CellNote("W3", "win", 1.0, "X wins in 3"), (2, 2): CellNote("D", "draw", 0.5, "draw")}
    ghosts = (GhostMove((0, 0), "x", 1), GhostMove((2, 2), "o", 2))
    layer.set_data(OverlayData(".../.../...", notes, ghosts, best=(0, 0)))
    board = layer.parent()
    board.set_snapshot(BoardSnapshot(hint=(0, 0)))
    qtbot.waitUntil(lambda: layer._analysis_pixmap(theme_of(layer)) is not None)
    assert painted_alpha(layer, (0, 0)) == 0
    assert painted_alpha(layer, (2, 2)) > 0
    board.set_snapshot(BoardSnapshot(hint=None))
    qtbot.waitUntil(lambda: layer._cache is not None and layer._cache.snapshot is board.snapshot())
    assert painted_alpha(layer, (0, 0)) > 0


def test_the_preview_caption_stays_above_the_grid(qtbot, layer) -> None:
    layer.set_preview([((1, 1), "x", 1)], "Preview 1 moves ahead")
    caption = layer.caption_rect()
    grid_top = layer._cell((0, 0)).top()
    assert caption.bottom() <= grid_top
    assert caption.top() >= 0
    assert caption.left() >= layer._cell((0, 0)).left() - 0.5


def test_an_analysis_dropped_while_its_big_picture_is_painted_in_slices_is_never_painted(qtbot, layer) -> None:
    """A new position or view clears the data between two slices: the rest is dropped quietly."""
    board = layer.parent()
    board.set_snapshot(BoardSnapshot(rows=15, cols=15, cells=(None,) * 225))
    notes = {(row, col): CellNote("+3", "heuristic", 0.5, "a score") for row in range(15) for col in range(15)}
    data = OverlayData("15x15", notes, exact=False)
    layer.set_data(data)
    assert layer._analysis_pixmap(theme_of(layer)) is None  # sliced: not done at once
    layer.set_data(None)
    qtbot.waitUntil(lambda: layer._rendering is None)  # no slice painted data that was gone
    assert layer._cache is None
    layer.set_data(data)
    qtbot.waitUntil(layer.picture_ready)
    assert painted_alpha(layer, (7, 7)) > 0


@pytest.mark.parametrize(
    ("marks", "size"),
    [({"x": "X", "o": "O"}, 3), ({"x": "\U0001f431", "o": "B"}, 3), ({"x": "X", "o": "O"}, 15)],
    ids=["vector", "emoji-and-letter", "small-cells"],
)
def test_mcts_visit_counts_never_cover_a_mark(qtbot, layer, marks, size) -> None:
    """An MCTS count in a cell now holding a mark (the move the search chose) is drawn
    clear of the mark's ink: the overlay leaves every pixel of every mark alone."""
    board = layer.parent()
    cells = ["x" if i == 0 else "o" if i in (size + 1, size * size - 1) else None for i in range(size * size)]
    with_marks = BoardSnapshot(rows=size, cols=size, cells=tuple(cells), marks=marks, to_move="x")
    visits = {(0, 0): 5469, (1, 1): 48_213, (size - 1, size - 1): 12_000, (0, 1): 800, (2, 0): 3}
    board.set_snapshot(with_marks)
    layer.set_data(OverlayData("x../.o./..o", visits=visits))
    qtbot.waitUntil(lambda: layer._analysis_pixmap(theme_of(layer)) is not None)
    overlay = layer._analysis_pixmap(theme_of(layer)).toImage()
    assert layer.geometry() == board.rect()
    layer.hide()
    marked = board.grab().toImage()
    board.set_snapshot(BoardSnapshot(rows=size, cols=size, cells=(None,) * size**2, marks=marks, to_move="x"))
    blank = board.grab().toImage()
    for cell in ((0, 0), (1, 1), (size - 1, size - 1)):
        rect = board.cell_rect(*cell)
        ink = [
            (x, y)
            for y in range(rect.top(), rect.bottom() + 1)
            for x in range(rect.left(), rect.right() + 1)
            if max(
                abs(a - b) for a, b in zip(marked.pixelColor(x, y).getRgb()[:3], blank.pixelColor(x, y).getRgb()[:3])
            )
            > 24
        ]
        assert len(ink) > rect.width(), f"no mark found in {cell}"
        counted = [(x, y) for x, y in ink if overlay.pixelColor(x, y).alpha() > 0]
        assert not counted, f"the overlay covers the mark in {cell} at {counted[:5]}"
        painted = [
            1
            for y in range(rect.top(), rect.bottom() + 1)
            for x in range(rect.left(), rect.right() + 1)
            if overlay.pixelColor(x, y).alpha() > 0
        ]
        assert len(painted) > 4, f"no visit count drawn in {cell}"
