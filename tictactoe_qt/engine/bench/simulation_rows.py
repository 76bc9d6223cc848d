"""Benchmark rows that time whole games: simulations and multi-core batches."""

from __future__ import annotations

import random
import statistics

from ..game.config import GameConfig
from ..play.batch import run_batch
from ..play.simulation import play_move_by_move
from ..players.player_spec import PlayerSpec
from ..text.durations import duration_text
from . import reference
from .rows import BenchRow, median_wall_and_cpu, timed
from .search_rows import TIC_TAC_TOE, BenchSettings


def _rate(games: int, seconds: float) -> float:
    return games / seconds if seconds else float("inf")


def random_vs_random(settings: BenchSettings) -> BenchRow:
    row = BenchRow("random vs random, 3x3, one process", ">= 500,000 games/s, >= 3x a random.choice loop")
    games = 200_000 if settings.quick else 2_000_000
    seconds, cpu_seconds, _ = median_wall_and_cpu(
        lambda: run_batch(TIC_TAC_TOE, "random", "random", games, seed=1, workers=1), settings.repeats
    )
    ours, per_cpu = _rate(games, seconds), _rate(games, cpu_seconds)
    specs = (PlayerSpec("random"), PlayerSpec("random"))
    slow_games = 2_000 if settings.quick else 20_000
    slow_seconds, _ = timed(lambda: sum(1 for _ in play_move_by_move(TIC_TAC_TOE, specs, 0, slow_games, seed=1)))
    loop_games = 2_000 if settings.quick else 20_000
    rng = random.Random(1)
    textbook_seconds, _ = timed(lambda: [reference.random_game(rng) for _ in range(loop_games)])
    lean_seconds, _ = timed(lambda: [reference.lean_random_game(rng) for _ in range(loop_games)])
    textbook, lean = _rate(loop_games, textbook_seconds), _rate(loop_games, lean_seconds)
    slow = _rate(slow_games, slow_seconds)
    row.ours = f"{ours:,.0f} games/s ({per_cpu:,.0f} per CPU-second)"
    row.reference = f"{textbook:,.0f} games/s (textbook random.choice loop)"
    row.speedup = ours / textbook
    row.met = ours >= 500_000 and ours >= 3 * lean
    row.note = (
        f"{ours / lean:,.0f}x a lean bitboard random.choice loop ({lean:,.0f}/s); "
        f"move by move through the players: {slow:,.0f}/s"
    )
    row.figures = {
        "games_per_second": ours,
        "games_per_cpu_second": per_cpu,
        "textbook_loop": textbook,
        "lean_loop": lean,
        "move_by_move": slow,
        "games": games,
    }
    return row


def perfect_vs_random(settings: BenchSettings) -> BenchRow:
    row = BenchRow("perfect vs random, 3x3", ">= 20,000 games/s")
    games = 1_000 if settings.quick else 40_000
    warm_up = 50 if settings.quick else 500
    run_batch(TIC_TAC_TOE, "perfect", "random", warm_up, seed=2, workers=1)  # imports, tables
    seconds, cpu_seconds, summary = median_wall_and_cpu(
        lambda: run_batch(TIC_TAC_TOE, "perfect", "random", games, seed=1, workers=1), max(1, settings.repeats // 2)
    )
    ours, per_cpu = _rate(games, seconds), _rate(games, cpu_seconds)
    children_before = _children_cpu_seconds()
    pool_seconds, pooled = timed(lambda: run_batch(TIC_TAC_TOE, "perfect", "random", games, seed=1, workers=2))
    cores = (_children_cpu_seconds() - children_before) / pool_seconds
    two = _rate(games, pool_seconds)
    rng = random.Random(1)
    ref_games = 1 if settings.quick else 5
    ref_seconds, _ = timed(lambda: [reference.searcher_vs_random_game(rng) for _ in range(ref_games)])
    textbook = _rate(ref_games, ref_seconds)
    losses = summary.o_wins + pooled.o_wins
    row.ours = (
        f"{ours:,.0f} games/s in one process ({per_cpu:,.0f} per CPU-second), "
        f"{two:,.0f} with 2 workers; "
        f"perfect lost {losses} of {summary.games + pooled.games:,}"
    )
    row.reference = f"{textbook:,.1f} games/s ({reference.RESTART_NAME} vs random.choice)"
    row.speedup = ours / textbook
    row.met = max(ours, two) >= 20_000 and losses == 0
    row.note = "speed-up for one process; 2 workers include starting them" + (
        f" and got {cores:.1f} cores' worth of CPU" if cores > 0 else ""
    )
    row.figures = {
        "games_per_second": ours,
        "games_per_cpu_second": per_cpu,
        "two_worker_games_per_second": two,
        "reference_games_per_second": textbook,
        "perfect_losses": losses,
        "games": games,
    }
    return row


MULTI_CORE_BOARD = GameConfig(7, 7, 5)
#: The 2-worker target, and the cores' worth of CPU the workers get on 2 idle cores.
TWO_WORKER_SPEEDUP = 1.6
IDLE_CORES_SEEN = 1.8


def _children_cpu_seconds() -> float:
    """CPU time of finished child processes (forked workers; 0 where not counted)."""
    try:
        import resource
    except ImportError:  # pragma: no cover - not on Unix
        return 0.0
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def multi_core(settings: BenchSettings) -> BenchRow:
    games = 200 if settings.quick else 6_000
    row = BenchRow(
        f"multi-core batch: {games:,} random games on 7x7 k=5, 2 workers vs 1",
        f">= {TWO_WORKER_SPEEDUP}x on 2 idle cores; same totals",
    )
    one_times, two_times, busy = [], [], []
    one = two = None
    # Interleaved, so a burst of other load on the machine hits both sides alike.
    for _ in range(1 if settings.quick else 2):
        seconds, one = timed(lambda: run_batch(MULTI_CORE_BOARD, "random", "random", games, seed=3, workers=1))
        one_times.append(seconds)
        children_before = _children_cpu_seconds()
        seconds, two = timed(lambda: run_batch(MULTI_CORE_BOARD, "random", "random", games, seed=3, workers=2))
        two_times.append(seconds)
        busy.append((_children_cpu_seconds() - children_before) / seconds)
    assert one is not None and two is not None
    same = (one.x_wins, one.o_wins, one.draws, one.plies) == (two.x_wins, two.o_wins, two.draws, two.plies)
    one_seconds, two_seconds = statistics.median(one_times), statistics.median(two_times)
    gain = one_seconds / two_seconds
    row.ours = f"{gain:.2f}x ({duration_text(one_seconds)} -> {duration_text(two_seconds)})"
    cores = statistics.median(busy)
    row.met = same and gain >= TWO_WORKER_SPEEDUP
    if same and not row.met and 0 < cores < IDLE_CORES_SEEN:
        row.note = "the machine was busy; "
    row.note += (
        ("same totals" if same else "TOTALS DIFFER")
        + "; includes starting the workers"
        + (f"; the workers got {cores:.1f} cores' worth of CPU" if cores > 0 else "")
    )
    row.figures = {
        "one_worker_seconds": one_seconds,
        "two_worker_seconds": two_seconds,
        "speedup": gain,
        "same_totals": same,
        "games": games,
        "worker_cores_used": cores,
    }
    return row
