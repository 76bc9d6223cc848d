"""A running search stops promptly when cancelled, and keeps to its time budget."""

from __future__ import annotations

import threading
import time

from tictactoe_qt.engine import Board, GameConfig
from tictactoe_qt.engine.search.perfect import PerfectSearcher
from tictactoe_qt.engine.search_result import SearchResult

GOMOKU = GameConfig(15, 15, 5)


def midgame() -> Board:
    board = Board(GOMOKU)
    for move in [(7, 7), (7, 8), (8, 7), (6, 7), (8, 8), (9, 9), (6, 6), (5, 5), (8, 6), (8, 5)]:
        board.push(move)
    return board


def test_a_30_second_search_stops_within_50_ms_of_the_cancel() -> None:
    board = midgame()
    cancel = threading.Event()
    answers: list[SearchResult] = []
    worker = threading.Thread(
        target=lambda: answers.append(
            PerfectSearcher(GOMOKU).search(board, time_budget=30, should_stop=cancel.is_set)
        )
    )
    worker.start()
    time.sleep(0.3)
    assert worker.is_alive()
    cancelled_at = time.perf_counter()
    cancel.set()
    worker.join(timeout=5)
    stopped_after = time.perf_counter() - cancelled_at
    assert not worker.is_alive()
    assert stopped_after < 0.05
    (answer,) = answers
    assert answer.cancelled and not answer.exact
    assert answer.move is not None and board.is_legal(answer.move)


def test_a_cancel_before_the_search_still_gives_a_legal_move() -> None:
    board = midgame()
    answer = PerfectSearcher(GOMOKU).search(board, time_budget=30, should_stop=lambda: True)
    assert answer.cancelled
    assert answer.move is not None and board.is_legal(answer.move)


def test_the_answer_comes_within_the_time_budget() -> None:
    board = Board(GameConfig(19, 19, 5))
    for move in [(9, 9), (9, 10), (10, 9), (8, 8), (10, 10), (11, 11), (8, 10), (7, 11)]:
        board.push(move)
    start = time.perf_counter()
    answer = PerfectSearcher(board.config).search(board, time_budget=0.3)
    elapsed = time.perf_counter() - start
    # Generous slack for a loaded test machine; the benchmark measures the real margin.
    assert elapsed < 0.3 + 0.15
    assert not answer.cancelled
    assert answer.stats.depth is not None and answer.stats.depth >= 1
