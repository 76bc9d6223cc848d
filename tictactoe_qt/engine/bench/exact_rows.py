"""Benchmark rows of exact play: exact solves, cost per node, the budget under load.

Each exact row solves an empty board cold with :meth:`.PerfectSearcher.solve`
(every cell, to the end, no time limit) and reports the wall clock, this
process's CPU time, nodes and the answer. The per-node row reports the 5x5
solve's cost per node as its target asks; since the pairing proofs a node may
run one, so nodes are some 30 times fewer and several times dearer. Beside it
stands the main loop's cost per node, read from the 6x6 k=4 solve (proofs
there only with at most 16 empty cells: rare) with the load average beside
it, to read against the shipped 3.2-4.1 µs (measured on a quiet machine).
The loaded row measures the slowest
answer with a 1 s budget on 19x19 while a second process keeps one core busy.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time

from ..game.board import Board
from ..game.config import GameConfig
from ..text.durations import duration_text
from .rows import BenchRow, busy_machine_note, median_wall_and_cpu, wall_and_cpu_text
from .search_rows import BenchSettings

#: Figures of the last solve per board, for the per-node row.
_SOLVES: dict[GameConfig, dict[str, float]] = {}
#: What the perfect search cost per node on 20-to-36-cell boards: the baseline that the
#: "halved" target is measured against.
US_PER_NODE_BEFORE = 3.2
#: The 5x5 k=4 exact solve before the pairing proofs: nodes and CPU seconds
#: (2026-11-24, a busy machine).
NODES_5X5_BEFORE = 469_644
CPU_SECONDS_5X5_BEFORE = 2.87
#: What the main loop cost per node at that baseline, on a quiet machine.
US_PER_NODE_SHIPPED = (3.2, 4.1)
#: The board whose exact solve measures the main loop: proofs are rare there.
LOOP_BOARD = GameConfig(6, 6, 4)


def _solve_row(
    settings: BenchSettings,
    shape: tuple[int, int, int],
    result: str,
    seconds_goal: float,
    *,
    stretch: bool = False,
    quick_too: bool = True,
) -> BenchRow:
    from ..search.perfect import PerfectSearcher

    config = GameConfig(*shape)
    who = {"draw": "exact draw", "x": "exact X win", "o": "exact O win"}[result]
    row = BenchRow(
        f"perfect --exact, empty {config.rows}x{config.cols} k={config.k}, {who}", f"<= {duration_text(seconds_goal)}"
    )
    if stretch and not settings.stretch:
        row.skipped = True
        row.note = "not run; use bench --stretch"
        return row
    if settings.quick and not quick_too:
        row.skipped = True
        row.note = "not run in --quick"
        return row
    repeats = settings.repeats if seconds_goal < 0.1 else 1 if seconds_goal > 2 else 3
    wall, cpu, answer = median_wall_and_cpu(lambda: PerfectSearcher(config).solve(Board(config)), repeats)
    nodes = answer.stats.nodes
    right = answer.exact and answer.result == result
    row.ours = f"{wall_and_cpu_text(wall, cpu)}, {nodes:,} nodes, " + (
        who if right else f"WRONG: exact={answer.exact} result={answer.result}"
    )
    row.met = right and wall <= seconds_goal
    row.note = busy_machine_note(row.met, right and cpu <= seconds_goal)
    row.figures = {
        "seconds": wall,
        "cpu_seconds": cpu,
        "nodes": nodes,
        "exact": answer.exact,
        "result": answer.result,
        "repeats": repeats,
        "us_per_node_cpu": cpu / nodes * 1e6 if nodes else None,
    }
    _SOLVES[config] = {"seconds": wall, "cpu_seconds": cpu, "nodes": nodes}
    return row


def exact_4x4(settings: BenchSettings) -> BenchRow:
    return _solve_row(settings, (4, 4, 4), "draw", 0.010)


def exact_5x4(settings: BenchSettings) -> BenchRow:
    return _solve_row(settings, (5, 4, 4), "draw", 0.5)


def exact_5x5(settings: BenchSettings) -> BenchRow:
    return _solve_row(settings, (5, 5, 4), "draw", 1.0, quick_too=False)


def exact_6x5(settings: BenchSettings) -> BenchRow:
    return _solve_row(settings, (6, 5, 4), "x", 20.0, stretch=True)


def exact_6x6(settings: BenchSettings) -> BenchRow:
    return _solve_row(settings, (6, 6, 4), "x", 60.0, stretch=True)


def cost_per_node(settings: BenchSettings) -> BenchRow:
    goal = US_PER_NODE_BEFORE / 2
    row = BenchRow(
        "perfect search, µs per node (5x5 k=4 exact solve)", f"<= {goal:.1f} µs (half of {US_PER_NODE_BEFORE} µs)"
    )
    figures = _SOLVES.get(GameConfig(5, 5, 4))
    if figures is None:
        row.skipped = True
        row.note = "needs the 5x5 k=4 row (not run in --quick)"
        return row
    wall_us = figures["seconds"] / figures["nodes"] * 1e6
    cpu_us = figures["cpu_seconds"] / figures["nodes"] * 1e6
    loop_us = main_loop_cost()
    low, high = US_PER_NODE_SHIPPED
    row.ours = (
        f"{wall_us:.2f} µs ({cpu_us:.2f} µs CPU) over {int(figures['nodes']):,} nodes; "
        f"main loop {loop_us:.2f} µs CPU per node on 6x6 k=4, load average "
        f"{os.getloadavg()[0]:.1f} (shipped: {low}-{high} µs, a quiet machine)"
    )
    row.met = wall_us <= goal
    row.note = busy_machine_note(row.met, cpu_us <= goal)
    if not row.met:
        row.note = (
            f"a 5x5 node now includes pairing proofs: {NODES_5X5_BEFORE:,} nodes in "
            f"{CPU_SECONDS_5X5_BEFORE:g} s of CPU before them, "
            f"{int(figures['nodes']):,} in {duration_text(figures['cpu_seconds'])} now"
        )
    row.figures = {
        "us_per_node": wall_us,
        "us_per_node_cpu": cpu_us,
        "nodes": figures["nodes"],
        "main_loop_us_per_node_cpu": loop_us,
    }
    return row


def main_loop_cost() -> float:
    """The main loop's CPU µs per node: the 6x6 k=4 exact solve (run here unless its
    row ran first), where pairing proofs are rare."""
    from ..search.perfect import PerfectSearcher

    figures = _SOLVES.get(LOOP_BOARD)
    if figures is None:
        _, cpu, answer = median_wall_and_cpu(lambda: PerfectSearcher(LOOP_BOARD).solve(Board(LOOP_BOARD)), 1)
        figures = {"cpu_seconds": cpu, "nodes": answer.stats.nodes}
    return figures["cpu_seconds"] / figures["nodes"] * 1e6


#: Positions of the loaded-answer row: a few stones in the middle of 19x19.
LOADED_MOVES = 3


def loaded_answer_time(settings: BenchSettings) -> BenchRow:
    from ..players.player_spec import PlayerSpec
    from ..players.registry import make_player
    from ..search import perfect_player  # noqa: F401 (registers the player)

    budget = settings.budget
    goal = budget * 1.1
    row = BenchRow(
        f"slowest answer with a {budget:g} s budget, 19x19 k=5, machine loaded by a second process",
        f"<= {duration_text(goal)}",
    )
    config = GameConfig(19, 19, 5)
    # A new player, as a game starts: building its tables counts against the first move.
    player = make_player(PlayerSpec("perfect", time=budget), seed=1)
    board = Board(config)
    middle = 9 * 19 + 9
    load = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    worst = 0.0
    try:
        for cell in (middle, middle + 1, middle + 19, middle + 20, middle - 1)[: LOADED_MOVES + 2]:
            board.push_index(cell)
            if board.ply < 2:
                continue
            began = time.perf_counter()
            player.choose(board)
            worst = max(worst, time.perf_counter() - began)
    finally:
        load.kill()
        load.wait()
    row.ours = (
        f"slowest {duration_text(worst)} over {LOADED_MOVES} moves of a new player (its tables built within the first)"
    )
    row.met = worst <= goal
    row.figures = {"budget": budget, "worst_seconds": worst, "moves": LOADED_MOVES}
    return row
