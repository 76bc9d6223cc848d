"""``tournament --cluster`` and engine players against real Dask processes on 127.0.0.1.

The tournament on the cluster goes through a real process; the line about a worker
that lacks an engine comes from the command run in this process.
"""

from __future__ import annotations

import json
import subprocess
import sys

from .dask_processes import ROOT, environment

BOUND = 60
ROUND_ROBIN = [
    "tournament",
    "--player",
    "random",
    "--player",
    "minimax:depth=1",
    "--player",
    "mcts:iterations=8",
    "--games",
    "60",
    "--size",
    "4",
    "--k",
    "3",
    "--seed",
    "9",
    "--json",
]


def tictactoe(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tictactoe_qt", *args],
        capture_output=True,
        text=True,
        env=environment(),
        cwd=ROOT,
        timeout=BOUND,
    )


def test_a_cluster_tournament_prints_the_table_of_one_process(two_workers, run_main):
    on_cluster = tictactoe(*ROUND_ROBIN, "--cluster", two_workers.address)
    here = run_main(*ROUND_ROBIN)  # one process: this one
    assert on_cluster.returncode == 0, on_cluster.stderr
    assert json.loads(on_cluster.stdout) == json.loads(here.stdout)
    table = json.loads(here.stdout)["cross_table"]
    assert table[0][2]["wins"] not in (0, 60), "random against a weak MCTS: a table that could differ"


def test_an_engine_missing_on_a_worker_is_named_before_any_game(dask_here, tmp_path, run_main, monkeypatch):
    here = tmp_path / "here"
    here.mkdir()
    engine = here / "pbrain-bot"
    engine.write_text("#!/bin/sh\nexit 0\n")
    engine.chmod(0o755)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    preload = tmp_path / "preload.py"
    # A worker whose working folder has no such program, as on another machine.
    preload.write_text(f"import os\nos.chdir({str(elsewhere)!r})\n")
    dask_here.add_worker("--preload", str(preload))
    monkeypatch.chdir(here)
    result = run_main(
        "simulate",
        "--x",
        "engine:path=./pbrain-bot",
        "--o",
        "random",
        "--size",
        "7",
        "--k",
        "5",
        "--games",
        "2",
        "--cluster",
        dask_here.address,
    )
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr.count("\n") == 2, result.stderr  # the cluster line, then the error
    error = result.stderr.splitlines()[-1]
    assert error.startswith("tictactoe-qt simulate: error: worker tcp://127.0.0.1:")
    assert error.endswith("lacks the engine program './pbrain-bot'")
