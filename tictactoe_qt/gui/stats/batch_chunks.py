"""The part of a batch that runs in worker processes: plain data in and out, no Qt.

A batch is cut into chunks of consecutive games. Game ``i`` depends only on
the batch seed and ``i``, so chunks may be played anywhere and in any order
and still add up to the games one process would play.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass

from tictactoe_qt.engine import ShouldStop
from tictactoe_qt.engine.game import GameConfig, Mark
from tictactoe_qt.engine.play import BLOCK_GAMES, block_endings, blocks_for, run_games, uses_rank_path
from tictactoe_qt.engine.players import PlayerSpec
from tictactoe_qt.engine.processes import StopFlag, prepare_worker

from .run_snapshot import game_row

_stop_flag: StopFlag | None = None


@dataclass(frozen=True)
class ChunkRequest:
    """Games ``start`` to ``stop - 1`` of one batch."""

    config: GameConfig
    x_spec: PlayerSpec
    o_spec: PlayerSpec
    seed: int
    swap: bool
    start: int
    stop: int
    first: Mark = "x"


@dataclass(frozen=True)
class ChunkResult:
    """What a chunk played: per-game rows, or outcome bytes on the random fast path.

    ``rows`` holds :class:`~.run_snapshot.GameRow` fields as plain tuples.
    ``games`` may fall short of the request when the batch was stopped.
    """

    start: int
    games: int
    rows: list[tuple[object, ...]] | None = None
    endings: bytes | None = None
    move_seconds: float = 0.0
    #: Time the chunk took to play.
    seconds: float = 0.0


#: How much nicer than the window worker processes run: the window's thread
#: must win the CPU whenever it has painting to do (19, the nicest, still
#: lets a batch use every core the rest of the machine leaves idle).
WORKER_NICENESS = 19


def init_process(stop_flag: StopFlag) -> None:
    """Set up a worker process: the batch's stop flag, a low priority, dying with the app."""
    global _stop_flag
    _stop_flag = stop_flag
    prepare_worker(stop_flag)  # SIGTERM in a worker stops the batch, as the window's Stop does
    if hasattr(os, "nice"):
        os.nice(WORKER_NICENESS)


def _should_stop() -> bool:
    return _stop_flag is not None and _stop_flag.is_set()


def play_chunk(request: ChunkRequest, should_stop: ShouldStop = _should_stop) -> ChunkResult:
    """Play one chunk (in a worker process, or in-line with its own ``should_stop``)."""
    if uses_rank_path(request.config, request.x_spec, request.o_spec):
        return _chunk_endings(request, should_stop)
    began = time.perf_counter()
    rows: list[tuple[object, ...]] = []
    records = run_games(
        request.config,
        request.x_spec,
        request.o_spec,
        request.stop - request.start,
        seed=request.seed,
        swap=request.swap,
        should_stop=should_stop,
        start=request.start,
        first=request.first,
    )
    for record in records:
        rows.append(tuple(game_row(record)))
    return ChunkResult(request.start, len(rows), rows=rows, seconds=time.perf_counter() - began)


def _chunk_endings(request: ChunkRequest, should_stop: ShouldStop) -> ChunkResult:
    """Outcome bytes of the chunk's games (the engine's exact random-vs-random path)."""
    size = BLOCK_GAMES
    began = time.perf_counter()
    parts = []
    for block in blocks_for(request.start, request.stop):
        if should_stop():
            break
        endings = block_endings(request.config, request.seed, block)
        offset = block * size
        parts.append(endings[max(request.start - offset, 0) : request.stop - offset])
    endings = b"".join(parts)
    moves = sum(code >> 2 for code in endings)
    seconds = time.perf_counter() - began
    share = seconds / moves if moves else 0.0
    return ChunkResult(request.start, len(endings), endings=endings, move_seconds=share, seconds=seconds)
