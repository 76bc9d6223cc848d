"""The rules of m,n,k-games: board, moves, sizes, lines, seats and saved games."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy_faces import lazy_face

if TYPE_CHECKING:
    from .board import MARKS, Board, Mark, Move, other
    from .config import MAX_SIZE, MIN_SIZE, GameConfig
    from .coordinates import (
        cell_text,
        child_text,
        column_number,
        line_text,
        move_text,
        row_number,
        short_cell_text,
        short_child_text,
    )
    from .game_record import GameRecord, total_nodes
    from .geometry import Geometry, geometry_for, iter_bits
    from .saved_game import (
        DEFAULT_MARKS,
        MAX_DEPTH,
        MAX_FILE_BYTES,
        MAX_MARK_LENGTH,
        MAX_NAME_LENGTH,
        SavedGame,
        SavedGameError,
        SavedPlayer,
        engine_path_problem,
        read_game_file,
        text_length,
        text_problem,
        write_game_file,
    )
    from .seating import O_FIRST, X_FIRST, Seating

__all__ = [
    "DEFAULT_MARKS",
    "MARKS",
    "MAX_DEPTH",
    "MAX_FILE_BYTES",
    "MAX_MARK_LENGTH",
    "MAX_NAME_LENGTH",
    "MAX_SIZE",
    "MIN_SIZE",
    "O_FIRST",
    "X_FIRST",
    "Board",
    "GameConfig",
    "GameRecord",
    "Geometry",
    "Mark",
    "Move",
    "SavedGame",
    "SavedGameError",
    "SavedPlayer",
    "Seating",
    "cell_text",
    "child_text",
    "column_number",
    "engine_path_problem",
    "geometry_for",
    "iter_bits",
    "line_text",
    "move_text",
    "other",
    "read_game_file",
    "row_number",
    "short_cell_text",
    "short_child_text",
    "text_length",
    "text_problem",
    "total_nodes",
    "write_game_file",
]

if not TYPE_CHECKING:
    __getattr__, __dir__ = lazy_face(
        __name__,
        {
            ".board": ("MARKS", "Board", "Mark", "Move", "other"),
            ".config": ("MAX_SIZE", "MIN_SIZE", "GameConfig"),
            ".coordinates": (
                "cell_text",
                "child_text",
                "column_number",
                "line_text",
                "move_text",
                "row_number",
                "short_cell_text",
                "short_child_text",
            ),
            ".game_record": ("GameRecord", "total_nodes"),
            ".geometry": ("Geometry", "geometry_for", "iter_bits"),
            ".saved_game": (
                "DEFAULT_MARKS",
                "MAX_DEPTH",
                "MAX_FILE_BYTES",
                "MAX_MARK_LENGTH",
                "MAX_NAME_LENGTH",
                "SavedGame",
                "SavedGameError",
                "SavedPlayer",
                "engine_path_problem",
                "read_game_file",
                "text_length",
                "text_problem",
                "write_game_file",
            ),
            ".seating": ("O_FIRST", "X_FIRST", "Seating"),
        },
    )
