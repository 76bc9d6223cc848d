"""``simulate --workers 2`` under real signals and killed processes: it ends, and so do its workers.

Each test starts the real command in a subprocess and watches its worker
processes through /proc. Time bounds are generous: the point is that
nothing hangs or is left behind, not how fast it goes.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

from .process_tree import command, descendants, is_running, start, wait_for

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")

#: A batch far longer than any test: it only ends when stopped.
ENDLESS = [
    "simulate",
    "--x",
    "random",
    "--o",
    "minimax:depth=1",
    "--size",
    "5",
    "--games",
    "1000000",
    "--workers",
    "2",
    "--seed",
    "1",
]
#: Seconds for anything that must not hang (a hang is what fails, not slowness).
BOUND = 60


@pytest.fixture
def spawned():
    """Every process a test starts, killed at the end if a failure left any running."""
    pids: set[int] = set()
    yield pids
    for pid in pids:
        if is_running(pid):
            os.kill(pid, signal.SIGKILL)


def _start_with_workers(args: list[str], spawned: set[int]) -> tuple[subprocess.Popen[str], set[int]]:
    process = start(args)
    spawned.add(process.pid)
    workers = wait_for(lambda: _at_least(2, descendants(process.pid)), timeout=BOUND)
    spawned.update(workers)
    assert len(workers) >= 2, "the worker processes never started"
    return process, workers


def _finish(process: subprocess.Popen[str], spawned: set[int]) -> tuple[str, str]:
    """The command's output once it has ended (its workers hold the pipes open too)."""
    try:
        return process.communicate(timeout=BOUND)
    except subprocess.TimeoutExpired:
        for pid in spawned:
            if is_running(pid):
                os.kill(pid, signal.SIGKILL)
        process.communicate(timeout=BOUND)
        pytest.fail(
            f"the command or its workers still ran {BOUND} s after it was told to stop"
            f" (exit status {process.returncode})"
        )


def _assert_all_ended(pids: set[int]) -> None:
    left = wait_for(lambda: not any(map(is_running, pids)), timeout=BOUND)
    assert left, f"worker processes left running: {sorted(p for p in pids if is_running(p))}"


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT], ids=["SIGTERM", "SIGHUP", "SIGINT"])
def test_a_stop_signal_reports_the_games_so_far_and_ends_every_worker(signum, spawned):
    process, workers = _start_with_workers(command(*ENDLESS, "--json"), spawned)
    process.send_signal(signum)
    out, err = _finish(process, spawned)
    assert process.returncode == 128 + signum, err
    data = json.loads(out)
    assert data["cancelled"] is True
    assert data["games"] == data["x_wins"] + data["o_wins"] + data["draws"] < 1_000_000
    assert signal.Signals(signum).name in err and "Traceback" not in err
    _assert_all_ended(workers)


@pytest.mark.parametrize("attempt", range(4))
def test_a_killed_worker_ends_the_run_with_one_line_and_a_report(attempt, spawned):
    process, workers = _start_with_workers(command(*ENDLESS, "--json"), spawned)
    victim = sorted(workers)[attempt % 2]
    os.kill(victim, signal.SIGKILL)
    out, err = _finish(process, spawned)
    assert process.returncode == 1
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "worker process" in lines[0], err
    assert "Traceback" not in err
    data = json.loads(out)  # the games of the chunks that came back (none, this early)
    assert data["cancelled"] is True and data["failure"] and data["games"] < 1_000_000
    _assert_all_ended(workers)


#: A worker forked while the command's stop handlers are set, signalled before its
#: own set-up runs (the pool ends the other workers when one dies).
EARLY_SIGNALLED_WORKER = textwrap.dedent("""
    import os, signal
    from tictactoe_qt.cli.stop_signals import first_signal_stops

    stopped_by = []
    with first_signal_stops(stopped_by):
        pid = os.fork()
        if pid == 0:
            for signum in (signal.SIGHUP, signal.SIGINT, signal.SIGTERM):
                os.kill(os.getpid(), signum)
            os._exit(0)
        _, status = os.waitpid(pid, 0)
    print(os.WIFSIGNALED(status) and signal.Signals(os.WTERMSIG(status)).name, stopped_by)
""")


def test_a_worker_signalled_before_its_set_up_acts_as_a_worker(tmp_path):
    """It ignores hang-ups and Ctrl+C, and SIGTERM before it knows the batch's stop
    flag, without reporting a stop (a killed worker's sibling printed 'stopping on
    SIGTERM' under load)."""
    script = tmp_path / "early.py"
    script.write_text(EARLY_SIGNALLED_WORKER)
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=BOUND)
    assert done.stdout.split() == ["False", "[]"], done.stderr
    assert done.stderr == ""


#: A batch run from a process with a second thread: workers come from a fork server.
FORKSERVER_BATCH = textwrap.dedent("""
    import threading
    from tictactoe_qt.engine.play import run_batch
    from tictactoe_qt.engine.processes import start_method
    from tictactoe_qt.engine.game import GameConfig

    if __name__ == "__main__":
        threading.Thread(target=threading.Event().wait, daemon=True).start()
        assert start_method() != "fork"
        run_batch(GameConfig(5, 5, 4), "random", "minimax:depth=1", 1_000_000, seed=1, workers=2)
""")


@pytest.mark.parametrize("how", ["fork", "forkserver"])
def test_workers_die_when_their_parent_is_killed(how, tmp_path, spawned):
    if how == "fork":
        args, processes = command(*ENDLESS), 2  # two workers
    else:
        script = tmp_path / "batch.py"
        script.write_text(FORKSERVER_BATCH)
        # A resource tracker, the fork server, and two workers (the server's children).
        args, processes = [sys.executable, str(script)], 4
    process = start(args)
    spawned.add(process.pid)
    workers = wait_for(lambda: _at_least(processes, descendants(process.pid)), timeout=BOUND)
    spawned.update(workers)
    assert len(workers) >= processes, f"only {sorted(workers)} started"
    process.kill()
    _finish(process, spawned)
    _assert_all_ended(workers)


def _at_least(count: int, pids: set[int]) -> set[int]:
    return pids if len(pids) >= count else set()


def test_too_many_workers_start_no_more_processes_than_the_cap(spawned):
    from tictactoe_qt.engine.processes import worker_limit

    args = [*ENDLESS[:-4], "--workers", "400", "--seed", "1", "--json"]
    process, _ = _start_with_workers(command(*args), spawned)
    time.sleep(1)  # the pool starts every worker at once; give stragglers a moment
    started = descendants(process.pid)
    spawned.update(started)
    process.send_signal(signal.SIGTERM)
    out, err = _finish(process, spawned)
    assert 2 <= len(started) <= worker_limit()
    assert f"using {worker_limit()} worker processes, not 400" in err
    assert json.loads(out)["workers"] == worker_limit()
    _assert_all_ended(started)
