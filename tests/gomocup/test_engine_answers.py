"""Whatever an engine answers, the batch reports: a bad answer forfeits that game in one line.

Fake engines answer on purpose what real ones have been seen to send: unicode
digits (``²,³`` passes ``str.isdigit``), cells off the board or taken, junk,
control bytes and lines of a megabyte; and one drops commands that arrive right
after its own answer, as Rapfi does.
"""

from __future__ import annotations

import json
import subprocess

import pytest

from tests.cli.in_process import run_in_process
from tests.cli.process_tree import run_command
from tictactoe_qt.engine.game import Board, GameConfig, Move
from tictactoe_qt.engine.gomocup import EngineFault, ExternalEngine

from .fake_brain import HASTY_SECONDS
from .processes import gone_with

GOMOKU = GameConfig(15, 15, 5)
#: Separates the answers of successive moves in a scripted engine's file.
NEXT_MOVE = b"\n\n"


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return run_command(*args, timeout=180)


def scripted(fake_engine, *answers: bytes) -> str:
    """A fake engine that answers its moves with ``answers``, then plays well."""
    path = fake_engine("scripted")
    with open(path + ".answers", "wb") as script:
        script.write(NEXT_MOVE.join(answers))
    return path


@pytest.mark.parametrize(
    ("answers", "reason"),
    [
        (["²,³".encode()], "answered '²,³', which is not a move"),
        (["٣,٤".encode()], "answered '٣,٤', which is not a move"),
        ([b"99,99"], "played 99,99, off the 7x7 board"),
        ([b"-1,3"], "answered '-1,3', which is not a move"),
        ([b"3,3,3"], "answered '3,3,3', which is not a move"),
        ([b"1234567,1"], "answered '1234567,1', which is not a move"),
        ([b"0,0", b"0,0"], "played 0,0, which is already taken"),
        ([b"\x00\x01evil\x1b[2J"], r"answered '\x00\x01evil\x1b[2J', which is not a move"),
        ([b"\xff\xfe7,7"], "answered '\ufffd\ufffd7,7', which is not a move"),
        ([b"7" * 1_000_000], "answered '" + "7" * 59 + "…', which is not a move"),
    ],
    ids=[
        "superscripts",
        "arabic-indic",
        "off-board",
        "negative",
        "three-numbers",
        "huge-number",
        "taken",
        "control-bytes",
        "not-utf8",
        "megabyte-line",
    ],
)
def test_a_bad_answer_forfeits_the_game_in_one_line_and_the_batch_reports(fake_engine, answers, reason, capsys):
    path = scripted(fake_engine, *answers)
    # What the batch reports, run here (the engine is still a process of its own); the
    # tournament and the long line below run the real command.
    done = run_in_process(
        capsys,
        "simulate",
        "--x",
        f"engine:path={path}",
        "--o",
        "random",
        "--games",
        "2",
        "--size",
        "7",
        "--k",
        "5",
        "--seed",
        "1",
        "--json",
    )
    assert done.returncode == 0, done.stderr[-2000:]
    data = json.loads(done.stdout)
    assert data["games"] == 2 and data["x"]["forfeits"] == 2
    assert data["forfeit_reasons"] == {f"X forfeits: fake scripted {reason}": 2}
    assert gone_with(path) == []


def test_a_tournament_reports_an_engine_that_answers_unicode_digits(fake_engine):
    path = scripted(fake_engine, "²,³".encode())
    done = cli(
        "tournament",
        "--player",
        f"engine:path={path}",
        "--player",
        "random",
        "--games",
        "2",
        "--size",
        "7",
        "--k",
        "5",
        "--seed",
        "1",
        "--json",
    )
    assert done.returncode == 0, done.stderr[-2000:]
    data = json.loads(done.stdout)
    assert data["forfeit_reasons"] == {"fake scripted answered '²,³', which is not a move": 2}
    assert gone_with(path) == []


def test_a_long_message_line_is_cut_and_never_read_as_answers(fake_engine):
    path = scripted(fake_engine, b"MESSAGE " + b"x" * 100_000 + b"\n3,3")
    done = cli(
        "simulate",
        "--x",
        f"engine:path={path}",
        "--o",
        "random",
        "--games",
        "1",
        "--size",
        "7",
        "--k",
        "5",
        "--seed",
        "1",
        "--json",
    )
    assert done.returncode == 0, done.stderr[-2000:]
    data = json.loads(done.stdout)
    assert data["forfeits"] == 0 and data["games"] == 1


def play_two_moves(engine: ExternalEngine) -> Board:
    engine.start(GOMOKU, 5.0)
    board = Board(GOMOKU)
    board.push(engine.choose(board, 5.0))  # BEGIN: the engine answers
    board.push(Move(7, 7))
    board.push(engine.choose(board, 5.0))  # TURN 7,7: sent right after that answer
    return board


def test_a_command_sent_right_after_an_answer_is_lost_by_a_hasty_engine(engines, fake_engine):
    engine = ExternalEngine(fake_engine("hasty"), settle_seconds=0.0)
    engines.append(engine)
    with pytest.raises(EngineFault, match="answered 'ERROR Unknown command: 7,7' instead of a move"):
        play_two_moves(engine)


def test_the_settle_time_keeps_a_hasty_engine_in_step(engines, fake_engine):
    engine = ExternalEngine(fake_engine("hasty"), settle_seconds=HASTY_SECONDS + 0.3)
    engines.append(engine)
    board = play_two_moves(engine)
    assert board.history == [0, 7 * 15 + 7, 1]
