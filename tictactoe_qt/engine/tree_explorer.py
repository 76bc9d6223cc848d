"""A lazily expanded game tree for teaching minimax and alpha-beta.

:class:`GameTreeExplorer` hands out the children of any node (a path of
moves from the root) with their move, minimax value and plies. In
alpha-beta mode it also replays a textbook alpha-beta search from the root
(:func:`trace_alphabeta`) and reports, per node, the (alpha, beta) window it
was searched with and which children were pruned, and why.

The trace is written the textbook way (the board's first side, ``"x"``,
maximises, the other minimises, scores from the first side's view) rather
than as negamax, so its windows read the way students meet them in books.
Wins count from the root: the first side winning at ply ``p`` scores
``WIN_SCORE - p``, so sooner wins are better. Texts write the players of the
sides as a :class:`~.side_names.SideNames` says (who moved first, their marks).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from . import coordinates
from .board import Board, Mark, Move
from .search_result import MATE_THRESHOLD, WIN_SCORE, ShouldStop, never_stop
from .side_names import BOARD_NAMES, SideNames
from .tree_counts import MAX_LEVEL_POSITIONS, DepthCounts, count_per_depth
from .tree_values import NodeValue, ValueOracle, open_lines_balance

Path = tuple[int, ...]
INFINITY = float("inf")
#: The trace refuses to grow beyond this many visited nodes.
MAX_TRACE_NODES = 400_000


class TraceTooLargeError(ValueError):
    """An alpha-beta trace that would visit too many nodes to keep."""


@dataclass(frozen=True)
class Cut:
    """Why a node stopped searching its children early.

    Attributes:
        after: the child whose value caused the cut.
        bound: ``"beta"`` at a MAX (X) node, ``"alpha"`` at a MIN (O) node.
        value: that child's value (X's view, root plies).
        limit: the bound it reached.
        pruned: the children never searched.
    """

    after: Move
    bound: str
    value: float
    limit: float
    pruned: tuple[Move, ...]


@dataclass(frozen=True)
class TraceNode:
    """One node alpha-beta visited: its entry window and the value it returned."""

    alpha: float
    beta: float
    value: float
    maximizing: bool
    cut: Cut | None = None


@dataclass
class AlphaBetaTrace:
    """Everything one alpha-beta run from the root did, keyed by path."""

    nodes: dict[Path, TraceNode] = field(default_factory=dict)
    #: Path of each pruned child -> the cut that skipped it.
    pruned: dict[Path, Cut] = field(default_factory=dict)
    visited_per_depth: list[int] = field(default_factory=list)
    depth: int | None = None
    ordering: bool = False

    @property
    def visited(self) -> int:
        return len(self.nodes)

    def short_reason(self, path: Path) -> str | None:
        """A few words for a table cell: 'alpha cut-off after row 1, column 2'."""
        cut = self.pruned.get(path)
        return None if cut is None else cut_summary(cut)

    def reason(self, path: Path, names: SideNames = BOARD_NAMES) -> str | None:
        """Why the branch at ``path`` was pruned, or ``None`` if it was not."""
        cut = self.pruned.get(path)
        return None if cut is None else cut_reason(cut, len(path) - 1, names)


def cut_summary(cut: Cut) -> str:
    """A few words for a table cell: 'alpha cut-off after row 1, column 2'."""
    return f"{cut.bound} cut-off after {move_text(cut.after)}"


def cut_reason(cut: Cut, node_depth: int, names: SideNames = BOARD_NAMES) -> str:
    """Why ``cut`` skipped the rest of a node ``node_depth`` plies below the root."""
    value = describe_x_score(cut.value, node_depth, names)
    limit = describe_x_score(cut.limit, node_depth, names)
    maximiser, minimiser = names.name_of_side(0), names.name_of_side(1)
    if cut.bound == "beta":
        return (
            f"beta cut-off: after {move_text(cut.after)} {maximiser} can already get {value}, "
            f"at least beta = {limit}; {minimiser} will avoid this position, "
            "so the rest is skipped"
        )
    return (
        f"alpha cut-off: after {move_text(cut.after)} {minimiser} can hold {maximiser} to "
        f"{value}, no better than alpha = {limit}; {maximiser} will avoid this position, "
        "so the rest is skipped"
    )


def move_text(move: Move) -> str:
    """``row 2, column 3``: the people-facing name of a cell (see :mod:`.coordinates`)."""
    return coordinates.move_text(move)


def describe_x_score(score: float, node_depth: int = 0, names: SideNames = BOARD_NAMES) -> str:
    """A first-side-view score with root plies as text seen from a node ``node_depth`` deep.

    ``names`` writes the winner: the player of the board's side 0 for a positive score.
    """
    if score == INFINITY:
        return "+inf"
    if score == -INFINITY:
        return "-inf"
    if abs(score) >= MATE_THRESHOLD:
        winner = names.name_of_side(0 if score > 0 else 1)
        return f"{winner} wins in {int(WIN_SCORE - abs(score)) - node_depth}"
    if score == 0:
        return "draw (0)"
    return f"{score:+g}"


def trace_alphabeta(
    board: Board,
    depth: int | None = None,
    ordering: bool = False,
    max_nodes: int = MAX_TRACE_NODES,
    should_stop: ShouldStop = never_stop,
) -> AlphaBetaTrace:
    """Run textbook alpha-beta from ``board`` and record every window and cut.

    Args:
        board: the root; it is not changed.
        depth: plies to search; ``None`` searches to the end of the game.
        ordering: centre-first move order instead of row by row.
        max_nodes: refuse to record more visited nodes than this.
        should_stop: checked every few hundred nodes.

    Raises:
        TraceTooLargeError: the search visits more than ``max_nodes`` nodes,
            or ``should_stop`` asked it to stop.
    """
    trace = AlphaBetaTrace(depth=depth, ordering=ordering)
    geometry = board.geometry
    order = geometry.centre_order if ordering else tuple(range(geometry.cells))
    cols = board.config.cols
    work = board.copy()
    limit = INFINITY if depth is None else depth

    def visit(path: Path, alpha: float, beta: float) -> float:
        ply = len(path)
        if len(trace.nodes) >= max_nodes:
            raise TraceTooLargeError(
                f"alpha-beta visits more than {max_nodes:,} nodes from {board.notation()};"
                " choose a smaller depth"
            )
        if len(trace.nodes) % 512 == 0 and should_stop():
            raise TraceTooLargeError("the alpha-beta trace was cancelled")
        while len(trace.visited_per_depth) <= ply:
            trace.visited_per_depth.append(0)
        trace.visited_per_depth[ply] += 1
        maximizing = work.side == 0
        winner = work.winner()
        if winner is not None or work.is_full() or ply >= limit:
            if winner is not None:
                value = float(WIN_SCORE - ply) if winner == "x" else float(ply - WIN_SCORE)
            elif work.is_full():
                value = 0.0
            else:
                value = float(open_lines_balance(geometry, work.bits[0], work.bits[1]))
            trace.nodes[path] = TraceNode(alpha, beta, value, maximizing)
            return value
        empty = work.empty
        moves = [cell for cell in order if empty >> cell & 1]
        trace.nodes[path] = TraceNode(alpha, beta, 0.0, maximizing)  # placeholder, keeps order
        best = -INFINITY if maximizing else INFINITY
        cut: Cut | None = None
        for number, cell in enumerate(moves):
            work.push_index(cell)
            value = visit(path + (cell,), alpha, beta)
            work.pop()
            if maximizing:
                best = max(best, value)
                if best >= beta:
                    cut = _cut(cell, "beta", best, beta, moves[number + 1 :], cols)
                    break
                alpha = max(alpha, best)
            else:
                best = min(best, value)
                if best <= alpha:
                    cut = _cut(cell, "alpha", best, alpha, moves[number + 1 :], cols)
                    break
                beta = min(beta, best)
        entry = trace.nodes[path]
        trace.nodes[path] = TraceNode(entry.alpha, entry.beta, best, maximizing, cut)
        if cut is not None:
            for move in cut.pruned:
                trace.pruned[path + (move.index(cols),)] = cut
        return best

    if board.is_game_over():
        raise ValueError(f"the game is over on {board.notation()}; there is no tree to search")
    visit((), -INFINITY, INFINITY)
    return trace


def _cut(cell: int, bound: str, value: float, limit: float, rest: list[int], cols: int) -> Cut:
    pruned = tuple(Move.from_index(i, cols) for i in rest)
    return Cut(Move.from_index(cell, cols), bound, value, limit, pruned)


@dataclass(frozen=True)
class TreeChild:
    """One child row of the explorer.

    The facts name the board's sides (``mover``, ``status``); :meth:`pruned_reason`
    and the texts of :mod:`.value_notation` write their players with a
    :class:`~.side_names.SideNames`.

    Attributes:
        path: cell indices from the root to this child.
        move: the move leading here; the board's side ``mover`` made it.
        value: the child position's minimax value (for its side to move).
        status: ``"ongoing"``, ``"x_won"``, ``"o_won"`` or ``"draw"`` (board sides).
        window: the (alpha, beta) alpha-beta searched it with, the first side's view.
        cut: the cut-off that made alpha-beta skip it, when it did.
    """

    path: Path
    move: Move
    mover: Mark
    value: NodeValue
    status: str
    window: tuple[float, float] | None = None
    trace_value: float | None = None
    cut: Cut | None = None
    #: Plies from the parent to the end with best play, the move included
    #: (a draw fills the board); ``None`` when the value is a heuristic.
    plies: int | None = None

    @property
    def pruned(self) -> bool:
        """True when alpha-beta skipped this child."""
        return self.cut is not None

    def pruned_reason(self, names: SideNames = BOARD_NAMES) -> str | None:
        """Why alpha-beta skipped this child, its players written by ``names``."""
        return None if self.cut is None else cut_reason(self.cut, len(self.path) - 1, names)

    def pruned_summary(self) -> str | None:
        """The same in a few words."""
        return None if self.cut is None else cut_summary(self.cut)


def _plies_with_move(value: NodeValue, empty_after: int) -> int | None:
    if value.result is None:
        return None
    if value.result == "draw":
        return empty_after + 1
    assert value.plies is not None
    return value.plies + 1


class GameTreeExplorer:
    """The game tree below one position, expanded on demand.

    Args:
        board: the root position (copied).
        oracle: values positions; a fresh :class:`ValueOracle` by default.
    """

    def __init__(self, board: Board, oracle: ValueOracle | None = None) -> None:
        self.root = board.copy()
        self.oracle = oracle or ValueOracle()
        self.trace: AlphaBetaTrace | None = None

    def board_at(self, path: Path) -> Board:
        """A copy of the position reached by ``path`` from the root."""
        board = self.root.copy()
        for cell in path:
            board.push_index(cell)
        return board

    def move_order(self) -> list[int]:
        """Cells in the order children are listed: the trace's order."""
        geometry = self.root.geometry
        if self.trace is not None and self.trace.ordering:
            return list(geometry.centre_order)
        return list(range(geometry.cells))

    def run_trace(
        self, depth: int | None = None, ordering: bool = False, should_stop: ShouldStop = never_stop
    ) -> AlphaBetaTrace:
        """Replay alpha-beta from the root so children carry windows and prunings."""
        self.trace = trace_alphabeta(self.root, depth, ordering, should_stop=should_stop)
        return self.trace

    def clear_trace(self) -> None:
        """Back to plain minimax mode."""
        self.trace = None

    def children(self, path: Path = (), should_stop: ShouldStop = never_stop) -> list[TreeChild]:
        """The children of the node at ``path``, valued, in move order."""
        board = self.board_at(path)
        if board.is_game_over():
            return []
        cols = board.config.cols
        empty = board.empty
        mover = board.turn
        out = []
        for cell in self.move_order():
            if not empty >> cell & 1:
                continue
            board.push_index(cell)
            value = self.oracle.value(board, should_stop)
            child_path = path + (cell,)
            window = trace_value = cut = None
            if self.trace is not None:
                node = self.trace.nodes.get(child_path)
                if node is not None:
                    window, trace_value = (node.alpha, node.beta), node.value
                cut = self.trace.pruned.get(child_path)
            child = TreeChild(
                child_path,
                Move.from_index(cell, cols),
                mover,
                value,
                board.status,
                window,
                trace_value,
                cut,
                _plies_with_move(value, board.geometry.cells - board.ply),
            )
            board.pop()
            out.append(child)
        return out

    def depth_counts(
        self, max_level_positions: int = MAX_LEVEL_POSITIONS, should_stop: ShouldStop = never_stop
    ) -> DepthCounts:
        """Nodes per depth of the full tree below the root (games stop at a win)."""
        return count_per_depth(
            self.root,
            max_level_positions,
            should_stop,
            self.trace.visited_per_depth if self.trace else None,
        )
