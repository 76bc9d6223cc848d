"""A lazily expanded game tree for teaching minimax and alpha-beta.

:class:`GameTreeExplorer` hands out the children of any node (a path of
cells from the root) with their move and value. Without a depth limit the value
is the exact game value; with one it is the depth-limited minimax value that a
search with that limit backs up (the evaluation option's value at the limit),
from MAX's view (the side to move at the root). In alpha-beta mode it also runs
a traced alpha-beta search from the root with the chosen
:class:`~.trace.TextbookOptions` (:mod:`.tree_trace`: the same nodes and cut-offs
as ``trace``) and reports, per node, the (alpha, beta) window it was searched
with and which children were pruned, and why. Texts write the players of the
sides as a :class:`~..text.side_names.SideNames` says (who moved first, their marks).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..game.board import Board, Mark, Move
from ..search_result import ShouldStop, never_stop
from ..text.side_names import BOARD_NAMES, SideNames
from .trace import TextbookOptions
from .trace.counted_search import limited_values, move_order
from .tree_counts import MAX_LEVEL_POSITIONS, DepthCounts, count_per_depth
from .tree_trace import (
    MAX_TRACE_NODES,
    AlphaBetaTrace,
    Cut,
    Path,
    ScoreView,
    TraceNode,
    TraceTooLargeError,
    cut_reason,
    cut_summary,
    move_text,
    trace_alphabeta,
)
from .tree_values import NodeValue, ValueOracle

__all__ = [
    "MAX_TRACE_NODES",
    "AlphaBetaTrace",
    "Cut",
    "GameTreeExplorer",
    "Path",
    "ScoreView",
    "TraceNode",
    "TraceTooLargeError",
    "TreeChild",
    "count_per_depth",
    "cut_reason",
    "cut_summary",
    "move_text",
    "trace_alphabeta",
]


@dataclass(frozen=True)
class TreeChild:
    """One child row of the explorer.

    The facts name the board's sides (``mover``, ``status``); :meth:`pruned_reason`
    and the texts of :mod:`..text.value_notation` write their players with a
    :class:`~..text.side_names.SideNames`.

    Attributes:
        path: cell indices from the root to this child.
        move: the move leading here; the board's side ``mover`` made it.
        value: the child position's exact value (for its side to move), without a
            depth limit; ``None`` with one (``limited`` holds the value then).
        status: ``"ongoing"``, ``"x_won"``, ``"o_won"`` or ``"draw"`` (board sides).
        window: the (alpha, beta) alpha-beta searched it with, in the trace's view.
        cut: the cut-off that made alpha-beta skip it, when it did.
        limited: the depth-limited minimax value, MAX's view (with a depth limit).
        beyond_limit: the child lies deeper than the depth limit (no value).
        table: the transposition table answered for it (its children were not searched).
        view: how the trace's and the limited values read.
    """

    path: Path
    move: Move
    mover: Mark
    value: NodeValue | None
    status: str
    window: tuple[float, float] | None = None
    trace_value: float | None = None
    cut: Cut | None = None
    #: Plies from the parent to the end with best play, the move included
    #: (a draw fills the board); ``None`` when the value is a heuristic.
    plies: int | None = None
    limited: float | None = None
    beyond_limit: bool = False
    table: bool = False
    view: ScoreView = ScoreView()

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


def _plies_with_move(value: NodeValue | None, empty_after: int) -> int | None:
    if value is None or value.result is None:
        return None
    if value.result == "draw":
        return empty_after + 1
    assert value.plies is not None
    return value.plies + 1


class GameTreeExplorer:
    """The game tree below one position, expanded on demand.

    Args:
        board: the root position (copied).
        oracle: values positions exactly; a fresh :class:`ValueOracle` by default.
        options: the textbook options of the trace and of the depth-limited values.
        depth: a depth limit (plies below the root): values are then depth-limited.
    """

    def __init__(
        self,
        board: Board,
        oracle: ValueOracle | None = None,
        options: TextbookOptions = TextbookOptions(),
        depth: int | None = None,
    ) -> None:
        self.root = board.copy()
        self.oracle = oracle or ValueOracle()
        self.options = options
        self.depth = depth
        self.trace: AlphaBetaTrace | None = None
        #: Limited values are MAX's, in the textbook form's view.
        self.value_view = ScoreView(board.side, options.scoring, negamax=False)
        self._limited = None if depth is None else limited_values(board, options, depth)
        self._order = move_order(board.geometry, "none" if options.ordering == "table" else options.ordering)

    def board_at(self, path: Path) -> Board:
        """A copy of the position reached by ``path`` from the root."""
        board = self.root.copy()
        for cell in path:
            board.push_index(cell)
        return board

    def run_trace(self, algorithm: str = "alphabeta", should_stop: ShouldStop = never_stop) -> AlphaBetaTrace:
        """Trace ``algorithm`` from the root so children carry windows and prunings.

        Raises:
            TraceTooLargeError: too many nodes, or cancelled.
            OptionsError: options that do not fit ``algorithm``.
        """
        self.trace = trace_alphabeta(self.root, self.depth, self.options, algorithm, should_stop=should_stop)
        return self.trace

    def clear_trace(self) -> None:
        """Back to plain minimax mode."""
        self.trace = None

    def move_order(self, board: Board, path: Path) -> list[int]:
        """The node's moves in the order children are listed: the trace's, where it went."""
        me, opp = board.bits[board.side], board.bits[1 - board.side]
        cells = self._order(me, opp, None)
        if self.trace is None:
            return cells
        nodes, pruned = self.trace.nodes, self.trace.pruned
        unseen = len(cells) + len(nodes)

        def place(cell: int) -> tuple[int, int]:
            child = path + (cell,)
            node = nodes.get(child)
            if node is not None:
                return (0, node.order)
            cut = pruned.get(child)
            if cut is not None:
                return (1, [m.index(board.config.cols) for m in cut.pruned].index(cell))
            return (2, unseen + cells.index(cell))

        return sorted(cells, key=place)

    def limited_value(self, path: Path, should_stop: ShouldStop = never_stop) -> float | None:
        """The depth-limited minimax value at ``path`` (MAX's view), ``None`` without a limit
        or beyond it.

        Raises:
            SearchCancelled: ``should_stop`` said so.
        """
        if self._limited is None or self.depth is None or len(path) > self.depth:
            return None
        return self._limited(path, should_stop)

    def children(self, path: Path = (), should_stop: ShouldStop = never_stop) -> list[TreeChild]:
        """The children of the node at ``path``, valued, in the search's order."""
        board = self.board_at(path)
        if board.is_game_over():
            return []
        cols = board.config.cols
        mover = board.turn
        view = self.trace.view if self.trace is not None else self.value_view
        out = []
        for cell in self.move_order(board, path):
            board.push_index(cell)
            child_path = path + (cell,)
            value = None if self.depth is not None else self.oracle.value(board, should_stop)
            window = trace_value = cut = None
            table = False
            if self.trace is not None:
                node = self.trace.nodes.get(child_path)
                if node is not None:
                    window, trace_value, table = (node.alpha, node.beta), node.value, node.table
                cut = self.trace.pruned.get(child_path)
            out.append(
                TreeChild(
                    child_path,
                    Move.from_index(cell, cols),
                    mover,
                    value,
                    board.status,
                    window,
                    trace_value,
                    cut,
                    _plies_with_move(value, board.geometry.cells - board.ply),
                    limited=self.limited_value(child_path, should_stop),
                    beyond_limit=self.depth is not None and len(child_path) > self.depth,
                    table=table,
                    view=view,
                )
            )
            board.pop()
        return out

    def depth_counts(
        self, max_level_positions: int = MAX_LEVEL_POSITIONS, should_stop: ShouldStop = never_stop
    ) -> DepthCounts:
        """Nodes per depth of the full tree below the root (games stop at a win)."""
        return count_per_depth(
            self.root, max_level_positions, should_stop, self.trace.visited_per_depth if self.trace else None
        )
