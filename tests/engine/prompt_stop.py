"""A shared check for searches: a ``should_stop`` that turns true ends the search at once."""

from __future__ import annotations

import time
from collections.abc import Callable

from tictactoe_qt.engine import SearchResult
from tictactoe_qt.engine.game import Board

from .time_bounds import HANG_SECONDS, spent

#: A search called as ``search(board, should_stop=...)``.
Search = Callable[..., SearchResult]


def assert_stops_promptly_with_a_legal_move(search: Search, board: Board) -> None:
    """Stop ``search`` after 50 ms: it must return within a CPU second, cancelled, with a legal move."""
    deadline = time.perf_counter() + 0.05

    def past_deadline() -> bool:
        return time.perf_counter() > deadline

    with spent() as took:
        result = search(board, should_stop=past_deadline)
    assert took.cpu < 1.0 and took.wall < HANG_SECONDS
    assert result.cancelled and not result.exact
    assert result.move in board.legal_moves()
