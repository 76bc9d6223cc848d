"""External engines as players in simulations: faults lose by forfeit, no process stays behind."""

from __future__ import annotations

import pytest

from tictactoe_qt.engine.game import GameConfig
from tictactoe_qt.engine.gomocup import EngineUnavailable
from tictactoe_qt.engine.play import SimulationSummary, run_games, summarize_games
from tictactoe_qt.engine.players import PlayerSpec

from .processes import gone_with, running_with

SMALL_GOMOKU = GameConfig(7, 7, 5)


@pytest.mark.parametrize(
    ("mode", "reason"),
    [
        ("slow", "fake slow did not answer within 0.7 s"),
        ("taken", "fake taken played 0,0, which is already taken"),
        ("offboard", "fake offboard played 7,7, off the 7x7 board"),
        ("garbage", "fake garbage answered 'I think I will play somewhere nice', which is not a move"),
        ("error", "fake error answered 'ERROR out of ideas' instead of a move"),
        ("crash", "fake crash exited (status 3)"),
    ],
)
def test_every_fault_loses_the_game_by_forfeit_with_its_reason(fake_engine, mode, reason):
    path = fake_engine(mode)
    records = list(run_games(SMALL_GOMOKU, "random", f"engine:path={path},time=0.2", 2, seed=4))
    assert [record.winner for record in records] == ["x", "x"]
    assert [record.forfeit for record in records] == [f"O forfeits: {reason}"] * 2
    summary = SimulationSummary.from_records(SMALL_GOMOKU, "random", "engine", records)
    assert summary.forfeits == 2 and summary.players[1].forfeits == 2
    assert summary.as_dict()["forfeit_reasons"] == {f"O forfeits: {reason}": 2}
    assert gone_with(path) == []


def test_a_good_engine_plays_whole_games_and_is_gone_after_the_batch(fake_engine):
    path = fake_engine("good")
    records = list(run_games(SMALL_GOMOKU, f"engine:path={path}", "random", 4, seed=1, swap=True))
    assert len(records) == 4 and all(record.forfeit is None for record in records)
    assert {record.starter for record in records} == {"x", "o"}
    assert all(record.length >= 9 for record in records)
    assert gone_with(path) == []


def test_a_batch_stopped_halfway_leaves_no_engine_behind(fake_engine):
    path = fake_engine("good")
    games = run_games(SMALL_GOMOKU, f"engine:path={path}", "random", 50, seed=1)
    next(games)
    assert len(running_with(path)) == 1
    games.close()  # the caller drops the batch
    assert gone_with(path) == []


def test_the_summary_counts_forfeits_by_player(fake_engine):
    path = fake_engine("crash")
    summary = summarize_games(SMALL_GOMOKU, f"engine:path={path}", "random", 0, 3, seed=2, swap=True)
    assert summary.games == 3 and summary.x_wins == 0 and summary.o_wins == 3
    assert summary.forfeits == 3 and summary.players[0].forfeits == 3
    assert summary.as_dict()["x"]["forfeits"] == 3


@pytest.mark.parametrize(
    ("spec", "config", "message"),
    [
        ("engine:path=/no/such/pbrain-x", SMALL_GOMOKU, "no engine at /no/such/pbrain-x"),
        ("engine:path=/tmp", SMALL_GOMOKU, "is a folder"),
        ("engine:path={good}", GameConfig(3, 3, 3), "k=5"),
        ("engine:path={good}", GameConfig(4, 9, 4), "from 5x5"),
    ],
)
def test_unusable_engines_are_refused_before_any_game(fake_engine, spec, config, message):
    good = fake_engine("good")
    with pytest.raises(EngineUnavailable, match=message):
        run_games(config, spec.format(good=good), "random", 3)
    assert gone_with(good) == []


@pytest.mark.parametrize(
    ("text", "path", "time"),
    [
        ("engine:path=/opt/pbrain-x", "/opt/pbrain-x", 1.0),
        ("engine:path=/opt/pbrain-x,time=2.5", "/opt/pbrain-x", 2.5),
        ("engine:time=3,path=/opt/my engines/pbrain-x", "/opt/my engines/pbrain-x", 3.0),
        ("Engine:path=/opt/a,b:c/pbrain-x,time=2", "/opt/a,b:c/pbrain-x", 2.0),
        ("engine:path=C:\\engines\\pbrain-x.exe", "C:\\engines\\pbrain-x.exe", 1.0),
    ],
)
def test_an_engine_path_is_everything_after_path_up_to_a_final_time(text, path, time):
    spec = PlayerSpec.parse(text)
    assert (spec.kind, spec.path, spec.time) == ("engine", path, time)
    assert PlayerSpec.parse(str(spec)) == spec


@pytest.mark.parametrize("text", ["engine", "engine:", "engine:time=2", "engine:path="])
def test_an_engine_without_a_path_is_a_clear_error(text):
    with pytest.raises(ValueError, match="engine:path=/path/to/pbrain-x"):
        PlayerSpec.parse(text)
