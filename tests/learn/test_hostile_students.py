"""``tictactoe-qt check`` against student files that attack it instead of searching.

The hostile searches live in ``tests/learn/hostile``. Whatever they do, the check
says so in one line per case in people's words, keeps ``--json`` valid, never shows
a traceback of ours, never hangs, and leaves no process behind.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.gomocup.processes import running_with

ROOT = Path(__file__).resolve().parents[2]
HOSTILE = ROOT / "tests" / "learn" / "hostile"
PEERS = HOSTILE / "peers.py"
BOARD = "x.o/.x./..o"
OURS = str(ROOT / "tictactoe_qt")


def check(*argv: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "tictactoe_qt", "check", "--json", *argv],
                          capture_output=True, text=True, env=env, timeout=timeout, check=False)


def one_case(function: str, *argv: str) -> tuple[dict, subprocess.CompletedProcess[str]]:
    done = check(f"{PEERS}:{function}", "--board", BOARD, *argv)
    assert OURS not in done.stderr, done.stderr[-2000:]
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(lines) == 2, done.stdout + done.stderr[-2000:]
    assert lines[1] == {"cases": 1, "passed": 0}
    return lines[0], done


@pytest.mark.parametrize("function", ["replaces_the_record", "lies_in_the_record",
                                      "forges_a_looping_record"])
def test_a_search_that_tampers_with_its_record_is_told_so_in_one_line(function):
    case, done = one_case(function)
    assert done.returncode == 1
    words = case["first_difference"]["yours"]
    if function != "replaces_the_record":  # the game's own record is still whole there
        assert "game.record" in words and case["nodes"] is None, words


@pytest.mark.parametrize("function", ["returns_a_lying_int", "returns_an_unpicklable_int"])
def test_a_move_of_int_subclasses_is_read_as_plain_ints(function):
    case, done = one_case(function)
    assert done.returncode == 1
    assert "could not be read" not in json.dumps(case)
    if function == "returns_a_lying_int":  # (7, 7) equals every move, but is none of them
        assert "(7, 7), which is not a legal move" in case["first_difference"]["yours"]
    else:
        assert case["move"] == [0, 1] and case["nodes"] == 1


@pytest.mark.parametrize("function", ["forks_a_grandchild", "forks_a_grandchild_in_its_own_session",
                                      "forks_and_sleeps", "double_forks_a_daemon"])
def test_no_process_the_search_starts_outlives_the_check(function):
    done = check(f"{PEERS}:{function}", "--tree", "[[1,2],[3]]", "--time-limit", "5")
    assert done.returncode == 1, done.stderr[-2000:]
    assert json.loads(done.stdout.splitlines()[-1]) == {"cases": 1, "passed": 0}
    assert running_with("hostile-grandchild") == []
    assert running_with("tictactoe-check") == []
