"""An engine that refuses a board is found out once, before the run, in one line."""

from __future__ import annotations

import subprocess

import pytest

from tests.cli.in_process import run_in_process
from tests.cli.process_tree import run_command

from .processes import gone_with
from .thinking_log import entries

REFUSAL = (
    "fake squareonly does not play on a 7x9 board: it answered 'ERROR Rectangular board is not supported.' to RECTSTART"
)


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return run_command(*args, timeout=120)


@pytest.mark.parametrize("command", ["simulate", "tournament"])
def test_a_refused_board_is_one_line_before_any_game(fake_engine, command, capsys):
    path = fake_engine("squareonly")
    players = (
        ["--x", f"engine:path={path}", "--o", "random"]
        if command == "simulate"
        else ["--player", f"engine:path={path}", "--player", "random"]
    )
    # The words and status, run here (the engine is still a process of its own); the
    # games on a board the engine takes run the real command below.
    done = run_in_process(capsys, command, *players, "--games", "4", "--size", "7x9", "--k", "5", "--seed", "1")
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1 and REFUSAL in done.stderr
    assert [what for _, what in entries(path)].count("RECTSTART 9,7") == 1  # asked once
    assert gone_with(path) == []


def test_an_engine_plays_the_boards_it_takes(fake_engine):
    path = fake_engine("squareonly")
    done = cli(
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
    )
    assert done.returncode == 0, done.stderr
    assert "Forfeits" not in done.stdout or "Forfeits           0" in done.stdout
    assert gone_with(path) == []
