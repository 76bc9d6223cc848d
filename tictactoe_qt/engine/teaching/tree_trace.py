"""The game tree's record of one traced alpha-beta search: windows, values and cut-offs.

:func:`trace_alphabeta` runs the very event stream that ``trace`` prints (the same
:class:`~.trace.TextbookOptions`, so the same nodes and cut-offs as the CLI, the
stepper and Compare) and keeps, per node (a path of cells from the root), the
(alpha, beta) window it was entered with, the value it returned and the cut-off
that ended it. Values are as the chosen form computes them: MAX's (the side to
move at the root) in the textbook form, the node's side to move's in the negamax
form; :class:`ScoreView` writes them as text.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from ..game import coordinates
from ..game.board import Board, Move
from ..search_result import MATE_THRESHOLD, WIN_SCORE, ShouldStop, never_stop
from ..text.side_names import BOARD_NAMES, SideNames
from ..text.value_notation import game_over_text, infinity_text
from .trace import TextbookOptions, board_events

Path = tuple[int, ...]
INFINITY = float("inf")
#: The trace refuses to grow beyond this many visited nodes.
MAX_TRACE_NODES = 400_000


class TraceTooLargeError(ValueError):
    """An alpha-beta trace that would visit too many nodes to keep."""


@dataclass(frozen=True)
class ScoreView:
    """Whose point of view a trace's values are from, and how they score ends.

    Attributes:
        max_side: the board side (0 moved first) that is MAX: the side to move at the root.
        scoring: ``textbook`` (+1/0/-1) or ``distance`` (``WIN_SCORE`` minus the plies).
        negamax: values are each node's side to move's, not MAX's.
    """

    max_side: int = 0
    scoring: str = "distance"
    negamax: bool = False

    def owner(self, node_depth: int) -> int:
        """The side whose view a value at a node ``node_depth`` plies below the root is in."""
        return self.max_side ^ (node_depth & 1) if self.negamax else self.max_side

    def describe(self, score: float, node_depth: int = 0, names: SideNames = BOARD_NAMES) -> str:
        """``+∞``, ``X wins in 3`` (distance scores, plies from that node) or ``+2 for X``."""
        infinite = infinity_text(score)
        if infinite is not None:
            return infinite
        owner = self.owner(node_depth)
        if self.scoring == "distance" and abs(score) >= MATE_THRESHOLD:
            winner = owner if score > 0 else 1 - owner
            return f"{names.name_of_side(winner)} wins in {int(WIN_SCORE - abs(score)) - node_depth}"
        if score == 0:
            return "0"
        return f"{score:+g} for {names.name_of_side(owner)}"


@dataclass(frozen=True)
class Cut:
    """Why a node stopped searching its children early.

    Attributes:
        after: the child whose value caused the cut.
        bound: ``"beta"`` (v >= beta) or ``"alpha"`` (v <= alpha, a textbook MIN node).
        value: that node's value then, in the trace's view.
        limit: the bound it reached.
        pruned: the children never searched.
        view: the trace's point of view.
    """

    after: Move
    bound: str
    value: float
    limit: float
    pruned: tuple[Move, ...]
    view: ScoreView = ScoreView()


@dataclass(frozen=True)
class TraceNode:
    """One node alpha-beta visited: its entry window, the value it returned, its cut."""

    alpha: float
    beta: float
    value: float
    maximizing: bool
    cut: Cut | None = None
    #: The node's place in the search (0 for the root): children are listed in this order.
    order: int = 0
    #: A transposition table gave the value without searching the children.
    table: bool = False


@dataclass
class AlphaBetaTrace:
    """Everything one traced alpha-beta run from the root did, keyed by path."""

    nodes: dict[Path, TraceNode] = field(default_factory=dict)
    #: Path of each pruned child -> the cut that skipped it.
    pruned: dict[Path, Cut] = field(default_factory=dict)
    visited_per_depth: list[int] = field(default_factory=list)
    depth: int | None = None
    options: TextbookOptions = TextbookOptions()
    algorithm: str = "alphabeta"
    view: ScoreView = ScoreView()
    cutoffs: int = 0

    @property
    def visited(self) -> int:
        return len(self.nodes)

    def short_reason(self, path: Path) -> str | None:
        """A few words for a table cell: 'beta cut-off after row 1, column 2'."""
        cut = self.pruned.get(path)
        return None if cut is None else cut_summary(cut)

    def reason(self, path: Path, names: SideNames = BOARD_NAMES) -> str | None:
        """Why the branch at ``path`` was pruned, or ``None`` if it was not."""
        cut = self.pruned.get(path)
        return None if cut is None else cut_reason(cut, len(path) - 1, names)


def move_text(move: Move) -> str:
    """``row 2, column 3``: the people-facing name of a cell (see :mod:`..game.coordinates`)."""
    return coordinates.move_text(move)


def cut_summary(cut: Cut) -> str:
    """A few words for a table cell: 'alpha cut-off after row 1, column 2'."""
    return f"{cut.bound} cut-off after {move_text(cut.after)}"


def cut_reason(cut: Cut, node_depth: int, names: SideNames = BOARD_NAMES) -> str:
    """Why ``cut`` skipped the rest of a node ``node_depth`` plies below the root."""
    view = cut.view
    value = view.describe(cut.value, node_depth, names)
    limit = view.describe(cut.limit, node_depth, names)
    mover = names.name_of_side(view.max_side ^ (node_depth & 1))
    waiter = names.name_of_side(view.max_side ^ (node_depth & 1) ^ 1)
    if view.negamax:
        return (
            f"cut-off (negamax, values for {mover}): after {move_text(cut.after)} {mover} can "
            f"already get {value}, at least β = {limit}; {waiter} will avoid this "
            "position, so the rest is skipped"
        )
    if cut.bound == "beta":
        return (
            f"beta cut-off: after {move_text(cut.after)} {mover} (MAX) can already get {value}, "
            f"at least β = {limit}; {waiter} (MIN) will avoid this position, "
            "so the rest is skipped"
        )
    return (
        f"alpha cut-off: after {move_text(cut.after)} {mover} (MIN) can hold {waiter} (MAX) to "
        f"{value}, no better than α = {limit}; {waiter} will avoid this position, "
        "so the rest is skipped"
    )


def trace_alphabeta(
    board: Board,
    depth: int | None = None,
    options: TextbookOptions = TextbookOptions(),
    algorithm: str = "alphabeta",
    max_nodes: int = MAX_TRACE_NODES,
    should_stop: ShouldStop = never_stop,
) -> AlphaBetaTrace:
    """Run the traced ``algorithm`` (``alphabeta`` or ``alphabeta-tt``) and record it.

    Raises:
        TraceTooLargeError: the search visits more than ``max_nodes`` nodes,
            or ``should_stop`` asked it to stop.
        OptionsError: options that do not fit the algorithm.
        ValueError: the game is over.
    """
    if board.is_game_over():
        raise ValueError(f"{game_over_text(board.notation(), board.status)}; there is no tree to search")
    view = ScoreView(board.side, options.scoring, options.form == "negamax")
    trace = AlphaBetaTrace(depth=depth, options=options, algorithm=algorithm, view=view)
    cols = board.config.cols
    nodes, pruned, per_depth = trace.nodes, trace.pruned, trace.visited_per_depth
    #: The path of the node open at each depth.
    open_paths: list[Path] = []
    for event in board_events(board, algorithm, options, depth):
        kind, ply = event["event"], event["depth"]
        if kind == "enter":
            if len(nodes) >= max_nodes:
                raise TraceTooLargeError(
                    f"alpha-beta visits more than {max_nodes:,} nodes from this position; choose a smaller depth"
                )
            if len(nodes) % 512 == 0 and should_stop():
                raise TraceTooLargeError("the alpha-beta trace was cancelled")
            if ply:
                row, col = event["path"][-1]
                path = open_paths[ply - 1] + (row * cols + col,)
            else:
                path = ()
            del open_paths[ply:]
            open_paths.append(path)
            if len(per_depth) <= ply:
                per_depth.append(0)
            per_depth[ply] += 1
            nodes[path] = TraceNode(event["alpha"], event["beta"], 0.0, not ply & 1, order=len(nodes))
        elif kind == "return":
            path = open_paths[ply]
            nodes[path] = replace(nodes[path], value=event["value"], table=bool(event.get("table")))
        elif kind == "cutoff":
            path = open_paths[ply]
            after = open_paths[ply + 1][-1]
            maximizing = view.negamax or not ply & 1
            bound, limit = ("beta", event["beta"]) if maximizing else ("alpha", event["alpha"])
            cut = Cut(
                Move.from_index(after, cols),
                bound,
                event["value"],
                limit,
                tuple(Move(row, col) for row, col in event["pruned"]),
                view,
            )
            nodes[path] = replace(nodes[path], cut=cut)
            trace.cutoffs += 1
            for move in cut.pruned:
                pruned[path + (move.index(cols),)] = cut
    return trace
