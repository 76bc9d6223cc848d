"""``tictactoe-qt search``: the JSON contract and the refusal of hopeless searches."""

from __future__ import annotations

import json

import pytest

from tictactoe_qt.cli.main import main
from tictactoe_qt.engine.players import PLAYER_FACTORIES, make_player

CONTRACT = {
    "algorithm",
    "move",
    "score",
    "exact",
    "nodes",
    "depth",
    "max_ply",
    "cutoffs",
    "tt_hits",
    "elapsed_seconds",
    "pv",
}


def _search_json(capsys, *argv: str) -> dict:
    assert main(["search", "--json", *argv]) == 0
    return json.loads(capsys.readouterr().out)


def test_exact_search_has_exactly_the_contract_keys_with_result(capsys):
    data = _search_json(capsys, "--algorithm", "minimax", "--board", "xo./.x./...")
    assert set(data) == CONTRACT | {"result"}
    assert data["algorithm"] == "minimax" and data["exact"] is True
    assert data["result"] == "x"
    assert data["move"] == [2, 2]
    assert data["pv"][0] == data["move"]


def test_depth_limited_search_has_no_result_key(capsys):
    data = _search_json(capsys, "--algorithm", "alphabeta", "--depth", "2", "--size", "7", "--k", "5")
    assert set(data) == CONTRACT
    assert data["exact"] is False and data["depth"] == 2


def test_plain_minimax_from_the_empty_board_visits_549946_nodes(capsys):
    data = _search_json(capsys, "--algorithm", "minimax")
    assert data["nodes"] == 549_946
    assert data["result"] == "draw"


@pytest.mark.parametrize("algorithm", ["minimax", "average"])
def test_unpruned_search_to_the_end_of_a_big_board_is_refused(capsys, algorithm):
    assert main(["search", "--algorithm", algorithm, "--size", "4"]) == 2
    err = capsys.readouterr().err
    assert "--depth" in err and len(err.strip().splitlines()) == 1


def test_perfect_solves_4x4(capsys):
    data = _search_json(capsys, "--algorithm", "perfect", "--size", "4", "--time", "5")
    assert data["exact"] is True and data["result"] == "draw"


def test_a_time_limit_stops_a_long_search(capsys):
    assert (
        main(["search", "--json", "--algorithm", "minimax", "--depth", "7", "--size", "5", "--k", "4", "--time", "0.2"])
        == 0
    )
    captured = capsys.readouterr()
    data = json.loads(captured.out)
    assert data["elapsed_seconds"] < 2
    assert "stopped" in captured.err


def test_random_and_registered_players_answer(capsys):
    make_player("random")
    names = ["random"] + (["mcts"] if "mcts" in PLAYER_FACTORIES else [])
    for name in names:
        data = _search_json(capsys, "--algorithm", name, "--board", "x../.o./...", "--time", "0.1", "--seed", "1")
        assert data["algorithm"] == name
        assert data["move"] is not None


def test_text_output_shows_move_and_statistics(capsys):
    assert main(["search", "--algorithm", "alphabeta", "--board", "xo./.x./..."]) == 0
    out = capsys.readouterr().out
    for phrase in ("move", "row 3, column 3", "X wins", "nodes", "cut-offs", "time"):
        assert phrase in out


def test_a_forced_win_within_a_depth_limit_reads_as_a_win(capsys):
    # 7x7, k=4: too big to solve, but a search 8 plies deep proves x wins in 7 plies.
    board = "......./......./..x..../...xo../....o../......./......."
    args = ["search", "--algorithm", "perfect", "--depth", "8", "--time", "60", "--k", "4", "--board", board]
    assert main([*args, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["exact"] is False and data["score"] == 1_000_000_000 - 7
    assert main(args) == 0
    text = capsys.readouterr().out
    assert "  value        X wins in 7 plies against every reply searched (depth 8)" in text
    assert "e+" not in text and "999999993" not in text


BIG_BOARD_ONE_X = "......./......./......./...x.../......./......./......."


def test_a_heuristic_score_names_its_side_as_analyze_does(capsys):
    """'-9 for O (heuristic, depth 2)', never an unnamed 'side to move's view'."""
    argv = ["--algorithm", "alphabeta", "--board", BIG_BOARD_ONE_X, "--k", "5", "--depth", "2"]
    score = _search_json(capsys, *argv)["score"]
    assert main(["search", *argv]) == 0
    text = capsys.readouterr().out
    assert "a 7x7, k=5 board, 1 stone, O to move" in text
    assert f"  score        {score:+g} for O (heuristic, depth 2)" in text.splitlines()
    assert "side to move" not in text


def test_random_and_mcts_scores_say_what_they_are(capsys):
    assert main(["search", "--algorithm", "random", "--size", "7", "--k", "5", "--seed", "1"]) == 0
    assert "score        none (random play does not score moves)" in capsys.readouterr().out
    assert main(["search", "--algorithm", "mcts", "--size", "7", "--k", "5", "--seed", "1", "--time", "0.1"]) == 0
    assert "for X (mean playout result, from -100 to +100)" in capsys.readouterr().out


def test_a_depth_of_1_reads_1_ply(capsys):
    assert main(["search", "--algorithm", "alphabeta", "--size", "7", "--k", "5", "--depth", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert any(line.startswith("  depth        1 ply (deepest") for line in lines), lines
    assert "for X (heuristic, depth 1)" in "\n".join(lines)


def test_an_exact_draw_reads_as_analyze_writes_it(capsys):
    """'draw in 8 plies', the one wording of value_notation, not 'draw (8 plies to a full board)'."""
    assert main(["analyze", "x../.../..."]) == 0
    assert "perfect play: draw in 8 plies (exact)" in capsys.readouterr().out
    assert main(["search", "--algorithm", "perfect", "--exact", "--no-cache", "--board", "x../.../..."]) == 0
    assert "  value        draw in 8 plies (exact)" in capsys.readouterr().out.splitlines()


@pytest.mark.parametrize("algorithm", ["mcts", "random"])
def test_depth_is_refused_where_the_search_would_ignore_it(capsys, algorithm):
    assert main(["search", "--algorithm", algorithm, "--depth", "3"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and f"'{algorithm}' would ignore it" in err[0], err


def test_alphabeta_tt_alone_runs_the_textbook_search_with_its_defaults(capsys):
    """Named in --help's textbook group, it said 'unknown algorithm' without an option."""
    plain = _search_json(capsys, "--algorithm", "alphabeta-tt", "--board", "x../.o./...")
    given = _search_json(capsys, "--algorithm", "alphabeta-tt", "--board", "x../.o./...", "--ordering", "none")
    assert plain == {**given, "elapsed_seconds": plain["elapsed_seconds"]}
    assert plain["exact"] is True and plain["nodes"] > 0


@pytest.mark.parametrize("name", ["telepathy", "engine-ish:x"])
def test_an_unknown_algorithm_lists_every_name_help_lists(capsys, name):
    """The error named the algorithms without alphabeta-tt, which --help lists."""
    assert main(["search", "--help"]) == 0
    listed = " ".join(capsys.readouterr().out.split())
    assert main(["search", "--algorithm", name]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "unknown algorithm" in err[0], err
    for algorithm in ("minimax", "alphabeta", "alphabeta-tt", "average", "perfect", "mcts"):
        assert f"{algorithm}," in listed and f" {algorithm}," in err[0], (algorithm, err[0])
