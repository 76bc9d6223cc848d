"""The quick lower bound on a trace's size never exceeds the real size."""

from __future__ import annotations

import pytest

from tictactoe_qt.engine.game import Board
from tictactoe_qt.engine.players import TextbookOptions
from tictactoe_qt.engine.teaching import board_events, board_space, earliest_end, events_at_least

POSITIONS = [
    ".../.../...",
    "x../.../...",
    "x../.o./...",
    "xo./.x./...",
    "xx./oo./...",
    "..../..../..../x..o",
    "xo.x/o.../..../....",
]

#: Plain minimax from the empty 3x3 board: enter and return for each of 549,946 nodes,
#: and a leaf for each of 255,168 games.
EMPTY_BOARD_MINIMAX_EVENTS = 2 * 549_946 + 255_168


@pytest.mark.parametrize("notation", POSITIONS)
@pytest.mark.parametrize("algorithm", ["minimax", "alphabeta"])
@pytest.mark.parametrize("depth", [None, 2, 3])
def test_the_bound_is_below_the_real_count(notation, algorithm, depth):
    board = Board.from_notation(notation)
    if depth is None and board.empty.bit_count() > 9:
        depth = 4  # keep 4x4 traces short
    options = TextbookOptions(ordering="none")
    space = board_space(board, algorithm, options, depth)
    least = events_at_least(space, algorithm)
    if (notation, algorithm, depth) == (".../.../...", "minimax", None):
        real = EMPTY_BOARD_MINIMAX_EVENTS  # streamed once, by test_trace_textbook_counts
    else:
        real = sum(1 for _ in board_events(board, algorithm, options, depth))
    assert 0 < least <= real


def test_a_line_nearly_done_ends_the_complete_plies_early():
    options = TextbookOptions()
    assert earliest_end(board_space(Board.from_notation("xx./oo./..."), "minimax", options)) == 1
    assert earliest_end(board_space(Board(), "minimax", options)) == 5


def test_the_empty_4x4_board_is_known_too_big_at_once():
    space = board_space(Board.from_notation("..../..../..../...."), "minimax", TextbookOptions())
    assert events_at_least(space, "minimax") > 10**7
    assert events_at_least(space, "alphabeta-tt") == 0  # a table gives no such bound
