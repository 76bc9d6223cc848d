"""Our side of the protocol: an external engine as a child process, and its faults."""

from __future__ import annotations

import os

import pytest

from tictactoe_qt.engine.game import MAX_SIZE, Board, GameConfig, Move
from tictactoe_qt.engine.gomocup import EngineFault, EngineUnavailable, ExternalEngine, check_engine_board

GOMOKU = GameConfig(15, 15, 5)


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    with open(f"/proc/{pid}/stat") as stat:
        return stat.read().split(")")[-1].split()[0] != "Z"


def start(engines, path, config=GOMOKU, turn=2.0, log=None):
    engine = ExternalEngine(path, log)
    engines.append(engine)
    engine.start(config, turn)
    return engine


def test_plays_a_game_through_begin_and_turn_and_reads_its_name(engines, fake_engine):
    engine = start(engines, fake_engine("good"))
    assert engine.name == "fake good"
    board = Board(GOMOKU)
    board.push(engine.choose(board, 2.0))  # BEGIN
    assert board.history == [0]
    board.push(Move(7, 7))
    board.push(engine.choose(board, 2.0))  # TURN 7,7
    assert board.mark_at(0, 1) == "x"


def test_an_unknown_history_is_sent_as_board(engines, fake_engine):
    engine = start(engines, fake_engine("good"))
    board = Board.from_notation("x" + "." * 14 + "/" + "/".join(["." * 15] * 14), k=5)
    board.push(Move(5, 5))
    board.push(Move(6, 6))  # the engine never saw these: BOARD ... DONE
    move = engine.choose(board, 2.0)
    assert move == Move(0, 1)


def test_restarts_between_games_on_one_process(engines, fake_engine):
    engine = start(engines, fake_engine("good"))
    board = Board(GOMOKU)
    board.push(engine.choose(board, 2.0))
    engine.start(GOMOKU, 2.0)  # RESTART
    fresh = Board(GOMOKU)
    assert engine.choose(fresh, 2.0) == Move(0, 0)


def test_rectangles_use_rectstart_with_width_first(engines, fake_engine):
    engine = start(engines, fake_engine("offboard"), config=GameConfig(7, 10, 5))
    with pytest.raises(EngineFault, match=r"played 10,7, off the 10x7 board"):
        engine.choose(Board(GameConfig(7, 10, 5)), 2.0)


@pytest.mark.parametrize(
    ("mode", "reason"),
    [
        ("garbage", "which is not a move"),
        ("error", "answered 'ERROR out of ideas' instead of a move"),
        ("crash", r"exited \(status 3\)"),
        ("slow", r"did not answer within 0\.\d s"),
    ],
)
def test_faults_are_the_engines_and_name_the_reason(engines, fake_engine, mode, reason):
    engine = start(engines, fake_engine(mode), turn=0.2)
    with pytest.raises(EngineFault, match=reason):
        engine.choose(Board(GOMOKU), 0.2)


def test_a_taken_cell_is_a_fault(engines, fake_engine):
    engine = start(engines, fake_engine("taken"))
    board = Board(GOMOKU)
    board.push(engine.choose(board, 2.0))
    board.push(Move(9, 9))
    with pytest.raises(EngineFault, match="played 0,0, which is already taken"):
        engine.choose(board, 2.0)


def test_an_engine_that_never_starts_is_a_fault(engines, fake_engine, monkeypatch):
    monkeypatch.setattr("tictactoe_qt.engine.gomocup.client.START_SECONDS", 0.5)
    with pytest.raises(EngineFault, match="did not answer START"):
        start(engines, fake_engine("deaf"))


def test_messages_and_stderr_go_to_the_log_never_taken_for_moves(engines, fake_engine):
    log: list[str] = []
    engine = start(engines, fake_engine("chatty"), log=log.append)
    assert engine.choose(Board(GOMOKU), 2.0) == Move(0, 0)
    assert "MESSAGE thinking hard" in log and "DEBUG depth 1" in log
    engine.close()
    assert "stderr: a note on stderr" in log


def test_close_ends_the_process_even_a_busy_one(engines, fake_engine):
    engine = start(engines, fake_engine("slow"), turn=0.1)
    pid = engine.pid
    with pytest.raises(EngineFault):
        engine.choose(Board(GOMOKU), 0.1)
    engine.close()
    assert not alive(pid)
    engine.close()  # twice is fine


@pytest.mark.parametrize(
    ("path", "message"),
    [("/no/such/pbrain", "no engine at /no/such/pbrain"), ("/tmp", "is a folder"), ("", "needs a path")],
)
def test_bad_paths_are_clear_errors_before_anything_starts(path, message):
    with pytest.raises(EngineUnavailable, match=message):
        ExternalEngine(path)


def test_a_file_that_is_not_executable_is_refused(tmp_path):
    program = tmp_path / "pbrain-plain"
    program.write_text("not a program")
    with pytest.raises(EngineUnavailable, match="is not executable"):
        ExternalEngine(str(program))


@pytest.mark.parametrize("config", [GameConfig(3, 3, 3), GameConfig(15, 15, 4), GameConfig(4, 19, 4)])
def test_engines_play_k5_only_on_boards_from_5_up(config):
    with pytest.raises(EngineUnavailable, match="five in a row"):
        check_engine_board(config)


@pytest.mark.parametrize(("rows", "cols"), [(20, 20), (5, 20), (MAX_SIZE, MAX_SIZE)])
def test_engines_play_gomocup_freestyle_20x20_and_up_to_the_largest_board(rows, cols):
    check_engine_board(GameConfig(rows, cols, 5))
