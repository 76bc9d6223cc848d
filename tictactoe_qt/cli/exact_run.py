"""What ``search --exact`` and ``analyze --exact`` share: Ctrl+C and the progress line.

An exact search runs without a time limit. :class:`InterruptibleRun` turns the
first Ctrl+C into a stop request the search polls, so it ends cleanly with the
best answer so far (``exact: false``) and the command exits with status 130;
a second Ctrl+C interrupts at once. :func:`progress_printer` rewrites one
line on stderr when stderr is a terminal, so JSON on stdout stays clean.
"""

from __future__ import annotations

import math
import signal
import sys
from types import FrameType, TracebackType
from typing import Any, TextIO

from tictactoe_qt.engine.search.progress import Progress, SearchProgress

from .arguments import UsageError
from .formatting import cell_text, seconds_text

#: Exit status after Ctrl+C, as shells report it.
INTERRUPTED = 130
#: Exact solving is refused past this many empty cells: the proof could take ages.
EXACT_MAX_EMPTY = 64


def check_exact_size(empty_cells: int) -> None:
    """Refuse an exact solve of ``empty_cells`` empty cells when it could run for ages.

    Raises:
        UsageError: too many empty cells, with an estimate of the game tree's size.
    """
    if empty_cells <= EXACT_MAX_EMPTY:
        return
    exponent = int(math.lgamma(empty_cells + 1) / math.log(10))
    raise UsageError(
        f"--exact on {empty_cells} empty cells could search up to about 10^{exponent} lines "
        f"of play; exact solving takes at most {EXACT_MAX_EMPTY} empty cells: give --time instead"
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

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, tb: TracebackType | None
    ) -> None:
        if self._previous is not None:
            signal.signal(signal.SIGINT, self._previous)


def progress_text(progress: SearchProgress) -> str:
    """``depth 25  nodes 1,234,567  182,345/s  6.8 s  best b3``."""
    best = "none" if progress.best is None else cell_text(progress.best.row, progress.best.col)
    return (f"depth {progress.depth}  nodes {progress.nodes:,}  "
            f"{progress.nodes_per_second:,.0f}/s  {seconds_text(progress.elapsed_seconds)}  "
            f"best {best}")


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
