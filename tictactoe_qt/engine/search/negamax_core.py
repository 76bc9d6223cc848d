"""The hot loop of the ``perfect`` search: negamax alpha-beta over line codes.

:func:`build_negamax` binds every table to one closure, because local and
closure lookups are what make pure Python fast. The closure keeps, per search
call: the code of every line (see :mod:`.pattern_eval`), the threat lines of
each side (one mark from completion, none of the opponent's), the accumulator
(weighted open-lines sums and open-line histograms), and the packed symmetry
integer of :mod:`.transposition`. A move updates them with a few lookups per
line through its cell; undoing it reverses them.

At each node, in this order: a side with a threat line wins at once; an
opponent with two distinct winning cells wins next move; one opponent
winning cell forces the block (searched without using up depth); then each
side's chances of still winning are read from its open-line histogram. A
side whose fullest open line needs ``need`` more marks, with only ``lines``
open lines it could fill with the moves it has left, loses one of them to
each block while gaining at most one mark per line per move, so it cannot
win unless ``need <= lines`` (``need < lines`` when the other side moves
first). On boards of up to 36 cells searched on every cell, with k >= 4
(above 25 cells only with at most 16 empty cells), a side that passes this
count is still proven unable to win when its opponent has a pairing
strategy (:mod:`.pairing`), tried only where the answer would cut; a node
that defends a draw first looks for a reply that leaves the attacker such a
pairing. Neither can win: a draw, exactly 0 (at the root, a drawing move is
searched for unless no line can be filled at all); one cannot: the window is
clipped at 0. The horizon is evaluated; below the root on full-board searches
a move that makes two winning cells at once wins in three plies and ends the
node before the table is probed (a position that is its own mirror image
keeps one move per class of twin cells). The moves are ordered lazily: the
table move first, else the most urgent threat-making move alone when there
is one; the rest only if no cut came, by line bonuses (new threats, blocks,
growth) with centre-first ties.
On small boards the last few empty cells are finished by the lean exact
search of :mod:`.endgame`. At depth 1 the quiet children are valued straight
from the accumulator without making the move. Non-first moves get a
null-window probe first (principal-variation search); on big boards late
quiet moves are probed one ply shallower, and only the best ``BEAM_WIDTH``
moves are tried below the root.

Scores are node-relative: ``WIN_SCORE - p`` is a win ``p`` plies from the
node, so table entries need no ply adjustment. Any horizon, table bound or
candidate limit on the way bumps the ``horizon`` counter: a search that ends
without bumping it is exact.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from ..search_result import MATE_THRESHOLD, WIN_SCORE, ShouldStop
from .endgame import build_endgame
from .move_ordering import build_move_ordering
from .pairing import build_pairing
from .pattern_eval import HISTOGRAM_FIELD_BITS, HISTOGRAM_SHIFT, SUM_BITS, SUM_MASK, TEMPO_WEIGHT, PatternTables
from .threats import first_empty
from .transposition import EXACT, LOWER, SOLVED_DEPTH, UPPER, SymmetryKeys, TranspositionTable

INFINITY = WIN_SCORE + 1_000
#: On boards searched near the stones only, the moves tried below the root (best first).
BEAM_WIDTH = 6
#: Positions with at most this many empty cells, on boards of at most ENDGAME_MAX_CELLS
#: cells, are finished by the lean exact search of :mod:`.endgame`.
ENDGAME_EMPTIES = 3
ENDGAME_MAX_CELLS = 16
#: Boards of at most this many cells, searched on every cell, use the pairing proofs of
#: :mod:`.pairing`: a side cannot win at positions with at least PAIRING_EMPTIES empty
#: cells, or after a blocking reply at those with at least REPLY_EMPTIES ...
PAIRING_MAX_CELLS = 36
PAIRING_EMPTIES = 5
REPLY_EMPTIES = 9
#: ... and boards above FULL_PAIRING_CELLS only at positions with at most
#: PAIRING_MOST_EMPTIES empty cells. (Proofs tried higher up on 6x5, a first-player
#: win, mostly fail and cost more than the subtrees they prune.)
FULL_PAIRING_CELLS = 25
PAIRING_MOST_EMPTIES = 16
#: Rows shorter than this skip the pairing proofs: with k=3 the first player mostly
#: wins fast and the failed proofs doubled the solve time (4x4 k=3: 0.4 -> 1.0 ms).
PAIRING_MIN_K = 4
#: Nodes between two looks at the clock and the cancel callback.
POLL_INTERVAL = 128
#: ``(me, opp, side, depth, alpha, beta, ply) -> (score, best cell)`` for one iteration.
Search = Callable[[int, int, int, int, int, int, int], tuple[int, int]]


class SearchAborted(Exception):
    """Raised inside the recursion when time is up or the caller cancelled."""


def build_negamax(
    tables: PatternTables,
    keys: SymmetryKeys,
    table: TranspositionTable,
    cnt: list[int],
    thr: list[set[int]],
    acc: int,
    packed: int,
    near: int,
    neighbourhood: tuple[int, ...] | None,
    root_cells: int,
    deadline: float,
    should_stop: ShouldStop,
    counters: list[int],
) -> Search:
    """Bind every table to a closure: local lookups are what make the loop fast."""
    geometry = tables.geometry
    lines = geometry.lines
    cell_lines = geometry.cell_lines
    full = geometry.full
    steps = tables.step
    flags = tables.flags
    acc_delta = tables.accumulator_delta
    cells = geometry.cells
    k = geometry.k
    field_bits = HISTOGRAM_FIELD_BITS
    field_mask = (1 << field_bits) - 1
    offset = tables.histogram_offset
    low_mask = (1 << offset) - 1
    hist_shift = HISTOGRAM_SHIFT
    sum_bits = SUM_BITS
    sum_mask = SUM_MASK
    tempo = TEMPO_WEIGHT
    order_bonus = tables.order_bonus
    move_bits = keys.move_bits
    shifts = keys.lane_shifts
    lane_mask = keys.lane_mask
    perms = keys.permutations
    inverses = keys.inverses
    symmetric = keys.uses_symmetry
    # Cells that symmetry ``s`` does not move to a lower cell: the smallest cell of each
    # class of twins passes the masks of every symmetry that leaves the position alone.
    first_of_pair = keys.first_of_pair
    no_twins: list[int] = []
    eight = len(shifts) == 8
    s1, s2, s3, s4, s5, s6, s7 = (tuple(shifts) + (0,) * 8)[1:8]
    restrict = neighbourhood is not None
    endgame_empties = ENDGAME_EMPTIES if cells <= ENDGAME_MAX_CELLS and not restrict else -1
    endgame_nodes = [0]
    endgame = build_endgame(geometry, endgame_nodes)
    ordered, threat_cells, leading = build_move_ordering(tables, cnt)
    near_of = neighbourhood or ()
    beam = BEAM_WIDTH
    recent = table.recent
    recent_get = recent.get
    older_get = table.older.get
    generation_size = table.generation_size
    age = table.age
    tput = table.put
    perf = time.perf_counter
    win1 = WIN_SCORE - 1
    win3 = WIN_SCORE - 3
    lose2 = -(WIN_SCORE - 2)
    nodes = cutoffs = tt_hits = max_ply = horizon = 0
    next_poll = POLL_INTERVAL
    root_move = -1
    cannot_win, blocking_reply = build_pairing(geometry, cnt)
    pairing = cells <= PAIRING_MAX_CELLS and k >= PAIRING_MIN_K and not restrict
    pairing_empties = PAIRING_EMPTIES if pairing else cells + 1
    reply_empties = REPLY_EMPTIES if pairing else cells + 1
    pairing_most = cells if cells <= FULL_PAIRING_CELLS else PAIRING_MOST_EMPTIES
    # ``unpaired[ply]``: the side to move at ``ply`` has no pairing, so neither has
    # the same side one ply deeper (its own move never helps it).
    unpaired = [False] * (cells + 2)

    def poll() -> None:
        counters[0], counters[1], counters[2], counters[3], counters[4] = (
            nodes + endgame_nodes[0],
            cutoffs,
            tt_hits,
            max_ply,
            horizon,
        )
        if perf() >= deadline or should_stop():
            raise SearchAborted

    def negamax(me: int, opp: int, side: int, depth: int, alpha: int, beta: int, ply: int) -> int:
        nonlocal next_poll, nodes, cutoffs, tt_hits, max_ply, horizon, acc, packed, near, root_move
        nodes += 1
        if nodes >= next_poll:
            next_poll = nodes + POLL_INTERVAL
            poll()
        if ply > max_ply:
            max_ply = ply
        my_threats = thr[side]
        occupied = me | opp
        if my_threats:
            if not ply:
                for line in my_threats:
                    root_move = (lines[line] & ~occupied).bit_length() - 1
                    break
            return win1
        their_threats = thr[side ^ 1]
        forced = 0
        if their_threats:
            for line in their_threats:
                forced |= lines[line]
            forced &= ~occupied
            if forced & (forced - 1):
                if not ply:
                    root_move = (forced & -forced).bit_length() - 1
                return lose2
        # Can either side still fill a line with the moves it has left?
        histograms = acc >> hist_shift
        empties = cells - occupied.bit_count()
        if side:
            mine, theirs = histograms & low_mask, histograms >> offset
        else:
            mine, theirs = histograms >> offset, histograms & low_mask
        # Can each side still win? (See the module notes: need <= lines, or need < lines.)
        i_can = they_can = reachable = False
        if mine:
            need = k - (mine.bit_length() - 1) // field_bits
            moves_left = (empties + 1) >> 1
            if need <= moves_left:
                reachable = True
                viable = mine >> field_bits * (k - moves_left) if moves_left < k else mine
                count = 0
                while viable and count < need:
                    count += viable & field_mask
                    viable >>= field_bits
                i_can = count >= need
        if theirs:
            need = k - (theirs.bit_length() - 1) // field_bits
            moves_left = empties >> 1
            if need <= moves_left:
                reachable = True
                viable = theirs >> field_bits * (k - moves_left) if moves_left < k else theirs
                count = 0
                while viable and count <= need:
                    count += viable & field_mask
                    viable >>= field_bits
                they_can = count > need
        if pairing and pairing_empties <= empties <= pairing_most:
            failed = False
            if i_can and alpha >= 0:
                if cannot_win(side, occupied):
                    i_can = False
                else:
                    failed = True
            if they_can and beta <= 0 and not (ply and unpaired[ply - 1]) and cannot_win(side ^ 1, occupied):
                they_can = False
            unpaired[ply] = failed
        elif pairing:
            unpaired[ply] = False
        if not i_can:
            if not they_can:
                if ply:
                    return 0
                if not reachable:  # no line can be filled: every move draws
                    root_move = first_empty(geometry.centre_order, occupied)
                    return 0
                # A drawn root where a careless move may still lose: find a drawing one.
                alpha, beta = max(alpha, -1), min(beta, 1)
            if ply and alpha >= 0:
                return 0
            if beta > 0:
                beta = 0
        elif not they_can:
            if ply and beta <= 0:
                return 0
            if alpha < 0:
                alpha = 0
        if empties <= endgame_empties and ply and depth >= empties:
            return endgame(me, opp, alpha, beta)
        if depth <= 0 and not forced:
            horizon += 1
            if side:
                value = tempo * (acc & sum_mask) - (acc >> sum_bits & sum_mask)
            else:
                value = tempo * (acc >> sum_bits & sum_mask) - (acc & sum_mask)
            # A side that cannot win is at best drawing; one that cannot lose, at worst.
            if not i_can:
                return value if value < 0 else 0
            if not they_can:
                return value if value > 0 else 0
            return value

        # A move that makes two winning cells wins in three plies, the fastest a side
        # without a threat can: found before the table (nothing is stored for it).
        threats = -1
        if ply and not forced and depth != 1 and not restrict:
            threats = threat_cells(full & ~occupied, side, occupied)
            if threats < 0:
                return win3

        # -- transposition table ------------------------------------------
        twins_mask = root_cells if not ply else full
        stabiliser = no_twins
        if symmetric:
            if eight:
                lanes = [
                    packed & lane_mask,
                    packed >> s1 & lane_mask,
                    packed >> s2 & lane_mask,
                    packed >> s3 & lane_mask,
                    packed >> s4 & lane_mask,
                    packed >> s5 & lane_mask,
                    packed >> s6 & lane_mask,
                    packed >> s7 & lane_mask,
                ]
            else:
                lanes = [
                    packed & lane_mask,
                    packed >> s1 & lane_mask,
                    packed >> s2 & lane_mask,
                    packed >> s3 & lane_mask,
                ]
            key = min(lanes)
            turned = lanes.index(key)
            entry = recent_get(key)
            if entry is None:
                entry = older_get(key)
                if entry is not None:
                    tput(key, entry)
            if lanes.count(lanes[0]) > 1:
                # The position is its own mirror image: keep one cell per class of twins.
                stabiliser = [n for n in range(1, len(lanes)) if lanes[n] == lanes[0]]
                for number in stabiliser:
                    twins_mask &= first_of_pair[number]
        else:
            key = packed & lane_mask
            turned = 0
            entry = recent_get(key)
            if entry is None:
                entry = older_get(key)
                if entry is not None:
                    tput(key, entry)
        tt_move = -1
        if entry is not None:
            e_depth, e_flag, e_score, e_move = entry
            if (
                ply
                and e_depth >= depth
                and (e_flag == EXACT or (e_flag == LOWER and e_score >= beta) or (e_flag == UPPER and e_score <= alpha))
            ):
                tt_hits += 1
                if e_depth < SOLVED_DEPTH:
                    horizon += 1
                return e_score
            if e_move >= 0:
                tt_move = inverses[turned][e_move] if turned else e_move
                if stabiliser and not twins_mask >> tt_move & 1:
                    tt_move = min([tt_move] + [perms[number][tt_move] for number in stabiliser])
        horizon_before = horizon
        if reply_empties <= empties <= pairing_most and they_can and beta <= 0 and ply and (not forced):
            # A reply after which a pairing proves the opponent cannot win: at least a draw.
            cell = blocking_reply(side ^ 1, occupied, full & ~occupied & twins_mask)
            if cell >= 0:
                cutoffs += 1
                recent[key] = (SOLVED_DEPTH, LOWER, 0, perms[turned][cell] if turned else cell)
                return 0

        # -- move list: the table's move first, the rest only if it does not cut --
        pending = False
        if forced:
            order = [forced.bit_length() - 1]
            child_depth = depth  # a forced block is free: a threat-space extension
            candidates = 0
        else:
            child_depth = depth - 1
            empty = full & ~occupied
            if restrict:
                candidates = empty & near
                if not candidates:
                    candidates = empty
                elif candidates != empty:
                    horizon += 1
            else:
                candidates = empty
            candidates &= twins_mask
            bonus = order_bonus[side]
            if depth == 1 and ply:
                order = []
            elif tt_move >= 0 and candidates >> tt_move & 1:
                order = [tt_move]
                pending = True
            else:
                if threats < 0:
                    threats = threat_cells(candidates, side, occupied)
                    if threats < 0:
                        # Two new winning cells at once: the opponent (who has none)
                        # blocks one.
                        return double_threat(~threats, key, turned, ply, horizon_before)
                # Only the best threat-making move, if there is one; the rest on demand.
                order = leading(candidates, threats & candidates, bonus)
                pending = len(order) == 1
                if restrict and ply and len(order) > beam:
                    del order[beam:]

        # -- search --------------------------------------------------------
        step = steps[side]
        side_flags = flags[side]
        side_delta = acc_delta[side]
        side_bits = move_bits[side]
        other = side ^ 1
        alpha_before = alpha
        best = -INFINITY
        best_move = order[0] if order else -1
        if depth == 1 and ply and not forced:
            # The frontier: every quiet child is a horizon node, valued straight from
            # the accumulator after the move, with no move made. Moves that make a
            # threat get a real (forced, extended) search afterwards.
            bits = candidates
            while bits:
                low = bits & -bits
                cell = low.bit_length() - 1
                bits ^= low
                after = acc
                threats = 0
                for line in cell_lines[cell]:
                    code = cnt[line]
                    after += side_delta[code]
                    if side_flags[code] & 1:
                        threats |= lines[line]
                if threats:
                    threats &= ~(occupied | low)
                    if threats & (threats - 1):
                        return double_threat(cell, key, turned, ply, horizon_before)
                    order.append(cell)
                    continue
                horizon += 1
                nodes += 1
                if side:
                    score = (after & sum_mask) - tempo * (after >> sum_bits & sum_mask)
                else:
                    score = (after >> sum_bits & sum_mask) - tempo * (after & sum_mask)
                if score > best:
                    best = score
                    best_move = cell
                    if score > alpha:
                        alpha = score
                        if alpha >= beta:
                            cutoffs += 1
                            order = []
                            break
        # Child windows: a mate bound moves one ply further from the child's view.
        if beta > MATE_THRESHOLD:
            child_alpha = -beta - 1
        elif beta < -MATE_THRESHOLD:
            child_alpha = -beta + 1
        else:
            child_alpha = -beta
        if alpha > MATE_THRESHOLD:
            child_beta = -alpha - 1
        elif alpha < -MATE_THRESHOLD:
            child_beta = -alpha + 1
        else:
            child_beta = -alpha
        index = 0
        while index < len(order):
            cell = order[index]
            index += 1
            saved_acc = acc
            saved_packed = packed
            saved_near = near
            quiet = True
            for line in cell_lines[cell]:
                code = cnt[line]
                cnt[line] = code + step
                acc += side_delta[code]
                f = side_flags[code]
                if f:
                    if f & 1:
                        my_threats.add(line)
                        quiet = False
                    if f & 2:
                        their_threats.discard(line)
            packed |= side_bits[cell]
            mine = me | (1 << cell)
            if index > 1 and -MATE_THRESHOLD < alpha < MATE_THRESHOLD:
                # Principal-variation search: prove the move no better than the best
                # so far with a null window (at reduced depth for late quiet moves on
                # big boards), and search it properly only if that fails.
                if restrict:
                    near |= near_of[cell]
                reduced = child_depth
                if restrict and quiet and index > 3 and child_depth >= 2:
                    reduced -= 1
                score = -negamax(opp, mine, other, reduced, -alpha - 1, -alpha, ply + 1)
                if score > MATE_THRESHOLD:
                    score -= 1
                elif score < -MATE_THRESHOLD:
                    score += 1
                if score > alpha and (reduced < child_depth or score < beta):
                    score = -negamax(opp, mine, other, child_depth, child_alpha, child_beta, ply + 1)
                    if score > MATE_THRESHOLD:
                        score -= 1
                    elif score < -MATE_THRESHOLD:
                        score += 1
            else:
                if restrict:
                    near |= near_of[cell]
                score = -negamax(opp, mine, other, child_depth, child_alpha, child_beta, ply + 1)
                if score > MATE_THRESHOLD:
                    score -= 1
                elif score < -MATE_THRESHOLD:
                    score += 1
            for line in cell_lines[cell]:
                code = cnt[line] - step
                cnt[line] = code
                f = side_flags[code]
                if f & 3:
                    if f & 1:
                        my_threats.discard(line)
                    if f & 2:
                        their_threats.add(line)
            acc = saved_acc
            packed = saved_packed
            near = saved_near
            if score > best:
                best = score
                best_move = cell
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        cutoffs += 1
                        break
                    if alpha > MATE_THRESHOLD:
                        child_beta = -alpha - 1
                    elif alpha < -MATE_THRESHOLD:
                        child_beta = -alpha + 1
                    else:
                        child_beta = -alpha
            if pending and index == len(order):
                pending = False
                rest = candidates
                for cell in order:
                    rest &= ~(1 << cell)
                if rest:
                    rest_order = ordered(rest, side, occupied, bonus)
                    if rest_order[0] < 0:
                        return double_threat(~rest_order[0], key, turned, ply, horizon_before)
                    order.extend(rest_order)
                    if restrict and ply and len(order) > beam:
                        del order[beam:]
        if not ply:
            root_move = best_move
        if best <= alpha_before:
            flag = UPPER
        elif best >= beta:
            flag = LOWER
        else:
            flag = EXACT
        stored_depth = SOLVED_DEPTH if horizon == horizon_before else depth
        cell_key = perms[turned][best_move] if turned else best_move
        recent[key] = (stored_depth, flag, best, cell_key)
        if len(recent) >= generation_size:
            age()
        return best

    def double_threat(cell: int, key: int, turned: int, ply: int, horizon_before: int) -> int:
        """Record and score a move that makes two winning cells: a win in three plies."""
        nonlocal root_move, horizon
        if not ply:
            root_move = cell
        tput(key, (SOLVED_DEPTH, EXACT, win3, perms[turned][cell] if turned else cell))
        horizon = horizon_before
        return win3

    def run(me: int, opp: int, side: int, depth: int, alpha: int, beta: int, ply: int) -> tuple[int, int]:
        nonlocal root_move
        root_move = -1
        if ply:
            unpaired[ply - 1] = False  # no parent in this search
        try:
            score = negamax(me, opp, side, depth, alpha, beta, ply)
        finally:
            counters[0], counters[1], counters[2], counters[3], counters[4] = (
                nodes + endgame_nodes[0],
                cutoffs,
                tt_hits,
                max_ply,
                horizon,
            )
        return score, root_move

    return run
