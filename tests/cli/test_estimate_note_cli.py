"""``search`` and ``trace`` say, once and on stderr, when an estimate may outrank a win;
``search --help`` says which search runs without the textbook options.

These are the commands' words on stdout and stderr, so each runs in this process
(``main(argv)``, its streams captured: the ``run_main`` fixture); test_trace_command runs trace as a real process.
"""

from __future__ import annotations

import json
import re

import pytest

from tictactoe_qt.engine.players import ESTIMATE_NOTE

#: X to move wins at row 1, column 4; at depth 1 textbook scoring plays r2c3 (E(n) = 2).
ROW_WIN = "xxx./..../..../ooo."
NOTE_LINE = f"note: {ESTIMATE_NOTE[0].lower()}{ESTIMATE_NOTE[1:]}"


def notes(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if line.startswith("note: textbook scoring")]


@pytest.mark.parametrize("json_flag", [[], ["--json"]])
def test_search_with_textbook_scoring_and_a_depth_limit_notes_it_on_stderr(json_flag, run_main):
    done = run_main(
        "search", "--algorithm", "minimax", "--depth", "1", "--ordering", "none", "--board", ROW_WIN, *json_flag
    )
    assert done.returncode == 0, done.stderr
    assert notes(done.stderr) == [NOTE_LINE]
    assert "note" not in done.stdout.lower() and "E(n) can be larger" not in done.stdout
    if json_flag:
        data = json.loads(done.stdout)
        assert data["move"] == [1, 2] and data["score"] == 2  # counts and values unchanged
    else:
        assert "row 2, column 3" in done.stdout


@pytest.mark.parametrize(
    "argv",
    [
        ["--scoring", "distance", "--depth", "1"],  # every win ranks first
        ["--evaluation", "zero", "--depth", "1"],  # estimates are 0, below a win
        ["--ordering", "none"],  # no depth limit: nothing is estimated
        ["--ordering", "none", "--depth", "5"],  # the limit reaches every end (5 empty)
        ["--depth", "1"],  # the engine's own search
    ],
)
def test_search_says_nothing_when_no_estimate_can_outrank_a_win(argv, run_main):
    # Without a depth limit the whole tree is searched: 3x3 with a win for X is enough
    # (minimax over ROW_WIN's ten empty cells takes seconds).
    board = "xo./.x./o.." if "5" in argv or "--depth" not in argv else ROW_WIN
    done = run_main("search", "--algorithm", "minimax", "--board", board, "--json", *argv)
    assert done.returncode == 0, done.stderr
    assert notes(done.stderr) == [] and done.stderr == ""
    json.loads(done.stdout)


def test_trace_notes_it_once_on_stderr_and_json_lines_stay_clean(run_main):
    done = run_main("trace", "--algorithm", "alphabeta", "--depth", "2", "--board", "x../.o./...", "--json")
    assert done.returncode == 0, done.stderr
    assert notes(done.stderr) == [NOTE_LINE]
    for line in done.stdout.splitlines():
        json.loads(line)
    text = run_main("trace", "--algorithm", "minimax", "--depth", "1", "--board", ROW_WIN)
    assert notes(text.stderr) == [NOTE_LINE] and "note" not in text.stdout
    assert text.stdout.splitlines()[-1].startswith("value 2, best move: row 2, column 3")


@pytest.mark.parametrize(
    "argv",
    [
        ["--algorithm", "alphabeta", "--board", "x../.o./..."],
        ["--algorithm", "alphabeta", "--depth", "2", "--board", "x../.o./...", "--scoring", "distance"],
        ["--algorithm", "alphabeta", "--tree", "[[3,12,8],[2,4,6],[14,5,2]]"],
    ],
)
def test_trace_says_nothing_without_the_mix(argv, run_main):
    done = run_main("trace", "--json", *argv)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""


def test_search_help_says_which_search_runs_without_the_textbook_options(run_main):
    done = run_main("search", "--help")
    assert done.returncode == 0
    help_text = " ".join(done.stdout.split())  # argparse wraps lines
    assert "Without any of these four options, search runs the engine's own search" in help_text
    assert (
        "Giving any of them runs the textbook search that trace and the stepper step, the "
        "others at their defaults: ordering none, scoring textbook, evaluation open-lines, "
        "form textbook."
    ) in help_text
    for option in ("ordering", "scoring", "evaluation", "form"):
        described = re.search(rf"--{option} \w (.*?)(?= --|$)", help_text).group(1)
        assert "textbook search default:" in described, described
        assert "(default " not in described, described


def test_the_help_matches_what_runs(run_main):
    """Left out, --ordering is not 'none': the counts differ, as the help now says."""
    engine = json.loads(run_main("search", "--algorithm", "alphabeta", "--board", "x../.o./...", "--json").stdout)
    textbook = json.loads(
        run_main("search", "--algorithm", "alphabeta", "--board", "x../.o./...", "--json", "--ordering", "none").stdout
    )
    assert (engine["nodes"], engine["cutoffs"]) == (254, 97)
    assert (textbook["nodes"], textbook["cutoffs"]) == (844, 236)
    assert "options" not in engine and textbook["options"]["ordering"] == "none"


def test_trace_help_keeps_its_defaults_because_trace_always_runs_the_textbook_search(run_main):
    help_text = " ".join(run_main("trace", "--help").stdout.split())
    assert "(default none)" in help_text and "engine's own search" not in help_text
