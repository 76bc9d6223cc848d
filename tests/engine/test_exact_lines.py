"""An exact analysis's best line, played out: a won position's line ends in the win.

The overlay numbers this line on the board ("Numbered circles: best line"), so a
line that stopped after one move under "X wins in 3 plies" told the student less
than it claimed. The positions are all 4x4 k=3 and 3x3 positions two or three plies
in, checked move by move: every move legal, the winner wins on the last one, and
the line is exactly as long as the plies the analysis names.
"""

from __future__ import annotations

import itertools

import pytest

from tictactoe_qt.engine.analysis import analyze_exactly
from tictactoe_qt.engine.game import Board, GameConfig


def positions(config: GameConfig, plies: int) -> list[Board]:
    boards = []
    for cells in itertools.permutations(range(config.rows * config.cols), plies):
        board = Board(config)
        for cell in cells:
            if board.is_game_over() or not board.empty >> cell & 1:
                break
            board.push_index(cell)
        else:
            boards.append(board)
    return boards


@pytest.mark.parametrize(
    "config, plies, step", [(GameConfig(3, 3, 3), 3, 1), (GameConfig(4, 4, 3), 2, 1), (GameConfig(4, 4, 3), 3, 37)]
)
def test_a_won_line_is_played_out_to_the_win(config, plies, step):
    checked = 0
    for board in positions(config, plies)[::step]:
        analysis = analyze_exactly(board)
        assert analysis.exact
        if analysis.result == "draw":
            continue
        winner = analysis.result
        work = board.copy()
        for move in analysis.pv:
            assert not work.is_game_over()
            assert work.empty >> move.index(config.cols) & 1, f"{move} is taken on {work.notation()}"
            work.push(move)
        assert work.status == f"{winner}_won", (board.notation(), analysis.pv)
        assert len(analysis.pv) == analysis.plies
        checked += 1
    assert checked > 10


def _assert_played_out(board: Board, result: str, plies: int, line) -> None:
    work = board.copy()
    for move in line:
        assert not work.is_game_over(), (board.notation(), line)
        assert work.empty >> move.index(board.config.cols) & 1, f"{move} is taken on {work.notation()}"
        work.push(move)
    assert work.status == f"{result}_won", (board.notation(), line)
    assert len(line) == plies, (board.notation(), line)


@pytest.mark.parametrize("how", ["search", "solve"])
@pytest.mark.parametrize(
    "config, plies, step", [(GameConfig(3, 3, 3), 2, 1), (GameConfig(3, 3, 3), 3, 1), (GameConfig(4, 4, 3), 2, 1)]
)
def test_the_searchers_own_won_line_ends_in_the_win(config, plies, step, how):
    """What `search --algorithm perfect` prints: 'X wins in 5 plies' came with a
    two-move line (the search stores no move where a threat ends a node)."""
    from tictactoe_qt.engine.search import PerfectSearcher

    checked = 0
    for board in positions(config, plies)[::step]:
        searcher = PerfectSearcher(config)
        if how == "search":
            answer = searcher.search(board, 5.0, None, lambda: False)
        else:
            answer = searcher.solve(board)
        assert answer.exact
        if answer.result == "draw":
            continue
        _assert_played_out(board, answer.result, answer.plies, answer.pv)
        checked += 1
    assert checked > 10
