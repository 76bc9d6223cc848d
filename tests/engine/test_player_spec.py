"""Player specs: parsing, and refusing humans where only computers can play."""

from __future__ import annotations

import pytest

from tictactoe_qt.engine.game import MAX_SIZE
from tictactoe_qt.engine.players import COMPUTER_KINDS, PLAYER_KINDS, PlayerSpec, PlayerSpecError, TextbookOptions


def test_options_parse_into_the_spec():
    assert PlayerSpec.parse("minimax:depth=5") == PlayerSpec("minimax", depth=5)
    assert PlayerSpec.parse("AB:depth=inf") == PlayerSpec("alphabeta")
    assert PlayerSpec.parse("mcts:iterations=500,time=0.5") == PlayerSpec("mcts", time=0.5, iterations=500)


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


@pytest.mark.parametrize(
    "text",
    [
        "minimax:depth=1-10",
        "alphabeta:depth=4,ordering=centre,scoring=textbook,evaluation=open-lines,form=negamax",
        "alphabeta:ordering=table,scoring=distance,evaluation=zero,form=textbook",
        "average:depth=2-3",
        "minimax:depth=2-5,ordering=wins,scoring=textbook,evaluation=zero,form=negamax",
        "minimax:depth=3",
        "alphabeta",
    ],
)
def test_search_options_print_as_they_parse(text):
    spec = PlayerSpec.parse(text)
    assert str(spec) == text
    assert PlayerSpec.parse(str(spec)) == spec


def test_one_textbook_option_brings_the_others_defaults_and_prints_them_all():
    spec = PlayerSpec.parse("AB:Ordering=Centre")
    assert spec.textbook == TextbookOptions(ordering="centre")
    assert str(spec) == ("alphabeta:ordering=centre,scoring=textbook,evaluation=open-lines,form=textbook")
    assert PlayerSpec.parse("alphabeta:ordering=none").textbook == TextbookOptions()
    assert PlayerSpec.parse("alphabeta").textbook is None


def test_a_depth_range_parses_with_spaces_and_no_fixed_depth():
    spec = PlayerSpec.parse("minimax: depth = 1 - 10")
    assert (spec.depth, spec.depth_range) == (None, (1, 10))


def test_the_table_ordering_names_the_table_search():
    assert PlayerSpec.parse("alphabeta:ordering=table").search_algorithm == "alphabeta-tt"
    assert PlayerSpec.parse("alphabeta:ordering=wins").search_algorithm == "alphabeta"
    assert PlayerSpec.parse("minimax:ordering=wins").search_algorithm == "minimax"


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("minimax:depth=5-2", "depth=5-2 runs backwards .*depth=2-5"),
        ("minimax:depth=0-3", "depth=0-3: a depth range starts at 1"),
        ("alphabeta:depth=1-1000", f"goes past {MAX_SIZE**2}, the cells of the largest board"),
        ("perfect:depth=1-3", "a random depth is for minimax, alphabeta, average"),
        ("minimax:depth=1-3,depth=4", "one depth or one range, not both"),
        ("minimax:depth=1-", "bad value '1-' for depth"),
        ("minimax:ordering=fast", "unknown ordering 'fast'; choose from none, centre, wins, table"),
        ("alphabeta:form=recursive", "unknown form 'recursive'"),
        ("minimax:ordering=table", "needs a transposition table: use alphabeta:ordering=table"),
        ("average:ordering=none", "bad option 'ordering=none' for average"),
        ("mcts:scoring=textbook", "bad option"),
    ],
)
def test_bad_search_options_get_one_line_quoting_the_input(text, fragment):
    with pytest.raises(PlayerSpecError, match=fragment) as caught:
        PlayerSpec.parse(text, computer_only=True)
    message = str(caught.value)
    assert "\n" not in message and repr(text) in message


def test_a_huge_option_is_quoted_short():
    with pytest.raises(PlayerSpecError) as caught:
        PlayerSpec.parse("minimax:ordering=" + "x" * 5000)
    assert len(str(caught.value)) < 300
