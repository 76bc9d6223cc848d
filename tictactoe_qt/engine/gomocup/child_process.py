"""Safety net for the programs we start: they die with the process that started them.

Engines are closed explicitly (new game, end of a batch, closing the window);
this covers the rest: our process killed, or crashing, while an engine runs.
"""

from __future__ import annotations

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
