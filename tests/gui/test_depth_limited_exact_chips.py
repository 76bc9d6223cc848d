"""Depth-limited values carry the exact value in a small chip where it is at hand:
always on small boards, on big ones only once the position is solved (the cache)."""

from __future__ import annotations

import pytest

from tictactoe_qt.gui.analysis import overlay_layer

from .test_solve_exactly import expected_badges, play, start, wait_solved
from .waits import HANG_MS

#: X to move on 7x7, five in a row, with an open four: every move's exact value is cheap
#: to prove, but the board is too big for the overlay to search every cell.
OPEN_FOUR = [(3, 1), (0, 0), (3, 2), (0, 6), (3, 3), (6, 0), (3, 4), (6, 6)]


@pytest.fixture
def window(shown_window):
    return shown_window((1200, 800))


def depth_limited(qtbot, window, depth: int):
    views = window.analysis
    with qtbot.waitSignal(views.overlay.overlay_ready, timeout=HANG_MS) as ready:
        views.overlay_menus.depths[depth].trigger()
    data = ready.args[0]
    assert data.view == "depth" and data.depth == depth
    assert views.legend.text() == data.legend()
    return data


def test_small_boards_show_the_exact_value_beneath_each_depth_limited_one(qtbot, window, click_cell) -> None:
    start(window, 3, 3, 3)
    play(window, click_cell, (0, 0), (0, 2), (2, 1))
    data = depth_limited(qtbot, window, 3)
    exact = expected_badges(window)
    assert {cell: note.aside for cell, note in data.notes.items()} == exact
    # Side by side: the centre looks fine 3 plies deep, but loses.
    centre = data.notes[(1, 1)]
    assert centre.kind == "heuristic" and centre.text != centre.aside == "X4"
    assert centre.aside_kind == "loss" and "; exact: X wins in 4 plies" in centre.detail
    assert "Small: the exact value (O3 = O wins in 3 plies, D = draw" in data.legend()
    assert data.legend().startswith("Depth-limited values, 3 plies: not the game's result")


def test_big_boards_show_the_exact_values_once_the_position_is_solved(qtbot, window, click_cell) -> None:
    start(window, 7, 7, 5)
    play(window, click_cell, *OPEN_FOUR)
    before = depth_limited(qtbot, window, 2)
    assert all(note.aside == "" for note in before.notes.values())  # no extra search
    assert "Small:" not in before.legend()
    window.analysis.solve.action.trigger()
    wait_solved(qtbot, window)
    after = depth_limited(qtbot, window, 2)
    assert {cell: note.aside for cell, note in after.notes.items()} == expected_badges(window)
    assert after.notes[(3, 0)].aside == "X1" and after.notes[(3, 0)].aside_kind == "win"
    assert "Small: the exact value (X3 = X wins in 3 plies" in after.legend()
    assert [note.text for note in after.notes.values()] == [note.text for note in before.notes.values()]


def test_a_best_line_badge_over_a_chipped_value_shows_its_number_only(qtbot, window, click_cell, monkeypatch) -> None:
    """With a chip, the value sits higher: the badge's mark pill would cover it."""
    start(window, 3, 3, 3)
    play(window, click_cell, (0, 0), (0, 2), (2, 1))
    layer = window.analysis.layer
    painted: dict[str, str] = {}
    real = overlay_layer.paint_badge

    def spy(painter, rect, text, colour, mark=""):
        painted[text] = mark
        real(painter, rect, text, colour, mark)

    monkeypatch.setattr(overlay_layer, "paint_badge", spy)
    data = depth_limited(qtbot, window, 3)
    layer.repaint()
    qtbot.waitUntil(lambda: len(painted) >= len(data.ghosts), timeout=HANG_MS)
    ghosts = [ghost for ghost in data.ghosts if ghost.cell in data.notes]
    assert ghosts and all(data.notes[ghost.cell].aside for ghost in ghosts)
    assert all(painted[str(ghost.number)] == "" for ghost in ghosts)
