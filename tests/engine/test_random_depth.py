"""``depth=A-B``: a depth drawn for each move from the player's seeded generator."""

from __future__ import annotations

import functools
import json

import pytest

from tests.cli.in_process import run_in_process
from tests.engine.traced_decision import textbook_search
from tictactoe_qt.engine.game import Board, GameConfig
from tictactoe_qt.engine.players import PlayerSpec, PlayerSpecError, TextbookOptions, check_playable, make_player
from tictactoe_qt.engine.search import minimax_search

POSITION = "x../.o./..."


def _depths(spec: str, seed: int, moves: int = 12) -> list[int | None]:
    player = make_player(spec, seed=seed)
    board = Board.from_notation(POSITION)
    return [player.choose(board).stats.depth for _ in range(moves)]


@pytest.mark.parametrize("kind", ["minimax", "alphabeta", "average"])
def test_each_move_draws_a_depth_within_the_range(kind):
    depths = _depths(f"{kind}:depth=1-5", seed=3, moves=30)
    assert all(depth is not None and 1 <= depth <= 5 for depth in depths)
    assert len(set(depths)) >= 3  # it varies from move to move


def test_the_same_seed_draws_the_same_depths_and_another_seed_others():
    first = _depths("minimax:depth=1-10", seed=42)
    assert _depths("minimax:depth=1-10", seed=42) == first
    assert _depths("minimax:depth=1-10", seed=43) != first


def test_the_move_is_the_search_at_the_depth_drawn():
    board = Board.from_notation(POSITION)
    player = make_player("minimax:depth=1-6", seed=5)
    for _ in range(8):
        result = player.choose(board)
        direct = minimax_search(board, result.stats.depth)
        assert (result.move, result.stats.nodes) == (direct.move, direct.stats.nodes)


def test_a_range_with_textbook_options_draws_the_depth_for_the_traced_search():
    board = Board.from_notation(POSITION)
    player = make_player("alphabeta:depth=1-4,ordering=centre", seed=9)
    seen = set()
    for _ in range(10):
        result = player.choose(board)
        seen.add(result.stats.depth)
        direct = textbook_search(board, "alphabeta", TextbookOptions(ordering="centre"), result.stats.depth)
        assert (result.move, result.stats.nodes) == (direct.move, direct.stats.nodes)
    assert len(seen) > 1 and seen <= {1, 2, 3, 4}


def test_a_range_wholly_past_the_boards_cells_is_refused_before_the_game():
    with pytest.raises(PlayerSpecError, match="past the 9 cells of 3x3"):
        check_playable(GameConfig(), PlayerSpec.parse("minimax:depth=20-30"))
    check_playable(GameConfig(), PlayerSpec.parse("minimax:depth=1-10"))  # 10: to the end


@pytest.fixture
def cli(capsys):
    """The command line run in this process (its words are the point, not a process)."""
    return functools.partial(run_in_process, capsys)


def test_simulate_plays_a_random_depth_player_from_the_command_line(cli):
    # Alpha-beta, whose searches to a depth of up to 10 take milliseconds on 3x3 (minimax's
    # take a second a game); the range is the spec's, whatever the kind.
    batch = ("simulate", "--x", "alphabeta:depth=1-10", "--o", "random", "--games", "6", "--seed", "3", "--json")
    run = cli(*batch)
    assert run.returncode == 0, run.stderr
    data = json.loads(run.stdout)
    assert data["x"]["spec"] == "alphabeta:depth=1-10"
    assert data["games"] == 6
    again = json.loads(cli(*batch).stdout)
    assert again["x"]["avg_nodes_per_move"] == data["x"]["avg_nodes_per_move"]


def test_a_backwards_range_is_one_line_on_the_command_line(cli):
    run = cli("simulate", "--x", "minimax:depth=5-2", "--o", "random")
    assert run.returncode == 2
    error = run.stderr.strip()
    assert "\n" not in error and "depth=5-2 runs backwards" in error
