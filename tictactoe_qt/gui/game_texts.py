"""The sentences the status bar and the game-over banner say about a game.

Pure functions of a game's state (:class:`GameState`, which the game
controller is): the status bar and the banner both ask here, so they name a
player the same way at any moment. Translations use the ``GameController``
context.
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QCoreApplication

from tictactoe_qt.engine.game import Seating
from tictactoe_qt.engine.text import SideNames
from tictactoe_qt.gui.game_settings import SEATS, GameSettings
from tictactoe_qt.gui.player_choices import kind_label


class GameState(Protocol):
    """What the texts read of a game (the controller's public state)."""

    @property
    def settings(self) -> GameSettings: ...
    @property
    def seating(self) -> Seating: ...
    @property
    def seat_to_move(self) -> str | None: ...
    @property
    def human_count(self) -> int: ...
    @property
    def is_paused(self) -> bool: ...
    @property
    def is_thinking(self) -> bool: ...
    @property
    def forfeited(self) -> tuple[str, str] | None: ...
    def is_human(self, seat: str) -> bool: ...
    def result(self) -> str | None: ...


def _tr(text: str) -> str:
    return QCoreApplication.translate("GameController", text)


def seat_mark(game: GameState, seat: str) -> str:
    """The mark the player chose (e.g. "🐶"), or "X"/"O"."""
    return game.settings.side(seat).mark or seat.upper()


def side_names(game: GameState) -> SideNames:
    """How engine texts (values, the analysis views) write the board's sides in this game:
    the controller's seating with each player's mark, as :func:`seat_mark` writes it."""
    return settings_side_names(game.settings, game.seating)


def settings_side_names(settings: GameSettings, seating: Seating) -> SideNames:
    """The names ``settings``' marks give the players (X/O where none is typed), seated as
    ``seating``: the game's names, and those of the next simulation (the dock's settings)."""
    return SideNames.of(seating, {seat: settings.side(seat).mark for seat in SEATS})


def display_name(game: GameState, seat: str) -> str:
    """The player's name, "You" for the one human against an AI, or e.g. "🐶 (Perfect)"."""
    side = game.settings.side(seat)
    if side.name:
        return side.name
    if game.is_human(seat):
        return _tr("You") if game.human_count == 1 else seat_mark(game, seat)
    return _tr("{0} ({1})").format(seat_mark(game, seat), kind_label(side.kind))


def result_text(game: GameState) -> str:
    """E.g. "You win!", "O (Perfect) wins. Try again?" or "It's a draw."; "" while playing."""
    result = game.result()
    if result is None:
        return ""
    if result == "draw":
        return _tr("It's a draw.")
    loser = "o" if result == "x" else "x"
    if game.forfeited is not None:  # the reason is in the status bar: the banner stays one line
        return _tr("{0} forfeits. {1} wins.").format(display_name(game, loser), display_name(game, result))
    if game.human_count == 1 and game.is_human(result):
        return _tr("You win!")
    if game.human_count == 1 and game.is_human(loser):
        return _tr("{0} wins. Try again?").format(display_name(game, result))
    return _tr("{0} wins!").format(display_name(game, result))


def turn_text(game: GameState) -> str:
    """Whose turn it is, or the result once the game is over."""
    seat = game.seat_to_move
    if seat is None:
        return result_text(game)
    name = display_name(game, seat)
    if not game.is_human(seat):
        if game.is_paused and not game.is_thinking:
            return _tr("Paused: {0} to move").format(name)
        return _tr("{0} is thinking…").format(name)
    mark = game.settings.side(seat).mark
    if game.human_count == 1:
        return _tr("Your turn ({0})").format(mark)
    if name == mark:
        return _tr("{0} to move").format(name)
    return _tr("{0} to move ({1})").format(name, mark)


def stopped_text(game: GameState) -> str:
    """The status once watching stopped mid-game with a computer to move."""
    seat = game.seat_to_move
    if seat is None or game.is_human(seat):
        return turn_text(game)
    return _tr("Stopped. Press New Game to play again.")
