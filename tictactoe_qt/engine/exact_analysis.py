"""``analyze --exact``: a position and every legal move solved, with no time limit.

The position is solved first (:meth:`.search.perfect.PerfectSearcher.solve`),
then each move's reply position, one per class of symmetric moves; the
searcher's table and book carry what one proof learns into the next. A stop
request ends it early: what was solved stays exact, the rest is unknown and
the analysis is not exact.
"""

from __future__ import annotations

from .analysis import (
    Analysis,
    MoveValue,
    _finished,
    _moved,
    _searcher_for,
    _static_values,
    _symmetry_classes,
)
from .board import Board, Move
from .search.perfect import PerfectSearcher
from .search.progress import Progress
from .search.root_values import parent_score
from .search_result import ShouldStop, exact_fields, never_stop


def analyze_exactly(
    board: Board,
    should_stop: ShouldStop = never_stop,
    searcher: PerfectSearcher | None = None,
    progress: Progress | None = None,
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
    root = searcher.solve(position, should_stop, progress)
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
                reply = searcher.solve(position, should_stop, progress)
            finally:
                position.pop()
            if not reply.exact:
                values[cell] = MoveValue(move, None, None, None, False, mover)
                continue
            score = parent_score(int(reply.score))
        result, plies = exact_fields(position, score)
        values[cell] = MoveValue(move, result, plies, score, True, mover)
    moves = tuple(_moved(values[twin[cell]], Move.from_index(cell, cols)) for cell in cells)
    pv = tuple(searcher.principal_variation(position, root.move)) if root.move else ()
    if not root.exact:
        return Analysis(notation, mover, board.status, None, None, root.move, moves, False,
                        None, None, pv, root)
    exact = all(value.exact for value in moves)
    result, plies = exact_fields(position, root.score)
    return Analysis(notation, mover, board.status, result, plies, root.move, moves, exact,
                    root.score, None, pv, root)
