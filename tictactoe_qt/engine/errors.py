"""Exceptions raised by the engine: ``ValueError`` subclasses for bad input, plus
:class:`PlayerForfeit` for a player that broke the rules of a game."""

from __future__ import annotations


class InvalidConfigError(ValueError):
    """A board size or ``k`` that no m,n,k-game can have."""


class IllegalMoveError(ValueError):
    """A move onto an occupied or off-board cell, or after the game ended."""


class NotationError(ValueError):
    """A board string that cannot be parsed or cannot arise in a game."""


class PlayerForfeit(Exception):
    """A player broke the rules (overran its time, played an illegal cell, crashed):
    it loses the game. ``str()`` is the reason, in people's words.

    External engines (:class:`~tictactoe_qt.engine.gomocup.client.EngineFault`)
    and Python plugins raise it; the simulation runner turns it into a lost game.
    """


class ProcessFailure(RuntimeError):
    """A child process we started (an engine, a plugin host) exited, was killed, or
    stopped answering. ``str()`` names the program and says what happened.

    Raised by :mod:`tictactoe_qt.engine.processes`; callers that play games turn
    it into a :class:`PlayerForfeit`.
    """


#: The longest failure text a status line gets (a longer message is cut).
FAILURE_TEXT_LIMIT = 160


def failure_text(error: BaseException) -> str:
    """A worker's failure in people's words, on one line of at most :data:`FAILURE_TEXT_LIMIT`.

    A :class:`ProcessFailure` already says what happened ("the engine process
    stopped unexpectedly (killed by signal 9)"); anything else is unexpected
    and keeps its type name for a bug report. It is shown in a status line.
    """
    text = str(error) if isinstance(error, ProcessFailure) else f"{type(error).__name__}: {error}"
    text = " ".join(text.split())
    cut = len(text) > FAILURE_TEXT_LIMIT
    return text[: FAILURE_TEXT_LIMIT - 1].rstrip() + "…" if cut else text
