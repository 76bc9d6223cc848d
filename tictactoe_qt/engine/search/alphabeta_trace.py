"""A record of every node alpha-beta visits, for the game-tree explorer.

:func:`alphabeta_trace` runs the same search as :func:`.alphabeta_search`
without a table (same move order, same cut-offs, same node count) and
writes down, for each node, the (alpha, beta) window it was searched
with, the value it returned and which children were pruned and why.

Windows, values and reasons are given the way textbooks draw them: from
the point of view of the player to move at the root (the MAX player).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..board import Board, Move
from ..evaluation import open_lines_score
from ..search_result import WIN_SCORE
from .alphabeta import cell_order, ordering_name
from .minimax import check_depth

#: Why a child was not searched.
BETA_CUTOFF = "beta cutoff"  # a MAX node reached beta: MIN above will avoid it
ALPHA_CUTOFF = "alpha cutoff"  # a MIN node fell to alpha: MAX above will avoid it
WINNING_MOVE = "winning move"  # a move here wins at once; nothing can do better
FASTER_WIN = "faster win elsewhere"  # the mover already has a sooner win elsewhere
#: Larger than any score; reported as an infinite bound.
_INFINITY = WIN_SCORE + 1

#: A trace longer than this is refused: it is meant for small positions.
MAX_TRACE_NODES = 200_000


@dataclass(frozen=True)
class Pruned:
    """A child alpha-beta never searched."""

    move: Move
    reason: str


@dataclass(frozen=True)
class TraceNode:
    """One visited node. ``value`` is exact, or a bound when the window cut it."""

    path: tuple[Move, ...]
    maximizing: bool
    alpha: float
    beta: float
    value: float
    #: ``"exact"``, ``"lower"`` (the true value is at least ``value``) or ``"upper"``.
    bound: str
    #: True for game-over positions and depth cut-offs.
    leaf: bool
    pruned: tuple[Pruned, ...] = ()


class TraceTooLarge(ValueError):
    """The position's alpha-beta tree is too big to record node by node."""


def alphabeta_trace(
    board: Board, depth: int | None = None, ordering: bool | str = True
) -> list[TraceNode]:
    """Every node :func:`.alphabeta_search` visits (no table), root first, in visit order.

    Raises:
        ValueError: bad ``depth`` or ``ordering``.
        TraceTooLarge: more than :data:`MAX_TRACE_NODES` nodes.
    """
    check_depth(depth)
    mode = ordering_name(ordering)
    if board.is_game_over():
        return []
    geometry = board.geometry
    cols = geometry.cols
    order = [(cell, 1 << cell) for cell in cell_order(geometry, mode)]
    capped = mode != "none"
    wins_first = mode == "wins"
    trace: list[TraceNode] = []

    def visit(me: int, opp: int, path: tuple[int, ...], alpha: int, beta: int) -> int:
        """Negamax value for the side holding ``me``; records the node in ``trace``."""
        if len(trace) >= MAX_TRACE_NODES:
            raise TraceTooLarge(
                f"the alpha-beta tree of {board.notation()!r} has over {MAX_TRACE_NODES:,} nodes"
            )
        index = len(trace)
        d = len(path)
        node = _Node(path, alpha, beta)
        trace.append(node.freeze(cols))  # placeholder: keeps the visit order
        if path and geometry.wins_with(opp, path[-1]):
            node.close(-(WIN_SCORE - d), alpha, beta, leaf=True)
        elif me | opp == geometry.full:
            node.close(0, alpha, beta, leaf=True)
        elif depth is not None and d >= depth:
            node.close(open_lines_score(geometry, me, opp), alpha, beta, leaf=True)
        else:
            search_children(node, me, opp)
        trace[index] = node.freeze(cols)
        return node.value

    def search_children(node: _Node, me: int, opp: int) -> None:
        path, alpha, beta = node.path, node.alpha, node.beta
        moves = [(cell, bit) for cell, bit in order if not (me | opp) & bit]
        win1 = WIN_SCORE - len(path) - 1
        if wins_first:
            for cell, bit in moves:
                if geometry.wins_with(me | bit, cell):
                    visit(opp, me | bit, path + (cell,), -beta, -alpha)
                    node.pruned = [(other, WINNING_MOVE) for other, _ in moves if other != cell]
                    node.close(win1, alpha, beta)
                    return
        if capped and beta > win1:
            beta = win1  # nothing here can beat a win with this move
            if alpha >= beta:
                node.pruned = [(cell, FASTER_WIN) for cell, _ in moves]
                node.close(win1, alpha, beta)
                return
        best = -_INFINITY
        window_low = alpha
        for position, (cell, bit) in enumerate(moves):
            score = -visit(opp, me | bit, path + (cell,), -beta, -alpha)
            best = max(best, score)
            alpha = max(alpha, score)
            if alpha >= beta:
                reason = WINNING_MOVE if capped and score == win1 else _CUT
                node.pruned = [(rest, reason) for rest, _ in moves[position + 1 :]]
                break
        node.close(best, window_low, beta)

    visit(board.bits[board.side], board.bits[1 - board.side], (), -_INFINITY, _INFINITY)
    return trace


_CUT = "cut"


class _Node:
    """A node being searched, in negamax terms (the side to move's view)."""

    def __init__(self, path: tuple[int, ...], alpha: int, beta: int) -> None:
        self.path = path
        self.alpha = alpha
        self.beta = beta
        self.value = 0
        self.bound = "exact"
        self.leaf = False
        self.pruned: list[tuple[int, str]] = []

    def close(self, value: int, alpha: int, beta: int, leaf: bool = False) -> None:
        """Set the value; it is a bound when it fell outside the (possibly capped) window."""
        self.value = value
        self.leaf = leaf
        if leaf:
            self.bound = "exact"
        elif value <= alpha:
            self.bound = "upper"
        elif value >= beta and not value == WIN_SCORE - len(self.path) - 1:
            self.bound = "lower"
        else:
            self.bound = "exact"

    def freeze(self, cols: int) -> TraceNode:
        """The node from the root player's point of view."""
        maximizing = len(self.path) % 2 == 0
        sign = 1 if maximizing else -1
        low, high = (self.alpha, self.beta) if maximizing else (-self.beta, -self.alpha)
        bound = self.bound
        if not maximizing and bound != "exact":
            bound = "lower" if bound == "upper" else "upper"
        return TraceNode(
            path=tuple(Move.from_index(cell, cols) for cell in self.path),
            maximizing=maximizing,
            alpha=_shown(low),
            beta=_shown(high),
            value=sign * self.value,
            bound=bound,
            leaf=self.leaf,
            pruned=tuple(
                Pruned(Move.from_index(cell, cols), _max_view(reason, maximizing))
                for cell, reason in self.pruned
            ),
        )


def _max_view(reason: str, maximizing: bool) -> str:
    """A plain cut-off is a beta cut-off at MAX nodes and an alpha cut-off at MIN nodes."""
    if reason != _CUT:
        return reason
    return BETA_CUTOFF if maximizing else ALPHA_CUTOFF


def _shown(bound: int) -> float:
    """Infinite windows as ``inf``; everything else as it is."""
    if bound >= _INFINITY:
        return float("inf")
    if bound <= -_INFINITY:
        return float("-inf")
    return float(bound)
