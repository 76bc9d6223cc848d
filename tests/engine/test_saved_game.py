"""Saved game files: a readable JSON round trip, and clear, bounded errors for bad files."""

from __future__ import annotations

import json
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tictactoe_qt.engine.game import (
    MAX_DEPTH,
    MAX_FILE_BYTES,
    MAX_SIZE,
    GameConfig,
    Move,
    SavedGame,
    SavedGameError,
    SavedPlayer,
    read_game_file,
    write_game_file,
)
from tictactoe_qt.engine.players import PlayerSpec

#: An error names the problem in one line and quotes at most a short excerpt.
MAX_MESSAGE = 200


def sample() -> SavedGame:
    return SavedGame(
        GameConfig(4, 5, 3),
        {
            "x": SavedPlayer(PlayerSpec("human"), "Ada", "🐱"),
            "o": SavedPlayer(PlayerSpec.parse("alphabeta:depth=3"), "", "O"),
        },
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


def test_the_longest_game_is_far_below_the_size_limit(tmp_path):
    config = GameConfig(MAX_SIZE, MAX_SIZE, MAX_SIZE)
    board = SavedGame(config).board()
    for move in (Move(r, c) for r in range(MAX_SIZE) for c in range(MAX_SIZE)):
        if not board.is_game_over():
            board.push(move)
    moves = tuple(Move.from_index(i, MAX_SIZE) for i in board.history)
    assert len(moves) > (MAX_SIZE - 1) * MAX_SIZE
    game = SavedGame(config, {"x": SavedPlayer(name="n" * 40, mark="🐱" * 4)}, moves)
    write_game_file(tmp_path / "long.json", game)
    assert (tmp_path / "long.json").stat().st_size < MAX_FILE_BYTES / 20
    assert read_game_file(tmp_path / "long.json") == game


def test_a_20x20_game_round_trips_through_a_file(tmp_path):
    config = GameConfig(20, 20, 5)
    moves = (Move(19, 19), Move(0, 19), Move(19, 0), Move(10, 10), Move(18, 18))
    game = SavedGame(config, {"x": SavedPlayer(PlayerSpec.parse("perfect:time=0.5"))}, moves)
    write_game_file(tmp_path / "freestyle.json", game)
    loaded = read_game_file(tmp_path / "freestyle.json")
    assert loaded == game
    assert loaded.board().mark_at(19, 19) == "x" and loaded.board().mark_at(0, 19) == "o"


def test_a_file_one_past_the_largest_board_is_refused_in_one_line(tmp_path):
    data = json.loads(sample().to_json())
    data["config"] = {"rows": MAX_SIZE + 1, "cols": MAX_SIZE + 1, "k": 5}
    (tmp_path / "huge.json").write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SavedGameError) as caught:
        read_game_file(tmp_path / "huge.json")
    message = str(caught.value)
    assert f"rows must be a whole number from 3 to {MAX_SIZE}, got {MAX_SIZE + 1}" in message
    assert "\n" not in message and len(message) <= MAX_MESSAGE, message


def edited(**changes) -> str:
    data = json.loads(sample().to_json())
    data.update(changes)
    return json.dumps(data)


def missing(key: str) -> str:
    data = json.loads(sample().to_json())
    del data[key]
    return json.dumps(data)


def player(seat: str, **entry) -> str:
    data = json.loads(sample().to_json())
    data["players"][seat].update(entry)
    return json.dumps(data)


X_WINS = [[0, 0], [1, 0], [0, 1], [1, 1], [0, 2]]
BAD_FILES = [
    ("", "not valid JSON"),
    ("{not json", r"not valid JSON: Expecting property name .* \(line 1, column 2\)"),
    ("{", "not valid JSON"),
    # A save cut off inside a string: json's own words end in "at", so no second "at".
    ('{"format": "tictactoe-qt/ga', r"Unterminated string starting at \(line 1, column 12\)$"),
    ("null", "not a tictactoe-qt game"),
    ("[]", "not a tictactoe-qt game"),
    ('"text"', "not a tictactoe-qt game"),
    ("1" * 5000, "not valid JSON"),  # more digits than Python converts
    ("[" * 5000 + "]" * 5000, "nested too deeply"),
    ('{"a":' * 5000 + "1" + "}" * 5000, "nested too deeply"),
    (edited(format="chess"), "not a tictactoe-qt game"),
    (edited(format=None), "not a tictactoe-qt game"),
    (edited(version=7), "version 7; this program reads version 1"),
    (edited(version="1"), 'version "1"'),
    (edited(version=True), "version true"),
    (edited(version=1.0), "version 1.0"),
    (edited(version=None), "version null"),
    (missing("version"), "'version' is missing"),
    (edited(config=None), "'config' must be an object"),
    (edited(config=[3, 3, 3]), "'config' must be an object"),
    (edited(config={"rows": 3, "cols": 3}), r"marks in a row to win \('k' in 'config'\) is missing"),
    (edited(config={"rows": 3, "cols": 3, "k": 3.0}), "must be a whole number, not 3.0"),
    (
        edited(config={"rows": True, "cols": 3, "k": 3}),
        r"number of rows \('rows' in 'config'\) must be a whole number, not true",
    ),
    (edited(config={"rows": "3", "cols": 3, "k": 3}), 'not "3"'),
    (
        edited(config={"rows": 3, "cols": None, "k": 3}),
        r"number of columns \('cols' in 'config'\) must be a whole number, not null",
    ),
    (edited(config={"rows": 3, "cols": "x" * 5000, "k": 3}), 'not "x+…$'),
    (edited(config={"rows": 30, "cols": 3, "k": 3}), "board size is impossible: rows"),
    (edited(config={"rows": 3, "cols": 3, "k": 4}), "board size is impossible: k"),
    (edited(config={"rows": 10**40, "cols": 3, "k": 3}), "board size is impossible"),
    (edited(config={"rows": -3, "cols": 3, "k": 3}), "board size is impossible"),
    (edited(moves=[[0, 0], [0, 0]]), r"move 2, row 1, column 1, is on a taken cell"),
    (edited(moves=[[1, 2], [3, 4], [1, 2]]), r"move 3, row 2, column 3, is on a taken cell"),
    (edited(moves=[[9, 9]]), r"move 1, \[9, 9\] in the file, is off the 4x5 board"),
    (edited(moves=[[-1, 0]]), r"move 1, \[-1, 0\] in the file, is off"),
    (edited(moves=[[10**30, 0]]), "move 1, .* is off the 4x5 board"),
    (edited(moves=[[0, "a"]]), r"move 1 must be a pair \[row, column\]"),
    (edited(moves=[[0, 1.0]]), "move 1 must be a pair"),
    (edited(moves=[[0, True]]), "move 1 must be a pair"),
    (edited(moves=[[0]]), "move 1 must be a pair"),
    (edited(moves=[[0, 1, 2]]), "move 1 must be a pair"),
    (edited(moves=[{"row": 0}]), "move 1 must be a pair"),
    (edited(moves=[[0, 0], None]), "move 2 must be a pair"),
    (edited(moves="0,0"), "'moves' must be a list"),
    (edited(moves=None), "'moves' must be a list"),
    (edited(moves=[[0, 0]] * 5000), "lists 5000 moves, but a 4x5 board has only 20 cells"),
    (
        edited(config={"rows": 3, "cols": 3, "k": 3}, moves=[*X_WINS, [2, 2]]),
        "move 6, row 3, column 3, comes after the game was already over",
    ),
    (edited(players={"x": {"spec": "wizard"}}), "player X: 'wizard' is not a player"),
    (edited(players={"z": {}}), "'players' must be an object"),
    (edited(players=[]), "'players' must be an object"),
    (edited(players={"x": "human"}), "player X must be an object"),
    (edited(players={"x": {"spec": 5}}), "player X: spec, name and mark must be text"),
    (player("o", spec="minimax:depth=3000000000"), f"player O: depth 3000000000 is more than {MAX_DEPTH}"),
    (player("o", spec=f"minimax:depth={MAX_DEPTH + 1}"), "is more than"),
    (player("o", spec="minimax:depth=-1"), "not a player this program knows"),
    (player("o", spec="minimax:depth=" + "9" * 5000), "not a player this program knows"),
    (player("o", spec="perfect:time=1e999"), "not a player"),
    (player("o", spec="perfect:time=nan"), "not a player"),
    (player("o", spec="perfect:time=0"), "not a player"),
    (player("o", spec="random:depth=2"), "not a player"),
    (player("o", spec="wizard" * 1000), r"player O: 'wizardwizard.*\.\.\..*' is not a player"),
    (player("o", mark="🐱"), "both players have the mark '🐱'"),
    (edited(players={"x": {"mark": ""}, "o": {"mark": "x"}}), "both players have the mark 'X'"),
    (player("o", mark="  🐱 "), "both players have the mark"),
    (player("x", mark="o"), "both players have the mark"),
    (player("o", mark="ABCDEFGHI"), "marks have at most 8 characters"),
    (player("o", mark="🐱" * 5), "marks have at most 8 characters"),  # 10 UTF-16 units
    (player("o", name="n" * 41), "names at most 40"),
    (player("o", mark="\udcff"), "player O's mark can't be shown: it holds a broken character"),
    (player("o", mark="a\nb"), "player O's mark can't be shown: it holds a control character"),
    (player("x", name="Ada\x00"), "player X's name can't be shown"),
    (player("o", mark=None), "must be text"),
    (edited(first="z"), "'first' must be 'x' or 'o'"),
    (edited(first=None), "'first' must be"),
    (edited(first=["x"]), "'first' must be"),
]


@pytest.mark.parametrize(("text", "complaint"), BAD_FILES, ids=[f"bad{i}" for i in range(len(BAD_FILES))])
def test_bad_files_raise_a_clear_one_line_error(text, complaint):
    with pytest.raises(SavedGameError, match=complaint) as raised:
        SavedGame.from_json(text)
    message = str(raised.value)
    assert "\n" not in message and len(message) <= MAX_MESSAGE, message
    assert "Move(" not in message and "/" not in message.replace("tictactoe-qt/game", "")


def test_players_may_be_missing_or_use_the_default_marks():
    data = json.loads(sample().to_json())
    data["players"] = {"x": {"mark": ""}, "o": {}}
    game = SavedGame.from_json(json.dumps(data))
    assert game.players["x"].mark == "" and game.players["o"].spec == PlayerSpec("human")


# -- files -------------------------------------------------------------------------------


def test_a_file_above_the_limit_is_refused_with_its_size_without_reading_it(tmp_path):
    path = tmp_path / "huge.json"
    with open(path, "wb") as stream:
        stream.truncate(50_000_000)  # sparse: 50 MB of nothing
    with pytest.raises(SavedGameError, match=r"it is 50\.0 MB; game files are at most 1\.0 MB"):
        read_game_file(path)


@pytest.mark.parametrize("name", ["/dev/zero", "/dev/null"])
def test_a_device_is_refused_without_reading_it(name):
    with pytest.raises(SavedGameError, match=r"it is not a file \(a folder, device or pipe\)"):
        read_game_file(name)


def test_a_named_pipe_is_refused_at_once(tmp_path):
    os.mkfifo(tmp_path / "pipe.json")  # opening it for reading would wait for a writer
    with pytest.raises(SavedGameError, match="not a file"):
        read_game_file(tmp_path / "pipe.json")


@pytest.mark.parametrize(
    ("content", "complaint"),
    [
        (b"\xff\xfe{}", "not a text file .byte 1 is not UTF-8"),
        (b'{"format": "\xc3"}', "byte 13 is not UTF-8"),
        (b"", "not valid JSON"),
    ],
)
def test_a_file_that_is_not_text_is_refused(tmp_path, content, complaint):
    path = tmp_path / "g.json"
    path.write_bytes(content)
    with pytest.raises(SavedGameError, match=complaint):
        read_game_file(path)


def test_missing_files_and_folders_are_errors_in_words(tmp_path):
    with pytest.raises(SavedGameError, match="can't be read: No such file"):
        read_game_file(tmp_path / "nope.json")
    with pytest.raises(SavedGameError, match="can't be read: Is a directory"):
        read_game_file(tmp_path)


def test_a_lone_surrogate_mark_is_an_error_before_the_old_file_is_touched(tmp_path):
    path = tmp_path / "g.json"
    write_game_file(path, sample())
    before = path.read_bytes()
    broken = SavedGame(players={"x": SavedPlayer(mark="\udcff")})
    complaint = r"player X's mark can't be saved: it holds a broken character \(U\+DCFF\)"
    with pytest.raises(SavedGameError, match=complaint):
        write_game_file(path, broken)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["g.json"]


# -- fuzzing -------------------------------------------------------------------------------

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False)
    | st.text(max_size=12)
    | st.sampled_from(["x", "o", "X", "human", "minimax:depth=2", ""]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)
paths = st.sampled_from(
    [
        ("format",),
        ("version",),
        ("config",),
        ("config", "rows"),
        ("config", "k"),
        ("first",),
        ("players",),
        ("players", "x"),
        ("players", "o", "spec"),
        ("players", "o", "mark"),
        ("players", "x", "name"),
        ("moves",),
        ("moves", 0),
        ("moves", 1, 0),
        ("extra",),
    ]
)


def _holds(data, key) -> bool:
    if isinstance(data, dict):
        return isinstance(key, str)
    return isinstance(data, list) and isinstance(key, int) and key < len(data)


def _set(data, path, value):
    """Set ``data[path...]`` if the path still leads somewhere (earlier edits may cut it)."""
    *parents, last = path
    for key in parents:
        if not _holds(data, key) or (isinstance(data, dict) and key not in data):
            return
        data = data[key]
    if _holds(data, last):
        data[last] = value


# 150 files of one to three edits: some 300 edits, about 20 at each of the 15 places,
# with values of every JSON type.
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(paths, json_values), min_size=1, max_size=3))
def test_any_edit_of_a_valid_file_loads_a_playable_game_or_fails_in_words(edits):
    data = json.loads(sample().to_json())
    for path, value in edits:
        _set(data, path, value)
    try:
        game = SavedGame.from_json(json.dumps(data))
    except SavedGameError as error:
        assert "\n" not in str(error) and len(str(error)) <= MAX_MESSAGE
        return
    game.board()
    marks = [(game.players.get(s, SavedPlayer()).mark or s.upper()).casefold() for s in "xo"]
    assert marks[0] != marks[1]
    assert all(p.spec.depth is None or p.spec.depth <= MAX_DEPTH for p in game.players.values())


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=300))
def test_any_bytes_load_or_fail_in_words(tmp_path_factory, content):
    path = tmp_path_factory.mktemp("fuzz") / "g.json"
    path.write_bytes(content)
    try:
        read_game_file(path)
    except SavedGameError as error:
        assert "\n" not in str(error) and len(str(error)) <= MAX_MESSAGE
