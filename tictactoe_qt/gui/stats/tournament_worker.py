"""Plays a round-robin tournament in a worker thread."""

from __future__ import annotations

import threading
import time
import traceback
from dataclasses import dataclass

from PySide6.QtCore import Signal, Slot

from tictactoe_qt.engine import failure_text
from tictactoe_qt.engine.game import GameConfig
from tictactoe_qt.engine.play import parse_players, round_robin
from tictactoe_qt.engine.players import PlayerSpec

from .background import PROGRESS_INTERVAL, BackgroundWorker


@dataclass(frozen=True)
class TournamentRequest:
    """Who plays, where, and how many games each pair plays.

    Raises:
        TournamentError, PlayerSpecError: on construction, for bad entrants.
    """

    config: GameConfig
    players: tuple[PlayerSpec, ...]
    games_per_pairing: int
    seed: int | None = None

    def __post_init__(self) -> None:
        parse_players(self.players)


class TournamentWorker(BackgroundWorker):
    """Runs one tournament; never touches widgets."""

    #: ``(games_done, games_total)``, at most every :data:`PROGRESS_INTERVAL` seconds.
    progress = Signal(object)
    #: The :class:`TournamentResult` (``cancelled`` when stopped early).
    finished = Signal(object)
    failed = Signal(str)

    def __init__(self, request: TournamentRequest) -> None:
        super().__init__()
        self.request = request
        self._stop = threading.Event()
        self._last_report = 0.0

    def cancel(self) -> None:
        self._stop.set()

    @Slot()
    def run(self) -> None:
        request = self.request
        try:
            result = round_robin(
                request.config,
                request.players,
                request.games_per_pairing,
                seed=request.seed,
                should_stop=self._stop.is_set,
                progress=self._report,
            )
        except Exception as error:  # noqa: BLE001 - worker thread boundary: one line for the user
            traceback.print_exc()
            self.failed.emit(failure_text(error))
            return
        self.finished.emit(result)

    def _report(self, done: int, total: int) -> None:
        now = time.perf_counter()
        if now - self._last_report >= PROGRESS_INTERVAL or done == total:
            self._last_report = now
            self.progress.emit((done, total))
