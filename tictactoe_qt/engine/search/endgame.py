"""A lean exact search for the last few empty cells of a small board.

Near the end of a small board's game the full search's bookkeeping (line codes,
table, ordering) costs more than it saves; this plain alpha-beta only checks
wins and forced blocks through each empty cell's line masks.
"""

from __future__ import annotations

from collections.abc import Callable

from ..game.geometry import Geometry
from ..search_result import MATE_THRESHOLD, WIN_SCORE

_INFINITY = WIN_SCORE + 1_000

#: ``endgame(me, opp, alpha, beta) -> score`` for the side owning ``me``, to move.
Endgame = Callable[[int, int, int, int], int]


def build_endgame(geometry: Geometry, nodes: list[int]) -> Endgame:
    """The endgame search for one board shape; it adds the positions it visits to ``nodes[0]``.

    Scores are node-relative (``WIN_SCORE - plies``), as in the main search.
    """
    full = geometry.full
    cell_line_masks = geometry.cell_line_masks
    win1 = WIN_SCORE - 1
    lose2 = -(WIN_SCORE - 2)

    def endgame(me: int, opp: int, alpha: int, beta: int) -> int:
        moves = []
        block = -1
        empty = full & ~(me | opp)
        while empty:
            low = empty & -empty
            empty ^= low
            cell = low.bit_length() - 1
            mine = me | low
            for mask in cell_line_masks[cell]:
                if mine & mask == mask:
                    return win1
            theirs = opp | low
            for mask in cell_line_masks[cell]:
                if theirs & mask == mask:
                    if block >= 0:
                        return lose2
                    block = cell
                    break
            moves.append(low)
        if len(moves) == 1:
            return 0  # the last cell, and it does not win: a full board
        if block >= 0:
            moves = [1 << block]
        if beta > MATE_THRESHOLD:
            child_alpha = -beta - 1
        elif beta < -MATE_THRESHOLD:
            child_alpha = -beta + 1
        else:
            child_alpha = -beta
        best = -_INFINITY
        for bit in moves:
            if alpha > MATE_THRESHOLD:
                child_beta = -alpha - 1
            elif alpha < -MATE_THRESHOLD:
                child_beta = -alpha + 1
            else:
                child_beta = -alpha
            nodes[0] += 1
            score = -endgame(opp, me | bit, child_alpha, child_beta)
            if score > MATE_THRESHOLD:
                score -= 1
            elif score < -MATE_THRESHOLD:
                score += 1
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        return best

    return endgame
