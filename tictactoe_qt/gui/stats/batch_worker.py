"""Plays a simulation batch in a worker thread, reporting progress a few times a second."""

from __future__ import annotations

import threading
import time
import traceback
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import Future, wait
from concurrent.futures import TimeoutError as FutureTimeout
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from functools import partial

from PySide6.QtCore import Signal, Slot

from tictactoe_qt.cluster import ClusterLost
from tictactoe_qt.engine import (
    failure_text,
    search,  # noqa: F401
)
from tictactoe_qt.engine.game import GameConfig, Mark

# Importing ``search`` registers every player kind now, in the GUI thread at
# start-up: importing the searches inside a worker would hold the GIL too long.
from tictactoe_qt.engine.play import BLOCK_GAMES, resolve_seed, uses_rank_path
from tictactoe_qt.engine.players import PlayerSpec, check_playable
from tictactoe_qt.engine.processes import WORKER_DIED
from tictactoe_qt.engine.text import BOARD_NAMES, SideNames

from .background import PROGRESS_INTERVAL, BackgroundWorker
from .batch_chunks import ChunkRequest, ChunkResult, play_chunk
from .chunk_pool import ChunkPool
from .cluster_link import ClusterPool
from .run_data import MAX_GAMES, RunData
from .run_snapshot import GameRow

MAX_ROWS_PER_CHUNK = 20_000
#: Games counted in one go before the batch thread rests (see BatchWorker._absorb).
ROWS_PER_BURST = 200
#: Seconds of rest per second of work while counting a chunk.
REST_PER_WORK = 2.0
#: Seconds to wait before the first batch starts the worker processes.
COLD_START_DELAY = 0.15


class BatchRequestError(ValueError):
    """A batch that cannot be run as asked."""


@dataclass(frozen=True)
class BatchRequest:
    """What to simulate: X's and O's players, and which of them moves first."""

    config: GameConfig
    x_spec: PlayerSpec
    o_spec: PlayerSpec
    games: int
    seed: int | None = None
    swap: bool = False
    first: Mark = "x"
    #: How the players are written (their marks), kept with the run.
    names: SideNames = BOARD_NAMES

    def __post_init__(self) -> None:
        if not 1 <= self.games <= MAX_GAMES:
            raise BatchRequestError(f"games must be from 1 to {MAX_GAMES:,}, got {self.games:,}")
        for seat, spec in (("x", self.x_spec), ("o", self.o_spec)):
            if spec.kind == "human":
                raise BatchRequestError(
                    f"{self.names.name_of_mark(seat)} is a human: simulations need computer players on both sides"
                )
        # A missing engine program or a board engines do not play: said before any game.
        check_playable(self.config, self.x_spec, self.o_spec)

    def new_run(self) -> RunData:
        return RunData(self.config, self.x_spec, self.o_spec, self.games, self.seed, self.swap, self.first, self.names)


class BatchWorker(BackgroundWorker):
    """Runs one batch; lives in a worker thread and never touches widgets.

    With a :class:`ChunkPool` the games are played in worker processes and
    this thread only gathers them; without one (or when the pool is busy)
    they are played here, chunk by chunk.
    """

    #: A :class:`RunSnapshot`, at most every :data:`PROGRESS_INTERVAL` seconds.
    progress = Signal(object)
    #: The complete (or cancelled) :class:`RunData`; one whose workers or cluster went
    #: away mid-batch comes here too, cancelled, with the reason in its ``failure``.
    finished = Signal(object)
    #: Why the batch failed before any game finished.
    failed = Signal(str)

    def __init__(self, request: BatchRequest, pool: ChunkPool | ClusterPool | None = None) -> None:
        super().__init__()
        self.request = request
        self.pool = pool
        #: The run once played (or cancelled).
        self.result: RunData | None = None
        self._stop = threading.Event()
        self._last_report = time.perf_counter()
        self._chunks = ChunkSizer(uses_rank_path(request.config, request.x_spec, request.o_spec))

    def cancel(self) -> None:
        """Stop after the current move (safe from any thread)."""
        self._stop.set()
        if self.pool is not None:
            self.pool.stop_chunks()

    @Slot()
    def run(self) -> None:
        try:
            self.result = self._play()  # read by BackgroundTask.shutdown if nobody waits for finished
            if self.result.failure is not None and self.result.games == 0:
                self.failed.emit(self.result.failure)
            else:
                self.finished.emit(self.result)
        except Exception as error:  # noqa: BLE001 - worker thread boundary: reported to the user, never lost
            traceback.print_exc()
            self.failed.emit(failure_text(error))

    def _play(self) -> RunData:
        request = self.request
        data = request.new_run()
        data.seed = resolve_seed(request.seed)  # known even if drawn: runs can be repeated
        if self.pool is not None and self.pool.try_acquire():
            if not self.pool.is_started():
                # Starting worker processes loads every core for a moment: let
                # the window draw the new run's empty charts first.
                self._stop.wait(COLD_START_DELAY)
            data.workers = self.pool.workers
            try:
                if isinstance(self.pool, ClusterPool):
                    self._play_on_cluster(data, self.pool)
                else:
                    self._play_in_processes(data, self.pool)
            except BrokenProcessPool:  # the games counted before it stay counted
                died = self.pool.discard()  # names the worker that died, when it is known
                data.failure = str(died) if died is not None else WORKER_DIED
            except ClusterLost as lost:
                data.failure = str(lost)
            finally:
                self.pool.release()
        else:
            self._play_here(data)
        data.finish(cancelled=data.failure is not None or data.games < request.games)
        return data

    def _chunk(self, data: RunData, start: int) -> ChunkRequest | None:
        stop = min(self.request.games, start + self._chunks.next_size())
        if start >= stop:
            return None
        r = self.request
        return ChunkRequest(r.config, r.x_spec, r.o_spec, data.seed or 0, r.swap, start, stop, r.first)

    def _play_here(self, data: RunData) -> None:
        start = 0
        while not self._stop.is_set():
            chunk = self._chunk(data, start)
            if chunk is None:
                break
            result = play_chunk(chunk, self._stop.is_set)
            self._chunks.record(result.games, result.seconds)
            if self._stop.is_set():  # a chunk cut short by Cancel is not counted
                break
            self._absorb(data, result)
            start = chunk.stop

    def _play_on_cluster(self, data: RunData, pool: ClusterPool) -> None:
        """Play the chunks on the cluster and count them in order, whatever order they come in.

        Raises:
            ClusterLost: the cluster went away; the chunks up to the first one missing
                are counted (a run is a sequence of games without gaps).
        """
        early: dict[int, ChunkResult] = {}
        counted = 0

        def chunks() -> Iterator[ChunkRequest]:
            start = 0
            while (chunk := self._chunk(data, start)) is not None:
                yield chunk
                start = chunk.stop

        def merge(result: ChunkResult) -> None:
            nonlocal counted
            self._chunks.record(result.games, result.seconds)
            early[result.start] = result
            while counted in early and not self._stop.is_set():
                result = early.pop(counted)
                self._absorb(data, result)
                counted += result.games

        pool.stream(chunks(), merge, self._stop.is_set)

    def _play_in_processes(self, data: RunData, pool: ChunkPool) -> None:
        executor = pool.executor
        in_flight: deque[Future[ChunkResult]] = deque()
        start = 0
        try:
            while not self._stop.is_set():
                while len(in_flight) < 2 * pool.workers:
                    chunk = self._chunk(data, start)
                    if chunk is None:
                        break
                    in_flight.append(executor.submit(play_chunk, chunk))
                    start = chunk.stop
                if not in_flight:
                    break
                try:
                    result = in_flight[0].result(timeout=PROGRESS_INTERVAL)
                except FutureTimeout:
                    continue
                in_flight.popleft()
                self._chunks.record(result.games, result.seconds)
                if not self._stop.is_set():
                    self._absorb(data, result)
        finally:
            if in_flight:  # cancelled or failed: wind the rest down before the pool is reused
                pool.stop_chunks()
                for future in in_flight:
                    future.cancel()
                wait(in_flight)

    def _absorb(self, data: RunData, result: ChunkResult) -> None:
        """Count a chunk's games, in short bursts with rests in between.

        While this thread holds the interpreter lock the GUI thread's chart
        painting crawls (every hand-over of the lock costs it up to a switch
        interval), so the thread works at most about a third of the time.
        """
        endings, rows = result.endings, result.rows or []
        if endings is not None:
            size = BLOCK_GAMES
            for first in range(0, len(endings), size):
                self._burst(partial(data.add_endings, endings[first : first + size], result.move_seconds))
        else:
            for first in range(0, len(rows), ROWS_PER_BURST):
                self._burst(partial(_add_rows, data, rows[first : first + ROWS_PER_BURST]))
        now = time.perf_counter()
        if now - self._last_report >= PROGRESS_INTERVAL:
            self._last_report = now
            self.progress.emit(data.snapshot())

    def _burst(self, work: Callable[[], object]) -> None:
        """Run ``work``, then rest :data:`REST_PER_WORK` times as long."""
        began = time.perf_counter()
        work()
        time.sleep(REST_PER_WORK * (time.perf_counter() - began))


class ChunkSizer:
    """Chunks big enough to be cheap, small enough for prompt progress and Cancel."""

    #: Aim for chunks of about this many seconds.
    TARGET_SECONDS = 0.2

    def __init__(self, rank_path: bool) -> None:
        self._rank_path = rank_path
        # One game first: slow players (a perfect search on 15x15) report progress at once.
        self._size = BLOCK_GAMES if rank_path else 1

    def next_size(self) -> int:
        return self._size

    def record(self, games: int, seconds: float) -> None:
        """Adjust to the speed just seen: ``games`` took ``seconds``."""
        if games <= 0 or seconds <= 0:
            return
        wanted = games / seconds * self.TARGET_SECONDS
        if self._rank_path:
            blocks = max(1, min(16, round(wanted / BLOCK_GAMES)))
            self._size = blocks * BLOCK_GAMES
        else:
            self._size = max(1, min(4 * self._size, MAX_ROWS_PER_CHUNK, round(wanted)))


def _add_rows(data: RunData, rows: list[tuple[object, ...]]) -> None:
    """Count finished games given as :class:`GameRow` fields."""
    for row in rows:
        data.add(GameRow(*row))  # type: ignore[arg-type]  # rows are GameRow fields, pickled as tuples
