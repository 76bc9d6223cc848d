"""A batch whose worker process is killed ends with a message and the games so far, never a hang."""

from __future__ import annotations

import os
import signal
import time

import pytest

from tictactoe_qt.engine.game import GameConfig
from tictactoe_qt.engine.players import PlayerSpec
from tictactoe_qt.gui.stats.background import BackgroundTask
from tictactoe_qt.gui.stats.batch_worker import BatchRequest, BatchWorker
from tictactoe_qt.gui.stats.chunk_pool import ChunkPool

RANDOM = PlayerSpec("random")
#: Long enough that the batch is still running when a worker is killed.
BIG = BatchRequest(GameConfig(5, 5, 4), RANDOM, PlayerSpec("minimax", depth=1), 1_000_000, seed=3)


@pytest.fixture
def task(qtbot):
    task = BackgroundTask("test batch")
    yield task
    task.shutdown()


@pytest.fixture
def pool():
    pool = ChunkPool(workers=2)
    yield pool
    pool.shutdown()


def _worker_pids(pool: ChunkPool) -> list[int]:
    # The executor's own table: with a fork server the workers are not our children.
    return list(pool.executor._processes)


@pytest.mark.parametrize("attempt", range(3))
def test_a_killed_worker_stops_the_batch_with_one_line(qtbot, task, pool, attempt) -> None:
    with qtbot.waitSignal(task.progress, timeout=60_000):
        task.start(BatchWorker(BIG, pool))
    pids = _worker_pids(pool)
    assert pids
    began = time.monotonic()
    with qtbot.waitSignal(task.finished, timeout=20_000) as finished:
        os.kill(pids[attempt % len(pids)], signal.SIGKILL)
    assert time.monotonic() - began < 20
    run = finished.args[0]
    assert run.cancelled and 0 < run.games < BIG.games  # the games counted before are kept
    message = run.failure
    assert "worker process" in message and "\n" not in message and len(message) < 200
    qtbot.waitUntil(lambda: not task.is_running(), timeout=10_000)


def test_the_pool_works_again_after_a_worker_was_killed(qtbot, task, pool) -> None:
    with qtbot.waitSignal(task.progress, timeout=60_000):
        task.start(BatchWorker(BIG, pool))
    with qtbot.waitSignal(task.finished, timeout=20_000):
        os.kill(_worker_pids(pool)[0], signal.SIGKILL)
    qtbot.waitUntil(lambda: not task.is_running(), timeout=10_000)
    small = BatchRequest(GameConfig(4, 4, 3), RANDOM, RANDOM, 2000, seed=5)
    with qtbot.waitSignal(task.finished, timeout=60_000) as finished:
        task.start(BatchWorker(small, pool))
    assert finished.args[0].games == 2000 and not finished.args[0].cancelled
