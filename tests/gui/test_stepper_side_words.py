"""The stepper and the game tree write the game's players, never the board's raw x/o.

With 'First move: Player O' the board's first side (its "x") is O's player. Each
test sets the seating (and marks) in the settings dock as a user would, plays by
clicking, presses "Search this position" and reads what the stepper shows: the
drawn tree's tooltips, the E(n) caption, and the alpha-beta windows, which the
game tree dock writes the same way.
"""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QPushButton

from tictactoe_qt.engine.search import open_lines_text
from tictactoe_qt.gui.analysis.overlay_views import depth_caption
from tictactoe_qt.gui.analysis.tree_model import WINDOW

from .seating import start


@pytest.fixture
def window(shown_window):
    return shown_window((1500, 950))


def search_this_position(qtbot, window, depth: int = 0):
    """Press "Search this position" in the stepper with alpha-beta at ``depth`` (0: none)."""
    dock = window.analysis.stepper
    dock.show()
    dock.choices.algorithm.setCurrentIndex(dock.choices.algorithm.findData("alphabeta"))
    dock.choices.depth.setValue(depth)
    dock.findChild(QPushButton, "stepperLoad").click()
    qtbot.waitUntil(lambda: dock.stepper.session is not None, timeout=20_000)
    return dock


@pytest.mark.parametrize(
    "marks, first_name, second_name",
    [
        (None, "O", "X"),
        ({"x": "A", "o": "B"}, "B", "A"),  # O's player writes B, and moves first
    ],
)
def test_drawn_tree_tooltips_draw_the_position_in_the_games_marks(
    qtbot, window, click_cell, marks, first_name, second_name
):
    start(qtbot, window, "o", marks)
    click_cell(window.board, 0, 0)  # O's player
    click_cell(window.board, 1, 1)  # X's player
    dock = search_this_position(qtbot, window)
    for _ in range(3):
        window.search_stepper.step()
    tree = dock.tree_view
    root = tree.tooltip(())
    assert f"MAX ({first_name}) node" in root
    assert root.endswith(f"{first_name} . .\n. {second_name} .\n. . ."), root
    # One step down: the first mover's reply (MAX) stands at row 1, column 2.
    child = next(key for key in tree.nodes if len(key) == 1)
    assert child == ((0, 1),)
    assert tree.tooltip(child).endswith(f"{first_name} {first_name} .\n. {second_name} .\n. . ."), tree.tooltip(child)
    # Raw board sides never reach people: with O first the board's "x" is O's.
    if marks:
        assert " x " not in root and " o " not in root and "\nx" not in root


def test_depth_limit_caption_names_whose_open_lines_count(qtbot, window, click_cell):
    start(qtbot, window, "o")
    click_cell(window.board, 0, 0)
    click_cell(window.board, 1, 1)
    dock = search_this_position(qtbot, window, depth=2)
    while (event := window.search_stepper.step())["event"] != "leaf":
        pass
    assert event["kind"] == "evaluation" and event["value"] == -2
    # O moved first and is to move again: O is MAX; the leaf is O r1c1+r1c3, X r1c2+r2c2.
    assert dock.caption.text() == ("Depth limit: E(n) = open lines for O (MAX) − open lines for X (MIN) = 2 − 4 = −2.")
    assert dock.board.open_line_count() == (2, 4)
    # The preview board's tooltip and the overlay's depth legend say it with the same words.
    assert open_lines_text("O", "X", "−") in dock.board.toolTip()
    assert open_lines_text("O", "X") in depth_caption(2, 2, False, "O", "X", 1.0)


def test_negamax_leaf_at_odd_depth_is_valued_for_min(qtbot, window, click_cell):
    start(qtbot, window, "o")
    dock = search_this_position(qtbot, window)  # loads the empty board, O (MAX) to move
    stepper = window.search_stepper
    stepper.load("alphabeta", ".../.../...", depth=1, form="negamax")
    while (event := stepper.step())["event"] != "leaf":
        pass
    # O (MAX) took a corner: 8 lines stay open for O, 5 for X. In the negamax form the
    # leaf is valued for X, its side to move, so E(n) counts X's lines first.
    max_lines, min_lines = dock.board.open_line_count()
    assert (max_lines, min_lines) == (8, 5)
    assert event["value"] == min_lines - max_lines == -3
    assert dock.caption.text() == (
        f"Depth limit: E(n) = open lines for X (MIN) − open lines for O (MAX) = {min_lines} − {max_lines} = −3."
    )


def test_game_tree_and_stepper_write_windows_alike(qtbot, window, click_cell):
    start(qtbot, window, "o")
    click_cell(window.board, 0, 0)
    click_cell(window.board, 1, 1)
    dock = search_this_position(qtbot, window)
    window.search_stepper.step()
    stepper_root = dock.tree_view.tooltip(())
    assert "window α = −∞, β = +∞" in stepper_root
    assert "α = −∞, β = +∞" in dock.caption.text()  # "Enter the MAX node at the root with …"

    tree = window.analysis.tree
    tree.show()
    tree.mode.setCurrentIndex(tree.mode.findData("alphabeta"))
    model = tree.model
    qtbot.waitUntil(lambda: model.summary is not None and model.rowCount(model.index(0, 0)) == 7, timeout=20_000)
    root_window = model.index(0, WINDOW).data()
    assert root_window == "α = −∞, β = +∞"
    root = model.index(0, 0)
    windows = [model.index(r, WINDOW, root).data() for r in range(model.rowCount(root))]
    assert all(w.startswith("α = ") and ", β = " in w for w in windows), windows
    assert not any("inf" in w for w in windows), windows
