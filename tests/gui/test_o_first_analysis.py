"""The analysis views when O moves first: with 'First move: Player O' the game tree,
the analysis overlay, the Compare dock and the hint name the players the user chose.

The board calls its first mover "x". Each test sets the first mover in the settings
dock, as a user would, plays by clicking, and reads what the views show. The
expected values come from the engine's ``analyze`` of the same board, whose
results name the board's sides: the test maps them to players by hand.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit

from tictactoe_qt.engine.analysis import analyze
from tictactoe_qt.engine.game import cell_text, short_cell_text
from tictactoe_qt.engine.players import TextbookOptions
from tictactoe_qt.gui.analysis.tree_model import MOVE, NOTE, VALUE, WINDOW

from .seating import start
from .waits import SOLVE_BUDGET_SECONDS

#: The first mover, the second mover.
SEATINGS = {"x": ("X", "O"), "o": ("O", "X")}


@pytest.fixture
def window(shown_window):
    return shown_window((1400, 900))


def play(window, click_cell, *cells: tuple[int, int]) -> None:
    for cell in cells:
        click_cell(window.board, *cell)


def expected_values(window) -> dict[tuple[int, int], tuple[str | None, int | None]]:
    """``analyze``'s (winning board side or "draw", plies) of every move of the shown position."""
    return {
        (v.move.row, v.move.col): (v.result, v.plies)
        for v in analyze(window.controller.board, time_budget=SOLVE_BUDGET_SECONDS).moves
    }


def winner_name(result: str, first_name: str, second_name: str) -> str:
    """The board's "x" is the first mover: its player is the one who moved first."""
    return first_name if result == "x" else second_name


def show_tree(qtbot, window):
    tree = window.analysis.tree
    tree.show()
    tree.raise_()
    model = tree.model
    qtbot.waitUntil(lambda: model.rowCount(model.index(0, 0)) > 0, timeout=10_000)
    return tree, model, model.index(0, 0)


@pytest.mark.parametrize("first", ["x", "o"])
def test_the_game_tree_names_the_players_after_the_first_move(qtbot, window, click_cell, first):
    first_name, second_name = SEATINGS[first]
    start(qtbot, window, first)
    play(window, click_cell, (0, 0))
    assert window.controller.turn_text() == f"{second_name} to move"
    tree, model, root = show_tree(qtbot, window)
    assert model.data(root) == f"Now: {second_name} to move"
    values = expected_values(window)
    assert len(values) == model.rowCount(root) == 8
    for row in range(model.rowCount(root)):
        move = model.index(row, MOVE, root).data()
        cell = next(c for c in values if move == f"1. {second_name} at {cell_text(*c)}")
        result, plies = values[cell]
        value = model.index(row, VALUE, root).data()
        if result == "draw":
            assert value == f"draw in {plies} plies"
        else:
            name = winner_name(result, first_name, second_name)
            assert value == f"{name} wins in {plies} {'ply' if plies == 1 else 'plies'}"
    shown = [model.index(row, VALUE, root).data() for row in range(model.rowCount(root))]
    # A reply on an edge loses to the corner's player: the player who moved first.
    assert any(text.startswith(f"{first_name} wins in") for text in shown)
    assert not any(text.startswith(f"{second_name} wins") for text in shown)
    tip = model.headerData(WINDOW, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole)
    # MAX is the side to move at the tree's root: the second player here.
    assert f"from {second_name}'s point of view ({second_name} is MAX, {first_name} is MIN" in tip
    # The count's first-mover wins (131,184 games of 3x3) go to the player who moves first.
    qtbot.waitUntil(lambda: "131,184" in tree.facts.text(), timeout=10_000)
    facts = tree.facts.text()
    assert f"{first_name} wins: 131,184" in facts and f"{second_name} wins: 77,904" in facts


@pytest.mark.parametrize("first", ["x", "o"])
def test_won_rows_and_alphabeta_windows_name_the_players(qtbot, window, click_cell, first):
    first_name, second_name = SEATINGS[first]
    start(qtbot, window, first)
    # The first mover has two in the top row, the second two in the middle row.
    play(window, click_cell, (0, 0), (1, 0), (0, 1), (1, 1))
    tree, model, root = show_tree(qtbot, window)
    assert model.data(root) == f"Now: {first_name} to move"
    rows = {model.index(r, MOVE, root).data(): r for r in range(model.rowCount(root))}
    win = model.index(rows[f"1. {first_name} at {cell_text(0, 2)}"], 0, root)
    assert model.index(win.row(), VALUE, root).data() == f"{first_name} wins in 1 ply"
    assert model.index(win.row(), NOTE, root).data() == f"{first_name} has won"
    blunder = model.index(rows[f"1. {first_name} at {cell_text(2, 2)}"], 0, root)
    assert model.index(blunder.row(), VALUE, root).data() == f"{second_name} wins in 2 plies"
    tree.view.expand(blunder)
    qtbot.waitUntil(lambda: model.rowCount(blunder) == 4, timeout=10_000)
    replies = {model.index(r, MOVE, blunder).data(): r for r in range(4)}
    reply = replies[f"2. {second_name} at {cell_text(1, 2)}"]
    assert model.index(reply, VALUE, blunder).data() == f"{second_name} wins in 1 ply"
    assert model.index(reply, NOTE, blunder).data() == f"{second_name} has won"

    tree.options_bar.set_options(TextbookOptions(scoring="distance"))  # wins count plies
    tree.mode.setCurrentIndex(tree.mode.findData("alphabeta"))
    qtbot.waitUntil(lambda: model.summary is not None and model.rowCount(model.index(0, 0)) == 5, timeout=10_000)
    root = model.index(0, 0)
    windows = [model.index(r, WINDOW, root).data() for r in range(5)]
    # The winning move (row 1, column 3) is searched first: every later window's alpha
    # is the first mover's win.
    # Written as the stepper writes windows (value_notation.window_text).
    assert windows[0] == "α = −∞, β = +∞"
    assert all(w.startswith(f"α = {first_name} wins in") for w in windows[1:]), windows
    texts = " ".join(windows)
    assert f"{second_name} wins" not in texts


@pytest.mark.parametrize("first", ["x", "o"])
def test_cut_offs_name_the_player_who_maximises(qtbot, window, click_cell, first):
    first_name, second_name = SEATINGS[first]
    start(qtbot, window, first)
    play(window, click_cell, (0, 0))
    tree, model, root = show_tree(qtbot, window)
    tree.options_bar.set_options(TextbookOptions(scoring="distance"))  # wins count plies
    tree.mode.setCurrentIndex(tree.mode.findData("alphabeta"))
    qtbot.waitUntil(lambda: model.summary is not None and model.rowCount(model.index(0, 0)) == 8, timeout=20_000)
    root = model.index(0, 0)
    reasons = []
    for row in range(1, 4):
        child = model.index(row, 0, root)
        tree.view.expand(child)
        qtbot.waitUntil(lambda c=child: model.rowCount(c) == 7, timeout=10_000)
        for grandchild in range(7):
            index = model.index(grandchild, WINDOW, child)
            if index.data().startswith("pruned"):
                reasons.append(index.data(Qt.ItemDataRole.ToolTipRole))
    assert reasons
    # MAX is the side to move at the root: the second player, after the first move.
    for reason in reasons:
        assert (
            f"{second_name} (MAX) can already get" in reason
            and f"{first_name} (MIN) will avoid" in reason
            or f"{first_name} (MIN) can hold {second_name} (MAX) to" in reason
            and f"{second_name} will avoid" in reason
        ), reason


@pytest.mark.parametrize("first", ["x", "o"])
def test_the_overlay_names_the_players_in_badges_details_legend_and_ghosts(qtbot, window, click_cell, first):
    first_name, second_name = SEATINGS[first]
    start(qtbot, window, first)
    play(window, click_cell, (0, 0))
    views = window.analysis
    with qtbot.waitSignal(views.overlay.overlay_ready, timeout=10_000) as ready:
        views.overlay_action.trigger()
    data = ready.args[0]
    assert data.legend().startswith(
        f"Exact: Solved to the end, {second_name} to move: {second_name}3 = {second_name} wins in 3"
    )
    assert views.legend.text() == data.legend()
    for cell, (result, plies) in expected_values(window).items():
        note = data.notes[cell]
        if result == "draw":
            assert note.text == "D" and note.kind == "draw"
            continue
        name = winner_name(result, first_name, second_name)
        assert note.text == f"{name}{plies}"
        assert note.detail == f"{name} wins in {plies} plies, counting this move"
        # The second mover is to move: a win for the first mover is a loss here.
        assert note.kind == ("loss" if name == first_name else "win")
    assert any(note.kind == "loss" for note in data.notes.values())
    second_seat = "o" if first == "x" else "x"
    # The best line's ghosts: the player to move, then the other, in turn.
    seats = [ghost.seat for ghost in data.ghosts]
    assert len(seats) >= 2
    assert seats == [(second_seat, first)[i % 2] for i in range(len(seats))]
    best = data.best
    assert views.layer.accessibleDescription().startswith(f"Best move row {best[0] + 1}, column {best[1] + 1}: ")


@pytest.mark.parametrize("first", ["x", "o"])
def test_the_compare_dock_names_the_winner_and_the_outdated_position(qtbot, window, click_cell, first):
    first_name, second_name = SEATINGS[first]
    start(qtbot, window, first)
    play(window, click_cell, (0, 0), (1, 0), (0, 1), (1, 1))
    dock = window.analysis.comparison
    dock.show()
    dock.raise_()
    with qtbot.waitSignal(dock.comparison_finished, timeout=60_000):
        dock.run_button.click()
    done = [
        r for r in range(dock.table.rowCount()) if dock.table.item(r, 5) is not None and dock.table.item(r, 5).text()
    ]
    assert len(done) >= 5
    for row in done:
        assert dock.table.item(row, 4).text() == short_cell_text(0, 2)
        assert cell_text(0, 2) in dock.table.item(row, 4).toolTip()
        # Textbook rows score +1/0/-1 (who wins); the engine's count the plies.
        textbook = dock.rows[row].options is not None
        assert dock.table.item(row, 5).text() == (
            f"{first_name} wins" if textbook else f"{first_name}1"
        )  # short: X1 = wins in 1
        if not textbook:
            assert dock.table.item(row, 5).toolTip().startswith(f"{first_name} wins in 1\n")
    play(window, click_cell, (2, 2))  # the first mover blunders
    qtbot.waitUntil(dock.is_outdated, timeout=2000)
    assert dock.outdated_label.text() == (
        f"Outdated: these results are for an earlier position (after 4 moves, the last by "
        f"{second_name} at {cell_text(1, 1)}). Press Run to compare the current one."
    )


@pytest.mark.parametrize("first", ["x", "o"])
def test_the_hint_is_drawn_for_the_player_to_move(qtbot, window, click_cell, first):
    first_name, second_name = SEATINGS[first]
    start(qtbot, window, first)
    play(window, click_cell, (0, 0))
    controller = window.controller
    with qtbot.waitSignal(controller.hint_ready, timeout=30_000) as hinted:
        window.hint_action.trigger()
    cell = tuple(hinted.args)
    snapshot = window.board.snapshot()
    assert snapshot.hint == cell and snapshot.to_move == second_name.lower()
    # The hint's ghost mark is painted in the colour of the player to move.
    image = window.board.grab().toImage()
    ratio = image.devicePixelRatio()
    rect = window.board.cell_rect(*cell)
    blue = red = 0
    for fx in range(30, 71, 4):
        for fy in range(30, 71, 4):
            colour = image.pixelColor(
                int((rect.left() + rect.width() * fx / 100) * ratio),
                int((rect.top() + rect.height() * fy / 100) * ratio),
            )
            blue += colour.blue() - colour.red() > 40
            red += colour.red() - colour.blue() > 40
    assert (blue > red) if second_name == "X" else (red > blue), (blue, red)


def test_custom_marks_name_the_players_in_every_analysis_view(qtbot, window, click_cell):
    start(qtbot, window, "o", marks={"x": "A", "o": "B"})
    play(window, click_cell, (0, 0))  # B's (O's) first move
    assert window.controller.turn_text() == "A to move"
    tree, model, root = show_tree(qtbot, window)
    assert model.data(root) == "Now: A to move"
    moves = [model.index(r, MOVE, root).data() for r in range(model.rowCount(root))]
    values = [model.index(r, VALUE, root).data() for r in range(model.rowCount(root))]
    assert all(text.startswith("1. A at row ") for text in moves)
    assert any(text.startswith("B wins in") for text in values)
    assert not any(text.startswith(("X ", "O ", "A wins")) for text in values)
    views = window.analysis
    with qtbot.waitSignal(views.overlay.overlay_ready, timeout=10_000) as ready:
        views.overlay_action.trigger()
    data = ready.args[0]
    assert data.legend().startswith("Exact: Solved to the end, A to move: A3 = A wins in 3")
    badges = {note.text for note in data.notes.values()}
    assert "D" in badges and any(b.startswith("B") for b in badges) and not badges & {"X", "O"}
    # New marks apply at once: the tree and the overlay say them without a new game.
    field = window.findChild(QLineEdit, "xMark")
    field.clear()
    qtbot.keyClicks(field, "Z")
    qtbot.waitUntil(lambda: model.data(model.index(0, 0)) == "Now: Z to move", timeout=5000)
    qtbot.waitUntil(lambda: views.legend.text().startswith("Exact: Solved to the end, Z to move"), timeout=10_000)


@pytest.mark.parametrize("first", ["x", "o"])
def test_the_stepper_board_draws_the_players_the_game_shows(qtbot, window, click_cell, first):
    """The stepper's board is the game's position: O's stones stay O's, also when O moved first."""
    start(qtbot, window, first)
    play(window, click_cell, (0, 0), (1, 1))
    stepper = window.search_stepper
    stepper.load("alphabeta", window.controller.board.notation())
    assert stepper.step()["event"] == "enter"
    preview = window.analysis.stepper.board.snapshot()
    game = window.board.snapshot()
    assert preview.mark_at(0, 0) == game.mark_at(0, 0) == first
    assert preview.mark_at(1, 1) == game.mark_at(1, 1) == ("o" if first == "x" else "x")
    assert preview.to_move == window.controller.seat_to_move == first
