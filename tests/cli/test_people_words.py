"""The command line's text for people names cells, players and finished games as the
window does: ``row 2, column 1`` (from 1), ``X``/``O``, "X has won". JSON keeps the
engine's 0-based ``[row, col]`` and the board's sides. Each test runs the command in
this process (``main(argv)``, the ``run_main`` fixture) and reads its stdout and stderr.
"""

from __future__ import annotations

import json
import re

import pytest

BOARD = "xo./.x./o.."  # X to move; textbook alpha-beta picks row 2, column 1


def test_trace_names_moves_in_the_words_search_uses(run_main):
    argv = ("--algorithm", "alphabeta", "--board", BOARD, "--ordering", "none")
    searched = run_main("search", *argv)
    traced = run_main("trace", *argv)
    assert searched.returncode == traced.returncode == 0, (searched.stderr, traced.stderr)
    # The move, without the note on equal moves that may follow it.
    move = re.search(r"^  move +(.+?)(?: \(.*\))?$", searched.stdout, re.MULTILINE).group(1)
    assert move == "row 2, column 1"
    lines = traced.stdout.splitlines()
    assert lines[0].startswith(f"alphabeta on {BOARD}, X to move (MAX)")
    assert lines[-1].startswith(f"value 1, best move: {move}; nodes 97, cut-offs 9")
    assert f"return root = 1 (best {move})" in traced.stdout
    # Paths are lines of play, written as search writes its best line: r1c3 > r2c1.
    assert "  enter r1c3  [α = −∞, β = +∞]" in lines
    assert "    enter r1c3 > r2c1  [α = −∞, β = +∞]" in lines
    assert not re.search(r"\b\d,\d\b", traced.stdout), "0-based row,col pairs in the text"
    # The JSON keeps the engine's 0-based [row, col].
    summary = json.loads(run_main("trace", "--json", *argv).stdout.splitlines()[-1])
    assert summary["best"] == [1, 0]


def test_search_text_names_the_players(run_main):
    done = run_main("search", "--algorithm", "alphabeta", "--board", "xo./.x./...")
    assert done.returncode == 0, done.stderr
    assert "O to move" in done.stdout and "X wins in 4 plies" in done.stdout
    assert "o to move" not in done.stdout and "x wins" not in done.stdout


@pytest.mark.parametrize("command", ["search", "trace"])
@pytest.mark.parametrize(
    "board, words", [("xxx/oo./...", "X has won"), ("xx./ooo/x..", "O has won"), ("xox/xoo/oxx", "it is a draw")]
)
def test_a_finished_game_is_refused_in_peoples_words(command, board, words, run_main):
    done = run_main(command, "--algorithm", "minimax", "--board", board)
    assert done.returncode == 2 and done.stdout == ""
    err = done.stderr.strip().splitlines()
    assert err == [f"tictactoe-qt {command}: error: the game on '{board}' is already over: {words}"], err
    assert "_won" not in done.stderr


@pytest.mark.parametrize("command", ["search", "trace", "analyze"])
def test_a_ragged_board_counts_rows_from_1(command, run_main):
    argv = [command, "xxo/oo"] if command == "analyze" else [command, "--algorithm", "minimax", "--board", "xxo/oo"]
    done = run_main(*argv)
    assert done.returncode != 0 and done.stdout == ""
    err = done.stderr.strip().splitlines()
    assert len(err) == 1 and "row 2 of 'xxo/oo' has 2 cells but row 1 has 3" in err[0], err
    assert "from 0" not in err[0]


def test_a_huge_bad_board_is_quoted_in_a_bounded_excerpt(run_main):
    board = "xxx/" + "o" * 100_000
    done = run_main("search", "--algorithm", "minimax", "--board", board)
    err = done.stderr.strip().splitlines()
    assert done.returncode == 2 and len(err) == 1 and len(err[0]) < 200, err
    assert "row 2 of 'xxx/ooo" in err[0] and "(100,004 characters)" in err[0]


def test_trace_help_writes_paths_as_the_trace_does(run_main):
    """The help once called the text's paths 0-based [row, col]; they read r1c3 > r2c1."""
    shown = " ".join(run_main("trace", "--help").stdout.split())
    assert "Paths are the moves from the root, e.g. r1c3 > r2c1 (row 1, column 3," in shown
    assert "as [row, col] (0-based)" not in shown
    traced = run_main("trace", "--algorithm", "alphabeta", "--board", BOARD, "--ordering", "none")
    assert "    enter r1c3 > r2c1  [" in traced.stdout  # the help's example is what trace writes
    as_json = run_main("trace", "--json", "--algorithm", "alphabeta", "--board", BOARD, "--ordering", "none")
    assert json.loads(as_json.stdout.splitlines()[2])["path"] == [[0, 2], [1, 0]]
