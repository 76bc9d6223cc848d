"""Run the benchmark table of issue 3, each figure beside the textbook reference's.

A row whose engine part is missing is reported as skipped, and a row that
fails is reported with its error: the benchmark itself never crashes.
"""

from __future__ import annotations

import os
import platform
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any

from . import search_rows, simulation_rows
from .rows import BenchRow
from .search_rows import BenchSettings

RowMaker = Callable[[BenchSettings], BenchRow]

#: (work, target, maker) in the order of issue 3's table.
ROWS: tuple[tuple[str, str, RowMaker], ...] = (
    ("plain minimax, empty 3x3", "<= 0.08 s", search_rows.plain_minimax),
    ("alpha-beta without table, empty 3x3", "<= 7,300 nodes, <= 2 ms",
     search_rows.plain_alphabeta),
    ("perfect, empty 3x3, cold", "<= 1 ms, <= 250 nodes", search_rows.perfect_cold),
    ("perfect, any 3x3 move, warm", "<= 10 µs", search_rows.perfect_warm),
    ("solve every reachable 3x3 position", "<= 20 ms", search_rows.solve_all),
    ("perfect, empty 4x4 k=4, exact draw", "<= 0.1 s, <= 20,000 nodes, <= 60 MB",
     search_rows.perfect_4x4),
    ("perfect, empty 5x5 k=4, exact", "stretch: <= 60 s", search_rows.perfect_5x5),
    ("completed depth in the budget", ">= 12 / >= 6 / >= 4", search_rows.depth_in_budget),
    ("answer time within the budget", "<= 1.1 s", search_rows.answer_time),
    ("random vs random, 3x3, one process", ">= 500,000 games/s",
     simulation_rows.random_vs_random),
    ("perfect vs random, 3x3", ">= 20,000 games/s", simulation_rows.perfect_vs_random),
    ("multi-core batch, 2 workers vs 1", "speed-up reported", simulation_rows.multi_core),
)


def run_row(work: str, target: str, maker: RowMaker, settings: BenchSettings) -> BenchRow:
    """One row, or a row that says why it could not run."""
    try:
        return maker(settings)
    except (ImportError, AttributeError, NotImplementedError) as error:
        return BenchRow(work, target, skipped=True, note=f"skipped: not available yet ({error})")
    except Exception as error:  # noqa: BLE001 - one broken row must not end the benchmark
        return BenchRow(work, target, skipped=True,
                        note=f"failed: {type(error).__name__}: {error}")


def run_bench(settings: BenchSettings) -> Iterator[BenchRow]:
    """Each row of the table, in order, as it finishes."""
    for work, target, maker in ROWS:
        yield run_row(work, target, maker, settings)


def machine_facts() -> dict[str, Any]:
    """Where the figures were measured."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        cores = os.cpu_count() or 1
    return {
        "python": platform.python_version(),
        "implementation": sys.implementation.name,
        "machine": platform.machine(),
        "system": platform.system(),
        "cores": cores,
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
    }
