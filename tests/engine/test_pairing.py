"""The pairing proofs of the perfect search: every "cannot win" they give is true,
and the search answers with them exactly as without them.

Truth comes from the independent slow solver of :mod:`.test_exact_solving`;
"without them" is the same search with the pairing proofs switched off.
"""

from __future__ import annotations

import random

import pytest

from tictactoe_qt.engine.game import Board, GameConfig, geometry_for
from tictactoe_qt.engine.search import (
    PerfectSearcher,
    build_pairing,
    has_pairing,
    line_codes,
    negamax_core,
    pattern_tables_for,
    unforced_cells,
)

from .test_exact_solving import SlowSolver


def _random_position(config: GameConfig, rng: random.Random, stones: int) -> Board:
    board = Board(config)
    while board.ply < stones:
        board.push_index(rng.choice(board.legal_indices()))
        if board.is_game_over():
            board.pop()
            break
    return board


def test_pairs_cover_lines_and_clashing_forced_pairs_refute() -> None:
    row = 0b1111
    assert has_pairing([row])
    # Two windows of one row share the pair of their two middle cells.
    assert has_pairing([0b01111, 0b11110])
    # Two lines with two free cells each that share one cell: no pairing.
    assert not has_pairing([0b011, 0b110])
    assert not has_pairing([0b1])  # a threat
    assert has_pairing([])
    # Only a move on one of the two clashing lines settles their clash.
    assert unforced_cells([0b011, 0b110, 0b1111000], 0b1111111) == 0b111
    assert unforced_cells([0b011, 0b110, 0b1100000, 0b0110000], 0b1111111) == 0


def _side_can_win(slow: SlowSolver, board: Board, side: int) -> bool:
    """Whether ``side`` can force a win, the other side to move or not."""
    mover = board.side
    value = slow.value(board.bits[mover], board.bits[mover ^ 1])
    return value > 0 if side == mover else value < 0


@pytest.mark.parametrize("shape, fewest, most", [((4, 4, 4), 2, 8), ((5, 4, 4), 9, 12), ((3, 3, 3), 1, 6)])
def test_every_pairing_proof_is_true(shape: tuple[int, int, int], fewest: int, most: int) -> None:
    config = GameConfig(*shape)
    geometry = geometry_for(config)
    tables = pattern_tables_for(config)
    slow = SlowSolver(*shape)
    rng = random.Random(sum(shape))
    proofs = replies = 0
    for _ in range(120):
        board = _random_position(config, rng, rng.randrange(fewest, most + 1))
        if board.is_game_over():
            continue
        x_bits, o_bits = board.bits
        occupied = x_bits | o_bits
        codes = line_codes(tables, x_bits, o_bits)
        cannot_win, blocking_reply = build_pairing(geometry, codes)
        for side in (0, 1):
            if cannot_win(side, occupied):
                proofs += 1
                assert not _side_can_win(slow, board, side), (board.notation(), side)
        attacker = board.side ^ 1
        cell = blocking_reply(attacker, occupied, geometry.full & ~occupied)
        if cell >= 0:
            replies += 1
            board.push_index(cell)
            if not board.is_game_over():
                assert not _side_can_win(slow, board, attacker), board.notation()
    assert proofs >= 20 and replies >= 20  # the proofs were put to the test


@pytest.mark.parametrize(
    "shape, stones",
    [((5, 4, 4), 4), ((5, 4, 4), 7), ((4, 4, 4), 3), ((5, 5, 4), 9), ((5, 5, 4), 5), ((4, 5, 3), 4), ((6, 5, 4), 14)],
)
def test_answers_with_pairing_equal_answers_without(
    shape: tuple[int, int, int], stones: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = GameConfig(*shape)
    rng = random.Random(sum(shape) * stones)
    boards = [_random_position(config, rng, stones) for _ in range(5)]
    boards = [board for board in boards if not board.is_game_over()]
    with_pairing = [PerfectSearcher(config).solve(board) for board in boards]
    monkeypatch.setattr(negamax_core, "PAIRING_MAX_CELLS", 0)
    nodes_with = nodes_without = 0
    for board, answer in zip(boards, with_pairing):
        without = PerfectSearcher(config).solve(board)
        nodes_with += answer.stats.nodes
        nodes_without += without.stats.nodes
        assert answer.exact and without.exact, board.notation()
        assert (answer.score, answer.result, answer.plies) == (without.score, without.result, without.plies), (
            board.notation()
        )
        after = board.copy()
        after.push(answer.move)  # the move found with pairing keeps the value
        if not after.is_game_over():
            assert PerfectSearcher(config).solve(after).result == answer.result, board.notation()
    assert shape[2] == 3 or nodes_with < nodes_without  # the proofs took part
