"""What the stepper steps: a search on a board or a textbook tree, sized before it starts.

Plain Python. :func:`board_setup` and :func:`tree_setup` check the inputs and
the size (a quick lower bound first, then the engine's count) and return a
:class:`TraceSetup` that makes fresh event streams for a :class:`StepperSession`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from tictactoe_qt.engine.game import Board, Mark
from tictactoe_qt.engine.players import OptionsError, TextbookOptions
from tictactoe_qt.engine.teaching import (
    Event,
    SizeEstimate,
    TraceTooLarge,
    Tree,
    board_space,
    check_size,
    events_at_least,
    parse_tree,
    trace_events,
    tree_space,
)

#: The longest trace the stepper takes: plain minimax from the empty 3x3 board
#: (1,355,060 events) fits.
STEPPER_MAX_EVENTS = 2_000_000

NAMES = {"minimax": "Minimax", "alphabeta": "Alpha-beta", "alphabeta-tt": "Alpha-beta + table"}


@dataclass(frozen=True)
class TraceSetup:
    """A checked search, ready to step."""

    algorithm: str
    options: TextbookOptions
    #: The position searched (``None`` for a textbook tree).
    board: Board | None
    tree: list[Tree] | None
    depth: int | None
    estimate: SizeEstimate

    def events(self) -> Iterator[Event]:
        """A fresh stream of the trace's events."""
        if self.tree is not None:
            return trace_events(tree_space(self.tree, self.algorithm, self.options), self.algorithm, self.options)
        assert self.board is not None
        return trace_events(
            board_space(self.board, self.algorithm, self.options, self.depth), self.algorithm, self.options
        )

    @property
    def max_side(self) -> Mark | None:
        """The board's side to move at the root, which the search calls MAX (``None`` for a tree)."""
        return None if self.board is None else self.board.turn

    def label(self) -> str:
        """The search and the options that produced its numbers."""
        depth = (
            "" if self.tree is not None else (", full depth" if self.depth is None else f", depth limit {self.depth}")
        )
        options = self.options
        if self.tree is not None:
            return f"{NAMES[self.algorithm]} on a tree (form {options.form})"
        return f"{NAMES[self.algorithm]}{depth}; {options.label()}"

    def board_at(self, key: tuple[Any, ...]) -> Board | None:
        """The position at a node (moves from the root), or ``None`` for a tree."""
        if self.board is None:
            return None
        board = self.board.copy()
        for row, col in key:
            board.push((row, col))
        return board


def board_setup(
    algorithm: str,
    notation: str,
    depth: int | None = None,
    ordering: str = "none",
    scoring: str = "textbook",
    form: str = "textbook",
    evaluation: str = "open-lines",
    limit: int = STEPPER_MAX_EVENTS,
    count: Callable[..., SizeEstimate] = check_size,
) -> TraceSetup:
    """A board search to step, sized.

    Raises:
        OptionsError: an unknown algorithm or option.
        ValueError: bad notation, a finished game or a depth below 1.
        TraceTooLarge: more than ``limit`` events (the message gives the estimate).
    """
    algorithm = algorithm.strip().lower()
    options = TextbookOptions.parse(ordering, scoring, evaluation, form)
    board = Board.from_notation(notation.strip())
    space = board_space(board, algorithm, options, depth)
    what = f"{algorithm} trace of this position"  # the GUI's own: no raw board sides
    least = events_at_least(space, algorithm)
    if least > limit:
        raise TraceTooLarge(what, SizeEstimate(least, exact=False, at_least=True), limit)
    estimate = count(space, algorithm, lambda: trace_events(space, algorithm, options), limit, what=what)
    return TraceSetup(algorithm, options, board, None, depth, estimate)


def tree_setup(text: str, algorithm: str = "alphabeta", form: str = "textbook") -> TraceSetup:
    """A textbook tree to step (trees are capped in size when parsed, so always small).

    Raises:
        TreeTextError: the text is not a tree.
        OptionsError: an unknown algorithm or form.
    """
    algorithm = algorithm.strip().lower()
    options = TextbookOptions.parse(form=form)
    tree = parse_tree(text)
    space = tree_space(tree, algorithm, options)
    estimate = check_size(
        space,
        algorithm,
        lambda: trace_events(space, algorithm, options),
        STEPPER_MAX_EVENTS,
        what=f"{algorithm} trace of the tree",
    )
    return TraceSetup(algorithm, options, None, tree, None, estimate)


__all__ = ["OptionsError", "STEPPER_MAX_EVENTS", "TraceSetup", "board_setup", "tree_setup"]
