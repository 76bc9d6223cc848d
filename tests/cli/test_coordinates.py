"""One coordinate convention: text names cells from 1, JSON indices count from 0."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tictactoe_qt.engine.game import Move, cell_text, line_text, move_text

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def run_cli(run_main):
    """The command's stdout, run in this process (the words are the point here)."""

    def run(*arguments: str) -> str:
        done = run_main(*arguments)
        assert done.returncode == 0, done.stderr
        return done.stdout

    return run


def test_cells_are_named_from_1_for_people():
    assert cell_text(0, 0) == "row 1, column 1"
    assert move_text(Move(2, 1)) == "row 3, column 2"
    assert line_text([Move(1, 1), Move(0, 2)]) == "r2c2 r1c3"


def test_analyze_text_and_json_name_the_same_cell_in_their_own_base(run_cli):
    # x to win at the bottom-right corner: [2, 2] in JSON, row 3, column 3 in text.
    board = "xo./.x./..."
    text = run_cli("analyze", board)
    data = json.loads(run_cli("analyze", "--json", board))
    assert data["best"] == [2, 2]
    assert "best move: row 3, column 3" in text
    grid = [line.split() for line in text.splitlines() if line.startswith("    ")]
    assert grid[0] == ["1", "2", "3"]  # the column numbers start at 1
    assert [row[0] for row in grid[1:]] == ["1", "2", "3"]  # and so do the row numbers
    assert "col " not in text


def test_search_text_uses_the_window_names_and_json_keeps_indices(run_cli):
    board = "xo./.x./..."
    text = run_cli("search", "--algorithm", "alphabeta", "--board", board)
    data = json.loads(run_cli("search", "--algorithm", "alphabeta", "--board", board, "--json"))
    row, col = data["move"]
    assert f"move         {cell_text(row, col)}" in text
    first = data["pv"][0]
    assert f"best line    r{first[0] + 1}c{first[1] + 1}" in text


def test_the_handbook_states_the_convention():
    playing = (ROOT / "tictactoe_qt" / "handbook" / "playing.md").read_text(encoding="utf-8")
    assert "## Coordinates" in playing
    assert "row 1, column 1** is the top-left cell" in playing
    assert "count from 0" in playing
