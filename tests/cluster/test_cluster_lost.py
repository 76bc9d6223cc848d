"""A cluster lost mid-run, as people meet it: the scheduler killed or frozen, every worker gone.

Each ends as Ctrl+C does: one line saying what happened, then the games
finished before, exit status 130. The batches run as real processes, which must
end so; the tournament's words come from the command run in this process.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import threading
import time

import pytest

from tictactoe_qt.cli.main import INTERRUPTED

from .dask_processes import ROOT, environment

#: 2,000-game chunks (a second or so each) on the one worker, 8 of them: many seconds
#: of play left when the cluster is lost after the first chunk.
GAMES = 16_000
BATCH = [
    "simulate",
    "--x",
    "random",
    "--o",
    "minimax:depth=1",
    "--size",
    "4",
    "--k",
    "3",
    "--games",
    str(GAMES),
    "--seed",
    "3",
    "--json",
]
#: 200-game chunks of 3 pairings in both colours.
ROUND_ROBIN = [
    "tournament",
    "--player",
    "random",
    "--player",
    "minimax:depth=1",
    "--player",
    "mcts:iterations=8",
    "--games",
    "6000",
    "--size",
    "4",
    "--k",
    "3",
    "--seed",
    "9",
    "--json",
]
#: Seconds a command may take (a hang fails).
BOUND = 120
#: Seconds from losing the cluster to the report: generous against a loaded machine, far
#: below the hang or the lost games it replaces (the stop itself takes a few seconds).
PROMPT = 60
#: The timeouts the lost-cluster tests wait out, set as people set them (Dask's settings
#: tictactoe-qt.cluster.timeouts.answer and .no-workers, by environment variable); the
#: lines say these numbers. A live scheduler answers in milliseconds.
ANSWER = 2
NO_WORKERS = 1


def _start(args: list[str], address: str, **timeouts: float) -> subprocess.Popen[str]:
    process = subprocess.Popen(
        [sys.executable, "-m", "tictactoe_qt", *args, "--cluster", address],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=environment(**timeouts),
        cwd=ROOT,
    )
    assert process.stderr is not None
    line = process.stderr.readline()
    if not line.startswith(f"cluster {address}:"):
        process.kill()
        process.communicate(timeout=BOUND)
        pytest.fail(f"the command did not connect: {line}")
    return process


def _finish(process: subprocess.Popen[str]) -> tuple[str, list[str], float]:
    """stdout, the stderr lines after the cluster line, and the seconds it took to end."""
    began = time.monotonic()
    try:
        out, err = process.communicate(timeout=BOUND)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate(timeout=BOUND)
    return out, err.splitlines(), time.monotonic() - began


def _partial_batch(out: str) -> dict:
    data = json.loads(out)
    assert data["cancelled"] is True
    assert 0 < data["games"] < GAMES  # the chunks counted before the loss, and no more
    assert data["games"] == data["x_wins"] + data["o_wins"] + data["draws"]
    return data


def test_a_scheduler_killed_mid_batch_is_one_line_then_the_games_so_far(fresh_dask):
    fresh_dask.add_worker()
    process = _start(BATCH, fresh_dask.address)
    fresh_dask.wait_for_merged_chunks("tictactoe-chunk")
    fresh_dask.processes[0].kill()  # the scheduler
    out, err, seconds = _finish(process)
    assert process.returncode == INTERRUPTED, err
    _partial_batch(out)
    assert err == [
        f"tictactoe-qt simulate: stopped: the cluster's scheduler at "
        f"'{fresh_dask.address}' went away: the connection to it was lost; the games "
        "finished before are reported"
    ]
    assert seconds < PROMPT


def test_a_scheduler_killed_mid_tournament_gives_the_table_so_far(fresh_dask, run_main):
    fresh_dask.add_worker()
    killed: list[float] = []

    def kill_after_a_pairing_chunk() -> None:
        fresh_dask.wait_for_merged_chunks("tictactoe-pairing")
        fresh_dask.processes[0].kill()
        killed.append(time.monotonic())

    killer = threading.Thread(target=kill_after_a_pairing_chunk, daemon=True)
    killer.start()
    result = run_main(*ROUND_ROBIN, "--cluster", fresh_dask.address)  # here: signals need the main thread
    seconds = time.monotonic() - killed[0] if killed else float("inf")
    killer.join(timeout=BOUND)
    cluster_line, *err = result.stderr.splitlines()
    assert cluster_line.startswith(f"cluster {fresh_dask.address}:"), result.stderr
    assert result.returncode == INTERRUPTED, err
    data = json.loads(result.stdout)
    played = sum(s["wins"] + s["draws"] + s["losses"] for s in data["ranking"]) // 2
    assert data["cancelled"] is True and 0 < played < 3 * 6000
    assert err == [
        f"tictactoe-qt tournament: stopped: the cluster's scheduler at "
        f"'{fresh_dask.address}' went away: the connection to it was lost; the games "
        "finished before are reported",
        "tictactoe-qt tournament: stopped early",
    ]
    assert seconds < PROMPT


def test_every_worker_gone_mid_batch_is_one_line_after_a_bounded_wait(dask_here):
    # One worker: the dock's test loses two at once, and a lost worker among others
    # changes nothing (test_cluster_batch).
    worker = dask_here.add_worker()
    process = _start(BATCH, dask_here.address, answer=ANSWER, no_workers=NO_WORKERS)
    dask_here.wait_for_merged_chunks("tictactoe-chunk")
    worker.kill()
    out, err, seconds = _finish(process)
    assert process.returncode == INTERRUPTED, err
    _partial_batch(out)
    assert len(err) == 1 and re.fullmatch(
        r"tictactoe-qt simulate: stopped: every worker of the cluster at 'tcp://127\.0\.0\.1:\d+' "
        rf"has gone, and none joined in {NO_WORKERS} s; the games finished before are reported",
        err[0],
    ), err
    assert seconds < PROMPT


def test_a_frozen_scheduler_mid_batch_is_one_line_then_the_games_so_far(fresh_dask):
    fresh_dask.add_worker()
    scheduler = fresh_dask.processes[0]
    process = _start(BATCH, fresh_dask.address, answer=ANSWER)
    fresh_dask.wait_for_merged_chunks("tictactoe-chunk")
    os.kill(scheduler.pid, signal.SIGSTOP)  # its connections stay open; it never answers
    try:
        out, err, seconds = _finish(process)
    finally:
        os.kill(scheduler.pid, signal.SIGCONT)
    assert process.returncode == INTERRUPTED, err
    _partial_batch(out)
    assert err == [
        f"tictactoe-qt simulate: stopped: the cluster's scheduler at "
        f"'{fresh_dask.address}' stopped answering: no reply in {ANSWER} s; the games "
        "finished before are reported"
    ]
    assert seconds < PROMPT
