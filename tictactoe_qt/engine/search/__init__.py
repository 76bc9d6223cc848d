"""Game-tree searches, their heuristics and the players built on them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy_faces import lazy_face

if TYPE_CHECKING:
    from .alphabeta import alphabeta_search
    from .average import average_search
    from .depth_limited import DepthLimitedValues, depth_limited_values
    from .evaluation import open_lines_text
    from .mcts import MctsResult, MctsTree, mcts_search
    from .mcts_playout import build_playout
    from .minimax import ENGINE_OPTIONS, minimax_search
    from .move_tables import search_order
    from .negamax import NegamaxRun
    from .pairing import build_pairing, has_pairing, unforced_cells
    from .pattern_eval import HISTOGRAM_FIELD_BITS, accumulator_of, line_codes, pattern_tables_for, weighted_sums
    from .perfect import PerfectSearcher
    from .perfect_player import PerfectPlayer
    from .progress import Progress, SearchProgress, progress_text
    from .schedule import plan_runs, solve_fits
    from .solve_all import solution_errors, solve_every_position
    from .transposition import SOLVED_DEPTH, SYMMETRY_MAX_CELLS, TranspositionTable, symmetry_keys_for

__all__ = [
    "ENGINE_OPTIONS",
    "HISTOGRAM_FIELD_BITS",
    "SOLVED_DEPTH",
    "SYMMETRY_MAX_CELLS",
    "DepthLimitedValues",
    "MctsResult",
    "MctsTree",
    "NegamaxRun",
    "PerfectPlayer",
    "PerfectSearcher",
    "Progress",
    "SearchProgress",
    "TranspositionTable",
    "accumulator_of",
    "alphabeta_search",
    "average_search",
    "build_pairing",
    "build_playout",
    "depth_limited_values",
    "has_pairing",
    "line_codes",
    "mcts_search",
    "minimax_search",
    "open_lines_text",
    "pattern_tables_for",
    "plan_runs",
    "progress_text",
    "search_order",
    "solution_errors",
    "solve_every_position",
    "solve_fits",
    "symmetry_keys_for",
    "unforced_cells",
    "weighted_sums",
]

if not TYPE_CHECKING:
    __getattr__, __dir__ = lazy_face(
        __name__,
        {
            ".alphabeta": ("alphabeta_search",),
            ".average": ("average_search",),
            ".depth_limited": ("DepthLimitedValues", "depth_limited_values"),
            ".evaluation": ("open_lines_text",),
            ".mcts": ("MctsResult", "MctsTree", "mcts_search"),
            ".mcts_playout": ("build_playout",),
            ".minimax": ("ENGINE_OPTIONS", "minimax_search"),
            ".move_tables": ("search_order",),
            ".negamax": ("NegamaxRun",),
            ".pairing": ("build_pairing", "has_pairing", "unforced_cells"),
            ".pattern_eval": (
                "HISTOGRAM_FIELD_BITS",
                "accumulator_of",
                "line_codes",
                "pattern_tables_for",
                "weighted_sums",
            ),
            ".perfect": ("PerfectSearcher",),
            ".perfect_player": ("PerfectPlayer",),
            ".progress": ("Progress", "SearchProgress", "progress_text"),
            ".schedule": ("plan_runs", "solve_fits"),
            ".solve_all": ("solution_errors", "solve_every_position"),
            ".transposition": ("SOLVED_DEPTH", "SYMMETRY_MAX_CELLS", "TranspositionTable", "symmetry_keys_for"),
        },
    )
