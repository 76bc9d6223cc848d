"""``tictactoe-qt simulate``: many games between two computer players."""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

from tictactoe_qt.engine.batch import MAX_BATCH_GAMES, run_batch, worker_limit
from tictactoe_qt.engine.duration_text import duration_text
from tictactoe_qt.engine.excerpt import excerpt
from tictactoe_qt.engine.simulation import check_playable
from tictactoe_qt.engine.worker_processes import MIN_WORKER_LIMIT, WorkerDiedError, act_as_worker

from .arguments import (
    CommandFailed,
    add_size_arguments,
    config_from,
    non_negative_int,
    player_spec,
    positive_int,
    seed_int,
)
from .cluster_option import add_cluster_argument, cluster_batch
from .formatting import summary_text

#: Exit status of a batch that ended early without a signal (its cluster went away), as
#: after Ctrl+C.
INTERRUPTED = 130
#: Signals that end a batch early with the games played so far: Ctrl+C, a
#: polite kill, a closed terminal. The exit status is 128 + the signal number.
STOP_SIGNALS = tuple(
    getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)
)

DESCRIPTION = """\
Play N games between two computer players and report wins, draws, times,
game lengths and nodes searched. SPEC is a player with options, e.g. random,
minimax:depth=5, alphabeta, average:depth=3, perfect:time=0.5,
mcts:iterations=500, an installed plugin (see `tictactoe-qt players`) or an
external Gomocup engine: engine:path=/path/to/pbrain-x[,time=S]. A player
that breaks the rules (overruns its time, plays a taken cell, crashes)
loses that game by forfeit; the report counts forfeits and says why.
With --swap the players take turns at moving first; each keeps its mark, so
x_wins and the "x" block are always the --x player's (first_mover_wins counts
the games the first mover won).
The same --seed gives the same totals whatever --workers is.
Ctrl+C, SIGTERM or SIGHUP stop the batch and report the games played so far.
With --cluster the chunks run on a Dask cluster (pip install 'tictactoe-qt[cluster]'),
with the same totals as --workers 1 for the same --seed."""


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "simulate", help="play many games between two computer players",
        description=DESCRIPTION, formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--x", type=player_spec, required=True, metavar="SPEC",
                        help="the player given as X (moves first, or in even games with --swap)")
    parser.add_argument("--o", type=player_spec, required=True, metavar="SPEC",
                        help="the player that moves second (O)")
    parser.add_argument("--games", type=game_count, default=100, metavar="N",
                        help=f"number of games, at most {MAX_BATCH_GAMES:,} (default 100)")
    add_size_arguments(parser)
    parser.add_argument("--seed", type=seed_int, default=None, metavar="S",
                        help="batch seed for a repeatable run (default: a fresh one, reported)")
    parser.add_argument("--swap", action="store_true",
                        help="alternate which player moves first")
    parser.add_argument("--workers", type=non_negative_int, default=1, metavar="W",
                        help="processes to use; 0 = every core (default 1); at most "
                        f"{worker_limit()} here (one per core, at least 4)")
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
        print(f"note: using {limit} worker processes, not {args.workers:,}: at most one per "
              f"core (at least {MIN_WORKER_LIMIT}) run at once here", file=sys.stderr)
    stopped_by: list[int] = []
    show_progress = sys.stderr.isatty() and not args.json
    progress = ProgressLine() if show_progress else None
    with _first_signal_stops(stopped_by):
        try:
            if args.cluster is not None:
                summary = cluster_batch(args, config, progress, lambda: bool(stopped_by))
            else:
                summary = run_batch(
                    config, args.x, args.o, args.games, args.seed, args.swap, args.workers,
                    progress=progress, should_stop=lambda: bool(stopped_by),
                )
        except WorkerDiedError as error:
            raise CommandFailed(str(error)) from None
    if show_progress:
        print("\r\033[K", end="", file=sys.stderr, flush=True)
    if args.json:
        json.dump(summary.as_dict(), sys.stdout)
        print()
    else:
        print(summary_text(summary))
    if stopped_by:
        return 128 + stopped_by[0]
    return INTERRUPTED if summary.cancelled else 0  # a cluster lost mid-batch: as Ctrl+C


class ProgressLine:
    """``progress(done, total)`` for a batch: games done and the time left, on one stderr line."""

    def __init__(self) -> None:
        self._began = time.perf_counter()

    def __call__(self, done: int, total: int) -> None:
        print(f"\r\033[K  {progress_text(done, total, time.perf_counter() - self._began)}",
              end="", file=sys.stderr, flush=True)


def progress_text(done: int, total: int, seconds: float) -> str:
    """``"1,000 / 4,000 games, about 30 s left"``, the time left from the pace so far."""
    text = f"{done:,} / {total:,} games"
    if 0 < done < total and seconds > 0:
        text += f", about {duration_text(seconds * (total - done) / done)} left"
    return text


@contextmanager
def _first_signal_stops(stopped_by: list[int]) -> Iterator[None]:
    """The first stop signal ends the batch with the games played so far; a second one quits.

    The number of the first signal is appended to ``stopped_by``. Worker
    processes ignore these signals (a terminal sends Ctrl+C and hang-ups to
    them too): the batch winds them down, so none is left behind.
    """
    owner = os.getpid()

    def on_signal(signum: int, frame: FrameType | None) -> None:
        if os.getpid() != owner:
            # A worker forked with this handler, signalled before its set-up ran (the
            # pool ends the others when one dies): it must not report a stop.
            act_as_worker(signum)
            return
        if stopped_by:
            raise KeyboardInterrupt
        stopped_by.append(signum)
        again = "Ctrl+C again" if signum == signal.SIGINT else "a second signal"
        print(f"\nstopping on {signal.Signals(signum).name}: the games so far will be "
              f"reported ({again} quits now)", file=sys.stderr, flush=True)

    previous: dict[int, object] = {}
    try:
        for signum in STOP_SIGNALS:
            previous[signum] = signal.signal(signum, on_signal)
    except ValueError:  # not the main thread: leave the signals alone
        pass
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)  # type: ignore[arg-type]
