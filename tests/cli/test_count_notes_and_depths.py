"""``count`` says the root is counted, sets 9! and 3^9 beside the games and positions, and
gives nodes per depth below any position (``--per-depth``)."""

from __future__ import annotations

import json
from math import factorial

from tictactoe_qt.cli.main import main


def run(capsys, *argv: str) -> str:
    assert main(["count", *argv]) == 0
    return capsys.readouterr().out


def line_of(text: str, label: str) -> str:
    return next(
        line for line in text.splitlines() if line.split("  ")[1:2] == [label] or line.strip().startswith(label + " ")
    )


def test_nodes_say_the_root_is_included(capsys):
    nodes = line_of(run(capsys), "nodes")
    assert "549,946" in nodes and "root" in nodes and "included" in nodes
    assert "549,945 without it" in nodes


def test_games_and_positions_stand_beside_9_factorial_and_3_to_the_9(capsys):
    text = run(capsys)
    games, positions = line_of(text, "games"), line_of(text, "positions")
    assert "255,168" in games and f"9! = {factorial(9):,}" in games
    assert "5,478" in positions and f"3^9 = {3**9:,}" in positions


def test_json_keeps_its_keys_and_adds_the_reference_counts(capsys):
    data = json.loads(run(capsys, "--json"))
    assert data["nodes"] == 549_946 and data["games"] == 255_168 and data["positions"] == 5_478
    assert data["nodes_without_root"] == data["nodes"] - 1
    assert (data["cells_factorial"], data["cell_fillings"]) == (factorial(9), 3**9)


def test_per_depth_below_a_position_adds_up_to_minimaxs_nodes(capsys):
    board = "x../.o./..."
    data = json.loads(run(capsys, "--per-depth", "--board", board, "--json"))
    assert data["nodes_per_depth"][0] == 1 and not data["truncated"]
    assert main(["search", "--algorithm", "minimax", "--ordering", "none", "--board", board, "--json"]) == 0
    assert data["total"] == json.loads(capsys.readouterr().out)["nodes"]
    text = run(capsys, "--per-depth", "--board", board)
    assert "depth 0 is the position itself" in text.splitlines()[0]
    assert f"{data['total']:,}" in line_of(text, "total")


def test_per_depth_of_the_empty_board_is_counts_own(capsys):
    full = json.loads(run(capsys, "--json"))
    assert json.loads(run(capsys, "--per-depth", "--json"))["nodes_per_depth"] == full["nodes_per_depth"]


def test_per_depth_says_when_deep_levels_are_not_counted(capsys):
    data = json.loads(run(capsys, "--per-depth", "--size", "4x4", "--json"))
    assert data["truncated"]
    assert "not counted" in line_of(run(capsys, "--per-depth", "--size", "4x4"), "total")


def test_board_without_per_depth_is_a_one_line_error(capsys):
    assert main(["count", "--board", "x../.o./..."]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "--per-depth" in err[0]
