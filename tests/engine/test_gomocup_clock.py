"""The brain's time budget from the manager's INFO limits (milliseconds)."""

from __future__ import annotations

import pytest

from tictactoe_qt.engine.gomocup import MAX_BUDGET, MIN_BUDGET, TimeControl


def test_the_turn_limit_leaves_room_for_input_and_output():
    budget = TimeControl(timeout_turn=1000).budget(200)
    assert 0.5 < budget < 1.0


def test_timeout_turn_zero_asks_for_the_fastest_answer():
    assert TimeControl(timeout_turn=0).budget(200) == MIN_BUDGET


def test_match_time_left_is_shared_over_the_moves_still_to_come():
    clock = TimeControl(timeout_turn=30_000, timeout_match=60_000, time_left=8_000)
    assert clock.budget(200) <= 8.0 / 40
    assert clock.budget(4) <= 8.0 / 8


def test_time_left_counts_only_with_a_match_limit():
    clock = TimeControl(timeout_turn=2_000, timeout_match=0, time_left=10)
    assert clock.budget(100) > 1.0


@pytest.mark.parametrize("turn", [1, 10, 10**9])
def test_the_budget_stays_within_what_the_engine_accepts(turn):
    assert MIN_BUDGET <= TimeControl(timeout_turn=turn).budget(50) <= MAX_BUDGET
