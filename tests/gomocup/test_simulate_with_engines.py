"""``simulate`` with external engines: forfeits reported, bad engines refused before any game."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli.in_process import run_in_process
from tictactoe_qt.engine.game import MAX_SIZE

from .processes import gone_with, running_with

#: Our own brain, installed beside the Python that runs the tests.
PBRAIN = Path(sys.executable).with_name("pbrain-tictactoe-qt")


def simulate(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tictactoe_qt", "simulate", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=dict(os.environ, PYTHONPATH=os.getcwd()),
    )


def test_a_crashing_engine_forfeits_every_game_and_the_report_says_why(fake_engine):
    path = fake_engine("crash")
    done = simulate(
        "--x", f"engine:path={path}", "--o", "random", "--games", "3", "--size", "7", "--k", "5", "--seed", "1"
    )
    assert done.returncode == 0, done.stderr
    assert "O wins             3  (100.00%;" in done.stdout
    assert "Forfeits           3  (games lost by breaking the rules)" in done.stdout
    assert "3 x  X forfeits: fake crash exited (status 3)" in done.stdout
    assert gone_with(path) == []


def test_json_counts_forfeits_by_player_and_reason(fake_engine, capsys):
    path = fake_engine("slow")
    done = run_in_process(  # what the report counts; the engine is still a process of its own
        capsys,
        "simulate",
        "--x",
        "random",
        "--o",
        f"engine:path={path},time=0.1",
        "--games",
        "2",
        "--size",
        "5",
        "--k",
        "5",
        "--seed",
        "1",
        "--swap",
        "--json",
    )
    data = json.loads(done.stdout)
    assert data["forfeits"] == 2 and data["o"]["forfeits"] == 2 and data["x"]["forfeits"] == 0
    assert data["forfeit_reasons"] == {"O forfeits: fake slow did not answer within 0.6 s": 2}
    assert gone_with(path) == []


@pytest.mark.parametrize(
    ("spec", "size", "message"),
    [
        ("engine:path=/no/such/pbrain-x", "7", "no engine at /no/such/pbrain-x"),
        (
            "engine:path={good}",
            "3",
            f"external engines play five in a row (k=5) on boards from 5x5 to {MAX_SIZE}x{MAX_SIZE}, not 3x3 k=3",
        ),
        ("engine:path=", "7", "engine:path=/path/to/pbrain-x"),
    ],
)
def test_an_unusable_engine_is_a_one_line_error_with_exit_2(fake_engine, spec, size, message, capsys):
    good = fake_engine("good")
    # Refused before any game: the words and status, read in this process.
    done = run_in_process(
        capsys,
        "simulate",
        "--x",
        spec.format(good=good),
        "--o",
        "random",
        "--size",
        size,
        "--k",
        "5" if size == "7" else "3",
        "--games",
        "2",
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1 and message in done.stderr
    assert gone_with(good) == []


def test_an_engine_is_started_on_gomocup_freestyle_20x20(fake_engine, capsys):
    path = fake_engine("good")
    done = run_in_process(  # what the engine is told; the engine is still a process of its own
        capsys,
        "simulate",
        "--x",
        f"engine:path={path}",
        "--o",
        "random",
        "--size",
        "20",
        "--k",
        "5",
        "--games",
        "1",
        "--seed",
        "4",
        "--json",
    )
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["games"] == 1 and data["forfeits"] == 0
    said = [line.split("\t", 1)[1] for line in Path(path + ".log").read_text().splitlines()]
    assert "START 20" in said
    assert gone_with(path) == []


def test_an_engine_that_refuses_20x20_is_one_line_before_any_game(fake_engine, capsys):
    path = fake_engine("renju")
    done = run_in_process(  # the words and status; the engine is still a process of its own
        capsys,
        "simulate",
        "--x",
        f"engine:path={path}",
        "--o",
        "random",
        "--size",
        "20",
        "--k",
        "5",
        "--games",
        "2",
        "--seed",
        "4",
        "--json",
    )
    assert done.returncode == 2 and done.stdout == ""
    (line,) = done.stderr.strip().splitlines()
    assert "does not play on a 20x20 board" in line and "ERROR unsupported size 20" in line
    assert gone_with(path) == []


def test_our_brain_plays_our_perfect_player_through_the_protocol():
    assert PBRAIN.exists(), f"{PBRAIN} is missing: install the project (pip install -e '.[test]')"
    done = simulate(
        "--x",
        f"engine:path={PBRAIN},time=0.1",
        "--o",
        "perfect:time=0.1",
        "--size",
        "7",
        "--k",
        "5",
        "--games",
        "1",
        "--seed",
        "2",
        "--json",
        timeout=180,
    )
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["games"] == 1 and data["forfeits"] == 0
    assert data["avg_game_length"] >= 9  # a real game, not a forfeit at the first move
    assert running_with(str(PBRAIN)) == []


def test_a_tournament_mixes_an_engine_with_built_in_players(fake_engine):
    good, crash = fake_engine("good"), fake_engine("crash")
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "tictactoe_qt",
            "tournament",
            "--player",
            f"engine:path={good}",
            "--player",
            "random",
            "--player",
            f"engine:path={crash}",
            "--games",
            "2",
            "--size",
            "7",
            "--k",
            "5",
            "--seed",
            "1",
            "--json",
        ],
        capture_output=True,
        text=True,
        timeout=120,
        env=dict(os.environ, PYTHONPATH=os.getcwd()),
    )
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    ranking = {row["player"]: row for row in data["ranking"]}
    assert ranking[f"engine:path={crash}"]["forfeits"] == 4
    assert ranking[f"engine:path={crash}"]["losses"] == 4
    assert data["forfeit_reasons"] == {"fake crash exited (status 3)": 4}
    assert gone_with(good) == gone_with(crash) == []
