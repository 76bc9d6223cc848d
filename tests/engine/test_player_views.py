"""Player views: the numbers each player chooses by, and the move it really plays."""

from __future__ import annotations

import pytest

from tictactoe_qt.engine.game import O_FIRST, Board, GameConfig, Move
from tictactoe_qt.engine.players import (
    MCTS_SEED,
    average_badge,
    make_player,
    minimax_badge,
    player_view,
    view_refusal,
    view_spec,
    view_title,
)
from tictactoe_qt.engine.search import depth_limited_values, minimax_search, search_order
from tictactoe_qt.engine.text import SideNames

POSITIONS_3X3 = [".../.../...", "x../.o./...", "xo./.x./..o", "x.o/.o./x..", "xx./oo./..."]


def board_on(config: GameConfig, cells: list[tuple[int, int]]) -> Board:
    board = Board(config)
    for cell in cells:
        board.push(cell)
    return board


POSITIONS_4X4 = [
    board_on(GameConfig(4, 4, 4), [(1, 1), (2, 2)]),
    board_on(GameConfig(4, 4, 3), [(1, 1), (0, 0), (1, 2)]),
]
#: 7x7, five in a row: MCTS's visit counts at a small iteration count.
POSITIONS_7X7 = [
    board_on(GameConfig(7, 7, 5), [(3, 3), (2, 3)]),
    board_on(GameConfig(7, 7, 5), [(3, 3), (2, 2), (3, 4), (4, 4)]),
]


def first_best(board: Board, values: dict[Move, float]) -> Move:
    """The first move with the top number, in the players' tie order (centre first)."""
    cols = board.config.cols
    ordered = [Move.from_index(cell, cols) for cell in search_order(board.geometry)]
    top = max(values.values())
    return next(move for move in ordered if values.get(move) == top)


@pytest.mark.parametrize("kind", ["average", "minimax"])
@pytest.mark.parametrize(
    "board", [Board.from_notation(n) for n in POSITIONS_3X3] + POSITIONS_4X4, ids=lambda b: b.notation()
)
def test_the_best_number_is_the_move_the_player_plays(board, kind) -> None:
    view = player_view(board, kind)
    played = make_player(view_spec(kind, board), seed=5).choose(board).move
    assert view.choice == played
    assert first_best(board, view.values) == played
    if len(view.values) > 1:  # a win on the spot is played without averaging
        assert set(view.values) == set(board.legal_moves())


@pytest.mark.parametrize("board", POSITIONS_7X7 + [Board.from_notation("x../.o./...")], ids=lambda b: b.notation())
def test_mcts_visit_counts_are_the_seeded_players_and_its_pick_is_the_most_visited(board) -> None:
    view = player_view(board, "mcts", seed=MCTS_SEED)
    spec = view_spec("mcts", board)
    result = make_player(spec, seed=MCTS_SEED).choose(board)
    assert view.values == {move: float(n) for move, n in result.visits.items()}
    assert sum(view.values.values()) == spec.iterations
    assert view.choice == result.move
    assert view.values[view.choice] == max(view.values.values())


def test_average_is_fooled_by_a_move_with_the_best_average_that_loses() -> None:
    # O to move: the centre has the best average (+1/6) but X then wins in 4 plies;
    # the corner (2, 2) holds the draw.
    board = Board.from_notation("x.o/.../.x.")
    average = player_view(board, "average")
    assert average.choice == Move(1, 1)
    assert average.values[Move(1, 1)] == pytest.approx(1 / 6)
    assert average.values[Move(2, 2)] < average.values[Move(1, 1)]
    after_centre = board.copy()
    after_centre.push((1, 1))
    assert minimax_search(after_centre).result == "x"
    assert minimax_search(board).move == Move(2, 2)


def test_average_takes_a_win_on_the_spot_without_averaging() -> None:
    board = Board.from_notation("xx./oo./...")
    view = player_view(board, "average")
    assert view.values == {Move(0, 2): 1.0} and view.choice == Move(0, 2)


def test_views_say_what_their_numbers_are() -> None:
    small, big = Board(), POSITIONS_7X7[0]

    def title(kind, board):
        return view_title(kind, view_spec(kind, board))

    assert title("average", small) == "Average player's averages (to the end)"
    assert title("average", big) == "Average player's averages (3 plies deep)"
    assert title("minimax", big) == "Minimax depth-3 scores"
    assert title("mcts", big) == "MCTS visit counts (1,000 iterations, seed 0)"
    with pytest.raises(ValueError, match="unknown player view 'perfect'"):
        view_spec("perfect", small)  # type: ignore[arg-type]


def test_badges_are_short_and_name_the_player() -> None:
    assert [average_badge(v) for v in (1 / 6, -0.08, 0.5, 1.0, -1.0, 0.0004)] == [
        "+.167",
        "-.08",
        "+.5",
        "+1",
        "-1",
        "0",
    ]
    o_first = SideNames(O_FIRST)
    win_in_3 = 1_000_000_000 - 3
    assert minimax_badge(win_in_3, "x") == "X3"
    assert minimax_badge(win_in_3, "x", o_first) == "O3"  # O moved first: the board's x is O
    assert minimax_badge(-win_in_3, "x", o_first) == "X3"
    assert minimax_badge(4, "o") == "+4"


@pytest.mark.parametrize(
    "board, depth",
    [
        (Board(), 1),
        (Board.from_notation("x../.o./..."), 2),
        (Board.from_notation("x../.o./..."), 3),
        (Board.from_notation("xo./.x./..o"), 4),
        (Board(), 9),
        (POSITIONS_4X4[0], 3),
        (POSITIONS_4X4[1], 4),
        (POSITIONS_7X7[0], 2),
    ],
    ids=str,
)
def test_depth_limited_values_are_plain_minimaxs_at_that_depth(board, depth) -> None:
    values = depth_limited_values(board, depth)
    reference = minimax_search(board, depth)
    assert values.depth == depth
    assert values.scores == reference.move_scores
    assert values.best == reference.move and values.pv[0] == reference.move


def test_depth_limited_values_keep_the_last_depth_every_move_finished() -> None:
    board = POSITIONS_7X7[0]
    calls = []

    def stop_after_a_while() -> bool:
        calls.append(1)
        return len(calls) > 40

    values = depth_limited_values(board, 6, should_stop=stop_after_a_while)
    assert values.asked == 6 and values.depth is not None and values.depth < 6
    assert values.scores == minimax_search(board, values.depth).move_scores


def test_depth_limited_values_reaching_every_end_are_exact() -> None:
    values = depth_limited_values(Board.from_notation("xox/oxo/..."), 5)
    assert values.exact and values.depth == 5


def test_views_too_slow_to_show_lower_averages_depth_and_refuse_minimax() -> None:
    nine = board_on(GameConfig(9, 9, 5), [(4, 4), (3, 4)])
    nineteen = board_on(GameConfig(19, 19, 5), [(9, 9), (8, 9)])
    assert view_spec("average", POSITIONS_7X7[0]).depth == 3
    assert view_spec("average", nine).depth == 2
    assert view_spec("average", nineteen).depth == 1
    assert view_refusal("minimax", POSITIONS_7X7[0]) is None
    assert view_refusal("mcts", nineteen) is None
    with pytest.raises(ValueError, match=r"Minimax depth 3 would score about 474,474 positions"):
        player_view(nine, "minimax")
