"""A lower bound on a board trace's size, known at once, to refuse hopeless searches quickly.

:func:`.size.check_size` counts positions to be exact, which takes seconds on a
4x4 board. Before that, the stepper asks here. No game can end before one side
has had time to fill a line, so the first plies of the tree are complete:
``perm(free, d)`` nodes at every depth ``d`` up to that point. Minimax enters all
of them. Alpha-beta (without a table) still enters every node of a proof of the
root's value: one child at one side's nodes, all children at the other's, for
both sides (Knuth and Moore's minimal tree). Each entered node makes at least
two events (``enter`` and ``return``).
"""

from __future__ import annotations

from math import comb, perm, prod

from .spaces import BoardSpace


def free_cells(space: BoardSpace) -> int:
    """The empty cells of the board the search starts from."""
    return (space.geometry.full & ~(space.root[0] | space.root[1])).bit_count()


def earliest_end(space: BoardSpace) -> int:
    """The smallest depth at which a node below the root can be a leaf."""
    geometry = space.geometry
    max_bits, min_bits = space.root[0], space.root[1]
    depth = free_cells(space)
    # MAX moves at odd plies from the root (1, 3, ...), MIN at even ones (2, 4, ...).
    for own, other, first_ply in ((max_bits, min_bits, 1), (min_bits, max_bits, 2)):
        needs = [geometry.k - (mask & own).bit_count() for mask in geometry.lines if not mask & other]
        if needs:
            depth = min(depth, first_ply + 2 * (min(needs) - 1))
    if space.depth_limit is not None:
        depth = min(depth, space.depth_limit)
    return max(depth, 1)


def events_at_least(space: BoardSpace, algorithm: str) -> int:
    """Events the trace makes at least (0 when nothing useful is known, as with a table)."""
    if algorithm == "alphabeta-tt":
        return 0  # a table answers repeated positions without their subtrees
    free = free_cells(space)
    end = earliest_end(space)
    nodes = 0
    for depth in range(end + 1):
        if algorithm == "minimax":
            nodes += perm(free, depth)
        else:
            widths = [free - ply for ply in range(depth)]
            nodes += prod(widths[1::2]) + prod(widths[0::2]) - 1
    return 2 * nodes


def positions_at_least(space: BoardSpace) -> int:
    """Distinct positions the tree counter meets below a board, at least: down to the
    earliest leaf, every way of adding the plies' stones is a position."""
    free = free_cells(space)
    plies = earliest_end(space) if space.depth_limit != 0 else 0
    # The side to move has added (ply + 1) // 2 stones after ``ply`` plies, the other ply // 2.
    return sum(comb(free, (ply + 1) // 2) * comb(free - (ply + 1) // 2, ply // 2) for ply in range(1, plies + 1))
