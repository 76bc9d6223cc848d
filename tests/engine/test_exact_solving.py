"""Exact answers of the ``perfect`` search, as the straight-to-the-end schedule gives them.

An independent slow solver written here (its own winning lines, plain
alpha-beta on win/draw/loss with a memo of bounds) checks every 4x4 k=4
position reachable in three plies and the move the solve picks there; the solve agrees with the old one-ply-at-a-
time deepening on random positions; the known draws of 5x4 and 5x5 k=4 hold.
"""

from __future__ import annotations

import random
from itertools import product

import pytest

from tictactoe_qt.engine.game import Board, GameConfig
from tictactoe_qt.engine.search import SOLVED_DEPTH, NegamaxRun, PerfectSearcher

K4 = GameConfig(4, 4, 4)


def winning_lines(rows: int, cols: int, k: int) -> list[int]:
    """Every k-in-a-row as a bit mask (cell = row * cols + col)."""
    masks = []
    for r, c in product(range(rows), range(cols)):
        for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
            end_r, end_c = r + dr * (k - 1), c + dc * (k - 1)
            if 0 <= end_r < rows and 0 <= end_c < cols:
                masks.append(sum(1 << (r + dr * i) * cols + c + dc * i for i in range(k)))
    return masks


class SlowSolver:
    """Win (1), draw (0) or loss (-1) for the side to move, by memoised alpha-beta.

    Only to be quicker, it reads the lines first: a line the mover can complete wins,
    two different cells that complete the opponent's lines lose, and one such cell
    must be taken; other moves are tried on the cells with the most lines first.
    """

    def __init__(self, rows: int, cols: int, k: int) -> None:
        self.cells = rows * cols
        self.k = k
        self.lines = winning_lines(rows, cols, k)
        self.full = (1 << self.cells) - 1
        self.memo: dict[tuple[int, int], tuple[int, int]] = {}  # -> (lower, upper)
        lines_through = [sum(line >> cell & 1 for line in self.lines) for cell in range(self.cells)]
        self.order = sorted(range(self.cells), key=lambda cell: -lines_through[cell])

    def value(self, me: int, opp: int, alpha: int = -1, beta: int = 1) -> int:
        lower, upper = self.memo.get((me, opp), (-1, 1))
        if lower >= beta or lower == upper:
            return lower
        if upper <= alpha:
            return upper
        empty = self.full & ~(me | opp)
        if not empty:
            return 0
        threats = 0  # the cells that complete an opponent's line
        for line in self.lines:  # k cells each: k - 1 of one side and none of the other
            if not line & opp and (line & me).bit_count() == self.k - 1:
                self.memo[(me, opp)] = (1, 1)
                return 1
            if not line & me and (line & opp).bit_count() == self.k - 1:
                threats |= line & empty
        if threats & (threats - 1):
            self.memo[(me, opp)] = (-1, -1)
            return -1
        free = [threats.bit_length() - 1] if threats else [cell for cell in self.order if empty >> cell & 1]
        best, start_alpha = -1, alpha
        for cell in free:
            best = max(best, -self.value(opp, me | 1 << cell, -beta, -alpha))
            alpha = max(alpha, best)
            if alpha >= beta:
                break
        if best <= start_alpha:
            self.memo[(me, opp)] = (lower, min(upper, best))
        elif best >= beta:
            self.memo[(me, opp)] = (max(lower, best), upper)
        else:
            self.memo[(me, opp)] = (best, best)
        return best

    def outcome(self, board: Board) -> str:
        """``"x"``, ``"o"`` or ``"draw"`` with best play."""
        side = board.side
        me, opp = board.bits[side], board.bits[side ^ 1]
        value = self.value(me, opp)
        if value == 0:
            return "draw"
        return "xo"[side] if value > 0 else "xo"[side ^ 1]


def square_symmetries(size: int) -> list[list[int]]:
    """The 8 symmetries of a square board as cell permutations."""

    def turn(r: int, c: int) -> tuple[int, int]:
        return c, size - 1 - r

    perms = []
    for mirrored in (False, True):
        for turns in range(4):
            perm = []
            for cell in range(size * size):
                r, c = divmod(cell, size)
                if mirrored:
                    c = size - 1 - c
                for _ in range(turns):
                    r, c = turn(r, c)
                perm.append(r * size + c)
            perms.append(perm)
    return perms


def positions_within(config: GameConfig, plies: int) -> list[Board]:
    """Every position (not over) reachable from the empty board in at most ``plies`` plies,
    one per class of symmetric positions (a square board's eight symmetries)."""
    perms = square_symmetries(config.rows)
    seen: set[tuple[int, int]] = set()
    found: list[Board] = []
    frontier = [Board(config)]
    for _ in range(plies + 1):
        following = []
        for board in frontier:
            x_bits, o_bits = board.bits
            key = min(
                (
                    sum(1 << p[c] for c in range(len(p)) if x_bits >> c & 1),
                    sum(1 << p[c] for c in range(len(p)) if o_bits >> c & 1),
                )
                for p in perms
            )
            if key in seen or board.is_game_over():
                continue
            seen.add(key)
            found.append(board)
            for cell in board.legal_indices():
                child = board.copy()
                child.push_index(cell)
                following.append(child)
        frontier = following
    return found


def test_the_slow_solver_knows_small_facts() -> None:
    assert SlowSolver(3, 3, 3).outcome(Board(GameConfig(3, 3, 3))) == "draw"
    assert SlowSolver(3, 4, 3).outcome(Board(GameConfig(3, 4, 3))) == "x"
    assert len(winning_lines(4, 4, 4)) == 10


@pytest.mark.slow
def test_every_4x4_k4_position_within_three_plies_agrees_with_the_slow_solver() -> None:
    # X to move (plies 0 and 2) and O to move (1 and 3), each solved to the end, and the
    # move chosen checked one ply deeper; the fourth ply would add 1,413 classes of the
    # same drawn openings at twice this test's cost again.
    slow = SlowSolver(4, 4, 4)
    searcher = PerfectSearcher(K4)
    positions = positions_within(K4, 3)
    # One per class of symmetric positions; the classes cover all 1,937 positions.
    perms = square_symmetries(4)
    covered = sum(
        len(
            {
                (
                    sum(1 << p[c] for c in range(16) if board.bits[0] >> c & 1),
                    sum(1 << p[c] for c in range(16) if board.bits[1] >> c & 1),
                )
                for p in perms
            }
        )
        for board in positions
    )
    assert covered == 1 + 16 + 16 * 15 + 16 * 15 * 14 // 2
    for board in positions:
        result = searcher.solve(board)
        assert result.exact, board.notation()
        assert result.result == slow.outcome(board), board.notation()
        board.push(result.move)  # the best move keeps the value
        if not board.is_game_over():
            assert slow.outcome(board) == result.result, board.notation()


def _random_position(config: GameConfig, rng: random.Random, stones: int) -> Board:
    board = Board(config)
    while board.ply < stones:
        board.push_index(rng.choice(board.legal_indices()))
        if board.is_game_over():
            board.pop()
            break
    return board


@pytest.mark.parametrize("shape", [(4, 4, 4), (5, 4, 4), (4, 5, 3), (5, 5, 4)])
def test_the_solve_agrees_with_one_ply_at_a_time_deepening(shape: tuple[int, int, int]) -> None:
    config = GameConfig(*shape)
    rng = random.Random(sum(shape))
    stones = config.rows * config.cols - 12
    for _ in range(8):
        board = _random_position(config, rng, stones)
        if board.is_game_over():
            continue
        solved = PerfectSearcher(config).solve(board)
        empties = config.rows * config.cols - board.ply
        deepened = PerfectSearcher(config, near_stones=False).search(board, 60.0, empties)
        assert solved.exact and deepened.exact, board.notation()
        assert (solved.score, solved.result, solved.plies) == (deepened.score, deepened.result, deepened.plies), (
            board.notation()
        )


@pytest.mark.slow
@pytest.mark.parametrize("rows, cols", [(5, 4), (4, 5), (5, 5)])
def test_k4_on_5x4_and_5x5_is_a_draw(rows: int, cols: int) -> None:
    result = PerfectSearcher(GameConfig(rows, cols, 4)).solve(Board(GameConfig(rows, cols, 4)))
    assert (result.exact, result.result, result.score) == (True, "draw", 0)


def _full_window_score(board: Board) -> int:
    """The old way to the end: one full-window search of every cell, no time limit."""
    searcher = PerfectSearcher(board.config, near_stones=False)
    x_bits, o_bits = board.bits
    run = NegamaxRun(
        searcher.tables,
        searcher.keys,
        searcher.table,
        x_bits,
        o_bits,
        neighbourhood=None,
        root_cells=searcher.geometry.full,
        deadline=float("inf"),
        should_stop=lambda: False,
    )
    score, _, complete = run.search(SOLVED_DEPTH - 1)
    assert complete
    return score


@pytest.mark.parametrize(
    "shape, stones", [((4, 4, 3), 1), ((4, 4, 3), 2), ((5, 4, 3), 2), ((4, 5, 4), 4), ((5, 5, 4), 8)]
)
def test_the_fastest_win_matches_a_full_window_search(shape: tuple[int, int, int], stones: int) -> None:
    """Wins are narrowed to their fastest form by shallow null windows: the distance
    must be the one a full-window search to the end finds, and the move must win so."""
    config = GameConfig(*shape)
    rng = random.Random(sum(shape) + stones)
    wins = 0
    for _ in range(6):
        board = _random_position(config, rng, stones)
        if board.is_game_over():
            continue
        solved = PerfectSearcher(config).solve(board)
        assert solved.exact and solved.score == _full_window_score(board), board.notation()
        if solved.result != "draw":
            wins += 1
            after = board.copy()
            after.push(solved.move)
            if not after.is_game_over():
                reply = PerfectSearcher(config).solve(after)
                assert reply.plies == solved.plies - 1, board.notation()
    assert shape[2] == 4 or wins  # the k=3 boards do give wins to narrow
