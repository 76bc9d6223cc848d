"""Ending the programs we start: politely, then for sure, and with us if we die.

Engines and plugin hosts are closed explicitly (new game, end of a batch,
closing the window) with :func:`end_child`; :func:`die_with_parent` covers the
rest: our process killed, or crashing, while an engine runs.
"""

from __future__ import annotations

import ctypes
import os
import signal
import subprocess
import sys
from collections.abc import Callable
from typing import IO

from .protocol import MAX_LINE

_PR_SET_PDEATHSIG = 1


def die_with_parent() -> None:
    """In a child before ``exec``: ask Linux to SIGKILL it when its parent dies.

    Does nothing elsewhere. (Linux ties this to the thread that started the
    child; we start engines from the thread that plays their games.)
    """
    if not sys.platform.startswith("linux"):
        return
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    except (OSError, AttributeError):
        pass


def end_child(process: subprocess.Popen[bytes],
              ask_to_end: Callable[[subprocess.Popen[bytes]], None], grace: float) -> None:
    """Ask ``process`` to end, give it ``grace`` seconds, then kill it; close its pipes.

    Used for every child that speaks to us over pipes (external engines, plugin
    hosts), so none is ever left running or holding a pipe. Children are
    started in a session of their own, so a kill reaches what they started too
    (a wrapper script's engine). The process is waited for: no zombie is left.
    """
    if process.poll() is None:
        try:
            ask_to_end(process)
            process.wait(grace)
        except (OSError, subprocess.TimeoutExpired):
            pass
    if process.poll() is None:
        signal_group(process, signal.SIGKILL)
        process.wait()
    for stream in (process.stdin, process.stdout, process.stderr):
        if stream is not None:
            stream.close()


def terminate_child(process: subprocess.Popen[bytes], grace: float) -> None:
    """End ``process`` now: SIGTERM, then SIGKILL after ``grace`` seconds; close its pipes.

    For a child too busy to read a polite request (an engine deep in a search).
    """
    end_child(process, lambda child: signal_group(child, signal.SIGTERM), grace)


def signal_group(process: subprocess.Popen[bytes], number: int) -> None:
    """Send signal ``number`` to ``process`` and its process group, while it runs.

    Only for children started with ``start_new_session=True`` (the group is
    theirs alone). A child not yet waited for still holds its pid, so the
    group named by it can be no one else's.
    """
    if process.returncode is not None:
        return
    try:
        if hasattr(os, "killpg") and os.getpgid(process.pid) == process.pid:
            os.killpg(process.pid, number)
            return
    except OSError:
        pass
    try:
        process.send_signal(number)
    except OSError:
        pass


def pump_lines(stream: IO[bytes] | None, put: Callable[[str | None], None]) -> None:
    """Hand each line of ``stream`` to ``put``, then ``None`` at its end.

    A line is cut to its first MAX_LINE bytes and the rest of it skipped, so an
    engine printing garbage without line breaks cannot fill our memory, and the
    tail of a long line is never taken for a line of its own.
    """
    try:
        while stream is not None and (raw := stream.readline(MAX_LINE)):
            put(raw.decode("utf-8", "replace").rstrip("\r\n"))
            rest = raw
            while len(rest) == MAX_LINE and not rest.endswith(b"\n"):
                rest = stream.readline(MAX_LINE)  # the rest of an over-long line
    except (OSError, ValueError):
        pass
    put(None)
