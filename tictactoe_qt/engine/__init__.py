"""The pure-Python m,n,k-game engine: rules, players, searches, simulations.

Standard library only: it never imports Qt or the GUI.
"""

from .atomic_file import (
    STALE_SECONDS,
    UnwritableTextError,
    atomic_text_writer,
    write_bytes_atomically,
    write_text_atomically,
)
from .errors import (
    FAILURE_TEXT_LIMIT,
    IllegalMoveError,
    InvalidConfigError,
    NotationError,
    PlayerForfeit,
    ProcessFailure,
    failure_text,
)
from .excerpt import EXCERPT_LIMIT, excerpt
from .game.board import MARKS, Board, Mark, Move, Outcome, other
from .game.config import MAX_SIZE, MIN_SIZE, GameConfig
from .players.player_spec import PLAYER_KINDS, PlayerSpec, PlayerSpecError
from .players.registry import Player, make_player
from .search_result import MATE_THRESHOLD, WIN_SCORE, SearchResult, SearchStats, ShouldStop, exact_fields, never_stop

__all__ = [
    "EXCERPT_LIMIT",
    "FAILURE_TEXT_LIMIT",
    "MARKS",
    "MATE_THRESHOLD",
    "MAX_SIZE",
    "MIN_SIZE",
    "PLAYER_KINDS",
    "STALE_SECONDS",
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
    "PlayerForfeit",
    "PlayerSpec",
    "PlayerSpecError",
    "ProcessFailure",
    "SearchResult",
    "SearchStats",
    "ShouldStop",
    "UnwritableTextError",
    "atomic_text_writer",
    "exact_fields",
    "excerpt",
    "failure_text",
    "make_player",
    "never_stop",
    "other",
    "write_bytes_atomically",
    "write_text_atomically",
]
