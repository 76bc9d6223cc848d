"""The game-tree explorer's work, as jobs for the analysis process.

The explorer (its value cache and its alpha-beta trace) lives in the child
process, keyed by a :class:`TreeRequest`; the dock only holds the request and
a :class:`TreeSummary`. A job that finds no explorer for its request (a new
child after a cancel) rebuilds it, so every job stands on its own. No Qt
here: the child process imports this module.
"""

from __future__ import annotations

import importlib
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tictactoe_qt.engine import ShouldStop
from tictactoe_qt.engine.game import Board, GameConfig
from tictactoe_qt.engine.players import TextbookOptions
from tictactoe_qt.engine.teaching import DepthCounts, GameTreeExplorer, NodeValue, Path, TreeChild, fact_label
from tictactoe_qt.engine.text import BOARD_NAMES, SideNames
from tictactoe_qt.gui.analysis.search_jobs import board_from
from tictactoe_qt.gui.stepper.trace_setup import NAMES

Report = Callable[[object], None]
#: Explorers kept in the child (the current one and a few the user may come back to).
MAX_CACHED_EXPLORERS = 4


@dataclass(frozen=True)
class TreeRequest:
    """Which tree to explore: the root position, the depth limit and the traced search.

    Attributes:
        config: the board shape.
        history: the moves from the empty board to the root.
        algorithm: the traced search (``alphabeta`` or ``alphabeta-tt``: windows and
            prunings), or ``None`` for values only.
        depth: the depth limit of the values and the trace; ``None`` to the end.
        options: the textbook options of the trace and of the depth-limited values.
    """

    config: GameConfig
    history: tuple[int, ...]
    algorithm: str | None = None
    depth: int | None = None
    options: TextbookOptions = TextbookOptions()

    @classmethod
    def for_board(
        cls,
        board: Board,
        algorithm: str | None = None,
        depth: int | None = None,
        options: TextbookOptions = TextbookOptions(),
    ) -> TreeRequest:
        return cls(board.config, tuple(board.history), algorithm, depth, options)

    @property
    def trace(self) -> bool:
        """Whether a search is traced from the root."""
        return self.algorithm is not None

    def root(self) -> Board:
        return board_from(self.config, self.history)

    def label(self) -> str:
        """What produced the tree's numbers, to follow "Numbers from:": ``Alpha-beta, depth
        limit 3; ordering none, ...`` (a search named as the stepper and the mode box name
        it) or ``minimax values, ...`` (a common noun, so in lower case mid-sentence)."""
        depth = "to the end" if self.depth is None else f"depth limit {self.depth}"
        if self.algorithm is None:  # values only: ordering and form change nothing
            if self.depth is None:
                return "minimax values, to the end: the exact game values, whatever the options"
            options = self.options
            return f"minimax values, {depth}; scoring {options.scoring}, evaluation {options.evaluation}"
        return f"{NAMES[self.algorithm]}, {depth}; {self.options.label()}"


@dataclass(frozen=True)
class TreeSummary:
    """What the dock shows about a traced search (the trace stays in the child)."""

    visited: int
    pruned: int
    visited_per_depth: tuple[int, ...]
    cutoffs: int = 0


_explorers: OrderedDict[TreeRequest, GameTreeExplorer] = OrderedDict()


def explorer_for(request: TreeRequest, should_stop: ShouldStop) -> GameTreeExplorer:
    """This process's explorer for ``request``, built (and traced) when missing.

    Raises:
        TraceTooLargeError: the alpha-beta replay is too large or was cancelled.
    """
    explorer = _explorers.pop(request, None)
    if explorer is None:
        explorer = GameTreeExplorer(request.root(), options=request.options, depth=request.depth)
        if request.algorithm is not None:
            explorer.run_trace(request.algorithm, should_stop)
    _explorers[request] = explorer
    while len(_explorers) > MAX_CACHED_EXPLORERS:
        _explorers.popitem(last=False)
    return explorer


def trace_summary(request: TreeRequest, *, should_stop: ShouldStop, report: Report) -> TreeSummary:
    """Replay alpha-beta from the root and sum it up."""
    trace = explorer_for(request, should_stop).trace
    assert trace is not None, "only traced requests are summed up"
    return TreeSummary(trace.visited, len(trace.pruned), tuple(trace.visited_per_depth), trace.cutoffs)


def children(request: TreeRequest, path: Path, *, should_stop: ShouldStop, report: Report) -> list[TreeChild]:
    """The valued children of the node at ``path``."""
    return explorer_for(request, should_stop).children(path, should_stop)


def root_value(request: TreeRequest, *, should_stop: ShouldStop, report: Report) -> NodeValue | float:
    """The root position's own value: exact, or with a depth limit the depth-limited
    minimax value (MAX's view, a number)."""
    explorer = explorer_for(request, should_stop)
    limited = explorer.limited_value((), should_stop)
    if limited is not None:
        return limited
    return explorer.oracle.value(explorer.root, should_stop)


def depth_counts(request: TreeRequest, *, should_stop: ShouldStop, report: Report) -> DepthCounts:
    """Nodes per depth below the root (and alpha-beta's visits when traced)."""
    return explorer_for(request, should_stop).depth_counts(should_stop=should_stop)


def tree_facts(
    config: GameConfig, *, should_stop: ShouldStop, report: Report
) -> tuple[GameConfig, dict[str, Any] | str]:
    """The ``count`` command's facts for the empty board (its ``--json`` object),
    or a sentence saying why they are not available."""
    try:
        module = importlib.import_module("tictactoe_qt.engine.teaching.tree_facts")
        facts = module.count_tree(config, should_stop=should_stop)
    except (ImportError, ValueError) as error:
        # The first clause is the reason; the rest can hold 100-digit numbers.
        return config, f"Tree facts for {config}: {str(error).split(';')[0]}."
    return config, facts.as_dict()


def tree_facts_text(config: GameConfig, facts: dict[str, Any] | str, names: SideNames = BOARD_NAMES) -> str:
    """:func:`tree_facts`'s answer as one paragraph. The count's ``x_wins`` are the first
    mover's wins: ``names`` (the game's seating and marks) writes whose they are."""
    if isinstance(facts, str):
        return facts
    parts = [
        f"{fact_label(name, names)}: {value:,}"
        for name, value in facts.items()
        if isinstance(value, int) and name != "k"
    ]
    return f"Tree facts for the empty {config} board (tictactoe-qt count): " + "; ".join(parts)
