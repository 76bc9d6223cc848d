"""``tictactoe_qt.learn`` as a notebook uses it: check a function, see a table, no Qt."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

from tests.gomocup.processes import running_with
from tictactoe_qt.engine.game import Board
from tictactoe_qt.engine.teaching import board_events, tree_events
from tictactoe_qt.learn import BoardGame, TreeGame, check, template_path

ROOT = Path(__file__).resolve().parents[2]
STUDENTS = Path(__file__).with_name("students")
AIMA_TREE = "[[3,12,8],[2,4,6],[14,5,2]]"

NOTEBOOK = textwrap.dedent("""
    import math, sys
    from tictactoe_qt.learn import check
    from tictactoe_qt.engine.game import Board

    INFINITY = math.inf

    def min_value(game, state, alpha, beta, player):
        if game.terminal_test(state):
            return game.utility(state, player)
        v = INFINITY
        for a in game.actions(state):
            v = min(v, max_value(game, game.result(state, a), alpha, beta, player))
            if v <= alpha:
                return v
            beta = min(beta, v)
        return v

    def max_value(game, state, alpha, beta, player):
        if game.terminal_test(state):
            return game.utility(state, player)
        v = -INFINITY
        for a in game.actions(state):
            v = max(v, min_value(game, game.result(state, a), alpha, beta, player))
            if v >= beta:
                return v
            alpha = max(alpha, v)
        return v

    def search(game, state):
        player = game.to_move(state)
        best, move = -INFINITY, None
        for a in game.actions(state):
            v = min_value(game, game.result(state, a), best, INFINITY, player)
            if v > best:
                best, move = v, a
        return move

    report = check(search, tree="{tree}")
    assert report.ok, str(report)
    assert "<table" in report._repr_html_()
    assert "passed 1 of 1" in str(report)
    picture = Board.from_notation("x.o/.x./...")._repr_svg_()
    assert picture.startswith("<svg") and picture.count("<circle") == 1
    print("PySide6" in sys.modules, any(name.startswith("tictactoe_qt.gui") for name in sys.modules))
""")


def test_a_notebook_session_checks_its_own_function_without_qt(tmp_path):
    script = tmp_path / "session.py"
    script.write_text(NOTEBOOK.replace("{tree}", AIMA_TREE))
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, env=env, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["False", "False"]


def test_check_takes_a_file_and_function_and_reports_the_variant():
    report = check(f"{STUDENTS / 'variants.py'}:window_restart")
    (case,) = report.cases
    assert not report.ok
    assert "restarted at each root move" in case.matches
    assert (case.nodes, case.reference_nodes) == (30_710, 18_297)
    row = case.as_dict()
    assert row["first_difference"]["path"]  # where the textbook first cut off
    assert not running_with("tictactoe-check")  # the child that ran it has ended


def test_the_recorded_calls_are_the_textbook_trace():
    """Run textbook alpha-beta in-process on the recording games; the rebuilt trace enters
    and evaluates exactly the nodes the program's own traced search does."""
    from tests.learn.students.textbook import search  # noqa: PLC0415 - a student's file
    from tictactoe_qt.engine.teaching.check import student_events

    board = Board.from_notation("x../.o./...")
    game = BoardGame(board)
    search(game, game.initial)
    mine = [(e["event"], e["path"], e.get("value")) for e in student_events(game.record, 3)]
    theirs = [
        (e["event"], e["path"], e.get("value"))
        for e in board_events(board, "alphabeta")
        if e["event"] in ("enter", "leaf", "return")
    ]
    assert mine == theirs  # returns carry what the entered children back up, as alpha-beta's do

    tree_game = TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    assert search(tree_game, tree_game.initial) == 0
    mine = [(e["event"], e["path"], e.get("value")) for e in student_events(tree_game.record, None)]
    theirs = [
        (e["event"], e["path"], e.get("value"))
        for e in tree_events(AIMA_TREE, "alphabeta")
        if e["event"] in ("enter", "leaf", "return")
    ]
    assert mine == theirs


def test_the_template_ships_with_the_package():
    source = template_path().read_text()
    assert "def search(game, state)" in source and "TODO" in source


def test_side_by_side_lines_up_until_the_planted_bug():
    """The textbook's step beside each of the student's, and the step where they part: the
    student's code leaves the first MIN node where the textbook goes on to its third leaf."""
    from tests.learn.students.variants import planted_bug  # noqa: PLC0415 - a student's file
    from tictactoe_qt.engine.teaching.check import side_by_side, student_events

    game = TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    planted_bug(game, game.initial)
    mine = list(student_events(game.record, None))
    lined = side_by_side(mine, tree_events(AIMA_TREE, "alphabeta"))
    assert lined.parted_at is not None
    assert all(group[0]["path"] == event["path"] for group, event in zip(lined.beside, mine))
    parted = mine[lined.parted_at]
    assert parted["event"] == "return" and parted["path"] == [0]


def test_a_board_draws_itself_for_notebooks():
    from xml.etree import ElementTree  # noqa: PLC0415

    won = Board.from_notation("xxx/oo./...")
    picture = ElementTree.fromstring(won._repr_svg_())
    shapes = [element.tag.rsplit("}", 1)[-1] for element in picture.iter()]
    assert shapes.count("circle") == 2  # the two O
    assert shapes.count("path") == 3  # the three X
    assert shapes.count("rect") == 1 + 3  # the frame and the winning line's cells
    empty = ElementTree.fromstring(Board()._repr_svg_())
    assert not any(element.tag.endswith(("circle", "path")) for element in empty.iter())
