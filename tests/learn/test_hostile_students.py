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

from tests.cli.in_process import run_in_process
from tests.gomocup.processes import gone_with

ROOT = Path(__file__).resolve().parents[2]
HOSTILE = ROOT / "tests" / "learn" / "hostile"
PEERS = HOSTILE / "peers.py"
BOARD = "x.o/.x./..o"
OURS = str(ROOT / "tictactoe_qt")


def check(*argv: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run(
        [sys.executable, "-m", "tictactoe_qt", "check", "--json", *argv],
        capture_output=True,
        text=True,
        env=env,
        timeout=timeout,
        check=False,
    )


def one_case(function: str, *argv: str) -> tuple[dict, subprocess.CompletedProcess[str]]:
    done = check(f"{PEERS}:{function}", "--board", BOARD, *argv)
    assert OURS not in done.stderr, done.stderr[-2000:]
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(lines) == 2, done.stdout + done.stderr[-2000:]
    assert lines[1] == {"cases": 1, "passed": 0}
    return lines[0], done


@pytest.mark.parametrize("function", ["replaces_the_record", "lies_in_the_record", "forges_a_looping_record"])
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


@pytest.mark.parametrize(
    "function",
    ["forks_a_grandchild", "forks_a_grandchild_in_its_own_session", "forks_and_sleeps", "double_forks_a_daemon"],
)
def test_no_process_the_search_starts_outlives_the_check(function):
    # forks_and_sleeps is ended at the limit; the others answer well within 2 s.
    done = check(f"{PEERS}:{function}", "--tree", "[[1,2],[3]]", "--time-limit", "2")
    assert done.returncode == 1, done.stderr[-2000:]
    assert json.loads(done.stdout.splitlines()[-1]) == {"cases": 1, "passed": 0}
    assert gone_with("hostile-grandchild") == []
    assert gone_with("tictactoe-check") == []


def test_a_search_may_use_500_mb():
    case, done = one_case("allocates_a_lot")
    assert case["move"] == [0, 1], done.stderr[-2000:]


def test_a_search_past_the_memory_limit_gets_a_memory_error_in_one_line():
    case, done = one_case("allocates_too_much")
    words = case["first_difference"]["yours"]
    assert words.startswith("your search raised MemoryError") and "GB of memory" in words
    assert "peers.py" in done.stderr  # their own traceback


@pytest.mark.parametrize(
    "function, doing",
    [("exits_mid_search", "while running your search"), ("kills_its_own_group", "while running your search")],
)
def test_a_search_that_ends_its_process_is_told_in_one_line(function, doing):
    case, done = one_case(function)
    words = case["first_difference"]["yours"]
    assert words.startswith(doing) and "stopped unexpectedly" in words
    assert gone_with("tictactoe-check") == []


def test_a_file_that_ends_its_process_while_loading_is_told_so():
    done = check(str(HOSTILE / "exits_at_import.py"), "--tree", "[[1,2],[3]]")
    words = json.loads(done.stdout.splitlines()[0])["first_difference"]["yours"]
    assert words.startswith("while loading your file, ") and "running loading" not in words


def test_a_folder_is_named_a_folder(tmp_path, capsys):
    done = run_in_process(capsys, "check", "--json", str(tmp_path))  # refused before any student runs
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "is a folder" in done.stderr


def test_an_exception_with_megabytes_of_message_is_shown_bounded():
    case, done = one_case("raises_a_huge_message")
    assert len(case["first_difference"]["yours"]) < 400
    assert "raises_a_huge_message" in done.stderr and len(done.stderr) < 20_000


@pytest.mark.parametrize("function", ["floods_stdout", "floods_stderr"])
def test_a_flood_of_output_never_breaks_the_json_lines(function):
    case, done = one_case(function)  # every stdout line parsed as JSON there
    assert case["move"] == [0, 1]


@pytest.mark.parametrize(
    "function, words",
    [
        ("recurses_forever", "your search raised RecursionError"),
        ("raises_system_exit", "your search raised SystemExit: 3"),
        ("raises_keyboard_interrupt", "your search raised KeyboardInterrupt"),
        ("raises_base_exception", "your search raised student_search.Weird: not an Exception"),
        ("returns_an_unpicklable_object", "which is not a legal move here"),
        ("calls_setsid", "your search raised PermissionError"),
    ],
)
def test_their_exception_is_their_one_line_and_their_traceback(function, words):
    case, done = one_case(function)
    assert case["first_difference"]["yours"].startswith(words) or words in case["first_difference"]["yours"]
    assert "Traceback" not in done.stdout
    if "raised" in words:
        assert f"in {function}" in done.stderr and len(done.stderr) < 20_000


@pytest.mark.parametrize(
    "target, words, seconds",
    [
        # A file that never loads meets any limit: a short one waits little.
        ("sleeps_at_import.py", "loading your file did not finish within the time limit", "0.5"),
        ("syntax_error.py.txt", "loading your file raised SyntaxError", "3"),
        ("binary", "loading your file raised SyntaxError", "3"),
    ],
)
def test_a_file_that_does_not_load_is_one_line_per_case(tmp_path, target, words, seconds):
    path = HOSTILE / target
    if target == "syntax_error.py.txt":
        path = tmp_path / "syntax_error.py"
        path.write_text((HOSTILE / target).read_text())
    elif target == "binary":
        path = tmp_path / "binary.py"
        path.write_bytes(bytes(range(256)) * 4)
    done = check(str(path), "--tree", "[[1,2],[3]]", "--time-limit", seconds)
    case = json.loads(done.stdout.splitlines()[0])
    assert case["first_difference"]["yours"].startswith(words)
    assert gone_with("tictactoe-check") == []


@pytest.mark.parametrize(
    "argv, words",
    [
        (["no-such-file.py"], "no such file"),
        (["/dev/null"], "is not a file"),
        ([f"{PEERS}:nosuch"], "has no function 'nosuch'"),
        ([f"{PEERS}:not_callable"], "has no function 'not_callable'"),
        (["x" * 10_000 + ".py"], "no such file"),
        (["new\nline.py"], "no such file"),
        ([str(HOSTILE / "syntax_error.py.txt")], "is not a Python file"),
    ],
)
def test_a_file_that_cannot_be_checked_is_one_line_with_status_2(argv, words, capsys):
    # Refused before any search runs: the words and status, in this process.
    done = run_in_process(capsys, "check", "--json", *argv, "--tree", "[[1,2],[3]]")
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and words in done.stderr and len(done.stderr) < 400
