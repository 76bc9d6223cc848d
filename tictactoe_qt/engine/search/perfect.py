"""The ``perfect`` search: exact on small boards, strong within a time budget on big ones.

:class:`PerfectSearcher` runs iterative deepening over :mod:`.negamax_core`
under a per-move time budget and a cancel callback. Its transposition table
lives across calls (``new_game`` clears it). A search that finishes without
touching a horizon is exact (result and plies as ``analyze`` reports them),
and its answer goes into a per-searcher book of solved positions, so a known
position costs one dict lookup. Solved positions are facts of the game, so
the book outlives ``new_game``; on 3x3 the second cold search solves every
position at once (:mod:`.solve_all`), after which a game is all lookups.

How deep it goes (:mod:`.schedule`): a position whose remaining tree is
small enough for the budget (always on boards of up to 16 cells) takes one
shallow iteration (a fallback answer) and then searches straight to the end
of the game; bigger ones deepen one ply at a time, searching only cells within
two of a stone (and the best few moves below the root) while more than 16
cells are empty. An empty big board only considers the centre and its
neighbours. :meth:`PerfectSearcher.solve` searches every cell to the end
without a time limit, reporting progress, until the answer is exact.
The player that keeps one searcher across moves is :mod:`.perfect_player`.
"""

from __future__ import annotations

import time

from ..game.board import Board, Move
from ..game.config import GameConfig
from ..game.geometry import geometry_for
from ..players.player_spec import MAX_TIME
from ..search_result import WIN_SCORE, SearchResult, SearchStats, ShouldStop, exact_fields, never_stop
from .negamax import NegamaxRun, SearchAborted
from .null_window_iteration import search_iteration
from .pattern_eval import pattern_tables_for
from .progress import Progress, ProgressWatch
from .schedule import plan_runs
from .solve_all import SolveCancelled, solve_every_position
from .table_line import played_out, table_line
from .transposition import DEFAULT_TABLE_ENTRIES, SymmetryKeys, TranspositionTable, symmetry_keys_for

#: Boards with at least this many cells search near the stones (Chebyshev distance 2).
NEAR_STONES_MIN_CELLS = 25
#: The table of a fallback run that must not steer a later proof (see :mod:`.schedule`).
SCRATCH_TABLE_ENTRIES = 100_000
#: While more cells than this are empty, big boards search near the stones only.
NEAR_STONES_EMPTIES = 16
#: Boards this small solve every position at once on their second cold search.
AUTO_SOLVE_CELLS = 9
#: Solved positions remembered per searcher (a small dict; cleared when full).
BOOK_ENTRIES = 200_000
#: A solved position's answer: (score, best move, completed depth, result, plies).
BookedAnswer = tuple[int, Move, int, str, int]


class PerfectSearcher:
    """Iterative-deepening negamax with a transposition table that lives across calls.

    Args:
        config: the board shape this searcher works on.
        table_entries: the transposition table's size cap (entries).
        near_stones: search only cells near the stones (and the best few moves below
            the root) while more than NEAR_STONES_EMPTIES cells are empty. ``None``
            decides by board size; ``False`` always searches every cell, so a search
            that completes is exact (slow on big boards).
    """

    def __init__(
        self, config: GameConfig, table_entries: int = DEFAULT_TABLE_ENTRIES, near_stones: bool | None = None
    ) -> None:
        self.config = config
        self.geometry = geometry_for(config)
        self.tables = pattern_tables_for(config)
        self.keys: SymmetryKeys = symmetry_keys_for(config)
        self.table = TranspositionTable(table_entries)
        #: Solved positions: (x_bits, o_bits) -> (score, best move, completed depth,
        #: result, plies), everything a booked answer needs, built once.
        self._book: dict[tuple[int, int], BookedAnswer] = {}
        self._moves = [Move.from_index(cell, config.cols) for cell in range(config.cells)]
        self._cold_searches = 0
        if near_stones is None:
            near_stones = self.geometry.cells >= NEAR_STONES_MIN_CELLS
        self.near_stones = near_stones

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
        book = self._book
        moves = self._moves
        cells = self.geometry.cells
        for key, (score, cell) in solutions.items():
            empties = cells - (key[0] | key[1]).bit_count()
            if score > 0:
                result, plies = "xo"[empties & 1 != cells & 1], WIN_SCORE - score
            elif score < 0:
                result, plies = "ox"[empties & 1 != cells & 1], WIN_SCORE + score
            else:
                result, plies = "draw", empties
            book[key] = (score, moves[cell], empties, result, plies)
        return len(solutions)

    def search(
        self,
        board: Board,
        time_budget: float = 1.0,
        max_depth: int | None = None,
        should_stop: ShouldStop = never_stop,
        started: float | None = None,
    ) -> SearchResult:
        """The best move for the side to move, exact when the search completes.

        Args:
            board: the position (not changed); the game must not be over.
            time_budget: seconds for this move (answer comes within it).
            max_depth: deepest iteration in plies, ``None`` for no limit.
            should_stop: polled during the search; ``True`` ends it promptly.
            started: the ``time.perf_counter()`` the budget counts from, when the
                caller's clock started earlier (say, before building this searcher).

        Raises:
            ValueError: the board has another shape, the game is over, or a bad budget or depth.
        """
        start = time.perf_counter() if started is None else started
        if board.config is not self.config and board.config != self.config:
            raise ValueError(f"this searcher plays {self.config}, not {board.config}")
        x_bits, o_bits = board.bits
        known = self._book.get((x_bits, o_bits))
        if known is None and self._cold_searches and self.geometry.cells <= AUTO_SOLVE_CELLS:
            # A second position on a tiny board: solving them all costs about as much
            # as twenty searches, and makes every later move a lookup.
            self._cold_searches = 0
            try:
                self.solve_all(should_stop)
            except SolveCancelled:
                pass
            known = self._book.get((x_bits, o_bits))
        if known is not None and (max_depth is None or max_depth >= known[2]):
            # A solved position: no search, so this path stays a few microseconds.
            score, move, depth, result, plies = known
            stats = SearchStats(1, 0, 0, depth, 1, time.perf_counter() - start)
            return SearchResult("perfect", move, score, True, result, plies, [move], stats)
        if board.is_game_over():
            raise ValueError(f"the game is over: {board.notation()}")
        if not 0 < time_budget <= MAX_TIME:
            raise ValueError(f"time_budget must be above 0 and at most {MAX_TIME} s, got {time_budget}")
        if max_depth is not None and max_depth < 1:
            raise ValueError(f"max_depth must be 1 or more (or None), got {max_depth}")
        return self._deepen(board, start, time_budget, max_depth, should_stop)

    def solve(
        self, board: Board, should_stop: ShouldStop = never_stop, progress: Progress | None = None
    ) -> SearchResult:
        """The exact value and best move of ``board``: every cell, to the end, no time limit.

        A one-ply look comes first, so a search stopped by ``should_stop`` still has a
        move (``exact`` false, ``cancelled`` true). ``progress`` is called every
        quarter second or so with a :class:`.progress.SearchProgress`.

        Raises:
            ValueError: the board has another shape or the game is over.
        """
        start = time.perf_counter()
        if board.config is not self.config and board.config != self.config:
            raise ValueError(f"this searcher plays {self.config}, not {board.config}")
        known = self.known(board)
        if known is not None:
            return known
        if board.is_game_over():
            raise ValueError(f"the game is over: {board.notation()}")
        return self._deepen(board, start, None, None, should_stop, progress)

    def known(self, board: Board) -> SearchResult | None:
        """The booked answer for a solved position (a dict lookup), or ``None``."""
        known = self._book.get((board.bits[0], board.bits[1]))
        if known is None:
            return None
        score, move, depth, result, plies = known
        stats = SearchStats(1, 0, 0, depth, 1)
        return SearchResult("perfect", move, score, True, result, plies, [move], stats)

    def searches_every_cell(self, board: Board) -> bool:
        """A search of ``board`` tries every empty cell, so it can solve the position."""
        return self._neighbourhood(self.geometry.cells - board.ply) is None

    def root_candidates(self, board: Board) -> int:
        """The cells (a bit mask) a search of ``board`` tries at its root: the empty
        cells near the stones on big boards, every empty cell on small ones."""
        x_bits, o_bits = board.bits
        empty = self.geometry.full & ~(x_bits | o_bits)
        neighbourhood = self._neighbourhood(self.geometry.cells - board.ply)
        if neighbourhood is None:
            return empty
        if not x_bits | o_bits:
            return self._root_cells(x_bits, o_bits, True)
        near = 0
        stones = x_bits | o_bits
        while stones:
            low = stones & -stones
            near |= neighbourhood[low.bit_length() - 1]
            stones ^= low
        return empty & near

    def reply_run(self, board: Board, deadline: float, should_stop: ShouldStop) -> NegamaxRun:
        """A search state for ``board`` seen as a reply one ply below the root
        (see :meth:`NegamaxRun.search`, ``as_reply``); shares this searcher's table."""
        x_bits, o_bits = board.bits
        # The root's choice (one more empty cell), as a search of the root makes it.
        neighbourhood = self._neighbourhood(self.geometry.cells - board.ply + 1)
        return NegamaxRun(
            self.tables,
            self.keys,
            self.table,
            x_bits,
            o_bits,
            neighbourhood=neighbourhood,
            root_cells=self.geometry.full,
            deadline=deadline,
            should_stop=should_stop,
        )

    def principal_variation(self, board: Board, first: Move) -> list[Move]:
        """The best line after ``first`` as far as the table knows it, ``first`` included."""
        return self._principal_variation(board, first.row * self.config.cols + first.col)

    # -- internals ---------------------------------------------------------
    def _deepen(
        self,
        board: Board,
        start: float,
        time_budget: float | None,
        max_depth: int | None,
        should_stop: ShouldStop,
        progress: Progress | None = None,
    ) -> SearchResult:
        x_bits, o_bits = board.bits
        empties = self.geometry.cells - board.ply
        self._cold_searches += 1
        best: tuple[int, int] | None = None
        completed = 0
        exact = False
        cancelled = False
        counters = [0, 0, 0, 0]
        watch = ProgressWatch(progress, should_stop, start, self.config.cols)
        plan = plan_runs(empties, self.geometry.cells, self._neighbourhood(empties), start, time_budget, max_depth)
        for planned in plan:
            near = planned.neighbourhood
            table = TranspositionTable(SCRATCH_TABLE_ENTRIES) if planned.scratch else self.table
            run = NegamaxRun(
                self.tables,
                self.keys,
                table,
                x_bits,
                o_bits,
                neighbourhood=near,
                root_cells=self._root_cells(x_bits, o_bits, near is not None),
                deadline=planned.deadline,
                should_stop=watch.should_stop if progress else should_stop,
            )
            watch.start_run(run.counters, counters[0])
            for depth in planned.depths:
                watch.depth = depth
                try:
                    to_the_end = depth == empties and near is None
                    score, cell, complete = search_iteration(run, depth, to_the_end)
                except SearchAborted:
                    cancelled = should_stop()
                    break
                best, completed = (score, cell), depth
                watch.best = cell
                if complete:
                    exact = True
                    break
            nodes, cutoffs, tt_hits, max_ply, _ = run.counters
            counters = [counters[0] + nodes, counters[1] + cutoffs, counters[2] + tt_hits, max(counters[3], max_ply)]
            if exact or cancelled:
                break
        if best is None:
            best = (0, self._fallback_cell(board))
        score, cell = best
        stats = SearchStats(counters[0], counters[1], counters[3], completed or None, counters[2])
        move = Move.from_index(cell, self.config.cols)
        pv = self._principal_variation(board, cell)
        result: str | None = None
        plies: int | None = None
        if exact:
            result, plies = exact_fields(board, score)
            if result != "draw" and len(pv) < plies:
                pv = played_out(self.keys, self.table, self.geometry, self._moves, board, cell, plies)
            if len(self._book) >= BOOK_ENTRIES:
                self._book.clear()
            self._book[(x_bits, o_bits)] = (score, move, completed, result, plies)
        stats.elapsed_seconds = time.perf_counter() - start
        return SearchResult("perfect", move, score, exact, result, plies, pv, stats, cancelled=cancelled)

    def _neighbourhood(self, empties: int) -> tuple[int, ...] | None:
        """The near-stone masks to search within, or ``None`` to search every cell."""
        if self.near_stones and empties > NEAR_STONES_EMPTIES:
            return self.geometry.near2
        return None

    def _root_cells(self, x_bits: int, o_bits: int, near_stones: bool) -> int:
        """Root moves worth trying: all, except on an empty big board, where only the
        centre and its neighbours are (what any opening book plays). Twin cells of a
        symmetric position are left out by the search itself."""
        if not x_bits | o_bits and near_stones:
            centre = self.geometry.centre_order[0]
            return 1 << centre | self.geometry.near1[centre]
        return self.geometry.full

    def _fallback_cell(self, board: Board) -> int:
        occupied = board.occupied
        for cell in self.geometry.centre_order:
            if not occupied >> cell & 1:
                return cell
        raise AssertionError("no empty cell on a board that is not over")

    def _principal_variation(self, board: Board, first: int) -> list[Move]:
        """The best line as far as the table knows it, starting with ``first``."""
        return table_line(self.keys, self.table, self.geometry, self._moves, board, first)
