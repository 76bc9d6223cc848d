"""Stop signals for batch commands: the first one ends the batch with the games so far.

Shared by ``simulate`` and ``tournament``. Ctrl+C, a polite kill and a closed
terminal all mean "stop and report"; the exit status is 128 + the number of
the first signal. Worker processes get these signals too when they are sent
to the process group: they leave the stop to this process (SIGTERM in a
worker sets the batch's stop flag; see
:mod:`~tictactoe_qt.engine.processes`).
"""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType

from tictactoe_qt.engine.processes import GROUP_SIGNALS, act_as_worker

#: Exit status of a command stopped early without a signal of its own (its cluster went
#: away, a search was interrupted), as after Ctrl+C.
INTERRUPTED = 130
#: Signals that end a batch early with the games played so far: Ctrl+C, a
#: polite kill, a closed terminal.
STOP_SIGNALS = GROUP_SIGNALS


@contextmanager
def first_signal_stops(
    stopped_by: list[int], *, kept: str = "the games so far", on_stop: Callable[[], None] = lambda: None
) -> Iterator[None]:
    """The first stop signal ends the batch with the games played so far; a second one quits.

    The number of the first signal is appended to ``stopped_by`` and ``on_stop`` is
    called, from the signal handler (so it may only set a flag); the line on stderr
    says that ``kept`` will be reported. Worker
    processes ignore Ctrl+C and hang-ups (a terminal sends them to the whole
    group) and take SIGTERM as the same stop: the batch winds them down, so
    none is left behind.
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
        on_stop()
        again = "Ctrl+C again" if signum == signal.SIGINT else "a second signal"
        print(
            f"\nstopping on {signal.Signals(signum).name}: {kept} will be reported ({again} quits now)",
            file=sys.stderr,
            flush=True,
        )

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


def exit_status(stopped_by: list[int], failed: bool) -> int:
    """128 + the first stop signal's number; else 1 when the batch failed (a worker died); else 0."""
    if stopped_by:
        return 128 + stopped_by[0]
    return 1 if failed else 0
