"""A move called off while the engine thinks (Undo, New game): the engine stops, or is ended.

The fake brains log what they receive, so these tests assert on what the
engine was told and in which order, never on how fast the machine is.
"""

from __future__ import annotations

import stat
import sys
import threading
from pathlib import Path

import pytest

from tictactoe_qt.engine.game import Board, GameConfig, Move
from tictactoe_qt.engine.gomocup import EnginePlayer, ExternalEngine
from tictactoe_qt.engine.play import run_games
from tictactoe_qt.engine.players import PlayerSpec

from .fake_engines import FAKE_BRAIN
from .processes import gone_with
from .thinking_log import entries, gone, pids, said, think_for, thinking_pid

GOMOKU = GameConfig(15, 15, 5)
#: Long enough that a test waiting for an old thought to end would time out first.
LONG_THOUGHT = 60


def started_engine(engines, program: str, log=None) -> ExternalEngine:
    engine = ExternalEngine(program, log)
    engines.append(engine)
    assert engine.start(GOMOKU, LONG_THOUGHT)
    return engine


def once_thinking(program: str):
    """A ``should_stop`` that turns true as soon as the brain says it is thinking."""
    return lambda: thinking_pid(program) is not None


def board_with(*moves: tuple[int, int]) -> Board:
    board = Board(GOMOKU)
    for row, col in moves:
        board.push(Move(row, col))
    return board


def test_an_engine_that_knows_yxstop_stops_and_keeps_its_process(engines, fake_engine):
    program = fake_engine("stoppable")
    engine = started_engine(engines, program)
    think_for(program, LONG_THOUGHT)
    assert engine.choose(board_with((7, 7)), LONG_THOUGHT, once_thinking(program)) is None
    (pid,) = pids(program)
    assert said(program, pid)[-6:] == ["TURN 7,7", "think", "YXSTOP", "stopped", "moved 0,0", "ABOUT"]
    assert engine.is_running
    think_for(program, 0)
    # The position changed meanwhile (Undo, another move): it is sent whole, after RESTART.
    assert engine.choose(board_with((7, 7), (0, 0), (8, 8)), LONG_THOUGHT) == Move(0, 1)
    assert said(program, pid)[-8:-1] == ["RESTART", "BOARD", "7,7,2", "0,0,1", "8,8,2", "DONE", "think"]
    assert pids(program) == [pid]  # one process all along


def test_an_engine_that_ignores_yxstop_is_ended_and_waited_for(engines, fake_engine):
    program = fake_engine("thinker")
    log: list[str] = []
    engine = started_engine(engines, program, log.append)
    think_for(program, LONG_THOUGHT)
    assert engine.choose(board_with((7, 7)), LONG_THOUGHT, once_thinking(program)) is None
    (pid,) = pids(program)
    assert not engine.is_running
    assert log == ["ended: a called-off move, and it did not stop"]  # in the engine log
    assert gone(pid)  # ended, and no zombie left
    assert said(program, pid)[-2:] == ["TURN 7,7", "think"]  # never got to read YXSTOP


def test_after_an_ended_engine_the_next_move_restores_the_position_in_a_fresh_one(fake_engine):
    program = fake_engine("thinker")
    player = EnginePlayer(PlayerSpec("engine", time=LONG_THOUGHT, path=program))
    try:
        think_for(program, LONG_THOUGHT)
        called_off = player.choose(board_with((7, 7)), once_thinking(program))
        assert called_off.cancelled and called_off.move is None
        think_for(program, 0)
        result = player.choose(board_with((7, 7), (0, 0), (8, 8)))
        assert result.move == Move(0, 1) and not result.cancelled
        old, new = pids(program)
        assert gone(old)
        assert said(program, new)[:2] == ["ABOUT", "START 15"]
        assert said(program, new)[-7:-1] == ["BOARD", "7,7,2", "0,0,1", "8,8,2", "DONE", "think"]
    finally:
        player.close()
    assert gone_with(program) == []


def test_an_engine_that_had_just_answered_is_kept_in_step(engines, fake_engine):
    program = fake_engine("good")  # answers at once, and UNKNOWN to YXSTOP
    engine = started_engine(engines, program)
    assert engine.choose(board_with((7, 7)), LONG_THOUGHT, lambda: True) is None
    assert engine.is_running
    # The UNKNOWN it said to YXSTOP is not taken for the answer of the next move.
    assert engine.choose(board_with((7, 7), (0, 0), (8, 8)), LONG_THOUGHT) == Move(0, 1)
    assert len(pids(program)) == 1


def test_a_move_called_off_while_the_engine_starts_ends_it(fake_engine):
    program = fake_engine("deaf")  # never answers START
    player = EnginePlayer(PlayerSpec("engine", time=1.0, path=program))
    try:
        result = player.choose(
            board_with(), lambda: "START 15" in said(program, pids(program)[0]) if pids(program) else False
        )
        assert result.cancelled and result.move is None  # no forfeit: nobody wants the move
        assert all(gone(pid) for pid in pids(program))
    finally:
        player.close()


def test_an_engine_behind_a_wrapper_script_is_ended_with_its_script(engines, tmp_path):
    """A shell script that starts the engine without ``exec``: both are ended."""
    program = tmp_path / "pbrain-wrapped"
    program.write_text(f'#!/bin/sh\n"{sys.executable}" "{FAKE_BRAIN}" thinker "{program}"\n')
    program.chmod(program.stat().st_mode | stat.S_IXUSR)
    engine = started_engine(engines, str(program))
    think_for(str(program), LONG_THOUGHT)
    assert engine.choose(board_with((7, 7)), LONG_THOUGHT, once_thinking(str(program))) is None
    # The script is waited for; the engine it started is an orphan, killed with the group
    # (its end may take a moment on a busy machine) and reaped by init.
    assert gone_with(str(program)) == []
    assert not any(what.startswith("moved") for _, what in entries(str(program)))  # cut short


def test_our_own_brain_stops_on_yxstop_and_keeps_its_process(engines):
    """``pbrain-tictactoe-qt`` as the external engine: a 60 s think called off, then play on."""
    program = str(Path(sys.executable).with_name("pbrain-tictactoe-qt"))
    engine = started_engine(engines, program)
    pid = engine.pid
    call_off = threading.Event()
    threading.Timer(0.5, call_off.set).start()  # while it thinks (or before: same answer)
    assert engine.choose(board_with((7, 7)), LONG_THOUGHT, call_off.is_set) is None
    assert engine.is_running and engine.pid == pid  # stopped, not ended
    engine.start(GOMOKU, 0.3)
    move = engine.choose(board_with((7, 7), (0, 0), (8, 8)), 0.3)
    assert move is not None and move not in (Move(7, 7), Move(0, 0), Move(8, 8))
    assert engine.pid == pid


@pytest.mark.parametrize("mode", ["stoppable", "thinker"])
def test_a_batch_stopped_mid_thought_stops_the_engine(fake_engine, mode):
    program = fake_engine(mode)
    think_for(program, LONG_THOUGHT)
    spec = f"engine:path={program},time={LONG_THOUGHT}"
    records = list(run_games(GameConfig(7, 7, 5), "random", spec, 3, seed=1, should_stop=once_thinking(program)))
    assert records == []  # the game cut short is dropped
    assert gone_with(program) == []
    if mode == "thinker":
        assert not any(what.startswith("moved") for _, what in entries(program))  # cut short
    else:
        log = said(program, thinking_pid(program))  # not the board check's brain
        assert log[-5:-3] == ["YXSTOP", "stopped"] and log[-3].startswith("moved")
        assert log[-2:] == ["ABOUT", "END"]  # in step again, then ended politely
