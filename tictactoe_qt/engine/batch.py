"""Batches of games over several processes, with the same totals as one process.

A batch is cut into chunks of consecutive game indices, always at the game
numbers where the players start fresh (see
:func:`~tictactoe_qt.engine.simulation.fresh_player_games`). Each game depends
only on (seed, its index) and the players' memory of their own chunk, so the
totals are the same whatever the number of workers; only the timings differ.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from multiprocessing.synchronize import Event

from . import random_games
from .config import GameConfig
from .player_spec import PlayerSpec
from .search_result import ShouldStop, never_stop
from .simulation import (
    computer_spec,
    fresh_player_games,
    new_players,
    resolve_seed,
    summarize_games,
    uses_rank_path,
)
from .simulation_stats import SimulationSummary

#: ``progress(games_done, games_total)``, called in the caller's thread.
BatchProgress = Callable[[int, int], None]

#: Largest chunk, in games (when the unit is smaller).
_MAX_CHUNK = 1 << 18
_CHUNKS_PER_WORKER = 8
_stop_event: Event | None = None


def default_workers() -> int:
    """One worker per core the process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)


def start_method() -> str:
    """How to start workers: ``fork`` (fast) only from a single-threaded process.

    Forking a process that runs other threads (a Qt GUI, say) can copy a lock
    some thread holds and deadlock the child; then a fresh interpreter is used
    (forkserver, or spawn), which re-imports the main module: scripts that call
    :func:`run_batch` from a thread need the usual ``if __name__ == "__main__":``.
    """
    methods = multiprocessing.get_all_start_methods()
    if "fork" in methods and threading.active_count() == 1 and "PySide6" not in sys.modules:
        return "fork"
    return "forkserver" if "forkserver" in methods else "spawn"


def chunk_bounds(games: int, workers: int, unit: int) -> list[tuple[int, int]]:
    """``(start, stop)`` of each chunk: whole units of ``unit`` games, a few per worker.

    Chunks only ever start at multiples of ``unit``, whatever ``workers`` is,
    so each chunk plays the same games in any process.
    """
    units = -(-games // unit)
    per_chunk = max(1, min(units // (workers * _CHUNKS_PER_WORKER), _MAX_CHUNK // unit))
    size = per_chunk * unit
    return [(start, min(start + size, games)) for start in range(0, games, size)]


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
            this process.
        progress: told the games done after each chunk.
        should_stop: checked between chunks (and, in one process, between
            moves); once true the summary holds the games finished so far and
            is marked ``cancelled``.

    Raises:
        PlayerSpecError: a spec is bad or names a human.
        ValueError: ``games`` is negative or ``workers`` is.
    """
    if games < 0:
        raise ValueError(f"the number of games must not be negative, got {games}")
    if workers is not None and workers < 0:
        raise ValueError(f"workers must be 0 (all cores) or more, got {workers}")
    specs = (computer_spec(x_spec), computer_spec(o_spec))
    new_players(specs)  # a kind nobody registered fails here, not in a worker
    batch_seed = resolve_seed(seed)
    workers = workers or default_workers()
    unit = (
        random_games.BLOCK_GAMES if uses_rank_path(config, *specs) else fresh_player_games(config)
    )
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
    chunks: list[tuple[int, int]],
    games: int,
    progress: BatchProgress | None,
    should_stop: ShouldStop,
) -> None:
    context = multiprocessing.get_context(start_method())
    stop_event = context.Event()
    pending = list(reversed(chunks))
    running: set[Future[SimulationSummary]] = set()
    with ProcessPoolExecutor(
        summary.workers, mp_context=context, initializer=_init_worker, initargs=(stop_event,)
    ) as pool:

        def submit() -> None:
            while pending and len(running) < 2 * summary.workers:
                start, stop = pending.pop()
                running.add(
                    pool.submit(
                        _summarize_in_worker, summary.config, specs, start, stop,
                        summary.seed, summary.swap,
                    )
                )

        submit()
        try:
            while running:
                done, _ = wait(running, timeout=0.05, return_when=FIRST_COMPLETED)
                for future in done:
                    running.discard(future)
                    summary.merge(future.result())
                    if progress is not None:
                        progress(summary.games, games)
                if should_stop():
                    stop_event.set()
                    pending.clear()
                    summary.cancelled = True
                submit()
        except BaseException:
            stop_event.set()  # let the workers wind down before the pool shuts
            raise


def _init_worker(stop_event: Event) -> None:
    global _stop_event
    _stop_event = stop_event
    # Ctrl+C is the parent's to handle: it sets the stop event, which ends
    # the chunks in hand promptly, instead of every worker printing a traceback.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _worker_should_stop() -> bool:
    return _stop_event is not None and _stop_event.is_set()


def _summarize_in_worker(
    config: GameConfig,
    specs: tuple[PlayerSpec, PlayerSpec],
    start: int,
    stop: int,
    seed: int,
    swap: bool,
) -> SimulationSummary:
    return summarize_games(config, *specs, start, stop, seed, swap, _worker_should_stop)
