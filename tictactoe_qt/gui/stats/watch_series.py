"""Watching AI-vs-AI games on the board: pacing, pause, single steps and series of games.

The series drives the window's :class:`GameController` through its public
API (``new_game`` via a callback, ``set_move_delay``, ``set_paused``,
``step``) and counts each finished game into the stats controller.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, QTimer, Signal, Slot

from tictactoe_qt.engine.game import Mark, total_nodes
from tictactoe_qt.gui.game_texts import seat_mark

from .match import Match
from .number_format import format_number, format_seconds
from .run_snapshot import GameRow
from .stats_controller import StatsController

#: Seconds per move offered by the speed control; ``None`` = step by step, 0 = instant.
SPEEDS: tuple[float | None, ...] = (None, 2.0, 1.0, 0.5, 0.25, 0.1, 0.05, 0.0)
DEFAULT_SPEED = 3
#: Pause between two games of a series, so the result can be seen.
BETWEEN_GAMES_SECONDS = 0.8


def speed_text(seconds: float | None) -> str:
    """How the speed control names a pace."""
    if seconds is None:
        return QCoreApplication.translate("WatchSeries", "step by step")
    if seconds == 0:
        return QCoreApplication.translate("WatchSeries", "instant")
    return QCoreApplication.translate("WatchSeries", "%s s per move") % f"{seconds:g}"


def move_stats_text(mark: str, result: Any) -> str:
    """One line of search statistics for an AI move by the player writing ``mark``."""
    stats = result.stats
    nodes = stats.reported_nodes
    noun = "node" if nodes == 1 else "nodes"
    parts = [f"{mark}: nodes not reported" if nodes is None else f"{mark}: {format_number(nodes)} {noun}"]
    if stats.depth is not None:
        parts.append(f"depth {stats.depth}")
    parts.append(format_seconds(stats.elapsed_seconds))
    return ", ".join(parts)


class WatchSeries(QObject):
    """Plays N AI-vs-AI games on the board at a chosen pace."""

    #: Running, paused or step mode changed: views re-read the series.
    state_changed = Signal()
    #: ``{"x": wins, "o": wins, "draw": draws, "played": n, "games": planned}``.
    score_changed = Signal(dict)
    #: Search statistics of the move just made.
    move_stats = Signal(str)
    #: A short explanation for the status bar.
    message = Signal(str)

    def __init__(
        self,
        controller: Any,
        start_game: Callable[[], None],
        players_source: Callable[[], tuple[Any, ...]],
        stats: StatsController | None = None,
        parent: QObject | None = None,
    ) -> None:
        """Args:
        controller: the window's game controller.
        start_game: starts a new game with the settings dock's settings.
        players_source: the next game's :class:`Match` (or the tuple of its fields),
            with ``human`` specs for human seats.
        stats: the stats controller to count finished games into (optional).
        """
        super().__init__(parent)
        self.controller = controller
        self._start_game = start_game
        self._players_source = players_source
        self.stats = stats
        self.speed: float | None = SPEEDS[DEFAULT_SPEED]
        self.running = False
        self.user_paused = False
        self.planned = 0
        self.score = {"x": 0, "o": 0, "draw": 0}
        self._in_series_game = False
        self._seconds = {"x": 0.0, "o": 0.0}
        #: Each AI move's node count this game, by seat (``None``: not reported).
        self._moves_nodes: dict[str, list[int | None]] = {"x": [], "o": []}
        self._next_game = QTimer(self, singleShot=True)
        self._next_game.timeout.connect(self._begin_game)
        controller.game_started.connect(self._on_game_started)
        controller.ai_moved.connect(self._on_ai_moved)
        controller.game_over.connect(self._on_game_over)

    # -- reading -------------------------------------------------------------
    @property
    def played(self) -> int:
        return sum(self.score.values())

    @property
    def step_mode(self) -> bool:
        return self.speed is None

    @property
    def waiting_for_next_game(self) -> bool:
        return self._next_game.isActive() or (self.running and self.step_mode and self.controller.result() is not None)

    def watch_problem(self) -> str | None:
        """Why the next series cannot start (a human seat, a bad board), or ``None``."""
        try:
            config, x_spec, o_spec, first, names = Match(*self._players_source())
        except ValueError as error:
            return str(error)
        humans = [names.name_of_mark(seat) for seat, spec in (("x", x_spec), ("o", o_spec)) if spec.kind == "human"]
        if humans:
            return self.tr("To watch, choose a computer player for %s in the settings.") % " and ".join(humans)
        return None

    # -- commands ------------------------------------------------------------
    def start(self, games: int = 1) -> bool:
        """Watch ``games`` games; False (with a message) when a side is human."""
        if games < 1:
            raise ValueError(f"a series needs at least 1 game, got {games}")
        problem = self.watch_problem()
        if problem is not None:
            self.message.emit(problem)
            return False
        config, x_spec, o_spec, first, names = Match(*self._players_source())
        self.stop()
        self.running, self.user_paused, self.planned = True, False, games
        self.score = {"x": 0, "o": 0, "draw": 0}
        if self.stats is not None:
            self.stats.begin_watched_series(config, x_spec, o_spec, games, first, names)
        self._apply_pace()
        self._emit_score()
        self._begin_game()
        return True

    @Slot()
    def stop(self) -> None:
        """End the series; the game on the board stays as it is."""
        if not self.running:
            return
        self.running = False
        self._next_game.stop()
        self._in_series_game = False
        self.controller.set_paused(self.controller.result() is None)
        if self.stats is not None:
            self.stats.end_watched_series(cancelled=self.played < self.planned)
        self.state_changed.emit()

    @Slot()
    def pause(self) -> None:
        if self.running and not self.user_paused:
            self.user_paused = True
            self._next_game.stop()
            self._apply_pace()

    @Slot()
    def resume(self) -> None:
        if self.running and self.user_paused:
            self.user_paused = False
            self._apply_pace()
            if self.controller.result() is not None and not self.step_mode:
                self._schedule_next_game()

    @Slot()
    def next_move(self) -> bool:
        """One move now (or the next game once a game is over); works paused or in step mode."""
        if not self.running:
            return False
        if self.controller.result() is not None:
            if self.played < self.planned:
                self._next_game.stop()
                self._begin_game()
                return True
            return False
        return bool(self.controller.step())

    def set_speed(self, seconds: float | None) -> None:
        """Seconds per move; ``None`` for step by step, 0 for instant."""
        self.speed = seconds
        self._apply_pace()

    # -- internals -----------------------------------------------------------
    def _apply_pace(self) -> None:
        self.controller.set_move_delay(self.speed or 0.0)
        if self.running:
            self.controller.set_paused(self.step_mode or self.user_paused)
        self.state_changed.emit()

    def _schedule_next_game(self) -> None:
        delay = 0 if self.speed == 0 else BETWEEN_GAMES_SECONDS
        self._next_game.start(int(delay * 1000))

    @Slot()
    def _begin_game(self) -> None:
        self._in_series_game = True
        self._start_game()
        self.state_changed.emit()

    @Slot()
    def _on_game_started(self) -> None:
        self._seconds = {"x": 0.0, "o": 0.0}
        self._moves_nodes = {"x": [], "o": []}
        if not self._in_series_game and self.running:
            self.stop()  # the user started another game: the series ends
            self.controller.set_paused(False)
        elif not self.running and self.controller.is_paused:
            self.controller.set_paused(False)  # a stopped series no longer holds new games
        self._in_series_game = False

    @Slot(str, object)
    def _on_ai_moved(self, seat: str, result: Any) -> None:
        self._seconds[seat] += result.stats.elapsed_seconds
        self._moves_nodes[seat].append(result.stats.reported_nodes)
        if self.running:
            self.move_stats.emit(move_stats_text(seat_mark(self.controller, seat), result))

    @Slot(str)
    def _on_game_over(self, result: str) -> None:
        if not self.running:
            return
        self.score[result] += 1
        if self.stats is not None:
            self.stats.add_watched_game(self._game_row(result))
        self._emit_score()
        if self.played >= self.planned:
            self.stop()
        elif not self.step_mode and not self.user_paused:
            self._schedule_next_game()
        else:
            self.state_changed.emit()

    def _game_row(self, result: str) -> GameRow:
        board = self.controller.board
        winner: Mark | None = "x" if result == "x" else "o" if result == "o" else None  # seats are marks
        return GameRow(
            index=self.played - 1,
            starter=self.controller.seating.first,
            winner=winner,
            length=len(board.history),
            x_seconds=self._seconds["x"],
            o_seconds=self._seconds["o"],
            x_nodes=total_nodes(self._moves_nodes["x"]),
            o_nodes=total_nodes(self._moves_nodes["o"]),
        )

    def _emit_score(self) -> None:
        self.score_changed.emit({**self.score, "played": self.played, "games": self.planned})
