"""Player specs: parsing, and refusing humans where only computers can play."""

from __future__ import annotations

import pytest

from tictactoe_qt.engine.player_spec import (
    COMPUTER_KINDS,
    PLAYER_KINDS,
    PlayerSpec,
    PlayerSpecError,
)


def test_options_parse_into_the_spec():
    assert PlayerSpec.parse("minimax:depth=5") == PlayerSpec("minimax", depth=5)
    assert PlayerSpec.parse("AB:depth=inf") == PlayerSpec("alphabeta")
    assert PlayerSpec.parse("mcts:iterations=500,time=0.5") == PlayerSpec(
        "mcts", time=0.5, iterations=500)


def test_computer_kinds_are_every_kind_but_human():
    assert "human" not in COMPUTER_KINDS
    assert set(COMPUTER_KINDS) | {"human"} == set(PLAYER_KINDS)


def test_an_unknown_player_lists_every_kind_where_humans_may_play():
    with pytest.raises(PlayerSpecError) as caught:
        PlayerSpec.parse("nobody")
    assert f"choose from {', '.join(PLAYER_KINDS)}" in str(caught.value)


def test_an_unknown_computer_player_lists_computer_kinds_only():
    with pytest.raises(PlayerSpecError) as caught:
        PlayerSpec.parse("nobody", computer_only=True)
    message = str(caught.value)
    assert "'nobody'" in message and "human" not in message
    assert f"choose from {', '.join(COMPUTER_KINDS)}" in message


def test_a_human_where_computers_play_is_told_to_use_the_window():
    assert PlayerSpec.parse("human") == PlayerSpec("human")
    with pytest.raises(PlayerSpecError, match="human players can only play in the window"):
        PlayerSpec.parse("Human", computer_only=True)
    with pytest.raises(PlayerSpecError, match="human players can only play in the window"):
        PlayerSpec("human").require_computer()
    assert PlayerSpec("random").require_computer() == PlayerSpec("random")


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("minimax:depth=two", "bad value"),
        ("random:depth=3", "bad option"),
        ("perfect:time=100", "time must be"),
        ("mcts:iterations=0", "iterations must be"),
    ],
)
def test_bad_options_are_refused_with_the_reason(text, fragment):
    with pytest.raises(PlayerSpecError, match=fragment):
        PlayerSpec.parse(text, computer_only=True)
