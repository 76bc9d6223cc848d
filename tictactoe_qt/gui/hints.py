"""Hints: the best move for the human to move, asked of the search thread.

Used by :class:`~tictactoe_qt.gui.game_controller.GameController`, which owns
the game and passes on this object's signals: the controller asks
:meth:`Hints.request` on the user's behalf and offers every search answer to
:meth:`Hints.take_result` or :meth:`Hints.take_failure` first. The perfect
engine answers, or alpha-beta at a depth the board can afford when the perfect
engine is not available.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Signal

from tictactoe_qt.engine import SearchResult
from tictactoe_qt.engine.game import Board, Move, move_text
from tictactoe_qt.engine.players import Player, PlayerSpec, PlayerSpecError, make_player
from tictactoe_qt.gui.player_choices import capped_depth
from tictactoe_qt.gui.search_worker import SearchRequest, SearchThread

HINT_TIME = 1.0


class Hints(QObject):
    """The hint search in flight, and the hint shown on the board (:attr:`move`)."""

    #: A hint was found: the move (:attr:`move` holds it now).
    found = Signal(object)
    #: A line for the status bar ("Looking for the best move…", "Hint: b2.").
    message = Signal(str)
    #: The hint could not be given.
    error = Signal(str)

    def __init__(self, search: SearchThread, board: Callable[[], Board], parent: QObject | None = None) -> None:
        """Args:
        search: the thread the hint is searched on.
        board: the position on the board now (read, never changed).
        """
        super().__init__(parent)
        self._search = search
        self._board = board
        #: The hinted move the board shows, until a move is played or the game changes.
        self.move: Move | None = None
        self._request: SearchRequest | None = None
        self._player: Player | None = None

    def request(self) -> None:
        """Search the best move for the position on the board (it is a human's turn)."""
        if self._player is None:
            self._player = self._make_player()
            if self._player is None:
                return
        self.cancel()
        self._request = self._search.submit(SearchRequest(self._board().copy(), self._player, purpose="hint"))
        self.message.emit(self.tr("Looking for the best move…"))

    def take_result(self, request: SearchRequest, result: SearchResult) -> bool:
        """Show ``result`` if ``request`` is the hint search; True if it was."""
        if request is not self._request:
            return False
        self._request = None
        if result.move is not None:
            self.move = result.move
            self.found.emit(result.move)
            self.message.emit(self.tr("Hint: {0}.").format(move_text(result.move)))
        return True

    def take_failure(self, request: SearchRequest, message: str) -> bool:
        """Report the failure if ``request`` is the hint search; True if it was."""
        if request is not self._request:
            return False
        self._request = None
        self.error.emit(self.tr("The hint failed: {0}").format(message))
        return True

    def cancel(self) -> None:
        """Cancel the hint search, if one is running (a move was played)."""
        if self._request is not None:
            self._request.cancel()
            self._request = None

    def forget(self) -> None:
        """Drop the hint and its search; the search was cancelled with every other one."""
        self._request = None
        self.move = None

    def forget_player(self) -> None:
        """A new game: the next hint gets a player made for its board."""
        self._player = None

    def _make_player(self) -> Player | None:
        try:
            return make_player(PlayerSpec("perfect", time=HINT_TIME))
        except PlayerSpecError:
            pass
        board = self._board()
        try:
            depth = capped_depth("alphabeta", None, board.config.cells, len(board.geometry.lines))
            return make_player(PlayerSpec("alphabeta", depth=depth))
        except PlayerSpecError as error:
            self.error.emit(self.tr("No engine is available for hints: {0}").format(error))
            return None
