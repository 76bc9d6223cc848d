"""The drawn tree colours MAX and MIN as the marks their players play; a textbook tree stays neutral."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor

from tictactoe_qt.engine.game import O_FIRST, Board
from tictactoe_qt.engine.text import BOARD_NAMES, SideNames
from tictactoe_qt.gui.board_theme import BoardTheme
from tictactoe_qt.gui.stepper.preview_board import PreviewBoard

AIMA_TREE = "[[3,12,8],[2,4,6],[14,5,2]]"
O_FIRST_NAMES = SideNames.of(O_FIRST)


@pytest.fixture
def dock(shown_stepper):
    return shown_stepper()


def run_to_end(qtbot, dock) -> None:
    dock.stepper.to_end()
    qtbot.waitUntil(lambda: not dock.stepper.running, timeout=10_000)


def fill_hue(view, key) -> tuple[int, int]:
    """(hue, saturation) of the drawn node's fill, read from the view's pixels."""
    x, y = view.places[key]
    inside = -8 if view.nodes[key].is_max else 8  # toward the tip: clear of the value text
    point = view.mapFromScene(QPointF(x, y + inside))
    image = view.viewport().grab().toImage()
    assert image.rect().contains(point), f"{key} is not in view"
    colour = image.pixelColor(point)
    return colour.hslHue(), colour.hslSaturation()


def hue_gap(a: int, b: int) -> int:
    return min(abs(a - b), 360 - abs(a - b))


def mark_hue(view, seat: str) -> int:
    return BoardTheme.from_palette(view.palette()).marks[seat].hslHue()


def looks_like(view, key, seat: str) -> bool:
    """The node is tinted in ``seat``'s mark colour, and not in the other mark's."""
    hue, saturation = fill_hue(view, key)
    other = "o" if seat == "x" else "x"
    return saturation > 20 and hue_gap(hue, mark_hue(view, seat)) <= 15 and hue_gap(hue, mark_hue(view, other)) > 60


@pytest.mark.parametrize(
    "names, notation, max_seat, max_name",
    [
        (BOARD_NAMES, ".../.../...", "x", "X"),  # X to move: X is MAX
        (BOARD_NAMES, "x../.../...", "o", "O"),  # O to move: O is MAX
        (O_FIRST_NAMES, ".../.../...", "o", "O"),  # O moves first: the first mover is O
    ],
)
def test_max_and_min_nodes_have_the_colours_of_their_players_marks(qtbot, dock, names, notation, max_seat, max_name):
    dock.set_position(Board.from_notation(notation), names)
    dock.stepper.load("alphabeta", notation, depth=1)
    run_to_end(qtbot, dock)
    view = dock.tree_view
    min_seat = "o" if max_seat == "x" else "x"
    assert looks_like(view, (), max_seat)
    children = view.nodes[()].children
    assert children and all(looks_like(view, key, min_seat) for key in children)
    # The colours are named: the legend and the hover text say who MAX is.
    assert f"MAX = {max_name} (to move)" in dock.tree_legend.text()
    assert view.tooltip(()).startswith(f"MAX ({max_name}) node")


def test_a_textbook_tree_keeps_neutral_colours_after_a_board_trace(qtbot, dock):
    """A tree typed as lists has no players: MAX blue and MIN red, whoever moved before."""
    dock.stepper.load("alphabeta", "x../.../...", depth=1)  # O is MAX here
    run_to_end(qtbot, dock)
    view = dock.tree_view
    assert looks_like(view, (), "o")
    dock.stepper.load_tree(AIMA_TREE)
    run_to_end(qtbot, dock)
    hue, saturation = fill_hue(view, ())
    assert saturation > 20 and 200 <= hue <= 230  # blue
    for key in view.nodes[()].children:
        hue, saturation = fill_hue(view, key)
        assert saturation > 20 and hue_gap(hue, 0) <= 15  # red
    assert "MAX = " not in dock.tree_legend.text() and "MAX" in dock.tree_legend.text()
    assert view.tooltip(()).startswith("MAX node")


def test_the_exercise_tree_is_drawn_in_neutral_colours(qtbot, dock):
    """Its nodes are unfilled until checked, so this asks the painter for the outlines."""
    dock.set_position(Board.from_notation("x../.../..."))  # O to move in the game
    panel = dock.exercise
    dock.tabs.setCurrentWidget(panel)
    panel.load(AIMA_TREE)
    colours = panel.view.item.colours
    assert 200 <= colours.of(True)[1].hslHue() <= 230  # MAX blue
    assert hue_gap(colours.of(False)[1].hslHue(), 0) <= 15  # MIN red


def test_the_dot_export_fills_max_nodes_in_the_players_colour(qtbot, dock, tmp_path):
    dock.stepper.load("alphabeta", "x../.../...", depth=1)
    run_to_end(qtbot, dock)
    dock.tree_view.export(tmp_path / "tree.dot")
    dot = (tmp_path / "tree.dot").read_text()
    root = next(line for line in dot.splitlines() if "shape=triangle" in line)
    fill = root.split('fillcolor="')[1][:7]
    assert hue_gap(QColor(fill).hslHue(), mark_hue(dock.tree_view, "o")) <= 15


def test_evaluated_leaves_name_whose_open_lines_are_drawn(qtbot, dock):
    dock.stepper.load("alphabeta", "x../.../...", depth=1)
    while (event := dock.stepper.step())["event"] != "leaf":
        pass
    assert event.get("kind") == "evaluation"
    assert "open lines for O (MAX) − open lines for X (MIN)" in dock.caption.text()
    assert "MAX (O)" in dock.board.toolTip() and "O's colour" in dock.board.toolTip()


def test_open_lines_are_counted_for_max_even_when_max_has_none(qtbot):
    """With no line left for MAX, all drawn lines are MIN's (not whichever came first)."""
    board = PreviewBoard()
    qtbot.addWidget(board)
    board.show_board(Board.from_notation("oxx/xo./..o"), "x", open_lines=True)
    assert board.open_line_count() == (0, 2)
    board.show_board(Board.from_notation("oxx/xo./..o"), "o", open_lines=True)
    assert board.open_line_count() == (2, 0)
