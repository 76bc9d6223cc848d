"""The engine process: searches off the GUI's interpreter, cancellable, and never left running."""

from __future__ import annotations

import threading
import time

import pytest

from tictactoe_qt.engine.game import Board, GameConfig, Move
from tictactoe_qt.engine.players import PlayerSpec
from tictactoe_qt.gui.engine_process import EngineProcess, EngineProcessError


@pytest.fixture
def engine():
    process = EngineProcess()
    yield process
    process.stop()
    assert not process.is_running


def test_search_finds_the_win_like_the_engine(engine):
    board = Board.from_notation("xx./oo./...")
    result = engine.search("a", PlayerSpec("alphabeta", depth=3), board, lambda: False)
    assert result.move == Move(0, 2)
    assert result.stats.nodes > 0
    assert board.notation() == "xx./oo./..."  # the caller's board is untouched


def test_players_are_kept_between_searches_and_rebuilt_when_the_spec_changes(engine):
    board = Board()
    first = engine.search("seat", PlayerSpec("random"), board, lambda: False)
    board.push(first.move)
    second = engine.search("seat", PlayerSpec("random"), board, lambda: False)
    assert second.move != first.move
    assert engine.is_ready


def test_a_failing_search_raises_with_the_reason(engine):
    board = Board.from_notation("xxx/oo./...")  # already over: the player refuses
    with pytest.raises(EngineProcessError):
        engine.search("a", PlayerSpec("random"), board, lambda: False)
    # The process survives an error and answers the next search.
    assert engine.search("a", PlayerSpec("random"), Board(), lambda: False).move is not None


def test_cancel_stops_a_long_search_quickly(engine):
    board = Board(GameConfig(15, 15, 5))
    for move in [(7, 7), (7, 8), (8, 8), (6, 6), (8, 6), (9, 9)]:
        board.push(move)
    assert engine.wait_until_ready()
    cancel = threading.Event()
    threading.Timer(0.3, cancel.set).start()
    start = time.perf_counter()
    result = engine.search("p", PlayerSpec("perfect", time=60.0), board, cancel.is_set)
    assert time.perf_counter() - start < 2.0
    assert result.cancelled or result.move is not None


def test_stop_ends_the_process(engine):
    assert engine.wait_until_ready()
    assert engine.is_running
    engine.stop()
    assert not engine.is_running
    engine.stop()  # idempotent
