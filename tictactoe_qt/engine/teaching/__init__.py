"""Textbook searches traced step by step, and the game tree shown to learners."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy_faces import lazy_face

if TYPE_CHECKING:
    from .move_ties import CENTRE_FIRST, ORDERING_TIES, READING_ORDER, THREATS_FIRST, equal_best, tie_note, ties_text
    from .trace import board_events, board_space, tree_events, tree_space
    from .trace.counted_search import best_line, counted_search, decision, limited_values
    from .trace.cursor import TraceCursor
    from .trace.event_stream import Event, SearchCounts, count_search, trace_events
    from .trace.pseudocode import line_for, pseudocode
    from .trace.quick_size import earliest_end, events_at_least
    from .trace.size import DEFAULT_MAX_EVENTS, SizeEstimate, TraceTooLarge, check_size, minimax_size
    from .trace.spaces import BoardSpace
    from .trace.summary import TraceSummary
    from .trace.tree_text import MAX_TREE_CHARS, MAX_TREE_DEPTH, Tree, TreeTextError, excerpt_at, parse_tree
    from .tree_counts import DepthCounts, count_per_depth
    from .tree_explorer import GameTreeExplorer, TreeChild
    from .tree_facts import MAX_COUNT_CELLS, CountCancelled, TreeFacts, count_tree, fact_label
    from .tree_trace import Path, ScoreView, TraceTooLargeError, move_text, trace_alphabeta
    from .tree_values import NodeValue, SolveCancelled, ValueOracle

__all__ = [
    "CENTRE_FIRST",
    "DEFAULT_MAX_EVENTS",
    "MAX_COUNT_CELLS",
    "MAX_TREE_CHARS",
    "MAX_TREE_DEPTH",
    "ORDERING_TIES",
    "READING_ORDER",
    "THREATS_FIRST",
    "BoardSpace",
    "CountCancelled",
    "DepthCounts",
    "Event",
    "GameTreeExplorer",
    "NodeValue",
    "Path",
    "ScoreView",
    "SearchCounts",
    "SizeEstimate",
    "SolveCancelled",
    "TraceCursor",
    "TraceSummary",
    "TraceTooLarge",
    "TraceTooLargeError",
    "Tree",
    "TreeChild",
    "TreeFacts",
    "TreeTextError",
    "ValueOracle",
    "best_line",
    "board_events",
    "board_space",
    "check_size",
    "count_per_depth",
    "count_search",
    "count_tree",
    "counted_search",
    "decision",
    "earliest_end",
    "equal_best",
    "events_at_least",
    "excerpt_at",
    "fact_label",
    "limited_values",
    "line_for",
    "pseudocode",
    "minimax_size",
    "move_text",
    "parse_tree",
    "trace_alphabeta",
    "tie_note",
    "ties_text",
    "trace_events",
    "tree_events",
    "tree_space",
]

if not TYPE_CHECKING:
    __getattr__, __dir__ = lazy_face(
        __name__,
        {
            ".move_ties": (
                "CENTRE_FIRST",
                "ORDERING_TIES",
                "READING_ORDER",
                "THREATS_FIRST",
                "equal_best",
                "tie_note",
                "ties_text",
            ),
            ".trace": ("board_events", "board_space", "tree_events", "tree_space"),
            ".trace.counted_search": ("best_line", "counted_search", "decision", "limited_values"),
            ".trace.cursor": ("TraceCursor",),
            ".trace.event_stream": ("Event", "SearchCounts", "count_search", "trace_events"),
            ".trace.pseudocode": ("line_for", "pseudocode"),
            ".trace.quick_size": ("earliest_end", "events_at_least"),
            ".trace.size": ("DEFAULT_MAX_EVENTS", "SizeEstimate", "TraceTooLarge", "check_size", "minimax_size"),
            ".trace.spaces": ("BoardSpace",),
            ".trace.summary": ("TraceSummary",),
            ".trace.tree_text": (
                "MAX_TREE_CHARS",
                "MAX_TREE_DEPTH",
                "Tree",
                "TreeTextError",
                "excerpt_at",
                "parse_tree",
            ),
            ".tree_counts": ("DepthCounts", "count_per_depth"),
            ".tree_explorer": ("GameTreeExplorer", "TreeChild"),
            ".tree_facts": ("MAX_COUNT_CELLS", "CountCancelled", "TreeFacts", "count_tree", "fact_label"),
            ".tree_trace": ("Path", "ScoreView", "TraceTooLargeError", "move_text", "trace_alphabeta"),
            ".tree_values": ("NodeValue", "SolveCancelled", "ValueOracle"),
        },
    )
