"""``tictactoe-qt check`` as a student runs it: their file, a real child process, real limits.

The students' searches are written in ``tests/learn/students`` the way course code
is written for the textbook's interface; the verdicts asserted here are what a
student would be told. Tests of the verdict and its words run the command in this
process (the student's code still runs in the command's child); the real command
runs where its own process is part of the point: the exit status of a whole run, the
time limit's kill, and what the child writes on stderr.
"""

from __future__ import annotations

import functools
import json
import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from tests.gomocup.processes import running_with

ROOT = Path(__file__).resolve().parents[2]
STUDENTS = ROOT / "tests" / "learn" / "students"
TEXTBOOK = STUDENTS / "textbook.py"
VARIANTS = STUDENTS / "variants.py"
BROKEN = STUDENTS / "broken.py"
AIMA_TREE = "[[3,12,8],[2,4,6],[14,5,2]]"
JSON_KEYS = {
    "case",
    "value",
    "reference_value",
    "move",
    "nodes",
    "reference_nodes",
    "matches",
    "first_difference",
    "ok",
}


def run_check(*argv: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run(
        [sys.executable, "-m", "tictactoe_qt", "check", *argv],
        capture_output=True,
        text=True,
        env=env,
        timeout=timeout,
        check=False,
    )


@pytest.fixture
def check(run_main) -> Callable[..., SimpleNamespace]:
    """``check(*argv)``: ``tictactoe-qt check ARGV`` run in this process, for tests of its verdict
    and words; the student's code still runs in its own child, as in the command."""
    return functools.partial(run_main, "check")


def json_cases(*argv: str, run: Callable[..., Any] = run_check) -> tuple[list[dict], dict, Any]:
    """The cases and the summary ``check --json ARGV`` prints, and the run (status, stdout, stderr)."""
    done = run("--json", *argv)
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert lines, done.stderr
    return lines[:-1], lines[-1], done


def test_textbook_alphabeta_in_the_textbook_interface_passes_the_suite():
    cases, summary, done = json_cases(str(TEXTBOOK), "--suite")
    assert done.returncode == 0, done.stdout + done.stderr
    assert summary == {"cases": len(cases), "passed": len(cases)}
    assert len(cases) >= 14  # the empty board, a dozen positions, the exercise trees
    assert any(case["case"] == AIMA_TREE for case in cases)
    for case in cases:
        assert set(case) == JSON_KEYS
        assert case["ok"] is True and case["first_difference"] is None
        assert case["nodes"] == case["reference_nodes"]
        assert case["value"] == case["reference_value"]
    empty = cases[0]
    assert empty["nodes"] == 18_297 and empty["value"] == 0


def test_the_text_table_says_passed_and_the_summary(check):
    done = check(str(TEXTBOOK), "--tree", AIMA_TREE)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert AIMA_TREE in lines[1] and "passed" in lines[1] and "11 / 11" in lines[1]
    assert lines[-1] == "passed 1 of 1 case"


def test_window_restarted_at_each_root_move_is_named_with_both_counts(check):
    cases, summary, done = json_cases(f"{VARIANTS}:window_restart", run=check)
    assert done.returncode == 1
    (case,) = cases
    assert "restarted at each root move" in case["matches"]
    assert (case["nodes"], case["reference_nodes"]) == (30_710, 18_297)
    assert case["ok"] is False and summary["passed"] == 0
    text = check(f"{VARIANTS}:window_restart").stdout
    assert "30,710 nodes, where the textbook visits 18,297" in text


@pytest.mark.parametrize(("function", "words"), [("strict_pruning", "strict inequality"), ("no_pruning", "no pruning")])
def test_variants_are_named_on_the_positions_where_they_differ(function, words, check):
    # Four plies deep: the suite's positions differ as at full depth (the last ones are
    # searched to the end), in thousands of nodes rather than the empty board's 549,946.
    cases, summary, done = json_cases(f"{VARIANTS}:{function}", "--suite", "--depth", "4", run=check)
    assert done.returncode == 1
    differing = [case for case in cases if case["nodes"] != case["reference_nodes"]]
    assert differing
    for case in differing:
        assert words in case["matches"], case
        assert case["ok"] is False
    assert summary["passed"] < summary["cases"]


def test_plain_minimax_checked_as_alphabeta_is_named_minimax(check):
    cases, _, done = json_cases(f"{TEXTBOOK}:minimax", "--board", "x../.o./...", run=check)
    assert done.returncode == 1
    (case,) = cases
    assert "minimax" in case["matches"] and case["ok"] is False
    assert case["value"] == case["reference_value"]  # right value, too many nodes


def test_plain_minimax_passes_when_minimax_is_asked(check):
    cases, summary, done = json_cases(f"{TEXTBOOK}:minimax", "--algorithm", "minimax", "--tree", AIMA_TREE, run=check)
    assert done.returncode == 0, done.stderr
    assert cases[0]["matches"] == "textbook minimax" and summary["passed"] == 1


def test_a_depth_limit_off_by_one_is_named(check):
    cases, _, done = json_cases(f"{VARIANTS}:depth_off_by_one", "--board", "x../.o./...", "--depth", "2", run=check)
    assert done.returncode == 1
    assert "off by one" in cases[0]["matches"]
    right, _, done = json_cases(str(TEXTBOOK), "--board", "x../.o./...", "--depth", "2", run=check)
    assert done.returncode == 0 and right[0]["ok"]


def test_a_planted_bug_gets_its_first_difference(check):
    """min_value tests v >= beta (max_value's test, pasted): on the textbook's tree the first
    MIN node stops after its second leaf, where the textbook goes on to the third."""
    cases, _, done = json_cases(f"{VARIANTS}:planted_bug", "--tree", AIMA_TREE, run=check)
    assert done.returncode == 1
    (case,) = cases
    assert case["matches"] is None and case["ok"] is False
    difference = case["first_difference"]
    assert difference["path"] == [0]
    assert "child 3" in difference["textbook"] and "child 3" in difference["yours"]
    text = check(f"{VARIANTS}:planted_bug", "--tree", AIMA_TREE).stdout
    assert "first difference at node 1" in text


def test_an_endless_loop_stops_at_the_time_limit_in_one_line():
    started = time.monotonic()
    # The limit's size is not the point (any limit stops the loop): a short one burns little CPU.
    done = run_check(f"{BROKEN}:endless", "--board", "x../.o./...", "--time-limit", "0.5", timeout=120)
    assert time.monotonic() - started < 60
    assert done.returncode == 1
    said = [line for line in done.stdout.splitlines() if "time limit" in line]
    assert said and "Traceback" not in done.stdout + done.stderr
    assert not running_with("tictactoe-check")


def test_an_endless_expansion_stops_at_the_node_limit(check):
    cases, _, done = json_cases(f"{BROKEN}:endless_expansion", "--node-limit", "5000", run=check)
    assert done.returncode == 1
    assert "node limit" in cases[0]["first_difference"]["yours"]
    assert cases[0]["nodes"] == 5000


def test_the_students_exception_prints_their_own_traceback():
    done = run_check(f"{BROKEN}:divides_by_zero", "--tree", AIMA_TREE)
    assert done.returncode == 1
    assert "ZeroDivisionError" in done.stdout
    assert "broken.py" in done.stderr and "divides_by_zero" in done.stderr
    assert "tictactoe_qt" not in done.stderr  # only their frames
    assert not running_with("tictactoe-check")


@pytest.mark.parametrize(("function", "words"), [("illegal", "not a legal move"), ("nothing", "no move")])
def test_an_illegal_move_or_none_is_told_so(function, words, check):
    cases, _, done = json_cases(f"{BROKEN}:{function}", "--tree", AIMA_TREE, run=check)
    assert done.returncode == 1
    assert words in cases[0]["first_difference"]["yours"]


@pytest.mark.parametrize(
    "argv",
    [
        ["no_such_file.py"],
        [f"{TEXTBOOK}:no_such_function"],
        [str(TEXTBOOK), "--board", "xxx/oo./..."],
        [str(TEXTBOOK), "--tree", "[[1,2"],
        [str(TEXTBOOK), "--tree", AIMA_TREE, "--depth", "2"],
        [str(TEXTBOOK), "--algorithm", "negamax"],
        [str(TEXTBOOK), "--time-limit", "0"],
    ],
)
def test_usage_errors_are_one_line_with_status_2(argv, run_main):
    done = run_main("check", *argv)  # the words and status: no student runs
    assert done.returncode == 2, done.stdout + done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr


def test_template_path_and_copy(tmp_path, run_main, check):
    done = run_main("check", "--template")
    assert done.returncode == 0 and Path(done.stdout.strip()).is_file()
    target = tmp_path / "mine.py"
    assert run_main("check", "--template", str(target)).returncode == 0
    assert "def search(game, state)" in target.read_text()
    assert run_main("check", "--template", str(target)).returncode == 2  # never overwritten
    cases, _, done = json_cases(str(target), "--tree", AIMA_TREE, run=check)
    assert "no pruning" in cases[0]["matches"]  # as shipped, the TODOs are not done


def test_a_move_ordering_is_textbook_alphabeta_too(check):
    """Trying the centre first is one of the textbook's orderings: it passes, named so,
    against that ordering's own node count."""
    cases, summary, done = json_cases(f"{TEXTBOOK}:centre_first", "--board", "x../.../...", run=check)
    assert done.returncode == 0, done.stdout + done.stderr
    (case,) = cases
    assert case["ok"] and "centre" in case["matches"]
    assert case["nodes"] == case["reference_nodes"]


def test_a_file_that_does_not_load_names_its_line_once_for_every_case(tmp_path):
    student = tmp_path / "unfinished.py"
    student.write_text("def search(game, state)\n    return None\n")
    cases, summary, done = json_cases(str(student), "--suite")
    assert done.returncode == 1 and summary["passed"] == 0
    assert all(
        "SyntaxError" in case["first_difference"]["yours"]
        and "unfinished.py, line 1" in case["first_difference"]["yours"]
        for case in cases
    )
    assert done.stderr.count("Traceback") == 1 and "def search(game, state)" in done.stderr


def test_what_the_search_prints_never_breaks_the_json(tmp_path):
    student = tmp_path / "chatty.py"
    student.write_text(
        f"import sys\nsys.path.insert(0, {str(STUDENTS)!r})\nimport textbook\n\n"
        "def search(game, state):\n    print('thinking...')\n"
        "    return textbook.search(game, state)\n"
    )
    cases, summary, done = json_cases(str(student), "--tree", AIMA_TREE)
    assert done.returncode == 0 and cases[0]["ok"]
    assert "thinking..." in done.stderr  # the student still sees their prints
