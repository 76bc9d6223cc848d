"""The transposition table's size cap, replacement policy and symmetric keys."""

from __future__ import annotations

import pytest

from tictactoe_qt.engine.game import Board, GameConfig
from tictactoe_qt.engine.search import SYMMETRY_MAX_CELLS, PerfectSearcher, TranspositionTable, symmetry_keys_for


def entry(score: int) -> tuple[int, int, int, int]:
    return (1, 0, score, -1)


def test_the_table_never_holds_more_than_its_capacity() -> None:
    table = TranspositionTable(capacity=100)
    for key in range(10_000):
        table.put(key, entry(key))
        assert len(table) <= 100


def test_recent_entries_survive_and_old_unused_ones_age_out() -> None:
    table = TranspositionTable(capacity=10)
    for key in range(30):
        table.put(key, entry(key))
    assert table.get(29) == entry(29)
    assert table.get(0) is None


def test_an_entry_in_use_is_carried_into_the_next_generation() -> None:
    table = TranspositionTable(capacity=10)
    table.put(-1, entry(-1))
    for key in range(40):
        assert table.get(-1) == entry(-1)
        table.put(key, entry(key))
    assert table.get(-1) == entry(-1)


def test_a_table_needs_room_for_two_entries() -> None:
    with pytest.raises(ValueError, match="at least 2"):
        TranspositionTable(capacity=1)


def test_clear_forgets_everything() -> None:
    table = TranspositionTable(capacity=10)
    table.put(1, entry(1))
    table.clear()
    assert len(table) == 0 and table.get(1) is None


@pytest.mark.parametrize("size", [(3, 3), (4, 4), (3, 5), (7, 7)])
def test_symmetric_positions_share_a_key_and_others_do_not(size: tuple[int, int]) -> None:
    config = GameConfig(*size, k=3)
    keys = symmetry_keys_for(config)
    board = Board(config)
    board.push((0, 1))
    board.push((1, 1))
    geometry = board.geometry
    x_bits, o_bits = board.bits
    key = keys.key_of(x_bits, o_bits)
    for number in range(len(geometry.symmetries)):
        turned = geometry.transform(x_bits, number), geometry.transform(o_bits, number)
        assert keys.key_of(*turned) == key
    # Swapping the marks is a different position.
    assert keys.key_of(o_bits, x_bits) != key


def test_big_boards_key_without_symmetry() -> None:
    side = 8
    assert side * side > SYMMETRY_MAX_CELLS
    keys = symmetry_keys_for(GameConfig(side, side, 5))
    assert not keys.uses_symmetry
    assert keys.key_of(1, 2) != keys.key_of(1 << (side - 1), 1 << (2 * side - 1))


def test_a_tiny_table_still_solves_4x4_exactly_and_stays_capped() -> None:
    config = GameConfig(4, 4, 4)
    searcher = PerfectSearcher(config, table_entries=500)
    board = Board.from_notation("xo../.x../..o./....", k=4)
    result = searcher.search(board, time_budget=30)
    assert result.exact and result.result is not None
    assert len(searcher.table) <= 500
    fresh = PerfectSearcher(config).search(board, time_budget=30)
    assert (result.result, result.plies, result.score) == (fresh.result, fresh.plies, fresh.score)
