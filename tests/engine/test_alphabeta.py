"""Alpha-beta: minimax's value with fewer nodes, its flags, and its textbook counts."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tictactoe_qt.engine import WIN_SCORE
from tictactoe_qt.engine.game import Board, GameConfig, Move
from tictactoe_qt.engine.players import make_player
from tictactoe_qt.engine.search import alphabeta_search, minimax_search, search_order

from .prompt_stop import assert_stops_promptly_with_a_legal_move
from .sample_positions import immediate_wins, open_positions, reachable_open_positions

FLAGS = [
    {"ordering": False, "capped_window": False},
    {"ordering": False},
    {"ordering": "centre"},
    {"ordering": "centre", "capped_window": False},
    {"ordering": True},
    {"ordering": False, "capped_window": False, "transposition": True},
    {"ordering": True, "transposition": True},
    {"ordering": "centre", "symmetry": True},
    {"ordering": True, "transposition": True, "symmetry": True},
]


def test_default_alphabeta_solves_the_empty_board_in_few_nodes() -> None:
    result = alphabeta_search(Board())
    assert result.stats.nodes <= 7_300
    assert result.exact and result.result == "draw" and result.score == 0
    assert result.move == Move(1, 1)
    assert result.stats.cutoffs > 0


def test_each_improvement_visits_fewer_nodes() -> None:
    counts = [
        alphabeta_search(Board(), **flags).stats.nodes  # type: ignore[arg-type]
        for flags in (
            {"ordering": False, "capped_window": False},
            {"ordering": "centre", "capped_window": False},
            {"ordering": "centre"},
            {"ordering": "wins"},
            {"ordering": "wins", "transposition": True},
            {"ordering": "wins", "transposition": True, "symmetry": True},
        )
    ]
    assert counts == sorted(counts, reverse=True)
    assert len(set(counts)) == len(counts)
    assert counts[0] < minimax_search(Board()).stats.nodes


def test_the_table_reports_hits() -> None:
    plain = alphabeta_search(Board())
    with_table = alphabeta_search(Board(), transposition=True)
    assert plain.stats.tt_hits == 0
    assert with_table.stats.tt_hits > 0


@settings(max_examples=40, deadline=None)
@given(open_positions(GameConfig(), min_ply=0), st.sampled_from(FLAGS))
def test_alphabeta_gives_minimax_value(board: Board, flags: dict[str, object]) -> None:
    expected = minimax_search(board)
    result = alphabeta_search(board, **flags)  # type: ignore[arg-type]
    assert result.score == expected.score
    assert (result.result, result.plies) == (expected.result, expected.plies)
    # The chosen move is one of minimax's best moves.
    assert expected.move_scores[result.move] == expected.score  # type: ignore[index]


@settings(max_examples=40, deadline=None)
@given(open_positions(GameConfig(), min_ply=0), st.integers(1, 4), st.sampled_from(FLAGS))
def test_depth_limited_alphabeta_gives_minimax_value(board: Board, depth: int, flags: dict[str, object]) -> None:
    expected = minimax_search(board, depth=depth)
    result = alphabeta_search(board, depth, **flags)  # type: ignore[arg-type]
    assert result.score == expected.score
    assert result.exact == expected.exact


@settings(max_examples=20, deadline=None)
@given(
    st.sampled_from([GameConfig(3, 4, 3), GameConfig(4, 3, 3)]).flatmap(
        lambda config: open_positions(config, min_ply=2)
    ),
    st.integers(1, 3),
    st.sampled_from(FLAGS),
)
def test_alphabeta_gives_minimax_value_on_rectangles(board: Board, depth: int, flags: dict[str, object]) -> None:
    expected = minimax_search(board, depth=depth)
    assert alphabeta_search(board, depth, **flags).score == expected.score  # type: ignore[arg-type]


@pytest.mark.parametrize("flags", FLAGS, ids=str)
def test_alphabeta_never_skips_an_immediate_win(flags: dict[str, object]) -> None:
    skipped = []
    for board in reachable_open_positions():
        wins = immediate_wins(board)
        if wins and alphabeta_search(board, **flags).move not in wins:  # type: ignore[arg-type]
            skipped.append(board.notation())
    assert skipped == []


@pytest.mark.parametrize("flags", FLAGS, ids=str)
def test_principal_variation_plays_out_the_exact_result(flags: dict[str, object]) -> None:
    for notation in ["x../.../...", "x../.o./..x", "xo./.x./...", "o.x/.x./..."]:
        board = Board.from_notation(notation)
        result = alphabeta_search(board, **flags)  # type: ignore[arg-type]
        line = board.copy()
        for move in result.pv:
            line.push(move)
        assert line.is_game_over(), notation
        assert len(result.pv) == result.plies
        outcome = line.outcome()
        assert outcome is not None and outcome.result == result.result


def test_takes_the_fastest_win() -> None:
    # X wins at once on the top row; the diagonal win would take longer.
    result = alphabeta_search(Board.from_notation("xx./oo./..."))
    assert result.move == Move(0, 2)
    assert result.score == WIN_SCORE - 1


@pytest.mark.parametrize("notation", ["...|...|...", "x..|.o.|...", "xo.|.x.|..o"])
@pytest.mark.parametrize("capped", [False, True])
def test_capped_window_means_what_the_textbook_option_means(notation: str, capped: bool) -> None:
    ordering = "none"  # the engine's centre-first order (corners before edges) is its own
    from tictactoe_qt.engine.players import TextbookOptions
    from tictactoe_qt.engine.teaching import counted_search

    board = Board.from_notation(notation.replace("|", "/"))
    engine = alphabeta_search(board, ordering=ordering, capped_window=capped)
    options = TextbookOptions(ordering=ordering, scoring="distance", capped_window=capped)
    textbook = counted_search(board, "alphabeta", options)
    assert (engine.stats.nodes, engine.score) == (textbook.stats.nodes, textbook.score)


def test_wins_ordering_without_a_capped_window_is_refused() -> None:
    with pytest.raises(ValueError, match="needs capped_window"):
        alphabeta_search(Board(), ordering="wins", capped_window=False)


def test_unknown_ordering_is_rejected_with_its_name() -> None:
    with pytest.raises(ValueError, match="'sideways'"):
        alphabeta_search(Board(), ordering="sideways")


def test_a_depth_below_one_is_rejected() -> None:
    with pytest.raises(ValueError, match="got 0"):
        alphabeta_search(Board(), depth=0)


def test_should_stop_cancels_promptly_with_a_legal_move() -> None:
    assert_stops_promptly_with_a_legal_move(alphabeta_search, Board(GameConfig(5, 5, 4)))


def test_a_big_board_search_at_depth_two_uses_the_heuristic() -> None:
    result = alphabeta_search(Board(GameConfig(7, 7, 5)), depth=2)
    assert not result.exact
    assert result.move == Move(3, 3)
    assert result.stats.max_ply == 2


def test_the_board_is_not_changed() -> None:
    board = Board.from_notation("x../.o./...")
    before = (list(board.bits), list(board.history))
    alphabeta_search(board, transposition=True, symmetry=True)
    assert (board.bits, board.history) == before


def test_the_alphabeta_player_plays_the_search_move() -> None:
    board = Board.from_notation("x../.o./...")
    choice = make_player("alphabeta", seed=3).choose(board)
    assert choice.algorithm == "alphabeta"
    assert choice.move == alphabeta_search(board).move


# -- the trace for the game-tree explorer ------------------------------------

INFINITY = float("inf")


def textbook_pruned(board: Board, ordering: bool | str) -> tuple[set[tuple[Move, ...]], int]:
    """Paths of pruned children, and visited nodes, by an explicit MAX/MIN alpha-beta.

    Scores are from the root player's view; wins count plies from the root.
    With move ordering a winning move ends a node (no score can beat it), and
    a node whose best possible win is already beaten elsewhere is not searched.
    """
    order = list(range(board.config.cells)) if ordering is False else list(search_order(board.geometry))
    ordered = ordering is not False
    pruned: set[tuple[Move, ...]] = set()
    visited = 0
    work = board.copy()
    cols = board.config.cols

    def value(path: tuple[Move, ...], alpha: float, beta: float) -> float:
        nonlocal visited
        visited += 1
        d = len(path)
        if work.winner() is not None:
            return WIN_SCORE - d if d % 2 == 1 else -(WIN_SCORE - d)
        free = [cell for cell in order if work.mark_at(*divmod(cell, cols)) is None]
        if not free:
            return 0
        maximizing = d % 2 == 0
        moves = [Move(*divmod(cell, cols)) for cell in free]
        best_possible = WIN_SCORE - d - 1
        if ordering in (True, "wins"):
            for move in moves:
                work.push(move)
                won = work.winner() is not None
                work.pop()
                if won:
                    work.push(move)
                    value(path + (move,), alpha, beta)
                    work.pop()
                    pruned.update(path + (other,) for other in moves if other != move)
                    return best_possible if maximizing else -best_possible
        if ordered:
            if maximizing:
                beta = min(beta, best_possible)
            else:
                alpha = max(alpha, -best_possible)
            if alpha >= beta:
                pruned.update(path + (move,) for move in moves)
                return best_possible if maximizing else -best_possible
        best = -INFINITY if maximizing else INFINITY
        for position, move in enumerate(moves):
            work.push(move)
            score = value(path + (move,), alpha, beta)
            work.pop()
            if maximizing:
                best = max(best, score)
                alpha = max(alpha, best)
            else:
                best = min(best, score)
                beta = min(beta, best)
            if alpha >= beta:
                pruned.update(path + (rest,) for rest in moves[position + 1 :])
                break
        return best

    value((), -INFINITY, INFINITY)
    return pruned, visited


TEXTBOOK_POSITIONS = ["x../.../...", "x../.o./...", "xo./.x./...", "x.o/.x./o..", "xo./..x/.o.", "xxo/o../..."]


@pytest.mark.parametrize("ordering", [False, "centre", True], ids=str)
@pytest.mark.parametrize("notation", TEXTBOOK_POSITIONS)
def test_search_counts_match_a_textbook_alphabeta(notation: str, ordering: bool | str) -> None:
    """Without a table, the search visits the nodes and makes the cut-offs of the
    textbook alpha-beta above, in the same move order."""
    board = Board.from_notation(notation)
    pruned, visited = textbook_pruned(board, ordering)
    result = alphabeta_search(board, ordering=ordering, capped_window=ordering is not False)
    assert result.stats.nodes == visited
    assert result.stats.cutoffs == len({path[:-1] for path in pruned})
