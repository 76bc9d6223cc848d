"""``run_batch`` on a Dask cluster: the same chunks, the same totals, streamed back."""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable, Iterator
from typing import Any

from tictactoe_qt.engine import random_games
from tictactoe_qt.engine.batch import MAX_BATCH_GAMES, BatchProgress, chunk_bounds
from tictactoe_qt.engine.config import GameConfig
from tictactoe_qt.engine.player_spec import PlayerSpec
from tictactoe_qt.engine.search_result import ShouldStop, never_stop
from tictactoe_qt.engine.move_by_move import fresh_player_games, new_players
from tictactoe_qt.engine.simulation import (
    computer_spec,
    resolve_seed,
    summarize_games,
    uses_rank_path,
)
from tictactoe_qt.engine.simulation_stats import SimulationSummary

from . import ClusterError
from .connection import ClusterConnection

#: Chunks in flight per worker thread: enough to keep every worker busy while
#: results travel back, few enough that the client holds little at any time.
IN_FLIGHT_PER_CORE = 2
#: Seconds between looks at ``should_stop`` while no chunk finishes.
POLL_SECONDS = 0.1
#: Seconds without a finished chunk before checking that the cluster still has workers.
NO_WORKER_SECONDS = 5.0


def run_cluster_batch(
    connection: ClusterConnection,
    config: GameConfig,
    x_spec: PlayerSpec | str,
    o_spec: PlayerSpec | str,
    games: int,
    seed: int | None = None,
    swap: bool = False,
    progress: BatchProgress | None = None,
    should_stop: ShouldStop = never_stop,
) -> SimulationSummary:
    """Play ``games`` games on the cluster; the same totals as :func:`~.engine.batch.run_batch`.

    The chunks are :func:`~.engine.batch.chunk_bounds` for the cluster's
    cores, submitted a few at a time and counted as they finish, so the
    client's memory stays bounded however long the batch. A lost worker's
    chunks are played again by Dask elsewhere. Once ``should_stop`` is true the
    chunks not yet finished are cancelled and the summary is marked ``cancelled``.
    """
    if not 0 <= games <= MAX_BATCH_GAMES:
        raise ValueError(f"the number of games must be from 0 to {MAX_BATCH_GAMES:,}, got {games:,}")
    specs = (computer_spec(x_spec), computer_spec(o_spec))
    new_players(specs)  # a kind nobody registered fails here, not on a worker
    batch_seed = resolve_seed(seed)
    cores = max(1, connection.info().cores)
    unit = random_games.BLOCK_GAMES if uses_rank_path(config, *specs) else fresh_player_games(config)
    chunks = chunk_bounds(games, cores, unit)
    summary = SimulationSummary(config, str(specs[0]), str(specs[1]), batch_seed, swap)
    summary.workers = cores
    began = time.perf_counter()
    submit = _submitter(connection.client, config, specs, batch_seed, swap)
    _stream(connection.client, summary, map(submit, chunks), cores * IN_FLIGHT_PER_CORE,
            games, progress, should_stop)
    summary.elapsed_seconds = time.perf_counter() - began
    return summary


def _submitter(client: Any, config: GameConfig, specs: tuple[PlayerSpec, PlayerSpec],
               seed: int, swap: bool) -> Any:
    batch = uuid.uuid4().hex[:12]

    def submit(bounds: tuple[int, int]) -> Any:
        start, stop = bounds
        return client.submit(summarize_games, config, *specs, start, stop, seed, swap,
                             key=f"tictactoe-chunk-{batch}-{start}", pure=False)

    return submit


def _stream(client: Any, summary: SimulationSummary, futures: Iterator[Any], limit: int,
            games: int, progress: BatchProgress | None, should_stop: ShouldStop) -> None:
    def merge(part: SimulationSummary) -> None:
        summary.merge(part)
        if progress is not None:
            progress(summary.games, games)

    if not stream_chunks(client, futures, limit, merge, should_stop):
        summary.cancelled = True


def stream_chunks(client: Any, futures: Iterator[Any], limit: int,
                  merge: Callable[[Any], None], should_stop: ShouldStop) -> bool:
    """Keep ``limit`` of ``futures`` in flight and ``merge`` each result as it finishes.

    Results come in any order (their sums do not care). Each future is let go
    once merged, so the client holds at most ``limit`` at a time. Returns
    False when ``should_stop`` ended it early (the rest is cancelled).
    """
    from distributed import as_completed

    finished = as_completed()
    running: set[Any] = set()

    def top_up() -> None:
        while len(running) < limit:
            future = next(futures, None)
            if future is None:
                return
            running.add(future)
            finished.add(future)

    try:
        top_up()
        heard = time.monotonic()
        while running:
            if should_stop():
                return False
            arrived = finished.next_batch(block=False) or _wait_a_little(finished)
            for future in arrived:
                result = _result(client, future, should_stop)
                if result is None:
                    return False
                running.discard(future)
                merge(result)
                future.release()
            if arrived:
                heard = time.monotonic()
            elif time.monotonic() - heard > NO_WORKER_SECONDS:
                heard = time.monotonic()
                _check_workers_left(client)
            top_up()
        return True
    finally:
        if running:  # stopped, interrupted or failed: nothing more is played for us
            client.cancel(list(running), force=True)


def _result(client: Any, future: Any, should_stop: ShouldStop) -> Any:
    """The future's result; None once ``should_stop``.

    A result kept on a worker that dies before it is fetched is computed
    again elsewhere, so even a finished future may have to wait.
    """
    from distributed import TimeoutError as DaskTimeout

    while True:
        try:
            return future.result(timeout=NO_WORKER_SECONDS)
        except (DaskTimeout, TimeoutError):
            if should_stop():
                return None
            _check_workers_left(client)


def _check_workers_left(client: Any) -> None:
    if not client.nthreads():  # Dask would wait for a worker forever
        raise ClusterError("every worker of the cluster has gone; the batch stopped")


def _wait_a_little(finished: Any) -> list[Any]:
    time.sleep(POLL_SECONDS)
    return list(finished.next_batch(block=False))
