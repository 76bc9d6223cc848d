"""``run_batch`` on a Dask cluster: the same chunks, the same totals, streamed back."""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator
from typing import Any

from tictactoe_qt.engine import ShouldStop, never_stop
from tictactoe_qt.engine.game import GameConfig
from tictactoe_qt.engine.play import (
    BLOCK_GAMES,
    MAX_BATCH_GAMES,
    BatchProgress,
    SimulationSummary,
    chunk_bounds,
    computer_spec,
    fresh_player_games,
    new_players,
    resolve_seed,
    summarize_games,
    uses_rank_path,
)
from tictactoe_qt.engine.players import PlayerSpec

from . import ClusterLost
from .chunk_stream import stream_chunks
from .connection import ClusterConnection

#: Chunks in flight per worker thread: enough to keep every worker busy while
#: results travel back, few enough that the client holds little at any time.
IN_FLIGHT_PER_CORE = 2


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

    Raises:
        ClusterLost: the scheduler or every worker went away, or a chunk failed; its
            ``partial`` is the summary of the chunks finished before, marked ``cancelled``.
    """
    if not 0 <= games <= MAX_BATCH_GAMES:
        raise ValueError(f"the number of games must be from 0 to {MAX_BATCH_GAMES:,}, got {games:,}")
    specs = (computer_spec(x_spec), computer_spec(o_spec))
    new_players(specs)  # a kind nobody registered fails here, not on a worker
    batch_seed = resolve_seed(seed)
    cores = max(1, connection.info().cores)
    unit = BLOCK_GAMES if uses_rank_path(config, *specs) else fresh_player_games(config)
    chunks = chunk_bounds(games, cores, unit)
    summary = SimulationSummary(config, str(specs[0]), str(specs[1]), batch_seed, swap)
    summary.workers = cores
    began = time.perf_counter()
    submit = _submitter(connection.client, config, specs, batch_seed, swap)
    try:
        _stream(connection, summary, map(submit, chunks), cores * IN_FLIGHT_PER_CORE, games, progress, should_stop)
    except ClusterLost as lost:
        summary.cancelled = True
        lost.partial = summary
        raise
    finally:
        summary.elapsed_seconds = time.perf_counter() - began
    return summary


def _submitter(client: Any, config: GameConfig, specs: tuple[PlayerSpec, PlayerSpec], seed: int, swap: bool) -> Any:
    batch = uuid.uuid4().hex[:12]

    def submit(bounds: tuple[int, int]) -> Any:
        start, stop = bounds
        return client.submit(
            summarize_games, config, *specs, start, stop, seed, swap, key=f"tictactoe-chunk-{batch}-{start}", pure=False
        )

    return submit


def _stream(
    connection: ClusterConnection,
    summary: SimulationSummary,
    futures: Iterator[Any],
    limit: int,
    games: int,
    progress: BatchProgress | None,
    should_stop: ShouldStop,
) -> None:
    def merge(part: SimulationSummary) -> None:
        summary.merge(part)
        if progress is not None:
            progress(summary.games, games)

    if not stream_chunks(connection, futures, limit, merge, should_stop):
        summary.cancelled = True
