"""Forced wins a search found read as wins in the overlay, and the legend says what the cells
are: counted unsearched moves, and "Exact:" whenever the values shown are exact (Undo/Redo).

The 7x7 test feeds the window's overlay a stand-in analysis (run in the analysis process
like the real one) with the scores a time-budgeted search gives there: forced wins and
losses beyond the mate threshold though the search was not exact, heuristic scores and
moves it never reached. So the verdict never depends on how deep this machine searches.
"""

from __future__ import annotations

import pytest
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QComboBox, QLabel, QPushButton, QSpinBox

from tictactoe_qt.engine import WIN_SCORE
from tictactoe_qt.engine.analysis import Analysis, MoveValue
from tictactoe_qt.engine.game import Board, Move
from tictactoe_qt.engine.players import player_view
from tictactoe_qt.engine.search import depth_limited_values
from tictactoe_qt.gui.analysis.overlay_style import KIND_COLOURS
from tictactoe_qt.gui.analysis.overlay_views import overlay_from_depth_limited, overlay_from_player_view

from .waits import HANG_MS

#: The stand-in search's depth.
DEPTH = 13
#: O (moving first, the board's "x") to move: its forced wins and losses, by cell.
FORCED = {(2, 4): WIN_SCORE - 7, (0, 0): WIN_SCORE - 9, (5, 4): -(WIN_SCORE - 8)}
#: Cells the stand-in search never reached.
UNSEARCHED = {(0, 5), (0, 6), (5, 0), (6, 0), (6, 1)}
#: Seconds a small solve may take on a loaded machine, at most.
SOLVE_MS = 60_000


def mate_analysis(board: Board, time_budget: float, should_stop) -> Analysis:
    """What a time-budgeted search of ``board`` says: forced results for :data:`FORCED`,
    nothing for :data:`UNSEARCHED`, heuristic scores (all from depth 13) elsewhere."""
    moves = []
    for number, move in enumerate(board.legal_moves()):
        cell = (move.row, move.col)
        if cell in UNSEARCHED:
            moves.append(MoveValue(move, None, None, None, False, board.turn))
        else:
            score = FORCED.get(cell, 10 * number - 200)
            moves.append(MoveValue(move, None, None, score, False, board.turn, DEPTH))
    return Analysis(
        board.notation(),
        board.turn,
        board.status,
        None,
        None,
        Move(2, 4),
        tuple(moves),
        False,
        WIN_SCORE - 7,
        DEPTH,
        (Move(2, 4),),
    )


@pytest.fixture
def window(shown_window):
    return shown_window((1400, 900))


def start(window, rows: int, cols: int, k: int) -> None:
    """Two humans, O moving first, on a ``rows`` x ``cols`` board with ``k`` in a row."""
    dock = window.settings_dock
    for seat in "xo":
        combo = window.findChild(QComboBox, f"{seat}Player")
        combo.setCurrentIndex(combo.findData("human"))
    for name, value in (("rows", rows), ("cols", cols), ("k", k)):
        dock.findChild(QSpinBox, name).setValue(value)
    first_box = window.findChild(QComboBox, "firstPlayer")
    first_box.setCurrentIndex(first_box.findData("o"))
    dock.findChild(QPushButton, "applySettingsButton").click()
    assert window.controller.board.config.rows == rows


def play(window, click_cell, *cells) -> None:
    for cell in cells:
        click_cell(window.board, *cell)


def colour_at(window, cell: tuple[int, int]) -> QColor:
    """The window's colour a little inside ``cell``'s top-right corner (clear of text)."""
    board = window.board
    rect = board.cell_rect(*cell)
    point = board.mapTo(window, rect.topRight()) + type(rect.topRight())(-8, 8)
    return window.grab().toImage().pixelColor(point * window.devicePixelRatioF())


def hue_is_near(colour: QColor, expected: str) -> bool:
    return abs(colour.hslHue() - QColor(expected).hslHue()) <= 20 and colour.hslSaturation() > 40


def test_forced_wins_from_a_search_that_is_not_exact_read_as_wins(qtbot, window, click_cell, tmp_path) -> None:
    start(window, 7, 7, 4)
    play(window, click_cell, (3, 3), (3, 4), (2, 2), (4, 4))
    views = window.analysis
    views.overlay._analyze = mate_analysis
    with qtbot.waitSignal(views.overlay.overlay_ready, timeout=HANG_MS) as ready:
        views.overlay_action.trigger()
    data = ready.args[0]
    notes = data.notes
    assert not data.exact
    # O's forced wins are O's wins in 7 and 9 plies; the forced loss is X's win in 8.
    assert (notes[(2, 4)].text, notes[(2, 4)].kind) == ("O7", "win")
    assert (notes[(0, 0)].text, notes[(0, 0)].kind) == ("O9", "win")
    assert (notes[(5, 4)].text, notes[(5, 4)].kind) == ("X8", "loss")
    assert notes[(2, 4)].detail.startswith(f"O wins in 7 plies against every reply searched (depth {DEPTH})")
    assert not any("M" in note.text or "e+" in note.detail for note in notes.values())
    heuristic = [note for note in notes.values() if note.kind == "heuristic"]
    assert heuristic and {note.heat for note in heuristic} >= {0.0, 1.0}  # ranked among themselves
    assert {cell for cell, note in notes.items() if note.kind == "unknown"} == UNSEARCHED
    # The legend says what was searched, and how many moves were not.
    assert views.legend.text() == data.short_legend()  # the long form is its tooltip
    legend = views.legend.toolTip()
    assert legend == data.legend()
    assert f"searched to depth {DEPTH}" in legend and "every move" not in legend
    assert "Hatched: 5 moves not searched." in legend
    assert "O3 = O wins in 3 plies counting this move" in legend
    # Painted as a win and a loss, the way exact values are, not as grey heat.
    blank = colour_at(window, (2, 4))
    qtbot.waitUntil(lambda: colour_at(window, (6, 6)) != blank, timeout=HANG_MS)  # all painted
    window.grab().save(str(tmp_path / "test_mate_cells.png"))
    assert hue_is_near(colour_at(window, (2, 4)), KIND_COLOURS["win"])
    assert hue_is_near(colour_at(window, (0, 0)), KIND_COLOURS["win"])
    assert hue_is_near(colour_at(window, (5, 4)), KIND_COLOURS["loss"])


def test_the_legend_stays_exact_after_undo_and_redo_to_a_solved_position(qtbot, window, click_cell, tmp_path) -> None:
    start(window, 4, 4, 3)
    play(window, click_cell, (0, 0), (1, 1), (3, 3), (2, 2))
    views = window.analysis
    views.solve.action.trigger()
    title = window.findChild(QLabel, "solveTitle")
    qtbot.waitUntil(lambda: "Solved" in title.text(), timeout=SOLVE_MS)
    assert views.overlay.data.exact and views.legend.text().startswith("Exact: ")
    for action in (
        window.findChild(type(views.overlay_action), "actionUndo"),
        window.findChild(type(views.overlay_action), "actionRedo"),
    ):
        with qtbot.waitSignal(views.overlay.overlay_ready, timeout=SOLVE_MS) as ready:
            action.trigger()
        data = ready.args[0]
        # The values shown are exact (the position came back from the cache of solved
        # positions), and the legend says so as it did after the solve.
        assert data.exact and all(note.kind in ("win", "draw", "loss") for note in data.notes.values())
        assert views.legend.text() == data.legend()
        assert views.legend.text().startswith(f"Exact: Solved to the end, {data.mover} to move")
    window.grab().save(str(tmp_path / "test_after_redo.png"))


def test_a_players_view_shows_a_forced_win_small_beside_its_number() -> None:
    board = Board.from_notation("......./......./..x..../...xo../....o../......./.......", 4)
    data = overlay_from_player_view(board, player_view(board, "average"), mate_analysis(board, 1.0, lambda: False))
    # The board's "x" here is the side to move: its forced wins are x's, in board names.
    assert (data.notes[(2, 4)].aside, data.notes[(2, 4)].aside_kind) == ("X7", "win")
    assert (data.notes[(5, 4)].aside, data.notes[(5, 4)].aside_kind) == ("O8", "loss")
    assert data.notes[(1, 0)].aside == "?"  # a heuristic score is no exact value


def test_a_depth_limited_forced_win_is_painted_as_a_win() -> None:
    # 4x4, k=3, x to move with (1,1) and (1,2): (1,0) wins at once. A 2-ply search
    # proves it whatever this machine's speed; the other moves stay heuristic.
    board = Board.from_notation("o.../.xx./..../...o", 3)
    data = overlay_from_depth_limited(board, depth_limited_values(board, 2), 8.0)
    assert (data.notes[(1, 0)].text, data.notes[(1, 0)].kind) == ("X1", "win")
    assert all(note.kind == "heuristic" for cell, note in data.notes.items() if not note.text.startswith(("X", "O")))
