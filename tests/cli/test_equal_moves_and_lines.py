"""Equal best moves are said as such, with the tie-break that chose one; best lines are whole."""

from __future__ import annotations

import json

import pytest

from tictactoe_qt.cli.main import main
from tictactoe_qt.engine.game import Board, cell_text


def output(capsys, *argv: str) -> str:
    assert main(list(argv)) == 0
    return capsys.readouterr().out


def line_of(text: str, label: str) -> str:
    return next(line for line in text.splitlines() if line.strip().startswith(label))


def test_analyze_says_the_empty_boards_best_move_is_one_of_nine_draws(capsys):
    text = output(capsys, "analyze", ".../.../...")
    best = line_of(text, "best move:")
    assert "one of 9 equal moves" in best and "ties go to the first in reading order" in best
    assert cell_text(0, 0) in best  # the first of them in reading order


@pytest.mark.parametrize("algorithm", ["minimax", "alphabeta"])
def test_engine_searches_say_their_centre_first_tie_break(capsys, algorithm):
    move = line_of(output(capsys, "search", "--algorithm", algorithm), "move")
    assert cell_text(1, 1) in move
    assert "one of 9 equal moves; ties go to the first in centre-first order" in move


def test_textbook_search_says_its_reading_order_tie_break(capsys):
    move = line_of(output(capsys, "search", "--algorithm", "minimax", "--ordering", "none"), "move")
    assert cell_text(0, 0) in move
    assert "one of 9 equal moves; ties go to the first in reading order" in move


def test_a_single_best_move_has_no_tie_note(capsys):
    # X completes the top row: the only win.
    assert "equal" not in line_of(output(capsys, "analyze", "xx./oo./..."), "best move:")
    move = line_of(output(capsys, "search", "--algorithm", "minimax", "--board", "xx./oo./..."), "move")
    assert move.split()[1:] == ["row", "1,", "column", "3"]


def test_the_textbook_search_prints_its_whole_best_line(capsys):
    argv = ["search", "--algorithm", "alphabeta", "--ordering", "none", "--board", "x../.o./..."]
    text = output(capsys, *argv)
    moves = line_of(text, "best line").split()[2:]
    data = json.loads(output(capsys, *argv, "--json"))
    assert "draw in 7 plies" in line_of(text, "value")
    assert data["result"] == "draw" and len(data["pv"]) == 7 == len(moves)
    board = Board.from_notation("x../.o./...")
    assert data["pv"][0] == data["move"]
    for row, col in data["pv"]:
        board.push((row, col))
    assert board.is_game_over() and board.status == "draw"


def test_a_depth_limited_textbook_line_stops_at_the_limit(capsys):
    data = json.loads(
        output(
            capsys,
            "search",
            "--algorithm",
            "minimax",
            "--ordering",
            "none",
            "--depth",
            "3",
            "--board",
            "x../.o./...",
            "--json",
        )
    )
    assert len(data["pv"]) == 3 and data["pv"][0] == data["move"]
