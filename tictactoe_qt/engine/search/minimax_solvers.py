"""The table-driven minimax kernel that :func:`.minimax.minimax_search` hands subtrees to.

For small boards searched to the end it evaluates the last four plies in one
call and shares line checks between nodes where the same player holds the
same cells, so the 3x3 tree costs about 17,000 calls and a few hundred
thousand list lookups instead of half a million. It counts every node it
stands for in ``levels``, exactly the nodes the textbook search would visit
(a test holds the two to each other on every open 3x3 position).
"""

from __future__ import annotations

from collections.abc import Callable

from ..search_result import WIN_SCORE, ShouldStop
from .cancellation import SearchCancelled
from .move_tables import MoveTables

#: Larger than any score.
INFINITY = WIN_SCORE + 1
#: The table-driven solver asks ``should_stop`` at nodes with this many empty
#: cells: each such subtree has at most about 2,000 nodes, so stops are prompt.
CHECK_AT_EMPTIES = 6

#: ``value(own_bits, opp_bits, distance_from_root)`` for the side to move.
Solver = Callable[[int, int, int], int]


def full_depth_solver(tables: MoveTables, levels: list[int], should_stop: ShouldStop) -> Solver:
    """Exact minimax on a small board, to the end of every line.

    The returned function must be called on a position that is not over;
    it adds the nodes below that position to ``levels``.
    """
    has_line = tables.has_line
    empties = tables.centre_first
    full = tables.full

    def value(me: int, opp: int, d: int) -> int:
        cells = empties[me | opp]
        n = len(cells)
        if n == 4:
            return four_empties(me, opp, d)
        if n < 4:
            return few_empties(me, opp, d)
        if n == CHECK_AT_EMPTIES and should_stop():
            raise SearchCancelled
        levels[d + 1] += n
        win1 = WIN_SCORE - d - 1
        best = -INFINITY
        child_value = four_empties if n == 5 else value
        for bit in cells:
            mine = me | bit
            if has_line[mine]:
                if win1 > best:
                    best = win1
            else:
                score = -child_value(opp, mine, d + 1)
                if score > best:
                    best = score
        return best

    def four_empties(me: int, opp: int, d: int) -> int:
        # The last four plies in one call. Every node below is still checked for
        # a line; nodes where one player holds the same cells share a lookup.
        occupied = me | opp
        cells = empties[occupied]
        win1 = WIN_SCORE - d - 1
        opp_wins_next = d + 2 - WIN_SCORE
        we_win_after = WIN_SCORE - d - 3
        opp_wins_last = d + 4 - WIN_SCORE
        best = -INFINITY
        children = replies = lasts = 0
        for x in cells:
            mine = me | x
            if has_line[mine]:
                if win1 > best:
                    best = win1
                continue
            # The child: the opponent to move with cells a, b and c left. It
            # plays one, we play one, and it takes the last.
            a, b, c = empties[occupied | x]
            children += 3
            opp_a, opp_b, opp_c = has_line[opp | a], has_line[opp | b], has_line[opp | c]
            we_a, we_b, we_c = has_line[mine | a], has_line[mine | b], has_line[mine | c]
            opp_ab, opp_ac, opp_bc = (has_line[opp | a | b], has_line[opp | a | c], has_line[opp | b | c])
            if opp_a or opp_b or opp_c:
                # The opponent wins at once; its other moves are still visited.
                if not opp_a:
                    replies += 2
                    lasts += 2 - we_b - we_c
                if not opp_b:
                    replies += 2
                    lasts += 2 - we_a - we_c
                if not opp_c:
                    replies += 2
                    lasts += 2 - we_a - we_b
                score = opp_wins_next
            else:
                our_threats = we_a + we_b + we_c
                replies += 6
                lasts += 6 - 2 * our_threats
                if our_threats > 1:
                    score = we_win_after  # it can block only one
                elif our_threats:
                    # It must take our winning cell; then we pick the reply
                    # that leaves it no line with its last move.
                    if we_a:
                        score = opp_wins_last if opp_ab and opp_ac else 0
                    elif we_b:
                        score = opp_wins_last if opp_ab and opp_bc else 0
                    else:
                        score = opp_wins_last if opp_ac and opp_bc else 0
                elif (opp_ab and opp_ac) or (opp_ab and opp_bc) or (opp_ac and opp_bc):
                    score = opp_wins_last
                else:
                    score = 0
            if score > best:
                best = score
        levels[d + 1] += len(cells)
        levels[d + 2] += children
        levels[d + 3] += replies
        levels[d + 4] += lasts
        return best

    def few_empties(me: int, opp: int, d: int) -> int:
        # Three or fewer empty cells: only at the top of a search, so plain.
        cells = empties[me | opp]
        levels[d + 1] += len(cells)
        win1 = WIN_SCORE - d - 1
        best = -INFINITY
        for bit in cells:
            mine = me | bit
            if has_line[mine]:
                score = win1
            elif mine | opp == full:
                score = 0
            else:
                score = -few_empties(opp, mine, d + 1)
            if score > best:
                best = score
        return best

    return value
