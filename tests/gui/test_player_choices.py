"""Player types, presets, and the depth cap that keeps searches affordable."""

from __future__ import annotations

import pytest

from tictactoe_qt.gui.player_choices import (
    PLAYER_CHOICES, PRESETS, capped_depth, matching_preset, uses_depth, uses_time,
)


def test_the_combo_offers_every_player_type_of_the_issue():
    labels = [choice.text() for choice in PLAYER_CHOICES]
    assert labels[:6] == ["Human", "Random", "Minimax", "Alpha-beta", "Average", "Perfect"]


def test_presets_map_to_real_player_types():
    kinds = {choice.kind for choice in PLAYER_CHOICES}
    assert [p.key for p in PRESETS] == ["easy", "medium", "hard", "unbeatable"]
    assert all(p.kind in kinds for p in PRESETS)
    assert matching_preset("alphabeta", 4).key == "hard"
    assert matching_preset("alphabeta", 5) is None


def test_options_follow_the_player_type():
    assert uses_depth("minimax") and not uses_time("minimax")
    assert uses_time("perfect") and not uses_depth("perfect")
    assert not uses_depth("human") and not uses_time("random")


def test_full_3x3_minimax_is_affordable():
    assert capped_depth("minimax", None, 9) is None


@pytest.mark.parametrize("cells", [16, 25, 225, 361])
def test_unlimited_minimax_on_bigger_boards_is_capped(cells):
    depth = capped_depth("minimax", None, cells)
    assert depth is not None and 1 <= depth < cells


def test_alpha_beta_may_look_deeper_than_minimax():
    assert capped_depth("alphabeta", None, 49) > capped_depth("minimax", None, 49)


def test_affordable_depths_are_kept_and_other_players_untouched():
    assert capped_depth("minimax", 2, 225) == 2
    assert capped_depth("minimax", 9, 225) == 2
    assert capped_depth("perfect", None, 361) is None
    assert capped_depth("random", 3, 361) == 3
