"""``analyze --exact``: a position and every legal move solved, with no time limit.

The position is solved first (:meth:`..search.perfect.PerfectSearcher.solve`),
then each move's reply position, one per class of symmetric moves; the
searcher's table and book carry what one proof learns into the next. A stop
request ends it early: what was solved stays exact, the rest is unknown and
the analysis is not exact. Progress reports cover the whole analysis: nodes and
time since it began, and the position's best move once it is solved.

With a :class:`.solved_cache.SolvedCache` (:func:`solve_exactly`,
:func:`analyze_exactly_cached`), each position is looked up before it is
searched and stored once proved, and a whole analysis is stored with every
move's score, so asking again costs one file read.
"""

from __future__ import annotations

import time

from ..game.board import Board, Move
from ..search.perfect import PerfectSearcher
from ..search.progress import Progress, SearchProgress
from ..search.root_values import parent_score
from ..search_result import SearchResult, SearchStats, ShouldStop, exact_fields, never_stop
from .analysis import Analysis, MoveValue, _finished, _moved, _searcher_for, _static_values, _symmetry_classes
from .solved_cache import SolvedCache, SolvedPosition

#: An analysis stores its parts (the position, each reply) on their own only when their
#: proof took this long: quicker ones cost less to redo than a file write.
STORE_PART_SECONDS = 0.05
#: At most this long is spent playing a won line out to the win (see :func:`_played_out`).
PLAY_OUT_SECONDS = 0.5


def solve_exactly(
    board: Board,
    should_stop: ShouldStop = never_stop,
    searcher: PerfectSearcher | None = None,
    progress: Progress | None = None,
    cache: SolvedCache | None = None,
    store_after: float = 0.0,
) -> tuple[SearchResult, bool]:
    """``(result, cached)``: the exact value and best move of ``board`` (``search --exact``),
    from ``cache`` when it knows the position (``cached`` true), else searched and stored
    when the proof took at least ``store_after`` seconds.

    Raises:
        ValueError: a searcher for another board shape, or the game is over.
    """
    start = time.perf_counter()
    if cache is not None:
        solved = cache.lookup(board)
        if solved is not None:
            return _result_from(board, solved, time.perf_counter() - start), True
    searcher = _searcher_for(board, searcher)
    result = searcher.solve(board, should_stop, progress)
    worth_keeping = result.stats.elapsed_seconds >= store_after
    if cache is not None and result.exact and result.move is not None and worth_keeping:
        cols = board.config.cols
        cache.store(
            board,
            SolvedPosition(
                int(result.score),
                result.move.index(cols),
                result.stats.depth or 0,
                tuple(move.index(cols) for move in result.pv),
            ),
        )
    return result, False


def analyze_exactly_cached(
    board: Board,
    cache: SolvedCache,
    should_stop: ShouldStop = never_stop,
    searcher: PerfectSearcher | None = None,
    progress: Progress | None = None,
) -> tuple[Analysis, bool]:
    """``(analysis, cached)``: :func:`analyze_exactly` through ``cache``; ``cached`` is
    true when the whole answer came from it."""
    known = cached_analysis(board, cache)
    if known is not None:
        return known, True
    return analyze_exactly(board, should_stop, searcher, progress, cache), False


def cached_analysis(board: Board, cache: SolvedCache) -> Analysis | None:
    """The exact analysis of ``board`` if ``cache`` holds all of it (every move), else None."""
    if _finished(board) is not None:
        return None
    solved = cache.lookup(board)
    if solved is None or solved.moves is None:
        return None
    return _analysis_from(board, solved)


def analyze_exactly(
    board: Board,
    should_stop: ShouldStop = never_stop,
    searcher: PerfectSearcher | None = None,
    progress: Progress | None = None,
    cache: SolvedCache | None = None,
) -> Analysis:
    """The exact value of ``board`` and of each legal move (see the module notes).

    Raises:
        ValueError: a searcher for another board shape.
    """
    notation = board.notation()
    finished = _finished(board)
    if finished is not None:
        return finished
    searcher = _searcher_for(board, searcher)
    position = board.copy()
    mover = board.turn
    whole = _WholeProgress(progress)
    root, _ = solve_exactly(position, should_stop, searcher, whole.callback, cache, STORE_PART_SECONDS)
    whole.finished(root, root.move)
    cells = position.legal_indices()
    twin = _symmetry_classes(position, cells)
    static = _static_values(position, cells)
    cols = position.config.cols
    values: dict[int, MoveValue] = {}
    for cell in sorted(set(twin.values())):
        move = Move.from_index(cell, cols)
        if static[cell].exact:
            values[cell] = static[cell]
            continue
        if root.exact and move == root.move:
            score = int(root.score)
        elif should_stop():
            values[cell] = MoveValue(move, None, None, None, False, mover)
            continue
        else:
            position.push_index(cell)
            try:
                reply, _ = solve_exactly(position, should_stop, searcher, whole.callback, cache, STORE_PART_SECONDS)
            finally:
                position.pop()
            whole.finished(reply)
            if not reply.exact:
                values[cell] = MoveValue(move, None, None, None, False, mover)
                continue
            score = parent_score(int(reply.score))
        result, plies = exact_fields(position, score)
        values[cell] = MoveValue(move, result, plies, score, True, mover)
    moves = tuple(_moved(values[twin[cell]], Move.from_index(cell, cols)) for cell in cells)
    pv: tuple[Move, ...] = ()
    if root.move is not None:  # the table's line, or the cached one when that is longer
        pv = max(tuple(searcher.principal_variation(position, root.move)), tuple(root.pv), key=len)
    if not root.exact:
        return Analysis(notation, mover, board.status, None, None, root.move, moves, False, None, None, pv, root)
    exact = all(value.exact for value in moves)
    result, plies = exact_fields(position, root.score)
    if result != "draw" and plies is not None:
        pv = _played_out(position, pv, plies, searcher, should_stop)
    analysis = Analysis(
        notation, mover, board.status, result, plies, root.move, moves, exact, root.score, None, pv, root
    )
    if cache is not None and exact and root.move is not None:
        cache.store(
            board,
            SolvedPosition(
                int(root.score),
                root.move.index(cols),
                root.stats.depth or 0,
                tuple(move.index(cols) for move in pv),
                {value.move.index(cols): int(value.score or 0) for value in moves},
            ),
        )
    return analysis


def _played_out(
    board: Board, line: tuple[Move, ...], plies: int, searcher: PerfectSearcher, should_stop: ShouldStop
) -> tuple[Move, ...]:
    """A won line played out to the win: the table's line may stop short (threat proofs
    store no moves), so each missing move is the exact best move there, solved in turn.

    Forced wins are quick to solve; it stops early, keeping the line so far, when more
    than :data:`PLAY_OUT_SECONDS` go by or a solve is not exact."""
    work = board.copy()
    for move in line:
        work.push(move)
    played = list(line)
    deadline = time.perf_counter() + PLAY_OUT_SECONDS
    while len(played) < plies and not work.is_game_over() and not should_stop() and time.perf_counter() < deadline:
        reply = searcher.solve(work, should_stop)
        if not reply.exact or reply.move is None:
            break
        played.append(reply.move)
        work.push(reply.move)
    return tuple(played)


class _WholeProgress:
    """Progress of a whole analysis, out of the progress of its solves: nodes and time since
    the analysis began, and the position's own best move once it is known."""

    def __init__(self, progress: Progress | None) -> None:
        self._progress = progress
        self._start = time.perf_counter()
        self._nodes_before = 0
        self._best: Move | None = None

    @property
    def callback(self) -> Progress | None:
        """What each solve reports to (``None`` when nobody listens: no progress overhead)."""
        return None if self._progress is None else self.report

    def report(self, progress: SearchProgress) -> None:
        if self._progress is not None:
            self._progress(
                SearchProgress(
                    progress.depth,
                    self._nodes_before + progress.nodes,
                    time.perf_counter() - self._start,
                    self._best or progress.best,
                )
            )

    def finished(self, result: SearchResult, best: Move | None = None) -> None:
        """One solve ended (``best``: the analysed position's best move, when it was that one)."""
        self._nodes_before += result.stats.nodes
        self._best = best or self._best


def _result_from(board: Board, solved: SolvedPosition, seconds: float) -> SearchResult:
    """The search result a cached answer stands for (no node was searched)."""
    cols = board.config.cols
    move = Move.from_index(solved.best, cols)
    result, plies = exact_fields(board, solved.score)
    stats = SearchStats(0, 0, 0, solved.depth, 0, seconds)
    pv = [Move.from_index(cell, cols) for cell in solved.pv] or [move]
    return SearchResult("perfect", move, solved.score, True, result, plies, pv, stats)


def _analysis_from(board: Board, solved: SolvedPosition) -> Analysis:
    """The analysis a cached answer with every move's score stands for."""
    assert solved.moves is not None
    cols = board.config.cols
    mover = board.turn
    moves = []
    for cell in board.legal_indices():
        score = solved.moves[cell]
        result, plies = exact_fields(board, score)
        moves.append(MoveValue(Move.from_index(cell, cols), result, plies, score, True, mover))
    result, plies = exact_fields(board, solved.score)
    pv = tuple(Move.from_index(cell, cols) for cell in solved.pv)
    return Analysis(
        board.notation(),
        mover,
        board.status,
        result,
        plies,
        Move.from_index(solved.best, cols),
        tuple(moves),
        True,
        solved.score,
        None,
        pv,
        _result_from(board, solved, 0.0),
    )
