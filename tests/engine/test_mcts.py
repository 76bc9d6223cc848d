"""MCTS: UCT with random playouts as a player kind."""

from __future__ import annotations

import random

import pytest

from tictactoe_qt.engine.game import Board, GameConfig, Move
from tictactoe_qt.engine.players import PlayerSpecError, make_player
from tictactoe_qt.engine.search import MctsResult, mcts_search

from .time_bounds import HANG_SECONDS, spent


def play_match(config: GameConfig, spec: str, games: int) -> tuple[int, int, int]:
    """MCTS against random, alternating who starts; returns (wins, draws, losses)."""
    wins = draws = losses = 0
    for seed in range(games):
        mcts_side = seed % 2
        players = [make_player(spec, seed), make_player("random", 1000 + seed)]
        if mcts_side == 1:
            players.reverse()
        board = Board(config)
        while not board.is_game_over():
            board.push(players[board.side].choose(board).move)
        winner = board.winner()
        if winner is None:
            draws += 1
        elif winner == "xo"[mcts_side]:
            wins += 1
        else:
            losses += 1
    return wins, draws, losses


def test_mcts_beats_random_clearly_on_3x3() -> None:
    wins, draws, losses = play_match(GameConfig(), "mcts:iterations=300", 40)
    assert losses <= 1
    assert wins >= 30


def test_mcts_beats_random_clearly_on_5x5_k4() -> None:
    wins, draws, losses = play_match(GameConfig(5, 5, 4), "mcts:iterations=200", 12)
    assert losses == 0
    assert wins >= 10


def test_iteration_budget_is_exact_and_visits_add_up() -> None:
    result = mcts_search(Board(), iterations=500, rng=random.Random(3))
    assert isinstance(result, MctsResult)
    assert result.iterations == 500
    assert sum(result.visits.values()) == 500
    assert set(result.visits) == set(Board().legal_moves())
    assert result.move == max(result.visits, key=result.visits.__getitem__)


def test_time_budget_is_honoured_on_a_big_board() -> None:
    board = Board(GameConfig(15, 15, 5))
    with spent() as took:
        result = mcts_search(board, time_budget=0.2, rng=random.Random(0))
    assert took.wall >= 0.2  # it used its budget
    assert took.cpu < 0.45 and took.wall < 0.2 + HANG_SECONDS  # and stopped at its end
    assert result.iterations > 0


def test_player_spec_iterations_reach_the_search() -> None:
    player = make_player("mcts:iterations=64", seed=1)
    result = player.choose(Board())
    assert isinstance(result, MctsResult)
    assert result.iterations == 64


def test_takes_an_immediate_win() -> None:
    board = Board.from_notation("xx./oo./...")
    result = mcts_search(board, iterations=400, rng=random.Random(5))
    assert result.move == Move(0, 2)


def test_seeded_searches_repeat_exactly() -> None:
    first = mcts_search(Board(), iterations=300, rng=random.Random(9))
    second = mcts_search(Board(), iterations=300, rng=random.Random(9))
    assert first.visits == second.visits
    assert first.move == second.move


def test_should_stop_ends_the_search_early() -> None:
    calls = []

    def stop_after_two_checks() -> bool:
        calls.append(1)
        return len(calls) >= 2

    result = mcts_search(Board(), iterations=100_000, should_stop=stop_after_two_checks)
    assert result.cancelled
    assert result.iterations < 100
    assert result.move in Board().legal_moves()


def test_does_not_change_the_board() -> None:
    board = Board.from_notation("x../.o./...")
    before = (list(board.bits), list(board.history))
    mcts_search(board, iterations=200)
    assert (board.bits, board.history) == before


def test_finished_game_is_refused() -> None:
    with pytest.raises(ValueError, match="game is over"):
        mcts_search(Board.from_notation("xxx/oo./..."), iterations=10)


def test_bad_iterations_are_refused() -> None:
    with pytest.raises(ValueError, match="iterations"):
        mcts_search(Board(), iterations=0)
    with pytest.raises(PlayerSpecError, match="iterations"):
        make_player("mcts:iterations=0")
