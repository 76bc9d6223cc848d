"""Hints: the best move for the human to move, asked of the search thread.

Part of :class:`~tictactoe_qt.gui.game_controller.GameController`, which owns
the game and the public signals: the controller asks :meth:`Hints.request` on
the user's behalf and offers every search answer to :meth:`Hints.take_result`
or :meth:`Hints.take_failure` first. The perfect engine answers, or alpha-beta
at a depth the board can afford when the perfect engine is not available.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject

from tictactoe_qt.engine import SearchResult
from tictactoe_qt.engine.game import Move, move_text
from tictactoe_qt.engine.players import Player, PlayerSpec, PlayerSpecError, make_player
from tictactoe_qt.gui.player_choices import capped_depth
from tictactoe_qt.gui.search_worker import SearchRequest, SearchThread

if TYPE_CHECKING:
    from tictactoe_qt.gui.game_controller import GameController

HINT_TIME = 1.0


class Hints(QObject):
    """The hint search in flight, and the hint shown on the board (:attr:`move`)."""

    def __init__(self, controller: GameController, search: SearchThread) -> None:
        super().__init__(controller)
        self._controller = controller
        self._search = search
        #: The hinted move the board shows, until a move is played or the game changes.
        self.move: Move | None = None
        self._request: SearchRequest | None = None
        self._player: Player | None = None

    def request(self) -> None:
        """Search the best move for the position on the board (it is a human's turn)."""
        controller = self._controller
        if self._player is None:
            self._player = self._make_player()
            if self._player is None:
                return
        self.cancel()
        self._request = self._search.submit(
            SearchRequest(controller.board.copy(), self._player, purpose="hint")
        )
        controller.message.emit(self.tr("Looking for the best move…"))

    def take_result(self, request: SearchRequest, result: SearchResult) -> bool:
        """Show ``result`` if ``request`` is the hint search; True if it was."""
        if request is not self._request:
            return False
        self._request = None
        if result.move is not None:
            controller = self._controller
            self.move = result.move
            controller.snapshot_changed.emit(controller.snapshot())
            controller.hint_ready.emit(result.move.row, result.move.col)
            controller.message.emit(self.tr("Hint: {0}.").format(move_text(result.move)))
        return True

    def take_failure(self, request: SearchRequest, message: str) -> bool:
        """Report the failure if ``request`` is the hint search; True if it was."""
        if request is not self._request:
            return False
        self._request = None
        self._controller.error.emit(self.tr("The hint failed: {0}").format(message))
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
        board = self._controller.board
        try:
            depth = capped_depth("alphabeta", None, board.config.cells, len(board.geometry.lines))
            return make_player(PlayerSpec("alphabeta", depth=depth))
        except PlayerSpecError as error:
            self._controller.error.emit(
                self.tr("No engine is available for hints: {0}").format(error))
            return None
