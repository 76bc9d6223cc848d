"""The minimax and alpha-beta players with textbook options play the CLI ``search``'s move.

A player given ``ordering``, ``scoring``, ``evaluation`` or ``form`` must pick its
move with exactly the search ``tictactoe-qt search`` runs with those options:
the same move and the same node and cut-off counts. Without them it keeps the
engine's own search.
"""

from __future__ import annotations

import json

import pytest

from tests.engine.traced_decision import textbook_search
from tictactoe_qt.cli.main import main
from tictactoe_qt.engine.game import Board
from tictactoe_qt.engine.players import TextbookOptions, make_player
from tictactoe_qt.engine.search import alphabeta_search, minimax_search

#: (player spec, position, k or None, the CLI's search arguments).
CASES = [
    (
        "alphabeta:ordering=none,scoring=textbook",
        "...|...|...",
        None,
        ["--algorithm", "alphabeta", "--ordering", "none", "--scoring", "textbook"],
    ),
    (
        "alphabeta:depth=4,ordering=centre,scoring=textbook,evaluation=open-lines,form=negamax",
        "x../.o./...",
        None,
        [
            "--algorithm",
            "alphabeta",
            "--depth",
            "4",
            "--ordering",
            "centre",
            "--scoring",
            "textbook",
            "--evaluation",
            "open-lines",
            "--form",
            "negamax",
        ],
    ),
    (
        "alphabeta:ordering=wins,scoring=distance",
        "xx./.../..o",
        None,
        ["--algorithm", "alphabeta", "--ordering", "wins", "--scoring", "distance"],
    ),
    ("alphabeta:ordering=table", "x../.../...", None, ["--algorithm", "alphabeta-tt", "--ordering", "table"]),
    (
        "minimax:depth=2,evaluation=zero",
        "x.../.o../..../....",
        3,
        ["--algorithm", "minimax", "--depth", "2", "--evaluation", "zero"],
    ),
    (
        "minimax:form=negamax,scoring=distance",
        "xo./.x./...",
        None,
        ["--algorithm", "minimax", "--form", "negamax", "--scoring", "distance"],
    ),
    (
        "alphabeta:depth=3,ordering=none",
        "..../.x../..o./....",
        3,
        ["--algorithm", "alphabeta", "--depth", "3", "--ordering", "none"],
    ),
]


def _board(notation: str, k: int | None) -> Board:
    return Board.from_notation(notation.replace("|", "/"), k=k)


def _cli_search(capsys: pytest.CaptureFixture[str], notation: str, k: int | None, argv: list[str]) -> dict[str, object]:
    where = ["--board", notation.replace("|", "/")] + ([] if k is None else ["--k", str(k)])
    assert main(["search", "--json", *where, *argv]) == 0
    return json.loads(capsys.readouterr().out)  # type: ignore[no-any-return]


@pytest.mark.parametrize(("spec", "notation", "k", "argv"), CASES)
def test_a_textbook_player_plays_the_cli_search_node_for_node(capsys, spec, notation, k, argv):
    board = _board(notation, k)
    result = make_player(spec, seed=1).choose(board)
    cli = _cli_search(capsys, notation, k, argv)
    assert [result.move.row, result.move.col] == cli["move"]
    assert (result.stats.nodes, result.stats.cutoffs) == (cli["nodes"], cli["cutoffs"])
    assert result.algorithm == cli["algorithm"]
    assert result.score == cli["score"]


def test_the_player_equals_textbook_search_called_directly():
    board = Board.from_notation("x../.o./..x")
    options = TextbookOptions(ordering="centre", scoring="distance", form="negamax")
    player = make_player("alphabeta:ordering=centre,scoring=distance,form=negamax")
    direct = textbook_search(board, "alphabeta", options)
    played = player.choose(board)
    assert (played.move, played.stats.nodes, played.stats.cutoffs) == (
        direct.move,
        direct.stats.nodes,
        direct.stats.cutoffs,
    )


def test_the_options_change_what_the_player_visits():
    """Reading order and centre-first differ on the empty board, so the option really reaches it."""
    board = Board()
    plain = make_player("alphabeta:ordering=none").choose(board)
    centre = make_player("alphabeta:ordering=centre").choose(board)
    assert plain.stats.nodes != centre.stats.nodes
    assert centre.move.row == centre.move.col == 1


def test_without_options_the_players_keep_the_engines_search():
    board = Board.from_notation("x../.o./...")
    for spec, engine in (
        ("alphabeta:depth=4", lambda: alphabeta_search(board, 4)),
        ("minimax:depth=3", lambda: minimax_search(board, 3)),
    ):
        played, direct = make_player(spec).choose(board), engine()
        assert (played.algorithm, played.move, played.stats.nodes) == (
            direct.algorithm,
            direct.move,
            direct.stats.nodes,
        )


def test_the_table_ordering_searches_with_a_table():
    result = make_player("alphabeta:ordering=table").choose(Board())
    assert result.algorithm == "alphabeta-tt"
    assert result.stats.tt_hits > 0


def test_a_saved_game_keeps_the_search_options():
    from tictactoe_qt.engine.game import GameConfig, Move, SavedGame, SavedPlayer
    from tictactoe_qt.engine.players import PlayerSpec

    specs = {
        "x": PlayerSpec.parse("alphabeta:depth=1-10,ordering=table,form=negamax"),
        "o": PlayerSpec.parse("average:depth=2-3"),
    }
    game = SavedGame(GameConfig(), {seat: SavedPlayer(spec) for seat, spec in specs.items()}, (Move(1, 1),), "x")
    loaded = SavedGame.from_json(game.to_json())
    assert {seat: player.spec for seat, player in loaded.players.items()} == specs
