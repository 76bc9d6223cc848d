"""``tictactoe-qt analyze``: the value of a position and of every legal move."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from contextlib import nullcontext
from typing import Any

from tictactoe_qt.engine import excerpt
from tictactoe_qt.engine.game import Board, GameConfig

from .arguments import UsageError, add_k_argument, time_budget
from .exact_run import (
    InterruptibleRun,
    add_cache_argument,
    check_exact_size,
    end_progress_line,
    progress_printer,
    solved_cache,
    warn_if_long,
)
from .formatting import analysis_text
from .stop_signals import INTERRUPTED

#: Exit status when at least one board could not be analysed.
BAD_BOARD = 1

DESCRIPTION = """\
Solve each BOARD (rows joined by /, cells x, o or .; e.g. x.o/.x./..o) and show
who wins with perfect play, in how many plies, the best move and the value of
every legal move. '-' reads boards from standard input, one per line. A board
that cannot be read is reported on its own line (exit status 1); the others are
still answered. Boards too big to solve in --time get exact: false. --exact
solves the position and every move with no time limit instead; on a terminal a
progress line shows on stderr, and Ctrl+C stops with what is solved so far
(exact: false, exit status 130). Exact answers are kept in a cache of solved
positions, so asking again is instant ("cached": true); --no-cache skips it,
and 'tictactoe-qt cache clear' empties it."""


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "analyze",
        help="solve positions: result, plies, best move, every move's value",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "boards", nargs="+", metavar="BOARD", help="board strings, or - to read them from standard input"
    )
    add_k_argument(parser)
    parser.add_argument(
        "--time",
        type=time_budget,
        default=None,
        metavar="S",
        help="seconds per board when it cannot be solved at once (default 1)",
    )
    parser.add_argument("--exact", action="store_true", help="solve every board and move with no time limit")
    add_cache_argument(parser)
    parser.add_argument("--json", action="store_true", help="one JSON object per line")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    try:
        from tictactoe_qt.engine.analysis import analyze  # noqa: F401 (is it built?)
    except ImportError:
        raise UsageError("analysis is not available in this build") from None
    if args.exact and args.time is not None:
        raise UsageError("--exact solves with no time limit: drop --time")
    searchers: dict[GameConfig, Any] = {}
    if args.exact:
        args.cache = solved_cache(args)
    status = 0
    # Only an exact run turns Ctrl+C into a clean stop; otherwise it interrupts at once.
    with InterruptibleRun() if args.exact else nullcontext(InterruptibleRun()) as interruptible:
        given = 0
        for text in _board_texts(args.boards):
            if interruptible.interrupted:
                break
            given += 1
            status = max(status, _answer(text, args, searchers, interruptible))
    if not given and not interruptible.interrupted:
        raise UsageError("no board was given: standard input held no board (one per line)")
    return INTERRUPTED if interruptible.interrupted else status


def _answer(
    text: str, args: argparse.Namespace, searchers: dict[GameConfig, Any], interruptible: InterruptibleRun
) -> int:
    """Analyse one board and print the answer; returns its exit status."""
    from tictactoe_qt.engine.analysis import analyze

    try:
        board = Board.from_notation(text, args.k)
    except ValueError as error:
        _report_bad_board(text, str(error), args.json)
        return BAD_BOARD
    searcher = searchers.get(board.config)
    if searcher is None:
        searcher = searchers[board.config] = _new_searcher(board.config)
    if args.exact:
        from tictactoe_qt.engine.analysis import analyze_exactly, analyze_exactly_cached

        check_exact_size(board)
        warn_if_long(board)
        progress = progress_printer()
        try:
            if args.cache is None:
                analysis = analyze_exactly(board, interruptible.should_stop, searcher, progress)
                cached = False
            else:
                analysis, cached = analyze_exactly_cached(
                    board, args.cache, interruptible.should_stop, searcher, progress
                )
        finally:
            end_progress_line(progress)
    else:
        budget = 1.0 if args.time is None else args.time
        analysis = analyze(board, budget, interruptible.should_stop, searcher=searcher)
    data = analysis.as_dict()
    if args.exact:
        data["cached"] = cached
    if args.json:
        print(json.dumps(data), flush=True)
    else:
        cached_line = "\n  (from the cache of solved positions)" if data.get("cached") else ""
        print(analysis_text(board, data) + cached_line, end="\n\n", flush=True)
    return 0


def _board_texts(arguments: list[str]) -> Iterator[str]:
    """The boards named on the command line, reading ``-`` from stdin."""
    for argument in arguments:
        if argument == "-":
            for line in sys.stdin:
                if line.strip():
                    yield line.strip()
        else:
            yield argument


def _report_bad_board(text: str, message: str, as_json: bool) -> None:
    if as_json:
        print(json.dumps({"board": text, "error": message}), flush=True)
    else:
        print(f"{excerpt(text)}: error: {message}", file=sys.stderr, flush=True)


def _new_searcher(config: GameConfig) -> Any:
    """A perfect searcher to share between boards of one size (its table stays warm)."""
    try:
        from tictactoe_qt.engine.search import PerfectSearcher
    except ImportError:
        return None
    return PerfectSearcher(config)
