"""The benchmark behind ``tictactoe-qt bench``: each speed target beside the textbook search."""

from .reference import competent_best_move
from .rows import BenchRow
from .runner import machine_facts, run_bench
from .search_rows import BenchSettings, reachable_positions

__all__ = [
    "BenchRow",
    "BenchSettings",
    "competent_best_move",
    "machine_facts",
    "reachable_positions",
    "run_bench",
]
