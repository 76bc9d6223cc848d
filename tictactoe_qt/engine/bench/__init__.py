"""The benchmark behind ``tictactoe-qt bench``: each speed target beside two references,
alpha-beta with its window restarted at each root move and the textbook alpha-beta (one
window)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy_faces import lazy_face

if TYPE_CHECKING:
    from .reference import COMPETENT_NAME, RESTART_NAME, competent_best_move
    from .rows import BenchRow
    from .runner import chosen_rows, machine_facts, run_bench
    from .search_rows import BenchSettings, reachable_positions

__all__ = [
    "COMPETENT_NAME",
    "RESTART_NAME",
    "BenchRow",
    "BenchSettings",
    "chosen_rows",
    "competent_best_move",
    "machine_facts",
    "reachable_positions",
    "run_bench",
]

if not TYPE_CHECKING:
    __getattr__, __dir__ = lazy_face(
        __name__,
        {
            ".reference": ("COMPETENT_NAME", "RESTART_NAME", "competent_best_move"),
            ".rows": ("BenchRow",),
            ".runner": ("chosen_rows", "machine_facts", "run_bench"),
            ".search_rows": ("BenchSettings", "reachable_positions"),
        },
    )
