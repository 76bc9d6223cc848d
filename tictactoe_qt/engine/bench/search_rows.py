"""Benchmark rows that time single searches (the table's top half)."""

from __future__ import annotations

import statistics
import time
import tracemalloc
from dataclasses import dataclass
from functools import partial

from ..game.board import Board
from ..game.config import MAX_SIZE, GameConfig
from ..text.durations import duration_text
from . import reference
from .rows import BenchRow, busy_machine_note, median_timed, median_wall_and_cpu, speedup, timed, wall_and_cpu_text

TIC_TAC_TOE = GameConfig(3, 3, 3)


@dataclass(frozen=True)
class BenchSettings:
    """How hard the benchmark works: ``quick`` is a smoke run for tests."""

    quick: bool = False
    repeats: int = 5
    #: Also run the stretch rows (exact solves of the empty 6x5 and 6x6 k=4 boards).
    stretch: bool = False
    #: Run only the rows whose work contains one of these words (any case); empty: every row.
    only: tuple[str, ...] = ()

    @property
    def budget(self) -> float:
        """The per-move time budget of the time-budget rows."""
        return 0.1 if self.quick else 1.0


def reachable_positions(config: GameConfig) -> list[Board]:
    """Every position that can arise in a game, once each, by ply then discovery."""
    seen = {(0, 0)}
    layer = [Board(config)]
    found: list[Board] = []
    while layer:
        found.extend(layer)
        following: list[Board] = []
        for board in layer:
            if board.is_game_over():
                continue
            for cell in board.legal_indices():
                child = board.copy()
                child.push_index(cell)
                key = (child.bits[0], child.bits[1])
                if key not in seen:
                    seen.add(key)
                    following.append(child)
        layer = following
    return found


def plain_minimax(settings: BenchSettings) -> BenchRow:
    from ..search.minimax import minimax_search

    row = BenchRow("plain minimax, empty 3x3", "<= 0.08 s, 549,946 nodes")
    seconds, cpu_seconds, result = median_wall_and_cpu(lambda: minimax_search(Board(TIC_TAC_TOE)), settings.repeats)
    nodes = result.stats.nodes
    row.ours = f"{wall_and_cpu_text(seconds, cpu_seconds)}, {nodes:,} nodes"
    row.met = seconds <= 0.08 and nodes == 549_946
    row.note = busy_machine_note(row.met, cpu_seconds <= 0.08 and nodes == 549_946)
    row.figures = {"seconds": seconds, "cpu_seconds": cpu_seconds, "nodes": nodes}
    if settings.quick:
        row.note = "; ".join(filter(None, [row.note, "reference skipped in --quick"]))
        return row
    ref_seconds, (_, ref_nodes) = timed(lambda: reference.restart_best_move(Board(TIC_TAC_TOE), pruning=False))
    row.reference = f"{duration_text(ref_seconds)}, {ref_nodes:,} nodes (textbook minimax)"
    row.speedup = speedup(ref_seconds, seconds)
    row.figures.update(reference_seconds=ref_seconds, reference_nodes=ref_nodes)
    return row


def plain_alphabeta(settings: BenchSettings) -> BenchRow:
    from ..search.alphabeta import alphabeta_search

    row = BenchRow("alpha-beta without table, empty 3x3", "<= 7,300 nodes, <= 2 ms")
    seconds, cpu_seconds, result = median_wall_and_cpu(
        lambda: alphabeta_search(Board(TIC_TAC_TOE), ordering=True, transposition=False), settings.repeats * 4
    )
    nodes = result.stats.nodes
    row.ours = f"{wall_and_cpu_text(seconds, cpu_seconds)}, {nodes:,} nodes"
    row.met = seconds <= 0.002 and nodes <= 7_300
    row.note = busy_machine_note(row.met, cpu_seconds <= 0.002 and nodes <= 7_300)
    ref_seconds, (_, ref_nodes) = median_timed(
        lambda: reference.restart_best_move(Board(TIC_TAC_TOE)), 1 if settings.quick else 3
    )
    row.reference = f"{duration_text(ref_seconds)}, {ref_nodes:,} nodes ({reference.RESTART_NAME})"
    row.speedup = speedup(ref_seconds, seconds)
    row.figures = {
        "seconds": seconds,
        "cpu_seconds": cpu_seconds,
        "nodes": nodes,
        "reference_seconds": ref_seconds,
        "reference_nodes": ref_nodes,
    }
    _add_competent(row, settings, seconds, [(0, 0)])
    return row


def _add_competent(row: BenchRow, settings: BenchSettings, seconds: float, positions: list[tuple[int, int]]) -> None:
    """The competent reference's time (median) and nodes over ``positions`` beside ours."""

    def competent() -> int:
        return sum(reference.competent_best_move(x, o)[1] for x, o in positions)

    ref_seconds, ref_nodes = median_timed(competent, 1 if settings.quick else 3)
    row.competent = f"{duration_text(ref_seconds)}, {ref_nodes:,} nodes"
    row.competent_speedup = speedup(ref_seconds, seconds)
    row.figures.update(competent_seconds=ref_seconds, competent_nodes=ref_nodes)


def perfect_cold(settings: BenchSettings) -> BenchRow:
    from ..search.perfect import PerfectSearcher

    row = BenchRow("perfect, empty 3x3, cold", "<= 1 ms, <= 250 nodes")
    walls, cpus = [], []
    result = None
    for _ in range(settings.repeats * 4):
        searcher = PerfectSearcher(TIC_TAC_TOE)  # cold: a new table every time
        board = Board(TIC_TAC_TOE)
        cpu_began = time.process_time()
        wall, result = timed(partial(searcher.search, board))
        cpus.append(time.process_time() - cpu_began)
        walls.append(wall)
    assert result is not None
    seconds, cpu_seconds = statistics.median(walls), statistics.median(cpus)
    nodes = result.stats.nodes
    row.ours = f"{wall_and_cpu_text(seconds, cpu_seconds)}, {nodes:,} nodes"
    row.met = seconds <= 0.001 and nodes <= 250
    cpu_note = busy_machine_note(row.met, cpu_seconds <= 0.001 and nodes <= 250)
    row.figures = {"seconds": seconds, "cpu_seconds": cpu_seconds, "nodes": nodes}
    row.note = "; ".join(filter(None, [cpu_note, "reference: the alpha-beta row's"]))
    _add_competent(row, settings, seconds, [(0, 0)])
    return row


def perfect_warm(settings: BenchSettings) -> BenchRow:
    from ..search.perfect import PerfectSearcher

    row = BenchRow("perfect, any 3x3 move, warm", "<= 10 µs")
    positions = [b for b in reachable_positions(TIC_TAC_TOE) if not b.is_game_over()]
    searcher = PerfectSearcher(TIC_TAC_TOE)
    for board in positions:
        searcher.search(board)
    times = []
    for board in positions:
        elapsed, _ = timed(partial(searcher.search, board))
        times.append(elapsed)
    times.sort()
    median = statistics.median(times)
    worst_percentile = times[int(len(times) * 0.99)]
    row.ours = f"median {duration_text(median)}, 99% within {duration_text(worst_percentile)}"
    row.met = median <= 10e-6
    row.note = f"over all {len(positions):,} non-terminal positions; slowest {duration_text(times[-1])}"
    row.figures = {
        "median_seconds": median,
        "p99_seconds": worst_percentile,
        "max_seconds": times[-1],
        "positions": len(positions),
    }
    return row


def solve_all(settings: BenchSettings) -> BenchRow:
    from ..search.solve_all import solution_errors, solve_every_position

    row = BenchRow("solve every reachable 3x3 position", "<= 20 ms")
    reachable = reachable_positions(TIC_TAC_TOE)
    positions = [b for b in reachable if not b.is_game_over()]
    solve_every_position(TIC_TAC_TOE)  # warm-up: builds the board's lookup tables once
    seconds, cpu_seconds, solutions = median_wall_and_cpu(lambda: solve_every_position(TIC_TAC_TOE), settings.repeats)
    # Checked after the clock stops: every position in play answered, each answer
    # the best over its moves' values.
    errors = solution_errors(TIC_TAC_TOE, solutions)
    answered = sum((b.bits[0], b.bits[1]) in solutions for b in positions)
    checked = not errors and answered == len(positions) == len(solutions)
    row.ours = f"{wall_and_cpu_text(seconds, cpu_seconds)} for {len(solutions):,} positions" + (
        ", every answer checked" if checked else f", CHECK FAILED: {errors[:1]}"
    )
    row.met = seconds <= 0.020 and checked
    cpu_note = busy_machine_note(row.met, cpu_seconds <= 0.020 and checked)
    row.note = (
        "one memoised negamax pass over the game graph values every position in "
        "play once (score, best move); then each answer is checked against its "
        f"moves' values, and all {len(positions):,} non-terminal positions (of "
        f"{len(reachable):,} reachable) are found; timed after a warm-up run that builds "
        "the board's lookup tables"
    ) + (f"; {cpu_note}" if cpu_note else "")
    row.figures = {"seconds": seconds, "cpu_seconds": cpu_seconds, "positions": len(solutions), "checked": checked}
    _add_competent(row, settings, seconds, [(b.bits[0], b.bits[1]) for b in positions])
    if settings.quick:
        row.note += f"; reference ({reference.RESTART_NAME}) skipped in --quick"
        return row

    def restarted() -> None:
        for board in positions:
            reference.restart_best_move(board)

    ref_seconds, _ = timed(restarted)
    row.reference = f"{duration_text(ref_seconds)} ({reference.RESTART_NAME})"
    row.speedup = speedup(ref_seconds, seconds)
    row.figures["reference_seconds"] = ref_seconds
    return row


def perfect_4x4(settings: BenchSettings) -> BenchRow:
    from ..search.perfect import PerfectSearcher

    config = GameConfig(4, 4, 4)
    row = BenchRow("perfect, empty 4x4 k=4, exact draw", "<= 0.1 s, <= 20,000 nodes, <= 60 MB")
    seconds, cpu_seconds, result = median_wall_and_cpu(
        lambda: PerfectSearcher(config).search(Board(config), time_budget=60.0), settings.repeats
    )
    peak_mb = None if settings.quick else _peak_megabytes(config)
    exact_draw = result.exact and result.result == "draw"
    memory = "memory not measured in --quick" if peak_mb is None else f"{peak_mb:.1f} MB"
    row.ours = f"{wall_and_cpu_text(seconds, cpu_seconds)}, {result.stats.nodes:,} nodes, {memory}, " + (
        "exact draw" if exact_draw else f"result {result.result}"
    )
    rest_met = result.stats.nodes <= 20_000 and exact_draw and (peak_mb is None or peak_mb <= 60)
    row.met = seconds <= 0.1 and rest_met
    row.note = busy_machine_note(row.met, cpu_seconds <= 0.1 and rest_met)
    row.reference = f"not run: {reference.RESTART_NAME} does not finish in minutes"
    row.figures = {
        "seconds": seconds,
        "cpu_seconds": cpu_seconds,
        "nodes": result.stats.nodes,
        "peak_mb": peak_mb,
        "exact": result.exact,
        "result": result.result,
    }
    return row


def _peak_megabytes(config: GameConfig) -> float:
    """Peak memory Python allocated during one cold solve (a separate, slower run)."""
    from ..search.perfect import PerfectSearcher

    tracemalloc.start()
    try:
        PerfectSearcher(config).search(Board(config), time_budget=60.0)
        return tracemalloc.get_traced_memory()[1] / 1e6
    finally:
        tracemalloc.stop()


DEPTH_BOARDS = ((GameConfig(5, 5, 4), 12), (GameConfig(7, 7, 5), 6), (GameConfig(15, 15, 5), 4))


def depth_in_budget(settings: BenchSettings) -> BenchRow:
    from ..search.perfect import PerfectSearcher

    budget = settings.budget
    row = BenchRow(
        f"{budget:g} s per move, completed depth: 5x5 k=4 / 7x7 k=5 / 15x15 k=5", ">= 12 / >= 6 / >= 4 (at 1 s)"
    )
    depths = []
    for config, _ in DEPTH_BOARDS:
        result = PerfectSearcher(config).search(Board(config), time_budget=budget)
        depths.append(result.stats.depth or 0)
    row.ours = " / ".join(str(d) for d in depths)
    if not settings.quick:
        row.met = all(d >= want for d, (_, want) in zip(depths, DEPTH_BOARDS))
    else:
        row.note = "targets are for 1 s; --quick uses 0.1 s"
    row.figures = {"budget": budget, "depths": depths}
    return row


ANSWER_BOARDS = (
    GameConfig(3, 3, 3),
    GameConfig(4, 4, 4),
    GameConfig(5, 5, 4),
    GameConfig(7, 7, 5),
    GameConfig(10, 10, 5),
    GameConfig(15, 15, 5),
    GameConfig(19, 19, 5),
    GameConfig(MAX_SIZE, MAX_SIZE, 5),
)


def answer_time(settings: BenchSettings) -> BenchRow:
    from ..search.perfect import PerfectSearcher

    budget = settings.budget
    row = BenchRow(f"answer time with a {budget:g} s budget, boards up to {MAX_SIZE}x{MAX_SIZE}", "<= 1.1 s (at 1 s)")
    configs = ANSWER_BOARDS[-2:] if settings.quick else ANSWER_BOARDS
    worst, worst_board = 0.0, ""
    for config in configs:
        board = Board(config)
        middle = (config.rows // 2) * config.cols + config.cols // 2
        for cell in (middle, middle + 1, middle + config.cols):  # a few stones in the middle
            board.push_index(cell)
        began = time.perf_counter()
        PerfectSearcher(config).search(board, time_budget=budget)
        elapsed = time.perf_counter() - began
        if elapsed > worst:
            worst, worst_board = elapsed, f"{config.rows}x{config.cols} k={config.k}"
    row.ours = f"slowest {duration_text(worst)} ({worst_board})"
    row.met = worst <= budget + 0.1
    row.figures = {"budget": budget, "worst_seconds": worst, "boards": len(configs)}
    return row
