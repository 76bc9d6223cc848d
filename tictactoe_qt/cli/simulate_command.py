"""``tictactoe-qt simulate``: many games between two computer players."""

from __future__ import annotations

import argparse
import json
import signal
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

from tictactoe_qt.engine.batch import run_batch
from tictactoe_qt.engine.simulation import check_playable

from .arguments import (
    add_size_arguments,
    config_from,
    non_negative_int,
    player_spec,
    positive_int,
    seed_int,
)
from .formatting import summary_text

#: Exit status when Ctrl+C ended the batch early (as shells report SIGINT).
INTERRUPTED = 130

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
The same --seed gives the same totals whatever --workers is."""


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "simulate", help="play many games between two computer players",
        description=DESCRIPTION, formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--x", type=player_spec, required=True, metavar="SPEC",
                        help="the player given as X (moves first, or in even games with --swap)")
    parser.add_argument("--o", type=player_spec, required=True, metavar="SPEC",
                        help="the player that moves second (O)")
    parser.add_argument("--games", type=positive_int, default=100, metavar="N",
                        help="number of games (default 100)")
    add_size_arguments(parser)
    parser.add_argument("--seed", type=seed_int, default=None, metavar="S",
                        help="batch seed for a repeatable run (default: a fresh one, reported)")
    parser.add_argument("--swap", action="store_true",
                        help="alternate which player moves first")
    parser.add_argument("--workers", type=non_negative_int, default=1, metavar="W",
                        help="processes to use; 0 = every core (default 1)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    config = config_from(args)
    check_playable(config, args.x, args.o)  # a bad engine path is an error before any game
    stop = threading.Event()
    show_progress = sys.stderr.isatty() and not args.json
    with _first_interrupt_stops(stop):
        summary = run_batch(
            config, args.x, args.o, args.games, args.seed, args.swap, args.workers,
            progress=_print_progress if show_progress else None, should_stop=stop.is_set,
        )
    if show_progress:
        print("\r\033[K", end="", file=sys.stderr, flush=True)
    if args.json:
        json.dump(summary.as_dict(), sys.stdout)
        print()
    else:
        print(summary_text(summary))
    return INTERRUPTED if stop.is_set() else 0


def _print_progress(done: int, total: int) -> None:
    print(f"\r  {done:,} / {total:,} games", end="", file=sys.stderr, flush=True)


@contextmanager
def _first_interrupt_stops(stop: threading.Event) -> Iterator[None]:
    """The first Ctrl+C ends the batch with the games played so far; a second one quits."""

    def on_interrupt(signum: int, frame: FrameType | None) -> None:
        if stop.is_set():
            raise KeyboardInterrupt
        stop.set()
        print("\nstopping: the games so far will be reported (Ctrl+C again to quit now)",
              file=sys.stderr, flush=True)

    try:
        previous = signal.signal(signal.SIGINT, on_interrupt)
    except ValueError:  # not the main thread: leave Ctrl+C alone
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
