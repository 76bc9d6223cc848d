"""Saved game files: a readable JSON round trip, and clear errors for bad files."""

from __future__ import annotations

import json

import pytest

from tictactoe_qt.engine import GameConfig, Move, PlayerSpec
from tictactoe_qt.engine.saved_game import SavedGame, SavedGameError, SavedPlayer


def sample() -> SavedGame:
    return SavedGame(
        GameConfig(4, 5, 3),
        {"x": SavedPlayer(PlayerSpec("human"), "Ada", "🐱"),
         "o": SavedPlayer(PlayerSpec.parse("alphabeta:depth=3"), "", "O")},
        (Move(0, 0), Move(3, 4), Move(1, 1)),
        first="o",
    )


def test_round_trip_keeps_everything():
    game = sample()
    loaded = SavedGame.from_json(game.to_json())
    assert loaded == game
    assert loaded.board().notation() == "x..../.x.../...../....o"


def test_file_is_readable_json():
    data = json.loads(sample().to_json())
    assert data["config"] == {"rows": 4, "cols": 5, "k": 3}
    assert data["players"]["o"]["spec"] == "alphabeta:depth=3"
    assert data["moves"] == [[0, 0], [3, 4], [1, 1]]
    assert data["first"] == "o"


def edited(**changes) -> str:
    data = json.loads(sample().to_json())
    data.update(changes)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("text", "complaint"),
    [
        ("{not json", "not a JSON file"),
        ("[]", "not a tictactoe-qt game"),
        (edited(format="chess"), "not a tictactoe-qt game"),
        (edited(version=7), "version"),
        (edited(config={"rows": 3, "cols": 3}), "config"),
        (edited(config={"rows": 30, "cols": 3, "k": 3}), "rows"),
        (edited(moves=[[0, 0], [0, 0]]), "move 2"),
        (edited(moves=[[9, 9]]), "move 1"),
        (edited(moves=[[0, "a"]]), "move 1"),
        (edited(moves="0,0"), "moves"),
        (edited(players={"x": {"spec": "wizard"}}), "wizard"),
        (edited(players={"z": {}}), "players"),
        (edited(first="z"), "first"),
    ],
)
def test_bad_files_raise_a_clear_error(text, complaint):
    with pytest.raises(SavedGameError, match=complaint):
        SavedGame.from_json(text)


def test_moves_after_the_end_are_refused():
    moves = [[0, 0], [1, 0], [0, 1], [1, 1], [0, 2], [2, 2]]
    text = edited(config={"rows": 3, "cols": 3, "k": 3}, moves=moves)
    with pytest.raises(SavedGameError, match="move 6"):
        SavedGame.from_json(text)
