"""Exceptions raised by the engine. All are ``ValueError`` subclasses."""

from __future__ import annotations


class InvalidConfigError(ValueError):
    """A board size or ``k`` that no m,n,k-game can have."""


class IllegalMoveError(ValueError):
    """A move onto an occupied or off-board cell, or after the game ended."""


class NotationError(ValueError):
    """A board string that cannot be parsed or cannot arise in a game."""
