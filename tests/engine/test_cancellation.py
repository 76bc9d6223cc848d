"""A running search stops promptly when cancelled, and keeps to its time budget."""

from __future__ import annotations

import threading
import time

from tictactoe_qt.engine import SearchResult
from tictactoe_qt.engine.game import Board, GameConfig
from tictactoe_qt.engine.search import PerfectSearcher

from .time_bounds import HANG_SECONDS, cpu_clock_of, spent

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
        target=lambda: answers.append(PerfectSearcher(GOMOKU).search(board, time_budget=30, should_stop=cancel.is_set))
    )
    worker.start()
    time.sleep(0.3)  # lets the search get going; any head start will do
    assert worker.is_alive()
    worker_cpu = cpu_clock_of(worker)
    cancelled_at = (time.perf_counter(), worker_cpu())
    cancel.set()
    while worker.is_alive() and time.perf_counter() - cancelled_at[0] < HANG_SECONDS:
        cpu_at_end = worker_cpu()  # read while the thread exists
        worker.join(timeout=0.001)
    assert not worker.is_alive()
    # The work done after the cancel, in the searching thread's CPU seconds.
    assert cpu_at_end - cancelled_at[1] < 0.05
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
    with spent() as took:
        answer = PerfectSearcher(board.config).search(board, time_budget=0.3)
    # CPU time: a loaded machine cannot break it; the benchmark measures the real margin.
    assert took.cpu < 0.3 + 0.15 and took.wall < 0.3 + HANG_SECONDS
    assert not answer.cancelled
    assert answer.stats.depth is not None and answer.stats.depth >= 1
