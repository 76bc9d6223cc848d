"""``search --exact`` and ``analyze --exact``: no time limit, clean JSON, progress, Ctrl+C."""

from __future__ import annotations

import json
import os
import pty
import select
import signal
import subprocess
import sys
import time

import pytest

from tictactoe_qt.cli.main import main

COMMAND = [sys.executable, "-m", "tictactoe_qt"]


def _run(arguments: list[str], capsys) -> tuple[int, dict]:
    status = main(arguments)
    out = capsys.readouterr().out
    return status, json.loads(out)


def test_search_exact_proves_the_4x4_k4_draw(capsys):
    status, data = _run(["search", "--algorithm", "perfect", "--exact", "--size", "4x4", "--k", "4", "--json"], capsys)
    assert status == 0
    assert (data["exact"], data["result"], data["score"]) == (True, "draw", 0)


def test_search_exact_finds_a_known_win(capsys):
    # X to move completes four in a row at once.
    status, data = _run(
        ["search", "--algorithm", "perfect", "--exact", "--board", "xxx./ooo./..../....", "--json"], capsys
    )
    assert status == 0 and data["exact"] and data["result"] == "x" and data["move"] == [0, 3]


@pytest.mark.parametrize("extra", [["--time", "1"], ["--depth", "3"]])
def test_search_exact_refuses_limits(extra, capsys):
    assert main(["search", "--algorithm", "perfect", "--exact", *extra]) == 2
    assert "--exact" in capsys.readouterr().err


def test_search_exact_is_for_perfect_only(capsys):
    assert main(["search", "--algorithm", "mcts", "--exact"]) == 2
    assert "perfect" in capsys.readouterr().err


def test_analyze_exact_values_every_move_of_a_4x4_k4_position(capsys):
    status, data = _run(["analyze", "--exact", "--k", "4", "--json", "x.../.o../..../...."], capsys)
    assert status == 0 and data["exact"] is True and data["result"] == "draw"
    assert len(data["moves"]) == 14
    assert all(move["result"] in ("x", "o", "draw") for move in data["moves"])
    assert "score" not in data


def _start_on_a_terminal(arguments: list[str]) -> tuple[subprocess.Popen[bytes], int]:
    """The command with stderr on a pseudo-terminal (stdout a pipe); returns the pty's end."""
    controller, terminal = pty.openpty()
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    process = subprocess.Popen(COMMAND + arguments, stdout=subprocess.PIPE, stderr=terminal, env=env)
    os.close(terminal)
    return process, controller


def _read_until(controller: int, text: bytes, seconds: float) -> bytes:
    seen = b""
    end = time.monotonic() + seconds
    while text not in seen and time.monotonic() < end:
        ready, _, _ = select.select([controller], [], [], 0.5)
        if ready:
            try:
                seen += os.read(controller, 4096)
            except OSError:
                break
    return seen


@pytest.mark.slow
@pytest.mark.parametrize(
    "command",
    [
        ["search", "--algorithm", "perfect", "--exact", "--size", "6x6", "--k", "4", "--json"],
        ["analyze", "--exact", "--k", "4", "--json", "....../....../....../....../....../......"],
    ],
)
def test_ctrl_c_stops_an_exact_search_with_the_best_answer_so_far(command):
    process, controller = _start_on_a_terminal(command)
    try:
        shown = _read_until(controller, b"nodes", 60)
        # The progress line (on the terminal only) shows the search is running.
        assert b"depth" in shown and b"/s" in shown and b"best" in shown, shown
        process.send_signal(signal.SIGINT)
        out, _ = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
        os.close(controller)
    assert process.returncode == 130
    data = json.loads(out)  # stdout holds the JSON alone
    assert data["exact"] is False
    assert (data.get("move") or data.get("best")) is not None


@pytest.mark.parametrize("command", [["search", "--algorithm", "perfect"], ["analyze"]])
def test_exact_on_a_hopeless_board_is_refused_with_an_estimate(command, run_main):
    board = "/".join(["." * 15] * 15)
    argv = [*command, "--exact", "--k", "5"]
    argv += ["--board", board] if command[0] == "search" else [board]
    done = run_main(*argv)  # refused before any search: the words and status
    assert done.returncode == 2
    assert len(done.stderr.strip().splitlines()) == 1
    assert "225 empty cells" in done.stderr and "10^" in done.stderr and "--time" in done.stderr


def _first_stderr_line(process: subprocess.Popen[bytes], seconds: float) -> bytes:
    """The first line the command writes on stderr (a pipe), waiting at most ``seconds``."""
    assert process.stderr is not None
    ready, _, _ = select.select([process.stderr], [], [], seconds)
    assert ready, "nothing came on stderr"
    return process.stderr.readline()


@pytest.mark.parametrize(
    "command",
    [
        ["search", "--algorithm", "perfect", "--exact", "--size", "7x7", "--k", "5", "--json"],
        ["analyze", "--exact", "--k", "5", "--json", "/".join(["......."] * 7)],
    ],
)
def test_a_long_exact_run_says_so_on_stderr_and_stdout_stays_json(command):
    # The note comes before the solve starts; Ctrl+C right after it stops the run cleanly,
    # so the test does not depend on how far the search got.
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    process = subprocess.Popen(COMMAND + command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    try:
        note = _first_stderr_line(process, 60).decode()
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    assert note.startswith("note: This may run for hours: 49 empty cells, more than any measured")
    assert note.rstrip().endswith("Ctrl+C stops it with the best answer so far.")
    assert b"empty cells" not in err  # said once
    assert process.returncode == 130
    data = json.loads(out)  # stdout holds the JSON alone
    assert data["exact"] is False


def test_an_exact_run_within_the_measured_sizes_has_no_note(run_main):
    done = run_main("search", "--algorithm", "perfect", "--exact", "--size", "4x4", "--k", "4", "--json", "--no-cache")
    assert done.returncode == 0 and done.stderr == ""
    assert json.loads(done.stdout)["exact"] is True
