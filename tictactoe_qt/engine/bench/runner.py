"""Run the benchmark table, each figure beside its reference's (:mod:`.reference`).

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

from . import exact_rows, mcts_rows, search_rows, simulation_rows
from .rows import BenchRow
from .search_rows import BenchSettings

RowMaker = Callable[[BenchSettings], BenchRow]

#: (work, target, maker): the single searches and simulations, then exact play and MCTS.
ROWS: tuple[tuple[str, str, RowMaker], ...] = (
    ("plain minimax, empty 3x3", "<= 0.08 s", search_rows.plain_minimax),
    ("alpha-beta without table, empty 3x3", "<= 7,300 nodes, <= 2 ms", search_rows.plain_alphabeta),
    ("perfect, empty 3x3, cold", "<= 1 ms, <= 250 nodes", search_rows.perfect_cold),
    ("perfect, any 3x3 move, warm", "<= 10 µs", search_rows.perfect_warm),
    ("solve every reachable 3x3 position", "<= 20 ms", search_rows.solve_all),
    ("perfect, empty 4x4 k=4, exact draw", "<= 0.1 s, <= 20,000 nodes, <= 60 MB", search_rows.perfect_4x4),
    ("completed depth in the budget", ">= 12 / >= 6 / >= 4", search_rows.depth_in_budget),
    ("answer time within the budget", "<= 1.1 s", search_rows.answer_time),
    ("random vs random, 3x3, one process", ">= 500,000 games/s", simulation_rows.random_vs_random),
    ("perfect vs random, 3x3", ">= 20,000 games/s", simulation_rows.perfect_vs_random),
    ("multi-core batch, 2 workers vs 1", ">= 1.6x on 2 idle cores", simulation_rows.multi_core),
    ("perfect --exact, empty 4x4 k=4", "<= 10 ms", exact_rows.exact_4x4),
    ("perfect --exact, empty 5x4 k=4", "<= 0.5 s", exact_rows.exact_5x4),
    ("perfect --exact, empty 5x5 k=4", "<= 1 s", exact_rows.exact_5x5),
    ("perfect search, µs per node", "halved", exact_rows.cost_per_node),
    ("perfect --exact, empty 6x5 k=4", "<= 20 s (--stretch)", exact_rows.exact_6x5),
    ("perfect --exact, empty 6x6 k=4", "<= 60 s (--stretch)", exact_rows.exact_6x6),
    ("slowest answer, 1 s budget, 19x19, loaded", "<= 1.1 s", exact_rows.loaded_answer_time),
    ("MCTS vs OpenSpiel MCTSBot, 3x3", "no loss in 100 games", mcts_rows.versus_openspiel_3x3),
    ("MCTS vs OpenSpiel MCTSBot, 7x7 k=5", "more wins than losses in 40 games", mcts_rows.versus_openspiel_7x7),
    ("MCTS cost per iteration vs OpenSpiel-py", "<= 1/5", mcts_rows.cost_per_iteration),
)


def run_row(work: str, target: str, maker: RowMaker, settings: BenchSettings) -> BenchRow:
    """One row, or a row that says why it could not run."""
    try:
        return maker(settings)
    except (ImportError, AttributeError, NotImplementedError) as error:
        return BenchRow(work, target, skipped=True, note=f"skipped: not available yet ({error})")
    except Exception as error:  # noqa: BLE001 - one broken row must not end the benchmark
        return BenchRow(work, target, skipped=True, note=f"failed: {type(error).__name__}: {error}")


def chosen_rows(only: tuple[str, ...]) -> tuple[tuple[str, str, RowMaker], ...]:
    """The rows whose work contains one of the words of ``only`` (any case); every row if none."""
    if not only:
        return ROWS
    words = [word.casefold() for word in only]
    return tuple(row for row in ROWS if any(word in row[0].casefold() for word in words))


def run_bench(settings: BenchSettings) -> Iterator[BenchRow]:
    """Each chosen row of the table (``settings.only``), in order, as it finishes."""
    for work, target, maker in chosen_rows(settings.only):
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
