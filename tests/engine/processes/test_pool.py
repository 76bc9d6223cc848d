"""The worker pool's rules (see the package docstring, "Pools"), each with real workers and signals."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

import pytest

from tictactoe_qt.engine import ProcessFailure
from tictactoe_qt.engine.processes import WorkerDiedError, WorkerPool

from .conftest import group_gone
from .pool_chunks import ignore_the_stop, play_until_stopped, worker_pid

#: Far below the hangs these tests guard against (for ever), far above any machine's slowness.
PROMPT = 60.0
DRIVER = Path(__file__).with_name("pool_driver.py")
ROOT = Path(__file__).parents[3]


def wait_until(check: Callable[[], object], what: str, seconds: float = PROMPT) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, f"never happened: {what}"
        time.sleep(0.01)


def marked(path: Path) -> list[int]:
    """The pids a chunk wrote to ``path``, once it has."""
    wait_until(path.exists, f"a chunk wrote {path.name}")
    return [int(word) for word in path.read_text().split()]


def running(pid: int) -> bool:
    """True while ``pid`` exists and is not a zombie (a reaped process has no /proc entry)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[-1].split()[0] != "Z"
    except OSError:
        return False


def reaped(pid: int) -> bool:
    return not os.path.exists(f"/proc/{pid}")


@pytest.fixture
def pools() -> Iterator[Callable[[int], WorkerPool]]:
    """``pools(n)`` makes a pool of ``n`` workers; each is shut down, its workers gone, at the end."""
    made: list[tuple[WorkerPool, set[int]]] = []

    def make(workers: int) -> WorkerPool:
        pool = WorkerPool(workers)
        made.append((pool, set()))
        return pool

    yield make
    for pool, _ in made:
        seen = set(pool.pids())
        pool.shutdown(grace=0.5)
        left = [pid for pid in seen if not reaped(pid)]
        for pid in left:  # only if the pool failed: never leave them running
            os.kill(pid, signal.SIGKILL)
        assert left == [], f"workers outlived their pool: {left}"


def test_workers_start_on_first_use_and_shutdown_reaps_them_all(pools):
    pool = pools(2)
    assert not pool.is_started() and pool.pids() == []
    assert pool.submit(worker_pid).result(PROMPT) in pool.pids()
    workers = pool.pids()
    assert workers and all(running(pid) for pid in workers)
    pool.shutdown()
    assert not pool.is_started()
    assert [pid for pid in workers if not reaped(pid)] == []


def test_stop_reaches_every_worker_and_clear_readies_the_next_batch(pools, tmp_path):
    pool = pools(2)
    futures = [pool.submit(play_until_stopped, str(tmp_path / f"w{i}")) for i in range(2)]
    players = {marked(tmp_path / f"w{i}")[0] for i in range(2)}
    assert len(players) == 2 and not pool.stop_requested()
    pool.stop()
    assert {future.result(PROMPT) for future in futures} == players
    pool.clear()
    again = pool.submit(play_until_stopped, str(tmp_path / "next"))
    assert marked(tmp_path / "next")[0] in players  # same workers, which no longer see a stop
    assert not again.done()
    pool.stop()
    assert again.result(PROMPT) in players


def test_sigterm_to_a_worker_stops_the_batch_and_sigint_sighup_are_ignored(pools, tmp_path):
    pool = pools(2)
    futures = [pool.submit(play_until_stopped, str(tmp_path / f"w{i}")) for i in range(2)]
    players = [marked(tmp_path / f"w{i}")[0] for i in range(2)]
    target = players[0]
    # Pending together, the lower numbers come first: a worker that did not
    # ignore SIGHUP or SIGINT would die before its SIGTERM handler ran.
    for signum in (signal.SIGHUP, signal.SIGINT, signal.SIGTERM):
        os.kill(target, signum)
    wait_until(pool.stop_requested, "the worker's SIGTERM became the batch's stop request")
    assert sorted(future.result(PROMPT) for future in futures) == sorted(players)
    assert running(target)


def test_shutdown_kills_a_worker_that_ignores_the_stop_and_its_engine(pools, tmp_path):
    pool = pools(1)
    pool.submit(ignore_the_stop, str(tmp_path / "stuck"))
    worker, engine = marked(tmp_path / "stuck")
    assert running(engine)
    began = time.monotonic()
    pool.shutdown(grace=0.5)
    assert time.monotonic() - began < PROMPT
    assert reaped(worker)
    assert group_gone(engine, PROMPT) == []  # the engine leads its own group: it died with the worker


def test_a_killed_worker_is_named_and_its_survivors_leave(pools, tmp_path):
    pool = pools(2)
    futures = [pool.submit(ignore_the_stop, str(tmp_path / f"w{i}")) for i in range(2)]
    (victim, engine), (survivor, other_engine) = (marked(tmp_path / f"w{i}") for i in range(2))
    os.kill(victim, signal.SIGKILL)
    with pytest.raises(BrokenProcessPool):
        futures[0].result(PROMPT)
    error = pool.discard()
    assert isinstance(error, ProcessFailure) and isinstance(error, WorkerDiedError)
    assert (error.pid, error.status) == (victim, -signal.SIGKILL)
    assert str(error) == f"a worker process died (pid {victim}, signal 9); the batch stopped"
    assert reaped(victim) and reaped(survivor)
    assert group_gone(engine, PROMPT) == [] and group_gone(other_engine, PROMPT) == []
    assert not pool.is_started()
    assert pool.submit(worker_pid).result(PROMPT) not in (victim, survivor)  # a fresh pool


def test_a_signal_to_the_group_stops_the_batch_and_the_pool_lives_on(tmp_path):
    """The fork server and resource tracker, started shielded, outlive SIGHUP and SIGTERM to the group."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    driver = subprocess.Popen(
        [sys.executable, str(DRIVER), str(tmp_path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        env=env,
    )
    try:
        players = [marked(tmp_path / f"worker{i}")[0] for i in range(2)]
        os.killpg(driver.pid, signal.SIGHUP)
        os.killpg(driver.pid, signal.SIGTERM)
        out, err = driver.communicate(timeout=PROMPT)
    finally:
        if driver.poll() is None:
            os.killpg(driver.pid, signal.SIGKILL)
            driver.wait()
    lines = out.splitlines()
    assert driver.returncode == 0 and "Traceback" not in err, err
    assert lines[0] == "ready forkserver"
    assert lines[1] == f"stopped {' '.join(map(str, sorted(players)))}"  # the workers lived, and stopped
    assert lines[2].startswith("again ") and lines[3] == "done"
    assert group_gone(driver.pid, PROMPT) == []
