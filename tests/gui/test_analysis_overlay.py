"""The analysis overlay: analyze's values on the board, kept in step with the game."""

from __future__ import annotations

import random

import pytest
from PySide6.QtWidgets import QComboBox, QDoubleSpinBox, QSpinBox

from tictactoe_qt.engine.analysis import Analysis, MoveValue, analyze
from tictactoe_qt.engine.game import Board, GameConfig, Move
from tictactoe_qt.engine.search import mcts_search
from tictactoe_qt.gui.analysis.install import AnalysisViews, install_analysis
from tictactoe_qt.gui.analysis.overlay_controller import DEFAULT_TIME_BUDGET, AnalysisOverlay
from tictactoe_qt.gui.analysis.overlay_data import note_for, overlay_from_analysis
from tictactoe_qt.gui.analysis.overlay_layer import OverlayLayer
from tictactoe_qt.gui.board_snapshot import BoardSnapshot
from tictactoe_qt.gui.board_widget import BoardWidget
from tictactoe_qt.gui.main_window import MainWindow

from .panels import open_panel
from .waits import HANG_MS, SOLVE_BUDGET_SECONDS


def snapshot_of(board: Board) -> BoardSnapshot:
    x, o = board.bits
    cells = tuple("x" if x >> i & 1 else "o" if o >> i & 1 else None for i in range(board.config.cells))
    return BoardSnapshot(board.config.rows, board.config.cols, cells, to_move=board.turn)


#: The standalone overlay's time budget per analysis (seconds of wall clock).
OVERLAY_BUDGET_SECONDS = 3.0


@pytest.fixture
def standalone(qtbot, analysis_runner):
    """A board widget with an overlay layer and its controller, outside any window (the
    module's tests share one analysis child)."""
    board_widget = BoardWidget()
    qtbot.addWidget(board_widget)
    board_widget.resize(420, 420)
    board_widget.show()
    layer = OverlayLayer(board_widget)
    # A wall-clock budget: the analysis child runs at niceness 10, and on a loaded
    # machine 0.3 s left it a few ms of CPU, too few even for 3x3 (every cell
    # unknown). Solved boards end long before the budget, so it costs nothing idle.
    overlay = AnalysisOverlay(layer, analysis_runner, time_budget=OVERLAY_BUDGET_SECONDS)
    yield board_widget, layer, overlay
    overlay.shutdown()
    qtbot.waitUntil(lambda: not analysis_runner.is_busy(), timeout=HANG_MS)  # the next test's child is idle


def show(qtbot, board_widget, overlay, board: Board) -> None:
    board_widget.set_snapshot(snapshot_of(board))
    with qtbot.waitSignal(overlay.overlay_ready, timeout=HANG_MS):
        overlay.set_position(board)


def expected_notes(board: Board) -> dict[tuple[int, int], str]:
    analysis = analyze(board, time_budget=SOLVE_BUDGET_SECONDS)
    notes = {}
    for value in analysis.moves:
        note = note_for(board.turn, value.result, value.plies, value.exact)
        assert note is not None, "small boards are solved"
        notes[(value.move.row, value.move.col)] = note.text
    return notes


@pytest.mark.parametrize("notation", [".../.../...", "x../.o./...", "xx./oo./...", "xo./.x./..o"])
def test_overlay_values_equal_analyze(qtbot, standalone, notation) -> None:
    board_widget, layer, overlay = standalone
    board = Board.from_notation(notation)
    overlay.set_enabled(True)
    show(qtbot, board_widget, overlay, board)
    shown = {cell: note.text for cell, note in layer.data.notes.items()}
    assert shown == expected_notes(board)
    assert set(shown) == {(m.row, m.col) for m in board.legal_moves()}


def test_overlay_marks_wins_draws_and_losses_for_the_side_to_move(qtbot, standalone) -> None:
    board_widget, layer, overlay = standalone
    overlay.set_enabled(True)
    show(qtbot, board_widget, overlay, Board.from_notation("xx./oo./..."))
    notes = layer.data.notes
    assert notes[(0, 2)].text == "X1" and notes[(0, 2)].kind == "win"
    assert notes[(1, 2)].kind == "draw" or notes[(1, 2)].kind == "loss"
    assert notes[(2, 2)].text == "O2" and notes[(2, 2)].kind == "loss"
    assert layer.data.best == (0, 2)
    assert layer.accessibleDescription() == ("Best move row 1, column 3: X wins in 1 ply, counting this move")
    assert layer.data.ghosts[0].cell == (0, 2) and layer.data.ghosts[0].number == 1


def test_big_board_shows_a_heat_map_with_the_depth(qtbot, standalone) -> None:
    board_widget, layer, overlay = standalone
    # 9x9 is never solved, so the analysis spends its whole budget: twice the window's
    # default is room for the first depths of every move even at niceness 10 on a busy
    # machine (the fixture's 3 s are for small boards to be solved).
    overlay.time_budget = 2 * DEFAULT_TIME_BUDGET
    overlay.set_enabled(True)
    board = Board(GameConfig(9, 9, 5))
    board.push((4, 4))
    show(qtbot, board_widget, overlay, board)
    kinds = {note.kind for note in layer.data.notes.values()}
    assert "heuristic" in kinds
    heats = [note.heat for note in layer.data.notes.values() if note.kind == "heuristic"]
    assert min(heats) == 0.0 and max(heats) == 1.0
    assert not layer.data.exact and layer.data.depth
    assert "depth" in layer.data.legend()


def test_unsearched_moves_stay_off_the_heat_map() -> None:
    board = Board(GameConfig(7, 7, 5))
    board.push((3, 3))
    moves = (
        MoveValue(Move(0, 0), None, None, None, False, "o"),  # never valued
        MoveValue(Move(3, 4), None, None, -50.0, False, "o", depth=4),
        MoveValue(Move(2, 2), None, None, -10.0, False, "o", depth=4),
    )
    analysis = Analysis(board.notation(), "o", "ongoing", None, None, Move(2, 2), moves, False, -10.0, depth=4)
    data = overlay_from_analysis(board, analysis)
    assert data.notes[(0, 0)].kind == "unknown" and data.notes[(0, 0)].text == "?"
    assert data.notes[(2, 2)].heat == 1.0 and data.notes[(3, 4)].heat == 0.0
    assert data.best == (2, 2)


def test_position_change_cancels_and_drops_the_old_analysis(qtbot, standalone) -> None:
    board_widget, layer, overlay = standalone
    overlay.time_budget = 20.0
    overlay.set_enabled(True)
    big = Board(GameConfig(15, 15, 5))
    overlay.set_position(big)
    small = Board.from_notation("x../.../...")
    overlay.time_budget = 0.3
    with qtbot.waitSignal(overlay.overlay_ready, timeout=HANG_MS) as blocker:
        overlay.set_position(small)
    assert blocker.args[0].position == small.notation()
    assert layer.data.position == small.notation()


def test_mcts_visit_counts_are_laid_over_the_values(qtbot, standalone) -> None:
    board_widget, layer, overlay = standalone
    overlay.set_enabled(True)
    board = Board.from_notation("x../.o./...")
    show(qtbot, board_widget, overlay, board)
    result = mcts_search(board, iterations=300, rng=random.Random(2))
    overlay.show_search_result(result)
    assert sum(layer.data.visits.values()) == 300
    assert layer.data.notes  # the values stay


def test_turning_the_overlay_off_clears_it(qtbot, standalone) -> None:
    board_widget, layer, overlay = standalone
    overlay.set_enabled(True)
    show(qtbot, board_widget, overlay, Board())
    overlay.set_enabled(False)
    assert layer.data is None and not layer.isVisible()


# -- in the window -------------------------------------------------------------------------
@pytest.fixture
def window(qtbot):
    w = MainWindow()
    qtbot.addWidget(w)
    w.set_move_delay(0)
    w.resize(1100, 760)
    w.show()
    qtbot.waitExposed(w)
    views = getattr(w, "analysis", None) or install_analysis(w)
    w.analysis_views = views
    return w


def two_humans(window, rows: int = 3, k: int = 3) -> None:
    for seat in "xo":
        combo = window.findChild(QComboBox, f"{seat}Player")
        combo.setCurrentIndex(combo.findData("human"))
    for name, value in (("rows", rows), ("cols", rows), ("k", k)):
        window.findChild(QSpinBox, name).setValue(value)
    window.new_game_action.trigger()


def test_ctrl_a_overlay_updates_after_every_move(qtbot, window, click_cell) -> None:
    views: AnalysisViews = window.analysis_views
    two_humans(window)
    with qtbot.waitSignal(views.overlay.overlay_ready, timeout=HANG_MS):
        views.overlay_action.trigger()
    assert views.overlay_action.shortcut().toString() == "Ctrl+A"
    assert set(views.layer.data.notes.values()) and views.layer.isVisible()
    with qtbot.waitSignal(views.overlay.overlay_ready, timeout=HANG_MS):
        click_cell(window.board, 1, 1)
    board = Board.from_notation(window.position())
    assert views.layer.data.position == window.position()
    shown = {cell: note.text for cell, note in views.layer.data.notes.items()}
    assert shown == expected_notes(board)
    assert (1, 1) not in shown
    assert views.legend.text().startswith("Exact: Solved")


def test_mcts_opponent_shows_its_visit_counts(qtbot, window, click_cell) -> None:
    views: AnalysisViews = window.analysis_views
    two_humans(window)
    combo = window.findChild(QComboBox, "oPlayer")
    combo.setCurrentIndex(combo.findData("mcts"))
    window.findChild(QDoubleSpinBox, "oTime").setValue(0.2)
    window.new_game_action.trigger()
    views.overlay_action.setChecked(True)
    with qtbot.waitSignal(window.controller.ai_moved, timeout=HANG_MS) as blocker:
        click_cell(window.board, 1, 1)
    result = blocker.args[1]
    qtbot.waitUntil(lambda: bool(views.layer.data and views.layer.data.visits), timeout=HANG_MS)
    visits = views.layer.data.visits
    assert sum(visits.values()) == result.iterations
    assert set(visits) == {(r, c) for r in range(3) for c in range(3)} - {(1, 1)}
    assert "MCTS" in views.legend.text()


def test_tree_preview_does_not_change_the_game(qtbot, window) -> None:
    views: AnalysisViews = window.analysis_views
    two_humans(window)
    before = window.position()
    open_panel(qtbot, window, "treeExplorerDock")  # in front: the tree computes
    qtbot.waitUntil(lambda: views.tree.model.rowCount(views.tree.model.index(0, 0)) > 0, timeout=HANG_MS)
    root = views.tree.model.index(0, 0)
    views.tree.view.setCurrentIndex(views.tree.model.index(4, 0, root))
    assert views.layer.preview == [((1, 1), "x", 1)]
    assert views.layer.isVisible()
    assert window.position() == before


def test_screenshots_of_the_overlay(qtbot, window, click_cell, tmp_path) -> None:
    views: AnalysisViews = window.analysis_views
    two_humans(window)
    click_cell(window.board, 0, 0)
    with qtbot.waitSignal(views.overlay.overlay_ready, timeout=HANG_MS):
        views.overlay_action.trigger()
    path = tmp_path / "overlay.png"
    assert window.grab().save(str(path))
