"""A signal to ``tictactoe-qt check`` while the student's search runs: the cases so far are
reported, every process it started ends, and the exit status says which signal it was."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.gomocup.processes import gone_with, group_gone, running_with

ROOT = Path(__file__).resolve().parents[2]
PEERS = ROOT / "tests" / "learn" / "hostile" / "peers.py"
GRANDCHILD = "hostile-grandchild"


def start_check(function: str, *argv: str) -> subprocess.Popen[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.Popen(
        [sys.executable, "-m", "tictactoe_qt", "check", "--json", f"{PEERS}:{function}", *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        start_new_session=True,
    )


def wait_for(condition, seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "waited a minute"
        time.sleep(0.05)


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP])
def test_a_stop_signal_to_the_group_reports_the_cases_so_far_and_ends_every_child(signum):
    check = start_check("answers_once_then_hangs", "--suite", "--time-limit", "300")
    try:
        assert check.stdout is not None
        first = json.loads(check.stdout.readline())
        wait_for(lambda: running_with(GRANDCHILD))
        os.killpg(check.pid, signum)
        out, err = check.communicate(timeout=60)
    finally:
        if check.poll() is None:
            os.killpg(check.pid, signal.SIGKILL)
            check.wait()
    assert check.returncode == 128 + signum, err[-2000:]
    assert json.loads(out.splitlines()[-1]) == {"cases": 1, "passed": first["ok"] * 1}
    assert f"stopping on {signal.Signals(signum).name}" in err and "Traceback" not in err
    assert group_gone(check.pid) == []
    assert gone_with(GRANDCHILD) == []


@pytest.mark.parametrize(
    "function, signum",
    [
        ("terminates_its_parent", signal.SIGTERM),
        ("interrupts_its_parent", signal.SIGINT),
        ("hangs_up_its_parents_group", signal.SIGHUP),
    ],
)
def test_a_search_that_signals_the_check_stops_it_with_a_summary(function, signum):
    check = start_check(function, "--tree", "[[1,2],[3]]", "--time-limit", "300")
    try:
        out, err = check.communicate(timeout=120)
    finally:
        if check.poll() is None:
            os.killpg(check.pid, signal.SIGKILL)
            check.wait()
    assert check.returncode == 128 + signum, err[-2000:]
    assert json.loads(out.splitlines()[-1]) == {"cases": 0, "passed": 0}
    assert group_gone(check.pid) == []
    assert gone_with("tictactoe-check") == []


def test_what_the_search_started_ends_even_when_the_check_is_killed():
    """SIGKILL cannot be caught: the checking child ends the student's processes itself."""
    check = start_check("answers_once_then_hangs", "--suite", "--time-limit", "300")
    try:
        assert check.stdout is not None
        json.loads(check.stdout.readline())
        wait_for(lambda: running_with(GRANDCHILD))
        os.kill(check.pid, signal.SIGKILL)  # the command alone, not its group
        check.communicate(timeout=60)
        wait_for(lambda: not running_with(GRANDCHILD) and not running_with("tictactoe-check"), seconds=20)
    finally:
        if check.poll() is None:
            os.killpg(check.pid, signal.SIGKILL)
            check.wait()
