"""Traced searches: minimax and alpha-beta as lazy event streams, for stepping and teaching.

:func:`board_events` and :func:`tree_events` give the events of one search, one
at a time (:mod:`.event_stream` lists them); :class:`TraceSummary` totals them;
:func:`check_size` refuses a trace too long to step; :class:`TraceCursor` steps a
trace forward and back in bounded memory; :func:`pseudocode` and :func:`line_for`
give the running line. The settings that change what a search visits are one
value, :class:`TextbookOptions`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...lazy_faces import lazy_face

# Eager: the function is named as its module, whose first import would otherwise
# set the face's name ``pseudocode`` to the module (Python's import machinery does).
from .pseudocode import line_for, pseudocode

if TYPE_CHECKING:
    from ...players.textbook_options import ALGORITHMS, OptionsError, TextbookOptions
    from .cursor import TraceCursor
    from .event_stream import Event
    from .searches import board_events, board_space, tree_events, tree_space
    from .size import DEFAULT_MAX_EVENTS, SizeEstimate, TraceTooLarge, check_size
    from .spaces import BoardSpace, TreeSpace
    from .summary import TraceSummary
    from .tree_text import TreeTextError, parse_tree

__all__ = [
    "ALGORITHMS",
    "DEFAULT_MAX_EVENTS",
    "BoardSpace",
    "Event",
    "OptionsError",
    "SizeEstimate",
    "TextbookOptions",
    "TraceCursor",
    "TraceSummary",
    "TraceTooLarge",
    "TreeSpace",
    "TreeTextError",
    "board_events",
    "board_space",
    "check_size",
    "line_for",
    "parse_tree",
    "pseudocode",
    "tree_events",
    "tree_space",
]

if not TYPE_CHECKING:
    __getattr__, __dir__ = lazy_face(
        __name__,
        {
            "...players.textbook_options": ("ALGORITHMS", "OptionsError", "TextbookOptions"),
            ".cursor": ("TraceCursor",),
            ".event_stream": ("Event",),
            ".searches": ("board_events", "board_space", "tree_events", "tree_space"),
            ".size": ("DEFAULT_MAX_EVENTS", "SizeEstimate", "TraceTooLarge", "check_size"),
            ".spaces": ("BoardSpace", "TreeSpace"),
            ".summary": ("TraceSummary",),
            ".tree_text": ("TreeTextError", "parse_tree"),
        },
    )
