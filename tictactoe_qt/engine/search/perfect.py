"""The ``perfect`` player: exact on small boards, strong within a time budget on big ones.

:class:`PerfectSearcher` runs iterative deepening over :mod:`.negamax` under a
per-move time budget and a cancel callback. A search that finishes without
touching a horizon is exact, and its answer goes into a per-searcher book of
solved positions, so replaying a known position is one dict lookup.
"""

from __future__ import annotations

import random
import time

from ..board import Board, Move
from ..config import GameConfig
from ..geometry import geometry_for
from ..pattern_eval import pattern_tables_for
from ..player_spec import MAX_TIME, PlayerSpec
from ..players import PLAYER_FACTORIES
from ..search_result import (
    WIN_SCORE,
    SearchResult,
    SearchStats,
    ShouldStop,
    exact_fields,
    never_stop,
)
from .negamax import NegamaxRun, SearchAborted
from .solve_all import solve_every_position
from .transposition import DEFAULT_TABLE_ENTRIES, SymmetryKeys, TranspositionTable, symmetry_keys_for

#: Boards with more cells than this only search cells near the stones (Chebyshev distance 1).
NEAR_STONES_MIN_CELLS = 26
#: Positions with at most this many empty cells start at full depth (no deepening).
FULL_DEPTH_EMPTIES = 16
#: Solved positions remembered per searcher (a small dict; cleared when full).
BOOK_ENTRIES = 200_000
#: Time kept back from the budget for building the answer.
_SAFETY_SECONDS = 0.004


class PerfectSearcher:
    """Iterative-deepening negamax with a transposition table that lives across calls.

    Args:
        config: the board shape this searcher works on.
        table_entries: the transposition table's size cap (entries).
    """

    def __init__(self, config: GameConfig, table_entries: int = DEFAULT_TABLE_ENTRIES) -> None:
        self.config = config
        self.geometry = geometry_for(config)
        self.tables = pattern_tables_for(config)
        self.keys: SymmetryKeys = symmetry_keys_for(config)
        self.table = TranspositionTable(table_entries)
        #: Solved positions: (x_bits, o_bits) -> (move, score, result, plies, depth, pv).
        self._book: dict[tuple[int, int], tuple[Move, int, str, int, int, tuple[Move, ...]]] = {}
        geometry = self.geometry
        self._neighbourhood = geometry.near2 if geometry.cells >= NEAR_STONES_MIN_CELLS else None

    def new_game(self) -> None:
        """Forget the transposition table. Solved positions stay: they are facts of the game."""
        self.table.clear()

    def solve_all(self, should_stop: ShouldStop = never_stop) -> int:
        """Solve every reachable position at once (tiny boards only) and book the answers.

        Returns:
            How many positions were solved.

        Raises:
            ValueError: the board is too big (see :mod:`.solve_all`).
            SolveCancelled: ``should_stop`` returned ``True``.
        """
        solutions = solve_every_position(self.config, should_stop)
        cells = self.geometry.cells
        moves = [Move.from_index(cell, self.config.cols) for cell in range(cells)]
        book = self._book
        for (x_bits, o_bits), (score, cell) in solutions.items():
            move = moves[cell]
            empties = cells - (x_bits | o_bits).bit_count()
            if score > 0:
                result, plies = "xo"[(cells - empties) & 1], WIN_SCORE - score
            elif score < 0:
                result, plies = "ox"[(cells - empties) & 1], WIN_SCORE + score
            else:
                result, plies = "draw", empties
            book[(x_bits, o_bits)] = (move, score, result, plies, empties, (move,))
        return len(solutions)

    def search(
        self,
        board: Board,
        time_budget: float = 1.0,
        max_depth: int | None = None,
        should_stop: ShouldStop = never_stop,
    ) -> SearchResult:
        """The best move for the side to move, exact when the search completes.

        Args:
            board: the position (not changed); the game must not be over.
            time_budget: seconds for this move (answer comes within it).
            max_depth: deepest iteration in plies, ``None`` for no limit.
            should_stop: polled during the search; ``True`` ends it promptly.

        Raises:
            ValueError: the board has another shape, the game is over, or a bad budget or depth.
        """
        start = time.perf_counter()
        if board.config is not self.config and board.config != self.config:
            raise ValueError(f"this searcher plays {self.config}, not {board.config}")
        known = self._book.get((board.bits[0], board.bits[1]))
        if known is not None and (max_depth is None or max_depth >= known[4]):
            # A solved position: no search, so this path stays a few microseconds.
            move, score, result, plies, depth, pv = known
            stats = SearchStats(1, 0, 0, depth, 1, time.perf_counter() - start)
            return SearchResult("perfect", move, score, True, result, plies, list(pv), stats)
        if board.is_game_over():
            raise ValueError(f"the game is over: {board.notation()}")
        if not 0 < time_budget <= MAX_TIME:
            raise ValueError(f"time_budget must be above 0 and at most {MAX_TIME} s, got {time_budget}")
        if max_depth is not None and max_depth < 1:
            raise ValueError(f"max_depth must be 1 or more (or None), got {max_depth}")
        cols = self.config.cols
        if board.ply == 0 and self._neighbourhood is not None:
            # An empty big board: the centre, as every opening book says; nothing to search.
            move = Move.from_index(self.geometry.centre_order[0], cols)
            stats = SearchStats(nodes=1, elapsed_seconds=time.perf_counter() - start)
            return SearchResult("perfect", move, 0, False, pv=[move], stats=stats)
        return self._deepen(board, start, time_budget, max_depth, should_stop)

    # -- internals ---------------------------------------------------------
    def _deepen(
        self,
        board: Board,
        start: float,
        time_budget: float,
        max_depth: int | None,
        should_stop: ShouldStop,
    ) -> SearchResult:
        x_bits, o_bits = board.bits
        empties = self.geometry.cells - board.ply
        deadline = start + max(time_budget - _SAFETY_SECONDS, time_budget / 2)
        run = NegamaxRun(
            self.tables,
            self.keys,
            self.table,
            x_bits,
            o_bits,
            neighbourhood=self._neighbourhood,
            root_cells=self._distinct_cells(x_bits, o_bits),
            deadline=deadline,
            should_stop=should_stop,
        )
        limit = empties if max_depth is None else min(max_depth, empties)
        depth = limit if empties <= FULL_DEPTH_EMPTIES and max_depth is None else 1
        best: tuple[int, int] | None = None
        completed = 0
        exact = False
        cancelled = False
        while depth <= limit:
            try:
                score, cell, complete = self._iterate(run, depth, depth == empties)
            except SearchAborted:
                cancelled = should_stop()
                break
            best, completed = (score, cell), depth
            if complete:
                exact = True
                break
            depth += 1
        if best is None:
            best = (0, self._fallback_cell(board))
        score, cell = best
        nodes, cutoffs, tt_hits, max_ply, _ = run.counters
        stats = SearchStats(nodes, cutoffs, max_ply, completed or None, tt_hits)
        move = Move.from_index(cell, self.config.cols)
        pv = self._principal_variation(board, cell)
        result: str | None = None
        plies: int | None = None
        if exact:
            result, plies = exact_fields(board, score)
            if len(self._book) >= BOOK_ENTRIES:
                self._book.clear()
            self._book[(x_bits, o_bits)] = (move, score, result, plies, completed, tuple(pv))
        stats.elapsed_seconds = time.perf_counter() - start
        return SearchResult(
            "perfect", move, score, exact, result, plies, pv, stats, cancelled=cancelled
        )

    @staticmethod
    def _iterate(run: NegamaxRun, depth: int, to_the_end: bool) -> tuple[int, int, bool]:
        """One iteration. To the end of the game, a null window around the draw comes first:
        proving a draw is far cheaper than finding the fastest win, which only then
        needs the full window."""
        if to_the_end:
            score, cell, complete = run.search(depth, -1, 1)
            if -1 < score < 1 or not complete:
                return score, cell, complete
        return run.search(depth)

    def _distinct_cells(self, x_bits: int, o_bits: int) -> int:
        """Empty cells, one per class of cells the position's own symmetries swap."""
        geometry = self.geometry
        own = [
            perm
            for number, perm in enumerate(geometry.symmetries)
            if number
            and geometry.transform(x_bits, number) == x_bits
            and geometry.transform(o_bits, number) == o_bits
        ]
        if not own:
            return self.geometry.full
        mask = 0
        for cell in range(self.geometry.cells):
            if all(perm[cell] >= cell for perm in own):
                mask |= 1 << cell
        return mask

    def _fallback_cell(self, board: Board) -> int:
        occupied = board.occupied
        for cell in self.geometry.centre_order:
            if not occupied >> cell & 1:
                return cell
        raise AssertionError("no empty cell on a board that is not over")

    def _principal_variation(self, board: Board, first: int) -> list[Move]:
        """The best line as far as the table knows it, starting with ``first``."""
        cols = self.config.cols
        line = board.copy()
        line.push_index(first)
        pv = [Move.from_index(first, cols)]
        keys = self.keys
        while not line.is_game_over() and len(pv) < 64:
            key, symmetry = keys.canonical(keys.pack(*line.bits))
            entry = self.table.get(key)
            if entry is None or entry[3] < 0:
                break
            cell = keys.inverses[symmetry][entry[3]]
            if line.occupied >> cell & 1:
                break
            line.push_index(cell)
            pv.append(Move.from_index(cell, cols))
        return pv


class PerfectPlayer:
    """The ``perfect`` player: one searcher per game shape, kept across moves."""

    def __init__(self, spec: PlayerSpec, rng: random.Random) -> None:
        self.spec = spec
        self.rng = rng
        self._searcher: PerfectSearcher | None = None

    def choose(self, board: Board, should_stop: ShouldStop = never_stop) -> SearchResult:
        searcher = self._searcher
        if searcher is None or searcher.config != board.config:
            searcher = self._searcher = PerfectSearcher(board.config)
        return searcher.search(board, self.spec.time, self.spec.depth, should_stop)

    def new_game(self) -> None:
        if self._searcher is not None:
            self._searcher.new_game()


PLAYER_FACTORIES["perfect"] = PerfectPlayer
