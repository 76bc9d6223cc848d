"""The evaluation's packed fields hold on the largest board the game allows."""

from __future__ import annotations

import pytest

from tictactoe_qt.engine.game import MAX_SIZE, GameConfig
from tictactoe_qt.engine.search import (
    HISTOGRAM_FIELD_BITS,
    accumulator_of,
    line_codes,
    pattern_tables_for,
    weighted_sums,
)


def direct_sums(config: GameConfig, x_bits: int, o_bits: int) -> tuple[int, int]:
    """Each side's weighted open-lines sum, counted line by line without packing."""
    tables = pattern_tables_for(config)
    sums = [0, 0]
    for mask in tables.geometry.lines:
        x, o = (x_bits & mask).bit_count(), (o_bits & mask).bit_count()
        if o == 0:
            sums[0] += 8 ** min(x, 8)
        if x == 0:
            sums[1] += 8 ** min(o, 8)
    return sums[0], sums[1]


@pytest.mark.parametrize("k", [5, 8, 9, 10, MAX_SIZE])
@pytest.mark.parametrize("pattern", ["x everywhere", "o everywhere", "x above, o below"])
def test_each_sides_sum_reads_back_exactly_on_the_densest_largest_board(k, pattern):
    config = GameConfig(MAX_SIZE, MAX_SIZE, k)
    full = (1 << config.cells) - 1
    top = (1 << (config.cells // 2)) - 1
    x_bits, o_bits = {"x everywhere": (full, 0), "o everywhere": (0, full), "x above, o below": (top, full & ~top)}[
        pattern
    ]
    tables = pattern_tables_for(config)
    accumulator = accumulator_of(tables, line_codes(tables, x_bits, o_bits))
    assert weighted_sums(accumulator) == direct_sums(config, x_bits, o_bits)


def test_the_open_line_histograms_count_every_line_of_the_largest_board():
    most_lines = len(pattern_tables_for(GameConfig(MAX_SIZE, MAX_SIZE, 3)).geometry.lines)
    assert most_lines < 1 << HISTOGRAM_FIELD_BITS
