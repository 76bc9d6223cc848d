"""``analyze``: the ``analyze --json`` object and its values."""

from __future__ import annotations

import json
from functools import cache

import pytest

from tictactoe_qt.engine.analysis import analyze
from tictactoe_qt.engine.game import Board, GameConfig, Move
from tictactoe_qt.engine.search import PerfectSearcher

from .time_bounds import HANG_SECONDS, spent

KEYS = {"board", "to_move", "status", "result", "plies", "best", "moves", "exact"}


@cache
def outcome(x_bits: int, o_bits: int, rows: int, cols: int, k: int) -> tuple[str, int]:
    """Exhaustive ``(result, plies)`` of a position with best play (winner hurries)."""
    board = Board(GameConfig(rows, cols, k))
    board.bits = [x_bits, o_bits]
    board.history = [0] * (x_bits | o_bits).bit_count()
    mover = board.turn
    best: tuple[int, int] | None = None  # (preference, plies)
    for cell in board.legal_indices():
        mine = board.bits[board.side] | 1 << cell
        if board.geometry.wins_with(mine, cell):
            return mover, 1
        bits = [mine, o_bits] if board.side == 0 else [x_bits, mine]
        if (bits[0] | bits[1]) == board.geometry.full:
            result, plies = "draw", 0
        else:
            result, plies = outcome(bits[0], bits[1], rows, cols, k)
        rank = (2, -plies) if result == mover else (1, 0) if result == "draw" else (0, plies)
        if best is None or rank > best[0]:
            best = (rank, (result, plies + 1))
    assert best is not None
    return best[1]


def exact_move_outcome(board: Board, move: Move) -> tuple[str, int]:
    child = board.copy()
    child.push(move)
    if child.outcome() is not None:
        return child.outcome().result, 1
    result, plies = outcome(child.bits[0], child.bits[1], *_shape(child))
    return result, plies + 1


def _shape(board: Board) -> tuple[int, int, int]:
    return board.config.rows, board.config.cols, board.config.k


def test_empty_3x3_is_a_draw_in_nine_with_every_move_a_draw() -> None:
    data = analyze(Board()).as_dict()
    assert set(data) == KEYS
    assert data["board"] == ".../.../..."
    assert (data["to_move"], data["status"], data["result"], data["plies"], data["exact"]) == (
        "x",
        "ongoing",
        "draw",
        9,
        True,
    )
    assert data["best"] in [[r, c] for r in range(3) for c in range(3)]
    assert [move["cell"] for move in data["moves"]] == [[r, c] for r in range(3) for c in range(3)]
    for move in data["moves"]:
        assert move == {"cell": move["cell"], "result": "draw", "plies": 9}
    json.dumps(data)


def test_win_in_one_position() -> None:
    board = Board.from_notation("xx./oo./...")
    data = analyze(board).as_dict()
    assert (data["result"], data["plies"], data["best"]) == ("x", 1, [0, 2])
    by_cell = {tuple(move["cell"]): (move["result"], move["plies"]) for move in data["moves"]}
    assert by_cell == {(0, 2): ("x", 1), (1, 2): ("draw", 5), (2, 0): ("o", 2), (2, 1): ("o", 2), (2, 2): ("o", 2)}
    assert [value.label for value in analyze(board).moves] == ["X1", "D", "O2", "O2", "O2"]


@pytest.mark.parametrize("notation", ["x../.o./...", "xo./.x./...", "x.o/.x./o..", "xo./x../...", "oxx/.o./x.."])
def test_every_move_value_matches_an_exhaustive_solve(notation: str) -> None:
    board = Board.from_notation(notation)
    analysis = analyze(board)
    assert analysis.exact
    assert (analysis.result, analysis.plies) == outcome(*board.bits, 3, 3, 3)
    for value in analysis.moves:
        assert value.exact
        assert (value.result, value.plies) == exact_move_outcome(board, value.move)
    best = analysis.value_of(analysis.best)
    assert best is not None and (best.result, best.plies) == (analysis.result, analysis.plies)


def test_4x4_positions_are_solved_with_all_their_moves() -> None:
    # Ten empty cells, and moves that win at once, lose in two or draw in ten: each
    # move's value and distance is held to the exhaustive search.
    board = Board.from_notation("...x/.ox./.xo./...o", k=4)
    analysis = analyze(board, time_budget=10)
    assert analysis.exact
    for value in analysis.moves:
        assert value.exact
        assert (value.result, value.plies) == exact_move_outcome(board, value.move)
    assert {value.result for value in analysis.moves} == {"x", "o", "draw"}


@pytest.mark.parametrize(
    ("notation", "status", "result"),
    [("xxx/oo./...", "x_won", "x"), ("xox/xoo/oxx", "draw", "draw"), ("oxx/ox./o..", "o_won", "o")],
)
def test_finished_games(notation: str, status: str, result: str) -> None:
    data = analyze(Board.from_notation(notation)).as_dict()
    assert data == {
        "board": notation,
        "to_move": None,
        "status": status,
        "result": result,
        "plies": 0,
        "best": None,
        "moves": [],
        "exact": True,
    }


def test_an_unsolvable_big_board_answers_quickly_and_not_exact() -> None:
    board = Board(GameConfig(15, 15, 5))
    for move in [(7, 7), (7, 8), (8, 8), (6, 6)]:
        board.push(move)
    with spent() as took:
        data = analyze(board, time_budget=0.3).as_dict()
    assert took.cpu < 0.3 + 0.2 and took.wall < 0.3 + HANG_SECONDS
    assert data["exact"] is False and (data["result"], data["plies"]) == (None, None)
    assert isinstance(data["score"], (int, float)) and data["best"] is not None
    assert len(data["moves"]) == 225 - 4
    for move in data["moves"]:
        assert set(move) == {"cell", "result", "plies", "score", "depth"}
        assert move["result"] is None and move["plies"] is None
        # One comparable search: every valued move at the analysis's one depth.
        assert move["depth"] == (None if move["score"] is None else data["depth"])


def test_solved_moves_stay_exact_on_a_big_board() -> None:
    board = Board(GameConfig(9, 9, 5))
    for move in [(4, 1), (0, 0), (4, 2), (0, 8), (4, 3), (8, 0), (4, 4), (8, 8)]:
        board.push(move)
    analysis = analyze(board, time_budget=0.3)
    assert (analysis.result, analysis.plies, analysis.exact) == ("x", 1, True)
    wins = {(v.move.row, v.move.col) for v in analysis.moves if v.exact and v.plies == 1}
    assert wins == {(4, 0), (4, 5)}


def test_the_board_is_not_changed_and_a_searcher_can_be_reused() -> None:
    board = Board.from_notation("x../.o./...")
    before = (list(board.bits), list(board.history))
    searcher = PerfectSearcher(board.config)
    first = analyze(board, searcher=searcher)
    second = analyze(board, searcher=searcher)
    assert (board.bits, board.history) == before
    # Equally good best moves may differ; the values may not.
    assert {**first.as_dict(), "best": None} == {**second.as_dict(), "best": None}
    for analysis in (first, second):
        best = analysis.value_of(analysis.best)
        assert best is not None and (best.result, best.plies) == (analysis.result, analysis.plies)


@pytest.mark.parametrize("budget", [0, -1, 61])
def test_a_bad_budget_raises(budget: float) -> None:
    with pytest.raises(ValueError, match="time_budget"):
        analyze(Board(), time_budget=budget)


def test_a_searcher_for_another_board_is_refused() -> None:
    with pytest.raises(ValueError, match="4x4"):
        analyze(Board(), searcher=PerfectSearcher(GameConfig(4, 4, 4)))


def test_a_solved_position_keeps_heuristic_move_scores_within_its_value() -> None:
    """The best move carries the top score also when some moves stay unsolved."""
    board = Board(GameConfig(9, 9, 5))
    for move in [(4, 1), (0, 0), (4, 2), (0, 8), (4, 3), (8, 0), (4, 4), (8, 8)]:
        board.push(move)
    analysis = analyze(board, time_budget=0.3)
    best = analysis.value_of(analysis.best)
    assert best is not None and best.score == analysis.score
    assert all(v.score is None or v.score <= best.score for v in analysis.moves)
    depths = {v.depth for v in analysis.moves if not v.exact and v.score is not None}
    assert depths <= {analysis.depth}


def test_moves_far_from_the_stones_are_unknown_on_a_big_board() -> None:
    board = Board(GameConfig(15, 15, 5))
    board.push((7, 7))
    analysis = analyze(board, time_budget=0.3)
    far = analysis.value_of(Move(0, 0))
    assert far is not None and far.score is None and far.label == "?"
    assert far.as_dict() == {"cell": [0, 0], "result": None, "plies": None, "score": None, "depth": None}
    near = analysis.value_of(analysis.best)
    assert near is not None and near.score == analysis.score
    assert abs(analysis.best.row - 7) <= 2 and abs(analysis.best.col - 7) <= 2


def test_the_smallest_budget_still_values_every_move_near_the_stones() -> None:
    """The first depth always finishes: a best move with a score, never an empty answer."""
    board = Board(GameConfig(19, 19, 5))
    board.push((9, 9))
    board.push((8, 8))
    analysis = analyze(board, time_budget=0.05)
    assert analysis.best is not None and analysis.depth is not None and analysis.depth >= 1
    near = [v for v in analysis.moves if max(abs(v.move.row - 8.5), abs(v.move.col - 8.5)) <= 2]
    assert near and all(v.score is not None and v.depth == analysis.depth for v in near)
    best = analysis.value_of(analysis.best)
    assert best is not None and best.score == analysis.score == max(
        v.score for v in analysis.moves if v.score is not None
    )
