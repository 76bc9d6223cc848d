"""Batches on Dask clusters through the engine API: worker processes where one is killed.

The stream and its totals are checked on workers in this process (the command-line
tests run them on worker processes); killing workers needs processes.
"""

from __future__ import annotations

import os
import signal
import threading
import time
from functools import cache

import pytest

from tictactoe_qt.cluster.batch import IN_FLIGHT_PER_CORE, run_cluster_batch
from tictactoe_qt.cluster.connection import ClusterAddress, connect
from tictactoe_qt.engine.game import GameConfig
from tictactoe_qt.engine.play import run_batch

from .dask_here import cluster_here
from .totals import totals

#: 4x4, k=3: players start fresh every 200 games, so 3,000 games make 15 chunks.
BOARD = GameConfig(4, 4, 3)
#: Enough games for many chunks; a second or two on two workers.
GAMES = 3000
SEED = 11


@cache
def one_process_totals() -> dict:
    """The totals of the module's batch in one process, played once."""
    return totals(run_batch(BOARD, "random", "minimax:depth=1", GAMES, seed=SEED, swap=True, workers=1).as_dict())


def test_the_cluster_gives_the_totals_of_one_process_streamed_chunk_by_chunk():
    seen: list[int] = []
    with cluster_here(workers=2) as cluster, connect(ClusterAddress.parse(cluster.scheduler_address)) as connection:
        client = connection.client

        def progress(done: int, total: int) -> None:
            seen.append(done)
            # Bounded: never more chunks held than the ones in flight.
            assert len(client.futures) <= IN_FLIGHT_PER_CORE * 2

        on_cluster = run_cluster_batch(
            connection, BOARD, "random", "minimax:depth=1", GAMES, seed=SEED, swap=True, progress=progress
        )
    assert totals(on_cluster.as_dict()) == one_process_totals()
    assert on_cluster.workers == 2 and not on_cluster.cancelled
    # Results arrive as chunks finish, each counted once, not all at the end.
    assert len(seen) > 4 and seen == sorted(seen) and seen[-1] == GAMES


def test_a_worker_killed_mid_batch_changes_nothing(dask_here, cluster_timeouts):
    doomed = dask_here.add_worker()
    dask_here.add_worker()
    killed: list[str] = []
    batch_over = threading.Event()
    # A chunk finished on the doomed worker but not yet fetched is replayed once fetching
    # it gives up: after the connect timeout, shortened here to keep the test short.
    cluster_timeouts(connect=2)
    with connect(ClusterAddress.parse(dask_here.address)) as connection:
        client = connection.client
        doomed_address = _address_of(client, doomed.pid)

        def kill_while_busy() -> None:
            # Beside the batch, never blocking it: the moment the doomed worker holds a
            # chunk, it dies. However fast or slow the machine, the batch keeps handing
            # it chunks until then.
            while not batch_over.is_set():
                if client.processing(workers=[doomed_address])[doomed_address]:
                    os.kill(doomed.pid, signal.SIGKILL)
                    killed.append(doomed_address)
                    return
                time.sleep(0.002)

        killer = threading.Thread(target=kill_while_busy, daemon=True)
        killer.start()
        try:
            on_cluster = run_cluster_batch(connection, BOARD, "random", "minimax:depth=1", GAMES, seed=SEED, swap=True)
        finally:
            batch_over.set()
            killer.join(timeout=10)
    assert killed, "the worker was never killed while busy"
    assert doomed.wait(timeout=10) == -signal.SIGKILL
    assert totals(on_cluster.as_dict()) == one_process_totals()
    assert not on_cluster.cancelled


def _address_of(client, pid: int) -> str:
    """The address of the worker process ``pid``."""
    return next(
        address
        for address, info in client.scheduler_info()["workers"].items()
        if client.run(os.getpid, workers=[address])[address] == pid
    )


def test_a_cluster_whose_workers_all_died_stops_with_the_games_so_far(dask_here, cluster_timeouts):
    from tictactoe_qt.cluster import ClusterLost

    only = dask_here.add_worker()
    seen: list[int] = []
    # The timeouts this test waits out, as set in Dask's configuration; the line says them.
    cluster_timeouts(answer=2, no_workers=1)
    with connect(ClusterAddress.parse(dask_here.address)) as connection:

        def progress(done: int, total: int) -> None:
            seen.append(done)
            if only.poll() is None:
                os.kill(only.pid, signal.SIGKILL)

        with pytest.raises(
            ClusterLost,
            match=r"^every worker of the cluster at 'tcp://127\.0\.0\.1:"
            r"\d+' has gone, and none joined in 1 s$",
        ) as lost:
            run_cluster_batch(connection, BOARD, "random", "minimax:depth=1", GAMES, seed=5, progress=progress)
    partial = lost.value.partial
    assert partial.cancelled and 0 < partial.games == seen[-1] < GAMES
    assert partial.games == partial.x_wins + partial.o_wins + partial.draws
