"""Values of positions: analysis, exact answers and their limits, the solved cache,
and side-by-side comparisons of searches (with the ties behind their different moves)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy_faces import lazy_face

if TYPE_CHECKING:
    from .analysis import Analysis, MoveValue, analyze
    from .comparison import (
        DEFAULT_OPTIONS,
        QUICK_SECONDS,
        TIMING_RUNS,
        VARIANTS,
        VARIANTS_BY_KEY,
        ComparisonRow,
        compare,
        run_variant,
    )
    from .comparison_size import SizeEstimate, estimate_tree, knuth_estimate
    from .comparison_text import count_text, ratio_text, summary, values_agree
    from .comparison_ties import ComparisonTies, find_ties, tie_order
    from .exact_analysis import analyze_exactly, analyze_exactly_cached, cached_analysis, solve_exactly
    from .exact_limits import (
        EXACT_MAX_EMPTY,
        MEASURED_QUICK_EMPTY,
        beyond_measured,
        exact_size_estimate,
        long_solve_note,
    )
    from .solved_cache import (
        FILE_NAME,
        FOLDER_VARIABLE,
        FORMAT_NAME,
        FORMAT_VERSION,
        MAX_BYTES,
        MAX_ENTRIES,
        MAX_FILE_BYTES,
        SolvedCache,
        SolvedPosition,
        default_folder,
    )

__all__ = [
    "DEFAULT_OPTIONS",
    "EXACT_MAX_EMPTY",
    "FILE_NAME",
    "FOLDER_VARIABLE",
    "FORMAT_NAME",
    "FORMAT_VERSION",
    "MAX_BYTES",
    "MAX_ENTRIES",
    "MAX_FILE_BYTES",
    "MEASURED_QUICK_EMPTY",
    "QUICK_SECONDS",
    "TIMING_RUNS",
    "VARIANTS",
    "VARIANTS_BY_KEY",
    "Analysis",
    "ComparisonRow",
    "ComparisonTies",
    "MoveValue",
    "SizeEstimate",
    "SolvedCache",
    "SolvedPosition",
    "analyze",
    "analyze_exactly",
    "analyze_exactly_cached",
    "beyond_measured",
    "cached_analysis",
    "compare",
    "count_text",
    "default_folder",
    "estimate_tree",
    "exact_size_estimate",
    "find_ties",
    "knuth_estimate",
    "long_solve_note",
    "ratio_text",
    "run_variant",
    "solve_exactly",
    "summary",
    "tie_order",
    "values_agree",
]

if not TYPE_CHECKING:
    __getattr__, __dir__ = lazy_face(
        __name__,
        {
            ".analysis": ("Analysis", "MoveValue", "analyze"),
            ".comparison": (
                "DEFAULT_OPTIONS",
                "QUICK_SECONDS",
                "TIMING_RUNS",
                "VARIANTS",
                "VARIANTS_BY_KEY",
                "ComparisonRow",
                "compare",
                "run_variant",
            ),
            ".comparison_size": ("SizeEstimate", "estimate_tree", "knuth_estimate"),
            ".comparison_text": ("count_text", "ratio_text", "summary", "values_agree"),
            ".comparison_ties": ("ComparisonTies", "find_ties", "tie_order"),
            ".exact_analysis": ("analyze_exactly", "analyze_exactly_cached", "cached_analysis", "solve_exactly"),
            ".exact_limits": (
                "EXACT_MAX_EMPTY",
                "MEASURED_QUICK_EMPTY",
                "beyond_measured",
                "exact_size_estimate",
                "long_solve_note",
            ),
            ".solved_cache": (
                "FILE_NAME",
                "FOLDER_VARIABLE",
                "FORMAT_NAME",
                "FORMAT_VERSION",
                "MAX_BYTES",
                "MAX_ENTRIES",
                "MAX_FILE_BYTES",
                "SolvedCache",
                "SolvedPosition",
                "default_folder",
            ),
        },
    )
