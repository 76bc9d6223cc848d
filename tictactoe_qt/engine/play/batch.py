"""Batches of games over several processes, with the same totals as one process.

A batch is cut into chunks of consecutive game indices, always at the game
numbers where the players start fresh (see
:func:`~tictactoe_qt.engine.play.move_by_move.fresh_player_games`). Each game depends
only on (seed, its index) and the players' memory of their own chunk, so the
totals are the same whatever the number of workers; only the timings differ.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, overload

from ..game.config import GameConfig
from ..players.player_spec import PlayerSpec
from ..processes import WorkerDiedError, WorkerPool, default_workers, start_method, worker_limit, worker_should_stop
from ..search_result import ShouldStop, never_stop
from . import random_games
from .move_by_move import fresh_player_games, new_players
from .simulation import computer_spec, resolve_seed, summarize_games, uses_rank_path
from .simulation_stats import SimulationSummary

if TYPE_CHECKING:
    from concurrent.futures import Future

__all__ = [
    "MAX_BATCH_GAMES",
    "BatchProgress",
    "WorkerDiedError",
    "chunk_bounds",
    "default_workers",
    "run_batch",
    "start_method",
    "worker_limit",
]

#: ``progress(games_done, games_total)``, called in the caller's thread.
BatchProgress = Callable[[int, int], None]

#: Largest chunk, in games (when the unit is smaller).
_MAX_CHUNK = 1 << 18
_CHUNKS_PER_WORKER = 8
#: Most games in one batch: a few minutes per core on the fastest route
#: (random players, millions of games a second), far longer for any search.
MAX_BATCH_GAMES = 1_000_000_000


class ChunkBounds(Sequence[tuple[int, int]]):
    """``(start, stop)`` of each chunk of a batch, computed when asked for (never stored)."""

    def __init__(self, games: int, size: int) -> None:
        self.games = games
        self.size = size
        self._starts = range(0, games, size)

    def __len__(self) -> int:
        return len(self._starts)

    @overload
    def __getitem__(self, index: int) -> tuple[int, int]: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[tuple[int, int]]: ...
    def __getitem__(self, index: int | slice) -> tuple[int, int] | Sequence[tuple[int, int]]:
        if isinstance(index, slice):
            return [self._bounds(start) for start in self._starts[index]]
        return self._bounds(self._starts[index])

    def __iter__(self) -> Iterator[tuple[int, int]]:
        return map(self._bounds, self._starts)

    def _bounds(self, start: int) -> tuple[int, int]:
        return start, min(start + self.size, self.games)


def chunk_bounds(games: int, workers: int, unit: int) -> ChunkBounds:
    """``(start, stop)`` of each chunk: whole units of ``unit`` games, a few per worker.

    Chunks only ever start at multiples of ``unit``, whatever ``workers`` is,
    so each chunk plays the same games in any process. The chunks are made
    one at a time as the batch goes, so a huge count costs no memory up front.
    """
    units = -(-games // unit)
    per_chunk = max(1, min(units // (workers * _CHUNKS_PER_WORKER), _MAX_CHUNK // unit))
    return ChunkBounds(games, per_chunk * unit)


def run_batch(
    config: GameConfig,
    x_spec: PlayerSpec | str,
    o_spec: PlayerSpec | str,
    games: int,
    seed: int | None = None,
    swap: bool = False,
    workers: int | None = 1,
    progress: BatchProgress | None = None,
    should_stop: ShouldStop = never_stop,
) -> SimulationSummary:
    """Play ``games`` games and return their totals, on ``workers`` processes.

    Args:
        config: the board.
        x_spec: the player given as X (see :func:`~.simulation.run_games`).
        o_spec: the player given as O.
        games: how many games.
        seed: the batch seed; ``None`` draws one (reported in the summary).
        swap: alternate which player moves first.
        workers: processes to use; ``None`` or 0 uses every core, 1 plays in
            this process; never more than :func:`worker_limit` (the summary
            says how many were used).
        progress: told the games done after each chunk.
        should_stop: checked between chunks (and, in one process, between
            moves); once true the summary holds the games finished so far and
            is marked ``cancelled``.

    A worker process that dies (killed, out of memory) ends the batch too:
    the summary holds the games of the chunks that came back, is marked
    ``cancelled``, and its ``failure`` says what happened.

    Raises:
        PlayerSpecError: a spec is bad or names a human.
        ValueError: ``games`` is negative or above :data:`MAX_BATCH_GAMES`, or
            ``workers`` is negative.
    """
    if games < 0:
        raise ValueError(f"the number of games must not be negative, got {games}")
    if games > MAX_BATCH_GAMES:
        raise ValueError(f"at most {MAX_BATCH_GAMES:,} games fit in one batch, got {games:,}")
    if workers is not None and workers < 0:
        raise ValueError(f"workers must be 0 (all cores) or more, got {workers}")
    specs = (computer_spec(x_spec), computer_spec(o_spec))
    new_players(specs)  # a kind nobody registered fails here, not in a worker
    batch_seed = resolve_seed(seed)
    workers = min(workers or default_workers(), worker_limit())
    unit = random_games.BLOCK_GAMES if uses_rank_path(config, *specs) else fresh_player_games(config)
    chunks = chunk_bounds(games, workers, unit)
    began = time.perf_counter()
    summary = SimulationSummary(config, str(specs[0]), str(specs[1]), batch_seed, swap)
    summary.workers = workers
    if workers == 1 or len(chunks) <= 1:
        summary.workers = 1
        for start, stop in chunks:
            if should_stop():
                summary.cancelled = True
                break
            part = summarize_games(config, *specs, start, stop, batch_seed, swap, should_stop)
            summary.merge(part)
            if progress is not None:
                progress(summary.games, games)
    else:
        _run_in_pool(summary, specs, chunks, games, progress, should_stop)
    summary.elapsed_seconds = time.perf_counter() - began
    return summary


def _run_in_pool(
    summary: SimulationSummary,
    specs: tuple[PlayerSpec, PlayerSpec],
    chunks: ChunkBounds,
    games: int,
    progress: BatchProgress | None,
    should_stop: ShouldStop,
) -> None:
    # Here, not at the top: concurrent.futures (with logging) only matters with workers.
    from concurrent.futures import FIRST_COMPLETED, wait
    from concurrent.futures.process import BrokenProcessPool

    pool = WorkerPool(summary.workers)
    pending: Iterator[tuple[int, int]] = iter(chunks)
    running: set[Future[SimulationSummary]] = set()

    def submit() -> None:
        while len(running) < 2 * summary.workers:
            bounds = next(pending, None)
            if bounds is None:
                return
            start, stop = bounds
            running.add(
                pool.submit(_summarize_in_worker, summary.config, specs, start, stop, summary.seed, summary.swap)
            )

    try:
        submit()
        while running:
            done, _ = wait(running, timeout=0.05, return_when=FIRST_COMPLETED)
            for future in done:
                running.discard(future)
                summary.merge(future.result())
                if progress is not None:
                    progress(summary.games, games)
            if should_stop() or pool.stop_requested():  # a worker's SIGTERM is a stop request too
                pool.stop()
                pending = iter(())
                summary.cancelled = True
            submit()
    except BrokenProcessPool:
        died = pool.discard()
        _keep_finished_chunks(summary, running)
        summary.cancelled = True
        summary.failure = str(died)
    finally:
        pool.shutdown()


def _keep_finished_chunks(summary: SimulationSummary, futures: set[Future[SimulationSummary]]) -> None:
    """Merge the chunks that came back before the pool broke (their games were played)."""
    for future in futures:
        if future.done() and not future.cancelled() and future.exception() is None:
            summary.merge(future.result())


def _summarize_in_worker(
    config: GameConfig, specs: tuple[PlayerSpec, PlayerSpec], start: int, stop: int, seed: int, swap: bool
) -> SimulationSummary:
    return summarize_games(config, *specs, start, stop, seed, swap, worker_should_stop)
