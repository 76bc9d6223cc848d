"""When the AI to move plays: the pause between AI moves, Pause, and single steps.

Used by :class:`~tictactoe_qt.gui.game_controller.GameController`, which owns
the game and the public signals, and hands this object two questions as
callbacks: which AI seat is to move (``None`` on a human's turn or once the
game is over), and the search request for that move. The controller calls
:meth:`AiTurns.schedule` when it is an AI's turn and hands each search answer
to :meth:`AiTurns.take` to learn whether it is the awaited move. Watching
AI-vs-AI games (the Watch toolbar) drives this through the controller's
``set_paused``, ``step`` and ``set_move_delay``.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer, Signal, Slot

from tictactoe_qt.gui.search_worker import SearchRequest, SearchThread

DEFAULT_MOVE_DELAY = 0.6


class AiTurns(QObject):
    """Asks the search thread for AI moves at a pace, and holds them while paused."""

    #: The AI of this seat is about to think (its move is due or asked for).
    thinking_started = Signal(str)
    #: A due move was called off (Pause).
    thinking_stopped = Signal()
    #: Paused, resumed or a move got due: views re-read the controller.
    state_changed = Signal()

    def __init__(
        self,
        search: SearchThread,
        ai_to_move: Callable[[], str | None],
        move_request: Callable[[], SearchRequest | None],
        parent: QObject | None = None,
    ) -> None:
        """Args:
        search: the thread the moves are searched on.
        ai_to_move: the AI seat to move now, or ``None`` (a human's turn, the game over).
        move_request: the search for the move of the AI to move (``None`` if none is).
        """
        super().__init__(parent)
        self._search = search
        self._ai_to_move = ai_to_move
        self._move_request = move_request
        self._move_delay = DEFAULT_MOVE_DELAY
        self._paused = False
        self._request: SearchRequest | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._request_move)

    @property
    def is_paused(self) -> bool:
        return self._paused

    @property
    def is_thinking(self) -> bool:
        """An AI move is due or being searched."""
        return self._request is not None or self._timer.isActive()

    def set_move_delay(self, seconds: float) -> None:
        """The pause between two AI moves, so AI-vs-AI games are watchable."""
        self._move_delay = max(0.0, seconds)

    def set_paused(self, paused: bool) -> None:
        """Hold AI moves after the current one (watch mode), or let them go on."""
        self._paused = paused
        if paused:
            if self.is_thinking:  # nothing moves after Pause or Stop
                self.stop()
                self.thinking_stopped.emit()
            self.state_changed.emit()
        elif not self.is_thinking:
            seat = self._ai_to_move()
            if seat is not None:
                self.schedule(seat, after_ai=False)

    def step(self) -> bool:
        """While paused, let the AI to move make exactly one move; False if it can't."""
        seat = self._ai_to_move()
        if not self._paused or seat is None or self.is_thinking:
            return False
        self._due(seat, 0)
        return True

    def schedule(self, seat: str, after_ai: bool) -> None:
        """It is ``seat``'s AI turn: ask for its move (after the pace's pause), unless paused."""
        if self._paused:  # watch mode: wait for set_paused(False) or step()
            self.state_changed.emit()
            return
        self._due(seat, int(self._move_delay * 1000) if after_ai else 0)

    def take(self, request: SearchRequest) -> bool:
        """True, once, when ``request`` is the move this object is waiting for."""
        if request is not self._request or request is None:
            return False
        self._request = None
        return True

    def stop(self) -> None:
        """Call off the due move and cancel its search (no signal)."""
        self._timer.stop()
        if self._request is not None:
            self._request.cancel()
            self._request = None

    def forget(self) -> None:
        """Drop the due move; its search was cancelled with every other one."""
        self._timer.stop()
        self._request = None

    def _due(self, seat: str, delay_ms: int) -> None:
        self._timer.start(delay_ms)
        self.thinking_started.emit(seat)
        self.state_changed.emit()

    @Slot()
    def _request_move(self) -> None:
        if self._request is not None:
            return
        request = self._move_request()
        if request is not None:
            self._request = self._search.submit(request)
