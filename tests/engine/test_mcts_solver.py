"""MCTS-Solver, tactical playouts and tree reuse."""

from __future__ import annotations

import random

from tictactoe_qt.engine.game import Board, GameConfig, Move
from tictactoe_qt.engine.players import make_player
from tictactoe_qt.engine.search import MctsTree, build_playout, mcts_search


def test_a_proven_win_ends_the_search_early_and_is_played() -> None:
    board = Board.from_notation("xx./oo./...")
    result = mcts_search(board, iterations=5_000, rng=random.Random(1))
    assert result.move == Move(0, 2)
    assert result.iterations < 5_000  # the root was proven: no more iterations needed


def test_a_forced_loss_is_avoided_when_a_block_exists() -> None:
    # O threatens the top row; every X move but the block loses.
    board = Board.from_notation("oo./x../..x")
    for seed in range(5):
        assert mcts_search(board, iterations=400, rng=random.Random(seed)).move == Move(0, 2)


def test_the_solver_proves_a_win_in_three() -> None:
    # X to move must block at (0, 2), which makes two threats O cannot both block.
    board = Board.from_notation("x../.o./o.x")
    for seed in range(3):
        result = mcts_search(board, iterations=20_000, rng=random.Random(seed))
        assert result.move == Move(0, 2)
        assert result.iterations < 20_000  # proven: the search stopped early


def test_playouts_block_an_immediate_loss() -> None:
    # X to move, O completes the top row at (0, 2) next unless X blocks; X has no win.
    board = Board.from_notation("oo./x../..x")
    playout = build_playout(board.geometry)
    empty = board.legal_indices()
    for seed in range(200):
        winner, played = playout(list(board.bits), board.side, empty, random.Random(seed))
        assert not (winner == 1 and played == 2), seed


def test_playouts_take_an_immediate_win() -> None:
    board = Board.from_notation("xx./oo./x..")
    playout = build_playout(board.geometry)
    for seed in range(50):
        winner, played = playout(list(board.bits), 1, board.legal_indices(), random.Random(seed))
        assert (winner, played) == (1, 1)


def test_the_player_reuses_its_tree_after_the_reply() -> None:
    config = GameConfig(5, 5, 4)
    player = make_player("mcts:iterations=300", seed=2)
    board = Board(config)
    first = player.choose(board)
    board.push(first.move)
    reply = max(first.visits, key=lambda m: m != first.move)  # any other cell
    board.push(reply if board.is_legal(reply) else Move.from_index(board.legal_indices()[0], 5))
    second = player.choose(board)
    assert second.iterations == 300
    assert sum(second.visits.values()) >= 300  # visits from the first search carried over


def test_a_tree_from_another_game_is_not_reused() -> None:
    tree = MctsTree()
    board = Board(GameConfig(3, 3, 3))
    board.push_index(4)
    mcts_search(board, iterations=100, rng=random.Random(1), tree=tree)
    other = Board(GameConfig(3, 3, 3))
    other.push_index(0)
    assert tree.take(other) is None
