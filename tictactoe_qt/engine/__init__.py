"""The pure-Python m,n,k-game engine: rules, players, searches, simulations.

Standard library only: it never imports Qt or the GUI.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

# Eager: the function is named as its module, whose first import would otherwise
# set the face's name ``excerpt`` to the module (Python's import machinery does).
from .excerpt import EXCERPT_LIMIT, excerpt
from .lazy_faces import lazy_face

if TYPE_CHECKING:
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
    from .game.board import MARKS, Board, Mark, Move, Outcome, other
    from .game.config import MAX_SIZE, MIN_SIZE, GameConfig
    from .players.player_spec import PLAYER_KINDS, PlayerSpec, PlayerSpecError
    from .players.registry import Player, make_player
    from .search_result import (
        MATE_THRESHOLD,
        WIN_SCORE,
        SearchResult,
        SearchStats,
        ShouldStop,
        exact_fields,
        never_stop,
    )

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

if not TYPE_CHECKING:
    __getattr__, __dir__ = lazy_face(
        __name__,
        {
            ".atomic_file": (
                "STALE_SECONDS",
                "UnwritableTextError",
                "atomic_text_writer",
                "write_bytes_atomically",
                "write_text_atomically",
            ),
            ".errors": (
                "FAILURE_TEXT_LIMIT",
                "IllegalMoveError",
                "InvalidConfigError",
                "NotationError",
                "PlayerForfeit",
                "ProcessFailure",
                "failure_text",
            ),
            ".game.board": ("MARKS", "Board", "Mark", "Move", "Outcome", "other"),
            ".game.config": ("MAX_SIZE", "MIN_SIZE", "GameConfig"),
            ".players.player_spec": ("PLAYER_KINDS", "PlayerSpec", "PlayerSpecError"),
            ".players.registry": ("Player", "make_player"),
            ".search_result": (
                "MATE_THRESHOLD",
                "WIN_SCORE",
                "SearchResult",
                "SearchStats",
                "ShouldStop",
                "exact_fields",
                "never_stop",
            ),
        },
    )
