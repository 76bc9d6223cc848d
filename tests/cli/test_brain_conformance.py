"""``pbrain-tictactoe-qt`` driven the way a Gomocup manager drives a brain.

Coordinates on the wire are ``x,y`` = column,row from 0. Each test starts the
real console script (or ``tictactoe-qt brain``) and talks to it over pipes.
"""

from __future__ import annotations

import random
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tictactoe_qt import __version__
from tictactoe_qt.engine.game import MAX_SIZE

from .gomocup_manager import Manager

PBRAIN = str(Path(sys.executable).with_name("pbrain-tictactoe-qt"))
BRAIN_COMMANDS = [[PBRAIN], [sys.executable, "-m", "tictactoe_qt", "brain"]]
#: Every line a brain may write: a move, OK, or a tagged line, or ABOUT's pairs.
PROTOCOL_LINE = re.compile(r"\d+,\d+|OK|(MESSAGE|DEBUG|ERROR|UNKNOWN|SUGGEST) .*|name=\".*")


def board_lines(own: list[tuple[int, int]], theirs: list[tuple[int, int]]) -> list[str]:
    return ["BOARD", *(f"{x},{y},1" for x, y in own), *(f"{x},{y},2" for x, y in theirs), "DONE"]


@pytest.fixture
def brain():
    with Manager([PBRAIN]) as manager:
        yield manager


def test_the_console_script_is_installed():
    assert Path(PBRAIN).exists(), "pip install should put pbrain-tictactoe-qt beside python"


@pytest.mark.parametrize("command", BRAIN_COMMANDS, ids=["pbrain-tictactoe-qt", "tictactoe-qt brain"])
def test_about_start_begin_and_end(command):
    with Manager(command) as brain:
        brain.send("ABOUT")
        about = brain.answer()
        for key in ("name", "version", "author", "country"):
            assert re.search(rf'{key}="[^"]+"', about), about
        assert f'version="{__version__}"' in about
        brain.send("START 15", "INFO timeout_turn 300")
        assert brain.answer() == "OK"
        x, y = brain.move("BEGIN")
        assert 0 <= x < 15 and 0 <= y < 15
        assert brain.close() == 0


def test_sizes_outside_the_engine_are_refused_with_error(brain):
    brain.send(f"START {MAX_SIZE + 1}")
    assert brain.answer() == (
        f"ERROR unsupported width {MAX_SIZE + 1}: this brain plays boards from 3 to {MAX_SIZE} cells a side"
    )
    brain.send(f"RECTSTART 15,{MAX_SIZE + 1}")
    assert brain.answer().startswith(f"ERROR unsupported height {MAX_SIZE + 1}")
    brain.send("START two")
    assert brain.answer().startswith("ERROR expected 1 numbers")
    brain.send("RECTSTART 10,7", "INFO timeout_turn 300")
    assert brain.answer() == "OK"
    x, y = brain.move("BEGIN")
    assert 0 <= x < 10 and 0 <= y < 7, "x is the column (width 10), y the row (height 7)"


def test_plays_gomocup_freestyle_on_20x20(brain):
    brain.send("START 20", "INFO timeout_turn 300")
    assert brain.answer() == "OK"
    x, y = brain.move("BEGIN")
    assert 0 <= x < 20 and 0 <= y < 20
    # The opponent takes the far corner, a cell that exists only from 20x20 on.
    reply = brain.move("TURN 19,19")
    assert reply not in ((x, y), (19, 19)) and 0 <= reply[0] < 20 and 0 <= reply[1] < 20


def test_rectstart_20_by_20_takes_a_five_on_the_last_column(brain):
    brain.send("RECTSTART 20,20", "INFO timeout_turn 2000")
    assert brain.answer() == "OK"
    # Our four on column 19 from y=15 to y=18, blocked at y=14: only 19,19 wins.
    own = [(19, 15), (19, 16), (19, 17), (19, 18)]
    theirs = [(19, 14), (0, 0), (0, 19), (10, 10)]
    assert brain.move(*board_lines(own, theirs)) == (19, 19)


def test_takes_an_immediate_five(brain):
    brain.send("START 15", "INFO timeout_turn 2000")
    assert brain.answer() == "OK"
    # Our four on row 7 from x=3 to x=6, blocked at x=2 by the opponent: only 7,7 wins.
    own = [(3, 7), (4, 7), (5, 7), (6, 7)]
    theirs = [(2, 7), (0, 0), (0, 2), (14, 14)]
    assert brain.move(*board_lines(own, theirs)) == (7, 7)


def test_blocks_a_four(brain):
    brain.send("START 15", "INFO timeout_turn 2000")
    assert brain.answer() == "OK"
    # The opponent's vertical four at x=9, y=3..6, blocked above; we have nothing close.
    theirs = [(9, 3), (9, 4), (9, 5), (9, 6)]
    own = [(9, 2), (0, 14), (14, 0)]
    assert brain.move(*board_lines(own, theirs)) == (9, 7)


def test_continues_from_board_and_only_ever_answers_legal_cells(brain):
    rng = random.Random(7)
    brain.send("START 9", "INFO timeout_turn 300")
    assert brain.answer() == "OK"
    taken = {(4, 4), (3, 3), (5, 3)}
    move = brain.move(*board_lines([(3, 3)], [(4, 4), (5, 3)]))
    answered = 0
    while True:
        assert move not in taken and 0 <= move[0] < 9 and 0 <= move[1] < 9
        taken.add(move)
        answered += 1
        ours = rng.choice([(x, y) for x in range(9) for y in range(9) if (x, y) not in taken])
        taken.add(ours)
        brain.send(f"TURN {ours[0]},{ours[1]}")
        reply = brain.answer()
        if reply.startswith("ERROR the game is already over"):
            break  # the brain won with its last move; random play cannot stop five
        move = tuple(int(part) for part in reply.split(","))
    assert answered >= 4
    assert all(PROTOCOL_LINE.fullmatch(line) for line in brain.transcript), brain.transcript


def test_an_occupied_or_off_board_turn_is_an_error_not_a_crash(brain):
    brain.send("START 15", "INFO timeout_turn 300")
    assert brain.answer() == "OK"
    x, y = brain.move("BEGIN")
    brain.send(f"TURN {x},{y}")
    assert brain.answer() == f"ERROR {x},{y} is already taken"
    brain.send("TURN 15,0")
    assert brain.answer().startswith("ERROR 15,0 is off the 15x15 board")
    brain.send("FROB 1")
    assert brain.answer().startswith("UNKNOWN")
    assert brain.move("TURN 0,0") not in ((x, y), (0, 0))


@pytest.mark.timing
def test_answers_within_timeout_turn_on_a_big_busy_board(brain):
    brain.send("START 19", "INFO timeout_turn 1000", "INFO timeout_match 0")
    assert brain.answer() == "OK"
    rng = random.Random(3)
    cells = rng.sample([(x, y) for x in range(6, 13) for y in range(6, 13)], 20)
    start = time.perf_counter()
    brain.move(*board_lines(cells[:10], cells[10:]))
    assert time.perf_counter() - start < 1.0


def test_time_left_of_the_match_shortens_the_think(brain):
    brain.send("START 19", "INFO timeout_turn 30000", "INFO timeout_match 60000", "INFO time_left 800")
    assert brain.answer() == "OK"
    start = time.perf_counter()
    brain.move("BEGIN")
    elapsed = time.perf_counter() - start
    # 800 ms left for the whole match: the brain must not spend the 30 s turn limit.
    assert elapsed < 10.0


def test_restart_and_end_while_thinking(brain):
    brain.send("START 19", "INFO timeout_turn 60000")
    assert brain.answer() == "OK"
    brain.send("BOARD", "9,9,2", "DONE")  # a 60 s think
    time.sleep(0.3)
    start = time.perf_counter()
    brain.send("END")
    assert brain.process.wait(timeout=10) == 0
    assert time.perf_counter() - start < 10.0


def test_yxstop_makes_a_thinking_brain_answer_its_best_move_at_once(brain):
    brain.send("START 19", "INFO timeout_turn 60000")
    assert brain.answer() == "OK"
    start = time.perf_counter()
    x, y = brain.move(*board_lines([], [(9, 9)]), "YXSTOP")  # a 60 s think, called off
    assert time.perf_counter() - start < 30.0  # not the 60 s it was given
    assert (x, y) != (9, 9) and 0 <= x < 19 and 0 <= y < 19
    assert brain.silent_for(0.5)  # YXSTOP itself is not answered
    brain.send("INFO timeout_turn 300")
    assert brain.move(f"TURN {(x + 1) % 19},{y}") not in ((9, 9), (x, y), ((x + 1) % 19, y))


def test_yxstop_while_idle_is_silent_and_play_goes_on(brain):
    brain.send("START 7", "INFO timeout_turn 300", "YXSTOP")
    assert brain.answer() == "OK"
    assert brain.silent_for(0.5)
    assert brain.move("TURN 3,3") != (3, 3)


def test_restart_answers_ok_and_clears_the_board(brain):
    brain.send("START 7", "INFO timeout_turn 300")
    assert brain.answer() == "OK"
    first = brain.move("BEGIN")
    brain.send("RESTART")
    assert brain.answer() == "OK"
    brain.send(f"TURN {first[0]},{first[1]}")  # the cell is free again
    assert not brain.answer().startswith("ERROR")


def test_end_of_input_exits_promptly():
    brain = subprocess.run([PBRAIN], input="START 15\n", capture_output=True, text=True, timeout=30)
    assert brain.returncode == 0
    assert brain.stdout == "OK\n"


def test_info_k_plays_other_m_n_k_games_and_unknown_info_is_ignored(brain):
    brain.send("INFO k 3", "INFO folder /tmp/somewhere", "INFO evaluate 1,1", "START 3", "INFO timeout_turn 1000")
    assert brain.answer() == "OK", "unknown INFO keys get no answer"
    # x x . / o o . / . . .  with us to move as X: 2,0 wins tic-tac-toe.
    assert brain.move(*board_lines([(0, 0), (1, 0)], [(0, 1), (1, 1)])) == (2, 0)


def test_k_that_cannot_fit_is_refused_when_the_game_starts(brain):
    brain.send("START 4")
    assert brain.answer() == "OK"
    brain.send("BEGIN")
    assert brain.answer().startswith("ERROR 5 in a row cannot fit on a 4x4 board")


def test_unsupported_rules_are_said_as_a_message_and_play_goes_on(brain):
    brain.send("START 15", "INFO rule 4", "INFO timeout_turn 300")
    assert brain.answer() == "OK"
    assert brain.answer().startswith("MESSAGE rule 4 (renju) is not supported")
    assert brain.move("BEGIN")


def test_bad_board_block_is_one_error_line(brain):
    brain.send("START 15")
    assert brain.answer() == "OK"
    brain.send("BOARD", "1,1,1", "1,1,2", "DONE")
    assert brain.answer() == "ERROR BOARD names 1,1 twice"
    brain.send("BOARD", "1,1,1", "2,2,1", "DONE")
    assert brain.answer().startswith("ERROR BOARD has 2 own stones and 0 of the opponent's")


def test_takeback_undoes_the_last_move(brain):
    brain.send("START 9", "INFO timeout_turn 300")
    assert brain.answer() == "OK"
    x, y = brain.move("BEGIN")
    brain.send(f"TAKEBACK {x},{y}")
    assert brain.answer() == "OK"
    brain.send(f"TURN {x},{y}")  # free again, and now the opponent's
    reply = brain.answer()
    assert re.fullmatch(r"\d+,\d+", reply) and reply != f"{x},{y}"


def test_a_bad_k_option_is_a_one_line_usage_error():
    result = subprocess.run([PBRAIN, "--k", "99"], capture_output=True, text=True, timeout=30, stdin=subprocess.DEVNULL)
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1
    assert f"k must be a whole number from 3 to {MAX_SIZE}" in result.stderr
