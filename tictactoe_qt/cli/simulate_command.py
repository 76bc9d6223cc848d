"""``tictactoe-qt simulate``: many games between two computer players."""

from __future__ import annotations

import argparse
import json
import signal
import sys
import time
from collections import deque
from collections.abc import Callable, Sequence

from tictactoe_qt.engine import excerpt
from tictactoe_qt.engine.play import (
    KEPT_SAMPLES,
    MAX_BATCH_GAMES,
    Sample,
    SimulationSummary,
    run_batch,
    steady_time_left,
)
from tictactoe_qt.engine.players import DEPTH_RANGE_KINDS, PlayerSpec, check_playable
from tictactoe_qt.engine.processes import MIN_WORKER_LIMIT, worker_limit
from tictactoe_qt.engine.search import open_lines_text
from tictactoe_qt.engine.text import duration_text

from .arguments import add_size_arguments, config_from, non_negative_int, player_spec, positive_int, seed_int
from .cluster_option import add_cluster_argument, cluster_batch
from .formatting import summary_text
from .share_interval import wilson_interval
from .stop_signals import INTERRUPTED, exit_status, first_signal_stops

#: Seconds between redraws of the progress line.
PROGRESS_INTERVAL = 0.1

DESCRIPTION = """\
Play N games between two computer players and report wins, draws, times,
game lengths and nodes searched, each share with its 95% Wilson interval.
SPEC is a player with options, e.g. random,
minimax:depth=5, alphabeta, average:depth=3, perfect:time=0.5,
mcts:iterations=500, an installed plugin (see `tictactoe-qt players`) or an
external Gomocup engine: engine:path=/path/to/pbrain-x[,time=S]. A player
that breaks the rules (overruns its time, plays a taken cell, crashes)
loses that game by forfeit; the report counts forfeits and says why.
A player with a depth limit scores the positions at its limit by E(n), the
open lines for it minus those for its opponent (evaluation=open-lines, the
default for minimax and alphabeta), or 0 with evaluation=zero; the report says which.
With --swap the players take turns at moving first; each keeps its mark, so
x_wins and the "x" block are always the --x player's (first_mover_wins counts
the games the first mover won).
The same --seed gives the same totals whatever --workers is.
Ctrl+C, SIGTERM or SIGHUP (to the command or its whole process group) stop
the batch and report the games played so far, as does a worker process that dies.
With --cluster the chunks run on a Dask cluster (pip install 'tictactoe-qt[cluster]'),
with the same totals as --workers 1 for the same --seed."""


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "simulate",
        help="play many games between two computer players",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--x",
        type=player_spec,
        required=True,
        metavar="SPEC",
        help="the player given as X (moves first, or in even games with --swap)",
    )
    parser.add_argument("--o", type=player_spec, required=True, metavar="SPEC", help="the player that moves second (O)")
    parser.add_argument(
        "--games",
        type=game_count,
        default=100,
        metavar="N",
        help=f"number of games, at most {MAX_BATCH_GAMES:,} (default 100)",
    )
    add_size_arguments(parser)
    parser.add_argument(
        "--seed",
        type=seed_int,
        default=None,
        metavar="S",
        help="batch seed for a repeatable run (default: a fresh one, reported)",
    )
    parser.add_argument("--swap", action="store_true", help="alternate which player moves first")
    parser.add_argument(
        "--workers",
        type=non_negative_int,
        default=1,
        metavar="W",
        help=f"processes to use; 0 = every core (default 1); at most {worker_limit()} here (one per core, at least 4)",
    )
    add_cluster_argument(parser)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(run=run)


def game_count(text: str) -> int:
    """A number of games, from 1 to :data:`MAX_BATCH_GAMES`."""
    games = positive_int(text)
    if games > MAX_BATCH_GAMES:
        raise argparse.ArgumentTypeError(
            f"at most {MAX_BATCH_GAMES:,} games fit in one run, got {excerpt(text)}; "
            "split the work into several runs with different --seed values"
        )
    return games


def run(args: argparse.Namespace) -> int:
    config = config_from(args)
    check_playable(config, args.x, args.o)  # a bad engine path is an error before any game
    limit = worker_limit()
    if args.workers > limit:
        print(
            f"note: using {limit} worker processes, not {args.workers:,}: at most one per "
            f"core (at least {MIN_WORKER_LIMIT}) run at once here",
            file=sys.stderr,
        )
    stopped_by: list[int] = []
    show_progress = sys.stderr.isatty()  # stdout keeps the report (or the JSON) alone
    progress = ProgressLine() if show_progress else None
    with first_signal_stops(stopped_by):
        if args.cluster is not None:
            summary = cluster_batch(args, config, progress, lambda: bool(stopped_by))
        else:
            summary = run_batch(
                config,
                args.x,
                args.o,
                args.games,
                args.seed,
                args.swap,
                args.workers,
                progress=progress,
                should_stop=lambda: bool(stopped_by),
            )
    if show_progress:
        print("\r\033[K", end="", file=sys.stderr, flush=True)
    if args.json:
        json.dump(summary_json(summary, (args.x, args.o)), sys.stdout)
        print()
    else:
        head, *rest = summary_text(summary).split("\n")
        print("\n".join([head, *depth_limit_lines((args.x, args.o)), *rest]))
    if summary.failure:
        print(
            f"tictactoe-qt simulate: error: {summary.failure} (the report holds the "
            f"{summary.games:,} games finished before)",
            file=sys.stderr,
        )
    elif summary.cancelled and not stopped_by and args.cluster is None:
        # Only a worker's SIGTERM stops a local batch that this process was not asked to stop.
        stopped_by.append(signal.SIGTERM)
        print(
            "tictactoe-qt simulate: a worker process got SIGTERM: the batch stopped (the "
            f"report holds the {summary.games:,} games finished before)",
            file=sys.stderr,
        )
    if summary.cancelled and not stopped_by and not summary.failure:
        return INTERRUPTED  # a cluster lost mid-batch: as Ctrl+C
    return exit_status(stopped_by, bool(summary.failure))


def depth_limit_evaluation(spec: PlayerSpec) -> str | None:
    """How ``spec`` scores a position at its depth limit: ``"open-lines"`` (E(n), the
    default) or ``"zero"``; ``None`` for a player with no depth limit or its own measure."""
    if spec.kind not in DEPTH_RANGE_KINDS or (spec.depth is None and spec.depth_range is None):
        return None
    return spec.textbook.evaluation if spec.textbook is not None else "open-lines"


def depth_limit_lines(specs: tuple[PlayerSpec, PlayerSpec]) -> list[str]:
    """One line per depth-limited player: what a position at its limit scores."""
    lines = []
    for mark, spec in zip(("X", "O"), specs):
        evaluation = depth_limit_evaluation(spec)
        if evaluation is None:
            continue
        low, high = spec.depth_range or (spec.depth, spec.depth)
        plies = f"{low} plies" if low == high else f"{low}-{high} plies"
        other = "O" if mark == "X" else "X"
        if evaluation == "zero":
            score = "0 (evaluation=zero)"
        else:
            score = (
                f"E(n) = {open_lines_text(mark, other)} (evaluation=open-lines, the default; evaluation=zero scores 0)"
            )
        lines.append(f"  {mark}'s depth limit ({plies}): a position there scores {score}")
    return lines


def summary_json(summary: SimulationSummary, specs: tuple[PlayerSpec, PlayerSpec]) -> dict[str, object]:
    """``summary.as_dict()`` plus each share's 95% Wilson interval in percent
    (``x_win_ci95``, ``o_win_ci95``, ``draw_ci95``: ``[low, high]``) and each player's
    scoring at its depth limit (``depth_limit_evaluation``: ``{"x": "open-lines", "o": null}``)."""
    data = summary.as_dict()
    for key, count in (("x_win_ci95", summary.x_wins), ("o_win_ci95", summary.o_wins), ("draw_ci95", summary.draws)):
        data[key] = list(wilson_interval(count, summary.games))
    data["depth_limit_evaluation"] = {mark: depth_limit_evaluation(spec) for mark, spec in zip(("x", "o"), specs)}
    return data


class ProgressLine:
    """``progress(done, total)`` for a batch: games done and the time left, on one stderr line.

    Redrawn at most every :data:`PROGRESS_INTERVAL` seconds (and at the end),
    however often it is told: a tournament tells it after every game. Each redraw
    is a sample of the pace; the time left is the window's rule
    (:func:`~tictactoe_qt.engine.play.steady_time_left`), so it says nothing until
    the pace has settled rather than jumping about at the start.
    """

    def __init__(self, clock: Callable[[], float] = time.perf_counter) -> None:
        self._clock = clock
        self._began = clock()
        self._shown = -PROGRESS_INTERVAL
        self._samples: deque[Sample] = deque(maxlen=KEPT_SAMPLES)

    def __call__(self, done: int, total: int) -> None:
        now = self._clock() - self._began
        if now - self._shown < PROGRESS_INTERVAL and done < total:
            return
        self._shown = now
        self._samples.append((now, done))
        print(f"\r\033[K  {progress_text(self._samples, total)}", end="", file=sys.stderr, flush=True)


def progress_text(samples: Sequence[Sample], total: int) -> str:
    """``"1,000 / 4,000 games, about 30 s left"`` from the batch's progress ``samples``
    (``(seconds, games done)``, oldest first); ``"time left: estimating…"`` until the pace
    has settled."""
    done = samples[-1][1] if samples else 0
    text = f"{done:,} / {total:,} games"
    if done >= total:
        return text
    left = steady_time_left(samples, total)
    if left is None:
        return f"{text}, time left: estimating…"
    return f"{text}, about {duration_text(left)} left"
