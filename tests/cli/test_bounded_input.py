"""Inputs that would eat the machine are refused or bounded, and errors stay short, on one line."""

from __future__ import annotations

import re
import subprocess

import pytest

from tictactoe_qt.cli.main import main
from tictactoe_qt.engine.play import MAX_BATCH_GAMES
from tictactoe_qt.engine.processes import worker_limit

from .process_tree import command, environment

#: Longest error line we accept for any input: the message plus a bounded excerpt.
MAX_ERROR_LINE = 400
HUGE_BOARD = "x" * 100_000
BOARD_WITH_NEWLINE = "x.o\n.x./..o"


def _error_line(capsys, *args: str, status: int = 2) -> str:
    assert main(list(args)) == status
    err = capsys.readouterr().err
    lines = err.splitlines()
    assert len(lines) == 1, err[:1000]
    assert len(lines[0]) <= MAX_ERROR_LINE, lines[0][:1000]
    return lines[0]


@pytest.mark.parametrize(
    "board",
    [HUGE_BOARD, BOARD_WITH_NEWLINE, "x.o/" + "?" * 50_000],
    ids=["100,000 characters", "a newline", "a long bad row"],
)
def test_a_bad_board_gives_a_short_one_line_error(capsys, board):
    line = _error_line(capsys, "search", "--algorithm", "minimax", "--board", board)
    assert "--board" in line
    if "?" in board:  # quoted: an excerpt with the full length
        assert f"({len(board):,} characters)" in line


@pytest.mark.parametrize("board", [HUGE_BOARD, BOARD_WITH_NEWLINE])
def test_analyze_reports_a_bad_board_on_one_short_line(capsys, board):
    _error_line(capsys, "analyze", board, status=1)


@pytest.mark.parametrize(
    "args",
    [
        ("simulate", "--x", "random\nplayer", "--o", "random"),
        ("simulate", "--x", "x" * 100_000, "--o", "random"),
        ("simulate", "--x", "minimax:depth=" + "9" * 100_000, "--o", "random"),
        ("simulate", "--x", "random", "--o", "random", "--games", "1" * 5000),
        ("search", "--algorithm", "y" * 100_000),
        ("search", "--algorithm", "minimax", "--time", "1\n2"),
        ("count", "--size", "3\n3"),
        ("count", "--size", "9" * 100_000),
        ("count", "z" * 100_000),
        ("z" * 100_000,),
    ],
    ids=[
        "spec with newline",
        "huge spec",
        "huge option",
        "huge games",
        "huge algorithm",
        "time with newline",
        "size with newline",
        "huge size",
        "huge extra argument",
        "huge subcommand",
    ],
)
def test_every_bad_argument_gives_a_short_one_line_error(capsys, args):
    _error_line(capsys, *args)


def test_analyze_with_empty_standard_input_says_no_board_was_given():
    done = subprocess.run(
        command("analyze", "-"), input="", capture_output=True, text=True, env=environment(), timeout=60
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert "no board was given" in done.stderr and len(done.stderr.splitlines()) == 1


def test_analyze_with_blank_lines_only_says_no_board_was_given():
    done = subprocess.run(
        command("analyze", "--json", "-"),
        input="\n  \n\n",
        capture_output=True,
        text=True,
        env=environment(),
        timeout=60,
    )
    assert done.returncode == 2 and "no board was given" in done.stderr


def test_too_many_games_are_refused_before_any_game_is_played():
    # In a subprocess with a small memory limit: building every chunk up front took GBs.
    huge = "9" * 30
    done = subprocess.run(
        [
            "/bin/sh",
            "-c",
            'ulimit -v 1000000 && exec "$@"',
            "sh",
            *command("simulate", "--x", "random", "--o", "random", "--games", huge),
        ],
        capture_output=True,
        text=True,
        env=environment(),
        timeout=60,
    )
    assert done.returncode == 2
    assert f"at most {MAX_BATCH_GAMES:,} games" in done.stderr
    assert len(done.stderr.splitlines()) == 1


def test_chunks_are_built_lazily():
    from tictactoe_qt.engine.play import chunk_bounds

    games = 10**18  # 3.8 trillion chunks: as a list, far more memory than any machine has
    chunks = chunk_bounds(games, 2, 1)
    assert len(chunks) > 10**12
    assert chunks[0] == (0, chunks.size) and chunks[-1][1] == games
    assert next(iter(chunks)) == chunks[0]


def test_too_many_workers_are_capped_with_a_note(capsys):
    assert (
        main(
            [
                "simulate",
                "--x",
                "random",
                "--o",
                "random",
                "--games",
                "2000",
                "--seed",
                "3",
                "--workers",
                "400",
                "--json",
            ]
        )
        == 0
    )
    captured = capsys.readouterr()
    assert f"using {worker_limit()} worker processes, not 400" in captured.err
    assert '"workers": ' in captured.out
    assert int(re.search(r'"workers": (\d+)', captured.out).group(1)) <= worker_limit()


@pytest.mark.parametrize(
    "args, depth_hint",
    [
        (("--algorithm", "minimax", "--depth", "12", "--size", "5"), "--depth 5 or less"),
        (("--algorithm", "minimax", "--depth", "5", "--size", "19"), "--depth 2 or less"),
        (("--algorithm", "average", "--depth", "4", "--size", "9"), "--depth 3 or less"),
        (("--algorithm", "alphabeta", "--depth", "5", "--size", "19"), "--depth 4 or less"),
        (("--algorithm", "alphabeta", "--size", "5"), "--depth"),
    ],
)
def test_astronomically_large_searches_are_refused_with_an_estimate(capsys, args, depth_hint):
    line = _error_line(capsys, "search", *args)
    assert re.search(r"\d\.\de\+\d+ lines of play", line), line
    assert depth_hint in line


def test_a_time_limit_allows_a_deep_search(capsys):
    assert main(["search", "--algorithm", "minimax", "--depth", "5", "--size", "19", "--time", "0.2", "--json"]) == 0
    assert "stopped" in capsys.readouterr().err
