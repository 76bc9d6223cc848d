"""The pure-Python m,n,k-game engine: rules, players, searches, simulations.

Standard library only: it never imports Qt or the GUI.
"""

from .board import MARKS, Board, Mark, Move, Outcome, other
from .config import MAX_SIZE, MIN_SIZE, GameConfig
from .errors import IllegalMoveError, InvalidConfigError, NotationError
from .player_spec import PLAYER_KINDS, PlayerSpec, PlayerSpecError
from .players import Player, make_player
from .search_result import WIN_SCORE, SearchResult, SearchStats

__all__ = [
    "MARKS",
    "MAX_SIZE",
    "MIN_SIZE",
    "PLAYER_KINDS",
    "WIN_SCORE",
    "Board",
    "GameConfig",
    "IllegalMoveError",
    "InvalidConfigError",
    "Mark",
    "Move",
    "NotationError",
    "Outcome",
    "Player",
    "PlayerSpec",
    "PlayerSpecError",
    "SearchResult",
    "SearchStats",
    "make_player",
    "other",
]
