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
margin of about two. These counts predate the pairing proofs of
:mod:`.negamax_core`, which cut the proofs on boards of up to 25 cells to a
few thousand nodes (dearer ones: 5x5 k=4 15.7 thousand nodes, about a sixth
of the time), so there the estimate errs on the safe side.
"""

from __future__ import annotations

import math
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
#: Boards of at most this many cells are solved to the end after one shallow
#: iteration; positions with at most QUICK_SOLVE_EMPTIES empty cells, at once.
FULL_DEPTH_CELLS = 16
QUICK_SOLVE_EMPTIES = 9
#: A proof expected to take at most STRAIGHT_SHARE of the budget starts at once;
#: a longer one after a fallback search near the stones of FALLBACK_SHARE of the
#: budget (at most FALLBACK_SECONDS), in a table of its own.
STRAIGHT_SHARE = 0.05
FALLBACK_SHARE = 0.1
FALLBACK_SECONDS = 1.0
#: Time kept back from the budget for building the answer.
SAFETY_SECONDS = 0.004


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


def plan_runs(
    empties: int,
    cells: int,
    neighbourhood: tuple[int, ...] | None,
    start: float,
    time_budget: float | None,
    max_depth: int | None,
) -> list[PlannedRun]:
    """The runs of a search of a position with ``empties`` empty cells on a board of
    ``cells``: ``time_budget`` ``None`` is an exact search without a time limit;
    ``neighbourhood`` holds the near-stone masks a big board searches within."""
    if time_budget is None:
        return [PlannedRun(None, straight_depths(empties), math.inf)]
    deadline = start + max(time_budget - SAFETY_SECONDS, time_budget / 2)
    if max_depth is not None:
        return [PlannedRun(neighbourhood, deepening_depths(empties, max_depth), deadline)]
    if empties <= QUICK_SOLVE_EMPTIES:
        return [PlannedRun(None, [empties], deadline)]
    if cells <= FULL_DEPTH_CELLS:
        return [PlannedRun(None, straight_depths(empties), deadline)]
    if not solve_fits(empties, time_budget):
        return [PlannedRun(neighbourhood, deepening_depths(empties, None), deadline)]
    if estimated_solve_seconds(empties) <= time_budget * STRAIGHT_SHARE:
        return [PlannedRun(None, straight_depths(empties), deadline)]
    # A proof that may take most of the budget: a quick answer first, searched with
    # a table of its own (its heuristic moves would lead the proof astray).
    fallback = start + min(FALLBACK_SECONDS, time_budget * FALLBACK_SHARE)
    return [
        PlannedRun(neighbourhood, deepening_depths(empties, None), fallback, scratch=True),
        PlannedRun(None, [empties], deadline),
    ]
