"""``tictactoe-qt tournament``: the cross table and ranking, as text and JSON."""

from __future__ import annotations

import json

import pytest

from tictactoe_qt.cli.main import main

PLAYERS = ("--player", "random", "--player", "alphabeta", "--player", "minimax:depth=1")


def test_text_shows_the_cross_table_and_the_ranking(capsys):
    assert main(["tournament", *PLAYERS, "--games", "4", "--seed", "5"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Round robin of 3 players on 3x3, k=3: 4 games per pair, 12 games, seed 5")
    assert "Cross table (row against column: share of points, +wins =draws -losses)" in out
    ranking = out.split("Ranking by points (win 1, draw 1/2)\n")[1].splitlines()
    assert ranking[0].split() == ["#", "points", "won", "drawn", "lost", "score", "player"]
    assert ranking[1].split()[-1] == "alphabeta"  # perfect play never loses on 3x3
    assert ranking[-1].split()[-1] == "random"
    table = out.split("Cross table")[1].split("Ranking")[0]
    assert " 2. alphabeta" in table and "-" in table


def test_json_is_the_docks_result_and_adds_up(capsys):
    assert main(["tournament", *PLAYERS, "--games", "4", "--seed", "5", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["players"] == ["random", "alphabeta", "minimax:depth=1"]
    assert data["games_per_pairing"] == 4 and data["config"] == "3x3 k=3"
    for row in range(3):
        for col in range(3):
            cell, mirror = data["cross_table"][row][col], data["cross_table"][col][row]
            if row == col:
                assert cell is None
            else:
                assert cell["wins"] == mirror["losses"] and cell["draws"] == mirror["draws"]
                assert sum(cell.values()) == 4
    assert sum(r["wins"] + r["draws"] + r["losses"] for r in data["ranking"]) == 24
    assert data["ranking"][0]["player"] == "alphabeta" and data["ranking"][0]["losses"] == 0


def test_the_same_seed_gives_the_same_table_with_more_workers(capsys):
    args = [
        "tournament",
        "--player",
        "random",
        "--player",
        "minimax:depth=1",
        "--games",
        "40",
        "--size",
        "4",
        "--seed",
        "9",
        "--json",
    ]
    assert main(args) == 0
    one = json.loads(capsys.readouterr().out)
    assert main([*args, "--workers", "2"]) == 0
    two = json.loads(capsys.readouterr().out)
    assert one["cross_table"] == two["cross_table"] and one["ranking"] == two["ranking"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--player", "random"], "a tournament needs at least 2 players, got 1"),
        (["--player", "random", "--player", "random"], "each player may enter once; repeated: random"),
        (["--player", "random", "--player", "human"], "human players can only play in the window"),
        (["--player", "random", "--player", "engine:path=/no/pbrain"], "no engine at /no/pbrain"),
        (["--player", "random", "--player", "alphabeta", "--games", "1"], "games per pairing must be 2"),
    ],
)
def test_bad_entries_are_one_line_errors_with_exit_2(capsys, args, message):
    assert main(["tournament", *args]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and message in captured.err and captured.err.count("\n") == 1
