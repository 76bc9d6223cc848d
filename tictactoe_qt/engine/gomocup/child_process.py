"""Ending the programs we start: politely, then for sure, and with us if we die.

Engines and plugin hosts are closed explicitly (new game, end of a batch,
closing the window) with :func:`end_child`; :func:`die_with_parent` covers the
rest: our process killed, or crashing, while an engine runs.
"""

from __future__ import annotations

import subprocess
from collections.abc import Callable

import ctypes
import signal
import sys

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
    hosts), so none is ever left running or holding a pipe.
    """
    if process.poll() is None:
        try:
            ask_to_end(process)
            process.wait(grace)
        except (OSError, subprocess.TimeoutExpired):
            pass
    if process.poll() is None:
        process.kill()
        process.wait()
    for stream in (process.stdin, process.stdout, process.stderr):
        if stream is not None:
            stream.close()
