"""``tictactoe-qt simulate``: the JSON contract and the readable report."""

from __future__ import annotations

import json

from tictactoe_qt.cli.main import main

PLAYER_KEYS = {"spec", "wins", "avg_move_seconds", "avg_moves_to_win", "avg_nodes_per_move"}


def _simulate_json(capsys, *extra: str) -> dict:
    assert main(["simulate", "--json", *extra]) == 0
    return json.loads(capsys.readouterr().out)


def test_json_has_the_scripting_keys(capsys):
    data = _simulate_json(capsys, "--x", "alphabeta:depth=2", "--o", "random", "--games", "30", "--seed", "5")
    for key in (
        "games",
        "x_wins",
        "o_wins",
        "draws",
        "avg_game_seconds",
        "avg_game_length",
        "elapsed_seconds",
        "seed",
        "config",
    ):
        assert key in data
    assert PLAYER_KEYS <= set(data["x"]) and PLAYER_KEYS <= set(data["o"])
    assert data["x"]["spec"] == "alphabeta:depth=2" and data["o"]["spec"] == "random"
    assert data["games"] == data["x_wins"] + data["o_wins"] + data["draws"] == 30
    assert data["x"]["avg_nodes_per_move"] > data["o"]["avg_nodes_per_move"] == 1
    assert data["config"] == {"rows": 3, "cols": 3, "k": 3}


def test_same_seed_gives_the_same_totals(capsys):
    args = ("--x", "random", "--o", "minimax:depth=1", "--games", "40", "--size", "4", "--seed", "12", "--swap")
    first, again = _simulate_json(capsys, *args), _simulate_json(capsys, *args)
    keys = ("x_wins", "o_wins", "draws", "avg_game_length")
    assert [first[k] for k in keys] == [again[k] for k in keys]
    assert first["x"]["wins"] == again["x"]["wins"]


def test_with_swap_players_keep_their_marks_and_take_turns_at_starting(capsys):
    data = _simulate_json(capsys, "--x", "alphabeta", "--o", "random", "--games", "20", "--seed", "1", "--swap")
    assert data["swap"] is True
    assert data["o"]["wins"] == data["o_wins"] == 0  # the full-depth searcher never loses on 3x3
    assert data["x"]["wins"] == data["x_wins"] > 0
    assert data["x"]["games_first"] == data["o"]["games_first"] == 10
    assert 0 < data["first_mover_wins"] < data["x_wins"]  # it won moving second too


def test_text_report_mirrors_the_simulator_figures(capsys):
    assert main(["simulate", "--x", "random", "--o", "random", "--games", "1000", "--seed", "2", "--swap"]) == 0
    out = capsys.readouterr().out
    for phrase in (
        "X wins",
        "O wins",
        "Draws",
        "%",
        "average move time",
        "average own moves to win",
        "average nodes per move",
        "average game time (moves only)",
        "average game length",
        "seed 2",
        "--swap",
    ):
        assert phrase in out
