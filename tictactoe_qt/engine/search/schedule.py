"""How the ``perfect`` search spends a budget: deepen, or go straight to the end.

Deepening one ply at a time before an exact proof costs 2x to 24x: every
intermediate iteration costs nearly as much as the proof, and its heuristic
table moves then lead the proof astray (5x4 k=4: 0.5 s of CPU straight to the
end after one ply, 1.0 s after four, 12 s one ply at a time). So a position
whose remaining tree is small enough for the budget is solved straight away
after a one-ply look (a fallback answer); only positions too big to solve
deepen one ply at a time.

The remaining tree is estimated from the number of empty cells, fitted to
the node counts of exact proofs from the empty board (k=4: 16 empty cells
4.3 thousand nodes, 20 75 thousand, 25 0.47 million, 30 8.9 million), with a
margin of about two.
"""

from __future__ import annotations

from dataclasses import dataclass

#: Estimated nodes of an exact proof with ESTIMATE_BASE_EMPTIES empty cells ...
ESTIMATE_BASE_NODES = 10_000
ESTIMATE_BASE_EMPTIES = 16
#: ... and the growth per extra empty cell.
ESTIMATE_GROWTH = 1.6
#: CPU seconds per node of the perfect search (pure Python, a margin included).
SECONDS_PER_NODE = 6e-6
#: Share of the budget an exact attempt may be expected to use.
SOLVE_SHARE = 0.5


def estimated_solve_nodes(empties: int) -> float:
    """Nodes an exact proof of a position with ``empties`` empty cells is expected to visit."""
    return ESTIMATE_BASE_NODES * ESTIMATE_GROWTH ** (empties - ESTIMATE_BASE_EMPTIES)


def estimated_solve_seconds(empties: int) -> float:
    """Seconds an exact proof is expected to take (see :func:`estimated_solve_nodes`)."""
    return estimated_solve_nodes(empties) * SECONDS_PER_NODE


def solve_fits(empties: int, time_budget: float) -> bool:
    """An exact proof of a position with ``empties`` empty cells is worth trying in the budget."""
    return estimated_solve_seconds(empties) <= time_budget * SOLVE_SHARE


def straight_depths(empties: int) -> list[int]:
    """One ply (a fallback answer), then the end of the game."""
    return [empties] if empties <= 1 else [1, empties]


def deepening_depths(empties: int, max_depth: int | None) -> list[int]:
    """One ply at a time, up to ``max_depth`` (or the end of the game)."""
    last = empties if max_depth is None else min(max_depth, empties)
    return list(range(1, last + 1))


@dataclass(frozen=True)
class PlannedRun:
    """One run of a search: where it looks, which depths, until when.

    ``neighbourhood`` ``None`` searches every cell; ``scratch`` gives the run a
    table of its own (a heuristic fallback that must not steer a later proof).
    """

    neighbourhood: tuple[int, ...] | None
    depths: list[int]
    deadline: float
    scratch: bool = False
