"""``tictactoe-qt count``: the tree facts as JSON and text."""

from __future__ import annotations

import json

from tictactoe_qt.cli.main import main


def test_json_reports_the_3x3_tree(capsys):
    assert main(["count", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["nodes"] == 549_946
    assert data["games"] == 255_168
    assert data["positions"] == 5_478


def test_text_uses_thousands_separators(capsys):
    assert main(["count"]) == 0
    assert "549,946" in capsys.readouterr().out


def test_a_board_too_big_to_count_is_a_one_line_error(capsys):
    assert main(["count", "--size", "7"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("tictactoe-qt count: error:")


def test_text_names_the_sides_as_search_and_analyze_do():
    """'X wins', as every other text writes the first mover's player, never 'x wins'."""
    import subprocess
    import sys

    out = subprocess.run(
        [sys.executable, "-m", "tictactoe_qt", "count"], capture_output=True, text=True, check=True
    ).stdout
    lines = {line.split("  ")[1].strip(): line for line in out.splitlines()[1:]}
    assert "X wins" in lines and "O wins" in lines
    assert "131,184" in lines["X wins"] and "77,904" in lines["O wins"]
    assert "x wins" not in out and "o wins" not in out


def test_help_says_how_big_a_board_can_be_counted(capsys):
    assert main(["count", "--help"]) == 0
    assert "at most 12 cells, e.g. 3x4" in " ".join(capsys.readouterr().out.split())
