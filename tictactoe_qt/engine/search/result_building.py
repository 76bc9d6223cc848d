"""Pieces every search uses to build its :class:`SearchResult`."""

from __future__ import annotations

import time

from ..game.board import Board, Move
from ..search_result import WIN_SCORE, SearchResult, SearchStats
from .move_tables import search_order


def game_over_result(algorithm: str, board: Board, depth: int | None, start: float) -> SearchResult:
    """The result for a finished game: no move, the final score, exact."""
    score = -WIN_SCORE if board.winner() is not None else 0
    outcome = board.outcome()
    stats = SearchStats(nodes=1, depth=depth, elapsed_seconds=time.perf_counter() - start)
    return SearchResult(
        algorithm, None, score, exact=True, result=outcome.result if outcome else None, plies=0, stats=stats
    )


def first_free_cell(board: Board) -> int:
    """The first empty cell in search order (the fallback of a cancelled search)."""
    occupied = board.occupied
    return next(cell for cell in search_order(board.geometry) if not occupied >> cell & 1)


def moves_from_cells(board: Board, cells: list[int]) -> list[Move]:
    """Cell indices as :class:`Move` objects."""
    cols = board.config.cols
    return [Move.from_index(cell, cols) for cell in cells]
