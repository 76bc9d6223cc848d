"""Solve every reachable position of a tiny board at once (3x3 takes milliseconds).

The program's one memoised solver (:func:`..teaching.tree_values.memoised_value`) over
the whole game graph: each position is valued once, whatever the move order
that reached it, and every move of every position is looked at (so every
reachable position is reached). The result can fill
a :class:`~.perfect.PerfectSearcher`'s book, so that every later move on
that board is a lookup. :func:`solution_errors` checks such a result from
scratch, position by position.
"""

from __future__ import annotations

from functools import lru_cache

from ..game.config import GameConfig
from ..game.geometry import geometry_for
from ..search_result import WIN_SCORE, ShouldStop, never_stop
from ..teaching.tree_values import SolveCancelled, memoised_value
from .move_tables import move_tables

__all__ = ["MAX_CELLS", "SolveCancelled", "Solutions", "solution_errors", "solve_every_position"]

#: Largest board (in cells) this will solve; 3x4 already has over a hundred thousand positions.
MAX_CELLS = 12

#: ``(x_bits, o_bits) -> (score, best cell)`` for every reachable position still in play.
Solutions = dict[tuple[int, int], tuple[int, int]]


def solve_every_position(config: GameConfig, should_stop: ShouldStop = never_stop) -> Solutions:
    """``(x_bits, o_bits) -> (score, best cell)`` for every reachable position still in play.

    Scores are from the side to move's view (``WIN_SCORE - plies`` for a win);
    the best cell wins fastest, or loses slowest (the first such cell in
    centre-first order).

    Raises:
        ValueError: the board has more than :data:`MAX_CELLS` cells.
        SolveCancelled: ``should_stop`` returned ``True``.
    """
    _check_size(config)
    has_line, _, _ = _solve_tables(config)
    best_cells: Solutions = {}
    memoised_value(
        geometry_for(config), 0, 0, True, {}, has_line=has_line, best_cells=best_cells, should_stop=should_stop
    )
    return best_cells


def solution_errors(config: GameConfig, solutions: Solutions, limit: int = 10) -> list[str]:
    """What is wrong with ``solutions`` (empty when every answer checks out).

    Each position's score must be the best over its moves of the value after
    the move (a win, a full board, or the recorded score of the resulting
    position, one ply further away), its cell must be empty and reach that
    score, and every position reachable in play must be there.
    """
    _check_size(config)
    has_line, empty_bits, full = _solve_tables(config)
    errors: list[str] = []
    win1 = WIN_SCORE - 1
    threshold = WIN_SCORE // 2
    expected = {(0, 0)}
    for (x_bits, o_bits), (score, cell) in solutions.items():
        x_to_move = not (x_bits | o_bits).bit_count() & 1
        me, opp = (x_bits, o_bits) if x_to_move else (o_bits, x_bits)
        values = {}
        for bit in empty_bits[me | opp]:
            mine = me | bit
            if has_line[mine]:
                values[bit] = win1
            elif mine | opp == full:
                values[bit] = 0
            else:
                child_key = (mine, opp) if x_to_move else (opp, mine)
                expected.add(child_key)
                child = solutions.get(child_key)
                if child is None:
                    errors.append(f"position {child_key} is reachable but has no answer")
                    continue
                reply = child[0]
                values[bit] = 1 - reply if reply > threshold else (-reply - 1 if reply < -threshold else -reply)
        if values and score != max(values.values()):
            errors.append(f"position {(x_bits, o_bits)}: score {score}, its moves say otherwise")
        if values.get(1 << cell) != score:
            errors.append(f"position {(x_bits, o_bits)}: cell {cell} does not reach {score}")
        if len(errors) >= limit:
            return errors
    missing = expected - solutions.keys()
    if missing:
        errors.append(f"{len(missing)} reachable positions have no answer")
    return errors[:limit]


def _check_size(config: GameConfig) -> None:
    if config.cells > MAX_CELLS:
        raise ValueError(f"solving every position is for boards of at most {MAX_CELLS} cells, not {config}")


@lru_cache(maxsize=4)
def _solve_tables(config: GameConfig) -> tuple[list[bool], list[tuple[int, ...]], int]:
    """``(has_line, empty_bits, full)``: whether a set of cells holds a line, and the
    empty cells (single-bit masks, centre first) of every set of occupied cells."""
    tables = move_tables(config)
    assert tables is not None  # _check_size keeps boards small enough for the tables
    centre_first = [1 << cell for cell in geometry_for(config).centre_order]
    empty_bits = [tuple(bit for bit in centre_first if not taken & bit) for taken in range(1 << config.cells)]
    return tables.has_line, empty_bits, tables.full
