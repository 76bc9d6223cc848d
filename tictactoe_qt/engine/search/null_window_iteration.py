"""One iteration of the ``perfect`` search's deepening, with null windows to the end.

Proving a draw, or narrowing a proven win to the fastest one, by null-window
searches is far cheaper than a full window to the end of the game.
"""

from __future__ import annotations

from ..search_result import WIN_SCORE
from .negamax import NegamaxRun
from .transposition import SOLVED_DEPTH


def search_iteration(run: NegamaxRun, depth: int, to_the_end: bool) -> tuple[int, int, bool]:
    """One iteration. To the end of the game, a null window around the draw comes first:
    proving a draw is far cheaper than finding the fastest win. A proven win in
    ``p`` plies is then narrowed by null windows just above it, each asking "is
    there a win in fewer plies?" with a search only ``p - 1`` plies deep (any such
    win lies within that horizon, and only real wins score as wins), far cheaper
    than a full window to the end. A proven loss takes the full window (its longest
    defence)."""
    if to_the_end:
        # Deeper than any horizon: only entries of solved subtrees satisfy it, so
        # bounds from earlier, shallower iterations never stand in for a proof.
        depth = SOLVED_DEPTH - 1
        score, cell, complete = run.search(depth, -1, 1)
        if -1 < score < 1 or not complete:
            return score, cell, complete
        while score >= 1:
            # ``score`` is a proven lower bound (a win in ``plies``), won by ``cell``.
            plies = WIN_SCORE - score
            if plies <= 1:
                return score, cell, True
            faster, faster_cell, _ = run.search(plies - 1, score, score + 1)
            if faster <= score:
                return score, cell, True
            score, cell = faster, faster_cell
    return run.search(depth)
