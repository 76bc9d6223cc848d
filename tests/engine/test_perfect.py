"""The ``perfect`` searcher against a tiny exhaustive solver, and its player."""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tictactoe_qt.engine import WIN_SCORE, exact_fields
from tictactoe_qt.engine.game import Board, GameConfig
from tictactoe_qt.engine.players import make_player
from tictactoe_qt.engine.search import PerfectPlayer, PerfectSearcher, solve_every_position
from tictactoe_qt.engine.teaching import SolveCancelled

TTT = GameConfig(3, 3, 3)


def exhaustive_solver(config: GameConfig) -> Callable[[int, int], int]:
    """``value(me, opp)``: the exact score for the side owning ``me``, to move."""
    geometry = Board(config).geometry

    @cache
    def value(me: int, opp: int) -> int:
        empty = geometry.full & ~(me | opp)
        if not empty:
            return 0
        best = -2 * WIN_SCORE
        for cell in range(geometry.cells):
            if not empty >> cell & 1:
                continue
            mine = me | 1 << cell
            if geometry.wins_with(mine, cell):
                return WIN_SCORE - 1
            score = -value(opp, mine)
            score += -1 if score > 0 else 1 if score < 0 else 0
            best = max(best, score)
        return best

    return value


SOLVERS = {
    config: exhaustive_solver(config) for config in (TTT, GameConfig(4, 4, 4), GameConfig(3, 4, 3), GameConfig(3, 4, 4))
}


def solved(board: Board) -> int:
    me, opp = board.bits[board.side], board.bits[board.side ^ 1]
    return SOLVERS[board.config](me, opp)


def move_value(board: Board, cell: int) -> int:
    """The exact score of playing ``cell`` for the side to move."""
    me, opp = board.bits[board.side], board.bits[board.side ^ 1]
    mine = me | 1 << cell
    if board.geometry.wins_with(mine, cell):
        return WIN_SCORE - 1
    score = -SOLVERS[board.config](opp, mine)
    return score - 1 if score > 0 else score + 1 if score < 0 else 0


def random_position(config: GameConfig, seed: int, stones: int) -> Board:
    rng = random.Random(seed)
    board = Board(config)
    while board.ply < stones:
        board.push_index(rng.choice(board.legal_indices()))
        if board.is_game_over():
            board.pop()
            if all(_wins(board, cell) for cell in board.legal_indices()):
                break
    return board


def _wins(board: Board, cell: int) -> bool:
    return board.geometry.wins_with(board.bits[board.side] | 1 << cell, cell)


def test_empty_3x3_is_an_exact_draw_that_fills_the_board() -> None:
    result = PerfectSearcher(TTT).search(Board(TTT))
    assert (result.exact, result.result, result.plies, result.score) == (True, "draw", 9, 0)
    assert result.stats.nodes <= 250
    assert result.pv[0] == result.move


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9), stones=st.integers(0, 8))
def test_3x3_value_and_move_equal_the_exhaustive_solver(seed: int, stones: int) -> None:
    board = random_position(TTT, seed, stones)
    if board.is_game_over():
        return
    result = PerfectSearcher(TTT).search(board)
    assert result.exact
    assert result.score == solved(board)
    assert move_value(board, result.move.index(3)) == solved(board)
    assert (result.result, result.plies) == exact_fields(board, solved(board))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9), stones=st.integers(7, 14))
def test_4x4_value_and_move_equal_the_exhaustive_solver(seed: int, stones: int) -> None:
    config = GameConfig(4, 4, 4)
    board = random_position(config, seed, stones)
    if board.is_game_over():
        return
    result = PerfectSearcher(config).search(board, time_budget=30)
    assert result.exact
    assert result.score == solved(board)
    assert move_value(board, result.move.index(4)) == solved(board)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9), stones=st.integers(0, 11))
def test_rectangular_board_values_equal_the_exhaustive_solver(seed: int, stones: int) -> None:
    config = GameConfig(3, 4, 3)
    board = random_position(config, seed, stones)
    if board.is_game_over():
        return
    result = PerfectSearcher(config).search(board, time_budget=30)
    assert result.exact and result.score == solved(board)
    assert move_value(board, result.move.index(4)) == solved(board)


@pytest.mark.parametrize(("notation", "k"), [(".xo./oxoo/xxx.", 4), (".xox/xxoo/.ox.", 3)])
def test_a_drawn_root_where_some_moves_lose_gets_a_drawing_move(notation: str, k: int) -> None:
    # Neither side can force a win here, but only because the side to move can still
    # block: the search has to find a block, not just any empty cell.
    board = Board.from_notation(notation, k=k)
    result = PerfectSearcher(board.config).search(board)
    cell = result.move.index(board.config.cols)
    assert (result.exact, result.result, result.score) == (True, "draw", 0)
    assert move_value(board, cell) == 0
    legal_values = {move_value(board, c) for c in board.legal_indices()}
    assert min(legal_values) < 0  # a careless move would lose


def test_every_reachable_3x3_position_gets_its_exact_value_and_best_move() -> None:
    searcher = PerfectSearcher(TTT)
    seen: set[tuple[int, int]] = set()
    board = Board(TTT)

    def visit() -> None:
        key = (board.bits[0], board.bits[1])
        if key in seen or board.is_game_over():
            return
        seen.add(key)
        result = searcher.search(board)
        assert result.exact and result.score == solved(board), board.notation()
        assert move_value(board, result.move.index(3)) == solved(board), board.notation()
        for cell in board.legal_indices():
            board.push_index(cell)
            visit()
            board.pop()

    visit()
    assert len(seen) == 4520


@pytest.mark.parametrize("perfect_side", [0, 1])
def test_perfect_never_loses_on_3x3_against_any_replies(perfect_side: int) -> None:
    searcher = PerfectSearcher(TTT)
    board = Board(TTT)
    finished = {"x": 0, "o": 0, "draw": 0}

    def play() -> None:
        outcome = board.outcome()
        if outcome is not None:
            finished[outcome.result] += 1
            return
        if board.side == perfect_side:
            result = searcher.search(board)
            board.push(result.move)
            play()
            board.pop()
            return
        for cell in board.legal_indices():
            board.push_index(cell)
            play()
            board.pop()

    play()
    loser_mark = "o" if perfect_side == 0 else "x"
    assert finished[loser_mark] == 0
    assert finished["x" if perfect_side == 0 else "o"] > 0


def test_winner_hurries_and_loser_delays() -> None:
    # X wins at once in the corner, though slower wins exist too.
    hurry = PerfectSearcher(TTT).search(Board.from_notation("xoo/x../..."))
    assert ((hurry.move.row, hurry.move.col), hurry.result, hurry.plies) == ((2, 0), "x", 1)
    # O is lost; blocking the column puts the loss off from 2 plies to 4.
    delay = PerfectSearcher(TTT).search(Board.from_notation("xo./x../..."))
    assert ((delay.move.row, delay.move.col), delay.result, delay.plies) == ((2, 0), "x", 4)


def test_table_survives_between_moves_and_new_game_clears_it() -> None:
    player = make_player("perfect:time=0.5", seed=1)
    assert isinstance(player, PerfectPlayer)
    board = Board(TTT)
    first = player.choose(board)
    again = player.choose(board)
    assert again.move == first.move
    assert again.stats.nodes < first.stats.nodes
    searcher = player.searcher
    assert searcher is not None and len(searcher.table) > 0
    player.new_game()
    assert len(searcher.table) == 0


def test_choose_does_not_change_the_board() -> None:
    board = Board.from_notation("x../.o./...")
    before = (list(board.bits), list(board.history))
    make_player("perfect").choose(board)
    assert (board.bits, board.history) == before


def test_depth_limit_is_respected_and_not_exact_on_a_big_board() -> None:
    config = GameConfig(9, 9, 5)
    board = Board(config)
    for move in [(4, 4), (4, 5), (3, 3)]:
        board.push(move)
    result = PerfectSearcher(config).search(board, time_budget=5, max_depth=2)
    assert result.stats.depth == 2 and not result.exact
    assert board.is_legal(result.move)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda s: s.search(Board.from_notation("xxx/oo./...")), "over"),
        (lambda s: s.search(Board(GameConfig(4, 4, 4))), "4x4"),
        (lambda s: s.search(Board(TTT), time_budget=0), "time_budget"),
        (lambda s: s.search(Board(TTT), time_budget=61), "time_budget"),
        (lambda s: s.search(Board(TTT), max_depth=0), "max_depth"),
    ],
)
def test_bad_calls_raise_clear_errors(call: Callable[[PerfectSearcher], object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call(PerfectSearcher(TTT))


def _play_match(games: int) -> dict[str, int]:
    """Seeded games on 7x7 k=5: a random first stone for each side near the centre,
    then ``perfect`` (alternating X and O) against ``alphabeta:depth=2``."""
    config = GameConfig(7, 7, 5)
    tally = {"perfect": 0, "alphabeta": 0, "draw": 0}
    for game in range(games):
        searcher = PerfectSearcher(config)
        opponent = make_player("alphabeta:depth=2", seed=game)
        board = Board(config)
        opening = [(r, c) for r in range(2, 5) for c in range(2, 5)]
        random.Random(game).shuffle(opening)
        board.push(opening[0])
        board.push(opening[1])
        perfect_side = game % 2
        while not board.is_game_over():
            if board.side == perfect_side:
                # A small budget keeps the test fast; the depth cap (reached well within
                # it) keeps the games reproducible whatever the machine's load.
                move = searcher.search(board, time_budget=0.1, max_depth=3).move
            else:
                move = opponent.choose(board).move
            assert move is not None
            board.push(move)
        winner = board.winner()
        if winner is None:
            tally["draw"] += 1
        elif (winner == "x") == (perfect_side == 0):
            tally["perfect"] += 1
        else:
            tally["alphabeta"] += 1
    return tally


@pytest.mark.slow
def test_perfect_beats_alphabeta_depth_2_on_7x7_k5() -> None:
    tally = _play_match(20)
    assert tally["alphabeta"] == 0, tally
    assert tally["perfect"] >= 12, tally


def test_solving_every_3x3_position_at_once_matches_the_exhaustive_solver() -> None:
    solutions = solve_every_position(TTT)
    assert len(solutions) == 4520
    for (x_bits, o_bits), (score, cell) in solutions.items():
        board = Board(TTT)
        board.bits = [x_bits, o_bits]
        board.history = [0] * (x_bits | o_bits).bit_count()
        assert score == solved(board)
        assert move_value(board, cell) == score


def test_a_booked_searcher_answers_from_the_book() -> None:
    searcher = PerfectSearcher(TTT)
    assert searcher.solve_all() == 4520
    board = Board.from_notation("xo./x../...")
    result = searcher.search(board)
    assert result.stats.nodes == 1
    assert ((result.move.row, result.move.col), result.result, result.plies) == ((2, 0), "x", 4)


def test_solving_everything_refuses_big_boards_and_can_be_cancelled() -> None:
    with pytest.raises(ValueError, match="at most"):
        solve_every_position(GameConfig(4, 4, 4))
    with pytest.raises(SolveCancelled):
        solve_every_position(TTT, should_stop=lambda: True)


def test_a_long_budget_solves_a_5x5_position_a_short_one_only_estimates() -> None:
    config = GameConfig(5, 5, 4)
    # X wins in 7 plies; proving it takes about 40,000 nodes, some 15 times what the
    # shortest budget allows.
    board = Board.from_notation("o...x/..xo./...../.x..x/..o.o", k=4)
    assert not PerfectSearcher(config).search(board, time_budget=0.05).exact
    searcher = PerfectSearcher(config)
    solved_result = searcher.search(board, time_budget=20)
    assert solved_result.exact and solved_result.result == "x"
    # Consistent one ply on: after the best move O is lost one ply sooner.
    board.push(solved_result.move)
    reply = searcher.search(board, time_budget=20)
    assert reply.exact and (reply.result, reply.plies) == ("x", solved_result.plies - 1)
