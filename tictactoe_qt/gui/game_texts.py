"""The sentences the status bar and the game-over banner say about a game.

They read the controller's public state only; translations use the
``GameController`` context.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

from tictactoe_qt.gui.player_choices import kind_label

if TYPE_CHECKING:
    from tictactoe_qt.gui.game_controller import GameController


def _tr(text: str) -> str:
    return QCoreApplication.translate("GameController", text)


def display_name(game: GameController, seat: str) -> str:
    """The player's name, "You" for the one human against an AI, or e.g. "O (Perfect)"."""
    side = game.settings.side(seat)
    if side.name:
        return side.name
    if game.is_human(seat):
        return _tr("You") if game.human_count == 1 else seat.upper()
    return _tr("{0} ({1})").format(seat.upper(), kind_label(side.kind))


def result_text(game: GameController) -> str:
    """E.g. "You win!", "O (Perfect) wins. Try again?" or "It's a draw."; "" while playing."""
    result = game.result()
    if result is None:
        return ""
    if result == "draw":
        return _tr("It's a draw.")
    loser = "o" if result == "x" else "x"
    if game.human_count == 1 and game.is_human(result):
        return _tr("You win!")
    if game.human_count == 1 and game.is_human(loser):
        return _tr("{0} wins. Try again?").format(display_name(game, result))
    return _tr("{0} wins!").format(display_name(game, result))


def turn_text(game: GameController) -> str:
    """Whose turn it is, or the result once the game is over."""
    seat = game.seat_to_move
    if seat is None:
        return result_text(game)
    name = display_name(game, seat)
    if not game.is_human(seat):
        return _tr("{0} is thinking…").format(name)
    mark = game.settings.side(seat).mark
    if game.human_count == 1:
        return _tr("Your turn ({0})").format(mark)
    return _tr("{0} to move ({1})").format(name, mark)
