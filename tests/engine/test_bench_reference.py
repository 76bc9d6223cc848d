"""The bench's competent reference: textbook max-value/min-value alpha-beta, reading order."""

from __future__ import annotations

from tictactoe_qt.engine.bench import competent_best_move, reachable_positions
from tictactoe_qt.engine.game import GameConfig
from tictactoe_qt.engine.search import PerfectSearcher


def test_it_visits_18297_nodes_from_the_empty_board_as_openspiel_does() -> None:
    assert competent_best_move(0, 0) == (0, 18_297)


def test_its_move_keeps_the_value_of_every_open_3x3_position() -> None:
    config = GameConfig(3, 3, 3)
    searcher = PerfectSearcher(config)
    for board in reachable_positions(config):
        if board.is_game_over():
            continue
        cell, nodes = competent_best_move(*board.bits)
        assert nodes >= 2 and board.occupied >> cell & 1 == 0
        value = searcher.search(board).result
        after = board.copy()
        after.push_index(cell)
        kept = after.outcome().result if after.is_game_over() else searcher.search(after).result
        assert kept == value, board.notation()


def test_the_first_reference_restarts_the_window_at_each_root_move() -> None:
    from tictactoe_qt.engine.bench import reference
    from tictactoe_qt.engine.game import Board

    _, restarted_nodes = reference.restart_best_move(Board())
    assert restarted_nodes == 30_710 != competent_best_move(0, 0)[1]
    assert reference.restart_best_move(Board(), pruning=False)[1] == 549_946
    assert reference.RESTART_NAME == "alpha-beta, window restarted at each root move"
