"""Which positions may be solved exactly: one rule for the command line and the window."""

from __future__ import annotations

import math

from .board import Board

#: Exact solving is refused past this many empty cells: the proof could take ages.
EXACT_MAX_EMPTY = 64


def exact_size_estimate(board: Board) -> int | None:
    """``None`` when ``board`` may be solved exactly; otherwise the power of ten of the
    lines of play an exact search could have to look at (``empty!``), for the refusal."""
    empty = board.empty.bit_count()
    if empty <= EXACT_MAX_EMPTY:
        return None
    return int(math.lgamma(empty + 1) / math.log(10))
