"""Plays a simulation batch in a worker thread, reporting progress a few times a second."""

from __future__ import annotations

import threading
import time
import traceback
from dataclasses import dataclass

from PySide6.QtCore import QObject, Signal, Slot

from tictactoe_qt.engine.config import GameConfig
from tictactoe_qt.engine.player_spec import PlayerSpec

from .run_data import RunData, game_row

#: Seconds between progress reports: at most 10 chart refreshes a second.
PROGRESS_INTERVAL = 0.1
MAX_GAMES = 1_000_000


class BatchRequestError(ValueError):
    """A batch that cannot be run as asked."""


@dataclass(frozen=True)
class BatchRequest:
    """What to simulate."""

    config: GameConfig
    x_spec: PlayerSpec
    o_spec: PlayerSpec
    games: int
    seed: int | None = None
    swap: bool = False

    def __post_init__(self) -> None:
        if not 1 <= self.games <= MAX_GAMES:
            raise BatchRequestError(f"games must be from 1 to {MAX_GAMES:,}, got {self.games:,}")
        for side, spec in (("X", self.x_spec), ("O", self.o_spec)):
            if spec.kind == "human":
                raise BatchRequestError(
                    f"{side} is a human: simulations need computer players on both sides"
                )

    def new_run(self) -> RunData:
        return RunData(self.config, self.x_spec, self.o_spec, self.games, self.seed, self.swap)


class BatchWorker(QObject):
    """Runs one batch; lives in a worker thread and never touches widgets."""

    #: A :class:`RunSnapshot`, at most every :data:`PROGRESS_INTERVAL` seconds.
    progress = Signal(object)
    #: The complete (or cancelled) :class:`RunData`.
    finished = Signal(object)
    failed = Signal(str)

    def __init__(self, request: BatchRequest) -> None:
        super().__init__()
        self.request = request
        self._stop = threading.Event()

    def cancel(self) -> None:
        """Stop after the current move (safe from any thread)."""
        self._stop.set()

    @Slot()
    def run(self) -> None:
        try:
            self.finished.emit(self._play())
        except Exception as error:  # reported to the user, never lost
            traceback.print_exc()
            self.failed.emit(f"{type(error).__name__}: {error}")

    def _play(self) -> RunData:
        from tictactoe_qt.engine.simulation import resolve_seed, run_games

        request = self.request
        data = request.new_run()
        data.seed = resolve_seed(request.seed)  # known even when drawn, so runs can be repeated
        records = run_games(
            request.config,
            request.x_spec,
            request.o_spec,
            request.games,
            seed=data.seed,
            swap=request.swap,
            should_stop=self._stop.is_set,
        )
        last_report = time.perf_counter()
        for record in records:
            if self._stop.is_set():  # a game cut short by Cancel is not counted
                break
            data.add(game_row(record))
            now = time.perf_counter()
            if now - last_report >= PROGRESS_INTERVAL:
                last_report = now
                self.progress.emit(data.snapshot())
        data.finish(cancelled=data.games < request.games)
        return data
