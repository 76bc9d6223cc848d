"""The layout stays put under the mouse: notices, legends and highlights move no control."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QGroupBox, QSpinBox, QToolButton, QWidget

from tictactoe_qt.gui.board_snapshot import BoardSnapshot
from tictactoe_qt.gui.board_widget import BoardWidget
from tictactoe_qt.gui.stats.watch_series import SPEEDS

from .settings_steps import choose
from .waits import settled

DEFAULT_SIZE = (1040, 680)


@pytest.fixture
def window(qtbot, shown_window):
    shown = shown_window(DEFAULT_SIZE)
    settled(qtbot, lambda: geometries(shown))  # the dock column took its width
    return shown


def geometries(widget: QWidget) -> dict[str, QRect]:
    return {
        child.objectName(): QRect(child.mapTo(widget, QPoint(0, 0)), child.size())
        for child in widget.findChildren(QWidget)
        if child.objectName() and child.isVisible()
    }


# -- the settings notice ----------------------------------------------------------------
def test_an_untouched_board_takes_new_settings_at_once(window) -> None:
    choose(window, "o", "human")
    window.new_game_action.trigger()
    window.findChild(QSpinBox, "rows").setValue(4)
    assert window.settings_dock.pending.isHidden()  # no notice on an untouched board
    assert window.position().count("/") == 3  # the 4-row board is already there


@pytest.mark.parametrize(
    "players, size",
    [
        (("human", "perfect"), 3),
        (("alphabeta", "alphabeta"), 3),
        (("minimax", "alphabeta"), 7),
        (("alphabeta", "minimax"), 15),
    ],
)
def test_the_notice_never_pushes_the_board_section_out_of_view(qtbot, window, players, size) -> None:
    choose(window, "o", "human")
    window.new_game_action.trigger()
    window.controller.play(1, 1)  # a move: now changes wait for the next game
    for seat, kind in zip("xo", players):
        choose(window, seat, kind)
    window.findChild(QSpinBox, "rows").setValue(size)
    window.findChild(QSpinBox, "cols").setValue(size)
    dock = window.settings_dock
    qtbot.waitUntil(lambda: dock.pending.isVisible())
    settled(qtbot, lambda: geometries(window))
    viewport = dock.scroll_area.viewport()
    group = dock.findChild(QGroupBox, "boardGroup")
    shown = QRect(group.mapTo(viewport, QPoint(0, 0)), group.size())
    assert viewport.rect().contains(shown), (shown, viewport.rect())
    assert dock.scroll_area.verticalScrollBar().value() == 0


# -- the Watch toolbar ------------------------------------------------------------------
def test_pause_and_resume_do_not_reflow_the_toolbar(qtbot, window) -> None:
    choose(window, "x", "random")
    choose(window, "o", "random")
    controls = window.watch_controls
    controls.speed_slider.setValue(SPEEDS.index(0.05))
    controls.games_box.setValue(20)
    qtbot.mouseClick(controls.watch_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.watch_series.played >= 1, timeout=10_000)
    before = settled(qtbot, lambda: geometries(controls))
    qtbot.mouseClick(controls.pause_button, Qt.MouseButton.LeftButton)
    assert controls.pause_button.text() == "Resume"
    assert settled(qtbot, lambda: geometries(controls)) == before
    qtbot.mouseClick(controls.pause_button, Qt.MouseButton.LeftButton)
    assert controls.pause_button.text() == "Pause"
    assert settled(qtbot, lambda: geometries(controls)) == before
    controls.speed_slider.setValue(SPEEDS.index(None))  # the longest speed text
    assert settled(qtbot, lambda: geometries(controls)) == before
    window.watch_series.stop()


def test_the_watch_info_fits_at_the_default_width(qtbot, window) -> None:
    choose(window, "x", "alphabeta")
    choose(window, "o", "random")
    controls = window.watch_controls
    controls.toggleViewAction().trigger()  # View > Watch (it shows itself when a watch starts)
    controls.show_score({"x": 999, "o": 999, "draw": 999, "played": 999, "games": 1000})
    controls.show_move_stats("X: 12,345,678 nodes, depth 9, 812 ms")
    settled(qtbot, lambda: geometries(controls))
    extension = controls.findChild(QToolButton, "qt_toolbar_ext_button")
    assert extension is None or not extension.isVisible()  # nothing hidden behind »
    bar = controls.rect()
    for label in (controls.score_label, controls.move_label):
        assert label.isVisible()
        shown = QRect(label.mapTo(controls, QPoint(0, 0)), label.size())
        assert bar.contains(shown), label.objectName()
        assert label.fontMetrics().horizontalAdvance(label.text()) <= label.width()


# -- the board ---------------------------------------------------------------------------
def test_the_board_does_not_jump_when_the_banner_appears(qtbot, window, click_cell) -> None:
    choose(window, "o", "human")
    window.new_game_action.trigger()
    cells = [window.board.cell_rect(r, c) for r in range(3) for c in range(3)]
    for cell in [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)]:
        click_cell(window.board, *cell)
    assert window.banner.isVisible()
    assert [window.board.cell_rect(r, c) for r in range(3) for c in range(3)] == cells
    for cell in cells:
        assert not window.banner.geometry().intersects(cell)
    window.new_game_action.trigger()
    assert not window.banner.isVisible()
    assert [window.board.cell_rect(r, c) for r in range(3) for c in range(3)] == cells


def test_highlights_have_rounded_corners_like_the_board(qtbot) -> None:
    board = BoardWidget()
    qtbot.addWidget(board)
    board.resize(360, 360)
    board.show()
    qtbot.waitExposed(board)
    cells = [None] * 9
    board.set_snapshot(BoardSnapshot(rows=3, cols=3, cells=tuple(cells), to_move="x", last_move=(1, 1)))
    image = board.grab().toImage()
    cell = board.cell_rect(1, 1)
    face = QColor(image.pixel(board.cell_rect(0, 1).center()))
    lit = QColor(image.pixel(cell.center()))
    assert lit != face  # the last move is highlighted
    # The highlight's corners are rounded: the very corner of the cell shows the face,
    # a little further in along the diagonal it is lit.
    inset = board._highlight_inset()
    radius = board._highlight_radius(inset)
    corner = cell.topLeft() + QPoint(int(inset) + 1, int(inset) + 1)
    assert QColor(image.pixel(corner)) == face
    inner = cell.topLeft() + QPoint(int(inset + radius), int(inset + radius))
    assert QColor(image.pixel(inner)) == lit
    assert radius == pytest.approx(board._face_radius() - inset)  # concentric with the board


# -- the analysis legend in the status bar ----------------------------------------------
LONG_LEGEND = (
    "Heuristic scores for O (to move), searched to depth 7: orange better, blue worse. "
    "Hatched: 200 moves not searched. Numbered circles: best line. " * 2
)


def test_the_docks_stay_put_while_the_analysis_legend_changes(qtbot, window) -> None:
    """Seen in a real window (15x15, analysis on, computers playing): at each move the legend
    went from 'Analysing the position…' (one line) to the scores (two lines) and back, and the
    dock tabs and the board jumped 11 px up and down under the mouse."""
    views = window.analysis
    views.overlay_action.setChecked(True)
    views.overlay.status.emit(LONG_LEGEND)
    before = settled(qtbot, lambda: geometries(window))
    assert views.legend.height() > views.legend.fontMetrics().height()  # it wraps here
    for text in ("Analysing the position…", "", LONG_LEGEND, "Asking the MCTS player…"):
        views.overlay.status.emit(text)
        after = settled(qtbot, lambda: geometries(window))
        moved = {name: (rect, after.get(name)) for name, rect in before.items() if after.get(name) not in (None, rect)}
        assert not {name for name in moved if name != "analysisLegend"}, (text, moved)
    # Analysis off: the room goes back to the window.
    views.overlay_action.setChecked(False)
    settled(qtbot, lambda: geometries(window))
    assert views.legend.height() == views.legend.fontMetrics().height()
