"""``search --per-round``: a report's table of nodes per round, from the search playing itself."""

from __future__ import annotations

import json

from tictactoe_qt.cli.main import main
from tictactoe_qt.engine.game import Board


def run_json(capsys, *argv: str) -> dict:
    assert main(["search", "--json", *argv]) == 0
    return json.loads(capsys.readouterr().out)


def test_each_rounds_nodes_are_that_positions_search(capsys):
    argv = ("--algorithm", "alphabeta", "--ordering", "none", "--board", "x../.o./...")
    data = run_json(capsys, *argv, "--per-round")
    board = Board.from_notation("x../.o./...")
    assert [r["round"] for r in data["rounds"]] == list(range(1, len(data["rounds"]) + 1))
    for played in data["rounds"]:
        alone = run_json(capsys, "--algorithm", "alphabeta", "--ordering", "none", "--board", board.notation())
        assert played["to_move"] == board.turn
        assert (played["move"], played["nodes"], played["cutoffs"]) == (alone["move"], alone["nodes"], alone["cutoffs"])
        board.push(tuple(played["move"]))
    assert board.is_game_over() and data["final_board"] == board.notation()
    assert data["status"] == board.status == "draw"
    assert data["total_nodes"] == sum(r["nodes"] for r in data["rounds"])


def test_the_table_lists_every_round_and_the_total(capsys):
    assert main(["search", "--algorithm", "minimax", "--per-round"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "nodes of the search at each round" in lines[0]
    rows = [line.split() for line in lines[2:] if line.split()[0].isdigit()]
    assert [int(row[0]) for row in rows] == list(range(1, 10))  # a draw fills the board
    assert rows[0][1:4] == ["X", "r2c2", "549,946"]
    total = next(line for line in lines if line.split()[0] == "total").split()[1]
    assert int(total.replace(",", "")) == sum(int(row[3].replace(",", "")) for row in rows)
    assert lines[-1].endswith("it is a draw")


def test_help_documents_per_round(capsys):
    try:
        main(["search", "--help"])
    except SystemExit:
        pass
    described = " ".join(capsys.readouterr().out.split())
    assert "--per-round" in described and "nodes" in described and '"rounds"' in described
