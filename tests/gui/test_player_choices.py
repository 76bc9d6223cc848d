"""Player types, presets, and the depth cap that keeps searches affordable."""

from __future__ import annotations

import pytest

from tictactoe_qt.gui.player_choices import (
    PLAYER_CHOICES,
    PRESETS,
    capped_depth,
    matching_preset,
    uses_depth,
    uses_time,
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


def test_search_options_travel_as_spec_text_and_drop_what_a_type_does_not_use():
    from tictactoe_qt.engine.players import TextbookOptions
    from tictactoe_qt.gui.player_choices import search_extra, search_options

    centre = TextbookOptions(ordering="centre")
    assert search_extra("minimax", (1, 10), centre) == (
        "depth=1-10,ordering=centre,scoring=textbook,evaluation=open-lines,form=textbook"
    )
    assert search_extra("average", (1, 10), centre) == "depth=1-10"
    assert search_extra("perfect", (1, 10), centre) == ""
    assert search_options("alphabeta", "depth=2-3").depth_range == (2, 3)
    with pytest.raises(ValueError, match="depth field"):
        search_options("alphabeta", "depth=3")


def test_a_random_depth_or_textbook_search_is_no_preset():
    assert matching_preset("alphabeta", 4, "depth=1-4") is None
    assert matching_preset("alphabeta", 4, "ordering=none,scoring=textbook,evaluation=open-lines,form=textbook") is None
    assert matching_preset("alphabeta", 4, "").key == "hard"


def test_a_range_past_the_boards_cells_plays_to_the_end_in_the_window():
    from tictactoe_qt.engine.game import GameConfig
    from tictactoe_qt.engine.players import check_playable
    from tictactoe_qt.gui.player_choices import player_spec

    spec = player_spec("minimax", 30, 1.0, GameConfig(), "depth=20-30")
    assert spec.depth_range == (9, 9)
    check_playable(GameConfig(), spec)  # the window never hands the engine a refused range


def test_the_cap_note_of_a_range_names_the_depths_drawn():
    from tictactoe_qt.engine.game import GameConfig
    from tictactoe_qt.gui.player_choices import depth_cap_note

    note = depth_cap_note("alphabeta", 10, GameConfig(7, 7, 4), "depth=1-10")
    assert "7x7" in note and "draws a depth from 1 to" in note
    assert depth_cap_note("minimax", 10, GameConfig(), "depth=1-10") == ""  # 9 cells: to the end
