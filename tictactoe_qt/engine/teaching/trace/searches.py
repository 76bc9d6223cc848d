"""One traced search: the space it walks (a board's game tree or a textbook tree) and its events."""

from __future__ import annotations

from collections.abc import Iterator

from ...game.board import Board
from ...players.textbook_options import OptionsError, TextbookOptions
from .event_stream import Event, trace_events
from .spaces import BoardSpace, TreeSpace
from .tree_text import Tree, parse_tree


def board_space(board: Board, algorithm: str, options: TextbookOptions, depth: int | None = None) -> BoardSpace:
    """The game tree below ``board`` as ``algorithm`` with ``options`` searches it.

    Raises:
        OptionsError: an unknown algorithm or a misfit option.
        ValueError: a depth below 1, or a finished game.
    """
    options.check_algorithm(algorithm)
    if depth is not None and depth < 1:
        raise OptionsError(f"the depth limit must be 1 or more, got {depth}")
    return BoardSpace(board, options, depth)


def board_events(
    board: Board, algorithm: str, options: TextbookOptions | None = None, depth: int | None = None
) -> Iterator[Event]:
    """The events of ``algorithm`` searching ``board`` (the side to move is MAX).

    Raises:
        OptionsError: an unknown algorithm or a misfit option.
        ValueError: a depth below 1, or a finished game.
    """
    options = options or TextbookOptions()
    return trace_events(board_space(board, algorithm, options, depth), algorithm, options)


def tree_space(tree: str | list[Tree], algorithm: str, options: TextbookOptions) -> TreeSpace:
    """A textbook tree (text or parsed) to search with ``algorithm``.

    Raises:
        TreeTextError: the text is not a tree.
        OptionsError: options that mean nothing on an abstract tree.
    """
    options.check_algorithm(algorithm)
    if algorithm == "alphabeta-tt":
        raise OptionsError("a textbook tree has no repeated positions: use alphabeta, not alphabeta-tt")
    if options.capped_window:
        raise OptionsError("a textbook tree has no best score to cap the window at; capped_window needs a board")
    if options.ordering != "none":
        raise OptionsError(f"a textbook tree is searched left to right; ordering {options.ordering!r} needs a board")
    return TreeSpace(parse_tree(tree) if isinstance(tree, str) else tree)


def tree_events(tree: str | list[Tree], algorithm: str, options: TextbookOptions | None = None) -> Iterator[Event]:
    """The events of ``algorithm`` on a textbook tree; paths are child indices.

    Raises:
        TreeTextError: the text is not a tree.
        OptionsError: options that mean nothing on an abstract tree.
    """
    options = options or TextbookOptions()
    return trace_events(tree_space(tree, algorithm, options), algorithm, options)
