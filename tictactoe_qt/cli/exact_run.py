"""What ``search --exact`` and ``analyze --exact`` share: Ctrl+C, the progress line, the cache.

An exact search runs without a time limit. :class:`InterruptibleRun` turns the
first Ctrl+C into a stop request the search polls, so it ends cleanly with the
best answer so far (``exact: false``) and the command exits with status 130;
a second Ctrl+C interrupts at once. :func:`progress_printer` rewrites one
line on stderr when stderr is a terminal, so JSON on stdout stays clean;
:func:`warn_if_long` says there, once before the solve starts, when it may run
for hours (:func:`tictactoe_qt.engine.analysis.exact_limits.long_solve_note`).
"""

from __future__ import annotations

import argparse
import signal
import sys
from types import FrameType, TracebackType
from typing import Any, TextIO

from tictactoe_qt.engine.analysis import EXACT_MAX_EMPTY, SolvedCache, exact_size_estimate, long_solve_note
from tictactoe_qt.engine.game import Board
from tictactoe_qt.engine.search import Progress, SearchProgress, progress_text

from .arguments import UsageError

#: How an exact run is stopped from the command line, ending the long-solve note.
CTRL_C_HINT = "Ctrl+C stops it with the best answer so far."


def check_exact_size(board: Board) -> None:
    """Refuse an exact solve of ``board`` when it could run for ages.

    Raises:
        UsageError: too many empty cells, with an estimate of the game tree's size.
    """
    exponent = exact_size_estimate(board)
    if exponent is None:
        return
    raise UsageError(
        f"--exact on {board.empty.bit_count()} empty cells could search up to about "
        f"10^{exponent} lines of play; exact solving takes at most {EXACT_MAX_EMPTY} empty "
        "cells: give --time instead"
    )


def warn_if_long(board: Board) -> None:
    """Say on stderr, before an exact solve of ``board`` starts, when it is past the sizes
    measured to finish and may run for hours (stdout stays the answer alone)."""
    note = long_solve_note(board, CTRL_C_HINT)
    if note is not None:
        print(f"note: {note}", file=sys.stderr, flush=True)


def solved_cache(args: argparse.Namespace) -> SolvedCache | None:
    """The solved-positions cache an exact run uses (warnings go to stderr), or ``None``
    with ``--no-cache``."""
    if args.no_cache:
        return None
    return SolvedCache(warn=lambda message: print(message, file=sys.stderr, flush=True))


def add_cache_argument(parser: argparse.ArgumentParser) -> None:
    """``--no-cache``."""
    parser.add_argument(
        "--no-cache",
        action="store_true",
        help="with --exact: neither read nor add to the cache of solved positions (see 'tictactoe-qt cache')",
    )


class InterruptibleRun:
    """``with InterruptibleRun() as run:`` ... ``run.should_stop`` ... ``run.interrupted``."""

    def __init__(self) -> None:
        self.interrupted = False
        self._previous: Any = None

    def should_stop(self) -> bool:
        return self.interrupted

    def _on_interrupt(self, signum: int, frame: FrameType | None) -> None:
        if self.interrupted:  # a second Ctrl+C: stop now
            raise KeyboardInterrupt
        self.interrupted = True

    def __enter__(self) -> InterruptibleRun:
        try:
            self._previous = signal.signal(signal.SIGINT, self._on_interrupt)
        except ValueError:  # not the main thread: Ctrl+C stays as it was
            self._previous = None
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, tb: TracebackType | None) -> None:
        if self._previous is not None:
            signal.signal(signal.SIGINT, self._previous)


def progress_printer(stream: TextIO | None = None) -> Progress | None:
    """A progress callback rewriting one line on ``stream`` (stderr), or ``None`` when it is
    not a terminal."""
    out = sys.stderr if stream is None else stream
    if not out.isatty():
        return None

    def show(progress: SearchProgress) -> None:
        out.write("\r\x1b[2K" + progress_text(progress))
        out.flush()

    return show


def end_progress_line(progress: Progress | None, stream: TextIO | None = None) -> None:
    """Clear the progress line before the answer is printed."""
    if progress is not None:
        out = sys.stderr if stream is None else stream
        out.write("\r\x1b[2K")
        out.flush()
